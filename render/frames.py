"""Discord's frames: where people see an image (issue 32).

* the channel: Discord fits an embed image into about 400x300 px;
* a phone: a tap opens the image fitted to the screen of a 3x phone held upright, 1170x2100 px.

`tests/render/frames.py` measures images in these frames; `render/docs_images.py` writes the
samples of docs/images as they look in them.
"""

from __future__ import annotations

from PIL import Image

CHANNEL = (400, 300)
PHONE = (1170, 2100)


def scale(size: tuple[int, int], frame: tuple[int, int]) -> float:
    """How much an image of `size` is scaled when fitted into `frame`."""
    return min(frame[0] / size[0], frame[1] / size[1])


def fitted(image: Image.Image, frame: tuple[int, int]) -> Image.Image:
    """`image` as a viewer fitting it into `frame` shows it (RGB)."""
    s = scale(image.size, frame)
    size = (max(1, round(image.width * s)), max(1, round(image.height * s)))
    return image.convert("RGB").resize(size, Image.Resampling.LANCZOS)
