"""Board images of the real titles: draw + encode time, PNG size, the view cache, worker memory.

    .venv/bin/python -m bench.render_speed [--boards 20] [--seats 4] [--seed 3]

For each title, `--boards` public views spread over one bot-played game are drawn and encoded
as the bot does (fixed palette, no quantisation), after one warm-up board (the static layers,
as in a running bot). In the same run, the same views are drawn the way the boards used to be
made (RGB drawing, then an adaptive palette per image: render/canvas.py's reference mode plus
the quantisation `encode` did) so the ratio can be read off one machine state.

Seat 0's own pictures are timed the same way: its area of the board, and its hand where the
title has hands (a DM's picture).

Then one render worker (bot.catalog's pool, spawned as the bot spawns it) draws every view of
every title, and its RSS is read from /proc, with this process's; the view cache is checked by
asking for the same board twice.

Targets (issue 7): draw + encode median <= 60 ms, <= 400 KB, worker small enough that the bot
and its workers stay <= 200 MiB together.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import statistics
import time
from pathlib import Path

from PIL import Image

from bot import catalog
from engine.rng import Rng
from render import canvas
from render.core import encode

TITLES = ("tidewater", "benares", "mombasa")


def game_states(slug: str, seats: int, seed: int, boards: int) -> list[bytes]:
    """`boards` states (encoded) spread evenly over a bot-played game (the last one: game
    over)."""
    title = catalog.title(slug)
    assert title is not None, slug
    state = title.setup(seed, seats, {o.name: o.default for o in title.options})
    rng = Rng.from_seed(seed)
    states = [title.encode(state)]
    while prompts := title.prompts(state):
        seat = prompts[0].seat
        title.apply(state, seat, title.bot_choice(state, seat, rng))
        states.append(title.encode(state))
    step = max(1, len(states) // boards)
    return states[::step][: boards - 1] + [states[-1]]


def public_views(slug: str, states: list[bytes]) -> list[object]:
    title = catalog.title(slug)
    assert title is not None, slug
    return [title.view(title.decode(s), None) for s in states]


def seat_views(slug: str, seats: int, seed: int, n: int) -> list[object]:
    """`n` views of seat 0 (its own hand in them) spread over the same bot-played game."""
    title = catalog.title(slug)
    assert title is not None, slug
    state = title.setup(seed, seats, {o.name: o.default for o in title.options})
    rng = Rng.from_seed(seed)
    views = [title.view(state, 0)]
    while prompts := title.prompts(state):
        seat = prompts[0].seat
        title.apply(state, seat, title.bot_choice(state, seat, rng))
        views.append(title.view(state, 0))
    return views[:: max(1, len(views) // n)][:n]


def time_private(slug: str, public: list[object], own: list[object]) -> dict[str, list[float]]:
    """Draw + encode ms of seat 0's area of the board and of its hand (where the title has
    them), after one warm-up of each."""
    renderer = catalog.renderer(slug)
    assert renderer is not None
    out: dict[str, list[float]] = {"area": [], "hand": []}
    for kind, views, draw in (
        ("area", public, lambda v: renderer.board(v, area=0)),
        ("hand", own, lambda v: renderer.hand(v, 0)),
    ):
        if draw(views[0]) is None:
            continue  # the title has no hands
        for view in views:
            t0 = time.perf_counter()
            image = draw(view)
            if image is not None:
                encode(image)
                out[kind].append((time.perf_counter() - t0) * 1000)
    return out


def old_encode(image: Image.Image) -> bytes:
    """What render.core.encode did before the fixed palettes: quantise every board."""
    buf = io.BytesIO()
    q = image.convert("RGB").quantize(
        colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    q.save(buf, format="PNG", compress_level=3)
    return buf.getvalue()


def time_boards(slug: str, views: list[object]) -> dict[str, list[float]]:
    renderer = catalog.renderer(slug)
    assert renderer is not None
    out: dict[str, list[float]] = {k: [] for k in ("draw", "encode", "total", "kb")}
    out.update({k: [] for k in ("old_draw", "old_total", "old_kb")})
    renderer.board(views[0])  # warm: static layers, as in a running bot
    with canvas.reference():
        renderer.board(views[0])
    for view in views:
        t0 = time.perf_counter()
        image = renderer.board(view)
        t1 = time.perf_counter()
        data = encode(image).data
        t2 = time.perf_counter()
        out["draw"].append((t1 - t0) * 1000)
        out["encode"].append((t2 - t1) * 1000)
        out["total"].append((t2 - t0) * 1000)
        out["kb"].append(len(data) / 1000)
        with canvas.reference():
            t0 = time.perf_counter()
            image = renderer.board(view)
            t1 = time.perf_counter()
            data = old_encode(image)
            t2 = time.perf_counter()
        out["old_draw"].append((t1 - t0) * 1000)
        out["old_total"].append((t2 - t0) * 1000)
        out["old_kb"].append(len(data) / 1000)
    return out


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def in_worker(states: dict[str, list[bytes]], areas: bool) -> tuple[int, int]:
    catalog.start_render_pool(1)
    try:
        for slug, ss in states.items():
            for s in ss:
                await catalog.draw_board_async(slug, s)
            if areas:
                for s in ss[:3]:
                    await catalog.draw_board_async(slug, s, 0)
        pids = catalog.worker_pids()
        return (rss_kib(pids[0]) if pids else 0), rss_kib(os.getpid())
    finally:
        catalog.stop_render_pool()


async def cache_check(slug: str, state: bytes) -> tuple[float, float]:
    catalog.images.clear()
    catalog.drawn.clear()
    t0 = time.perf_counter()
    first = await catalog.draw_board_async(slug, state)
    t1 = time.perf_counter()
    again = await catalog.draw_board_async(slug, state)
    t2 = time.perf_counter()
    assert again is first
    return (t1 - t0) * 1000, (t2 - t1) * 1000


def med(xs: list[float]) -> float:
    return statistics.median(xs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", type=int, default=20)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args()
    report: dict = {}
    catalog.load()
    states = {s: game_states(s, args.seats, args.seed, args.boards) for s in TITLES}
    views = {s: public_views(s, ss) for s, ss in states.items()}
    print(f"{args.boards} boards per title, {args.seats} seats, seed {args.seed} (ms, KB)")
    print(
        f"{'title':10s} {'draw':>6s} {'encode':>6s} {'total':>6s} {'max':>6s} {'size':>6s} "
        f"{'max':>6s} | before: {'draw':>6s} {'total':>6s} {'size':>6s}  speed-up"
    )
    for slug, vs in views.items():
        r = time_boards(slug, vs)
        print(
            f"{slug:10s} {med(r['draw']):6.1f} {med(r['encode']):6.1f} {med(r['total']):6.1f} "
            f"{max(r['total']):6.1f} {med(r['kb']):6.0f} {max(r['kb']):6.0f} | "
            f"        {med(r['old_draw']):6.1f} {med(r['old_total']):6.1f} "
            f"{med(r['old_kb']):6.0f}  {med(r['old_total']) / med(r['total']):6.1f}x"
        )
        report[slug] = {
            "total_ms_median": med(r["total"]),
            "total_ms_max": max(r["total"]),
            "kb_median": med(r["kb"]),
            "kb_max": max(r["kb"]),
        }
    for slug, vs in views.items():
        own = seat_views(slug, args.seats, args.seed, args.boards)
        r = time_private(slug, vs, own)
        parts = [f"{k} median {med(v):.1f} ms (n={len(v)})" for k, v in r.items() if v]
        print(f"{slug}: seat 0's " + ", ".join(parts))
        report[slug].update({f"{k}_ms_median": med(v) for k, v in r.items() if v})
    for slug, ss in states.items():
        first, again = asyncio.run(cache_check(slug, ss[len(ss) // 2]))
        print(f"{slug}: same state twice: {first:.1f} ms, then {again:.3f} ms (cached)")
    catalog.images.clear()
    worker, me = asyncio.run(in_worker(states, areas=True))
    print(
        f"render worker RSS after {args.boards} boards of each title (+3 areas each): "
        f"{worker / 1024:.1f} MiB; this process {me / 1024:.1f} MiB"
    )
    report["worker_rss_mib"] = worker / 1024
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
