"""Map geometry (spec section 12; data section 21.10): which areas a company can reach now and at
what cost, area names and reward texts, and the one-character area tokens used in move ids.

The expand ACTION lives in `expand.py`; `offers`/`steps`/`apply` here forward to it so flow code
may route either name (NOTES.md).

Rules owned here: R102-R104, R106 (reachability and cost), R195 (players only ever read area
names, never the internal ids; R198's `xy` is read by the renderer from data).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Choice, Event, IllegalAction
from engine.mombasa import names
from engine.mombasa.data import data
from engine.mombasa.state import State
from engine.mombasa.view_static import memo, static

#: One character per area, in data order (move ids stay short; R195: ids are never shown).
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def area_ids() -> tuple[str, ...]:
    return static().area_ids


def area_token(area: str) -> str:
    """The area's one-character token (ValueError for an unknown area)."""
    i = static().area_index.get(area)
    if i is None:
        raise ValueError(f"{area!r} is not an area")
    return ALPHABET[i]


def area_of_token(tok: str) -> str:
    i = ALPHABET.find(tok)
    ids = area_ids()
    if len(tok) != 1 or not 0 <= i < len(ids):
        raise IllegalAction("That is not an area of the map.")
    return ids[i]


def area_name(area: str) -> str:
    return data().areas[area].name


def area_number(area: str) -> int:
    """The number the map shows on the area's disc (north to south, then west to east)."""
    return static().area_numbers[area]


def area_label(area: str) -> str:
    """'24 Zanzibar Coast': the area's number on the map and its name, for log lines and
    refusals (R195)."""
    return f"{area_number(area)} {data().areas[area].name}"


def area_title(area: str) -> str:
    """'12 Kalahari (◆2)': the area as the board shows it (its number and its reward) with its
    name, so a player finds a menu's area on the map (R195)."""
    return f"{area_label(area)} ({names.reward_short(data().areas[area].reward)})"


def reward_text(area: str, company: str) -> str:
    """'£1 + 1 step on Cape Town's track' in the R176 order (the data keeps that order); kept
    per data object."""
    return memo(static().reward_texts, (area, company), _reward_text)


def _reward_text(key: tuple[str, str]) -> str:
    area, company = key
    return names.reward_text(data().areas[area].reward, company)


class Target(NamedTuple):
    """An area a company can post into now (a tuple: built and hashed often, never changed)."""

    area: str
    cost: int
    border: int  # cheapest qualifying border (the base counts as base_border_cost)
    from_base: bool  # the cheapest way in is from the base
    displaces: str  # the other company whose post is there ("" none)

    def how(self) -> str:
        d = data()
        if self.from_base:
            why = "from base"
        elif self.border == d.border_cost["double"]:
            why = "double border"
        else:
            why = "border"
        if self.displaces:
            why += f" +{d.displace_extra_cost} to displace {names.company(self.displaces)}"
        return why


def posts_on_map(st: State, company: str) -> list[str]:
    return [a for a, c in st.map.items() if c == company]


def legal_targets(st: State, company: str, points_left: int) -> dict[str, Target]:
    """Areas `company` can place its next post into now, with their cost (R102-R104, R106):
    not holding this company's post; bordering one of its posts (placed earlier in this action
    included, R102) or adjacent to its base; cost = cheapest such border, +1 to displace another
    company's post; only those with cost <= points_left. In data order. A new dict each time."""
    return {a: t for a, t in _targets(st.map, company).items() if t.cost <= points_left}


#: at most this many maps' targets are kept (a few games' worth)
_KEEP_TARGETS = 4096


def _targets(holders: dict[str, str], company: str) -> dict[str, Target]:
    """Every area `company` can reach with its cost, whatever the points (read it only). Kept
    per data object by the company and the whole map: the automatic player asks again and again
    for the same map, with the expansion values of different seats."""
    kept = static().targets
    key = (company, tuple(holders.items()))
    got = kept.get(key)
    if got is None:
        if len(kept) >= _KEEP_TARGETS:
            kept.clear()
        got = kept[key] = _legal_targets(holders, company, None)
    return got


def _legal_targets(
    holders: dict[str, str], company: str, points_left: int | None
) -> dict[str, Target]:
    """`legal_targets` computed afresh (`points_left` None: any cost)."""
    d = data()
    reach = _reach(holders, company)
    out: dict[str, Target] = {}
    if not reach:
        return out
    extra = d.displace_extra_cost
    order = static().area_index  # area -> its position in the data
    for area in sorted((a for a in reach if a in order), key=order.__getitem__):
        holder = holders.get(area, "")
        if holder == company:
            continue
        best, from_base = reach[area]
        total = best + (extra if holder else 0)
        if points_left is None or total <= points_left:
            out[area] = Target(area, total, best, from_base, holder)
    return out


def has_target(st: State, company: str, points_left: int, also: str = "") -> bool:
    """`bool(legal_targets(st, company, points_left))` without building the targets (the expand
    offer only asks whether one exists). `also`: as if `company` held that area too (what is
    left after a post into it; the expand menu marks a last post with it)."""
    if not also:
        return any(t.cost <= points_left for t in _targets(st.map, company).values())
    d = data()
    holders = st.map
    extra = d.displace_extra_cost
    areas = d.areas
    for area, (best, _) in _reach(holders, company, also).items():
        holder = company if area == also else holders.get(area, "")
        if holder != company and area in areas and best + (extra if holder else 0) <= points_left:
            return True
    return False


def _reach(holders: dict[str, str], company: str, also: str = "") -> dict[str, tuple[int, bool]]:
    """Area -> (cheapest border into it, whether that is the base's): the base's adjacent areas
    first, then every border of the company's posts (a border only wins when strictly cheaper,
    so the base wins ties); `also` counts as one of its posts. Borders are symmetric (data_board
    checks it)."""
    d = data()
    base = d.base_border_cost
    reach = {a: (base, True) for a in d.base_adjacent[company]}
    nbs = d.neighbours
    held = [a for a, holder in holders.items() if holder == company or a == also]
    if also and also not in holders:
        held.append(also)
    for area in held:
        for nb, cost in nbs.get(area, {}).items():
            way = reach.get(nb)
            if way is None or cost < way[0]:
                reach[nb] = (cost, False)
    return reach


# ---- forwarding to the action module --------------------------------------------------------
def offers(st: State, seat: int) -> list[Choice]:
    from engine.mombasa import expand

    return expand.offers(st, seat)


def steps(st: State, seat: int, path: tuple[str, ...]) -> list[Choice]:
    from engine.mombasa import expand

    return expand.steps(st, seat, path)


def apply(st: State, seat: int, move: str) -> list[Event]:
    from engine.mombasa import expand

    return expand.apply(st, seat, move)
