"""Diamond track and the diamond-merchant action (spec sections 10.4, 15).

Rules owned: R126-R129.
"""

from __future__ import annotations

from engine.core import Event
from engine.mombasa.state import State


def diamond_steps(st: State, seat: int, steps: int) -> list[Event]:
    """Move the diamond marker; milestones (slot 1); £2 per step beyond the end (R127, R128)."""
    raise NotImplementedError


def use_diamond_merchant(st: State, seat: int, card: str) -> list[Event]:
    """R126: one face-up diamond merchant, then face down."""
    raise NotImplementedError
