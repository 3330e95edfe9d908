"""What every Mombasa view needs that depends on the game data only: the card faces, the map's
borders, the texts of special track bonuses and of the bonus spaces; and texts the rules write
again and again for the menus, the log and the automatic player's trials (book texts, the
expand menu's area labels).

The view is rebuilt for the public and for every seat after each move; these parts used to be
recomputed each time. They are pure functions of the data, so they are kept per data object (a
new data object starts afresh). Only immutable values are kept and handed out (frozen `Face`s,
`Book`s and the other frozen view parts, tuples, strings); lists are copied by the caller. Parts
that show a state (a seat's book positions) are kept by what they show, in bounded tables. A kept
`Book` is shared by every view that shows it: its lists are never changed (renderers only read a
view)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from engine.mombasa.data import Data, data
from engine.mombasa.view import Area, BonusSpace, Book, BookPos, DisplayCard, Face, Slot

if TYPE_CHECKING:  # map imports this module
    from engine.mombasa.map import Target

K = TypeVar("K")
V = TypeVar("V")


class SideParts(NamedTuple):
    """The data-only parts of a company's view for one track side."""

    share_icons: tuple[tuple[int, int], ...]
    capital_calls: tuple[tuple[int, int], ...]
    specials: tuple[tuple[int, int, int, str], ...]  # index, space, pounds, bonus text
    shares: tuple[int, ...]  # R142: shares at positions 0..last_space


class Static:
    """The data-only parts, for one data object."""

    def __init__(self, d: Data) -> None:
        self.data = d
        self.borders: list[tuple[str, str, int]] = sorted(
            {(min(a, b), max(a, b), c) for a, nb in d.neighbours.items() for b, c in nb.items()}
        )
        self.area_ids: tuple[str, ...] = tuple(d.areas)
        self.area_index: dict[str, int] = {a: i for i, a in enumerate(self.area_ids)}
        #: the number each area shows on the map and in the expand menus (R195: players find
        #: an area by it): north to south, then west to east, from 1
        by_place = sorted(d.areas.values(), key=lambda a: (a.xy[1], a.xy[0], a.id))
        self.area_numbers: dict[str, int] = {a.id: i + 1 for i, a in enumerate(by_place)}
        self.faces: dict[str, Face] = {}
        self.books: dict[str, Book] = {}  # book id or "start:<n><face>" -> its view
        self.sides: dict[str, SideParts] = {}
        self.share_values: dict[tuple[int, ...], int] = {}  # a base's posts -> share value
        self.areas = tuple(
            (a.id, a.name, a.xy, a.reward, self.area_numbers[a.id]) for a in d.areas.values()
        )
        self.modifiers: tuple[int, ...] = tuple(d.price_modifier[c] for c in d.display_columns)
        self.tile_faces = tuple((t, bt.faces) for t, bt in d.bonus_tiles.items())
        self.bonus_texts: dict[tuple[str, int], str] = {}
        self.space_labels: dict[str, tuple[str, str]] = {}
        self.book_texts: dict[str, str] = {}
        #: a book display row -> the first index of each kind of book in it (book_points.py)
        self.book_kinds: dict[tuple[str, ...], list[int]] = {}
        self.card_letters: dict[str, str] = {}  # card id -> its letter (hidden.py)
        self.card_units: dict[str, tuple[str, int]] = {}  # card id -> unit type, units
        self.area_labels: dict[tuple[Target, str], tuple[str, ...]] = {}
        #: view parts kept by what of a state they show (see `kept`): the map's areas, the
        #: display's cards, the bonus spaces, a seat's book positions, a seat's slots
        self.area_rows: dict[tuple, tuple[Area, ...]] = {}
        self.display_rows: dict[tuple, tuple[DisplayCard, ...]] = {}
        self.space_rows: dict[tuple, tuple[BonusSpace, ...]] = {}
        self.book_rows: dict[tuple, tuple[BookPos, ...]] = {}
        self.slot_rows: dict[tuple, tuple[Slot, ...]] = {}
        self.reward_texts: dict[tuple[str, str], str] = {}  # (area, company) -> its reward
        self.display_spaces: dict[str, tuple[int, int]] = {}  # "r1c2" -> (0, 1)
        #: the automatic player's share credits per (track side, rounds left) and position
        self.credit_rows: dict[tuple[str, float], list[float | None]] = {}
        #: every reachable area's target by (company, the map's items); map.py bounds its size
        self.targets: dict[tuple[str, tuple[tuple[str, str], ...]], dict] = {}


