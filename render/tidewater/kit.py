"""What every part of Tidewater's page draws with: text fitting, names, containers, and the
base the page's parts share (the view, the drawing surface, the last move's highlights)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageFont

from render import canvas
from render.core import font
from render.palette import Palette
from render.tidewater import style as st
from render.tidewater.sprites import paste, puck, puck_label_size

Box = tuple[float, float, float, float]


class TextBox(NamedTuple):
    """One string drawn on the board: its size in px, its ink box and the panel it belongs to."""

    text: str
    size: float
    box: Box
    panel: Box
    name: str


_recording: list[TextBox] | None = None


@contextlib.contextmanager
def record_text() -> Iterator[list[TextBox]]:
    """Note every text drawn on the boards drawn inside this block (tests measure them)."""
    global _recording
    old, _recording = _recording, []
    try:
        yield _recording
    finally:
        _recording = old


class Page(canvas.Draw):
    """`canvas.Draw` that knows which panel it is drawing (`area`) and, while `record_text` is
    on, notes the box of every string it draws."""

    def __init__(self, image: Image.Image, palette: Palette) -> None:
        super().__init__(image, palette)
        self.panel: Box = (0, 0, image.width, image.height)
        self.name = "page"

    @contextlib.contextmanager
    def area(self, box: Box, name: str) -> Iterator[None]:
        old = self.panel, self.name
        self.panel, self.name = box, name
        try:
            yield
        finally:
            self.panel, self.name = old

    def note(self, text: str, size: float, box: Box) -> None:
        if _recording is not None:
            _recording.append(TextBox(text, size, box, self.panel, self.name))

    def text(  # type: ignore[override]
        self,
        xy: tuple[float, float],
        text: str,
        fill: Any = None,
        font: ImageFont.FreeTypeFont | None = None,
        anchor: str | None = None,
        stroke_width: float = 0,
        stroke_fill: Any = None,
    ) -> None:
        if _recording is not None and text and font is not None:
            self.note(text, font.size, self.d.textbbox(xy, text, font=font, anchor=anchor))
        super().text(xy, text, fill, font, anchor, stroke_width, stroke_fill)


def width_of(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


def wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """`text` broken into rows at spaces, each within `width` (a single word wider than that
    stays whole on its own row: words are never cut)."""
    return list(_wrap(text, size, width, bold))


@lru_cache(maxsize=2048)
def _wrap(text: str, size: int, width: float, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    rows: list[str] = []
    cur = ""
    for w in text.split(" "):
        trial = f"{cur} {w}" if cur else w
        if cur and f.getlength(trial) > width:
            rows.append(cur)
            cur = w
        else:
            cur = trial
    if cur:
        rows.append(cur)
    return tuple(rows)


def fit_size(text: str, sizes: tuple[int, ...], width: float, bold: bool = False) -> int:
    """The largest of `sizes` at which `text` fits `width` (else the smallest)."""
    for size in sizes:
        if font(size, bold).getlength(text) <= width:
            return size
    return sizes[-1]


@lru_cache(maxsize=1024)
def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """Cut `text` with an ellipsis so it fits `width` pixels."""
    f = font(size, bold)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def seat_name(view: Any, seat: int | None) -> str:
    if seat is None:
        return "—"
    for p in view.players:
        if p.seat == seat:
            return p.label
    return f"Seat {seat + 1}"


def company_name(view: Any, cid: str) -> str:
    for c in view.companies:
        if c.id == cid:
            return c.name
    return cid


def wrap_lines(lines: list[str], size: int, width: int, max_rows: int) -> list[str]:
    """Pack event lines into at most `max_rows` rows (words wrap; the rest is cut with "…")."""
    f = font(size)
    words = " · ".join(lines).split(" ")
    rows: list[str] = []
    cur = ""
    for w in words:
        trial = f"{cur} {w}" if cur else w
        if f.getlength(trial) <= width:
            cur = trial
            continue
        rows.append(cur)
        cur = w
        if len(rows) == max_rows:
            break
    else:
        rows.append(cur)
        return [r for r in rows if r]
    rows[-1] = (
        fit(rows[-1] + " " + cur, size, width)
        if f.getlength(rows[-1] + " …") > width
        else rows[-1] + " …"
    )
    return rows


def short_port(name: str) -> str:
    """ "North Market" -> "North", "Red port" -> "Red port" (markets are named by direction)."""
    return name.removesuffix(" Market")


def cube(d: canvas.Draw, cx: float, cy: float, size: int, colour: str | None) -> None:
    """A container: a rounded square in its company colour with a darker rim, and, where it is
    big enough for readable text, its company's letter (colour is never the only cue)."""
    h = size / 2
    fill = st.company_rgb(colour or "")
    d.rounded_rectangle(
        (cx - h, cy - h, cx + h, cy + h),
        radius=max(2, size // 6),
        fill=fill,
        outline=st.COMPANY_DARK.get(colour or "", (0, 0, 0)),
        width=2,
    )
    d.line(
        (cx - h + 4, cy - h + 4, cx + h - 4, cy - h + 4),
        fill=tuple(min(255, c + 60) for c in fill),
        width=2,
    )
    if size >= LETTERED_CUBE and colour in st.COMPANY_SHORT:
        ink = st.COMPANY_INK.get(colour, st.TEXT)
        size_pt = max(st.MIN_TEXT, round(size * 0.55))
        d.text(
            (cx, cy + 1), st.COMPANY_SHORT[colour], fill=ink, font=font(size_pt, True), anchor="mm"
        )


#: the smallest container drawn with its company's letter (smaller ones sit on their company's
#: own hex or ship, which say the company)
LETTERED_CUBE = 28


#: a ship's hull on the map at unit size (board px): length, height, and the stern's share that
#: carries its line's letter
HULL_W, HULL_H, HULL_STERN = 104, 26, 24


def ship(
    d: canvas.Draw,
    cx: float,
    cy: float,
    co: str,
    view_ship: Any,
    h: int = HULL_H,
    slot: int = 11,
    hot: bool = False,
) -> None:
    """A ship on the map, centred at (cx, cy), `h` px tall: a hull in its line's colour with
    the line's letter at the stern (colour is never the only cue) and its five `slot` px slots
    (a cube aboard, white when open and empty, dark when not invested yet); `hot`: a yellow
    frame."""
    u = h / HULL_H
    step = slot + 2.5
    w = round((HULL_STERN + 4 + 11) * u + 4 * step + slot)
    x0, y0 = cx - w / 2, cy - h / 2
    col = st.company_rgb(co)
    hull = [(x0, y0), (x0 + w, y0), (x0 + w - 10 * u, y0 + h), (x0 + 8 * u, y0 + h)]
    d.polygon([(x + 3 * u, y + 3 * u) for x, y in hull], fill=(10, 20, 30))
    d.polygon(hull, fill=col, outline=(15, 15, 20), width=max(3, round(3 * u)))
    letter = st.COMPANY_SHORT.get(co, "?")
    size = max(st.MIN_TEXT, round(20 * u))
    ink = st.COMPANY_INK.get(co, st.TEXT)
    d.text((x0 + 14 * u, cy + u), letter, fill=ink, font=font(size, True), anchor="mm")
    if view_ship is not None:
        for k, s in enumerate(view_ship.slots[:5]):
            bx = x0 + (HULL_STERN + 4) * u + k * step
            by = cy - slot / 2
            box = (bx, by, bx + slot, by + slot)
            if s.container:
                cube(d, bx + slot / 2, by + slot / 2, slot + 1, s.container)
            elif s.open:
                d.rectangle(box, fill=(250, 250, 250), outline=(20, 20, 20))
            else:
                d.rectangle(box, fill=st.COMPANY_DARK.get(co, (0, 0, 0)))
    if hot:
        m = 5 * u
        d.rounded_rectangle(
            (x0 - m, y0 - m, x0 + w + m, y0 + h + m),
            radius=round(7 * u),
            outline=st.HILITE,
            width=max(4, round(4 * u)),
        )


def glow_box(
    d: canvas.Draw, box: tuple[float, float, float, float], r: int = 10, w: int = 5
) -> None:
    d.rounded_rectangle(box, radius=r, outline=st.HILITE, width=w)


class Panel:
    """The state every part of the page reads (set by `Board.__init__`)."""

    v: Any
    img: Image.Image
    d: Page
    touched: set[str]
    port_names: dict[str, str]

    def hot(self, key: str) -> bool:
        return key in self.touched

    def token(self, seat: int, r: int, cx: float, cy: float, label: bool = True) -> None:
        """A seat's disc (its number on it) centred at (cx, cy)."""
        text = str(seat + 1) if label else ""
        paste(self.d, puck(r, st.player_rgb(seat), (8, 8, 10), text, st.player_ink(seat)), cx, cy)
        if text:
            size = puck_label_size(r)
            self.d.note(text, size, (cx - size / 3, cy - size / 2, cx + size / 3, cy + size / 2))
