"""Small anti-aliased pieces (discs, points, rings), drawn 4x and shrunk once, then cached.

Pillow draws circles without anti-aliasing; the pieces that change every turn are pasted as
these cached RGBA sprites so the page keeps smooth edges without supersampling the whole image.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.canvas import Draw
from render.core import font
from render.tidewater.style import MIN_TEXT, Color

SS = 4  # supersampling factor


def _shrink(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    return img.resize(size, Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def disc(
    radius: int,
    fill: Color,
    edge: Color,
    label: str = "",
    ink: Color = (0, 0, 0),
    edge_w: int = 3,
    bold: bool = True,
) -> Image.Image:
    """A round token with an optional centred label."""
    d = radius * 2 + 2
    big = Image.new("RGBA", (d * SS, d * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    dr.ellipse((SS, SS, (d - 1) * SS, (d - 1) * SS), fill=edge)
    w = edge_w * SS
    dr.ellipse((SS + w, SS + w, (d - 1) * SS - w, (d - 1) * SS - w), fill=fill)
    out = _shrink(big, (d, d))
    if label:
        td = ImageDraw.Draw(out)
        f = font(max(10, int(radius * 1.05)), bold)
        td.text((d / 2, d / 2 + 1), label, font=f, fill=ink, anchor="mm")
    return out


@lru_cache(maxsize=64)
def ring(radius: int, color: Color, width: int) -> Image.Image:
    """An outline circle, used for highlights."""
    d = radius * 2 + 2
    big = Image.new("RGBA", (d * SS, d * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    dr.ellipse((SS, SS, (d - 1) * SS, (d - 1) * SS), outline=color, width=width * SS)
    return _shrink(big, (d, d))


@lru_cache(maxsize=64)
def puck(radius: int, fill: Color, edge: Color, label: str, ink: Color) -> Image.Image:
    """A time disc: a thick coin with a darker rim and the seat number."""
    d = radius * 2 + 2
    big = Image.new("RGBA", (d * SS, d * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    dr.ellipse((SS, SS, (d - 1) * SS, (d - 1) * SS), fill=edge)
    w = 3 * SS
    dr.ellipse((SS + w, SS + w, (d - 1) * SS - w, (d - 1) * SS - w), fill=fill)
    inner = int(radius * 0.28) * SS
    shade = tuple(max(0, int(c * 0.86)) for c in fill)
    dr.ellipse(
        (SS + inner, SS + inner, (d - 1) * SS - inner, (d - 1) * SS - inner),
        outline=shade,
        width=2 * SS,
    )
    out = _shrink(big, (d, d))
    if label:
        td = ImageDraw.Draw(out)
        f = font(puck_label_size(radius), True)
        td.text((d / 2, d / 2 + 1), label, font=f, fill=ink, anchor="mm")
    return out


def puck_label_size(radius: int) -> int:
    """The seat number on a disc: never under the board's smallest text size."""
    return max(MIN_TEXT, int(radius * 1.05))


def paste(d: Draw, sprite: Image.Image, cx: float, cy: float) -> None:
    """Paste a sprite centred on (cx, cy)."""
    w, h = sprite.size
    d.sprite(sprite, (int(round(cx - w / 2)), int(round(cy - h / 2))))
