"""Timelapses of whole games of the real titles, played by automatic players: built as the bot
builds them (bot.timelapse.build: replay, frame choice, drawing and assembly in the render
worker pool, spawned as the bot spawns it), with the floor of the same run: one board drawn
in the same pool.

    .venv/bin/python -m bench.timelapse_speed [--seats 2,4] [--seed 3] [--workers 1,2]

Per title and seat count: moves, frames (and the level kept whole), GIF size and frame size;
wall time of the build, and of one board; the CPU of this process (the bot's side: reading
the results) and of the workers; the longest the event loop was kept from running during
the build (a 10 ms ticker; the same ticker idle, for this machine's noise). Target (issue 10): a whole Tidewater game in <= 10 s off the event
loop, <= 8 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from pathlib import Path

from bench.proc import cpu_seconds, rss_kb
from bot import catalog
from bot import timelapse as bt
from engine.rng import Rng
from render import timelapse as tl

TITLES = ("tidewater", "benares", "mombasa")


def bot_game(slug: str, seats: int, seed: int) -> tuple[bt.Spec, bytes]:
    """A whole game played by automatic players: its log, and its final state (encoded)."""
    title = catalog.title(slug)
    assert title is not None, slug
    options = {o.name: o.default for o in title.options}
    state = title.setup(seed, seats, options)
    rng = Rng.from_seed(seed)
    moves: list[tuple[int, str]] = []
    while prompts := title.prompts(state):
        seat = prompts[0].seat
        move = title.bot_choice(state, seat, rng)
        title.apply(state, seat, move)
        moves.append((seat, move))
    return bt.Spec(slug, seed, seats, options, moves), title.encode(state)


class LoopWatch:
    """The longest the event loop was late for a 10 ms tick."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + 0.01
            await asyncio.sleep(0.01)
            self.worst = max(self.worst, loop.time() - due)

    def __enter__(self) -> LoopWatch:
        self._task = asyncio.get_running_loop().create_task(self._tick())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()


def workers_cpu() -> float:
    return sum(cpu_seconds(p) for p in catalog.worker_pids())


async def warm(workers: int, slug: str, spec: bt.Spec) -> None:
    """Every worker draws this title at this seat count once (its static layers), as the
    workers of a running bot have long done by the time a game ends."""
    title = catalog.title(slug)
    assert title is not None
    states = []
    state = title.setup(spec.seed, spec.seats, dict(spec.options))
    for seat, move in spec.moves[: 2 * workers]:
        title.apply(state, seat, move)
        states.append(title.encode(state))
    await asyncio.gather(*(catalog.draw_board_async(slug, s) for s in states))


async def one(slug: str, seats: int, seed: int, workers: int) -> dict:
    spec, last = bot_game(slug, seats, seed)
    await warm(workers, slug, spec)
    catalog.images.clear()
    t0 = time.perf_counter()
    await catalog.draw_board_async(slug, last)  # the floor: one board, in the same pool
    board_s = time.perf_counter() - t0
    me0, w0 = cpu_seconds(os.getpid()), workers_cpu()
    with LoopWatch() as watch:
        built = await bt.build(spec)
    me1, w1 = cpu_seconds(os.getpid()), workers_cpu()
    a = built.animation
    return {
        "title": slug,
        "seats": seats,
        "moves": built.moves,
        "frames": a.frames,
        "kept": tl.LEVEL_NAMES[built.kept],
        "size": f"{a.width}x{a.height}",
        "mb": len(a.data) / 1e6,
        "bot_rss_mib": rss_kb(os.getpid()) / 1024,
        "build_s": built.seconds,
        "board_s": board_s,
        "bot_cpu_s": me1 - me0,
        "workers_cpu_s": w1 - w0,
        "loop_lag_ms": watch.worst * 1000,
    }


async def run(workers: int, seats: list[int], seed: int) -> list[dict]:
    catalog.start_render_pool(workers)
    try:
        with LoopWatch() as idle:  # the same ticker with nothing to do: this machine's noise
            await asyncio.sleep(3.0)
        rows = [await one(slug, n, seed, workers) for slug in TITLES for n in seats]
        for row in rows:
            row["idle_lag_ms"] = idle.worst * 1000
        rss = [rss_kb(p) for p in catalog.worker_pids()]
        for row in rows:
            row["worker_rss_mib"] = max(rss, default=0) / 1024
        return rows
    finally:
        catalog.stop_render_pool()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", default="2,4")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--workers", default="1,2", help="render pool sizes to run, in turn")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args()
    catalog.load()
    seats = [int(x) for x in args.seats.split(",")]
    report: dict[str, list[dict]] = {}
    head = (
        f"{'title':10s} {'seats':>5s} {'moves':>5s} {'frames':>6s} {'kept':18s} {'size':>8s} "
        f"{'MB':>5s} {'build s':>7s} {'board ms':>8s} {'ratio':>6s} {'bot cpu':>7s} "
        f"{'wrk cpu':>7s} {'lag ms':>6s}"
    )
    for workers in [int(x) for x in args.workers.split(",")]:
        rows = asyncio.run(run(workers, seats, args.seed))
        report[str(workers)] = rows
        print(f"\n{workers} render worker(s), seed {args.seed}")
        print(head)
        for r in rows:
            print(
                f"{r['title']:10s} {r['seats']:5d} {r['moves']:5d} {r['frames']:6d} "
                f"{r['kept']:18s} {r['size']:>8s} {r['mb']:5.2f} {r['build_s']:7.2f} "
                f"{r['board_s'] * 1000:8.0f} {r['build_s'] / r['board_s']:6.0f} "
                f"{r['bot_cpu_s']:7.2f} {r['workers_cpu_s']:7.2f} {r['loop_lag_ms']:6.1f}"
            )
        print(f"loop lag with nothing to do (3 s): {rows[0]['idle_lag_ms']:.1f} ms")
        print(
            f"RSS after these builds: worker {rows[-1]['worker_rss_mib']:.1f} MiB, "
            f"this process (the bot's side) {rows[-1]['bot_rss_mib']:.1f} MiB"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
