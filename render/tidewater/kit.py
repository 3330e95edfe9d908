"""What every part of Tidewater's page draws with: text fitting, names, containers, and the
base the page's parts share (the view, the drawing surface, the last move's highlights)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render import canvas
from render.core import font
from render.tidewater import style as st


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
    """A container: a rounded square in its company colour with a darker rim."""
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


def glow_box(
    d: canvas.Draw, box: tuple[float, float, float, float], r: int = 10, w: int = 5
) -> None:
    d.rounded_rectangle(box, radius=r, outline=st.HILITE, width=w)


class Panel:
    """The state every part of the page reads (set by `Board.__init__`)."""

    v: Any
    img: Image.Image
    d: canvas.Draw
    touched: set[str]
    port_names: dict[str, str]

    def hot(self, key: str) -> bool:
        return key in self.touched
