"""Times Mombasa board (or turn image) drawing + encoding over whole bot-played games.

python -m render.mombasa.bench [--turn] [seats] [games] [every]

Every `every`-th position (and the final one) of `games` seeded games; targets: the board's
draw + encode median <= 100 ms and every PNG <= 500 KB; the turn image's (`--turn`, issue 32)
median <= 25 ms.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from PIL import Image

from engine.mombasa import TITLE
from render.bench_timing import time_boards
from render.core import encode
from render.mombasa import RENDERER
from render.mombasa.samples import positions


class _Turn:
    """The renderer with its turn image in the place of the board, for `time_boards`."""

    def board(self, view: Any, area: int | None = None) -> Image.Image:
        return RENDERER.turn(view)


def main(argv: list[str]) -> None:
    turn = "--turn" in argv
    argv = [a for a in argv if a != "--turn"]
    seats = int(argv[0]) if argv else 4
    games = int(argv[1]) if len(argv) > 1 else 5
    every = int(argv[2]) if len(argv) > 2 else 10
    views = [
        TITLE.view(st, None) for seed in range(1, games + 1) for st in positions(seed, seats, every)
    ]
    draw_ms, total_ms, sizes = time_boards(_Turn() if turn else RENDERER, views)
    what, target, size_target = ("turn images", 25, 195) if turn else ("boards", 100, 488)
    cpu_ms = _cpu_times(_Turn() if turn else RENDERER, views)
    print(
        f"{seats} seats, {games} games, {len(views)} {what}: draw median "
        f"{statistics.median(draw_ms):.0f} ms, draw+encode median {statistics.median(total_ms):.0f} ms "
        f"(max {max(total_ms):.0f} ms; target median <= {target}), size median "
        f"{statistics.median(sizes) // 1024} KiB (max {max(sizes) // 1024} KiB; target <= "
        f"{size_target} KiB); CPU time draw+encode median {statistics.median(cpu_ms):.0f} ms "
        f"(max {max(cpu_ms):.0f} ms: what it costs a core of its own, whatever the machine's load)"
    )


def _cpu_times(renderer: Any, views: list[Any]) -> list[float]:
    """The process CPU time (ms) of drawing and encoding each view once more: on a shared,
    loaded machine the wall times above grow with the load, this does not."""
    out = []
    for v in views:
        t = time.process_time()
        encode(renderer.board(v))
        out.append((time.process_time() - t) * 1000)
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
