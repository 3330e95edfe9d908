"""Colours, fonts and small drawing helpers shared by the Benares & Calcutta panels.

Sizes are chosen for a phone: the board is 1000 px wide and is read shrunk to about 400 px, so
no text is smaller than `MIN_TEXT` (22 px, about 9 px on the phone) and the key figures are
`KEY_TEXT` (30 px) or more.

Every text goes through `ctext`; inside `recording()` each one is noted with its box and the
panel it belongs to (`panel(...)`), so the tests can check that texts stay inside their panels
and none is too small.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.benares.data import data
from render.benares.palette import PALETTE
from render.canvas import Draw
from render.core import font

RGB = tuple[int, int, int]


MIN_TEXT = 22  # the smallest text on a board (px at full size)
KEY_TEXT = 30  # key figures: VP, rupees, the turn badge

BG: RGB = (239, 228, 206)  # parchment
PANEL: RGB = (255, 251, 242)
PANEL_EDGE: RGB = (92, 64, 40)
INK: RGB = (28, 24, 20)
MUTED: RGB = (110, 98, 86)
FAINT: RGB = (214, 204, 186)
HEADER: RGB = (72, 44, 24)
HIGHLIGHT: RGB = (255, 176, 0)  # the last move
WATER: RGB = (86, 150, 212)
WATER_EDGE: RGB = (40, 96, 160)
ROAD: RGB = (150, 92, 40)
CITY: RGB = (104, 40, 28)
WHITE: RGB = (255, 255, 255)


def hex_rgb(value: str) -> RGB:
    v = value.lstrip("#")
    try:
        return (int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16))
    except (ValueError, IndexError):
        return MUTED


#: Company colours by seat index (0-based), as the data file's presentation gives them (the
#: views carry the same), with the ink that reads on them.
SEAT_COLOURS: list[RGB] = [hex_rgb(c) for c in data().pres["seat_colours"]]
SEAT_INK: list[RGB] = [WHITE, WHITE, WHITE, INK]
SEAT_NAMES: list[str] = list(data().pres["seat_colour_names"])

GOODS_COLOURS: dict[str, RGB] = {
    "indigo": (58, 52, 150),
    "silk": (200, 30, 110),
    "cotton": (250, 250, 246),
    "saltpetre": (150, 140, 40),
}
GOODS_INK: dict[str, RGB] = {
    "indigo": WHITE,
    "silk": WHITE,
    "cotton": INK,
    "saltpetre": WHITE,
}
GOODS_SHORT = {"indigo": "I", "silk": "Sk", "cotton": "C", "saltpetre": "Sp"}

REGION_FILL: dict[str, RGB] = {
    "W": (246, 214, 160),
    "N": (196, 228, 176),
    "S": (240, 196, 186),
    "E": (190, 216, 240),
}
REGION_EDGE: dict[str, RGB] = {
    "W": (170, 110, 30),
    "N": (60, 130, 50),
    "S": (170, 70, 60),
    "E": (40, 100, 170),
}
POST_FILL: dict[str, RGB] = {
    "north": REGION_EDGE["N"],
    "south": REGION_EDGE["S"],
    "east": REGION_EDGE["E"],
    "west": REGION_EDGE["W"],
    "regional": (90, 60, 120),
}
POST_LETTER = {"north": "N", "south": "S", "east": "E", "west": "W", "regional": "R"}

KIND_FILL: dict[str, RGB] = {
    "market": (226, 120, 40),
    "goods": (120, 80, 170),
    "goods_pair": (120, 80, 170),
    "post": (40, 130, 110),
    "income": (200, 160, 20),
    "load": (120, 84, 50),
    "move": (40, 110, 180),
}


#: (ink, ground): the text drawn on a colour, for the high-contrast palette (render/contrast.py)
TEXT_ON: list[tuple[RGB, RGB]] = [
    *((ink, ground) for ink in (INK, MUTED, HEADER) for ground in (BG, PANEL, WHITE, FAINT)),
    ((255, 236, 200), HEADER),
    (WHITE, HEADER),
    (INK, HIGHLIGHT),
    *zip(SEAT_INK, SEAT_COLOURS, strict=True),
    *((GOODS_INK[g], c) for g, c in GOODS_COLOURS.items()),
    *((WHITE, c) for c in KIND_FILL.values()),
    *((WHITE, c) for c in POST_FILL.values()),
    *((INK, c) for c in REGION_FILL.values()),
]

#: the colours that must stay told apart (render/contrast.py keeps their lightness gaps)
TOLD_APART: list[list[RGB]] = [SEAT_COLOURS]


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_ink(seat: int) -> RGB:
    return SEAT_INK[seat % len(SEAT_INK)]


def darker(c: RGB, f: float = 0.6) -> RGB:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def lighter(c: RGB, f: float = 0.55) -> RGB:
    return tuple(int(v + (255 - v) * f) for v in c)  # type: ignore[return-value]


def text_w(text: str, f: ImageFont.FreeTypeFont) -> int:
    return int(f.getlength(text))


Box = tuple[float, float, float, float]


@dataclass
class DrawnText:
    """A text as drawn: in the coordinates of the layer it was drawn on, divided by the layer's
    supersampling `scale` (so `size` is the size on the board)."""

    text: str
    size: float
    box: Box
    panel: str
    panel_box: Box | None


_texts: list[DrawnText] | None = None
_panels: list[tuple[str, Box, float]] = []


@contextlib.contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Note every text drawn inside this block (static layers only when they are built: clear
    the caches first, see `render.benares.board.clear_caches`)."""
    global _texts
    old, _texts = _texts, []
    try:
        yield _texts
    finally:
        _texts = old


