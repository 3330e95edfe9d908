"""Free actions: Set Sail, Deliver Containers, Dump Containers (spec sections 10, 11)."""

from __future__ import annotations

from functools import lru_cache

from engine.tidewater import names as nm
from engine.tidewater import track
from engine.tidewater.data import Rules
from engine.tidewater.market import company_name, permitted
from engine.tidewater.production import colour_word, to_bag
from engine.tidewater.state import START, TURN, State

PERM = {"sail": "set_sail", "deliver": "deliver_containers", "dump": "dump_containers"}


def reachable(state: State, cid: str) -> list[str]:
    """R98: ports reachable from the ship's port through hexes holding the company's points
    (breadth-first; ports are end points only). Excludes the departure port."""
    points = frozenset(state.company(cid).nav)
    return list(_reachable(state.rules, state.ship(cid).port, points))


@lru_cache(maxsize=2048)
def _reachable(r: Rules, port: str, points: frozenset[str]) -> tuple[str, ...]:
    """`reachable` by everything it reads: the game's rules data (an object never changed
    once built; keyed by identity), the ship's port and the company's points."""
    frontier = [h for h in r.ports[port]["sea"] if h in points]
    seen = set(frontier)
    while frontier:
        nxt = []
        for h in frontier:
            for a in r.sea[h]["adj"]:
                if a in points and a not in seen:
                    seen.add(a)
                    nxt.append(a)
        frontier = nxt
    out = []
    for p in r.port_ids:
        if p != port and any(h in seen for h in r.ports[p]["sea"]):
            out.append(p)
    return tuple(out)


def free_error(state: State, seat: int, kind: str, cid: str) -> str | None:
    """R36, R97: the active player, in an open window, not the leader (except the Start window),
    with the permission for the ship's company."""
    return free_turn_error(state, seat) or free_company_error(state, seat, kind, cid)


def free_turn_error(state: State, seat: int) -> str | None:
    """The part of `free_error` that no ship changes (checked once for a whole menu)."""
    if state.phase not in (TURN, START) or seat != state.active:
        return "Free actions are only for the active player during their turn."
    if state.phase == TURN and track.leader(state) == seat:
        return "Your disc is in first position: no more free actions this turn."
    return None


def free_company_error(state: State, seat: int, kind: str, cid: str) -> str | None:
    """The part of `free_error` about the ship's company."""
    if cid not in state.rules.cindex:
        return f"There is no company {cid}."
    if not permitted(state, seat, PERM[kind], cid):
        name = company_name(state, cid)
        return f"Only holders of {nm.an(name)} share may operate the {name} ship."
    return None


def sail_error(state: State, seat: int, cid: str, port: str) -> str | None:
    err = free_error(state, seat, "sail", cid)
    if err:
        return err
    ship = state.ship(cid)
    name = company_name(state, cid)
    if ship.sailed:
        return f"The {name} ship has already sailed in this window (once per window)."
    if port not in state.rules.ports:
        return f"There is no port {port}."
    here, there = nm.place(state, ship.port), nm.place(state, port)
    if port == ship.port:
        return f"The {name} ship is already at {here}."
    if port not in reachable(state, cid):
        return (
            f"The {name} ship has no route from {here} to {there}: it may only cross sea hexes "
            f"holding {name} navigation points."
        )
    return None


def do_sail(state: State, seat: int, cid: str, port: str, touched: list[str]) -> str:
    ship = state.ship(cid)
    frm = ship.port
    ship.port = port
    ship.sailed = True
    ship.can_deliver = state.rules.ports[port]["type"] == "market"  # R100
    touched += [f"ship:{cid}", f"port:{frm}", f"port:{port}"]
    return (
        f"sails the {company_name(state, cid)} ship from {nm.place(state, frm)} to "
        f"{nm.place(state, port)}"
    )


def deliver_error(state: State, seat: int, cid: str, slots: list[str]) -> str | None:
    return free_error(state, seat, "deliver", cid) or delivery_error(state, cid, slots)


