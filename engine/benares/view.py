"""The view of a Benares & Calcutta game: what one seat (or a spectator) may see.

Renderers and public messages only ever receive these Structs (never the state). Field names are
stable: new fields may be added, none renamed.

Conventions
-----------
* Seats are 0-based indexes (seat 0 is "Seat 1", the round-1 first player).
* Goods ids: indigo, silk, cotton, saltpetre. Pawn/track ids: benares, calcutta, advisor.
  Post types: north, south, east, west, regional. Sectors: fleet, warehouses, bank, estates;
  levels "I", "II", "III". Map space ids: BEN, W1..W3, N1..N3, S1..S3, E1..E6, CAL.
* `last` lists what the most recent turn (or investment pick / boat placement) touched, as ids:
    "space:<seat>:<n>"        company board space n (1..6) of that seat (the card just played)
    "map:<space id>"          a map space (boat moved from / to, crates loaded)
    "boat:<seat>"             that seat's boat
    "pawn:<seat>:<track>"     a market pawn (benares / calcutta / advisor)
    "goods:<seat>:<good>"     a Goods marker
    "post:<seat>:<n>"         Post track space n (1..8) that just got a post
    "concession:<seat>:<good>" a Concession just triggered
    "treasury:<seat>", "discs:<seat>", "vp:<seat>", "hold:<seat>"
    "cell:<seat>:<sector>:<level>"  an Investment cell just bought
    "market"                  the market adjustment moved pawns

Frozen Structs (cards, board spaces, connections, rewards) are shared between views: the viewer
builds each once.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

import msgspec


class CardView(msgspec.Struct, frozen=True):
    """A card face. `dev_*` describe the Development half, `log_*` the Logistics half."""

    id: str
    dev_text: str  # e.g. "Silk +1", "Benares pawn +1", "North post", "Income ₹2"
    log_text: str  # e.g. "Load 3", "Move 4"
    dev_kind: str  # market | goods | post | income
    dev_target: str  # pawn / good / post type / "wild" / "any"; "" for income
    dev_amount: int  # steps (market, goods) or rupees (income); 0 for posts
    log_kind: str  # load | move
    log_qty: int


class SpaceView(msgspec.Struct, frozen=True):
    """One of the six Company board spaces."""

    space: int  # 1..6
    mult: int  # Development multiplier
    development: str  # text of the company Development action
    logistics: str  # text of the company Logistics action
    card: CardView | None = None  # the card played here this round (public)
    mode: str = ""  # "" (empty) | development | logistics | skip


class CompanyView(msgspec.Struct):
    seat: int
    label: str  # "Seat 1"
    colour: str  # hex "#rrggbb"
    colour_name: str
    treasury: int  # 0..9
    discs: int  # Profit discs
    vp: int  # VP earned during play so far
    boat: str  # map space id, "" before boat placement
    hold: dict[str, int]  # good -> crates in hold
    capacity: int
    rows: dict[str, int]  # benares / calcutta / advisor -> row 0..10
    crate_value: dict[str, int]  # benares / calcutta -> rupees per crate (without premium)
    goods: dict[str, int]  # good -> Goods marker position 0..8
    post_track: list[str]  # 8 entries, index i = Post space i+1; "" = open
    posts_placed: int
    agency_column: int  # 8 - posts_placed
    concessions_used: list[str]  # goods whose Concession has triggered
    investments: list[str]  # "fleet:I", "bank:II", ...
    board: list[SpaceView]  # the six spaces
    hand_count: int
    hand: list[CardView] | None = None  # full cards only for the viewing seat (or open hands)
    passed: bool = False  # passed in the current Investment step
    score: int | None = None  # final score once the game is over
    fleet_bonus: int = 0  # extra Move steps available (Fleet II)
    load_bonus: int = 0  # extra crates per Load (Warehouses II)
    crate_cost: int = 1  # rupees per crate loaded


class MapSpaceView(msgspec.Struct):
    id: str
    name: str
    region: str  # W / N / S / E, or "city"
    source: str  # good id, or "" for no source
    crates: int  # crates on the space now
    boats: list[int]  # seats whose boat is here


class ConnectionView(msgspec.Struct, frozen=True):
    a: str
    b: str
    cost: int
    name: str = ""  # shortcut name, "" for a river connection
    shortcut: bool = False


class RewardView(msgspec.Struct, frozen=True):
    row: int
    text: str


class CellView(msgspec.Struct):
    """One Investment grid cell."""

    sector: str
    level: str  # I / II / III
    cost: int  # Profit discs
    vp: int
    first_buyer_bonus: int
    text: str
    owners: list[int]  # seats owning it
    first_buyer: int | None = None  # seat that bought it first in the game


class _Seated(Protocol):
    seat: int | None


L = TypeVar("L", bound=_Seated)


def since_last_turn(log: list[L], seat: int | None) -> list[L]:
    """The tail of a public log that `seat` has not acted in: its turn in progress (if any)
    and, before that, everything back to its previous decision. `log` holds LogEntry lines,
    or the state's own (the viewer cuts the tail before it builds its LogEntry lines)."""
    if seat is None:
        return log[-6:]
    i = len(log)
    while i > 0 and log[i - 1].seat == seat:  # the seat's own turn, still going on
        i -= 1
    j = i
    while j > 0 and log[j - 1].seat != seat:
        j -= 1
    return log[j:]


class LogEntry(msgspec.Struct):
    """One public log line and the seat whose decision wrote it (None: the game's own steps,
    such as the market adjustment or a refresh)."""

    seat: int | None
    text: str


class BenaresView(msgspec.Struct):
    title: str
    seats: int
    viewer: int | None  # the seat this view is for; None = spectator
    round: int  # 1 or 2
    phase: str  # boats | action | administration | over
    step: str  # "" | adjustment | investment (during administration)
    first_player: int
    current: int | None  # seat that must decide now, None when over
    prompt_text: str  # what the current player is deciding
    status: str  # one-line status
    companies: list[CompanyView]
    map_spaces: list[MapSpaceView]
    connections: list[ConnectionView]
    market: dict[str, list[int]]  # track -> row of each seat's pawn (index = seat)
    advisor_rewards: list[RewardView]
    investment: list[CellView]
    crate_supply: dict[str, int]
    post_supply: dict[str, int]
    deck_count: int  # cards left undealt (face down)
    last: list[str]  # ids touched by the last turn (see module docstring)
    last_text: list[str]  # the readable log lines of the last turn
    options: dict[str, str]
    over: bool = False
    final_scores: list[int] | None = None  # by seat, once over
    ranking: list[int] | None = None  # seats best first, once over
    # Public, constant data for reading a company board (from data.yaml):
    # good -> short effect text of its Concession, parts joined by ", "
    # (e.g. "+1 Profit disc, +1 VP"); the good's name is the key, not part of the text.
    concession_text: dict[str, str] = msgspec.field(default_factory=dict)
    # end-game VP of a Goods marker at lane position i (index = position 0..8)
    goods_lane_vp: list[int] = msgspec.field(default_factory=list)
    # The public log lines since the previous turn of the seat the game now waits for (`current`),
    # oldest first, each with its seat: what that seat has missed. Empty when the builder does not
    # know the log (the renderer then shows `last_text`).
    recent: list[LogEntry] = msgspec.field(default_factory=list)
