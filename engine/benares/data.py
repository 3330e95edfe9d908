"""Loads engine/benares/data.yaml once, checks the spec's loader invariants (section 17.0) and
builds lookup tables the rules use (connections per space, cards by id, ...)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine import yaml_data

DATA_PATH = Path(__file__).with_name("data.yaml")


@dataclass
class Data:
    raw: dict[str, Any]
    game: dict[str, Any]
    goods: list[str]
    cards: dict[str, dict[str, Any]]
    card_ids: list[str]
    board: list[dict[str, Any]]  # company board spaces, index 0 = space 1
    post_spaces: int
    spaces: dict[str, dict[str, Any]]
    map_order: list[str]
    cities: list[str]
    #: space -> list of (other space, cost, shortcut name or "")
    links: dict[str, list[tuple[str, int, str]]] = field(default_factory=dict)
    market: dict[str, Any] = field(default_factory=dict)
    max_row: int = 10
    max_pos: int = 8
    posts: dict[str, Any] = field(default_factory=dict)
    concessions: dict[str, Any] = field(default_factory=dict)
    grid: dict[str, Any] = field(default_factory=dict)
    levels: list[str] = field(default_factory=list)
    scoring: dict[str, Any] = field(default_factory=dict)
    pres: dict[str, Any] = field(default_factory=dict)


#: Data entries whose value the rules implement structurally: SEED flags (not configurable) and
#: DESIGN choices with one supported value. The loader refuses any other value, so a tuning
#: attempt fails loudly instead of being silently ignored.
FIXED: list[tuple[tuple[str, ...], Any]] = [
    (("game", "phases_per_round"), ["action", "administration"]),
    (("game", "profit_discs_pay_rupee_costs"), False),
    (("game", "concession_max_triggers_each"), 1),
    (("game", "deal_order"), "seat_blocks"),
    (("game", "reshuffle_all_cards_each_round"), True),
    (("market_board", "goods_premium", "rounding"), "floor"),
    (("market_board", "advisor_track", "rewards_on_even_rows"), True),
    (("market_board", "advisor_track", "reached_means"), "entered_by_advancing"),
    (("market_board", "advisor_track", "pushed_down_earns_nothing"), True),
    (("market_board", "advisor_track", "re_earn_on_re_advance"), True),
    (("market_board", "advisor_track", "overflow_past_end_earns_nothing"), True),
    (("posts", "placement"), "rightmost_open_space"),
    (("concessions", "max_triggers_each"), 1),
    (("investment_grid", "max_owned_per_cell_per_company"), 1),
    (("investment_grid", "purchases_per_pick"), 1),
    (("final_scoring", "remaining_tie"), "shared"),
]


def _at(raw: dict[str, Any], path: tuple[str, ...]) -> Any:
    for key in path:
        raw = raw[key]
    return raw


def _check(cond: bool, what: str) -> None:
    if not cond:
        raise ValueError(f"benares data invariant broken: {what}")


def load(path: Path = DATA_PATH) -> Data:
    raw = yaml_data.safe_load(path.read_text(encoding="utf-8"))
    g = raw["game"]
    rm = raw["river_map"]
    mb = raw["market_board"]
    cards = {c["id"]: c for c in raw["cards"]}
    lanes = raw["goods_lanes"]["positions"]
    d = Data(
        raw=raw,
        game=g,
        goods=list(g["goods"]),
        cards=cards,
        card_ids=[c["id"] for c in raw["cards"]],
        board=list(raw["company_board"]),
        post_spaces=int(raw["post_track"]["spaces"]),
        spaces=dict(rm["spaces"]),
        map_order=list(rm["map_order"]),
        cities=[s for s, v in rm["spaces"].items() if v["region"] == "city"],
        market=mb,
        max_row=int(mb["rows"]) - 1,
        max_pos=int(lanes[1]),
        posts=raw["posts"],
        concessions=raw["concessions"],
        grid=raw["investment_grid"],
        levels=list(raw["investment_grid"]["level_order"]),
        scoring=raw["final_scoring"],
        pres=raw.get("presentation", {}),
    )
    links: dict[str, list[tuple[str, int, str]]] = {s: [] for s in d.spaces}
    for a, b, cost in rm["connections"]:
        _check(a in d.spaces and b in d.spaces, f"connection {a}-{b} names a missing space")
        links[a].append((b, int(cost), ""))
        links[b].append((a, int(cost), ""))
    for sc in rm["shortcuts"]:
        a, b = sc["ends"]
        _check(a in d.spaces and b in d.spaces, f"shortcut {sc['name']} names a missing space")
        links[a].append((b, int(sc["cost"]), sc["name"]))
        links[b].append((a, int(sc["cost"]), sc["name"]))
    d.links = links
    # ---- invariants of section 17.0 ----
    _check(len(d.card_ids) == g["deck_size"], "deck size")
    _check(len(set(d.card_ids)) == len(d.card_ids), "card ids unique")
    _check(g["hand_size_dealt"] >= g["company_spaces"], "hand size >= company spaces")
    _check(g["players_max"] * g["hand_size_dealt"] <= g["deck_size"], "deck never runs out")
    _check(len(d.board) == g["company_spaces"], "company board size")
    for good in d.goods:
        n = sum(1 for v in d.spaces.values() if v["source"] == good)
        _check(g["crates_per_good_supply"] >= n * max(g["source_fill"].values()), f"{good} crates")
    ctrack = mb["city_track_by_space"]
    _check(
        sorted(ctrack) == sorted(d.cities) and sorted(ctrack.values()) == sorted(mb["city_tracks"]),
        "every city has its own city track",
    )
    cv = mb["crate_value_by_row"]
    _check(len(cv) == mb["rows"], "crate value per row")
    _check(all(cv[i] < cv[i + 1] for i in range(len(cv) - 1)), "crate value strictly increasing")
    _check(len(raw["goods_lanes"]["end_vp_by_position"]) == d.max_pos + 1, "lane VP per position")
    st = g["start_treasury_by_seat"]
    _check(len(st) >= g["players_max"], "start treasury entries")
    _check(all(g["treasury_min"] <= x <= g["treasury_max"] for x in st), "start treasury range")
    for s, ls in links.items():
        _check(any(c == 1 and not n for _, c, n in ls), f"{s} has a river connection of cost 1")
    _check(sorted(d.map_order) == sorted(d.spaces), "map_order lists every space once")
    for p in range(g["players_min"], g["players_max"] + 1):
        _check(p in d.posts["supply_by_player_count"], f"post supply for {p} players")
        _check(p in g["source_fill"], f"source fill for {p} players")
    for c in raw["cards"]:
        _check(c["logistics"]["kind"] in ("load", "move"), f"card {c['id']} is Load or Move")
    for keys, value in FIXED:
        _check(_at(raw, keys) == value, f"{'.'.join(keys)} must be {value!r} (fixed by the rules)")
    _check(g["cards_played_per_round"] == g["company_spaces"], "one card per space per round")
    _check(g["concessions_per_company"] == len(d.goods), "one Concession per good")
    _check(
        raw["agency"]["start_column"] == d.post_spaces, "Agency markers start in the last column"
    )
    return d


@lru_cache(maxsize=1)
def data() -> Data:
    return load()
