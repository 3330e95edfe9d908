"""The positions of Mombasa's samples in docs/images (written by `python -m render.docs_images`):
mid-game, a planning step and a 3-seat game's end."""

from __future__ import annotations

from typing import Any

from engine.mombasa.viewer import build
from render.mombasa.samples import final_game, mid_game, planning_game


def positions() -> dict[str, Any]:
    shots = {"mid": mid_game(), "planning": planning_game(), "end": final_game(seats=3)}
    return {name: build(st, None) for name, st in shots.items()}
