"""Candidate complete moves for the automatic player (ids as in engine.tidewater.moves).

Only a useful subset of the legal moves: the look-ahead (engine.tidewater.bot.player) tries each on a
copy and `apply` refuses any that is illegal (R84), so a candidate may be wrong but never played.
Produce (R91) is left out: its draw is hidden information (spec section 2).
"""

from __future__ import annotations

from functools import lru_cache

from engine.tidewater import options as opt
from engine.tidewater.data import Rules
from engine.tidewater.market import holds, permitted
from engine.tidewater.navigation import nav_op_error
from engine.tidewater.state import State


def time_moves(state: State, seat: int) -> list[str]:
    """Time-costing moves (section 9) worth comparing now."""
    r = state.rules
    out = ["fund"]
    for part in opt.trade_first_parts(state, seat):
        out.append(f"trade:{part}")
    seen: set[str] = set()
    for co, slot in opt.load_options(state, seat):
        if co not in seen:  # the lowest free slot; the others earn the same (R87)
            seen.add(co)
            out.append(f"load:{co}:{slot}")
    if opt.fits(state, seat, r.nav_per_point):
        for co in r.companies:
            out += nav_moves(state, seat, co, opt.two_points_fit(state, seat))
    inv: set[str] = set()
    for co, slot in opt.invest_options(state, seat):
        if co not in inv:  # the cheapest slot of each ship (R92)
            inv.add(co)
            out.append(f"invest:{co}:{slot}")
    if any(opt.occupied(state, co) for co in r.companies if holds(state, seat, co)):
        out += [f"adv:{i}" for i in range(1, len(state.queue))]
    return out


def nav_moves(state: State, seat: int, co: str, two: bool) -> list[str]:
    """R88, R89: place the next one or two missing points of each cheapest route of the ship
    (from where it is and from its home port) to each market and back home."""
    if not permitted(state, seat, "place_navigation_point", co):
        return []
    comp = state.company(co)
    r = state.rules
    have = frozenset(comp.nav)
    starts = dict.fromkeys((state.ship(co).port, r.home_port[co]))  # (in this order: a set's
    # order changes with each process's string hashing, and it breaks ties between moves)
    goals = [*r.market_ports, r.home_port[co]]
    out: list[str] = []
    for start in starts:
        for goal in goals:
            if goal == start:
                continue
            missing = [h for h in _cheapest(r, start, goal, have) if h not in have]
            if not missing or len(missing) > comp.nav_supply:
                continue
            first = f"place:{co}:{missing[0]}"
            if nav_op_error(state, seat, first):
                continue
            out.append(f"nav:{first}")
            if two and len(missing) > 1:
                out.append(f"nav:{first}+place:{co}:{missing[1]}")
    return list(dict.fromkeys(out))


def cheapest_path(state: State, start: str, goal: str, have: set[str]) -> list[str]:
    """Sea hexes of a cheapest chain from port `start` to port `goal` (R98), hexes already
    holding the company's point costing nothing (Dijkstra over the ten sea hexes)."""
    return list(_cheapest(state.rules, start, goal, frozenset(have)))


@lru_cache(maxsize=2048)
def _cheapest(r: Rules, start: str, goal: str, have: frozenset[str]) -> tuple[str, ...]:
    """`cheapest_path` by everything it reads: the rules data (never changed once built, so
    keyed by identity), the two ports and the hexes holding points. Ties are broken by the
    map's order, never by the order of `have`."""
    cost = {h: (0 if h in have else r.sea[h]["cost"]) for h in r.sea_ids}
    best: dict[str, tuple[int, list[str]]] = {}
    frontier = [(cost[h], [h]) for h in r.ports[start]["sea"]]
    ends = set(r.ports[goal]["sea"])
    found: tuple[int, list[str]] | None = None
    while frontier:
        frontier.sort(key=lambda x: (x[0], len(x[1])))
        c, path = frontier.pop(0)
        h = path[-1]
        if h in best:
            continue
        best[h] = (c, path)
        if h in ends:
            found = (c, path)
            break
        for a in r.sea[h]["adj"]:
            if a not in best:
                frontier.append((c + cost[a], [*path, a]))
    return tuple(found[1]) if found else ()


def free_moves(state: State, seat: int) -> list[str]:
    """Free actions (section 10): deliveries of the whole cargo and every listed sailing."""
    out = []
    for co in opt.deliver_ships(state, seat):
        out.append(f"deliver:{co}:{'.'.join(delivery_order(state, co))}")
    for co, port in opt.sail_options(state, seat):
        out.append(f"sail:{co}:{port}")
    return out


def delivery_order(state: State, co: str) -> list[str]:
    """The cargo's slots, the colour with the most containers aboard last (each delivery sends
    its marker to the back of the queue, R101)."""
    ship = state.ship(co)
    slots = opt.occupied(state, co)
    colour = {s: ship.slots[state.rules.slot_index[s]].container for s in slots}
    count = {c: list(colour.values()).count(c) for c in colour.values()}
    return sorted(slots, key=lambda s: (count[colour[s]], state.queue.index(colour[s] or "")))
