"""Benares's anti-aliased pieces (discs, rings, boats, pawns, the advisor): drawn 4x, shrunk once,
then cached; `style.paste` and `Pen.sprite` put them on the board."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.benares.style import RGB

SS = 4


@lru_cache(maxsize=256)
def disc(diameter: int, fill: RGB, edge: RGB, edge_w: int = 2) -> Image.Image:
    big = Image.new("RGBA", (diameter * SS, diameter * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse(
        [0, 0, diameter * SS - 1, diameter * SS - 1],
        fill=fill,
        outline=edge,
        width=edge_w * SS,
    )
    return big.resize((diameter, diameter), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def ring(diameter: int, colour: RGB, width: int) -> Image.Image:
    big = Image.new("RGBA", (diameter * SS, diameter * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse([0, 0, diameter * SS - 1, diameter * SS - 1], outline=colour, width=width * SS)
    return big.resize((diameter, diameter), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def boat(width: int, fill: RGB, edge: RGB) -> Image.Image:
    """A side view of a river boat: hull, mast and sail."""
    h = int(width * 0.9)
    big = Image.new("RGBA", (width * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    w, hh = width * SS, h * SS
    hull_top = int(hh * 0.58)
    d.polygon(
        [(0, hull_top), (w - 1, hull_top), (int(w * 0.80), hh - 1), (int(w * 0.20), hh - 1)],
        fill=fill,
        outline=edge,
        width=2 * SS,
    )
    mast_x = int(w * 0.5)
    d.line([(mast_x, int(hh * 0.04)), (mast_x, hull_top)], fill=edge, width=2 * SS)
    d.polygon(
        [
            (mast_x + SS * 2, int(hh * 0.06)),
            (mast_x + SS * 2, int(hh * 0.52)),
            (int(w * 0.88), int(hh * 0.52)),
        ],
        fill=(250, 246, 236),
        outline=edge,
        width=SS + SS // 2,
    )
    d.polygon(
        [
            (mast_x - SS * 2, int(hh * 0.16)),
            (mast_x - SS * 2, int(hh * 0.52)),
            (int(w * 0.18), int(hh * 0.52)),
        ],
        fill=(250, 246, 236),
        outline=edge,
        width=SS + SS // 2,
    )
    return big.resize((width, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def hull(width: int, fill: RGB, edge: RGB) -> Image.Image:
    """A boat token for the map: a deep hull (room for a seat number) under a small sail."""
    h = int(width * 0.92)
    w, hh = width * SS, h * SS
    big = Image.new("RGBA", (w, hh), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    top = int(hh * 0.34)
    d.polygon(
        [(0, top), (w - 1, top), (int(w * 0.84), hh - 1), (int(w * 0.16), hh - 1)],
        fill=fill,
        outline=edge,
        width=2 * SS,
    )
    mast = int(w * 0.5)
    d.line([(mast, 0), (mast, top)], fill=edge, width=2 * SS)
    d.polygon(
        [(mast + SS * 2, SS), (mast + SS * 2, top - SS * 2), (int(w * 0.8), top - SS * 2)],
        fill=(250, 246, 236),
        outline=edge,
        width=SS,
    )
    return big.resize((width, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def pawn(size: int, fill: RGB, edge: RGB) -> Image.Image:
    """A meeple-ish pawn: head disc on a rounded body."""
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    s = size * SS
    lw = max(2, size // 14) * SS
    d.rounded_rectangle(
        [int(s * 0.12), int(s * 0.42), int(s * 0.88), s - 1],
        radius=int(s * 0.2),
        fill=fill,
        outline=edge,
        width=lw,
    )
    d.ellipse([int(s * 0.27), 0, int(s * 0.73), int(s * 0.46)], fill=fill, outline=edge, width=lw)
    return big.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def advisor_piece(size: int, fill: RGB, edge: RGB) -> Image.Image:
    """The Financial Advisor: a diamond-topped piece, so it never looks like a market pawn."""
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    s = size * SS
    lw = max(2, size // 14) * SS
    d.polygon(
        [(s // 2, 0), (s - 1, s // 2), (s // 2, s - 1), (0, s // 2)],
        fill=fill,
        outline=edge,
        width=lw,
    )
    return big.resize((size, size), Image.Resampling.LANCZOS)
