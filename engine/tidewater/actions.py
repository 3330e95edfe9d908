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
