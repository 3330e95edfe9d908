"""The seven time-costing actions (spec section 9): legality checks and resolution.

Each `*_error` returns None when legal or a polite reason; each `do_*` resolves an action whose
legality was already checked (R84: nothing changes before the whole action is known legal).
"""

from __future__ import annotations

from engine.tidewater import names as nm
from engine.tidewater.data import raw_data
from engine.tidewater.market import (
    buy_error,
    company_name,
    do_buy,
    do_sell,
    permitted,
    sell_error,
)
from engine.tidewater.production import bag_total, colour_word, draw, place_on_hex
from engine.tidewater.state import State

DEFAULT_BUY_SOURCE: str = raw_data()["trade_defaults"]["buy_source"]
DEFAULT_TRADE_ORDER: str = raw_data()["trade_defaults"]["combined_order"]

# ---- Load a Container (R15, R16, R87, R124) ---------------------------------------------------


def slot_open(state: State, cid: str, idx: int) -> bool:
    r = state.rules
    if r.slots[idx].kind == "open":
        return True
    return state.ship(cid).slots[idx].investor is not None


def free_slots(state: State, cid: str) -> list[str]:
    """Open, empty slots of the ship, lowest first."""
    ship = state.ship(cid)
    return [
        s.id
        for i, s in enumerate(state.rules.slots)
        if ship.slots[i].container is None and slot_open(state, cid, i)
    ]


def load_error(state: State, seat: int, cid: str, slot: str | None) -> str | None:
    r = state.rules
    if cid not in r.cindex:
        return f"There is no company {cid}."
    ship = state.ship(cid)
    name = company_name(state, cid)
    hex_co = r.port_hex_company.get(ship.port)
    if hex_co is None:
        return (
            f"The {name} ship is at {nm.place(state, ship.port)}: ships load only at a company "
            "port, never at a market."
        )
    if not permitted(state, seat, "load_container", cid):
        return f"Only holders of {nm.an(name)} share may load its ship."
    if state.company(hex_co).hex_containers < 1:
        return f"There is no container on {nm.hex_of(state, hex_co)} to load."
    free = free_slots(state, cid)
    if slot is None:
        if not free:
            return f"The {name} ship has no open, empty slot."
    elif slot not in free:
        idx = r.slot_index.get(slot)
        if idx is None:
            return f"The {name} ship has no slot {slot}."
        label = nm.cap(nm.slot(state, slot))
        if ship.slots[idx].container is not None:
            return f"{label} of the {name} ship already holds a container."
        return f"{label} of the {name} ship is not open: nobody has invested in it yet."
    fee = r.terminal_fee
    if fee is not None and hex_co != cid and state.company(cid).treasury < fee:
        return (
            f"{name} cannot pay the terminal fee of {nm.credits(fee)} for loading "
            f"{nm.company(state, hex_co)} containers (variant V1)."
        )
    return None


def do_load(state: State, seat: int, cid: str, slot: str | None, touched: list[str]) -> str:
    r = state.rules
    ship = state.ship(cid)
    hex_co = r.port_hex_company[ship.port]
    slot = slot or free_slots(state, cid)[0]
    state.company(hex_co).hex_containers -= 1
    ship.slots[r.slot_index[slot]].container = hex_co
    touched += [f"ship:{cid}", f"slot:{cid}:{slot}", f"hex:{r.hex_of_company[hex_co]}"]
    text = (
        f"loads a {colour_word(hex_co)} container from {nm.hex_of(state, hex_co)} into "
        f"{nm.slot(state, slot)} of the {company_name(state, cid)} ship"
    )
    if r.terminal_fee is not None and hex_co != cid:
        state.company(cid).treasury -= r.terminal_fee
        state.company(hex_co).treasury += r.terminal_fee
        touched += [f"company:{cid}", f"company:{hex_co}"]
        text += (
            f"; {company_name(state, cid)} pays {company_name(state, hex_co)} a terminal fee of "
            f"{nm.credits(r.terminal_fee)}"
        )
    return text


# ---- Produce a Container (R17, R18, R91) --------------------------------------------------------


def produce_error(state: State, seat: int) -> str | None:
    if bag_total(state) == 0:
        return "The bag is empty: there is nothing to produce."
    return None


def do_produce(state: State, seat: int, touched: list[str]) -> str:
    colour = draw(state)
    hx = state.rules.hex_of_company[colour]
    touched.append(f"hex:{hx}")
    where = nm.hex_of(state, colour)
    if place_on_hex(state, colour):
        return f"produces a {colour_word(colour)} container onto {where}"
    return (
        f"produces a {colour_word(colour)} container, but {where} is full, so it goes back "
        "to the bag"
    )


# ---- Navigation points (R19-R22, R88-R90) -------------------------------------------------------


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


# ---- Funding (R23, R24) ---------------------------------------------------------------------------


def do_fund(state: State, seat: int, touched: list[str]) -> str:
    n = state.rules.funding_credits
    state.players[seat].credits += n
    touched.append(f"player:{seat}")
    have = nm.credits(state.players[seat].credits)
    return f"takes Funding of {nm.credits(n)}, for {have} in hand"


# ---- Invest (R25, R26, R92) -----------------------------------------------------------------------


def invest_error(state: State, seat: int, cid: str, slot: str) -> str | None:
    r = state.rules
    if cid not in r.cindex:
        return f"There is no company {cid}."
    idx = r.slot_index.get(slot)
    if idx is None or r.slots[idx].kind != "investment":
        return f"{nm.cap(nm.slot(state, slot))} is not an investment slot."
    player = state.players[seat]
    if player.inv_discs < 1:
        return "You have no investment disc left."
    if state.ship(cid).slots[idx].investor is not None:
        name = company_name(state, cid)
        return f"{nm.cap(nm.slot(state, slot))} of the {name} ship already has an investor."
    cost = r.slots[idx].cost
    if player.credits < cost:
        return f"{nm.cap(nm.slot(state, slot))} costs {cost} credits; you have {player.credits}."
    return None


