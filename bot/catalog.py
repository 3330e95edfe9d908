"""The titles (and their renderers) this installation offers, and drawing their images off the
event loop: in worker processes that exit with the bot, and only when the view changed."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TypeVar

import msgspec
from PIL import Image

from bot import metrics
from bot.render_pool import RenderPool, WorkerDied
from engine import registry as titles
from engine.core import Title
from render import registry as renderers
from render.contrast import STANDARD, styled
from render.core import RenderedImage, Renderer, encode

log = logging.getLogger(__name__)
T = TypeVar("T")


def load(extra_titles: list[str] = (), extra_renderers: list[str] = ()) -> None:  # type: ignore[assignment]
    titles.load_builtin()
    renderers.load_builtin()
    for path in extra_titles:
        titles.load_path(path)
    for path in extra_renderers:
        renderers.load_path(path)


def title(slug: str) -> Title | None:
    return titles.get(slug)


def offered() -> list[Title]:
    return titles.all_titles()


def renderer(slug: str) -> Renderer | None:
    return renderers.get(slug)


def draw_board(
    slug: str, view: object, area: int | None = None, palette: str = STANDARD
) -> RenderedImage:
    """The board (or seat `area`'s area) drawn from `view`, with its alt text from the same
    view (`Title.alt_text`), in `palette` (render/contrast.py: only for an image sent to one
    person)."""
    r = renderers.get(slug)
    if r is None:
        raise LookupError(f"no renderer for {slug}")
    stem = "board" if area is None else f"seat{area + 1}"
    part = "board" if area is None else f"area:{area}"
    return encode(_in(r, r.board(view, area), palette), stem, _alt(slug, view, part))


def draw_turn(slug: str, view: object) -> RenderedImage:
    """The turn post's image drawn from `view`. A renderer without one (loaded from elsewhere,
    written before turn images) posts its whole board."""
    r = renderers.get(slug)
    if r is None:
        raise LookupError(f"no renderer for {slug}")
    turn = getattr(r, "turn", None)
    image = turn(view) if turn is not None else r.board(view)
    return encode(image, "board", _alt(slug, view, "board"))


def draw_hand(slug: str, view: object, seat: int, palette: str = STANDARD) -> RenderedImage | None:
    r = renderers.get(slug)
    if r is None:
        return None
    image = r.hand(view, seat)
    if image is None:
        return None
    return encode(_in(r, image, palette), "hand", _alt(slug, view, "hand"))


def _in(r: Renderer, image: Image.Image, palette: str) -> Image.Image:
    """`image` in the person's `palette`: its own palette replaced, not drawn again (the pairs
    of colours the renderer draws text in tell the high-contrast palette what to raise)."""
    if palette == STANDARD:
        return image
    return styled(image, palette, getattr(r, "text_on", ()), getattr(r, "told_apart", ()))


def _alt(slug: str, view: object, part: str) -> str:
    found = title(slug)
    return found.alt_text(view, part) if found is not None else ""


# ---------------------------------------------------------------------------- off the loop
_pool: RenderPool | None = None


def start_render_pool(
    workers: int,
    extra_titles: Sequence[str] = (),
    extra_renderers: Sequence[str] = (),
) -> None:
    """Draw in `workers` separate processes (0: in a thread of this process). Processes keep
    the event loop's core free: drawing a board is pure CPU and holds the GIL most of the time.
    Each worker loads the same titles and renderers as this process, and exits as soon as this
    process is gone, however it ended (`kill -9` included; see `bot.render_worker`)."""
    global _pool
    stop_render_pool()
    images.clear()  # (the titles and renderers may have changed)
    drawn.clear()
    if workers > 0:
        _pool = RenderPool(workers, list(extra_titles), list(extra_renderers))


def _ready() -> None:
    return None


def stop_render_pool() -> None:
    """Stop the workers: jobs not started are dropped, the running ones are finished."""
    global _pool
    if _pool is not None:
        _pool.shutdown()
        _pool = None


_thread_draw = threading.Lock()  # the renderers' caches are not for concurrent threads


def _one_at_a_time(fn: Callable[..., T], *args: object) -> T:
    with _thread_draw:
        return fn(*args)


#: Jobs submitted to the render workers (or the thread) and not finished (a metrics gauge).
_queued = 0


def queue_depth() -> int:
    return _queued


async def _off_loop(fn: Callable[..., T], *args: object) -> T:
    global _queued
    _queued += 1
    try:
        pool = _pool
        if pool is not None and not pool.broken:  # (broken: its workers cannot even start)
            try:
                return await pool.call(fn, *args)
            except WorkerDied:  # draw here this time, and say so
                log.exception("render worker died; drawing in a thread instead")
        return await asyncio.to_thread(_one_at_a_time, fn, *args)
    finally:
        _queued -= 1


#: Drawings someone is waiting for (boards, hands, charts) under way. A background job
#: (a timelapse part) starts only when there is none, one background job at a time, so a burst
#: of finished games never queues turn boards behind it.
_waited = 0
#: How often the next background job looks again whether the workers are free (seconds).
BACKGROUND_POLL = 0.02
_locks: dict[tuple[int, str], asyncio.Lock] = {}


def loop_lock(name: str) -> asyncio.Lock:
    """The event loop's one lock called `name` (asyncio locks belong to one loop)."""
    key = (id(asyncio.get_running_loop()), name)
    lock = _locks.get(key)
    if lock is None:
        lock = _locks[key] = asyncio.Lock()
    return lock


