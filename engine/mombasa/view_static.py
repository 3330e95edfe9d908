"""What every Mombasa view needs that depends on the game data only: the card faces, the map's
borders, the texts of special track bonuses and of the bonus spaces; and texts the rules write
again and again for the menus, the log and the automatic player's trials (book texts, the
expand menu's area labels).

The view is rebuilt for the public and for every seat after each move; these parts used to be
recomputed each time. They are pure functions of the data, so they are kept per data object (a
new data object starts afresh). Only immutable values are kept and handed out (frozen `Face`s,
tuples, strings); lists are copied by the caller."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engine.mombasa.data import Data, data
from engine.mombasa.view_types import Face

K = TypeVar("K")
V = TypeVar("V")


class Static:
    """The data-only parts, for one data object."""

    def __init__(self, d: Data) -> None:
        self.data = d
        self.borders: list[tuple[str, str, int]] = sorted(
            {(min(a, b), max(a, b), c) for a, nb in d.neighbours.items() for b, c in nb.items()}
        )
        self.area_ids: tuple[str, ...] = tuple(d.areas)
        self.area_index: dict[str, int] = {a: i for i, a in enumerate(self.area_ids)}
        self.faces: dict[str, Face] = {}
        self.bonus_texts: dict[tuple[str, int], str] = {}
        self.space_labels: dict[str, tuple[str, str]] = {}
        self.book_texts: dict[str, str] = {}
        self.card_letters: dict[str, str] = {}  # card id -> its letter (hidden.py)
        self.area_labels: dict[tuple[object, str], str] = {}
        #: map.legal_targets by (company, points, the map's items); map.py bounds its size
        self.targets: dict[tuple[str, int, tuple[tuple[str, str], ...]], dict] = {}


_CURRENT: list[Static] = []


def static() -> Static:
    """The data-only parts for the current data."""
    d = data()
    if not _CURRENT or _CURRENT[0].data is not d:
        _CURRENT[:] = [Static(d)]
    return _CURRENT[0]


def memo(table: dict[K, V], key: K, make: Callable[[K], V]) -> V:
    """`table[key]`, made by `make(key)` the first time (nothing is kept when it raises)."""
    v = table.get(key)
    if v is None:
        v = table[key] = make(key)
    return v
