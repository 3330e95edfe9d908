"""The positions of Tidewater's samples in docs/images (written by `python -m render.docs_images`):
a mid-game turn (4 seats), a dividend decision (3 seats) and the end of a game (4 seats)."""

from __future__ import annotations

from typing import Any

from render.tidewater.samples import end_view, mid_view, play_until


def positions() -> dict[str, Any]:
    return {
        "mid": mid_view(4),
        "payout": play_until(4, 3, lambda v, n: v.phase == "payout_prompt"),
        "end": end_view(4),
    }
