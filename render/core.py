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
PNG_LEVEL = 3


class RenderedImage(msgspec.Struct, frozen=True):
    data: bytes
    filename: str
    #: Its alt text (Discord's attachment description, <= 1,024 characters): written from the
    #: same view or data the image is drawn from (`Title.alt_text`).
    description: str = ""


class Renderer(Protocol):
    """One per title. `turn` draws the turn post's image, shaped for Discord's frames (the map,
    whose turn, what changed, the scores: landscape or square-ish, readable fitted to a phone);
    `board` draws the whole table (tall, every panel: "Full board", `/game board`), or one
    seat's area when `area` is given; `hand` draws a seat's private hand from that seat's own
    view (None: the title has none).

    Optionally, for the high-contrast palette (render/contrast.py): `text_on`, the (ink,
    ground) colour pairs its text is drawn in, and `told_apart`, the groups of colours (seats,
    companies) that must stay apart."""

    slug: str

    def turn(self, view: Any) -> Image.Image: ...

    def board(self, view: Any, area: int | None = None) -> Image.Image: ...

    def hand(self, view: Any, seat: int) -> Image.Image | None: ...


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans, so images look the same on every machine."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def encode(image: Image.Image, stem: str = "board", description: str = "") -> RenderedImage:
    """A PNG. The titles draw in a fixed palette (render/canvas.py), so their "P" images are
    written as they are: no colour quantisation, which used to be half the time of a board.
    Any other image (a renderer that draws in RGB) gets an adaptive 256-colour palette first.

    zlib level 3, chosen by measurement (bench/render_encoding.py): board art is flat colour and
    text, for which a 256-colour palette PNG is 3x smaller than an RGB PNG; lossless WebP is
    larger and slower, lossy WebP and JPEG blur the text (and are larger anyway). Level 3 costs
    ~20% more bytes than level 6 (~170 vs ~145 KiB for a Tidewater board) but encodes twice as
    fast (~10 vs ~21 ms).
    """
    buf = io.BytesIO()
    if image.mode != "P":
        image = image.convert("RGB").quantize(
            colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    image.save(buf, format="PNG", compress_level=PNG_LEVEL)
    return RenderedImage(data=buf.getvalue(), filename=f"{stem}.png", description=description)
