"""Planning helpers of the automatic player: what the rest of its own hand is worth on its open
spaces (so a strong card or a ×3 space is not spent on a weak play), and the Investment plan.

Only the seat's own hand and public state are read (R129)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.benares.bot.evaluation import DISC, RUPEE
from engine.benares.data import data
from engine.benares.menus import open_spaces
from engine.benares.posts import post_problem
from engine.benares.state import State

Matrix = dict[tuple[str, int], float]
Guesses = dict[tuple[str, str, int], float]
Ranked = list[tuple[float, str, int]]


def _post_guess(st: State, seat: int, wanted: str, times: int) -> float:
    """Posts later: a type whose supply or track room is gone is worth nothing (R87, R91)."""
    d = data()
    c = st.companies[seat]
    room = d.post_spaces - len(c.posts)
    kinds = list(d.posts["types"]) if wanted == "any" else [wanted]
    kinds = [k for k in kinds if st.post_supply.get(k, 0) > 0]
    if not kinds or room <= 0:
        return 0.0
    here = [k for k in kinds if not post_problem(st, seat, k)]
    types = d.posts["types"]
    distinct = len({p for p in c.posts if types[p]["directional"]})
    each = 0.0
    for k in kinds:
        if types[k]["directional"]:
            v = 1.3 + (0.9 if k not in c.posts else 0.0)
        else:
            v = 0.6 + 1.4 * max(distinct, 1)
        each = max(each, v * (1.0 if k in here else 0.55))
    affordable = max(1, (c.treasury + 3) // 2)
    n = min(times, room, affordable, sum(st.post_supply.get(k, 0) for k in kinds))
    return each * (n if n <= 1 else 1 + 0.7 * (n - 1))


def spec_guess(st: State, seat: int, spec: dict[str, Any], times: int = 1) -> float:
    """A rough VP worth of doing `spec` `times` times on a later turn."""
    c = st.companies[seat]
    k = spec["kind"]
    if k == "market":
        room = data().max_row - c.rows[spec["target"]] if spec["target"] != "wild" else 10
        per = 0.6 if spec["target"] in ("benares", "calcutta") else 0.9
        return per * min(times * spec["steps"], room)
    if k == "goods":
        room = data().max_pos - c.goods[spec["target"]] if spec["target"] != "wild" else 8
        per = 0.85 if spec["target"] == "wild" else 0.7
        return per * min(times * spec["steps"], room)
    if k == "goods_pair":
        return 2.0
    if k == "income":
        return RUPEE * spec["rupees"] * times
    if k == "post":
        return _post_guess(st, seat, spec["type"], times)
    if k == "load":
        return 0.35 * min(spec["qty"] + c.load_bonus, 4)
    if k == "move":
        return 0.9 + 0.1 * spec["qty"] + (0.8 if c.hold else 0.0)
    return 0.0


def play_guesses(st: State, seat: int, cards: list[str]) -> Guesses:
    """(card, mode, space) -> the rough worth of that play now, for each card on each open
    space (modes as in play ids: dev, log, skip; R71-R74, skip R28)."""
    d = data()
    skip = RUPEE * d.game["skip_income_rupees"]
    out: Guesses = {}
    for n in open_spaces(st, seat):
        sp = d.board[n - 1]
        dev_co = spec_guess(st, seat, sp["development"])
        log_co = spec_guess(st, seat, sp["logistics"])
        for card in cards:
            cd = d.cards[card]
            out[card, "dev", n] = spec_guess(st, seat, cd["dev"], sp["mult"]) + dev_co
            out[card, "log", n] = spec_guess(st, seat, cd["logistics"]) + log_co
            out[card, "skip", n] = skip
    return out


def ranked_plays(guesses: Guesses) -> Ranked:
    """(worth, card, space) of the best play of each card on each space, best first: the
    worth of playing that card there on a later turn."""
    best: Matrix = {}
    for (card, _, n), v in guesses.items():
        best[card, n] = max(best.get((card, n), v), v)
    return sorted(((v, card, n) for (card, n), v in best.items()), reverse=True)


def future(ranked: Ranked, used_card: str, used_space: int, spaces_count: int) -> float:
    """Greedy matching of the other cards to the other open spaces (`spaces_count` in all,
    `used_space` among them): the rest of the round."""
    cards = {used_card}
    spaces = {used_space}
    total = 0.0
    for v, card, n in ranked:
        if card in cards or n in spaces:
            continue
        cards.add(card)
        spaces.add(n)
        total += v
        if len(spaces) == spaces_count:  # every space has its card: nothing more to add
            break
    return total


# ---- investment (R117-R120) -------------------------------------------------------------------
def _cell_worth(st: State, cell: str, final_round: bool) -> float:
    grid = data().grid
    sector, lvl = cell.split(":")
    info = grid["sectors"][sector][lvl]
    v = float(info["vp"])
    if cell not in st.first_buyers:
        v += grid["first_buyer_bonus_vp"][lvl]
    for part in info["effects"]:
        ((key, val),) = part.items()
        if key == "gain_rupees":
            v += RUPEE * int(val) * (0.5 if final_round else 1.0)
        elif not final_round:  # lasting effects need an Action phase to follow (section 14.2)
            v += {"set_hold_capacity": 1.0, "move_bonus_steps": 0.9}.get(key, 0.8)
    return v


def invest_pick(st: State, seat: int, ids: list[str]) -> str:
    """The first purchase of the best plan for all the seat's discs, or pass (1 VP a disc)."""
    grid = data().grid
    c = st.companies[seat]
    final_round = st.round >= data().game["rounds"]
    levels = grid["level_order"]
    cost = grid["cost_by_level"]
    worth = {
        f"{s}:{lv}": _cell_worth(st, f"{s}:{lv}", final_round)
        for s in grid["sectors"]
        for lv in levels
    }

    @cache
    def best(owned: frozenset[str], discs: int) -> float:
        v = float(discs)
        for sector in grid["sectors"]:
            for lvl in levels:
                cell = f"{sector}:{lvl}"
                if cell in owned:
                    continue
                if cost[lvl] <= discs:
                    v = max(v, worth[cell] + best(owned | {cell}, discs - cost[lvl]))
                break
        return v

    owned = frozenset(c.investments)
    choice, top = "pass", float(c.discs) + 1e-6
    for cid in ids:
        if not cid.startswith("buy:"):
            continue
        cell = cid[4:]
        lvl = cell.split(":")[1]
        v = worth[cell] + best(owned | {cell}, c.discs - cost[lvl])
        if v > top:
            choice, top = cid, v
    if choice == "pass" and "pass" not in ids:
        return ids[0]
    return choice


__all__ = ["DISC", "future", "invest_pick", "play_guesses", "ranked_plays", "spec_guess"]
