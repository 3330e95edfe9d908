"""The automatic player's evaluation: an estimate, in VP, of what one seat's position is worth.

It reads only public quantities and the seat's own company, never a hand or the deck (R129):
the final score so far (R123) plus the expected worth of what is not scored yet (rupees and
crates on the way to Profit discs, market rows, Advisor progress, Concessions close to their
Agency markers, a boat placed for loading or for a post). Worth fades as the game runs out."""

from __future__ import annotations

from functools import cache, lru_cache

import msgspec

from engine.benares.data import data
from engine.benares.scoring import final_score
from engine.benares.state import Company, Slot, State

#: VP of a Profit disc: 1 VP unspent (R123), about 2 VP invested (Estates I-III, R118-R119).
DISC = 2.1
#: VP of one rupee while there is time to turn rupees into discs or posts (R30, R87).
RUPEE = 0.2
#: Advisor rewards by even row in VP (R82): ₹2, a goods step, a city row, a disc, 3 VP.
ADVISOR = {2: 0.4, 4: 0.7, 6: 0.5, 8: DISC, 10: 3.0}
#: An open Company board space: a played card is never "" (moves._play), so a space without
#: a card is exactly this (test_bc_bot_fast.py checks); `list.count` finds them fast.
OPEN = Slot()
#: Concession effects in VP (R111).
CONCESSION = {"indigo": 1.0 + DISC, "silk": 3.7, "cotton": 2.0, "saltpetre": 2.2}


def turns_left(st: State, seat: int) -> int:
    """Own turns still to come in the game: open spaces now (R8), plus a round after round 1."""
    if st.phase == "over":
        return 0
    open_now = 0
    if st.phase == "action":
        open_now = st.companies[seat].board.count(OPEN)
    g = data().game
    return open_now + g["company_spaces"] * (g["rounds"] - st.round)


def rupee_worth(left: int) -> float:
    """A rupee is worth less near the end: only an overflow into a disc still scores (R124)."""
    if left >= 6:
        return RUPEE
    return RUPEE * (0.2 + 0.8 * left / 6)


@lru_cache(maxsize=64)
def city_distance(space: str) -> int:
    """Fewest Move steps from `space` to a city (shortcuts at their cost, R97)."""
    d = data()
    if space in d.cities:
        return 0
    best = {space: 0}
    frontier = [space]
    while frontier:
        nxt = []
        for s in frontier:
            for o, cost, _ in d.links[s]:
                n = best[s] + cost
                if n < best.get(o, 99):
                    best[o] = n
                    nxt.append(o)
        frontier = nxt
    return min(best.get(c, 99) for c in d.cities)


@cache
def _prices() -> tuple[list[int], list[str], int]:
    """Crate values by row, the track of each city (in city order) and the premium divisor."""
    mb = data().market
    tracks = [mb["city_track_by_space"][city] for city in data().cities]
    return mb["crate_value_by_row"], tracks, mb["goods_premium"]["divisor"]


