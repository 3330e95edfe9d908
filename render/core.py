"""The renderer interface and the shared drawing helpers.

Renderers receive views only (never a state), so a public image can only show what
`Title.view(state, None)` reveals.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import msgspec
from PIL import Image, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"


class RenderedImage(msgspec.Struct, frozen=True):
    data: bytes
    filename: str


class Renderer(Protocol):
    """One per title. `board` draws the whole table, or one seat's area when `area` is given;
    `hand` draws a seat's private hand from that seat's own view (None: the title has none)."""

    slug: str

    def board(self, view: Any, area: int | None = None) -> Image.Image: ...

    def hand(self, view: Any, seat: int) -> Image.Image | None: ...


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans, so images look the same on every machine."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def encode(image: Image.Image, stem: str = "board") -> RenderedImage:
    """An adaptive-palette PNG at zlib level 3, chosen by measurement (bench/render_encoding.py):
    board art is flat colour and text, for which a 256-colour palette PNG is 3x smaller than an RGB
    PNG and twice as fast to encode; lossless WebP is larger and slower, lossy WebP and JPEG blur
    the text (and are larger anyway). Level 3 costs ~20% more bytes than level 6 (about 160 KiB
    vs 135 KiB for a Tidewater board) but encodes ~35% faster, which the turn round trip needs.
    """
    buf = io.BytesIO()
    img = image.convert("RGB")
    quantised = img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    quantised.save(buf, format="PNG", compress_level=3)
    return RenderedImage(data=buf.getvalue(), filename=f"{stem}.png")