@contextlib.contextmanager
def panel(name: str, box: Box, scale: float = 1.0) -> Iterator[None]:
    """Texts drawn inside this block belong to the panel `box` (layer coordinates)."""
    _panels.append((name, box, scale))
    try:
        yield
    finally:
        _panels.pop()


def _note(xy: tuple[float, float], text: str, f: Any, anchor: str, stroke: int) -> None:
    assert _texts is not None
    x0, y0, x1, y1 = f.getbbox(text, anchor=anchor, stroke_width=stroke)
    name, pbox, scale = _panels[-1] if _panels else ("", None, 1.0)
    k = 1 / scale
    box = ((xy[0] + x0) * k, (xy[1] + y0) * k, (xy[0] + x1) * k, (xy[1] + y1) * k)
    pb = tuple(v * k for v in pbox) if pbox is not None else None
    _texts.append(DrawnText(text, f.size * k, box, name, pb))  # type: ignore[arg-type]


def ctext(
    d: Draw | ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "mm",
    stroke: int = 0,
    stroke_fill: RGB = WHITE,
) -> None:
    """Text at a point with a Pillow anchor (default: centred)."""
    f = font(size, bold)
    if _texts is not None and text.strip():
        _note(xy, text, f, anchor, stroke)
    d.text(
        xy,
        text,
        font=f,
        fill=fill,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=stroke_fill,
    )


@lru_cache(maxsize=2048)
def fit_size(text: str, max_w: int, size: int, bold: bool = False, min_size: int = MIN_TEXT) -> int:
    """The largest font size <= size at which text fits in max_w pixels."""
    while size > min_size and font(size, bold).getlength(text) > max_w:
        size -= 1
    return size


@lru_cache(maxsize=2048)
def cut(text: str, max_w: float, size: int, bold: bool = False) -> str:
    """`text` cut with an ellipsis to fit `max_w` pixels at `size`."""
    f = font(size, bold)
    if f.getlength(text) <= max_w:
        return text
    while text and f.getlength(text + "…") > max_w:
        text = text[:-1]
    return text.rstrip(" ,;·") + "…"


def wrap(text: str, size: int, max_w: int, bold: bool = False) -> list[str]:
    """Greedy word wrap at a font size; a word too long for a line breaks after a slash."""
    return list(_wrap(text, size, max_w, bold))


