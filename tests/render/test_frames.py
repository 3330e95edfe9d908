"""The frame checks themselves can fail (tests/render/frames.py)."""

from __future__ import annotations

import pytest
from PIL import Image

from render.canvas import Draw, new
from render.core import font
from render.tidewater.palette import PALETTE
from tests.render import frames


def _page(size: tuple[int, int], em: int) -> Image.Image:
    image = new(size, (255, 255, 255), PALETTE)
    Draw(image, PALETTE).text((10, 10), "Round 3", (0, 0, 0), font(em))
    return image


def test_small_text_fails_the_phone_check() -> None:
    image, texts = frames.drawn_with_texts(lambda: _page((1200, 900), 20))
    assert texts == [(20, "Round 3")]
    with pytest.raises(AssertionError, match="under 30 px"):
        frames.assert_phone_readable(image, texts)


def test_text_scaled_up_to_30_px_passes() -> None:
    # 1000 px wide fits the 1170 px phone at 1.17x: 26 px text shows at 30.4 px
    image, texts = frames.drawn_with_texts(lambda: _page((1000, 1000), 26))
    frames.assert_phone_readable(image, texts)


@pytest.mark.parametrize("size", [(900, 700), (2000, 1000), (1000, 1300)])
def test_shapes_outside_the_frame_fail(size: tuple[int, int]) -> None:
    with pytest.raises(AssertionError):
        frames.assert_turn_shape(size)


def test_fitted_into_the_channel_frame() -> None:
    assert frames.fitted(Image.new("RGB", (1200, 900)), frames.CHANNEL).size == (400, 300)
    assert frames.fitted(Image.new("RGB", (900, 3544)), frames.CHANNEL).size == (76, 300)
