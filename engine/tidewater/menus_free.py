"""The free actions' menus (spec sections 10, 11): Set Sail listed on the top-level menu itself,
Deliver Containers (all at once, or one container after another in a chosen order) and Dump
Containers as sub-menus (">deliver", ">deliver:CO[:S1.S2]", ">dump", see menus.py)."""

from __future__ import annotations

from engine.core import Choice
from engine.tidewater import names as nm
from engine.tidewater import options as op
from engine.tidewater.market import company_name
from engine.tidewater.menu_parts import G_FREE, G_SAIL, Menu, port_note, push, semi
from engine.tidewater.production import colour_word
from engine.tidewater.state import State


def delivery_total(state: State, co: str, slots: list[str]) -> int:
    """What delivering `slots` in this order earns (the queue shifts after each container)."""
    r = state.rules
    ship = state.ship(co)
    queue = list(state.queue)
    bonus = r.port_bonus.get(ship.port, 0)
    total = 0
    for s in slots:
        colour = ship.slots[r.slot_index[s]].container
        assert colour is not None, f"slot {s} holds no container"
        i = queue.index(colour)
        total += r.prices[i] + bonus
        queue.append(queue.pop(i))
    return total


def sail_choices(state: State, seat: int) -> list[Choice]:
    """Every ship's every destination, as complete moves: they are listed on the top-level menu
    itself (the most common free action takes one choice, not two)."""
    ch = []
    for co, port in op.sail_options(state, seat):
        frm = state.ship(co).port
        ch.append(
            Choice(
                f"sail:{co}:{port}",
                f"Sail the {company_name(state, co)} ship from {nm.place(state, frm)} to "
                f"{nm.place(state, port)} (free{semi(port_note(state, port))})",
                G_SAIL,
            )
        )
    return ch


def deliver_first(state: State, seat: int, arg: str) -> Menu:
    r = state.rules
    ch = []
    for co in op.deliver_ships(state, seat):
        cargo = op.occupied(state, co)
        name = company_name(state, co)
        where = nm.place(state, state.ship(co).port)
        if len(cargo) == 1:  # nothing to order: deliver it straight away
            colour = colour_word(state.ship(co).slots[r.slot_index[cargo[0]]].container or "")
            ch.append(
                Choice(
                    f"deliver:{co}:{cargo[0]}",
                    f"Deliver the {colour} container of the {name} ship at {where} for "
                    f"{nm.credits(delivery_total(state, co, cargo))} (free)",
                    G_FREE,
                )
            )
            continue
        ch.append(  # several containers: all at once in slot order, or choose the order
            Choice(
                f"deliver:{co}:{'.'.join(cargo)}",
                f"Deliver all {len(cargo)} containers of the {name} ship at {where} "
                f"for {nm.credits(delivery_total(state, co, cargo))} (free)",
                G_FREE,
            )
        )
        ch.append(
            push(
                f">deliver:{co}",
                f"Choose which containers the {name} ship delivers at {where}... (free)",
                G_FREE,
            )
        )
    text = (
        "Which ship delivers (free; once per market arrival)? Each container earns its "
        "line's treasury the price of the frontmost demand marker of its colour (plus the "
        "market bonus); that marker then moves to the back."
    )
    return text, ch


def deliver_order(state: State, seat: int, arg: str) -> Menu:
    r = state.rules
    co, _, picked_s = arg.partition(":")
    picked = picked_s.split(".") if picked_s else []
    queue = list(state.queue)
    ship = state.ship(co)
    bonus = r.port_bonus.get(ship.port, 0)
    for s in picked:
        colour = ship.slots[r.slot_index[s]].container
        assert colour is not None, f"slot {s} holds no container"
        i = queue.index(colour)
        queue.append(queue.pop(i))
    ch = []
    if picked:
        n = len(picked)
        ch.append(
            Choice(
                f"deliver:{co}:{picked_s}",
                f"Deliver the {n} chosen container{'s' if n != 1 else ''} now for "
                f"{nm.credits(delivery_total(state, co, picked))} (free)",
                G_FREE,
            )
        )
    rest = [s for s in op.occupied(state, co) if s not in picked]
    for s in rest:
        colour = ship.slots[r.slot_index[s]].container
        assert colour is not None
        price = r.prices[queue.index(colour)] + bonus
        if len(rest) == 1:  # the last container: choosing it completes the order
            every = [*picked, s]
            what = f"the {colour_word(colour)} container in {nm.slot(state, s)}"
            ch.append(
                Choice(
                    f"deliver:{co}:{'.'.join(every)}",
                    (
                        f"Then {what} ({nm.credits(price)}): deliver all {len(every)} "
                        if picked
                        else f"Deliver {what} "
                    )
                    + f"for {nm.credits(delivery_total(state, co, every))} (free)",
                    G_FREE,
                )
            )
            continue
        ch.append(
            push(
                f">deliver:{co}:{'.'.join([*picked, s])}",
                f"{'Then' if picked else 'First'} the {colour_word(colour)} container in "
                f"{nm.slot(state, s)} (for {nm.credits(price)})... (free)",
                G_FREE,
            )
        )
    name = company_name(state, co)
    text = (
        f"Which container does the {name} ship at {nm.place(state, ship.port)} deliver "
        f"{'next' if picked else 'first'}? Each takes the frontmost marker of its colour, "
        "which then moves to the back."
    )
    if picked:
        chosen = ", ".join(
            f"{colour_word(ship.slots[r.slot_index[s]].container or '')} in {nm.slot(state, s)}"
            for s in picked
        )
        text += f" Chosen so far: {chosen}."
    return text, ch


def dump(state: State, seat: int, arg: str) -> Menu:
    r = state.rules
    ch = []
    for co, s in op.dump_options(state, seat):
        colour = state.ship(co).slots[r.slot_index[s]].container
        ch.append(
            Choice(
                f"dump:{co}:{s}",
                f"Dump the {colour_word(colour or '')} container in {nm.slot(state, s)} of "
                f"the {company_name(state, co)} ship (free)",
                G_FREE,
            )
        )
    text = (
        "Which container goes back to the bag (free; it earns nothing)? At a market, dumping "
        "ends that ship's deliveries there until it sails away and back."
    )
    return text, ch
