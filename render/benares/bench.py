"""Times board drawing + encoding over the states of a bot-played game.

python -m render.benares.bench [seats] [seed]          the tall board, every 8th decision
python -m render.benares.bench --turn [seats] [seed]   the turn image, every decision
"""

from __future__ import annotations

import statistics
import sys
from types import SimpleNamespace

from engine.benares import TITLE
from engine.rng import Rng
from render.benares import RENDERER
from render.bench_timing import time_boards


def views(seats: int, seed: int, every: int) -> list:
    """The spectator view after every `every`-th decision of a bot-played game, and its end."""
    state = TITLE.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    out = []
    n = 0
    while prompts := TITLE.prompts(state):
        seat = prompts[0].seat
        TITLE.apply(state, seat, TITLE.bot_choice(state, seat, rng))
        n += 1
        if n % every == 0:
            out.append(TITLE.view(state, None))
    out.append(TITLE.view(state, None))
    return out


def main(argv: list[str]) -> None:
    turn = "--turn" in argv
    args = [a for a in argv if a != "--turn"]
    seats = int(args[0]) if args else 4
    seed = int(args[1]) if len(args) > 1 else 11
    found = views(seats, seed, 1 if turn else 8)
    renderer = SimpleNamespace(board=RENDERER.turn) if turn else RENDERER
    draw_ms, total_ms, sizes = time_boards(renderer, found)
    what = "turn images" if turn else "boards"
    print(
        f"{seats} seats, {len(found)} {what}: draw median {statistics.median(draw_ms):.0f} ms, "
        f"draw+encode median {statistics.median(total_ms):.1f} ms (max {max(total_ms):.0f} ms), "
        f"size median {statistics.median(sizes) // 1024} KiB (max {max(sizes) // 1024} KiB)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
