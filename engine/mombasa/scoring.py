"""End of game and scoring (spec section 19).

Rules owned: R165-R172.
"""

from __future__ import annotations

from engine.core import Result
from engine.mombasa.state import State


def score(st: State, seat: int) -> int:
    """cash + shares x share value + diamond value + ink-jar value (R166-R170)."""
    raise NotImplementedError


def breakdown(st: State, seat: int) -> dict[str, int]:
    """Per-player breakdown for display."""
    raise NotImplementedError


def result(st: State) -> Result:
    """Highest wins; ties share (R171, R172); tied listed in seat order."""
    raise NotImplementedError
