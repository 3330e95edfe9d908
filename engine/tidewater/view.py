"""What a seat (or a spectator) sees of a Tidewater Lines game: the input of `render/tidewater`.

Tidewater has no hidden information except the future bag order, so every seat and spectators
receive the same view (only `viewer` differs). Field names are stable: add fields, never rename.

Ids used throughout: companies "RED" "BLUE" "GREEN" "YELLOW" (container colours use the same ids);
company hexes "H_RED" ...; ports "P_RED" ... and markets "M_NORTH" "M_SOUTH" "M_FAR"; sea hexes
"a1" "n1" "x" ...; ship slots "S1".."S5"; seats are 0-based ints.
"""

from __future__ import annotations

import msgspec


class DiscView(msgspec.Struct):
    """One time disc. `pos` 0..steps_per_round (0 = Start at round start, steps = Start at end)."""

    seat: int
    pos: int
    level: int  # index in its stack, 0 = bottom
    finished: bool
    is_last: bool  # the rearmost unfinished disc (its owner is the active player)
    is_leader: bool  # the frontmost disc (bottom of the frontmost stack)


class StackView(msgspec.Struct):
    pos: int
    seats: list[int]  # bottom -> top


class TimeTrackView(msgspec.Struct):
    steps_per_round: int
    halfway_step: int
    halfway_enabled: bool  # False with two players (no halfway trigger)
    discs: list[DiscView]
    stacks: list[StackView]  # occupied spaces only, ascending pos


class CompanyHexView(msgspec.Struct):
    id: str
    company: str
    port: str
    containers: int  # all of the company's colour
    capacity: int
    name: str = ""  # display name from the data ("Red company hex")


class PortView(msgspec.Struct):
    id: str
    kind: str  # "company" | "market"
    company: str | None  # for company ports
    bonus: int  # market bonus (0 for company ports)
    sea: list[str]  # touching sea hexes
    ships: list[str]  # companies whose ship is docked here
    name: str = ""  # display name from the data ("Red port", "North Market")


class SeaHexView(msgspec.Struct):
    id: str
    cost: int  # placement cost of a navigation point
    adj: list[str]
    ports: list[str]
    nav: list[str]  # companies with a navigation point on this hex
    name: str = ""  # display name from the data ("sea hex a1")


class MapView(msgspec.Struct):
    company_hexes: list[CompanyHexView]
    ports: list[PortView]
    sea_hexes: list[SeaHexView]


class SlotView(msgspec.Struct):
    id: str  # "S1".."S5"
    kind: str  # "open" | "investment"
    cost: int  # investment cost (0 for open slots)
    open: bool  # can hold a container (open slot, or invested)
    investor: int | None  # seat of the investment disc
    container: str | None  # colour of the container aboard


class ShipView(msgspec.Struct):
    company: str
    port: str
    can_deliver: bool
    sailed_this_window: bool
    slots: list[SlotView]
    reachable: list[str]  # ports the ship could sail to now (by its company's points)


class WageBandView(msgspec.Struct):
    """One row of the wage table: a company whose stock is in min..max pays `wage` per payout."""

    min: int
    max: int
    wage: int


class DemandView(msgspec.Struct):
    position: int  # 1 = front
    colour: str
    price: int


class CompanyView(msgspec.Struct):
    id: str
    name: str  # "Atlas Line" ...
    colour: str
    treasury: int
    stock: int
    stock_seq: int
    wage: int  # wage band at the current stock value
    unissued: int
    pool: int
    outstanding: int  # player-held shares
    ceo: int | None
    nav_supply: int
    nav_on_map: list[str]  # sea hex ids
    hex: str
    home_port: str
    market_rank: int  # 1 = first in stock-market order


class PlayerView(msgspec.Struct):
    seat: int
    label: str
    credits: int
    shares: dict[str, int]  # company -> shares held
    investment_discs: int  # discs left to place
    ceo_of: list[str]
    score: int  # credits + shares x stock (the final score if the game ended now)


class PayoutView(msgspec.Struct):
    """The dividend decision in progress (phase "payout_prompt")."""

    company: str
    ceo: int
    treasury: int  # after the wage
    outstanding: int
    options: list[int]  # affordable dividends per share
    order: list[str]  # the payout order fixed at its start
    done: list[str]  # companies already processed


class LastView(msgspec.Struct):
    """What the last applied choice touched, for highlighting.

    `touched` holds prefixed ids: "disc:2", "ship:RED", "slot:RED:S3", "port:M_FAR",
    "sea:a1", "hex:H_RED", "company:RED", "demand:3", "display:1", "player:1", "stock:RED".
    """

    seat: int | None
    action: str  # e.g. "load", "produce", "nav", "fund", "invest", "advertise", "trade",
    # "sail", "deliver", "dump", "stop", "done", "dividend", "production", "payout", ""
    touched: list[str]
    lines: list[str]  # the event lines of that choice


class MoveView(msgspec.Struct):
    """One applied choice of the public log: who made it, its kind (as `LastView.action`) and
    its event lines."""

    seat: int | None
    action: str
    lines: list[str]


class TidewaterView(msgspec.Struct):
    viewer: int | None
    round: int
    rounds: int
    phase: str  # "turn_window" | "start_window" | "payout_prompt" | "game_over"
    active_seat: int | None  # owner of the last disc (the player whose turn it is)
    deciding_seat: int | None  # who must choose now (the CEO during a payout)
    halfway_done: bool
    first_finisher: int | None
    actions_this_turn: int
    can_stop: bool
    time_track: TimeTrackView
    map: MapView
    ships: list[ShipView]
    demand: list[DemandView]
    display: list[str | None]  # production display, slot order
    bag: dict[str, int]  # containers per colour in the bag
    bag_total: int
    companies: list[CompanyView]  # fixed order RED, BLUE, GREEN, YELLOW
    stock_order: list[str]  # stock-market order, first paid first
    stock_min: int
    stock_max: int
    players: list[PlayerView]
    payout: PayoutView | None
    last: LastView
    variants: list[str]  # enabled variant ids
    scores: dict[int, int] | None = None  # final scores once over
    ranking: list[int] | None = None
    wage_bands: list[WageBandView] = []  # the wage table by stock value, ascending
    # the latest public moves, oldest first (the last one is `last`): enough to cover every
    # move since the deciding seat's previous turn, which the board's "what just happened"
    # banner lists ([] from engines that keep no such log: the banner shows `last` alone)
    recent: list[MoveView] = []