_CURRENT: list[Static] = []


def static() -> Static:
    """The data-only parts for the current data."""
    d = data()
    if not _CURRENT or _CURRENT[0].data is not d:
        _CURRENT[:] = [Static(d)]
    return _CURRENT[0]


def memo(table: dict[K, V], key: K, make: Callable[[K], V]) -> V:
    """`table[key]`, made by `make(key)` the first time (nothing is kept when it raises)."""
    v = table.get(key)
    if v is None:
        v = table[key] = make(key)
    return v


#: entries a `kept` table holds at most
KEPT_LIMIT = 1024


def kept(table: dict[K, V], key: K, make: Callable[[K], V]) -> V:
    """`memo` for a key read from a state (the map, a seat's books): a process sees many games,
    so a full table starts afresh."""
    v = table.get(key)
    if v is None:
        if len(table) >= KEPT_LIMIT:
            table.clear()
        v = table[key] = make(key)
    return v


# ---- the makers of kept parts ------------------------------------------------------------------
def make_bonus_text(key: tuple[str, int]) -> str:
    """The short text of a special track bonus, e.g. "Expansion value +1"."""
    pair, index = key
    raw = data().bonuses[pair][index].raw
    if "expansion_value_plus" in raw:
        return f"Expansion value +{raw['expansion_value_plus']}"
    if "bonus_markers_plus" in raw:
        return f"+{raw['bonus_markers_plus']} bonus marker"
    if "card_price_minus" in raw:
        what = (
            "bananas"
            if "banana" in raw.get("when", "")
            else "cotton"
            if "cotton" in raw.get("when", "")
            else "any goods"
        )
        return f"Price -{raw['card_price_minus']} ({what})"
    if "cotton_units_per_card_plus" in raw:
        return "Cotton cards +1 unit"
    if pair == "pay_for_books_and_diamonds":
        return "Pay £2: books/diamonds" if index == 0 else "Pay £3: 2 books + 2 diamonds"
    if pair == "buy_card_with_pounds_and_or_diamonds":
        return "Buy card for £ / +1 diamond" if index == 0 else "Buy card £-1 / +2 diamonds"
    if pair == "sell_card_from_hand":
        return "Sell a card: crate +£3" if index == 0 else "Sell coffee: crate +£8"
    if pair == "pay1_advance_other_tracks":
        return "Pay £1: 2 tracks +2" if index == 0 else "Pay £1: 3 tracks +2"
    return pair.replace("_", " ")


def make_space_label(sid: str) -> tuple[str, str]:
    """A bonus space's kind and label."""
    if sid.startswith("track:"):
        return "extra", ""  # labelled by build() from the side lying at that company
    s = data().bonus_spaces[sid]
    if s.kind == "majority":
        return s.kind, f"Most {s.measure}: +{s.advance}"
    if s.kind == "tile":
        return s.kind, f"Tile {s.tile}"
    if s.kind == "buy":
        return s.kind, "Buy a card"
    if s.kind == "sell":
        return s.kind, f"Sell: crate +£{s.sell_bonus}"
    return s.kind, f"Study: pay £{s.pay_pounds}"


def make_side_parts(side_id: str) -> SideParts:
    """The data-only parts of a company's view for a track side."""
    side = data().sides[side_id]
    return SideParts(
        tuple(side.share_icons),
        tuple((c.before, c.pounds) for c in side.capital_calls),
        tuple(
            (
                sp.index,
                sp.space,
                sp.pounds,
                memo(static().bonus_texts, (side.bonus_pair, sp.index), make_bonus_text),
            )
            for sp in side.special_spaces
        ),
        tuple(side.shares_at(n) for n in range(side.last_space + 1)),
    )
