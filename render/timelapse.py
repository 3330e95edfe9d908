"""Timelapses: a whole game as one animated GIF, drawn from its spectator views only.

Views in, bytes out (bot/timelapse.py replays the game and runs these in the render workers):

* **which views** (`candidates`, `select`): one candidate per public change (consecutive equal
  views are one picture), each ranked CHANGE, TURN (the last picture of a turn) or ROUND (the
  last picture of a round, and the first and last of the game), from what the title's view
  exposes (`RULES`). A game with no more than MAX_FRAMES changes gets them all; a longer one
  keeps every frame of the highest ranks that fit and spreads the rest of the budget evenly
  over the next rank (Tidewater: every round end, then one frame per turn as far as it goes).
* **one frame** (`draw_frame`): the title's board, cut to the bands worth watching (the map,
  the scores: `BANDS`), scaled to about FRAME_WIDTH by box averaging and mapped back to the
  title's fixed palette (every frame of a title shares it), with a thin progress bar.
* **the animation** (`assemble`): a GIF written frame by frame (each one the box that changed),
  ROUND frames held longer, the last one longest; over the size limit it drops every other
  frame, then scales down, until it fits.

GIF rather than animated WebP, by measurement (bench/timelapse_speed.py; a Tidewater game, 120
frames of 800 px): GIF in the shared palette 1.7 MB in 0.6 s; lossless WebP 4.0-12.9 MB in
2.3-30 s; lossy WebP 2.3-2.9 MB in 3.9-6.6 s and blurred text. Every Discord client animates
GIFs.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

import msgspec
from PIL import GifImagePlugin, Image, ImageChops, ImageDraw

from render import canvas

#: Discord's smallest upload limit is higher; this is the issue's target.
MAX_BYTES = 8_000_000
MAX_FRAMES = 120
#: Frame width in pixels: a phone shows it at ~400 points, 2 pixels per point. A board about
#: k times as wide (within SNAP) is reduced by exactly k, which is 3x faster than resampling.
FRAME_WIDTH = 800
SNAP = 0.1
#: Below these the size fallback gives up rather than post something unreadable.
MIN_WIDTH = 400
MIN_FRAMES = 8
#: Frame times (ms): the whole loop lasts about TOTAL_MS plus the holds.
TOTAL_MS = 24_000
FRAME_MS = (150, 800)
FIRST_MS = 1_500
ROUND_MS = 1_200
LAST_MS = 5_000
BAR = ((60, 64, 72), (250, 250, 250))  # progress bar: track, done

CHANGE, TURN, ROUND = 0, 1, 2
#: What a timelapse keeps every frame of (the rest of its budget is spread over the level below).
LEVEL_NAMES = {CHANGE: "every public change", TURN: "every turn's end", ROUND: "every round's end"}


class TooBig(Exception):
    """No frame count or size down to the minimums fits the byte limit."""


# ---------------------------------------------------------------------------- which views
class Rule(NamedTuple):
    """View fields whose change ends a turn, and a round."""

    turn: tuple[str, ...]
    round: tuple[str, ...]


RULES: dict[str, Rule] = {
    "tidewater": Rule(("round", "phase", "active_seat"), ("round",)),
    # two rounds only: each phase of a round (boats, actions, administration) counts as one
    "benares": Rule(("round", "phase", "step", "current"), ("round", "phase")),
    "mombasa": Rule(("round", "phase", "turn"), ("round",)),
}
DEFAULT_RULE = Rule(("round", "phase", "current", "turn", "active_seat"), ("round",))


def rule_for(slug: str) -> Rule:
    return RULES.get(slug, DEFAULT_RULE)


def _fields(view: Any, names: tuple[str, ...]) -> tuple:
    if isinstance(view, dict):
        return tuple(view.get(n) for n in names)
    return tuple(getattr(view, n, None) for n in names)


class Marks(NamedTuple):
    """What frame selection needs of one view (the view itself is not kept)."""

    picture: bytes
    turn: tuple
    round: tuple


def marks(slug: str, view: Any) -> Marks:
    rule = rule_for(slug)
    picture = msgspec.msgpack.encode(view)
    return Marks(picture, _fields(view, rule.turn), _fields(view, rule.round))


def candidates(seq: Sequence[Marks]) -> list[tuple[int, int]]:
    """(view index, level) of every distinct picture: of a run of equal consecutive views the
    last is kept, with the highest level of the run."""
    out: list[tuple[int, int]] = []
    last = len(seq) - 1
    for i, m in enumerate(seq):
        if i in (0, last) or m.round != seq[i + 1].round:
            level = ROUND
        elif m.turn != seq[i + 1].turn:
            level = TURN
        else:
            level = CHANGE
        if out and seq[out[-1][0]].picture == m.picture:
            level = max(level, out[-1][1])
            if out[-1][0] == 0:  # the opening picture stays the first frame
                out[-1] = (0, level)
                continue
            out[-1] = (i, level)
            continue
        out.append((i, level))
    return out


def _spread(pool: Sequence[int], k: int) -> list[int]:
    """`k` items of `pool`, evenly spaced."""
    if k >= len(pool):
        return list(pool)
    if k <= 0:
        return []
    n = len(pool)
    return [pool[(2 * j + 1) * n // (2 * k)] for j in range(k)]


def _ends_kept(pool: Sequence[int], k: int) -> list[int]:
    """`k` items of `pool`, evenly spaced, the first and the last among them."""
    if k >= len(pool):
        return list(pool)
    if k <= 1:
        return [pool[-1]]
    n = len(pool)
    return sorted({pool[j * (n - 1) // (k - 1)] for j in range(k)})


def select(cands: Sequence[tuple[int, int]], max_frames: int = MAX_FRAMES) -> tuple[list[int], int]:
    """(view indices to draw, the level kept whole): everything when it fits; else every
    candidate of the lowest level L that fits, plus the rest of the budget spread evenly over
    level L-1. Even the round ends too many: they are thinned evenly (first and last kept)."""
    for floor in (CHANGE, TURN, ROUND):
        chosen = [i for i, lv in cands if lv >= floor]
        if len(chosen) <= max_frames:
            if floor == CHANGE:
                return chosen, CHANGE
            pool = [i for i, lv in cands if lv == floor - 1]
            extra = _spread(pool, max_frames - len(chosen))
            return sorted(chosen + extra), floor
    return _ends_kept([i for i, lv in cands if lv >= ROUND], max_frames), ROUND


def durations(levels: Sequence[int]) -> list[int]:
    """Milliseconds per frame (multiples of 10, as GIF stores them)."""
    n = len(levels)
    base = min(FRAME_MS[1], max(FRAME_MS[0], TOTAL_MS // max(1, n)))
    out = [max(base, ROUND_MS) if lv == ROUND else base for lv in levels]
    if out:
        out[0] = max(out[0], FIRST_MS)
        out[-1] = LAST_MS
    return [d // 10 * 10 for d in out]


# ---------------------------------------------------------------------------- one frame
def _mombasa_bands(view: Any, size: tuple[int, int]) -> list[tuple[int, int]]:
    """Header and map (the board is a long page: the map is what moves)."""
    from render.mombasa import board as b

    return [(0, b.HEADER_H + b.MAP_H)]


Bands = Callable[[Any, tuple[int, int]], list[tuple[int, int]]]
#: Horizontal bands (y0, y1) of a title's board that a timelapse shows, top to bottom; a
#: renderer may offer its own as `timelapse_bands(view, size)`. None: the whole board.
BANDS: dict[str, Bands] = {"mombasa": _mombasa_bands}


def _cut(image: Image.Image, bands: list[tuple[int, int]] | None) -> Image.Image:
    if not bands:
        return image
    if any(not 0 <= y0 < y1 <= image.height for y0, y1 in bands):
        return image  # the layout changed under us: show it all rather than the wrong part
    out = Image.new(image.mode, (image.width, sum(y1 - y0 for y0, y1 in bands)))
    if image.mode == "P":
        out.putpalette(image.getpalette() or [])
    y = 0
    for y0, y1 in bands:
        out.paste(image.crop((0, y0, image.width, y1)), (0, y))
        y += y1 - y0
    return out


def bands_of(slug: str, renderer: Any, view: Any, size: tuple[int, int]) -> list | None:
    fn = getattr(renderer, "timelapse_bands", None) or BANDS.get(slug)
    if fn is None:
        return None
    try:
        return fn(view, size)
    except (ImportError, AttributeError, TypeError, ValueError):
        return None


def _scale(rgb: Image.Image, width: int) -> Image.Image:
    """About `width` wide: an exact 1/k (a fast box average over k x k pixels) when that is
    within SNAP of `width`, else a box filter to `width` itself."""
    k = round(rgb.width / width)
    if k >= 2 and abs(rgb.width / k - width) <= width * SNAP:
        return rgb.reduce(k)
    if rgb.width > width:
        height = max(1, round(rgb.height * width / rgb.width))
        return rgb.resize((width, height), Image.Resampling.BOX)
    return rgb


def draw_frame(
    slug: str, renderer: Any, view: Any, progress: float, width: int = FRAME_WIDTH
) -> Image.Image:
    """One frame: the board's bands at `width`, a progress bar (0..1) along the bottom; a "P"
    image in the title's own palette when the title draws in one."""
    board = renderer.board(view)
    image = _cut(board, bands_of(slug, renderer, view, board.size))
    palette = image if image.mode == "P" else None
    rgb = _scale(image.convert("RGB"), width)
    bar = max(4, rgb.width // 160)
    d = ImageDraw.Draw(rgb)
    d.rectangle((0, rgb.height - bar, rgb.width, rgb.height), fill=BAR[0])
    done = round(rgb.width * min(1.0, max(0.0, progress)))
    if done:
        d.rectangle((0, rgb.height - bar, done - 1, rgb.height), fill=BAR[1])
    if palette is not None:
        return rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    return rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


class Frame(msgspec.Struct, frozen=True):
    """A frame as it travels between processes: a "P" image, its palette, zlib'd pixels."""

    width: int
    height: int
    palette: bytes
    pixels: bytes


def pack(image: Image.Image) -> Frame:
    pal = bytes(image.getpalette() or [])
    return Frame(image.width, image.height, pal, zlib.compress(image.tobytes(), 1))


def unpack(frame: Frame) -> Image.Image:
    image = Image.frombytes("P", (frame.width, frame.height), zlib.decompress(frame.pixels))
    image.putpalette(frame.palette)
    return image


# ---------------------------------------------------------------------------- the animation
class Animation(msgspec.Struct, frozen=True):
    data: bytes
    frames: int
    width: int
    height: int
    filename: str = "timelapse.gif"


def encode_gif(images: Iterable[Image.Image], times: Sequence[int]) -> bytes:
    """A looping GIF written frame by frame, holding only the previous frame (Pillow's own
    writer keeps a copy of every frame: a hundred MB for a timelapse). The first frame's
    palette is the global one. Every later frame is the box that changed since the one before,
    drawn over it (disposal 1), its unchanged pixels transparent (long runs of one index,
    which LZW packs to almost nothing; Pillow does the same), with a local palette only if
    its own differs."""
    out = io.BytesIO()
    first: bytes | None = None
    prev: Image.Image | None = None
    for im, ms in zip(images, times, strict=False):
        palette = bytes(im.getpalette() or [])
        params: dict[str, Any] = {"duration": ms, "disposal": 1}
        if prev is None:
            header, _ = GifImagePlugin.getheader(im.copy(), None, {"loop": 0})
            out.write(b"".join(header))
            first, box, part = palette, (0, 0, im.width, im.height), im
        elif bytes(prev.getpalette() or []) == palette:
            delta = ImageChops.subtract_modulo(im, prev)
            box = delta.getbbox(alpha_only=False) or (0, 0, 1, 1)
            part = _transparent_where_same(im.crop(box), delta.crop(box), params)
        else:
            delta = ImageChops.difference(im.convert("RGB"), prev.convert("RGB"))
            box = delta.getbbox() or (0, 0, 1, 1)
            part = im.crop(box)
        params["include_color_table"] = palette != first
        out.write(b"".join(GifImagePlugin.getdata(part, box[:2], **params)))
        prev = im
    out.write(b";")
    return out.getvalue()


_UNCHANGED = [255, *(0,) * 255]  # delta index 0 (the same pixel) -> in the mask


def _transparent_where_same(part: Image.Image, delta: Image.Image, params: dict) -> Image.Image:
    """`part` with its unchanged pixels set to an index it does not use, made transparent
    (left as it is when it uses all 256)."""
    hist = part.histogram()
    free = next((i for i in range(255, -1, -1) if hist[i] == 0), None)
    if free is None:
        return part
    part = part.copy()
    part.paste(free, mask=delta.point(_UNCHANGED, "1"))
    params["transparency"] = free
    return part


def _halve(frames: list[Frame], times: list[int]) -> tuple[list[Frame], list[int]]:
    """Every other frame (the first and the last always kept), each holding the time of the
    ones dropped after it."""
    keep = list(range(len(frames) - 1, -1, -2))[::-1]
    if keep[0] != 0:
        keep.insert(0, 0)
    out_t = [sum(times[a:b]) for a, b in zip(keep, [*keep[1:], len(frames)], strict=True)]
    return [frames[i] for i in keep], out_t


def _scaled(frames: Sequence[Frame], factor: float) -> Iterator[Image.Image]:
    for frame in frames:
        im = unpack(frame)
        if factor < 1:
            size = (max(1, round(im.width * factor)), max(1, round(im.height * factor)))
            small = im.convert("RGB").resize(size, Image.Resampling.BOX)
            im = small.quantize(palette=im, dither=Image.Dither.NONE)
        yield im


def assemble(
    frames: Sequence[Frame], times: Sequence[int], max_bytes: int = MAX_BYTES
) -> Animation:
    """The GIF of `frames`; over `max_bytes`, fewer frames (down to MIN_FRAMES), then smaller
    ones (by 3/4 each time, down to MIN_WIDTH), until it fits; TooBig if nothing does."""
    if not frames:
        raise ValueError("no frames")
    kept, ms = list(frames), [max(20, t) for t in times]
    factor = 1.0
    width, height = frames[0].width, frames[0].height
    while True:
        data = encode_gif(_scaled(kept, factor), ms)
        w, h = max(1, round(width * factor)), max(1, round(height * factor))
        if len(data) <= max_bytes:
            return Animation(data, len(kept), w, h)
        if len(kept) >= 2 * MIN_FRAMES:
            kept, ms = _halve(kept, ms)
        elif width * factor * 3 / 4 >= MIN_WIDTH:
            factor *= 3 / 4
        else:
            raise TooBig(f"{len(data)} bytes with {len(kept)} frames of {w} px")


def give_back_memory() -> None:
    """After a timelapse: return the freed heap to the system (its boards and frames were
    tens of MB that glibc would otherwise keep in the worker for good)."""
    canvas.give_back_memory()
