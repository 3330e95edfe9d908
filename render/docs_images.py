"""The samples of docs/images as people see them (issue 32): each title's turn image for a
few positions of bot-played games (`render/<title>/docs_images.py: positions()`), as drawn
(`<title>-turn-<name>.png`), fitted into Discord's channel frame (`-channel.png`) and into a
phone's screen (`-phone.png`); and the tall board of the first position in both frames
(`<title>-board-<name>-channel.png`, `-phone.png`: what the turn post showed before).

    python -m render.docs_images [docs/images]
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from PIL import Image

from render import registry
from render.core import encode
from render.frames import CHANNEL, PHONE, fitted

TITLES = ("tidewater", "benares", "mombasa")
FRAMES = ((CHANNEL, "channel"), (PHONE, "phone"))


def preview(image: Image.Image, path: Path) -> int:
    """A fitted preview in 256 colours (a fraction of an RGB PNG's size); its size in KiB."""
    image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        path, optimize=True
    )
    return path.stat().st_size // 1024


def main(argv: list[str]) -> None:
    out = Path(argv[0] if argv else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    registry.load_builtin()
    for slug in TITLES:
        renderer = registry.get(slug)
        assert renderer is not None, slug
        shots = importlib.import_module(f"render.{slug}.docs_images").positions()
        for i, (name, view) in enumerate(shots.items()):
            stem = f"{slug}-turn-{name}"
            image = renderer.turn(view)
            (out / f"{stem}.png").write_bytes(encode(image, stem).data)
            kib = [preview(fitted(image, f), out / f"{stem}-{t}.png") for f, t in FRAMES]
            print(f"{stem}: {image.width}x{image.height}, channel {kib[0]} / phone {kib[1]} KiB")
            if i == 0:  # the turn post's image before: the tall board
                board = renderer.board(view)
                for f, t in FRAMES:
                    preview(fitted(board, f), out / f"{slug}-board-{name}-{t}.png")


if __name__ == "__main__":
    main(sys.argv[1:])