def do_invest(state: State, seat: int, cid: str, slot: str, touched: list[str]) -> str:
    r = state.rules
    idx = r.slot_index[slot]
    cost = r.slots[idx].cost
    p = state.players[seat]
    p.inv_discs -= 1
    p.credits -= cost
    state.ship(cid).slots[idx].investor = seat
    state.company(cid).treasury += cost
    touched += [f"slot:{cid}:{slot}", f"ship:{cid}", f"company:{cid}", f"player:{seat}"]
    name = company_name(state, cid)
    return (
        f"invests in {nm.slot(state, slot)} of the {name} ship, paying {nm.credits(cost)} into "
        f"the {name} treasury"
    )


# ---- Advertise (R27, R28, R93) --------------------------------------------------------------------


def advertise_error(state: State, seat: int, i: int) -> str | None:
    if not 1 <= i < len(state.queue):
        return f"Choose a position from 1 to {len(state.queue) - 1}."
    return None


def do_advertise(state: State, seat: int, i: int, touched: list[str]) -> str:
    q = state.queue
    a, b = q[i - 1], q[i]
    q[i - 1], q[i] = b, a
    touched += [f"demand:{i}", f"demand:{i + 1}"]
    if a == b:  # allowed, but nothing changes: say so instead of naming "the other" one
        return f"advertises: swaps demand positions {i} and {i + 1}, both {colour_word(a)}"
    return (
        f"advertises: the {colour_word(b)} demand marker moves up to position {i}, the "
        f"{colour_word(a)} one down to {i + 1}"
    )


# ---- Buy and/or Sell a Share (R29-R31, R94-R96) ---------------------------------------------------


def parse_part(part: str) -> tuple[str, str, str]:
    """'sell:RED' -> ('sell', 'RED', ''); 'buy:RED:u' -> ('buy', 'RED', 'u') (u=unissued, p=pool)."""
    bits = part.split(":")
    if len(bits) == 2 and bits[0] == "sell":
        return "sell", bits[1], ""
    if len(bits) == 3 and bits[0] == "buy" and bits[2] in ("u", "p"):
        return "buy", bits[1], bits[2]
    if len(bits) == 2 and bits[0] == "buy":  # no source named: the data default (R94)
        return "buy", bits[1], "u" if DEFAULT_BUY_SOURCE == "unissued" else "p"
    raise ValueError(part)


def name_sources(state: State, parts: list[str]) -> list[str]:
    """R94: a buy that names no source takes the data default when both sources hold a share,
    otherwise the only source that has one ('buy:RED' -> 'buy:RED:u' or 'buy:RED:p')."""
    out = []
    for part in parts:
        bits = part.split(":")
        if len(bits) == 2 and bits[0] == "buy" and bits[1] in state.rules.cindex:
            co = state.company(bits[1])
            src = "u" if DEFAULT_BUY_SOURCE == "unissued" else "p"
            if src == "u" and co.unissued < 1 and co.pool >= 1:
                src = "p"
            elif src == "p" and co.pool < 1 and co.unissued >= 1:
                src = "u"
            part = f"{part}:{src}"
        out.append(part)
    return out


def default_order(parts: list[str]) -> list[str]:
    """R96: parts given without an order ("," instead of "+") follow the data default."""
    first = "sell" if DEFAULT_TRADE_ORDER == "sell_first" else "buy"
    return sorted(parts, key=lambda p: 0 if p.startswith(first) else 1)


def trade_error(state: State, seat: int, parts: list[str]) -> str | None:
    r = state.rules
    if not 1 <= len(parts) <= 2:
        return "Buy one share, sell one share, or both."
    try:
        parsed = [parse_part(p) for p in parts]
    except ValueError:
        return "That is not a share trade."
    for _, cid, _ in parsed:
        if cid not in r.cindex:
            return f"There is no company {cid}."
    if len(parsed) == 2:
        if parsed[0][0] == parsed[1][0]:
            return "One action buys at most one share and sells at most one share."
        if parsed[0][1] == parsed[1][1]:
            return "A combined buy and sell must concern two different companies."
    credits = state.players[seat].credits
    for kind, cid, src in parsed:
        if kind == "sell":
            err = sell_error(state, seat, cid)
            if err:
                return err
            credits += state.company(cid).stock
        else:
            err = buy_error(state, seat, cid, src, credits)
            if err:
                return err
            credits -= state.company(cid).stock
    return None


def do_trade(state: State, seat: int, parts: list[str], touched: list[str]) -> str:
    texts = []
    for part in parts:
        kind, cid, src = parse_part(part)
        texts.append(do_sell(state, seat, cid) if kind == "sell" else do_buy(state, seat, cid, src))
        touched += [f"company:{cid}", f"stock:{cid}", f"player:{seat}"]
    return "\n".join(texts)  # one log line per part (flow.time_action)


def describe_part(state: State, part: str) -> str:
    kind, cid, src = parse_part(part)
    co = state.company(cid)
    name = company_name(state, cid)
    if kind == "sell":
        r = state.rules
        after = min(r.stock_max, max(r.stock_min, co.stock + r.sell_effect))
        drop = f", stock drops to {after}" if after != co.stock else ""
        return f"sell {nm.an(name)} share for {nm.credits(co.stock)}{drop}"
    where = "from the company" if src == "u" else "from the bank pool"
    return f"buy {nm.an(name)} share {where} for {nm.credits(co.stock)}"
