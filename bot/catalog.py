"""The titles (and their renderers) this installation offers."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

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


# ---------------------------------------------------------------------------- off the loop
_pool: ProcessPoolExecutor | None = None


def start_render_pool(
    workers: int,
    extra_titles: list[str] = (),
    extra_renderers: list[str] = (),  # type: ignore[assignment]
) -> None:
    """Draw in `workers` separate processes (0: in a thread of this process). Processes keep
    the event loop's core free: drawing a board is pure CPU and holds the GIL most of the time.
    Each worker loads the same titles and renderers as this process."""
    global _pool
    stop_render_pool()
    if workers > 0:
        _pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=load,
            initargs=(list(extra_titles), list(extra_renderers)),
        )


def stop_render_pool() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


async def _off_loop(fn: Callable[..., T], *args: object) -> T:
    pool = _pool
    if pool is not None:
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        except BrokenProcessPool:  # a worker died: draw here this time, and say so
            log.exception("render worker died; drawing in a thread instead")
    return await asyncio.to_thread(fn, *args)


async def draw_board_async(slug: str, view: object, area: int | None = None) -> RenderedImage:
    """Drawing and encoding run off the event loop (a worker process, or a thread)."""
    return await _off_loop(draw_board, slug, view, area)


async def draw_hand_async(slug: str, view: object, seat: int) -> RenderedImage | None:
    return await _off_loop(draw_hand, slug, view, seat)
