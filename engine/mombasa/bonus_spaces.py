"""The bonus markers and spaces (R32-R34, R141, R204): markers available, the board and
extra track spaces, their titles and why a space cannot take a marker now."""

from __future__ import annotations

from engine.core import Event
from engine.mombasa import goods, names
from engine.mombasa.data import BonusDef, data
from engine.mombasa.state import State, card_kind, extra_space_id
from engine.mombasa.text import alike
from engine.mombasa.tracks import active_bonus_level, company_with_pair, side_of

GROUP = "Bonus marker"
MENU = 25
PAIR_MARKERS = "extra_bonus_markers"
C1, C2, D1, D2 = (
    "pay_for_books_and_diamonds",
    "buy_card_with_pounds_and_or_diamonds",
    "sell_card_from_hand",
    "pay1_advance_other_tracks",
)
_ORD = ("1st", "2nd")


# ---- markers (R32-R34, R141, R204) ------------------------------------------------------------
def available_markers(st: State, seat: int) -> int:
    return st.players[seat].markers


def on_bonus_activated(st: State, seat: int, company: str, index: int) -> list[Event]:
    """R204: a marker bonus takes its markers out of the box when it becomes active; the second
    gives 2 in total, never 1 + 2 (R32). Idempotent: it tops up to the active level's total."""
    if side_of(st, company).bonus_pair != PAIR_MARKERS:
        return []
    p = st.players[seat]
    lvl = active_bonus_level(st, seat, company)
    target = (
        int(data().bonuses[PAIR_MARKERS][lvl - 1].raw.get("bonus_markers_plus", 0)) if lvl else 0
    )
    gain = min(max(0, target - p.marker_bonus), p.markers_in_box)
    if not gain:
        return []
    p.markers += gain
    p.markers_in_box -= gain
    p.marker_bonus += gain
    return [
        Event(
            f"{names.player(st, seat)} takes {names.plural(gain, 'more bonus marker')} from the box (marker bonus)."
        )
    ]


# ---- spaces -------------------------------------------------------------------------------------
def extra_space_of(st: State, sid: str) -> tuple[str, int, BonusDef] | None:
    """(company, index, bonus definition) of an extra-space id ``X<code><i>``, else None."""
    if len(sid) != 3 or sid[0] != "X" or sid[2] not in "01" or sid[1] not in names.COMPANY_OF_CODE:
        return None
    comp, idx = names.company_of(sid[1]), int(sid[2])
    side = side_of(st, comp)
    if side.family != "extra_spaces":
        return None
    return comp, idx, data().bonuses[side.bonus_pair][idx]


def space_kind(st: State, sid: str) -> tuple[str, str]:
    """(the board space's kind, "") or ("", the extra space's bonus pair)."""
    ex = extra_space_of(st, sid)
    return ("", ex[2].pair) if ex else (data().bonus_spaces[sid].kind, "")


def space_state_id(st: State, sid: str) -> str:
    ex = extra_space_of(st, sid)
    return extra_space_id(ex[0], ex[1]) if ex else sid


def space_ids(st: State) -> list[str]:
    out = list(data().bonus_spaces)
    for comp in data().companies:
        if side_of(st, comp).family == "extra_spaces":
            out += [f"X{names.code(comp)}0", f"X{names.code(comp)}1"]
    return out


def space_title(st: State, sid: str) -> str:
    ex = extra_space_of(st, sid)
    if ex:
        comp, idx, _ = ex
        return f"{_ORD[idx]} extra space on {names.company(comp)}'s track ({side_of(st, comp).id})"
    sp = data().bonus_spaces[sid]
    if sp.kind == "majority":
        return f"{sp.measure} majority"
    if sp.kind == "tile":
        return f"tile space {sp.tile}"
    return f"{sp.kind} space"  # "buy space", "sell space", "study space"


def sellable_cards(st: State, seat: int, coffee_only: bool) -> list[str]:
    """The hand cards a sell space may take, in hand order: one per kind of card that plays
    alike (`text.alike`), the one whose data id comes first. A sold card never comes back
    (R158), so selling either of two alike cards is the same choice."""
    d = data()
    first: dict[tuple, str] = {}
    for c in st.players[seat].hand:
        kind = d.cards[card_kind(c)]
        if coffee_only and not (kind.type == "goods" and kind.good == "coffee"):
            continue
        key = alike(c)
        if key not in first or card_kind(c) < card_kind(first[key]):
            first[key] = c
    keep = set(first.values())
    return [c for c in st.players[seat].hand if c in keep]


def why_not(st: State, seat: int, sid: str) -> str:
    """'' if `seat` may place a marker on `sid` now (R131-R133, R27, R28, R186, R200), else why."""
    ex = extra_space_of(st, sid)  # not None exactly for the extra ids among space_ids(st)
    if ex is None and sid not in data().bonus_spaces:
        return "There is no such bonus space."
    if st.bonus_spaces.get(extra_space_id(ex[0], ex[1]) if ex else sid, -1) >= 0:
        return "That bonus space already holds a marker this round."
    p = st.players[seat]
    if ex:
        comp, idx, bd = ex
        if active_bonus_level(st, seat, comp) < idx + 1:
            return "You have not unlocked that extra space (or the unlock is not active yet)."
        if st.bonus_spaces.get(extra_space_id(comp, 1 - idx), -1) == seat:
            return "You already have a marker on the other extra space of that track."
        cost = bd.cost_pounds
        if cost and p.cash < cost:
            return f"It costs £{cost}; you have £{p.cash}."
        if bd.pair == D1 and not sellable_cards(st, seat, idx == 1):
            return "You have no " + ("coffee goods card" if idx else "card") + " in your hand."
        return ""
    sp = data().bonus_spaces[sid]
    if sp.kind == "majority":
        mine = goods.units(st, seat, sp.measure)
        if mine < 1 or any(
            goods.units(st, q, sp.measure) >= mine for q in range(st.seats) if q != seat
        ):
            return f"You need strictly more {sp.measure} units than every other player."
    elif sp.kind == "tile":
        if st.bonus_tiles.get(sp.tile) != "space":
            return f"Tile {sp.tile} is not on its space."
        if p.tile or f"seat:{seat}" in st.bonus_tiles.values():
            return "You already hold a bonus tile."
    elif sp.kind == "sell" and not p.hand:
        return "You have no card in your hand."
    elif sp.kind == "study" and p.cash < sp.pay_pounds:
        return f"It costs £{sp.pay_pounds}; you have £{p.cash}."
    return ""


def marker_pair_company(st: State) -> str | None:
    """Where the marker bonus lies (for views), None if its side is not in play."""
    return company_with_pair(st, PAIR_MARKERS)
