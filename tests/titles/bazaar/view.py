"""The view: what one seat (or a spectator, `viewer` None) may see; built by viewer.py, drawn
by tests/titles/bazaar_render.py, which never sees the state."""

from __future__ import annotations

import msgspec

from tests.titles.bazaar.state import Card


class SeatView(msgspec.Struct):
    seat: int
    label: str
    coins: int
    points: int
    hand_size: int
    has_bid: bool
    bid: int | None  # own bid, or everybody's once revealed
    hand: list[Card] | None  # only in the seat's own view


class StallView(msgspec.Struct):
    number: int  # 1-based
    colour: str
    top: Card | None
    owner: int | None
    depth: int


class BazaarView(msgspec.Struct):
    viewer: int | None
    round: int
    rounds: int
    phase: str
    current: int | None
    order: list[int]
    seats: list[SeatView]
    stalls: list[StallView]
    deck_size: int
    last_action: list[str]
