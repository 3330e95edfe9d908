"""Tidewater Lines board images: views in, Pillow images out (see render/core.py).

Only `TidewaterView` objects are accepted (what `Title.view` returns), never a game state, so a
public image can show nothing that the view does not reveal.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.tidewater.view import TidewaterView
from render.tidewater import style as st
from render.tidewater.area import draw_area
from render.tidewater.board import draw_board
from render.tidewater.turn import draw_turn


class TidewaterRenderer:
    slug = "tidewater"
    #: (ink, ground) pairs of its text, for the high-contrast palette (render/contrast.py)
    text_on = st.TEXT_ON
    told_apart = st.TOLD_APART

    @staticmethod
    def _check(view: Any) -> TidewaterView:
        if not isinstance(view, TidewaterView):
            raise TypeError(
                f"the Tidewater renderer draws a TidewaterView, not {type(view).__name__}"
            )
        return view

    def board(self, view: Any, area: int | None = None) -> Image.Image:
        """The whole table, or (area=seat) that player's area drawn large."""
        v = self._check(view)
        if area is not None:
            return draw_area(v, area)
        return draw_board(v)

    def turn(self, view: Any) -> Image.Image:
        """The turn image: the map, whose turn it is, what changed since that seat last
        played, and every seat's standing, in 1200 x 900 (render/tidewater/turn.py)."""
        return draw_turn(self._check(view))

    def timelapse_bands(self, view: Any, size: tuple[int, int]) -> list[tuple[int, int]]:
        """What a timelapse frame shows (render/timelapse.py): the header, then the map and the
        time track (about a phone screen)."""
        self._check(view)
        return [(0, st.HEADER_H), (st.MAP_Y, st.TRACK_Y + st.TRACK_H)]

    def hand(self, view: Any, seat: int) -> None:
        """Tidewater has no hidden hands."""
        self._check(view)
        return None


RENDERER = TidewaterRenderer()
