"""The turn images of docs/images (issue 32), each as drawn, fitted into Discord's channel frame
(400 x 300) and fitted into a phone's screen (1170 x 2100).

python -m render.mombasa.docs_images [docs/images]
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

from engine.mombasa.view import build
from render.core import encode
from render.mombasa import RENDERER
from render.mombasa.samples import final_game, mid_game, planning_game

CHANNEL = (400, 300)
PHONE = (1170, 2100)


def fitted(image: Image.Image, frame: tuple[int, int]) -> Image.Image:
    """`image` as a viewer fitting it into `frame` shows it (as tests/render/frames.py does),
    in 256 colours so that the committed PNG stays small."""
    s = min(frame[0] / image.width, frame[1] / image.height)
    size = (max(1, round(image.width * s)), max(1, round(image.height * s)))
    rgb = image.convert("RGB").resize(size, Image.Resampling.LANCZOS)
    return rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def main(argv: list[str]) -> None:
    out = Path(argv[0] if argv else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    shots = {
        "mid": mid_game(),
        "planning": planning_game(),
        "end": final_game(seats=3),
    }
    for name, st in shots.items():
        image = RENDERER.turn(build(st, None))
        stem = f"mombasa-turn-{name}"
        (out / f"{stem}.png").write_bytes(encode(image, stem).data)
        for frame, tail in ((CHANNEL, "channel"), (PHONE, "phone")):
            fitted(image, frame).save(out / f"{stem}-{tail}.png", optimize=True)
        sizes = [
            (out / f"{stem}{t}.png").stat().st_size // 1024 for t in ("", "-channel", "-phone")
        ]
        print(f"{stem}: {image.width}x{image.height}, {sizes[0]} / {sizes[1]} / {sizes[2]} KiB")


if __name__ == "__main__":
    main(sys.argv[1:])
