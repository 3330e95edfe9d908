"""Place one bonus marker: board bonus spaces and the extra track spaces (spec section 10.5,
11.5, 11.6; data sections 21.4, 21.11).

Rules owned: R19-R23, R25-R28 (either/or), R32-R34, R42-R52 (extra space effects), R130-R141,
R149, R150, R186, R188, R200, R204.
"""

from __future__ import annotations

from engine.core import Event
from engine.mombasa.state import State


def available_markers(st: State, seat: int) -> int:
    """R141, R204: 2 + active marker bonus + milestone, minus placed."""
    raise NotImplementedError


def legal_spaces(st: State, seat: int) -> list[str]:
    """Free spaces whose requirement can be met (R131-R133, R27, R28, R186)."""
    raise NotImplementedError


def place_marker(st: State, seat: int, space: str, args: dict[str, str]) -> list[Event]:
    """Requirement then reward, as far as possible (R133, R175, R176)."""
    raise NotImplementedError


def on_bonus_activated(st: State, seat: int, company: str, index: int) -> list[Event]:
    """R204: marker bonus leaves the box when it becomes active."""
    raise NotImplementedError