def hold_worth(st: State, seat: int, left: int) -> float:
    """Crates in the hold: the best sale price, if a sale is still likely (R103, R104)."""
    c = st.companies[seat]
    if not c.hold or left <= 0:
        return 0.0
    dist = city_distance(c.boat) if c.boat else 3
    chance = min(0.85, 0.45 + 0.2 * left) * (1.0 - 0.06 * dist)
    if c.boat in data().cities:
        chance *= 0.75  # a Move out and back in is needed to sell (R103)
    # the best `crate_price` of a good: its best city row's value plus its own premium
    values, tracks, divisor = _prices()
    row_value = max(values[c.rows[t]] for t in tracks)
    money = sum(n * (row_value + c.goods[g] // divisor) for g, n in c.hold.items())
    return money * rupee_worth(left) * chance


def market_worth(c: Company, left: int) -> float:
    """City rows raise future sale prices (R83); the Advisor nears its rewards (R81, R82)."""
    rows = c.rows
    return _market_worth(rows["benares"], rows["calcutta"], rows["advisor"], left)


@lru_cache(maxsize=4096)
def _market_worth(hi: int, lo: int, row: int, left: int) -> float:
    crates = 0.5 * min(left, 8)
    rw = rupee_worth(left)
    if lo > hi:
        hi, lo = lo, hi
    v = rw * crates * (hi + 0.35 * lo)
    if left > 0:
        soon = min(1.0, left / 4)
        for even, worth in ADVISOR.items():
            if even > row:
                v += worth * 0.5 ** (even - row) * soon
    return v


def goods_worth(c: Company, left: int) -> float:
    """Partial credit for the next lane VP (R123) and for Concessions near their Agency (R108)."""
    goods = c.goods
    positions = tuple([goods[g] for g in data().goods])
    return _goods_worth(positions, len(c.posts), tuple(c.concessions_used), left)


@lru_cache(maxsize=4096)
def _goods_worth(positions: tuple[int, ...], posts: int, used: tuple[str, ...], left: int) -> float:
    d = data()
    lane = d.raw["goods_lanes"]["end_vp_by_position"]
    max_pos, room = d.max_pos, d.post_spaces - posts
    premium, near = min(1.0, left / 6), min(1.0, left / 3)
    v = 0.0
    for g, pos in zip(d.goods, positions, strict=True):
        if pos < max_pos:
            v += 0.4 * (lane[pos + 1] - lane[pos])
            v += 0.08 * pos * premium  # premium floor(pos / 2) on future sales (R104)
        if left > 0 and g not in used:
            v += CONCESSION[g] * 0.55 ** max(room - pos, 1) * near
    return v


@lru_cache(maxsize=16)
def region_post(region: str) -> str:
    """The directional post type a region allows ('' for a city)."""
    for t, spec in data().posts["types"].items():
        if spec["directional"] and spec["requires_region"] == region:
            return t
    return ""


def place_worth(st: State, seat: int, left: int) -> float:
    """The boat's place: crates to load here, a missing directional post type here (R87, R93)."""
    d = data()
    c = st.companies[seat]
    if left <= 0 or not c.boat:
        return 0.0
    v = 0.0
    sp = d.spaces[c.boat]
    free = c.capacity - sum(c.hold.values())
    if sp["source"] and free > 0 and left > 1:
        v += 0.3 * min(st.crates.get(c.boat, 0), free, 3) * rupee_worth(left) / RUPEE
    region = sp["region"]
    kind = region_post(region)
    room = len(c.posts) < d.post_spaces
    if kind and kind not in c.posts and st.post_supply.get(kind, 0) > 0 and room:
        v += 0.4 * min(1.0, left / 3)
    return v


def regional_worth(st: State, c: Company, left: int) -> float:
    """Distinct directional types make every later Regional post worth more (R123)."""
    d = data()
    room = d.post_spaces - len(c.posts)
    if left <= 1 or room <= 0 or st.post_supply.get("regional", 0) <= 0:
        return 0.0
    types = d.posts["types"]
    distinct = len({p for p in c.posts if types[p]["directional"]})
    return 0.35 * distinct * min(1.0, left / 6)


def evaluate(st: State, seat: int) -> float:
    """The seat's expected final score from public and own information only."""
    c = st.companies[seat]
    left = turns_left(st, seat)
    v = float(final_score(c)) + c.discs * (DISC - 1.0)
    v += c.treasury * rupee_worth(left)
    v += hold_worth(st, seat, left)
    v += market_worth(c, left)
    v += goods_worth(c, left)
    v += place_worth(st, seat, left)
    v += regional_worth(st, c, left)
    return v


#: `eval_key`'s encoder: msgpack bytes are a cheaper key than nested tuples (and as exact).
_KEY = msgspec.msgpack.Encoder()


def eval_key(st: State, seat: int) -> bytes:
    """Everything `evaluate(st, seat)` reads, as a hashable key: equal keys, equal values.
    Dicts are keyed by their items (in their order: a different order only misses)."""
    c = st.companies[seat]
    return _KEY.encode(
        (
            st.phase,
            st.round,
            c.board.count(OPEN),
            c.treasury,
            c.discs,
            c.vp,
            c.boat,
            c.capacity,
            c.hold,
            c.rows,
            c.goods,
            c.posts,
            c.concessions_used,
            st.crates.get(c.boat, 0),
            st.post_supply,
        )
    )
