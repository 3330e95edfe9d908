"""Sample turn images (issue 32) for docs/images, from real bot-played positions:

    python -m render.tidewater.docs_images [docs/images]

writes tidewater-turn-<name>.png (the image posted), -channel.png (as Discord's channel frame
shows it, fitted into 400 x 300) and -phone.png (as a phone's viewer shows it, 1170 x 2100), for
a mid-game turn (4 seats), a dividend decision (3 seats) and the end of a game (4 seats).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from PIL import Image

from render.core import encode
from render.tidewater.samples import end_view, mid_view, play_until

CHANNEL = (400, 300)
PHONE = (1170, 2100)


def fitted(image: Image.Image, frame: tuple[int, int]) -> Image.Image:
    """`image` as a viewer fitting it into `frame` shows it (never enlarged past the frame);
    tests/render/frames.py measures with the same rule."""
    s = min(frame[0] / image.width, frame[1] / image.height)
    size = (max(1, round(image.width * s)), max(1, round(image.height * s)))
    return image.convert("RGB").resize(size, Image.Resampling.LANCZOS)


def positions() -> dict[str, Any]:
    return {
        "mid": mid_view(4),
        "payout": play_until(4, 3, lambda v, n: v.phase == "payout_prompt"),
        "end": end_view(4),
    }


def small_png(image: Image.Image, path: Path) -> None:
    """A fitted preview in 256 colours: a fraction of an RGB PNG's size."""
    image.quantize(256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def main(argv: list[str]) -> int:
    from render.tidewater import RENDERER

    out = Path(argv[0] if argv else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    for name, view in positions().items():
        stem = f"tidewater-turn-{name}"
        t = time.perf_counter()
        image = RENDERER.turn(view)
        data = encode(image, stem).data
        ms = (time.perf_counter() - t) * 1000
        (out / f"{stem}.png").write_bytes(data)
        small_png(fitted(image, CHANNEL), out / f"{stem}-channel.png")
        small_png(fitted(image, PHONE), out / f"{stem}-phone.png")
        print(f"{stem}.png  {image.width}x{image.height}  {len(data) / 1024:.0f} KiB  {ms:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
