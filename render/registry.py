"""Which renderer draws which title. The renderers shipped in `render/` are listed once, in
`_BUILTIN` (as engine/registry.py lists the titles); extra renderers (the test title's) are loaded
by dotted path from configuration."""

from __future__ import annotations

import importlib

from render.core import Renderer

_RENDERERS: dict[str, Renderer] = {}


def register(renderer: Renderer) -> Renderer:
    _RENDERERS[renderer.slug] = renderer
    return renderer


def get(slug: str) -> Renderer | None:
    return _RENDERERS.get(slug)


def load_path(path: str) -> Renderer:
    module_name, _, attr = path.partition(":")
    module = importlib.import_module(module_name)
    return register(getattr(module, attr or "RENDERER"))


def load_builtin() -> None:
    """Register every renderer shipped in `render/` (each package exposes RENDERER)."""
    for module_name in _BUILTIN:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                continue
            raise
        item = getattr(module, "RENDERER", None)
        if item is None:  # a package without RENDERER is unfinished: not offered
            continue
        register(item)


_BUILTIN = ["render.tidewater", "render.benares", "render.mombasa"]
