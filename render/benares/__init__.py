"""Benares & Calcutta renderer: the river map, markets, Investment grid and company boards
(the tall board), the turn post's 1200x900 image (turn.py) and a seat's hand (cards.py).

Draws from `BenaresView` (engine/benares/view.py) only, so a spectator image can never show a
hidden hand.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.benares.view import BenaresView
from render.benares import style as st
from render.benares.board import draw_area, draw_board, map_bottom
from render.benares.cards import draw_hand
from render.benares.turn import draw_turn


class BenaresRenderer:
    slug = "benares"
    #: (ink, ground) pairs of its text, for the high-contrast palette (render/contrast.py)
    text_on = st.TEXT_ON
    told_apart = st.TOLD_APART

    def board(self, view: Any, area: int | None = None) -> Image.Image:
        _check(view)
        if area is not None:
            return draw_area(view, area)
        return draw_board(view)

    def timelapse_bands(self, view: Any, size: tuple[int, int]) -> list[tuple[int, int]]:
        """What a timelapse frame shows (render/timelapse.py): the header, the turn order and
        the river map (about a phone screen)."""
        _check(view)
        return [(0, map_bottom(view))]

    def turn(self, view: Any) -> Image.Image:
        """The turn post's image (render/benares/turn.py): map, who acts, what changed, scores."""
        _check(view)
        return draw_turn(view)

    def hand(self, view: Any, seat: int) -> Image.Image | None:
        """The seat's cards, from that seat's own view (None when the view holds no faces)."""
        _check(view)
        co = next((c for c in view.companies if c.seat == seat), None)
        if co is None or co.hand is None:
            return None
        return draw_hand(view, co)


def _check(view: Any) -> None:
    if not isinstance(view, BenaresView):
        raise TypeError(f"the Benares renderer draws a BenaresView, not {type(view).__name__}")


RENDERER = BenaresRenderer()
