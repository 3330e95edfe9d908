"""Loads engine/mombasa/data.yaml once, validates it (spec section 21, R1, R9, R10, R202, the totals
in the section 21 comments) and exposes typed, frozen views so that rule code never indexes raw
dicts. `load(path)` raises `ValueError` naming the bad value; `data()` is the cached default.

The behavioural switches of section 21.14 are checked against `SUPPORTED_SWITCHES`: a value the
engine does not implement is refused at load time.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

DATA_PATH = Path(__file__).with_name("data.yaml")

COMPANIES = ("mombasa", "cape_town", "saint_louis", "cairo")
LETTERS = ("A", "B", "C", "D")
CARD_LETTERS = ("A", "B", "C", "D", "E")
BOOK_LETTERS = ("A", "B", "C")
CARD_TYPES = ("goods", "expansion", "bookkeeper", "diamond_merchant", "share")
#: Totals stated in the section 21.5 comment.
CARD_TOTALS = {
    "bananas": 6,
    "cotton": 6,
    "coffee": 7,
    "expansion": 9,
    "bookkeeper": 5,
    "diamond_merchant": 7,
    "share": 4,
}

#: Section 21.14: the values the engine implements, per switch (dotted path for nested keys).
SUPPORTED_SWITCHES: dict[str, tuple[Any, ...]] = {
    "seat_order": ("host_random",),  # R190
    "track_assignment": ("random", "fixed"),  # R55, R197, R199 (host option)
    "starting_tile_choice": ("one_of_two_dealt_random_faces",),
    "locked_start_cards_to_slots": ([2, 3, 4],),
    "plan_editable_until_confirmed": (True,),
    "held_bonus_tile_in_planning": ("mandatory",),
    "face_down_cards_count_in_action_area": (True,),
    "passed_players_action_area_counts": (True,),
    "cleanup_timing": ("preparation_phase",),
    "auto_pass_when_only_legal_action": (True,),
    "max_purchases_per_goods_action": (1,),
    "bought_card_destination": ("hand",),
    "bought_card_space_refilled": ("preparation_phase",),
    "goods_split_over_tracks": ("declared_up_front_no_reallocation",),
    "mixed_goods_requires_goods_discount_and_purchase": (True,),
    "single_good_discount_requires_all_used_goods_of_that_type": (True,),
    "capital_call_payment": ("automatic_when_affordable",),
    "fixed_distance_moves": ("as_far_as_possible",),
    "multiple_special_spaces": ("in_order_reached",),
    "reward_resolution_order": (["pounds", "bookkeeping", "diamonds", "track"],),
    "expansion_min_posts": (1,),
    "expansion_sources_include_posts_placed_this_action": (True,),
    "expansion_cost": ("cheapest_qualifying_border",),
    "displaced_post_column_chosen_by": ("active_player",),
    "ink_jar_max_positions_per_action": ("unlimited",),
    "ink_jar_reward_requires_movement": (True,),
    "book_flip_only_if_requirement_unmet": (True,),
    "book_display_empty_row": ("refill_immediately_from_supply",),
    "bookkeeping_overflow_trigger": ("no_empty_book_position",),
    "bonus_space_capacity_per_round": (1,),
    "bonus_marker_placement_legal_if": ("requirement_can_be_met",),
    "majority_rule": ("strictly_more_than_each_other_player_and_at_least_1",),
    "pile_pickup_may_be_empty": (True,),
    "hand_limit": ("none",),
    "share_card_value": ("plus_1_share",),
    "forced_defaults.planning": ("automatic_player_plan",),  # R189, R205
    "forced_defaults.pile_pickup": ("largest_pile_then_lowest_slot",),
    "forced_defaults.starting_tile": ("first_dealt",),
    "forced_defaults.return_column": ("fewest_coins_lost_then_lowest_column",),
    "forced_defaults.turn": ("pass",),
}

#: Section 21.4 `rules:` entries, all with one supported value.
SUPPORTED_TRACK_RULES: dict[str, Any] = {
    "unlock_effective": "next_turn_of_that_player",
    "pending_unlocks_count_for_anyone": False,
    "first_second_cumulative": False,
    "extra_spaces_per_track_per_round": 1,
    "cotton_pair_both_active_on_cotton_purchase": "apply_better_of_the_two",
}

#: Which bonus-pair family each letter carries (SEED, R20, R21, R202).
FAMILY_BY_LETTER = {"A": "permanent", "B": "permanent", "C": "extra_spaces", "D": "extra_spaces"}
#: The pair whose own seed text names "track D2" (R202).
D2_PAIR = "pay1_advance_other_tracks"


def _fail(what: str) -> None:
    raise ValueError(f"mombasa data: {what}")


def _check(cond: bool, what: str) -> None:
    if not cond:
        _fail(what)


# ---- typed views ------------------------------------------------------------------------------
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


def _pairs(
    d: dict[str, Any] | None, what: str, allowed: tuple[str, ...]
) -> tuple[tuple[str, int], ...]:
    out = []
    for k, v in (d or {}).items():
        _check(k in allowed, f"{what}: unknown key {k!r}")
        _check(isinstance(v, int) and v > 0, f"{what}: {k} must be a positive integer, got {v!r}")
        out.append((k, int(v)))
    return tuple(out)


def _switches(raw: dict[str, Any]) -> dict[str, Any]:
    sw = raw.get("design_rulings")
    _check(isinstance(sw, dict), "design_rulings (section 21.14) is missing")
    flat: dict[str, Any] = {}
    for k, v in sw.items():
        if isinstance(v, dict):
            for k2, v2 in v.items():
                flat[f"{k}.{k2}"] = v2
        else:
            flat[k] = v
    for key in flat:
        _check(key in SUPPORTED_SWITCHES, f"design_rulings.{key} is not a switch this engine knows")
    for key, allowed in SUPPORTED_SWITCHES.items():
        _check(key in flat, f"design_rulings.{key} is missing")
        _check(
            flat[key] in allowed,
            f"design_rulings.{key} = {flat[key]!r} is not supported by this engine "
            f"(supported: {', '.join(repr(a) for a in allowed)})",
        )
    rules = raw.get("rules", {})
    for key, value in SUPPORTED_TRACK_RULES.items():
        _check(
            rules.get(key) == value,
            f"rules.{key} = {rules.get(key)!r} is not supported by this engine (supported: {value!r})",
        )
    return flat


def _sides(raw: dict[str, Any], pairs: dict[str, Any]) -> dict[str, TrackSide]:
    sk = raw["track_skeleton"]
    first, last = int(sk["first_space"]), int(sk["last_space"])
    _check(first == 0 and last > 0, f"track_skeleton: spaces must run 0..last, got {first}..{last}")
    icons = tuple(sorted((int(k), int(v)) for k, v in sk["share_icons"].items()))
    for sp, sh in icons:
        _check(first <= sp <= last, f"track_skeleton.share_icons: space {sp} is off the track")
        _check(sh > 0, f"track_skeleton.share_icons: shares on space {sp} must be positive")
    _check(
        all(icons[i][1] < icons[i + 1][1] for i in range(len(icons) - 1)),
        "track_skeleton.share_icons: shares must rise along the track",
    )
    sides_raw = raw["track_sides"]
    expected = [f"{letter}{n}" for letter in LETTERS for n in (1, 2)]
    _check(
        sorted(sides_raw) == expected,
        f"track_sides must be exactly {expected}, got {sorted(sides_raw)}",
    )
    out: dict[str, TrackSide] = {}
    for sid in expected:
        s = sides_raw[sid]
        letter = sid[0]
        calls = tuple(CapitalCall(int(c["before"]), int(c["pounds"])) for c in s["capital_calls"])
        _check(
            1 <= len(calls) <= 2,
            f"track side {sid}: needs 1 or 2 capital calls, has {len(calls)} (R1)",
        )
        for c in calls:
            _check(
                first < c.before <= last,
                f"track side {sid}: capital call before {c.before} is off the track",
            )
            _check(
                c.pounds > 0, f"track side {sid}: capital call before {c.before} costs {c.pounds}"
            )
        _check(
            len({c.before for c in calls}) == len(calls),
            f"track side {sid}: two capital calls at one place",
        )
        sp = sorted(s["special_spaces"], key=lambda x: x["space"])
        _check(
            len(sp) == 2, f"track side {sid}: needs exactly 2 special spaces, has {len(sp)} (R9)"
        )
        specials = tuple(
            SpecialSpace(i, int(x["space"]), int(x["pounds"])) for i, x in enumerate(sp)
        )
        for x in specials:
            _check(
                first < x.space <= last,
                f"track side {sid}: special space {x.space} is off the track",
            )
            _check(
                x.pounds in (1, 2),
                f"track side {sid}: special space {x.space} pays {x.pounds}, not 1 or 2 (R10)",
            )
        _check(
            specials[0].space != specials[1].space,
            f"track side {sid}: both special spaces on one space",
        )
        fam = s["family"]
        _check(
            fam == FAMILY_BY_LETTER[letter],
            f"track side {sid}: family {fam!r} does not match letter {letter} "
            f"(must be {FAMILY_BY_LETTER[letter]!r}, R20/R21/R202)",
        )
        pair = s["bonus_pair"]
        _check(pair in pairs, f"track side {sid}: unknown bonus_pair {pair!r}")
        want = "permanent" if fam == "permanent" else "extra_space"
        for part in ("first", "second"):
            _check(
                pairs[pair][part]["type"] == want,
                f"track side {sid}: bonus pair {pair!r} {part} is {pairs[pair][part]['type']!r}, "
                f"family {fam!r} needs {want!r} (R202)",
            )
        if pair == D2_PAIR:
            _check(sid == "D2", f"bonus pair {D2_PAIR!r} names track D2 but lies on {sid} (R202)")
        out[sid] = TrackSide(sid, letter, fam, pair, first, last, icons, calls, specials)
    _check(out["D2"].bonus_pair == D2_PAIR, f"side D2 must carry {D2_PAIR!r} (R202)")
    used = [s.bonus_pair for s in out.values()]
    _check(len(set(used)) == 8, "every side must carry its own bonus pair")
    return out


def _card(cid: str, letter: str, c: dict[str, Any], goods: tuple[str, ...]) -> CardDef:
    t = c.get("type")
    _check(t in CARD_TYPES, f"card {cid}: unknown type {t!r}")
    crate = c.get("crate")
    _check(
        isinstance(crate, int) and crate >= 0,
        f"card {cid}: crate must be an integer >= 0, got {crate!r}",
    )
    if t == "goods":
        _check(c.get("good") in goods, f"card {cid}: unknown good {c.get('good')!r}")
        _check(
            isinstance(c.get("units"), int) and 1 <= c["units"] <= 4,
            f"card {cid}: units {c.get('units')!r} not in 1..4",
        )
        return CardDef(cid, letter, t, crate, good=c["good"], units=c["units"])
    if t == "expansion":
        _check(
            isinstance(c.get("value"), int) and 1 <= c["value"] <= 4,
            f"card {cid}: value {c.get('value')!r} not in 1..4",
        )
        return CardDef(cid, letter, t, crate, units=c["value"])
    if t == "bookkeeper":
        bp = c.get("bookkeeping_points")
        _check(isinstance(bp, int) and bp >= 0, f"card {cid}: bookkeeping_points {bp!r}")
        return CardDef(cid, letter, t, crate, bookkeeping_points=bp)
    if t == "diamond_merchant":
        dm = c.get("diamonds")
        _check(isinstance(dm, int) and dm >= 1, f"card {cid}: diamonds {dm!r}")
        return CardDef(cid, letter, t, crate, diamonds=dm)
    _check(c.get("company") in COMPANIES, f"card {cid}: unknown company {c.get('company')!r}")
    return CardDef(cid, letter, t, crate, company=c["company"], shares=int(c.get("shares", 1)))


def load(path: Path = DATA_PATH) -> Data:
    raw = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    return build(raw)


def build(raw: dict[str, Any]) -> Data:
    """Validate a parsed data file and build the typed views (raises ValueError)."""
    _check(
        isinstance(raw, dict) and raw.get("game") == "mombasa",
        "the file is not Mombasa data (game: mombasa)",
    )
    switches = _switches(raw)
    companies = tuple(raw["companies"])
    _check(companies == COMPANIES, f"companies must be {list(COMPANIES)}, got {list(companies)}")
    colours = tuple(raw["player_colours"])
    pl = raw["players"]
    _check(pl == {"min": 2, "max": 4}, f"players must be 2..4 (R53), got {pl!r}")
    _check(
        len(colours) == 4 and len(set(colours)) == 4,
        f"player_colours needs 4 distinct colours, got {colours}",
    )
    goods = tuple(raw["goods_types"])
    units = tuple(raw["unit_types"])
    _check(
        goods == ("bananas", "cotton", "coffee"),
        f"goods_types must be bananas, cotton, coffee, got {goods}",
    )
    _check(
        units == (*goods, "expansion"), f"unit_types must be the goods plus expansion, got {units}"
    )
    _check(raw["rounds"] == 7, f"rounds must be 7 (R69), got {raw['rounds']!r}")
    _check(raw["action_slots"] == 5, f"action_slots must be 5, got {raw['action_slots']!r}")
    unlocked = tuple(raw["action_slots_unlocked_at_start"])
    _check(
        unlocked == (2, 3, 4),
        f"action_slots_unlocked_at_start must be [2, 3, 4] (R76), got {list(unlocked)}",
    )
    bm = raw["bonus_markers"]
    _check(bm["owned"] == 5 and 0 < bm["active_at_start"] <= bm["owned"], f"bonus_markers {bm!r}")
    for key in (
        "starting_money",
        "overflow_pounds_per_step",
        "book_flip_cost",
        "displace_extra_cost",
        "base_border_cost",
    ):
        v = raw[key]
        _check(isinstance(v, int) and v >= 0, f"{key} must be an integer >= 0, got {v!r}")
    bc = raw["border_cost"]
    _check(
        set(bc) == {"normal", "double"} and all(isinstance(v, int) and v > 0 for v in bc.values()),
        f"border_cost {bc!r}",
    )
    _check(
        raw["trading_posts_per_company"] == 15,
        f"trading_posts_per_company must be 15, got {raw['trading_posts_per_company']!r}",
    )

    # company base (R152-R155)
    cols = tuple(tuple(int(x) for x in col) for col in raw["company_base_default"]["columns"])
    _check(
        sum(len(c) for c in cols) == raw["trading_posts_per_company"],
        f"company base has {sum(len(c) for c in cols)} spaces, needs 15",
    )
    for i, col in enumerate(cols):
        _check(
            len(col) >= 1 and col[-1] == 2,
            f"company base column {i + 1} {list(col)}: bottom space must show 2 coins (R153)",
        )
        _check(
            all(x in (0, 1) for x in col[:-1]),
            f"company base column {i + 1} {list(col)}: non-bottom spaces show 0 or 1",
        )

    # tracks and bonuses
    pairs = raw["bonus_pairs"]
    sides = _sides(raw, pairs)
    bonuses = {}
    for name, p in pairs.items():
        bonuses[name] = (
            BonusDef(name, 0, p["first"]["type"], dict(p["first"])),
            BonusDef(name, 1, p["second"]["type"], dict(p["second"])),
        )

    # action cards (44, with the stated totals)
    cards: dict[str, CardDef] = {}
    acts = raw["action_cards"]
    _check(len(acts) == 44, f"action_cards: {len(acts)} cards, need 44")
    for c in acts:
        cid = c.get("id")
        _check(cid not in cards, f"action card id {cid!r} is not unique")
        _check(c.get("letter") in CARD_LETTERS, f"action card {cid}: letter {c.get('letter')!r}")
        _check(
            str(cid).startswith(c["letter"]),
            f"action card {cid}: id does not start with its letter {c['letter']}",
        )
        cards[cid] = _card(cid, c["letter"], c, goods)
    totals = {k: 0 for k in CARD_TOTALS}
    for cd in cards.values():
        totals[cd.good if cd.type == "goods" else cd.type] += 1
    for k, v in CARD_TOTALS.items():
        _check(totals[k] == v, f"action_cards: {totals[k]} {k} cards, the spec states {v}")
    shares = [cd for cd in cards.values() if cd.type == "share"]
    _check(sorted(s.company for s in shares) == sorted(COMPANIES), "one share card per company")
    action_ids = tuple(c["id"] for c in acts)

    start_ids = []
    for c in raw["starting_cards_per_player"]:
        cid = c["id"]
        _check(cid not in cards, f"starting card id {cid!r} is not unique")
        cd = _card(cid, "S", c, goods)
        _check(
            cd.type != "diamond_merchant",
            f"starting card {cid}: no diamond merchant among the starting cards (R129)",
        )
        cards[cid] = cd
        start_ids.append(cid)
    _check(len(start_ids) == 9, f"starting_cards_per_player: {len(start_ids)} cards, need 9")
    seat_ids = []
    for i, c in enumerate(sorted(raw["seat_expansion_cards"], key=lambda x: x["seat"])):
        _check(c["seat"] == i + 1, f"seat_expansion_cards: seat {c['seat']!r} out of order")
        cid = c.get("id", f"SEAT_{i + 1}")
        _check(cid == f"SEAT_{i + 1}", f"seat card id {cid!r} must be SEAT_{i + 1} (R197)")
        cd = _card(cid, "SEAT", c, goods)
        _check(
            cd.type == "expansion" and cd.units == 1,
            f"seat card {cid} must be a '1' expansion card",
        )
        cards[cid] = cd
        seat_ids.append(cid)
    _check(len(seat_ids) == 4, f"seat_expansion_cards: {len(seat_ids)}, need 4")

    # starting tiles
    tiles = []
    for t in raw["starting_tiles"]:
        faces = {}
        for f in ("a", "b"):
            lock = tuple(t[f]["lock"])
            _check(
                len(lock) == 3 and len(set(lock)) == 3,
                f"starting tile {t['tile']}{f}: must lock 3 different cards",
            )
            for cid in lock:
                _check(
                    cid in start_ids,
                    f"starting tile {t['tile']}{f}: {cid!r} is not a starting card",
                )
            faces[f] = StartFace(
                lock, _pairs(t[f]["req"], f"starting tile {t['tile']}{f} req", units)
            )  # type: ignore[arg-type]
        tiles.append(StartTile(int(t["tile"]), faces))
    _check(len(tiles) == 10, f"starting_tiles: {len(tiles)} tiles, need 10")
    _check(
        sorted(t.tile for t in tiles) == list(range(1, 11)), "starting tiles must be numbered 1..10"
    )
    start_reward = _pairs(raw["book_reward"], "book_reward", ("pounds",))

    # book tiles (72 = 24/24/24)
    books: dict[str, BookTile] = {}
    book_ids: dict[str, tuple[str, ...]] = {}
    bt = raw["book_tiles"]
    _check(
        sorted(bt) == list(BOOK_LETTERS), f"book_tiles letters must be A, B, C, got {sorted(bt)}"
    )
    for letter in BOOK_LETTERS:
        ids = []
        for e in bt[letter]:
            copies = e.get("copies", 1)
            _check(
                isinstance(copies, int) and copies >= 1, f"book_tiles {letter}: copies {copies!r}"
            )
            req = _pairs(e["req"], f"book tile {letter} req", units)
            _check(bool(req), f"book tile {letter}: empty requirement")
            reward = _pairs(
                e["reward"], f"book tile {letter} reward", ("pounds", "bookkeeping", "diamonds")
            )
            for _ in range(copies):
                bid = f"{letter}{len(ids) + 1:02d}"
                books[bid] = BookTile(bid, letter, req, reward)
                ids.append(bid)
        _check(len(ids) == 24, f"book_tiles {letter}: {len(ids)} tiles, need 24")
        book_ids[letter] = tuple(ids)

    # player-board tracks
    dt = raw["diamond_track"]
    dlast = int(dt["last_position"])
    _check(
        len(dt["end_value"]) == dlast + 1,
        f"diamond_track.end_value has {len(dt['end_value'])} entries, needs {dlast + 1}",
    )
    diamond = PlayerTrack(
        dlast,
        tuple(dt["end_value"]),
        tuple(
            Milestone(m["position"], m["effect"], m.get("slot", 0), m.get("amount", 0))
            for m in dt["milestones"]
        ),
        int(dt["overflow"]["pounds_per_step"]),
        {},
    )
    kt = raw["bookkeeping_track"]
    n = int(kt["positions"])
    letters = {int(k): v for k, v in kt["space_letters"].items()}
    _check(
        sorted(letters) == list(range(1, n)),
        f"bookkeeping_track.space_letters must cover 1..{n - 1}",
    )
    _check(letters[1] == "START_TILE", "bookkeeping position 1 must be START_TILE (R65)")
    _check(
        all(v in BOOK_LETTERS for k, v in letters.items() if k > 1),
        "bookkeeping letters must be A, B or C",
    )
    _check(
        len(kt["end_value"]) == n,
        f"bookkeeping_track.end_value has {len(kt['end_value'])} entries, needs {n}",
    )
    bookkeeping = PlayerTrack(
        n - 1,
        tuple(kt["end_value"]),
        tuple(
            Milestone(m["position"], m["effect"], m.get("slot", 0), m.get("amount", 0))
            for m in kt["milestones"]
        ),
        int(kt["overflow"]["pounds_per_bookkeeping_point"]),
        letters,
    )
    for tr, name in ((diamond, "diamond_track"), (bookkeeping, "bookkeeping_track")):
        _check(
            all(tr.end_value[i] <= tr.end_value[i + 1] for i in range(tr.last_position)),
            f"{name}.end_value must not fall",
        )
        for m in tr.milestones:
            _check(
                0 < m.position <= tr.last_position,
                f"{name}: milestone at {m.position} is off the track",
            )
            _check(
                m.effect in ("unlock_action_slot", "bonus_markers_plus"),
                f"{name}: unknown milestone effect {m.effect!r}",
            )
            if m.effect == "unlock_action_slot":
                _check(
                    1 <= m.slot <= 5 and m.slot not in unlocked,
                    f"{name}: milestone unlocks slot {m.slot}",
                )
    _check(
        sorted(
            m.slot
            for tr in (diamond, bookkeeping)
            for m in tr.milestones
            if m.effect == "unlock_action_slot"
        )
        == [1, 5],
        "the milestones must unlock slots 1 and 5 (R76)",
    )

    # map
    order = switches["reward_resolution_order"]
    areas: dict[str, Area] = {}
    for aid, a in raw["areas"].items():
        rw = _pairs(
            a["reward"], f"area {aid} reward", ("pounds", "bookkeeping", "diamonds", "track")
        )
        rw = tuple(sorted(rw, key=lambda kv: order.index(kv[0])))
        xy = a.get("xy")
        _check(
            isinstance(xy, list) and len(xy) == 2 and all(0 <= v <= 1000 for v in xy),
            f"area {aid}: xy {xy!r} (R198)",
        )
        _check(bool(a.get("name")), f"area {aid}: needs a name (R195)")
        areas[aid] = Area(aid, a["name"], rw, (int(xy[0]), int(xy[1])))
    neighbours: dict[str, dict[str, int]] = {a: {} for a in areas}
    for b in raw["borders"]:
        _check(isinstance(b, list) and len(b) == 3, f"border {b!r} must be [a, b, cost]")
        a1, a2, cost = b
        for x in (a1, a2):
            _check(x in areas, f"border {b!r} names unknown area {x!r}")
        _check(a1 != a2, f"border {b!r} joins an area to itself")
        _check(cost in bc.values(), f"border {b!r}: cost {cost!r} is neither normal nor double")
        _check(a2 not in neighbours[a1], f"border {a1}-{a2} is listed twice")
        neighbours[a1][a2] = cost
        neighbours[a2][a1] = cost
    for a1, ns in neighbours.items():
        for a2, cost in ns.items():
            _check(neighbours[a2].get(a1) == cost, f"map adjacency not symmetric: {a1}-{a2}")
    seen = {next(iter(areas))}
    todo = list(seen)
    while todo:
        for nb in neighbours[todo.pop()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    _check(seen == set(areas), f"map is not connected: {sorted(set(areas) - seen)} unreachable")
    cb = raw["company_bases"]
    _check(
        sorted(cb) == sorted(COMPANIES), f"company_bases must list every company, got {sorted(cb)}"
    )
    base_adj = {}
    for comp, v in cb.items():
        adj = tuple(v["adjacent"])
        _check(bool(adj), f"company_bases.{comp}: no adjacent area")
        for x in adj:
            _check(x in areas, f"company_bases.{comp}: unknown area {x!r}")
        base_adj[comp] = adj

    # bonus spaces and tiles
    tiles_b = {}
    for t in raw["bonus_tiles"]:
        faces = []
        for f in t["faces"]:
            fp = _pairs(f, f"bonus tile {t['id']} face", units)
            _check(len(fp) == 1, f"bonus tile {t['id']}: each face shows one type")
            faces.append(fp[0])
        _check(len(faces) == 2, f"bonus tile {t['id']}: needs 2 faces")
        tiles_b[t["id"]] = BonusTile(t["id"], tuple(faces))
    spaces: dict[str, BonusSpace] = {}
    for s in raw["board_bonus_spaces"]:
        sid, kind = s["id"], s["kind"]
        _check(sid not in spaces, f"bonus space id {sid!r} is not unique")
        if kind == "majority":
            _check(s["measure"] in units, f"bonus space {sid}: unknown measure {s['measure']!r}")
            spaces[sid] = BonusSpace(
                sid,
                kind,
                measure=s["measure"],
                advance=int(s["reward"]["advance_one_company_track"]),
            )
        elif kind == "tile":
            _check(s["tile"] in tiles_b, f"bonus space {sid}: unknown tile {s['tile']!r}")
            spaces[sid] = BonusSpace(sid, kind, tile=s["tile"])
        elif kind == "buy":
            spaces[sid] = BonusSpace(sid, kind)
        elif kind == "sell":
            expr = str(s["reward"]["pounds"]).replace(" ", "")
            _check(
                expr.startswith("crate_value+"),
                f"bonus space {sid}: reward {expr!r} must be crate_value + n",
            )
            spaces[sid] = BonusSpace(sid, kind, sell_bonus=int(expr.split("+")[1]))
        elif kind == "study":
            spaces[sid] = BonusSpace(
                sid,
                kind,
                pay_pounds=int(s["requirement"]["pay_pounds"]),
                reward=_pairs(
                    s["reward"], f"bonus space {sid} reward", ("bookkeeping", "diamonds")
                ),
            )
        else:
            _fail(f"bonus space {sid}: unknown kind {kind!r}")
    _check(
        sorted(sp.tile for sp in spaces.values() if sp.kind == "tile") == sorted(tiles_b),
        "one tile space per bonus tile",
    )

    cd_ = raw["card_display"]
    cols_d = tuple(cd_["columns"])
    _check(cols_d == ("left", "middle", "right"), f"card_display.columns {list(cols_d)}")
    _check(
        set(cd_["price_modifier"]) == set(cols_d), "card_display.price_modifier needs every column"
    )
    _check(
        sorted(cd_["fill_order"]) == sorted(cols_d),
        "card_display.fill_order must list every column once",
    )
    bd = raw["book_display"]
    _check(tuple(bd["rows"]) == BOOK_LETTERS, f"book_display.rows {bd['rows']!r}")
    _check(
        bd["tiles_per_row"] == "players_plus_1",
        f"book_display.tiles_per_row {bd['tiles_per_row']!r} is not supported",
    )
    for p in (2, 3, 4):
        need = p * 4 + p + 1
        _check(need <= 24, f"book letters could run out with {p} players")

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


@lru_cache(maxsize=1)
def data() -> Data:
    """The default data, loaded and validated once."""
    return load()
