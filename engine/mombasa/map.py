"""Map and the expand action (spec sections 10.2, 12; data section 21.10).

Rules owned: R98-R110 (expand; R107 via bases.take_post, R105/R154 via bases.return_post),
R176 (reward order for area rewards), R195, R198.
"""

from __future__ import annotations

from engine.core import Event
from engine.mombasa.state import State


def expansion_value(st: State, seat: int) -> int:
    """R100: face-up expansion cards + expansion tile + active A1 bonus (R29-R31)."""
    raise NotImplementedError


def legal_targets(st: State, company: str, points_left: int, placed: list[str]) -> dict[str, int]:
    """Areas reachable now -> cost (R102-R104, R106)."""
    raise NotImplementedError


def place_post(st: State, seat: int, company: str, area: str, column: int | None, return_column: int | None) -> list[Event]:
    """One placement: take post, displace, reward (R105, R107, R108)."""
    raise NotImplementedError


def expand(st: State, seat: int, company: str, steps: list[tuple[str, int | None, int | None]]) -> list[Event]:
    """The whole action: use all expansion cards, place posts, turn cards face down (R98-R110)."""
    raise NotImplementedError
