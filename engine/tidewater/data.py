"""Loads `data.yaml` (spec section 20), validates it and derives the numbers the rules use.

Every DESIGN number comes from the data; the rule code reads `Rules` attributes only. Variants
(spec section 19) are applied here, so a game's `Rules` already reflect its switches.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from engine import yaml_data

DATA_PATH = Path(__file__).with_name("data.yaml")

#: Option name (OptionSpec) -> variant key in the data.
VARIANT_OPTIONS = {
    "terminal_fee": "V1_terminal_fee",
    "short_game": "V2_short_game",
    "open_operations": "V3_open_operations",
}


class DataError(ValueError):
    """The rules data break a load-time check (spec section 20.8)."""


@lru_cache(maxsize=1)
def raw_data() -> dict[str, Any]:
    with DATA_PATH.open(encoding="utf-8") as fh:
        return yaml_data.safe_load(fh)


def validate(d: dict[str, Any]) -> None:
    """The load-time checks of spec section 20.8 plus the SEED assertions."""
    _check_time(d)
    _check_map(d)
    _check_names(d)
    _check_counts(d)
    _check_seed_values(d)
    _check_supported(d)


def _check_time(d: dict[str, Any]) -> None:
    tt = d["time_track"]
    if not 0 < tt["halfway_step"] < tt["steps_per_round"]:
        raise DataError("halfway_step must lie strictly inside the round")
    for name, a in d["actions"].items():
        cost = a.get("time", a.get("time_per_point", 0) * a.get("max_points", 1))
        if cost > tt["steps_per_round"]:
            raise DataError(f"action {name} costs more than a round")


def _check_map(d: dict[str, Any]) -> None:
    """Sea adjacency is symmetric and ports and sea hexes list each other."""
    m = d["map"]
    for h, info in m["sea_hexes"].items():
        for other in info["adj"]:
            if h not in m["sea_hexes"][other]["adj"]:
                raise DataError(f"adjacency {h}-{other} is not symmetric")
        for p in info["ports"]:
            if h not in m["ports"][p]["sea"]:
                raise DataError(f"port {p} does not list sea hex {h}")
    for p, info in m["ports"].items():
        for h in info["sea"]:
            if p not in m["sea_hexes"][h]["ports"]:
                raise DataError(f"sea hex {h} does not list port {p}")


def _check_names(d: dict[str, Any]) -> None:
    """Every place and slot has a display name."""
    m = d["map"]
    names = d["names"]
    for section, ids in (
        ("company_hexes", m["company_hexes"]),
        ("ports", m["ports"]),
        ("sea_hexes", m["sea_hexes"]),
        ("slots", [s["id"] for s in d["ship"]["slots"]]),
    ):
        missing = [i for i in ids if not names[section].get(i)]
        if missing:
            raise DataError(f"names.{section} lacks a display name for {', '.join(missing)}")


def _check_counts(d: dict[str, Any]) -> None:
    """Containers, the demand queue, wage bands and dividends add up."""
    c = d["containers"]
    if c["per_colour"] * len(c["colours"]) != c["total"]:
        raise DataError("per_colour x colours != total")
    start = d["company_defaults"]["start_containers_on_hex"]
    if c["total"] - start * len(c["colours"]) != c["in_bag_before_display_fill"]:
        raise DataError("bag size before the display fill is inconsistent")
    q = d["demand_queue"]
    if not (
        len(q["price_by_position"]) == q["positions"] == q["markers_per_colour"] * len(c["colours"])
    ):
        raise DataError("demand queue size is inconsistent")
    st = d["stock"]
    covered: list[int] = []
    for band in d["wage_by_stock"]:
        covered.extend(range(band["min"], band["max"] + 1))
    if covered != list(range(st["min"], st["max"] + 1)):
        raise DataError("wage bands must cover the stock track without gaps or overlaps")
    for opt in d["dividend"]["per_share_options"]:
        if opt not in d["dividend"]["stock_effect"]:
            raise DataError(f"no stock effect for dividend {opt}")


def _check_seed_values(d: dict[str, Any]) -> None:
    """SEED values (not tuning knobs)."""
    st = d["stock"]
    seed_checks = [
        (d["game"]["rounds"], 3, "rounds"),
        (d["production_display"]["hex_cap"], 6, "hex cap"),
        (st["max"], 12, "stock max"),
        (d["dividend"]["per_share_options"], [0, 1, 2, 3], "dividend options"),
        (d["dividend"]["stock_effect"][0], -1, "dividend 0 effect"),
        (d["dividend"]["no_ceo_stock_effect"], -1, "no-CEO effect"),
        (d["dividend"]["unpaid_wage_stock_effect"], -1, "unpaid wage effect"),
        (d["permissions"]["move_navigation_point"], "ceo", "move permission"),
        (d["time_track"]["halfway_trigger_by_players"][2], False, "no halfway with 2"),
    ]
    for value, expected, what in seed_checks:
        if value != expected:
            raise DataError(f"SEED value changed: {what}")


def _check_supported(d: dict[str, Any]) -> None:
    """Procedures the code implements for one value only (refuse data it cannot honour), then
    the SEED time costs and wage table."""
    fa = d["free_actions"]
    supported = [
        (d["load_defaults"]["slot"], "lowest_free", "load_defaults.slot"),
        (fa["set_sail_per_ship_per_window"], 1, "set_sail_per_ship_per_window"),
        (fa["deliver_per_ship_per_market_arrival"], 1, "deliver_per_ship_per_market_arrival"),
        (fa["route_through_ports"], False, "route_through_ports"),
        (fa["route_max_length"], None, "route_max_length"),
        (d["ceo"]["tie_break"], ["incumbent", "earliest_to_reach_count"], "ceo.tie_break"),
        (d["stock_market_order"]["sort"], ["stock_value_desc", "stock_seq_asc"], "order sort"),
    ]
    for value, expected, what in supported:
        if value != expected:
            raise DataError(f"unsupported value for {what}: {value!r}")
    for name in ("load_container", "produce_container", "funding", "invest", "advertise"):
        if d["actions"][name]["time"] != 1:
            raise DataError(f"SEED time cost of {name} changed")
    seed_wages = {3: 2, 5: 2, 6: 4, 8: 4, 9: 6, 10: 6, 11: 8, 12: 8}
    for stock, wage in seed_wages.items():
        if wage_of(d["wage_by_stock"], stock) != wage:
            raise DataError("SEED wage table changed")


def wage_of(bands: list[dict[str, int]], stock: int) -> int:
    for band in bands:
        if band["min"] <= stock <= band["max"]:
            return band["wage"]
    raise DataError(f"no wage band for stock {stock}")


class SlotSpec:
    __slots__ = ("id", "kind", "cost")

    def __init__(self, id: str, kind: str, cost: int) -> None:
        self.id = id
        self.kind = kind
        self.cost = cost


class Rules:
    """The numbers of one game (data + enabled variants), read by the rule code."""

    def __init__(self, d: dict[str, Any], variants: tuple[str, ...]) -> None:
        self.variants = variants
        self.raw = d
        self._read_time(d, variants)
        self._read_actions(d)
        self._read_map(d)
        self._read_companies(d)
        self._read_ships(d)
        self._read_stock(d)
        self._read_goods(d)
        self._read_permissions(d, variants)
        self.bot_defaults: dict[str, str] = dict(d["bot_defaults"])

    def _read_time(self, d: dict[str, Any], variants: tuple[str, ...]) -> None:
        """Rounds, seats and the time track (V2 shortens the round)."""
        tt = d["time_track"]
        self.rounds: int = d["game"]["rounds"]
        self.min_players: int = d["game"]["players"]["min"]
        self.max_players: int = d["game"]["players"]["max"]
        self.steps: int = tt["steps_per_round"]
        self.halfway: int = tt["halfway_step"]
        self.halfway_by_players: dict[int, bool] = dict(tt["halfway_trigger_by_players"])
        if "V2_short_game" in variants:
            v2 = d["variants"]["V2_short_game"]
            self.steps = v2["steps_per_round"]
            self.halfway = v2["halfway_step"]

    def _read_actions(self, d: dict[str, Any]) -> None:
        """What each action costs in time, and the players' starting means."""
        acts = d["actions"]
        self.cost = {
            "load": acts["load_container"]["time"],
            "produce": acts["produce_container"]["time"],
            "fund": acts["funding"]["time"],
            "invest": acts["invest"]["time"],
            "advertise": acts["advertise"]["time"],
            "trade": acts["buy_sell_share"]["time"],
        }
        self.nav_per_point: int = acts["navigation_points"]["time_per_point"]
        self.nav_max_points: int = acts["navigation_points"]["max_points"]
        self.funding_credits: int = acts["funding"]["credits"]
        self.starting_credits: dict[int, int] = dict(d["players"]["starting_credits"])
        self.investment_discs: int = d["players"]["investment_discs_each"]

    def _read_map(self, d: dict[str, Any]) -> None:
        m = d["map"]
        self.company_hexes: dict[str, dict[str, Any]] = m["company_hexes"]
        self.ports: dict[str, dict[str, Any]] = m["ports"]
        self.sea: dict[str, dict[str, Any]] = m["sea_hexes"]
        self.sea_ids: list[str] = list(self.sea)
        self.port_ids: list[str] = list(self.ports)
        self.market_ports = [p for p, i in self.ports.items() if i["type"] == "market"]
        self.port_company: dict[str, str | None] = {
            p: i.get("company") if i["type"] == "company" else None for p, i in self.ports.items()
        }

    def _read_companies(self, d: dict[str, Any]) -> None:
        self.companies: list[str] = [c["id"] for c in d["companies"]]
        self.cinfo: dict[str, dict[str, Any]] = {c["id"]: c for c in d["companies"]}
        self.cindex: dict[str, int] = {c: i for i, c in enumerate(self.companies)}
        self.hex_of_company: dict[str, str] = {c["id"]: c["hex"] for c in d["companies"]}
        self.home_port: dict[str, str] = {c["id"]: c["home_port"] for c in d["companies"]}
        # Port -> company hex that ships load from there.
        self.port_hex_company: dict[str, str] = {
            p: i["company"] for p, i in self.ports.items() if i["type"] == "company"
        }
        cd = d["company_defaults"]
        self.shares: int = cd["shares"]
        self.start_stock: int = cd["start_stock_value"]
        self.start_treasury: int = cd["start_treasury"]
        self.nav_points: int = cd["navigation_points"]
        self.start_on_hex: int = cd["start_containers_on_hex"]
        self.initial_stock_seq: dict[str, int] = dict(d["stock_market_order"]["initial_stock_seq"])

    def _read_ships(self, d: dict[str, Any]) -> None:
        """Ship slots, the display names players read, the investor fee."""
        self.slots: list[SlotSpec] = [
            SlotSpec(s["id"], s["type"], s.get("cost", 0)) for s in d["ship"]["slots"]
        ]
        self.slot_index: dict[str, int] = {s.id: i for i, s in enumerate(self.slots)}
        # Display names (data `names:`): what players read instead of the ids.
        nm = d["names"]
        self.place_names: dict[str, str] = {
            **nm["company_hexes"],
            **nm["ports"],
            **nm["sea_hexes"],
        }
        self.slot_names: dict[str, str] = dict(nm["slots"])
        self.investor_fee: int = d["ship"]["investor_fee_per_delivered_container"]

    def _read_stock(self, d: dict[str, Any]) -> None:
        """Stock track, wages and dividends."""
        st = d["stock"]
        self.stock_min: int = st["min"]
        self.stock_max: int = st["max"]
        self.sell_effect: int = st["sell_effect"]
        self.buy_effect: int = st["buy_effect"]
        self.ceo_min_shares: int = d["ceo"]["min_shares"]
        self.wage_bands: list[dict[str, int]] = d["wage_by_stock"]
        self._wage = {s: wage_of(self.wage_bands, s) for s in range(st["min"], st["max"] + 1)}
        dv = d["dividend"]
        self.dividend_options: list[int] = list(dv["per_share_options"])
        self.dividend_effect: dict[int, int] = dict(dv["stock_effect"])
        self.no_ceo_effect: int = dv["no_ceo_stock_effect"]
        self.unpaid_wage_effect: int = dv["unpaid_wage_stock_effect"]
        self.auto_apply_only_option: bool = dv["auto_apply_if_only_option"]

    def _read_goods(self, d: dict[str, Any]) -> None:
        """Containers, the production display and the demand queue."""
        c = d["containers"]
        self.colours: list[str] = list(c["colours"])
        self.per_colour: int = c["per_colour"]
        self.total_containers: int = c["total"]
        pdsp = d["production_display"]
        self.display_slots: dict[int, int] = dict(pdsp["marked_slots_by_players"])
        self.hex_cap: int = pdsp["hex_cap"]
        q = d["demand_queue"]
        self.prices: list[int] = list(q["price_by_position"])
        self.markers_per_colour: int = q["markers_per_colour"]
        self.port_bonus: dict[str, int] = dict(q["port_bonus"])

    def _read_permissions(self, d: dict[str, Any], variants: tuple[str, ...]) -> None:
        """Who may do what (V3 opens operations to anyone) and the V1 terminal fee."""
        self.shareholder_min: int = d["permissions"]["shareholder_min_shares"]
        self.perm: dict[str, str] = {
            k: v for k, v in d["permissions"].items() if k != "shareholder_min_shares"
        }
        if "V3_open_operations" in variants:
            for k in d["variants"]["V3_open_operations"]["set_to_anyone"]:
                if k != "move_navigation_point":  # SEED: moves stay CEO-only
                    self.perm[k] = "anyone"
        self.terminal_fee: int | None = (
            d["variants"]["V1_terminal_fee"]["fee"] if "V1_terminal_fee" in variants else None
        )

    def wage(self, stock: int) -> int:
        return self._wage[stock]

    def halfway_enabled(self, seats: int) -> bool:
        return bool(self.halfway_by_players.get(seats, False))


@lru_cache(maxsize=16)
def rules_for(variants: tuple[str, ...] = ()) -> Rules:
    d = raw_data()
    validate(d)
    for v in variants:
        if v not in d["variants"]:
            raise DataError(f"unknown variant {v}")
    return Rules(d, tuple(sorted(variants)))
