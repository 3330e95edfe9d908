"""Loads engine/mombasa/data.yaml once, validates it (spec section 21, R1, R9, R10, R202, the totals
in the section 21 comments) and exposes typed, frozen views so that rule code never indexes raw
dicts. `load(path)` raises `ValueError` naming the bad value; `data()` is the cached default.

The behavioural switches of section 21.14 are checked against `SUPPORTED_SWITCHES`: a value the
engine does not implement is refused at load time.

The parts: `data_types` (the typed views), `data_checks` (constants, check helpers),
`data_switches` (section 21.14), `data_tracks`, `data_cards`, `data_board` (one validator per part
of the file); all their public names are importable from here.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from engine import yaml_data
from engine.mombasa.data_board import board_map, bonus_board
from engine.mombasa.data_cards import book_tiles, card_defs, start_tiles
from engine.mombasa.data_checks import (
    BOOK_LETTERS,
    CARD_LETTERS,
    CARD_TOTALS,
    CARD_TYPES,
    COMPANIES,
    D2_PAIR,
    FAMILY_BY_LETTER,
    LETTERS,
    check,
    positive_pairs,
)
from engine.mombasa.data_switches import SUPPORTED_SWITCHES, SUPPORTED_TRACK_RULES, check_switches
from engine.mombasa.data_tracks import player_tracks, track_sides
from engine.mombasa.data_types import (
    Area,
    BonusDef,
    BonusSpace,
    BonusTile,
    BookTile,
    CapitalCall,
    CardDef,
    Data,
    Milestone,
    PlayerTrack,
    SpecialSpace,
    StartFace,
    StartTile,
    TrackSide,
)

__all__ = [
    "DATA_PATH",
    "SUPPORTED_SWITCHES",
    "SUPPORTED_TRACK_RULES",
    "BOOK_LETTERS",
    "CARD_LETTERS",
    "CARD_TOTALS",
    "CARD_TYPES",
    "COMPANIES",
    "D2_PAIR",
    "FAMILY_BY_LETTER",
    "LETTERS",
    "CapitalCall",
    "SpecialSpace",
    "TrackSide",
    "BonusDef",
    "CardDef",
    "StartFace",
    "StartTile",
    "BookTile",
    "Milestone",
    "PlayerTrack",
    "Area",
    "BonusSpace",
    "BonusTile",
    "Data",
    "build",
    "data",
    "load",
]

DATA_PATH = Path(__file__).with_name("data.yaml")
Names = tuple[str, ...]


def load(path: Path = DATA_PATH) -> Data:
    raw = yaml_data.safe_load(Path(path).read_text(encoding="utf-8"))
    return build(raw)


def build(raw: dict[str, Any]) -> Data:
    """Validate a parsed data file and build the typed views (raises ValueError)."""
    check(
        isinstance(raw, dict) and raw.get("game") == "mombasa",
        "the file is not Mombasa data (game: mombasa)",
    )
    switches = check_switches(raw)
    companies, colours, goods, units, unlocked = _basics(raw)
    pl = raw["players"]
    _check_counts(raw)
    bm = raw["bonus_markers"]
    bc = raw["border_cost"]
    cols = _base_columns(raw)

    # tracks and bonuses
    pairs = raw["bonus_pairs"]
    sides = track_sides(raw, pairs)
    bonuses = _bonus_defs(pairs)

    cards, action_ids, start_ids, seat_ids = card_defs(raw, goods)
    tiles = start_tiles(raw, start_ids, units)
    start_reward = positive_pairs(raw["book_reward"], "book_reward", ("pounds",))
    books, book_ids = book_tiles(raw, units)
    diamond, bookkeeping = player_tracks(raw, unlocked)
    areas, neighbours, base_adj = board_map(raw, switches, bc)
    tiles_b, spaces = bonus_board(raw, units)
    cols_d = _check_displays(raw)
    cd_ = raw["card_display"]

    return Data(
        raw=raw,
        sources=dict(raw.get("sources", {})),
        companies=companies,
        player_colours=colours,
        players_min=int(pl["min"]),
        players_max=int(pl["max"]),
        rounds=int(raw["rounds"]),
        unit_types=units,
        goods_types=goods,
        action_slots=int(raw["action_slots"]),
        slots_unlocked_at_start=unlocked,
        markers_owned=int(bm["owned"]),
        markers_at_start=int(bm["active_at_start"]),
        starting_money=int(raw["starting_money"]),
        overflow_pounds=int(raw["overflow_pounds_per_step"]),
        book_flip_cost=int(raw["book_flip_cost"]),
        displace_extra_cost=int(raw["displace_extra_cost"]),
        border_cost=dict(bc),
        base_columns=cols,
        sides=sides,
        bonuses=bonuses,
        cards=cards,
        action_card_ids=action_ids,
        starting_card_ids=tuple(start_ids),
        seat_card_ids=tuple(seat_ids),
        start_tiles=tuple(sorted(tiles, key=lambda t: t.tile)),
        start_tile_reward=start_reward,
        books=books,
        book_ids=book_ids,
        diamond=diamond,
        bookkeeping=bookkeeping,
        areas=areas,
        neighbours=neighbours,
        base_adjacent=base_adj,
        base_border_cost=int(raw["base_border_cost"]),
        bonus_spaces=spaces,
        bonus_tiles=tiles_b,
        display_columns=cols_d,
        display_rows=int(cd_["rows"]),
        price_modifier=dict(cd_["price_modifier"]),
        fill_order=tuple(cd_["fill_order"]),
        price_floor=int(cd_["price_floor"]),
        switches=switches,
    )


def _basics(raw: dict[str, Any]) -> tuple[Names, Names, Names, Names, tuple[int, ...]]:
    """Companies, player colours, goods and unit types, the action slots open at start; the
    seat count, rounds and action slots checked."""
    companies = tuple(raw["companies"])
    check(companies == COMPANIES, f"companies must be {list(COMPANIES)}, got {list(companies)}")
    colours = tuple(raw["player_colours"])
    pl = raw["players"]
    check(pl == {"min": 2, "max": 4}, f"players must be 2..4 (R53), got {pl!r}")
    check(
        len(colours) == 4 and len(set(colours)) == 4,
        f"player_colours needs 4 distinct colours, got {colours}",
    )
    goods = tuple(raw["goods_types"])
    units = tuple(raw["unit_types"])
    check(
        goods == ("bananas", "cotton", "coffee"),
        f"goods_types must be bananas, cotton, coffee, got {goods}",
    )
    check(
        units == (*goods, "expansion"), f"unit_types must be the goods plus expansion, got {units}"
    )
    check(raw["rounds"] == 7, f"rounds must be 7 (R69), got {raw['rounds']!r}")
    check(raw["action_slots"] == 5, f"action_slots must be 5, got {raw['action_slots']!r}")
    unlocked = tuple(raw["action_slots_unlocked_at_start"])
    check(
        unlocked == (2, 3, 4),
        f"action_slots_unlocked_at_start must be [2, 3, 4] (R76), got {list(unlocked)}",
    )
    return companies, colours, goods, units, unlocked


def _check_counts(raw: dict[str, Any]) -> None:
    """Bonus markers, the money amounts and costs, trading posts."""
    bm = raw["bonus_markers"]
    check(bm["owned"] == 5 and 0 < bm["active_at_start"] <= bm["owned"], f"bonus_markers {bm!r}")
    for key in (
        "starting_money",
        "overflow_pounds_per_step",
        "book_flip_cost",
        "displace_extra_cost",
        "base_border_cost",
    ):
        v = raw[key]
        check(isinstance(v, int) and v >= 0, f"{key} must be an integer >= 0, got {v!r}")
    bc = raw["border_cost"]
    check(
        set(bc) == {"normal", "double"} and all(isinstance(v, int) and v > 0 for v in bc.values()),
        f"border_cost {bc!r}",
    )
    check(
        raw["trading_posts_per_company"] == 15,
        f"trading_posts_per_company must be 15, got {raw['trading_posts_per_company']!r}",
    )


def _base_columns(raw: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The company base's columns (R152-R155)."""
    cols = tuple(tuple(int(x) for x in col) for col in raw["company_base_default"]["columns"])
    check(
        sum(len(c) for c in cols) == raw["trading_posts_per_company"],
        f"company base has {sum(len(c) for c in cols)} spaces, needs 15",
    )
    for i, col in enumerate(cols):
        check(
            len(col) >= 1 and col[-1] == 2,
            f"company base column {i + 1} {list(col)}: bottom space must show 2 coins (R153)",
        )
        check(
            all(x in (0, 1) for x in col[:-1]),
            f"company base column {i + 1} {list(col)}: non-bottom spaces show 0 or 1",
        )

    return cols


