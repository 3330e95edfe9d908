"""The positions of Benares & Calcutta's samples in docs/images (written by
`python -m render.docs_images`): from bot-played games of 4, 2 and 3 seats."""

from __future__ import annotations

from typing import Any

from render.benares.samples import game, total_steps


def positions() -> dict[str, Any]:
    seed = 3
    return {
        "mid-4p": game(seed, 4, total_steps(seed, 4) * 2 // 3).view(),
        "invest-2p": game(7, 2, 60).view(),
        "end-3p": game(seed, 3).view(),
    }
