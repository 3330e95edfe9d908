"""The game state: plain msgspec Structs, JSON-serialisable, carrying the game's own Rng.

Seats are 0-based. Resolution is a LIFO stack of small `Task`s (engine/kit/tasks.py): automatic
tasks run at once, decision tasks wait for the deciding seat's choice (see moves.py). This keeps every cascade
(Advisor rewards, Concessions, post effects, sales) depth-first and resumable between choices.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from engine.kit.tasks import Task
from engine.rng import Rng


class Slot(msgspec.Struct, frozen=True):
    """A Company board space: the card played there this round and the mode of the play.
    Frozen: a play puts a new Slot in place, so state copies may share them (clone.py)."""

    card: str = ""
    mode: str = ""  # "" | development | logistics | skip


class Company(msgspec.Struct):
    treasury: int
    discs: int = 0
    vp: int = 0
    hand: list[str] = msgspec.field(default_factory=list)
    board: list[Slot] = msgspec.field(default_factory=list)
    boat: str = ""
    hold: dict[str, int] = msgspec.field(default_factory=dict)
    capacity: int = 4
    crate_cost: int = 1
    move_bonus: int = 0
    load_bonus: int = 0
    rows: dict[str, int] = msgspec.field(default_factory=dict)
    goods: dict[str, int] = msgspec.field(default_factory=dict)
    posts: list[str] = msgspec.field(default_factory=list)  # index 0 = Post space 8, then 7 ...
    concessions_used: list[str] = msgspec.field(default_factory=list)
    investments: list[str] = msgspec.field(default_factory=list)  # "fleet:I"
    passed: bool = False


class Mix(msgspec.Struct):
    """VARIANT Intertwined blocks: a Load and a Move of one play, resolved unit by unit."""

    move_ref: str
    load_ref: str
    move_left: int = -1  # -1: the Move has not started
    visited: list[str] = msgspec.field(default_factory=list)
    move_done: bool = False
    loaded: int = 0
    load_done: bool = False
    fleet: bool = False


#: How many public log lines `State.recent` keeps: more than a 4-seat round's worth.
RECENT_KEEP = 60


class Logged(msgspec.Struct, array_like=True):
    seat: int | None
    text: str


class State(msgspec.Struct):
    seats: int
    options: dict[str, str]
    rng: Rng
    companies: list[Company]
    crates: dict[str, int]  # map space -> crates on it
    crate_supply: dict[str, int]
    post_supply: dict[str, int]
    round: int = 1
    phase: str = "boats"  # boats | action | administration | over
    step: str = ""  # administration sub-step
    first_player: int = 0
    turns_taken: int = 0  # turns taken in this Action phase (all players)
    deck: list[str] = msgspec.field(default_factory=list)
    discard: list[str] = msgspec.field(default_factory=list)
    first_buyers: dict[str, int] = msgspec.field(default_factory=dict)
    stack: list[Task] = msgspec.field(default_factory=list)
    sale: dict[str, int] = msgspec.field(default_factory=dict)
    mix: Mix | None = None
    last: list[str] = msgspec.field(default_factory=list)
    last_text: list[str] = msgspec.field(default_factory=list)
    #: The latest public log lines with the seat deciding when each was written, oldest first
    #: (at most RECENT_KEEP): the board's "since your last turn" banner. Not a rule.
    recent: list[Logged] = msgspec.field(default_factory=list)

    #: Do the rules write log lines and highlights (`last`, `last_text`, `recent`) on this
    #: state? A class attribute, not a field: it is never stored.
    logged: ClassVar[bool] = True


class Draft(State):
    """A search's copy of the state (clone.draft): the same fields and rules, but no log lines
    or highlights are written on it (text.log, text.touch), as nobody reads them there."""

    logged: ClassVar[bool] = False
