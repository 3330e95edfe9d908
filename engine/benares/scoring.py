"""Final scoring and tie-breaks (R123-R125)."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from engine.benares.data import data
from engine.benares.state import Company, State
from engine.benares.text import plural, seat_name
from engine.core import Result


def breakdown(c: Company) -> dict[str, int]:
    d = data()
    types = d.posts["types"]
    directional = {p for p in c.posts if types[p]["directional"]}
    post_vp = 0
    regional_vp = 0
    for p in c.posts:
        spec = types[p]
        post_vp += spec.get("end_vp", 0)
        regional_vp += spec.get("end_vp_per_distinct_directional_type", 0) * len(directional)
    lane = d.raw["goods_lanes"]["end_vp_by_position"]
    goods_vp = sum(lane[c.goods[g]] for g in d.goods)
    sc = d.scoring
    disc_vp = c.discs * sc["unspent_profit_disc_vp"]
    crates_vp = sum(c.hold.values()) * sc["unsold_crate_vp"]
    rupee_vp = c.treasury * sc["treasury_rupee_vp"]
    return {
        "play": c.vp,
        "posts": post_vp,
        "regional": regional_vp,
        "goods": goods_vp,
        "discs": disc_vp,
        "other": crates_vp + rupee_vp,
    }


def final_score(c: Company) -> int:
    """`sum(breakdown(c).values())`, without building the breakdown (the automatic player
    scores every position it looks at; tests/engine/benares/test_bc_bot_fast.py compares)."""
    t = _tables()
    directional = len({p for p in c.posts if p in t.directional})
    posts = sum(t.end_vp[p] + t.per_directional[p] * directional for p in c.posts)
    goods = c.goods
    lane = t.lane
    return (
        c.vp
        + posts
        + sum(lane[goods[g]] for g in t.goods)
        + c.discs * t.disc_vp
        + sum(c.hold.values()) * t.crate_vp
        + c.treasury * t.rupee_vp
    )


class _Tables(NamedTuple):
    """The data `final_score` reads, looked up once."""

    directional: frozenset[str]
    end_vp: dict[str, int]
    per_directional: dict[str, int]
    lane: list[int]
    goods: list[str]
    disc_vp: int
    crate_vp: int
    rupee_vp: int


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    d = data()
    types = d.posts["types"]
    sc = d.scoring
    return _Tables(
        frozenset(p for p, spec in types.items() if spec["directional"]),
        {p: spec.get("end_vp", 0) for p, spec in types.items()},
        {p: spec.get("end_vp_per_distinct_directional_type", 0) for p, spec in types.items()},
        d.raw["goods_lanes"]["end_vp_by_position"],
        d.goods,
        sc["unspent_profit_disc_vp"],
        sc["unsold_crate_vp"],
        sc["treasury_rupee_vp"],
    )


def tie_key(c: Company) -> tuple[int, ...]:
    keys = [final_score(c)]
    for tb in data().scoring["tie_breakers"]:
        if tb == "most_treasury_rupees":
            keys.append(c.treasury)
        elif tb == "most_posts_placed":
            keys.append(len(c.posts))
    return tuple(keys)


def result(st: State) -> Result | None:
    if st.phase != "over":
        return None
    keys = {s: tie_key(c) for s, c in enumerate(st.companies)}
    ranking = sorted(keys, key=lambda s: (tuple(-k for k in keys[s]), s))
    places = {s: 1 + sum(1 for o in keys if keys[o] > keys[s]) for s in keys}
    scores = {s: keys[s][0] for s in keys}
    lines = []
    for s in ranking:
        b = breakdown(st.companies[s])
        c = st.companies[s]
        lines.append(
            f"{places[s]}. {seat_name(s)}: {scores[s]} VP = play {b['play']} + posts "
            f"{b['posts']} + regional {b['regional']} + goods {b['goods']} + discs {b['discs']} "
            f"(tie-breaks: ₹{c.treasury}, {plural(len(c.posts), 'post')})"
        )
    return Result(scores=scores, ranking=ranking, places=places, details="\n".join(lines))
