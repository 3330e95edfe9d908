"""Builds each title's fixed palette from reference renders of real (bot-played) games.

    python -m render.palette_tool [tidewater] [benares]     # rewrites render/<slug>/palette.py
    python -m render.palette_tool bazaar    # the test title's: tests/titles/bazaar_palette.py

The boards are drawn in reference mode (plain RGB, Pillow's anti-aliasing; render/canvas.py),
recording every colour the drawing code asks for. The palette is then

1. every such flat colour that shows in the pictures, and every colour covering a noticeable
   share of them (flat areas of the static layers and sprites): all drawn exactly;
2. the rest of the 256 entries chosen (median cut, then a few k-means rounds) from the remaining
   colours, weighted by how many pixels have them: the edges of text, sprites and the
   supersampled static layers, which the indexed drawing blends into the nearest entry.

Run it again after changing a title's colours (tests/render/test_palette.py says when).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import cast

from PIL import Image

from render import canvas
from render.palette import rgb_colours

RGB = tuple[int, int, int]
HEAVY_SHARE = 2e-4  # a colour on this share of all pixels is kept exactly
MIN_BLENDS = 96  # palette entries left for blends at least
SEPARATION = 7 * 7  # squared RGB distance between any blend and any other entry


def _d2(a: RGB, b: RGB) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2


def build(images: Iterable[Image.Image], flat: Counter[RGB], size: int = 256) -> list[RGB]:
    hist: Counter[RGB] = Counter()
    for im in images:
        rgb = im.convert("RGB")
        for n, c in rgb_colours(rgb):
            hist[c] += n
    total = sum(hist.values())
    base = [c for c, _ in flat.most_common() if hist.get(c)]
    seen = set(base)
    heavy = [c for c, n in hist.most_common() if n >= total * HEAVY_SHARE and c not in seen]
    base = (base + heavy)[: size - MIN_BLENDS]
    chosen = list(base)
    # colours within SEPARATION of an exact one are drawn as it (ringing of the shrunk static
    # layers, the faintest glyph edges): the blends are chosen from the others
    rest = [(n, c) for c, n in hist.items() if all(_d2(c, b) >= SEPARATION for b in base)]
    rest.sort(key=lambda nc: (-nc[0], nc[1]))

    def take(c: RGB) -> None:
        if len(chosen) < size and all(_d2(c, o) >= SEPARATION for o in chosen):
            chosen.append(c)

    k = size - len(base)
    if rest and k > 0:
        scale = min(1.0, 3_000_000 / sum(n for n, _ in rest))
        pixels = bytearray()
        for n, c in rest:
            pixels += bytes(c) * max(1, round(n * scale))
        synth = Image.frombytes("RGB", (len(pixels) // 3, 1), bytes(pixels))
        q = synth.quantize(k, method=Image.Quantize.MEDIANCUT, kmeans=3)
        pal = q.getpalette() or []
        by_use = sorted(cast(list[tuple[int, int]], q.getcolors(256) or []), reverse=True)
        for _, i in by_use:
            take((pal[3 * i], pal[3 * i + 1], pal[3 * i + 2]))
    for _, c in rest:  # top up with the most common remaining colours
        take(c)
    for c, _ in hist.most_common():  # (a palette always has 256 distinct entries)
        if len(chosen) >= size:
            break
        if c not in chosen:
            chosen.append(c)
    return chosen[:size]


# ---- the titles' reference pictures ----------------------------------------------------------
def tidewater_images() -> list[Image.Image]:
    from engine.rng import Rng
    from engine.tidewater import TITLE
    from render.tidewater import RENDERER
    from render.tidewater.samples import end_view, mid_view, play_until, start_view

    views = [start_view(s) for s in (2, 3, 4)] + [mid_view(4), mid_view(3, seed=4), end_view(4)]
    views.append(play_until(4, 3, lambda v, n: v.phase == "payout_prompt"))
    views.append(play_until(8, 3, lambda v, n: n > 60, options={"short_game": "on"}))
    state = TITLE.setup(9, 4, {})
    bot = Rng.from_seed(9)
    n = 0
    while prompts := TITLE.prompts(state):
        if n % 60 == 30:
            views.append(TITLE.view(state, None))
        TITLE.apply(state, prompts[0].seat, TITLE.bot_choice(state, prompts[0].seat, bot))
        n += 1
    images = [RENDERER.board(v) for v in views]
    mid = views[3]
    images += [RENDERER.board(mid, p.seat) for p in mid.players]
    images += [RENDERER.turn(v) for v in views[:8]]  # the turn images (issue 32)
    return images


def benares_images() -> list[Image.Image]:
    from engine.benares import TITLE
    from render.benares import RENDERER
    from render.benares.samples import first_action_turn, play, total_steps

    images = []
    for seats, seed in ((2, 3), (3, 5), (4, 3), (4, 11)):
        images.append(RENDERER.board(TITLE.view(first_action_turn(seed, seats), None)))
        steps = total_steps(seed, seats)
        for frac in (0.3, 0.6, 0.9):
            state = play(seed, seats, int(steps * frac))
            view = TITLE.view(state, None)
            images.append(RENDERER.board(view))
            seat = TITLE.prompts(state)[0].seat if TITLE.prompts(state) else 0
            if frac == 0.6:
                images.append(RENDERER.board(view, area=seat))
                hand = RENDERER.hand(TITLE.view(state, seat), seat)
                if hand is not None:
                    images.append(hand)
        images.append(RENDERER.board(TITLE.view(play(seed, seats), None)))
    return images


def mombasa_images() -> list[Image.Image]:
    from engine.mombasa.viewer import build
    from render.mombasa import RENDERER
    from render.mombasa.samples import fresh, mid_state, planning_state

    images = []
    for seats in (2, 3, 4):
        for st in (fresh(seats, seats), planning_state(seats, seats), mid_state(seats, seats)):
            images.append(RENDERER.board(build(st, None)))
            hand = RENDERER.hand(build(st, 0), 0)
            if hand is not None:
                images.append(hand)
            images.append(RENDERER.board(build(st, None), area=seats - 1))
    return images


def bazaar_images() -> list[Image.Image]:
    from engine.rng import Rng
    from tests.titles.bazaar import TITLE
    from tests.titles.bazaar_render import RENDERER

    images = []
    for seats, seed in ((2, 1), (3, 2), (4, 3)):
        state = TITLE.setup(seed, seats, {})
        bot = Rng.from_seed(seed)
        while prompts := TITLE.prompts(state):
            view = TITLE.view(state, None)
            images.append(RENDERER.board(view))
            images.append(RENDERER.board(view, 0))
            seat = prompts[0].seat
            hand = RENDERER.hand(TITLE.view(state, seat), seat)
            if hand is not None:
                images.append(hand)
            TITLE.apply(state, seat, TITLE.bot_choice(state, seat, bot))
        images.append(RENDERER.board(TITLE.view(state, None)))
    return images


TITLES: dict[str, Callable[[], list[Image.Image]]] = {
    "tidewater": tidewater_images,
    "benares": benares_images,
    "mombasa": mombasa_images,
    "bazaar": bazaar_images,
}
ROOT = Path(__file__).resolve().parents[1]
PATHS = {"bazaar": ROOT / "tests" / "titles" / "bazaar_palette.py"}


def write(slug: str, colours: list[RGB]) -> Path:
    path = PATHS.get(slug, Path(__file__).parent / slug / "palette.py")
    rows = []
    for i in range(0, len(colours), 8):
        rows.append(
            "    " + " ".join(f'"#{r:02x}{g:02x}{b:02x}",' for r, g, b in colours[i : i + 8])
        )
    path.write_text(
        f'"""{slug.title()}\'s fixed palette: its images are drawn in these colours (render/canvas.py).\n\n'
        f"Generated by `python -m render.palette_tool {slug}` from reference renders of real games:\n"
        "the flat colours the drawing code uses first, then blends for anti-aliased edges.\n"
        'Do not edit by hand.\n"""\n\n'
        "from render.palette import Palette\n\n"
        "# fmt: off\n"
        "COLOURS = (\n" + "\n".join(rows) + "\n)\n"
        "# fmt: on\n\n"
        "PALETTE = Palette.from_hex(COLOURS)\n"
    )
    return path


def main(argv: list[str]) -> int:
    for slug in argv or [t for t in TITLES if t not in PATHS]:
        with canvas.reference(record=True) as flat:
            images = TITLES[slug]()
            colours = build(images, Counter(flat))
        path = write(slug, colours)
        print(f"{slug}: {len(colours)} colours ({len(flat)} flat ones drawn) -> {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
