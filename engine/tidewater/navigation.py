"""Navigation points (spec section 9, R19-R22, R88-R90): an operation places a point from a
line's supply or moves one, paid from the line's treasury; one action does one or two.

Like actions.py, `*_error` returns None when legal or a polite reason, `do_nav` resolves.
"""

from __future__ import annotations

from engine.tidewater import names as nm
from engine.tidewater.market import company_name, permitted
from engine.tidewater.state import State


def parse_op(op: str) -> tuple[str, str, str | None, str]:
    """'place:RED:a1' -> ('place', 'RED', None, 'a1'); 'move:RED:a1:n1' -> ('move', 'RED', 'a1', 'n1')."""
    parts = op.split(":")
    if len(parts) == 3 and parts[0] == "place":
        return "place", parts[1], None, parts[2]
    if len(parts) == 4 and parts[0] == "move":
        return "move", parts[1], parts[2], parts[3]
    raise ValueError(op)


def nav_op_error(state: State, seat: int, op: str, prior: str | None = None) -> str | None:
    """One operation, checked against the state as the prior operation (if any) leaves it (R89)."""
    r = state.rules
    try:
        kind, cid, frm, to = parse_op(op)
    except ValueError:
        return "That is not a navigation point operation."
    if cid not in r.cindex:
        return f"There is no company {cid}."
    co = state.company(cid)
    treasury, supply, hexes = co.treasury, co.nav_supply, co.nav
    moved_point: str | None = None
    if prior is not None:
        pk, pc, pf, pt = parse_op(prior)
        moved_point = f"{pc}:{pt}"
        if pc == cid:
            treasury -= r.sea[pt]["cost"]
            hexes = list(hexes)
            if pk == "place":
                supply -= 1
            elif pf is not None:  # a move (parse_op gives no origin for a placement)
                hexes.remove(pf)
            hexes.append(pt)
    if to not in r.sea:
        return f"{to} is not a sea hex."
    if kind == "place":
        if not permitted(state, seat, "place_navigation_point", cid):
            name = company_name(state, cid)
            return f"Only holders of {nm.an(name)} share may place its navigation points."
        if supply < 1:
            return f"{company_name(state, cid)} has no navigation point left in its supply."
    else:
        if not permitted(state, seat, "move_navigation_point", cid):
            return f"Only the CEO of {company_name(state, cid)} may move its navigation points."
        if frm not in hexes:
            name = company_name(state, cid)
            return f"{name} has no navigation point on {nm.place(state, frm or '')}."
        if moved_point == f"{cid}:{frm}":
            return "The two operations must concern two different points."
    if to in hexes:
        name = company_name(state, cid)
        return f"{name} already has a navigation point on {nm.place(state, to)}."
    cost = r.sea[to]["cost"]
    if treasury < cost:
        return (
            f"The {company_name(state, cid)} treasury ({nm.credits(treasury)}) cannot pay the "
            f"{nm.credits(cost)} a point on {nm.place(state, to)} costs."
        )
    return None


def nav_error(state: State, seat: int, ops: list[str]) -> str | None:
    r = state.rules
    if not 1 <= len(ops) <= r.nav_max_points:
        return f"Place or move 1 to {r.nav_max_points} navigation points."
    err = nav_op_error(state, seat, ops[0])
    if err or len(ops) == 1:
        return err
    return nav_op_error(state, seat, ops[1], ops[0])


def nav_cost(state: State, ops: list[str]) -> int:
    return state.rules.nav_per_point * len(ops)


def do_nav(state: State, seat: int, ops: list[str], touched: list[str]) -> str:
    r = state.rules
    parts = []
    for op in ops:
        kind, cid, frm, to = parse_op(op)
        co = state.company(cid)
        cost = r.sea[to]["cost"]
        co.treasury -= cost
        name = company_name(state, cid)
        paid = f"for {nm.credits(cost)} from the line's treasury"
        if kind == "place":
            co.nav_supply -= 1
            parts.append(f"places {nm.an(name)} point on {nm.place(state, to)} {paid}")
        elif frm is not None:  # a move (parse_op gives no origin for a placement)
            co.nav.remove(frm)
            touched.append(f"sea:{frm}")
            parts.append(
                f"moves {nm.an(name)} point from {nm.place(state, frm or '')} to "
                f"{nm.place(state, to)} {paid}"
            )
        co.nav.append(to)
        touched += [f"sea:{to}", f"company:{cid}"]
    return "\n".join(parts)  # one log line per point (flow.time_action)


def describe_op(state: State, op: str) -> str:
    """'place an Atlas Line point on sea hex n1 for 2 credits' (no capital, no time cost)."""
    kind, cid, frm, to = parse_op(op)
    cost = nm.credits(state.rules.sea[to]["cost"])
    name = company_name(state, cid)
    if kind == "place":
        return f"place {nm.an(name)} point on {nm.place(state, to)} for {cost}"
    return (
        f"move {nm.an(name)} point from {nm.place(state, frm or '')} to {nm.place(state, to)} "
        f"for {cost}"
    )
