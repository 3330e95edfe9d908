"""Trading Posts, Agency markers and Concessions (SEED R48-R56; R87-R91, R108-R111)."""

from __future__ import annotations

from engine.benares.data import data
from engine.benares.effects import push, push_effect
from engine.benares.state import State, Task
from engine.benares.text import article, good_name, log, post_name, seat_name, touch
from engine.benares.treasury import pay
from engine.core import Event


def post_problem(st: State, seat: int, kind: str) -> str:
    """Why `seat` cannot create a post of `kind` now ('' if it can), checked at that moment."""
    d = data()
    c = st.companies[seat]
    spec = d.posts["types"][kind]
    region = d.spaces[c.boat]["region"] if c.boat else "city"
    if d.posts["requires_boat_outside_city"] and region == "city":
        return "the boat is in a city"
    if len(c.posts) >= d.post_spaces:
        return "the Post track is full"
    need = spec["requires_region"]
    if need != "any_non_city" and region != need:
        return f"the boat is not in the {d.raw['river_map']['regions'][need]} region"
    if st.post_supply.get(kind, 0) <= 0:
        return f"no {post_name(kind)} post is left in the supply"
    if c.treasury < spec["cost_rupees"]:
        return f"it costs ₹{spec['cost_rupees']} and the Treasury has ₹{c.treasury}"
    return ""


def legal_post_types(st: State, seat: int, wanted: str) -> list[str]:
    """The post types (`wanted` or any) without a `post_problem`, checked type by type only
    for what differs between types (tests/engine/benares/test_bc_bot_fast.py compares)."""
    d = data()
    c = st.companies[seat]
    region = d.spaces[c.boat]["region"] if c.boat else "city"
    if d.posts["requires_boat_outside_city"] and region == "city" or len(c.posts) >= d.post_spaces:
        return []
    types = d.posts["types"]
    supply = st.post_supply
    return [
        k
        for k in (types if wanted == "any" else [wanted])
        if types[k]["requires_region"] in ("any_non_city", region)
        and supply.get(k, 0) > 0
        and c.treasury >= types[k]["cost_rupees"]
    ]


def create_post(st: State, ev: list[Event], seat: int, kind: str) -> None:
    """R89: pay, take from supply, place rightmost open, check Concessions, immediate effect."""
    d = data()
    spec = d.posts["types"][kind]
    c = st.companies[seat]
    pay(st, seat, spec["cost_rupees"])
    st.post_supply[kind] -= 1
    c.posts.append(kind)
    space = d.post_spaces - len(c.posts) + 1
    touch(st, f"post:{seat}:{space}")
    log(
        st,
        ev,
        f"{seat_name(seat)} pays ₹{spec['cost_rupees']} and places {article(post_name(kind))} "
        f"post on Post space {space} (Agency column {d.post_spaces - len(c.posts)}).",
    )
    # LIFO: the immediate effect goes under the Concession checks (R89, R110).
    push_effect(st, seat, spec["immediate"], f"{post_name(kind)} post")
    for good in reversed(d.concessions["simultaneous_order"]):
        push(st, Task("concession", seat, a=good))


def meets(st: State, seat: int, good: str) -> bool:
    c = st.companies[seat]
    return c.goods[good] + len(c.posts) >= data().post_spaces


def check_concession(st: State, seat: int, good: str, ev: list[Event]) -> None:
    """R108/R109: trigger at once if the good meets its Agency marker and is unused."""
    c = st.companies[seat]
    if good in c.concessions_used or not meets(st, seat, good):
        return
    c.concessions_used.append(good)  # mark first: at most once per game (SEED R54)
    touch(st, f"concession:{seat}:{good}")
    log(
        st,
        ev,
        f"{seat_name(seat)}'s {good_name(good)} marker meets its Agency marker: "
        f"the {good_name(good)} Concession triggers.",
    )
    push_effect(st, seat, data().concessions["effects"][good], f"{good_name(good)} Concession")
