"""The structures of `MombasaView` (what a seat, or the public, may see; built by viewer.py).

The frozen ones are pure functions of what they show, and viewer.py keeps them (view_static.py)
and shares them between views: a renderer only reads a view."""

from __future__ import annotations

import msgspec


class Face(msgspec.Struct, array_like=True, frozen=True):
    """A card face: id, data kind, type, crate value and a short text ("Bananas 2")."""

    id: str
    kind: str
    type: str  # goods | expansion | bookkeeper | diamond_merchant | share
    crate: int
    text: str
    amount: int  # units / expansion value / points / diamond steps / shares
    good: str = ""  # goods: bananas | cotton | coffee; share: the company


class Special(msgspec.Struct):
    index: int  # 0 first, 1 second
    space: int
    pounds: int
    bonus: str  # short text of the special track bonus
    arrivals: list[int]  # seats in arrival order


class Company(msgspec.Struct):
    id: str
    name: str
    side: str  # "A1" .. "D2"
    family: str  # permanent | extra_spaces
    last_space: int
    share_icons: list[tuple[int, int]]  # (space, shares)
    capital_calls: list[tuple[int, int]]  # (before space, pounds)
    specials: list[Special]
    markers: list[int]  # space of each seat's marker (index = seat)
    extra_spaces: list[int]  # C/D: occupant seat of extra bonus space 0 / 1 (-1 free); else []
    columns: list[list[int]]  # base coin columns, top to bottom
    covered: list[int]  # posts covering the bottom n spaces of each column
    reserve: int
    share_value: int
    posts_on_map: int


class Area(msgspec.Struct, array_like=True, frozen=True):
    id: str
    name: str
    xy: tuple[int, int]  # on the 1000 x 1000 grid (R198)
    reward: list[tuple[str, int]]
    company: str  # "" = no post
    number: int  # shown on the map and in the expand menus (map.area_number)


class DisplayCard(msgspec.Struct, frozen=True):
    row: int
    col: int  # 0 left, 1 middle, 2 right
    modifier: int
    card: Face | None
    price: int  # crate + modifier, before any discount (0 when empty)


class Book(msgspec.Struct, array_like=True, frozen=True):
    id: str
    letter: str
    req: list[tuple[str, int]]
    reward: list[tuple[str, int]]


class BookPos(msgspec.Struct, array_like=True, frozen=True):
    position: int  # 1..13
    tile: Book | None
    face_up: bool
    left_empty: bool


class BonusSpace(msgspec.Struct, array_like=True, frozen=True):
    id: str
    kind: str  # majority | tile | buy | sell | study | extra
    label: str
    occupant: int  # seat, -1 free


class Slot(msgspec.Struct, array_like=True, frozen=True):
    slot: int  # 1..5
    locked: bool
    card: Face | None  # None: empty, or not shown (planning)
    face_up: bool


class Player(msgspec.Struct):
    seat: int
    colour: str
    name: str
    cash: int
    hand_size: int
    planned: bool  # plan confirmed (planning phase) - never how many cards
    slots: list[Slot]
    tile: str  # held bonus tile ("" none)
    tile_in_area: bool  # shown after the reveal only
    tile_face: int  # -1: none / not shown
    tile_face_up: bool
    piles: list[list[Face]]  # 5 discard piles, full contents, bottom first
    books: list[BookPos]
    ink: int
    diamond: int
    markers: int  # available now
    markers_placed: list[str]
    markers_in_box: int
    bonuses: list[tuple[str, int, bool]]  # (company, index, active)
    track: dict[str, int]
    shares: dict[str, int]  # track shares per company (share cards in piles/hand count at the end)
    passed: bool
    start_chosen: bool
    start_tile: str  # the kept starting tile, "3a", once every player chose ("" before)
    pile_choice: int  # slot number of the chosen pile (R191, public once made), -1
    final: dict[str, int] = {}  # game over: scoring.breakdown (cash, companies, diamonds, ...)
    place: int = 0  # game over: 1 = winner (ties share a place)


class StartOption(msgspec.Struct, array_like=True):
    tile: int
    face: str
    lock: list[str]  # starting-card kinds locked under slots 2, 3, 4
    req: list[tuple[str, int]]


class Private(msgspec.Struct):
    """What only the viewing seat sees."""

    seat: int
    hand: list[Face]
    plan: list[Face | None]  # per slot 1..5 (the stored plan; drafts live host-side)
    plan_tile_face: int
    plan_confirmed: bool
    start_deal: list[StartOption]
    start_choice: int


class Move(msgspec.Struct, array_like=True, frozen=True):
    """One of the latest public moves: the seat that made it, its public log lines, and what it
    changed on the map ("area:<id>", "base:<company>")."""

    seat: int
    lines: list[str]
    touched: list[str]


class MombasaView(msgspec.Struct):
    seats: int
    viewer: int | None
    round: int
    rounds: int
    phase: str  # start_tiles | planning | action | preparation | over
    turn: int  # seat whose turn it is (action phase)
    start_player: int
    deciding: list[int]  # seats that must decide now
    status: str
    companies: list[Company]
    areas: list[Area]
    borders: list[tuple[str, str, int]]  # area, area, cost (1 single, 2 double)
    base_areas: dict[str, list[str]]  # company -> areas next to its base
    display: list[DisplayCard]
    deck_count: int
    discard: list[Face]  # the action-card discard pile, bottom first
    book_display: dict[str, list[Book]]
    book_supply: dict[str, int]  # counts only (R181)
    bonus_spaces: list[BonusSpace]
    bonus_tiles: dict[str, str]  # T -> "space" | "seat:<n>"
    tile_faces: dict[str, list[tuple[str, int]]]
    players: list[Player]
    me: Private | None
    last: list[str]
    last_text: list[str]
    recent: list[Move]  # the latest moves, oldest first (at most state.RECENT_KEEP)
