"""Times Mombasa board drawing + encoding over whole bot-played games.

python -m render.mombasa.bench [seats] [games] [every]

Every `every`-th position (and the final one) of `games` seeded games; targets: draw + encode
median <= 100 ms, every PNG <= 500 KB.
"""

from __future__ import annotations

import statistics
import sys

from engine.mombasa import TITLE
from render.bench_timing import time_boards
from render.mombasa import RENDERER
from render.mombasa.samples import positions


def main(argv: list[str]) -> None:
    seats = int(argv[0]) if argv else 4
    games = int(argv[1]) if len(argv) > 1 else 5
    every = int(argv[2]) if len(argv) > 2 else 10
    views = [
        TITLE.view(st, None) for seed in range(1, games + 1) for st in positions(seed, seats, every)
    ]
    draw_ms, total_ms, sizes = time_boards(RENDERER, views)
    print(
        f"{seats} seats, {games} games, {len(views)} boards: draw median "
        f"{statistics.median(draw_ms):.0f} ms, draw+encode median {statistics.median(total_ms):.0f} ms "
        f"(max {max(total_ms):.0f} ms; target median <= 100), size median "
        f"{statistics.median(sizes) // 1024} KiB (max {max(sizes) // 1024} KiB; target <= 488 KiB)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
