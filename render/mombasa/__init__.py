"""Mombasa renderer: the map, company bases and tracks, displays and player boards.

Draws from `MombasaView` (engine/mombasa/viewer.py) only, so a public image can never show a hand,
an unrevealed plan or the deck order.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.mombasa.viewer import MombasaView
from render.mombasa import style as st
from render.mombasa.board import draw_area, draw_board
from render.mombasa.private import draw_private
from render.mombasa.turn import draw_turn


class MombasaRenderer:
    slug = "mombasa"
    #: (ink, ground) pairs of its text, for the high-contrast palette (render/contrast.py)
    text_on = st.TEXT_ON
    told_apart = st.TOLD_APART

    def board(self, view: Any, area: int | None = None) -> Image.Image:
        _check(view)
        if area is not None:
            return draw_area(view, area)
        return draw_board(view)

    def turn(self, view: Any) -> Image.Image:
        """The turn post's image (issue 32): map, who decides, standings, the last move."""
        _check(view)
        return draw_turn(view)

    def hand(self, view: Any, seat: int) -> Image.Image | None:
        """The seat's hand, plan and starting tiles, from that seat's own view (None otherwise)."""
        _check(view)
        if view.me is None or view.me.seat != seat:
            return None
        return draw_private(view, seat)


def _check(view: Any) -> None:
    if not isinstance(view, MombasaView):
        raise TypeError(f"the Mombasa renderer draws a MombasaView, not {type(view).__name__}")


RENDERER = MombasaRenderer()
