"""Timing of board drawing + encoding, shared by the titles' `render.<title>.bench` scripts."""

from __future__ import annotations

import time
from typing import Any

from render.core import encode


def time_boards(renderer: Any, views: list[Any]) -> tuple[list[float], list[float], list[int]]:
    """Draw and encode the board of every view once, after one warm-up draw of the first (the
    static-layer, font and label caches, as a running bot would have them): per board the draw
    time and the draw + encode time in ms, and the PNG size in bytes."""
    renderer.board(views[0])
    draw_ms, total_ms, sizes = [], [], []
    for v in views:
        t0 = time.perf_counter()
        image = renderer.board(v)
        t1 = time.perf_counter()
        data = encode(image).data
        t2 = time.perf_counter()
        draw_ms.append((t1 - t0) * 1000)
        total_ms.append((t2 - t0) * 1000)
        sizes.append(len(data))
    return draw_ms, total_ms, sizes
