"""Per title: a full bot-seat game, replaying its log, and drawing + encoding the board.

    python -m bench.engine_speed [--titles tidewater,benares] [--seeds 10] [--seats 4]

Targets (issues 3 and 4): a full 4-seat game < 0.5 s; replaying its log < 50 ms; board image
drawn and encoded < 150 ms median and < 2 MB.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot import catalog
from engine.core import Title
from engine.rng import Rng
from render.core import encode


def play(title: Title, seed: int, seats: int) -> tuple[list[tuple[int, str]], float, object]:
    """Play one game with automatic players; return its log, the seconds it took, the state."""
    t0 = time.perf_counter()
    state = title.setup(seed, seats, {o.name: o.default for o in title.options})
    rng = Rng.from_seed(seed ^ 0xB07)
    log: list[tuple[int, str]] = []
    while title.result(state) is None:
        prompt = title.prompts(state)[0]
        choice = title.bot_choice(state, prompt.seat, rng)
        title.apply(state, prompt.seat, choice)
        log.append((prompt.seat, choice))
    return log, time.perf_counter() - t0, state


def replay(title: Title, seed: int, seats: int, log: list[tuple[int, str]]) -> float:
    t0 = time.perf_counter()
    state = title.setup(seed, seats, {o.name: o.default for o in title.options})
    for seat, choice in log:
        title.apply(state, seat, choice)
    return time.perf_counter() - t0


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p * (len(ordered) - 1))))]


def bench_title(slug: str, seeds: int, seats: int, renders: int) -> None:
    title = catalog.title(slug)
    renderer = catalog.renderer(slug)
    assert title is not None, slug
    games, replays, lengths = [], [], []
    sample_states = []
    for seed in range(1, seeds + 1):
        log, secs, _ = play(title, seed, seats)
        games.append(secs)
        lengths.append(len(log))
        replays.append(replay(title, seed, seats, log))
    # states spread over one game, for drawing
    state = title.setup(1, seats, {o.name: o.default for o in title.options})
    rng = Rng.from_seed(99)
    step = 0
    while title.result(state) is None:
        prompt = title.prompts(state)[0]
        title.apply(state, prompt.seat, title.bot_choice(state, prompt.seat, rng))
        step += 1
        if step % 25 == 0:
            sample_states.append(title.copy(state))
    sample_states.append(state)
    draw_ms, sizes = [], []
    if renderer is not None:
        renderer.board(title.view(sample_states[0], None))  # warm the static-layer cache
        for st in (sample_states * (renders // len(sample_states) + 1))[:renders]:
            t0 = time.perf_counter()
            img = encode(renderer.board(title.view(st, None)))
            draw_ms.append((time.perf_counter() - t0) * 1000)
            sizes.append(len(img.data))
    print(f"\n{title.name} ({seats} seats, {seeds} seeds)")
    print(
        f"  full bot game : median {statistics.median(games) * 1000:7.1f} ms, "
        f"max {max(games) * 1000:7.1f} ms   (actions: median {statistics.median(lengths):.0f})"
    )
    print(
        f"  replay of log : median {statistics.median(replays) * 1000:7.1f} ms, "
        f"max {max(replays) * 1000:7.1f} ms"
    )
    if draw_ms:
        print(
            f"  board image   : median {statistics.median(draw_ms):7.1f} ms, "
            f"p95 {pct(draw_ms, 0.95):7.1f} ms, size median {statistics.median(sizes) / 1024:.0f} KiB,"
            f" max {max(sizes) / 1024:.0f} KiB"
        )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--titles", default="")
    p.add_argument("--seeds", type=int, default=10)
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--renders", type=int, default=30)
    args = p.parse_args()
    catalog.load()
    slugs = [s for s in args.titles.split(",") if s] or [t.slug for t in catalog.offered()]
    for slug in slugs:
        bench_title(slug, args.seeds, args.seats, args.renders)


if __name__ == "__main__":
    main()
