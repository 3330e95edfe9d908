"""Sample board images from real (bot-played) games.

    python -m render.tidewater.samples docs/images
    python -m render.tidewater.samples --bench      # time draw+encode over a whole game
    python -m render.tidewater.samples --bench --turn   # the turn image over whole games

writes tidewater-start.png (3 seats, setup), tidewater-mid.png (4 seats, round 2),
tidewater-end.png (4 seats, final scores) and tidewater-player.png (one seat's area), each with a
400 px wide preview (tidewater-mid-phone.png ...), the size a phone shows it at.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.rng import Rng
from render.core import encode


def play_until(
    seed: int,
    seats: int,
    stop: Callable[[Any, int], bool],
    max_actions: int = 5000,
    options: dict[str, str] | None = None,
) -> Any:
    """Bot-play a game from setup until `stop(view, actions)` holds or the game ends; return the
    public view at that point (the renderer only ever sees views)."""
    from engine.tidewater import TITLE

    state = TITLE.setup(seed, seats, options or {})
    bot = Rng.from_seed(seed * 7919 + 1)
    for n in range(max_actions):
        view = TITLE.view(state, None)
        if stop(view, n):
            return view
        prompts = TITLE.prompts(state)
        if not prompts:
            return view
        seat = prompts[0].seat
        TITLE.apply(state, seat, TITLE.bot_choice(state, seat, bot))
    return TITLE.view(state, None)


def start_view(seats: int, seed: int = 3) -> Any:
    return play_until(seed, seats, lambda v, n: True)


def _cargo(view: Any) -> int:
    return sum(1 for ship in view.ships for slot in ship.slots if slot.container)


def mid_view(seats: int = 4, seed: int = 7) -> Any:
    """Round 2 or later, halfway done, cargo aboard, a new turn just after other seats sailed
    and delivered (the banner lists it); falls back to any round-2 turn if the bots never
    produce such a moment."""
    view = play_until(
        seed,
        seats,
        lambda v, n: (
            v.round >= 2
            and v.halfway_done
            and v.phase == "turn_window"
            and _cargo(v) >= 2
            and v.actions_this_turn == 0
            and v.last.seat != v.active_seat
            and any(m.action == "deliver" for m in v.recent[-6:])
        ),
    )
    if view.phase != "game_over":
        return view
    return play_until(
        seed,
        seats,
        lambda v, n: v.round >= 2 and v.phase == "turn_window" and bool(v.last.touched),
    )


def end_view(seats: int = 4, seed: int = 5) -> Any:
    return play_until(seed, seats, lambda v, n: v.phase == "game_over")


def bench(seats: int = 4, seed: int = 5, every: int = 10) -> None:
    """Median/max draw+encode time and size over views sampled from a whole bot game."""
    from engine.tidewater import TITLE
    from render.tidewater import RENDERER

    state = TITLE.setup(seed, seats, {})
    bot = Rng.from_seed(seed)
    views = []
    n = 0
    while TITLE.prompts(state):
        if n % every == 0:
            views.append(TITLE.view(state, None))
        seat = TITLE.prompts(state)[0].seat
        TITLE.apply(state, seat, TITLE.bot_choice(state, seat, bot))
        n += 1
    views.append(TITLE.view(state, None))
    RENDERER.board(views[0])  # build the cached static layer once
    times, sizes = [], []
    for view in views:
        t = time.perf_counter()
        data = encode(RENDERER.board(view)).data
        times.append((time.perf_counter() - t) * 1000)
        sizes.append(len(data))
    times.sort()
    print(
        f"{len(views)} views of a {n}-action game: draw+encode median {times[len(times) // 2]:.0f} ms, "
        f"max {times[-1]:.0f} ms; PNG median {sorted(sizes)[len(sizes) // 2] / 1024:.0f} KiB, "
        f"max {max(sizes) / 1024:.0f} KiB"
    )


def game_views(seed: int, seats: int, every: int = 1) -> list[Any]:
    """The public view after every `every`-th action of a whole bot-played game (and the end)."""
    from engine.tidewater import TITLE

    state = TITLE.setup(seed, seats, {})
    bot = Rng.from_seed(seed)
    views = []
    n = 0
    while prompts := TITLE.prompts(state):
        if n % every == 0:
            views.append(TITLE.view(state, None))
        seat = prompts[0].seat
        TITLE.apply(state, seat, TITLE.bot_choice(state, seat, bot))
        n += 1
    views.append(TITLE.view(state, None))
    return views


def bench_turn(
    games: tuple[tuple[int, int], ...] = ((5, 4), (4, 3), (6, 2)), every: int = 2
) -> None:
    """Median/max draw+encode time and PNG size of the turn image over whole bot games (seed,
    seats), after one warm-up draw (the cached static layer, fonts, sprites: as a running bot
    has them). Wall time and this process's CPU time: on a loaded machine the CPU time is the
    figure to compare with the target."""
    from render.tidewater import RENDERER

    wall, cpu, sizes = [], [], []
    for seed, seats in games:
        views = game_views(seed, seats, every)
        RENDERER.turn(views[0])
        for view in views:
            t, c = time.perf_counter(), time.process_time()
            data = encode(RENDERER.turn(view)).data
            wall.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
            sizes.append(len(data))

    def stats(xs: list[float]) -> str:
        xs = sorted(xs)
        return f"median {xs[len(xs) // 2]:.1f} ms, max {xs[-1]:.1f} ms"

    sizes.sort()
    print(
        f"turn image, {len(wall)} views of {len(games)} games, draw+encode: wall {stats(wall)};"
        f" CPU {stats(cpu)}; PNG median {sizes[len(sizes) // 2] / 1024:.0f} KiB, "
        f"max {sizes[-1] / 1024:.0f} KiB"
    )


def main(argv: list[str]) -> int:
    from render.mombasa.samples import phone
    from render.tidewater import RENDERER

    if argv and argv[0] == "--bench":
        if "--turn" in argv:
            bench_turn()
        else:
            bench()
        return 0

    out = Path(argv[0] if argv else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    mid = mid_view()
    jobs = {
        "tidewater-start": (start_view(3), None),
        "tidewater-mid": (mid, None),
        "tidewater-end": (end_view(), None),
        "tidewater-player": (mid, mid.active_seat if mid.active_seat is not None else 0),
    }
    for stem, (view, area) in jobs.items():
        t = time.perf_counter()
        img = RENDERER.board(view, area)
        data = encode(img, stem).data
        ms = (time.perf_counter() - t) * 1000
        (out / f"{stem}.png").write_bytes(data)
        small = phone(img)
        small.save(out / f"{stem}-phone.png", optimize=True)
        print(
            f"{stem}.png  {img.size[0]}x{img.size[1]}  {len(data) / 1024:.0f} KiB  {ms:.0f} ms;"
            f" phone {small.width}x{small.height}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
