"""Writes the Benares & Calcutta turn image (issue 32) for a few positions of bot-played games,
each as drawn (`benares-turn-<name>.png`) and as seen: fitted into Discord's 400x300 channel
frame (`-channel.png`) and into a 1170x2100 phone viewer (`-phone.png`).

python -m render.benares.docs_images [docs/images]
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

from render.benares import RENDERER
from render.benares.samples import game, total_steps
from render.core import encode

CHANNEL = (400, 300)
PHONE = (1170, 2100)


def fit(image: Image.Image, frame: tuple[int, int]) -> Image.Image:
    """`image` fitted into `frame` as a viewer shows it (never enlarged), in 256 colours so
    the committed preview stays small."""
    s = min(frame[0] / image.width, frame[1] / image.height)
    size = (round(image.width * s), round(image.height * s))
    rgb = image.convert("RGB").resize(size, Image.Resampling.LANCZOS)
    return rgb.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def positions() -> dict[str, object]:
    seed = 3
    return {
        "mid-4p": game(seed, 4, total_steps(seed, 4) * 2 // 3).view(),
        "invest-2p": game(7, 2, 60).view(),
        "end-3p": game(seed, 3).view(),
    }


def main(argv: list[str]) -> None:
    out = Path(argv[0] if argv else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    for name, view in positions().items():
        image = RENDERER.turn(view)
        stem = f"benares-turn-{name}"
        (out / f"{stem}.png").write_bytes(encode(image, stem).data)
        for suffix, frame in (("channel", CHANNEL), ("phone", PHONE)):
            fit(image, frame).save(out / f"{stem}-{suffix}.png", optimize=True)
        sizes = [
            (out / f"{stem}{s}.png").stat().st_size // 1024 for s in ("", "-channel", "-phone")
        ]
        print(f"{stem}: {image.width}x{image.height}, {sizes[0]} / {sizes[1]} / {sizes[2]} KiB")


if __name__ == "__main__":
    main(sys.argv[1:])
