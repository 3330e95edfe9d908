"""A finished game's timelapse, built off the event loop from its action log.

The bot reads the log (the seed, the seats, the options and every live move: a few KB) and
hands it to the render workers, in three kinds of job:

1. `plan` (one job): replays the game from setup, takes the spectator view after every move
   (`title.view(state, None)`, never a seat's), and picks the frames (render/timelapse.py);
   it returns only the chosen views, msgpack-encoded (bytes cost the bot nothing to pass on;
   unpickling a hundred views of objects held its event loop for tens of ms). The replay
   runs twice (marks first, then the chosen views) so a worker never holds a whole game of
   views at once.
2. `draw` (one job per CHUNK frames): views in, small packed frames out.

Every job is a background one (`catalog.in_background`): it starts only when no board, hand
or chart is being drawn and no other timelapse job runs, so a burst of finished games never
holds up the turn boards (a board asked for meanwhile waits for one short job at most).
3. `assemble` (one job): the GIF, within the size limit; then the worker gives the freed
   memory back to the system.

Nothing here imports Discord or the database: the workers load this module.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Iterator
from typing import Any

import msgspec

from bot import catalog
from engine import registry as titles
from engine import text_board
from engine.core import Title
from render import registry as renderers
from render import timelapse as tl
from render.heap import trim_heap

#: Frames per draw job.
CHUNK = 4


class Spec(msgspec.Struct, frozen=True):
    """What a timelapse is built from: the game's setup and its live moves, in order."""

    slug: str
    seed: int
    seats: int
    options: dict[str, str]
    moves: list[tuple[int, str]]


class Plan(msgspec.Struct, frozen=True):
    """The chosen spectator views, with each one's level and how far into the game it is."""

    #: msgpack of each view; `view_type` decodes them (None: plain data).
    views: list[bytes]
    view_type: type | None
    #: Which view each is: 0 the setup, n the view after the n-th move.
    indices: list[int]
    levels: list[int]
    progress: list[float]
    #: The level of which every frame is kept (render.timelapse.LEVEL_NAMES).
    kept: int
    moves: int
    #: The alt text of the last view (the final board), for the animation's description.
    final_alt: str = ""


class Built(msgspec.Struct, frozen=True):
    animation: tl.Animation
    kept: int
    moves: int
    seconds: float
    #: Its alt text (Discord's attachment description): `alt_text`.
    description: str = ""


def _title(slug: str) -> Title:
    title = titles.get(slug)
    if title is None:
        raise LookupError(f"no title {slug}")
    return title


def spectator_views(title: Title, spec: Spec) -> Iterator[Any]:
    """The spectator view at setup and after every move of the log."""
    state = title.setup(spec.seed, spec.seats, dict(spec.options))
    yield title.view(state, None)
    for seat, choice in spec.moves:
        title.apply(state, seat, choice)
        yield title.view(state, None)


def _marks(slug: str, view: Any) -> tl.Marks:
    m = tl.marks(slug, view)
    return m._replace(picture=hashlib.blake2b(m.picture, digest_size=16).digest())


def plan(spec: Spec, max_frames: int = tl.MAX_FRAMES) -> Plan:
    """Replay the log and choose the frames (a worker job)."""
    title = _title(spec.slug)
    seq = [_marks(spec.slug, v) for v in spectator_views(title, spec)]
    cands = tl.candidates(seq)
    picked, kept = tl.select(cands, max_frames)
    level = dict(cands)
    want = set(picked)
    views: list[bytes] = []
    view_type: type | None = None
    final: Any = None
    for i, v in enumerate(spectator_views(title, spec)):
        final = v
        if i in want:
            views.append(msgspec.msgpack.encode(v))
            view_type = type(v) if isinstance(v, msgspec.Struct) else None
    last = max(1, len(seq) - 1)
    progress = [i / last for i in picked]
    levels = [level[i] for i in picked]
    final_alt = title.alt_text(final) if final is not None else ""
    return Plan(views, view_type, picked, levels, progress, kept, len(seq) - 1, final_alt)


def alt_text(name: str, moves: int, frames: int, final_alt: str) -> str:
    """The animation's alt text: what it shows, then the final board's own alt text (from the
    same spectator view its last frame is drawn from), within Discord's 1,024 characters."""
    head = f"Timelapse of a {name} game: {moves} moves in {frames} frames, setup to the end."
    return text_board.alt_text([head, f"At the end: {final_alt}" if final_alt else ""])


def decode_views(views: list[bytes], view_type: type | None) -> list[Any]:
    if view_type is None:
        return [msgspec.msgpack.decode(v) for v in views]
    return [msgspec.msgpack.decode(v, type=view_type) for v in views]


def draw(
    slug: str, views: list[bytes], view_type: type | None, progress: list[float], width: int
) -> list[tl.Frame]:
    """Frames of `views` (a worker job)."""
    renderer = renderers.get(slug)
    if renderer is None:
        raise LookupError(f"no renderer for {slug}")
    return [
        tl.pack(tl.draw_frame(slug, renderer, v, p, width))
        for v, p in zip(decode_views(views, view_type), progress, strict=True)
    ]


def assemble(frames: list[tl.Frame], times: list[int], max_bytes: int) -> tl.Animation:
    """The animation of the drawn frames (a worker job)."""
    try:
        return tl.assemble(frames, times, max_bytes)
    finally:
        tl.give_back_memory()


async def build(
    spec: Spec,
    *,
    width: int = tl.FRAME_WIDTH,
    max_bytes: int = tl.MAX_BYTES,
    max_frames: int = tl.MAX_FRAMES,
) -> Built:
    """The timelapse of `spec`, drawn in the render workers as background jobs, one timelapse
    at a time. Raises render.timelapse.TooBig when even the smallest fallback is too big."""
    async with catalog.loop_lock("timelapse"):  # one at a time: each holds its frames
        return await _build(spec, width, max_bytes, max_frames)


async def _build(spec: Spec, width: int, max_bytes: int, max_frames: int) -> Built:
    start = time.perf_counter()
    p = await catalog.in_background(plan, spec, max_frames)
    parts = [  # one part at a time, each when the workers draw nothing people wait for
        await catalog.in_background(
            draw,
            spec.slug,
            p.views[lo : lo + CHUNK],
            p.view_type,
            p.progress[lo : lo + CHUNK],
            width,
        )
        for lo in range(0, len(p.views), CHUNK)
    ]
    frames = [f for chunk in parts for f in chunk]
    del parts
    animation = await catalog.in_background(assemble, frames, tl.durations(p.levels), max_bytes)
    del frames
    await asyncio.to_thread(trim_heap)  # the frames passed through here: give them back
    name = _title(spec.slug).name
    description = alt_text(name, p.moves, animation.frames, p.final_alt)
    return Built(animation, p.kept, p.moves, time.perf_counter() - start, description)
