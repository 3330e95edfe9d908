"""The titles (and their renderers) this installation offers."""

from __future__ import annotations

import asyncio

from engine import registry as titles
from engine.core import Title
from render import registry as renderers
from render.core import RenderedImage, Renderer, encode


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


async def draw_board_async(slug: str, view: object, area: int | None = None) -> RenderedImage:
    """Drawing and encoding run in a worker thread, off the event loop."""
    return await asyncio.to_thread(draw_board, slug, view, area)


async def draw_hand_async(slug: str, view: object, seat: int) -> RenderedImage | None:
    return await asyncio.to_thread(draw_hand, slug, view, seat)
