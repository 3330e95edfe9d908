"""The titles (and their renderers) this installation offers, and drawing their images off the
event loop: in worker processes that exit with the bot, and only when the view changed."""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

import msgspec

from bot import metrics
from bot.render_pool import RenderPool, WorkerDied
from engine import registry as titles
from engine.core import Title
from render import registry as renderers
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


def draw_board(slug: str, view: object, area: int | None = None) -> RenderedImage:
    r = renderers.get(slug)
    if r is None:
        raise LookupError(f"no renderer for {slug}")
    stem = "board" if area is None else f"seat{area + 1}"
    return encode(r.board(view, area), stem)


def draw_hand(slug: str, view: object, seat: int) -> RenderedImage | None:
    r = renderers.get(slug)
    if r is None:
        return None
    image = r.hand(view, seat)
    return None if image is None else encode(image, "hand")


class Packed(NamedTuple):
    """A view as msgpack bytes and the path of its type (`module:qualname`): sent to a render
    worker instead of the view itself, since the bytes are made anyway for the view's cache
    key (`view_key`), and pickling the view cost more than encoding it."""

    kind: str
    data: bytes


def pack(view: object) -> Packed | None:
    """None when the view does not encode (it is then sent as it is, and never cached)."""
    try:
        data = msgspec.msgpack.encode(view)
    except (TypeError, ValueError):
        return None
    kind = type(view)
    return Packed(f"{kind.__module__}:{kind.__qualname__}", data)


@lru_cache(maxsize=64)
def _view_type(kind: str) -> type:
    module, _, name = kind.partition(":")
    found: Any = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part)
    return found


def unpack(packed: Packed) -> object:
    return msgspec.msgpack.decode(packed.data, type=_view_type(packed.kind))


def draw_packed_board(slug: str, packed: Packed, area: int | None = None) -> RenderedImage:
    return draw_board(slug, unpack(packed), area)


def draw_packed_hand(slug: str, packed: Packed, seat: int) -> RenderedImage | None:
    return draw_hand(slug, unpack(packed), seat)


# ---------------------------------------------------------------------------- off the loop
_pool: RenderPool | None = None


def start_render_pool(
    workers: int,
    extra_titles: list[str] = (),
    extra_renderers: list[str] = (),  # type: ignore[assignment]
) -> None:
    """Draw in `workers` separate processes (0: in a thread of this process). Processes keep
    the event loop's core free: drawing a board is pure CPU and holds the GIL most of the time.
    Each worker loads the same titles and renderers as this process, and exits as soon as this
    process is gone, however it ended (`kill -9` included; see `bot.render_worker`)."""
    global _pool
    stop_render_pool()
    images.clear()  # (the titles and renderers may have changed)
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
    """The last images drawn, by (title, what, hash of the view): the same view is never drawn
    twice while it is here. Bounded by entries and by bytes; least recently used go first."""

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


images = ImageCache()


def view_key(slug: str, what: str, packed: Packed) -> tuple:
    """(title, what, view type, blake2b of the encoded view)."""
    digest = hashlib.blake2b(packed.data, digest_size=16).digest()
    return (slug, what, packed.kind, digest)


async def _cached(key: tuple | None, fn: Callable[..., T], *args: object) -> T:
    if key is not None:
        found, image = images.get(key)
        if found:
            return image  # type: ignore[return-value]
    t0 = time.perf_counter()
    image = await off_loop(fn, *args)
    metrics.render(str(args[0]), time.perf_counter() - t0)  # (args[0]: the title's slug)
    if key is not None:
        images.put(key, image)  # type: ignore[arg-type]
    return image


async def _draw(
    slug: str,
    what: str,
    view: object,
    plain: Callable[..., T],
    packed_fn: Callable[..., T],
    arg: Any,
) -> T:
    """`packed_fn(slug, packed view, arg)` unless this view was just drawn; `plain(slug, view,
    arg)`, never cached, for a view that does not encode."""
    packed = pack(view)
    if packed is None:
        return await _cached(None, plain, slug, view, arg)
    return await _cached(view_key(slug, what, packed), packed_fn, slug, packed, arg)


async def draw_board_async(slug: str, view: object, area: int | None = None) -> RenderedImage:
    """Drawing and encoding run off the event loop (a worker process, or a thread), and only
    when this view has not just been drawn."""
    what = "board" if area is None else f"area:{area}"
    return await _draw(slug, what, view, draw_board, draw_packed_board, area)


async def draw_hand_async(slug: str, view: object, seat: int) -> RenderedImage | None:
    return await _draw(slug, f"hand:{seat}", view, draw_hand, draw_packed_hand, seat)