async def off_loop(fn: Callable[..., T], *args: object) -> T:
    """`fn(*args)` in a render worker (a thread when there are none), for a drawing someone
    waits for; `fn` must be a module-level function the workers can import."""
    global _waited
    _waited += 1
    try:
        return await _off_loop(fn, *args)
    finally:
        _waited -= 1


async def in_background(fn: Callable[..., T], *args: object) -> T:
    """`fn(*args)` in a render worker once nothing people wait for is drawn there (FIFO, one
    at a time: only the job next in line looks)."""
    async with loop_lock("background"):
        while _waited:
            await asyncio.sleep(BACKGROUND_POLL)
        return await _off_loop(fn, *args)


def render_workers() -> int:
    """How many render worker processes there are (0: drawing happens in a thread)."""
    return len(_pool.workers) if _pool is not None else 0


def worker_pids() -> list[int]:
    return _pool.pids() if _pool is not None else []


def workers_alive() -> bool:
    """Drawing works as configured: every render worker process is alive and the pool is not
    broken (a worker died: drawing falls back to a thread). No pool: drawing is in a thread."""
    return _pool is None or _pool.alive()


# ---------------------------------------------------------------------------- drawn images
class ImageCache:
    """The last images drawn, by a key (title, what, a digest): bounded by entries and by
    bytes; least recently used go first."""

    def __init__(self, entries: int = 32, max_bytes: int = 16 << 20) -> None:
        self.entries = entries
        self.max_bytes = max_bytes
        self.bytes = 0
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[tuple, RenderedImage | None] = OrderedDict()

    def get(self, key: tuple) -> tuple[bool, RenderedImage | None]:
        if key in self._items:
            self._items.move_to_end(key)
            self.hits += 1
            return True, self._items[key]
        self.misses += 1
        return False, None

    def put(self, key: tuple, image: RenderedImage | None) -> None:
        size = len(image.data) if image is not None else 0
        if size > self.max_bytes:
            return
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= len(old.data)
        self._items[key] = image
        self.bytes += size
        while len(self._items) > self.entries or self.bytes > self.max_bytes:
            _, dropped = self._items.popitem(last=False)
            if dropped is not None:
                self.bytes -= len(dropped.data)

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


#: In the bot: images by the digest of the encoded state they were drawn from (the same state
#: is not sent to a worker again).
images = ImageCache()
#: Where drawing runs (a render worker, or a thread of the bot): images by the digest of the
#: view they were drawn from, so a state that changed only where that view does not look (a
#: hand, the deck's order) is not drawn again. Small: a worker's memory counts.
drawn = ImageCache(entries=4, max_bytes=1 << 20)