def _bonus_defs(pairs: dict[str, Any]) -> dict[str, tuple[BonusDef, BonusDef]]:
    bonuses: dict[str, tuple[BonusDef, BonusDef]] = {}
    for name, p in pairs.items():
        bonuses[name] = (
            BonusDef(name, 0, p["first"]["type"], dict(p["first"])),
            BonusDef(name, 1, p["second"]["type"], dict(p["second"])),
        )

    return bonuses


def _check_displays(raw: dict[str, Any]) -> tuple[str, ...]:
    """The card display's columns (returned) and the book display."""
    cd_ = raw["card_display"]
    cols_d = tuple(cd_["columns"])
    check(cols_d == ("left", "middle", "right"), f"card_display.columns {list(cols_d)}")
    check(
        set(cd_["price_modifier"]) == set(cols_d), "card_display.price_modifier needs every column"
    )
    check(
        sorted(cd_["fill_order"]) == sorted(cols_d),
        "card_display.fill_order must list every column once",
    )
    bd = raw["book_display"]
    check(tuple(bd["rows"]) == BOOK_LETTERS, f"book_display.rows {bd['rows']!r}")
    check(
        bd["tiles_per_row"] == "players_plus_1",
        f"book_display.tiles_per_row {bd['tiles_per_row']!r} is not supported",
    )
    for p in (2, 3, 4):
        need = p * 4 + p + 1
        check(need <= 24, f"book letters could run out with {p} players")

    return cols_d


@lru_cache(maxsize=1)
def data() -> Data:
    """The default data, loaded and validated once."""
    return load()
