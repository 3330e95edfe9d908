"""Bookkeeping (spec sections 10.3, 14; data sections 21.8, 21.9, 21.13).

Rules owned: R111-R125 (bookkeeper action, bookkeeping points, milestones on the bookkeeping
track, book display refills). Keep `use_bookkeeping_point` and `use_bookkeeper` isolated (14.1).
"""

from __future__ import annotations

from engine.core import Event
from engine.mombasa.state import State


def use_bookkeeping_point(st: State, seat: int, tile: str | None) -> list[Event]:
    """R120-R124: fill the leftmost empty position, or £2 overflow."""
    raise NotImplementedError


def can_enter(st: State, seat: int, position: int) -> str:
    """R113-R116: 'free' | 'met' | 'flip' | 'blocked'."""
    raise NotImplementedError


def use_bookkeeper(st: State, seat: int, card: str, target: int) -> list[Event]:
    """R111-R119: points, then ink-jar movement, milestones, stop reward."""
    raise NotImplementedError


def refill_display(st: State) -> None:
    """R125: every row to players + 1."""
    raise NotImplementedError
