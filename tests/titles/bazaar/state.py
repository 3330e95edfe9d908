"""The game state: plain msgspec Structs, JSON round-trippable, carrying the game's own Rng."""

from __future__ import annotations

import msgspec

from engine.rng import Rng


class Card(msgspec.Struct, frozen=True):
    colour: str
    value: int

    @property
    def key(self) -> str:
        return f"{self.colour}-{self.value}"

    def words(self) -> str:
        return f"{self.colour} {self.value}"


class Stall(msgspec.Struct):
    colour: str
    cards: list[Card] = []  # bottom -> top; only the top card counts
    owner: int | None = None


class SeatState(msgspec.Struct):
    coins: int
    points: int = 0
    hand: list[Card] = []
    bid: int | None = None  # this round's bid (secret until every seat has bid)


class BazaarState(msgspec.Struct):
    rng: Rng
    rounds: int
    seats: list[SeatState]
    stalls: list[Stall]
    deck: list[Card]
    round: int = 1
    phase: str = "bid"  # bid | play | over
    order: list[int] = []  # this round's turn order
    turn: int = 0  # index into order
    last_action: list[str] = []  # touched ids for highlighting: "stall:12", "seat:1"


def current(state: BazaarState) -> int | None:
    """The seat whose turn it is (None while bidding or once over)."""
    return state.order[state.turn] if state.phase == "play" else None
