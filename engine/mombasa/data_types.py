"""The typed, frozen views of the Mombasa data (built and validated by data.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CapitalCall:
    before: int  # lies between spaces before-1 and before (R2)
    pounds: int


@dataclass(frozen=True)
class SpecialSpace:
    index: int  # 0 = first special space (bonus 1), 1 = second (bonus 2) (R24)
    space: int
    pounds: int


@dataclass(frozen=True)
class TrackSide:
    id: str  # "A1" ... "D2"
    letter: str
    family: str  # permanent | extra_spaces
    bonus_pair: str
    first_space: int
    last_space: int
    share_icons: tuple[tuple[int, int], ...]  # (space, shares), ascending
    capital_calls: tuple[CapitalCall, ...]
    special_spaces: tuple[SpecialSpace, ...]  # ascending by space

    def call_before(self, space: int) -> CapitalCall | None:
        """The capital call between `space - 1` and `space`, if any."""
        for c in self.capital_calls:
            if c.before == space:
                return c
        return None

    def special_at(self, space: int) -> SpecialSpace | None:
        for s in self.special_spaces:
            if s.space == space:
                return s
        return None

    def shares_at(self, position: int) -> int:
        """R142: the number on the highest share icon whose space is <= position, else 0."""
        best = 0
        for space, shares in self.share_icons:
            if space <= position:
                best = shares
        return best


@dataclass(frozen=True)
class BonusDef:
    """One special track bonus (section 21.4): `raw` keeps the full entry for the effect code."""

    pair: str
    index: int  # 0 first, 1 second
    type: str  # permanent | extra_space
    raw: dict[str, Any]

    @property
    def cost_pounds(self) -> int:
        v = self.raw.get("cost_pounds", 0)
        return int(v)


@dataclass(frozen=True)
class CardDef:
    """An action card, a starting card or a seat card. `kind_id` is the data id (A01, S_BAN1,
    SEAT_2); the physical id in the state adds a prefix (see cards.card_kind)."""

    id: str
    letter: str  # A..E for action cards, "S" for starting cards, "SEAT" for seat cards
    type: str  # goods | expansion | bookkeeper | diamond_merchant | share
    crate: int
    good: str = ""  # goods cards
    units: int = 0  # goods units or expansion value
    bookkeeping_points: int = 0
    diamonds: int = 0
    company: str = ""  # share cards
    shares: int = 0

    @property
    def unit_type(self) -> str:
        """The unit type counted for majorities and books ("" for none)."""
        if self.type == "goods":
            return self.good
        if self.type == "expansion":
            return "expansion"
        return ""


@dataclass(frozen=True)
class StartFace:
    lock: tuple[str, str, str]  # starting-card ids, to discard piles above slots 2, 3, 4 (R66)
    req: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class StartTile:
    tile: int
    faces: dict[str, StartFace]  # "a" | "b"


@dataclass(frozen=True)
class BookTile:
    id: str  # "A01" ... "C24": letter + index within the letter
    letter: str
    req: tuple[tuple[str, int], ...]
    reward: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Milestone:
    position: int
    effect: str  # unlock_action_slot | bonus_markers_plus
    slot: int = 0
    amount: int = 0


@dataclass(frozen=True)
class PlayerTrack:
    last_position: int
    end_value: tuple[int, ...]
    milestones: tuple[Milestone, ...]
    overflow_pounds: int
    space_letters: dict[int, str]  # bookkeeping only: position -> START_TILE | A | B | C


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    reward: tuple[tuple[str, int], ...]  # ordered by reward_resolution_order (R176)
    xy: tuple[int, int]


@dataclass(frozen=True)
class BonusSpace:
    id: str
    kind: str  # majority | tile | buy | sell | study
    measure: str = ""  # majority: unit type
    tile: str = ""  # tile: bonus tile id
    advance: int = 0  # majority: steps on one track
    pay_pounds: int = 0  # study
    reward: tuple[tuple[str, int], ...] = ()  # study: bookkeeping, diamonds
    sell_bonus: int = 0  # sell: crate value + this


@dataclass(frozen=True)
class BonusTile:
    id: str
    faces: tuple[tuple[str, int], ...]  # face index -> (unit type, units)


@dataclass
class Data:
    raw: dict[str, Any]
    sources: dict[str, str]
    companies: tuple[str, ...]
    player_colours: tuple[str, ...]
    players_min: int
    players_max: int
    rounds: int
    unit_types: tuple[str, ...]
    goods_types: tuple[str, ...]
    action_slots: int
    slots_unlocked_at_start: tuple[int, ...]
    markers_owned: int
    markers_at_start: int
    starting_money: int
    overflow_pounds: int
    book_flip_cost: int
    displace_extra_cost: int
    border_cost: dict[str, int]
    base_columns: tuple[tuple[int, ...], ...]  # top to bottom; last entry = 2-coin bottom
    sides: dict[str, TrackSide]
    bonuses: dict[str, tuple[BonusDef, BonusDef]]  # pair -> (first, second)
    cards: dict[str, CardDef]  # every kind id: A01.., S_BAN1.., SEAT_1..
    action_card_ids: tuple[str, ...]
    starting_card_ids: tuple[str, ...]
    seat_card_ids: tuple[str, ...]  # index = seat (0-based)
    start_tiles: tuple[StartTile, ...]
    start_tile_reward: tuple[tuple[str, int], ...]
    books: dict[str, BookTile]
    book_ids: dict[str, tuple[str, ...]]  # letter -> ids
    diamond: PlayerTrack
    bookkeeping: PlayerTrack
    areas: dict[str, Area]
    neighbours: dict[str, dict[str, int]]  # area -> {area: border cost}
    base_adjacent: dict[str, tuple[str, ...]]
    base_border_cost: int
    bonus_spaces: dict[str, BonusSpace]  # board spaces, in data order
    bonus_tiles: dict[str, BonusTile]
    display_columns: tuple[str, ...]  # left, middle, right
    display_rows: int
    price_modifier: dict[str, int]
    fill_order: tuple[str, ...]
    price_floor: int
    switches: dict[str, Any]

    def side_letter(self, side: str) -> str:
        return side[0]

    def book_row_size(self, players: int) -> int:
        """Book display tiles per row: players + 1 (R59)."""
        return players + 1