def delivery_error(state: State, cid: str, slots: list[str]) -> str | None:
    """The part of `deliver_error` after the free-action checks: the ship and its cargo."""
    ship = state.ship(cid)
    r = state.rules
    if r.ports[ship.port]["type"] != "market":
        return (
            f"The {company_name(state, cid)} ship is at {nm.place(state, ship.port)}, not at a "
            "market: containers are delivered only there."
        )
    if not ship.can_deliver:
        return (
            f"The {company_name(state, cid)} ship has already delivered or dumped since it "
            f"arrived at {nm.place(state, ship.port)}; it must sail away and come back to "
            "deliver again."
        )
    if not slots:
        return "Choose at least one container to deliver."
    if len(set(slots)) != len(slots):
        return "Each container can be delivered only once."
    for s in slots:
        i = r.slot_index.get(s)
        if i is None or ship.slots[i].container is None:
            name = company_name(state, cid)
            return f"{nm.cap(nm.slot(state, s))} of the {name} ship holds no container."
    return None


def price_position(queue: list[str], colour: str) -> int:
    """Index of the frontmost marker of the colour."""
    return queue.index(colour)


def do_deliver(state: State, seat: int, cid: str, slots: list[str], touched: list[str]) -> str:
    """R101: each container in order: price of the frontmost marker + port bonus to the ship's
    company; the marker goes to the back; the slot's investor gets the fee; container to bag."""
    r = state.rules
    ship = state.ship(cid)
    co = state.company(cid)
    bonus = r.port_bonus.get(ship.port, 0)
    parts = []
    total = 0
    fees: dict[int, int] = {}
    for s in slots:
        slot = ship.slots[r.slot_index[s]]
        colour = slot.container
        assert colour is not None
        i = price_position(state.queue, colour)
        price = r.prices[i] + bonus
        state.queue.append(state.queue.pop(i))
        co.treasury += price
        total += price
        if slot.investor is not None:
            state.players[slot.investor].credits += r.investor_fee
            fees[slot.investor] = fees.get(slot.investor, 0) + r.investor_fee
            touched.append(f"player:{slot.investor}")
        parts.append(f"{colour_word(colour)} {price}")
        slot.container = None
        to_bag(state, colour)
        touched.append(f"slot:{cid}:{s}")
        touched.append(f"demand:{i + 1}")
    ship.can_deliver = False
    touched += [f"ship:{cid}", f"company:{cid}", f"port:{ship.port}"]
    name = company_name(state, cid)
    text = (
        f"delivers {len(slots)} container{'s' if len(slots) != 1 else ''} with the {name} ship "
        f"at {nm.place(state, ship.port)}: {nm.credits(total)} to the line's treasury "
        f"({', '.join(parts)})"
    )
    if fees:  # a second sentence, so that a full ship's line stays short
        paid = ", ".join(f"{nm.credits(fee)} to {nm.seat(i)}" for i, fee in sorted(fees.items()))
        text += f"\nInvestor fees: {paid}"
    return text


def dump_error(state: State, seat: int, cid: str, slots: list[str]) -> str | None:
    err = free_error(state, seat, "dump", cid)
    if err:
        return err
    ship = state.ship(cid)
    r = state.rules
    if not slots:
        return "Choose at least one container to dump."
    if len(set(slots)) != len(slots):
        return "Each container can be dumped only once."
    for s in slots:
        i = r.slot_index.get(s)
        if i is None or ship.slots[i].container is None:
            name = company_name(state, cid)
            return f"{nm.cap(nm.slot(state, s))} of the {name} ship holds no container."
    return None


def do_dump(state: State, seat: int, cid: str, slots: list[str], touched: list[str]) -> str:
    """R102: back to the bag, no money; at a market it ends that arrival's delivery."""
    r = state.rules
    ship = state.ship(cid)
    words = []
    for s in slots:
        slot = ship.slots[r.slot_index[s]]
        assert slot.container is not None
        words.append(colour_word(slot.container))
        to_bag(state, slot.container)
        slot.container = None
        touched.append(f"slot:{cid}:{s}")
    if r.ports[ship.port]["type"] == "market":
        ship.can_deliver = False
    touched.append(f"ship:{cid}")
    what = f"a {words[0]} container" if len(words) == 1 else f"{', '.join(words)} containers"
    text = (
        f"dumps {what} from the {company_name(state, cid)} ship at "
        f"{nm.place(state, ship.port)} back into the bag"
    )
    if r.ports[ship.port]["type"] == "market":
        text += " (no more deliveries there until it sails again)"
    return text
