"""Round structure: planning, turns, pass, preparation (spec sections 7-9, 17, 18).

Rules owned: R69-R85, R159-R165, R187, R189, R191-R193, R201.
"""

from __future__ import annotations

from engine.core import Event
from engine.mombasa.state import State


def start_planning(st: State) -> list[Event]:
    """Open the simultaneous planning decision (R71-R73)."""
    raise NotImplementedError


def confirm_plan(st: State, seat: int, slots: list[str], tile_face: int) -> list[Event]:
    """Store a confirmed plan (final, R75, R193); reveal when the last confirms (R74)."""
    raise NotImplementedError


def reveal(st: State) -> list[Event]:
    """R74: all plans face up into the action areas at once."""
    raise NotImplementedError


def start_turn(st: State) -> list[Event]:
    """R201: activate pending bonuses, then legal actions, then R83 auto-pass."""
    raise NotImplementedError


def pass_turn(st: State, seat: int) -> list[Event]:
    """R81, R82, R84."""
    raise NotImplementedError


def next_turn(st: State) -> list[Event]:
    """Seat order skipping passed players; end of action phase (R77, R81)."""
    raise NotImplementedError


def preparation(st: State) -> list[Event]:
    """R159-R164 in the order of R164 (pile choices collected per R191)."""
    raise NotImplementedError
