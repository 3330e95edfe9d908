"""Prompts and choices for the host (spec sections 2, 23): who decides now, menus built as
drafts (R192), secret prompts for the simultaneous decisions (starting tile, planning, pile pickup),
forced defaults (R184, R189).

Rules owned: R179-R184, R187, R194 (views/visibility), R189 (defaults).
"""

from __future__ import annotations

from engine.core import Prompt
from engine.mombasa.state import State


def prompts(st: State) -> list[Prompt]:
    """Every seat that must decide now."""
    raise NotImplementedError


def choices(st: State, seat: int, draft: tuple[str, ...]) -> Prompt | None:
    """The next menu after `draft`."""
    raise NotImplementedError


def default_choice(st: State, seat: int) -> str:
    """R184/R189 default decision for an absent seat."""
    raise NotImplementedError