def board_of_state(
    slug: str, data: bytes, area: int | None = None, palette: str = STANDARD
) -> RenderedImage:
    """The board of the state encoded as `data`, drawn from its spectator view (runs where
    drawing runs: see `draw_board_async`)."""
    view = _view(slug, data, None)
    what = "board" if area is None else f"area:{area}"
    return _unless_drawn((slug, what, palette), view, draw_board, slug, view, area, palette)


def turn_of_state(slug: str, data: bytes) -> RenderedImage:
    """The turn image of the state encoded as `data`, drawn from its spectator view."""
    view = _view(slug, data, None)
    return _unless_drawn((slug, "turn"), view, draw_turn, slug, view)


def hand_of_state(
    slug: str, data: bytes, seat: int, palette: str = STANDARD
) -> RenderedImage | None:
    """The seat's hand in the state encoded as `data`, drawn from that seat's own view."""
    view = _view(slug, data, seat)
    key = (slug, f"hand:{seat}", palette)
    return _unless_drawn(key, view, draw_hand, slug, view, seat, palette)


def _view(slug: str, data: bytes, seat: int | None) -> object:
    found = title(slug)
    if found is None:
        raise LookupError(f"no title {slug}")
    return found.view(found.decode(data), seat)


def _unless_drawn(key: tuple, view: object, draw: Callable[..., T], *args: object) -> T:
    """`draw(*args)`, unless this view (`key` and the digest of its msgpack) was just drawn."""
    try:
        digest = hashlib.blake2b(msgspec.msgpack.encode(view), digest_size=16).digest()
    except (TypeError, ValueError):  # a view of plain data that does not encode
        return draw(*args)
    found, kept = drawn.get((*key, digest))
    if found:
        return kept  # type: ignore[return-value]
    image = draw(*args)
    drawn.put((*key, digest), image)  # type: ignore[arg-type]
    return image


async def _cached(key: tuple, fn: Callable[..., T], *args: object) -> T:
    found, kept = images.get(key)
    if found:
        return kept  # type: ignore[return-value]
    t0 = time.perf_counter()
    image = await off_loop(fn, *args)
    metrics.render(str(args[0]), time.perf_counter() - t0)  # (args[0]: the title's slug)
    images.put(key, image)  # type: ignore[arg-type]
    return image


def state_key(slug: str, what: str, data: bytes) -> tuple:
    """(title, what, blake2b of the encoded state)."""
    return (slug, what, hashlib.blake2b(data, digest_size=16).digest())


async def draw_board_async(
    slug: str, state: bytes, area: int | None = None, palette: str = STANDARD
) -> RenderedImage:
    """The board of `state` (the title's encoding of it, as a snapshot stores it), or one
    seat's area of it, in `palette` (another than the standard one only for an image sent to
    one person). The view is built, drawn and encoded off the event loop (in a worker
    process, or a thread), and only for a state not just drawn: sending the encoded state,
    made anyway for the snapshot, costs the bot less than building the view and encoding it
    (bench.e2e_ab)."""
    what = "board" if area is None else f"area:{area}"
    key = (*state_key(slug, what, state), palette)
    return await _cached(key, board_of_state, slug, state, area, palette)


async def draw_turn_async(slug: str, state: bytes) -> RenderedImage:
    """The turn post's image of `state` (encoded), drawn like `draw_board_async`; the whole
    board is drawn only when someone asks for it."""
    return await _cached(state_key(slug, "turn", state), turn_of_state, slug, state)


async def draw_hand_async(
    slug: str, state: bytes, seat: int, palette: str = STANDARD
) -> RenderedImage | None:
    """The seat's hand in `state` (encoded), drawn from that seat's own view, in the palette
    its holder chose."""
    key = (*state_key(slug, f"hand:{seat}", state), palette)
    return await _cached(key, hand_of_state, slug, state, seat, palette)
