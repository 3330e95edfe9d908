"""The pen of the static layers (static.py, the turn image's map): draws in page coordinates on
a canvas K times larger, and notes every string's box and panel for the layout tests."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.core import font
from render.tidewater import style as st
from render.tidewater.kit import Box, TextBox

K = 2  # supersampling of the static layer


class Pen:
    """ImageDraw wrapper that scales page coordinates by K and notes every string's box."""

    def __init__(self, img: Image.Image) -> None:
        self.d = ImageDraw.Draw(img)
        self.texts: list[TextBox] = []
        self.panel: Box = (0, 0, st.WIDTH, 1 << 16)
        self.name = "page"

    def area(self, box: Box, name: str) -> None:
        self.panel, self.name = box, name

    @staticmethod
    def _xy(pts: Any) -> Any:
        return [(x * K, y * K) for x, y in pts]

    def poly(
        self, pts: list[tuple[float, float]], fill: Any = None, outline: Any = None, width: int = 1
    ) -> None:
        self.d.polygon(self._xy(pts), fill=fill, outline=outline, width=width * K)

    def line(self, pts: list[tuple[float, float]], fill: Any, width: int) -> None:
        self.d.line(self._xy(pts), fill=fill, width=width * K, joint="curve")

    def circle(
        self, cx: float, cy: float, r: float, fill: Any = None, outline: Any = None, width: int = 1
    ) -> None:
        self.d.ellipse(
            ((cx - r) * K, (cy - r) * K, (cx + r) * K, (cy + r) * K),
            fill=fill,
            outline=outline,
            width=width * K,
        )

    def rrect(
        self,
        box: tuple[float, float, float, float],
        r: float,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
    ) -> None:
        self.d.rounded_rectangle(
            [v * K for v in box], radius=r * K, fill=fill, outline=outline, width=width * K
        )

    def text(
        self,
        xy: tuple[float, float],
        s: str,
        size: int,
        fill: Any,
        bold: bool = False,
        anchor: str = "mm",
    ) -> None:
        at = (xy[0] * K, xy[1] * K)
        f = font(size * K, bold)
        x0, y0, x1, y1 = self.d.textbbox(at, s, font=f, anchor=anchor)
        self.texts.append(TextBox(s, size, (x0 / K, y0 / K, x1 / K, y1 / K), self.panel, self.name))
        self.d.text(at, s, font=f, fill=fill, anchor=anchor)
