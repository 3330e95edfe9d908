"""The automatic player as it was before issue 12, frozen: the baseline a stronger bot is
measured against (bench.bot_vs_baseline). Not used in play; do not improve it.

A simple automatic player: heuristic weights on the legal choices, seeded noise for variety.
It returns complete moves only (never a step such as a card or "back"), performs actions rather
than declining, sells everything and invests whenever it can, so games always finish."""

from __future__ import annotations

from engine.benares.actions import crate_price, load_max, move_ends, spec_of
from engine.benares.data import data
from engine.benares.menus import card_menu, parse_play
from engine.benares.moves import options
from engine.benares.posts import legal_post_types
from engine.benares.state import State, Task
from engine.core import Choice
from engine.rng import Rng

RUPEE = 0.2  # rough VP worth of one rupee


def _sale_value(st: State, seat: int, end: str, hold: dict[str, int]) -> float:
    return RUPEE * sum(n * crate_price(st, seat, end, g) for g, n in hold.items())


def _action_value(st: State, seat: int, spec: dict, times: int = 1) -> float:
    k = spec["kind"]
    if k == "market":
        return (0.7 if spec["target"] in ("advisor", "wild") else 0.5) * times
    if k == "goods":
        return 0.6 * times
    if k == "goods_pair":
        return 1.8
    if k == "income":
        return spec["rupees"] * RUPEE * times
    if k == "post":
        return 2.5 * min(times, 2) if legal_post_types(st, seat, spec["type"]) else 0.0
    if k == "load":
        return 0.9 * load_max(st, seat, spec["qty"])
    if k == "move":
        return _move_value(st, seat, spec["qty"], 0)
    return 0.0


def _move_value(st: State, seat: int, qty: int, load_after: int) -> float:
    """Best end of a Move: a sale in a city, or a source to load from afterwards."""
    d = data()
    c = st.companies[seat]
    free = c.capacity - sum(c.hold.values())
    best = 0.1
    for end, _ in move_ends(c.boat, qty):
        v = 0.1
        if end in d.cities:
            v = _sale_value(st, seat, end, c.hold)
        elif d.spaces[end]["source"] and st.crates.get(end, 0) and free > 0:
            n = min(st.crates[end], free)
            v = 0.9 * min(n, load_after) + (0.4 if not c.hold else 0.1) + 0.1 * n
        best = max(best, v)
    return best


def _logistics_value(st: State, seat: int, a: dict, b: dict) -> float:
    kinds = (a["kind"], b["kind"])
    if kinds == ("load", "load"):
        return 0.9 * load_max(st, seat, a["qty"] + b["qty"])
    if kinds == ("move", "move"):
        return max(_move_value(st, seat, a["qty"], 0), _move_value(st, seat, b["qty"], 0)) + 0.2
    move, load = (a, b) if a["kind"] == "move" else (b, a)
    return max(
        _move_value(st, seat, move["qty"], load["qty"]), 0.9 * load_max(st, seat, load["qty"]) + 0.3
    )


def _play_value(st: State, seat: int, card: str, cid: str) -> float:
    d = data()
    play = parse_play(cid)
    if play is None:  # Back
        return -100.0
    _, mode, n = play
    if mode == "skip":
        return 3 * RUPEE
    sp = d.board[n - 1]
    cd = d.cards[card]
    if mode == "dev":
        return _action_value(st, seat, cd["dev"], sp["mult"]) + _action_value(
            st, seat, sp["development"]
        )
    return _logistics_value(st, seat, cd["logistics"], sp["logistics"])


def _best_play(st: State, seat: int, card: str, rng: Rng) -> tuple[float, str]:
    """The best play of `card`, from the menu after picking it (Back scored last)."""
    best = (-1e9, "")
    for ch in card_menu(st, seat, card):
        v = _play_value(st, seat, card, ch.id) + rng.below(100) / 300.0
        if v > best[0]:
            best = (v, ch.id)
    return best


def _pick_value(st: State, seat: int, t: Task, ch: Choice) -> float:
    d = data()
    c = st.companies[seat]
    cid = ch.id
    if cid == "decline":
        return -1.0
    if t.kind == "sell_mode":
        return {"sell:all": 5.0, "sell:none": -5.0}[cid]
    if t.kind == "sell":
        return float(cid.split(":")[1])
    if t.kind == "invest":
        if cid == "pass":
            return -1.0
        lvl = cid.split(":")[2]
        return 1.0 + d.grid["cost_by_level"][lvl]
    if t.kind == "order":
        if t.b == "logistics":
            card_spec = spec_of(f"card:{t.a}:logistics")
            comp_spec = spec_of(f"space:{t.n}:logistics")
            can_load = load_max(st, seat, 1) > 0
            load_first = "first:card" if card_spec["kind"] == "load" else "first:company"
            if {card_spec["kind"], comp_spec["kind"]} == {"load", "move"}:
                return 1.0 if (cid == load_first) == can_load else 0.0
        return 1.0 if cid == "first:card" else 0.0
    if cid in ("company_now", "ldone", "mdecline", "fleet"):
        return 0.2
    if cid == "crate":
        return 1.5
    verb, _, arg = cid.partition(":")
    if verb in ("to", "fleet", "fleet2", "step"):
        if arg in d.cities:
            return (
                10.0 + sum(n * crate_price(st, seat, arg, g) for g, n in c.hold.items())
                if c.hold
                else 0.5
            )
        if d.spaces[arg]["source"] and st.crates.get(arg, 0):
            return 5.0 if sum(c.hold.values()) < c.capacity else 1.0
        return 1.0
    if verb == "load":
        return float(arg)
    if verb == "do" and arg == "regional":
        return 0.5
    return 1.0


def choose(st: State, seat: int, rng: Rng) -> str:
    """A complete move (never a step): for a turn, the best card, then its best play (that
    card's menu scored again with fresh noise); elsewhere the best choice of the first menu."""
    t = st.stack[-1]
    if t.kind == "turn":
        hand = st.companies[seat].hand
        card = hand[0]
        if len(hand) > 1:
            best = -1e9
            for x in hand:
                v, _ = _best_play(st, seat, x, rng)
                if v > best:
                    best, card = v, x
        return _best_play(st, seat, card, rng)[1]
    opts = options(st, t)
    best_v, best_id = -1e9, ""
    for ch in opts:
        noise = rng.below(50) / 100.0
        if ch.step:  # e.g. choosing the sale good by good: the bot sells all or nothing
            continue
        v = _pick_value(st, seat, t, ch) + noise
        if v > best_v:
            best_v, best_id = v, ch.id
    return best_id
