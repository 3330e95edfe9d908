"""The game state (spec section 22.1): plain msgspec Structs, JSON round-trippable."""

from __future__ import annotations

from functools import cached_property

import msgspec

from engine.rng import Rng
from engine.tidewater.data import Rules, rules_for

#: Phases of the game.
TURN = "turn_window"
START = "start_window"
PAYOUT = "payout_prompt"
OVER = "game_over"


class Player(msgspec.Struct):
    credits: int
    inv_discs: int
    pos: int = 0
    shares: dict[str, int] = {}
    #: share-transaction number at which each holding reached its current count (CEO ties).
    since: dict[str, int] = {}


class Company(msgspec.Struct):
    id: str
    treasury: int
    stock: int
    stock_seq: int
    unissued: int
    pool: int = 0
    ceo: int | None = None
    nav_supply: int = 0
    nav: list[str] = []  # sea hexes holding this company's points
    hex_containers: int = 0


class Slot(msgspec.Struct):
    investor: int | None = None
    container: str | None = None


class Ship(msgspec.Struct):
    port: str
    slots: list[Slot]
    can_deliver: bool = False
    sailed: bool = False  # has sailed in the current window


class Payout(msgspec.Struct):
    order: list[str]  # stock-market order fixed at the start (R112)
    index: int = 0  # company being processed
    options: list[int] = []  # dividend options of the company awaiting its CEO


class Last(msgspec.Struct):
    seat: int | None = None
    action: str = ""
    touched: list[str] = []
    lines: list[str] = []


#: How many moves `State.recent` keeps: more than a 4-seat round's worth.
RECENT_KEEP = 40


class State(msgspec.Struct, dict=True):
    seats: int
    variants: list[str]
    rng: Rng
    players: list[Player]
    companies: list[Company]  # data order (RED, BLUE, GREEN, YELLOW)
    ships: list[Ship]  # same order
    stacks: list[list[int]]  # per pos 0..steps, seats bottom -> top
    bag: dict[str, int]  # colour -> count
    display: list[str | None]
    queue: list[str]  # demand markers, front first
    round: int = 1
    phase: str = TURN
    active: int = 0  # owner of the last disc (whose turn it is)
    actions_this_turn: int = 0
    halfway_done: bool = False
    first_finisher: int | None = None
    payout: Payout | None = None
    stock_counter: int = 0
    share_counter: int = 0
    last: Last = msgspec.field(default_factory=Last)
    #: The latest public moves, oldest first (at most RECENT_KEEP): the board's "since your
    #: last turn" banner. Not a rule: what players would see scrolling up the log.
    recent: list[Last] = msgspec.field(default_factory=list)

    @cached_property
    def rules(self) -> Rules:
        """The game's rules data (not serialised; rebuilt from `variants` after decoding)."""
        return rules_for(tuple(self.variants))

    def company(self, cid: str) -> Company:
        return self.companies[self.rules.cindex[cid]]

    def ship(self, cid: str) -> Ship:
        return self.ships[self.rules.cindex[cid]]
