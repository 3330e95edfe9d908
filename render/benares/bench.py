"""Times board drawing + encoding over the states of a bot-played game.

python -m render.benares.bench [seats] [seed]
"""

from __future__ import annotations

import statistics
import sys

from engine.benares import TITLE
from engine.rng import Rng
from render.benares import RENDERER
from render.bench_timing import time_boards


def main(argv: list[str]) -> None:
    seats = int(argv[0]) if argv else 4
    seed = int(argv[1]) if len(argv) > 1 else 11
    state = TITLE.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    views = []
    n = 0
    while prompts := TITLE.prompts(state):
        seat = prompts[0].seat
        TITLE.apply(state, seat, TITLE.bot_choice(state, seat, rng))
        n += 1
        if n % 8 == 0:
            views.append(TITLE.view(state, None))
    views.append(TITLE.view(state, None))
    draw_ms, total_ms, sizes = time_boards(RENDERER, views)
    print(
        f"{seats} seats, {len(views)} boards: draw median {statistics.median(draw_ms):.0f} ms, "
        f"draw+encode median {statistics.median(total_ms):.0f} ms (max {max(total_ms):.0f} ms), "
        f"size median {statistics.median(sizes) // 1024} KiB (max {max(sizes) // 1024} KiB)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