@lru_cache(maxsize=1024)
def _wrap(text: str, size: int, max_w: int, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    words: list[str] = []
    for word in text.split():
        if "/" in word and f.getlength(word) > max_w:
            parts = word.split("/")
            words.extend(p + "/" for p in parts[:-1])
            words.append(parts[-1])
        else:
            words.append(word)
    lines: list[str] = []
    cur = ""
    for word in words:
        cand = word if not cur else f"{cur}{word}" if cur.endswith("/") else f"{cur} {word}"
        if cur and f.getlength(cand) > max_w:
            lines.append(cur)
            cur = word
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return tuple(lines)


def paste(d: Draw, sprite: Image.Image, cx: float, cy: float) -> None:
    """Paste a sprite centred on (cx, cy)."""
    d.sprite(sprite, (int(cx - sprite.width / 2), int(cy - sprite.height / 2)))


def crate(
    d: Draw, x: float, y: float, s: int, good: str, label: str = "", size: int = MIN_TEXT
) -> None:
    """A crate of a good, top-left at (x, y), side s; optional label (a count) at `size`."""
    fill = GOODS_COLOURS.get(good, FAINT)
    d.rounded_rectangle(
        [x, y, x + s, y + s], radius=max(2, s // 6), fill=fill, outline=INK, width=2
    )
    if label:
        ctext(
            d,
            (x + s / 2, y + s / 2 + 1),
            label,
            size,
            GOODS_INK.get(good, INK),
            True,
        )
    elif s >= 14:
        d.line(
            [x + 3, y + 3, x + s - 3, y + s - 3],
            fill=darker(fill, 0.7) if good != "cotton" else FAINT,
            width=1,
        )
        d.line(
            [x + s - 3, y + 3, x + 3, y + s - 3],
            fill=darker(fill, 0.7) if good != "cotton" else FAINT,
            width=1,
        )


def ink_on(c: RGB) -> RGB:
    """Black or white, whichever reads better on colour c."""
    lum = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
    return INK if lum > 150 else WHITE


class Pen:
    """Draws on `im` at an offset and a zoom, so a panel can be drawn small on the board and
    large on its own (all coordinates and font sizes are in unzoomed panel pixels)."""

    def __init__(self, im: Image.Image, ox: float = 0, oy: float = 0, zoom: float = 1.0) -> None:
        self.im = im
        self.d = Draw(im, PALETTE)
        self.ox, self.oy, self.z = ox, oy, zoom

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (self.ox + x * self.z, self.oy + y * self.z)

    def box(self, x0: float, y0: float, x1: float, y1: float) -> list[float]:
        a, b = self.p(x0, y0)
        c, e = self.p(x1, y1)
        return [a, b, c, e]

    def w(self, v: float) -> int:
        return max(1, round(v * self.z))

    def rect(self, x0, y0, x1, y1, fill=None, outline=None, width=1, radius=0) -> None:
        if radius:
            self.d.rounded_rectangle(
                self.box(x0, y0, x1, y1),
                radius=self.w(radius),
                fill=fill,
                outline=outline,
                width=self.w(width) if outline else 0,
            )
        else:
            self.d.rectangle(
                self.box(x0, y0, x1, y1),
                fill=fill,
                outline=outline,
                width=self.w(width) if outline else 0,
            )

    def line(self, pts, fill, width=1) -> None:
        self.d.line([self.p(x, y) for x, y in pts], fill=fill, width=self.w(width))

    def text(
        self, x, y, s, size, fill=INK, bold=False, anchor="mm", stroke=0, stroke_fill=WHITE
    ) -> None:
        ctext(
            self.d,
            self.p(x, y),
            s,
            self.w(size),
            fill,
            bold,
            anchor,
            self.w(stroke) if stroke else 0,
            stroke_fill,
        )

    def fit(self, x, y, s, size, max_w, fill=INK, bold=False, anchor="mm") -> None:
        """Text shrunk (down to MIN_TEXT) to fit max_w panel pixels, then cut."""
        sz = fit_size(s, int(max_w * self.z), self.w(size), bold, min_size=self.w(MIN_TEXT))
        s = cut(s, max_w * self.z, sz, bold)
        ctext(self.d, self.p(x, y), s, sz, fill, bold, anchor)

    def panel(self, name: str, x0, y0, x1, y1) -> contextlib.AbstractContextManager[None]:
        """Texts drawn in this block belong to the panel box (panel pixels)."""
        a, b, c, e = self.box(x0, y0, x1, y1)
        return panel(name, (a, b, c, e))

    def sprite(self, sprite: Image.Image, cx, cy) -> None:
        paste(self.d, sprite, *self.p(cx, cy))

    def crate(self, x, y, s, good, label="", size=MIN_TEXT) -> None:
        a, b = self.p(x, y)
        crate(self.d, a, b, self.w(s), good, label, self.w(size))
