"""The titles the host offers. Real titles register themselves on import of `engine.titles`;
extra titles (the test title) are loaded by dotted path from configuration."""

from __future__ import annotations

import importlib

from engine.core import Title

_TITLES: dict[str, Title] = {}


def register(title: Title) -> Title:
    if title.slug in _TITLES and type(_TITLES[title.slug]) is not type(title):
        raise ValueError(f"two titles share the slug {title.slug!r}")
    _TITLES[title.slug] = title
    return title


def get(slug: str) -> Title | None:
    return _TITLES.get(slug)


def all_titles() -> list[Title]:
    return sorted(_TITLES.values(), key=lambda t: t.name)


def load_path(path: str) -> Title:
    """Import `package.module:ATTR` and register the Title it names."""
    module_name, _, attr = path.partition(":")
    module = importlib.import_module(module_name)
    title = getattr(module, attr or "TITLE")
    return register(title)


def load_builtin() -> None:
    """Register every title shipped in `engine/` (each package exposes TITLE)."""
    for module_name in _BUILTIN:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:  # a title still being written is simply not offered
            if exc.name and module_name.startswith(exc.name):
                continue
            raise
        item = getattr(module, "TITLE", None)
        if item is None:  # a package without TITLE is unfinished: not offered
            continue
        register(item)


_BUILTIN = ["engine.tidewater", "engine.benares", "engine.mombasa"]
