"""The legal options behind the menus (spec section 18): what the deciding seat may load,
place, invest in, trade, sail, deliver or dump now. Shared by the menus, the bot and the tests."""

from __future__ import annotations

from collections.abc import Iterator

from engine.tidewater import actions as act
from engine.tidewater import shipping
from engine.tidewater.market import buy_error, permitted, sell_error
from engine.tidewater.navigation import nav_op_error, parse_op
from engine.tidewater.state import TURN, State


def fits(state: State, seat: int, cost: int) -> bool:
    return state.phase == TURN and state.players[seat].pos + cost <= state.rules.steps


def load_options(state: State, seat: int) -> list[tuple[str, str]]:
    r = state.rules
    if not fits(state, seat, r.cost["load"]):
        return []
    out = []
    for co in r.companies:
        if act.load_error(state, seat, co, None):
            continue
        for slot in act.free_slots(state, co):
            out.append((co, slot))
    return out


def two_points_fit(state: State, seat: int) -> bool:
    """A second point may be added (the data allow two, and both fit before Start)."""
    r = state.rules
    return r.nav_max_points >= 2 and fits(state, seat, 2 * r.nav_per_point)


def nav_first_ops(state: State, seat: int) -> list[str]:
    """The first operations the nav menu lists: `all_ops` that `nav_op_error` accepts."""
    if not fits(state, seat, state.rules.nav_per_point):
        return []
    return list(_first_ops(state, seat))


def has_nav_first_op(state: State, seat: int) -> bool:
    """`bool(nav_first_ops(...))`, stopping at the first legal operation."""
    if not fits(state, seat, state.rules.nav_per_point):
        return False
    return next(_first_ops(state, seat), None) is not None


def _first_ops(state: State, seat: int) -> Iterator[str]:
    """`all_ops(state, seat)` in its order, kept when `nav_op_error` (no prior operation)
    accepts them, without building its refusals: each company's checks are made once."""
    r = state.rules
    shares = state.players[seat].shares
    anyone = r.perm["place_navigation_point"] == "anyone"
    for c in state.companies:
        hexes = c.nav
        free = [h for h in r.sea_ids if h not in hexes]
        affordable = [h for h in free if c.treasury >= r.sea[h]["cost"]]
        placer = anyone or c.id in shares
        if placer and c.nav_supply >= 1 and permitted(state, seat, "place_navigation_point", c.id):
            for h in affordable:
                yield f"place:{c.id}:{h}"
        if c.ceo == seat and permitted(state, seat, "move_navigation_point", c.id):
            for frm in hexes:
                for h in affordable:
                    yield f"move:{c.id}:{frm}:{h}"


def all_ops(state: State, seat: int, prior: str | None = None) -> list[str]:
    """Candidate operations on the map as `prior` leaves it (legality: nav_op_error)."""
    r = state.rules
    ops = []
    pc: str | None = None
    pf: str | None = None
    pt = ""
    if prior is not None:
        _, pc, pf, pt = parse_op(prior)
    for c in state.companies:
        hexes = list(c.nav)
        if c.id == pc:
            if pf is not None:
                hexes.remove(pf)
            hexes.append(pt)
        free = [h for h in r.sea_ids if h not in hexes]
        if r.perm["place_navigation_point"] == "anyone" or c.id in state.players[seat].shares:
            ops += [f"place:{c.id}:{h}" for h in free]
        if c.ceo == seat:
            for frm in hexes:
                if c.id == pc and frm == pt:
                    continue
                ops += [f"move:{c.id}:{frm}:{h}" for h in free]
    return ops


def nav_second_ops(state: State, seat: int, first: str) -> list[str]:
    if not two_points_fit(state, seat):
        return []
    return [op for op in all_ops(state, seat, first) if not nav_op_error(state, seat, op, first)]


def invest_options(state: State, seat: int) -> list[tuple[str, str]]:
    """The slots `invest_error` accepts, without building its refusals."""
    r = state.rules
    player = state.players[seat]
    if not fits(state, seat, r.cost["invest"]) or player.inv_discs < 1:
        return []
    out = []
    for co in r.companies:
        ship = state.ship(co)
        for s in r.slots:
            idx = r.slot_index[s.id]
            if (
                s.kind == "investment"
                and r.slots[idx].kind == "investment"
                and ship.slots[idx].investor is None
                and player.credits >= r.slots[idx].cost
            ):
                out.append((co, s.id))
    return out


def trade_first_parts(state: State, seat: int) -> list[str]:
    if not fits(state, seat, state.rules.cost["trade"]):
        return []
    out = []
    for co in state.rules.companies:
        if not sell_error(state, seat, co):
            out.append(f"sell:{co}")
    for co in state.rules.companies:
        for src in ("u", "p"):
            if not buy_error(state, seat, co, src):
                out.append(f"buy:{co}:{src}")
    return out


def trade_second_parts(state: State, seat: int, first: str) -> list[str]:
    kind, fco, _ = act.parse_part(first)
    out = []
    for co in state.rules.companies:
        if co == fco:
            continue
        cands = [f"buy:{co}:u", f"buy:{co}:p"] if kind == "sell" else [f"sell:{co}"]
        for part in cands:
            if not act.trade_error(state, seat, [first, part]):
                out.append(part)
    return out


def sail_options(state: State, seat: int) -> list[tuple[str, str]]:
    if shipping.free_turn_error(state, seat):
        return []
    out = []
    for co in state.rules.companies:
        if shipping.free_company_error(state, seat, "sail", co) or state.ship(co).sailed:
            continue
        for port in shipping.reachable(state, co):
            out.append((co, port))
    return out


def deliver_ships(state: State, seat: int) -> list[str]:
    if shipping.free_turn_error(state, seat):
        return []
    out = []
    for co in state.rules.companies:
        cargo = occupied(state, co)
        if not cargo or shipping.free_company_error(state, seat, "deliver", co):
            continue
        if not shipping.delivery_error(state, co, cargo[:1]):
            out.append(co)
    return out


def dump_options(state: State, seat: int) -> list[tuple[str, str]]:
    if shipping.free_turn_error(state, seat):
        return []
    out = []
    for co in state.rules.companies:
        cargo = occupied(state, co)
        if cargo and not shipping.free_company_error(state, seat, "dump", co):
            out += [(co, s) for s in cargo]
    return out


def occupied(state: State, co: str) -> list[str]:
    ship = state.ship(co)
    return [s.id for i, s in enumerate(state.rules.slots) if ship.slots[i].container is not None]
