"""Use goods cards, card prices and the card display (spec sections 10.1, 16).

Rules owned: R35-R41 (discount / cotton effects), R86-R97, R156-R158, R203.
"""

from __future__ import annotations

from engine.core import Event
from engine.mombasa.state import State


def units(st: State, seat: int, unit_type: str) -> int:
    """Section 9.2 count for majorities and books (R29-R31, R40, R41, R80, R84, R85)."""
    raise NotImplementedError


def price(st: State, seat: int, row: int, col: int, goods_used: list[str], in_pounds: bool) -> int:
    """R90, R150, R203: crate + modifier - discount, floor 0."""
    raise NotImplementedError


def use_goods(st: State, seat: int, cards: list[str], buy: tuple[int, int] | None, allocation: list[tuple[str, int]]) -> list[Event]:
    """The goods action (R86-R97); moves via tracks.advance."""
    raise NotImplementedError


def prepare_display(st: State) -> list[Event]:
    """R157: discard right column, slide right, refill in fill order."""
    raise NotImplementedError
