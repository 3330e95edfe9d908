"""Which image encoding to send: size and encode time of each candidate on real boards.

    python -m bench.render_encoding

The choice in render/core.py:encode (the board as drawn, in its title's fixed palette, as a PNG
at zlib level 3) was made with this script. The other rows start from the same board converted
to RGB: an RGB PNG, the adaptive-palette PNG boards used to get (quantised per image), WebP and
JPEG.
"""

from __future__ import annotations

import io
import statistics
import time

from PIL import Image

from bench.engine_speed import play
from bot import catalog


def candidates(img: Image.Image) -> dict[str, tuple[bytes, float]]:
    rgb = img.convert("RGB")
    out: dict[str, tuple[bytes, float]] = {}

    def run(name: str, fn) -> None:  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        buf = io.BytesIO()
        fn(buf)
        out[name] = (buf.getvalue(), (time.perf_counter() - t0) * 1000)

    if img.mode == "P":
        for level in (1, 3, 6, 9):
            run(
                f"png fixed palette (level {level})",
                lambda b, lv=level: img.save(b, "PNG", compress_level=lv),
            )
    run("png rgb (level 6)", lambda b: rgb.save(b, "PNG", compress_level=6))
    for level in (3, 6):
        run(
            f"png quantised per image (lv {level})",
            lambda b, lv=level: rgb.quantize(
                256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
            ).save(b, "PNG", compress_level=lv),
        )
    run("webp lossless (method 0)", lambda b: rgb.save(b, "WEBP", lossless=True, method=0))
    run("webp q85", lambda b: rgb.save(b, "WEBP", quality=85))
    run("jpeg q85", lambda b: rgb.save(b, "JPEG", quality=85))
    return out


def main() -> None:
    catalog.load()
    for title in catalog.offered():
        renderer = catalog.renderer(title.slug)
        if renderer is None:
            continue
        _, _, state = play(title, 3, title.max_seats)
        img = renderer.board(title.view(state, None))
        rows: dict[str, list[tuple[int, float]]] = {}
        for _ in range(5):
            for name, (data, ms) in candidates(img).items():
                rows.setdefault(name, []).append((len(data), ms))
        print(f"\n{title.name} board {img.width}x{img.height} ({img.mode})")
        for name, runs in rows.items():
            size = runs[0][0] / 1024
            ms = statistics.median(r[1] for r in runs)
            print(f"  {name:34s} {size:8.0f} KiB {ms:8.1f} ms")


if __name__ == "__main__":
    main()
