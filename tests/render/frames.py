"""Discord's frames, for the render tests: how big an image's text and marks are where people
see it (issue 32).

* the phone viewer: a tap opens an image fitted to a 3x phone held upright, 1170x2100 px, where
  no text may be under 30 px (about 10 pt);
* the channel frame: Discord fits an embed image into about 400x300 px in the channel.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PIL import Image

from render import canvas
from render.frames import CHANNEL as CHANNEL  # (the frames, for the tests that import this)
from render.frames import PHONE as PHONE
from render.frames import fitted as fitted
from render.frames import scale

#: The smallest text a phone viewer may show (px of the phone's screen).
PHONE_MIN_TEXT = 30
#: A turn image's shape: landscape or square-ish, at least this wide.
MIN_WIDTH = 1000
WIDEST = 16 / 9
TALLEST = 4 / 5


def drawn_with_texts(
    draw: Callable[[], Image.Image],
) -> tuple[Image.Image, list[tuple[float, str]]]:
    """The image `draw()` returns, with every text drawn on it (em size in px, text)."""
    with canvas.texts() as texts:
        image = draw()
    return image, list(texts)


def smallest_on_phone(size: tuple[int, int], texts: Iterable[tuple[float, Any]]) -> float:
    """The em size of the smallest text, in px of the phone's screen."""
    s = scale(size, PHONE)
    return min(em for em, _ in texts) * s


def assert_turn_shape(size: tuple[int, int]) -> None:
    w, h = size
    assert w >= MIN_WIDTH, f"{w} px wide: a turn image is at least {MIN_WIDTH}"
    assert TALLEST - 1e-9 <= w / h <= WIDEST + 1e-9, f"{w}x{h} is not between 16:9 and 4:5"


def assert_phone_readable(image: Image.Image, texts: list[tuple[float, str]]) -> None:
    """No text under PHONE_MIN_TEXT px once `image` is fitted into the phone viewer."""
    assert texts, "no text was recorded: draw through render.canvas.Draw or note_text"
    s = scale(image.size, PHONE)
    small = sorted({(round(em * s, 1), t) for em, t in texts if em * s < PHONE_MIN_TEXT})
    assert not small, f"text under {PHONE_MIN_TEXT} px on a phone: {small[:8]}"
