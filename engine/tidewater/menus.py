"""The sub-menus of a move (spec section 18). A draft step (a push id) is ">KIND[:prefix]":
">load", ">nav", ">nav:OP", ">invest", ">adv", ">trade", ">trade:PART", ">deliver",
">deliver:CO", ">deliver:CO:S1[.S2]", ">dump". Each sub-menu lists complete moves, further
steps and "back"; nothing here touches the state. The free actions' sub-menus are in
menus_free.py, the pieces every menu is made of in menu_parts.py."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Choice
from engine.tidewater import actions as act
from engine.tidewater import names as nm
from engine.tidewater import options as op
from engine.tidewater.market import company_name
from engine.tidewater.menu_parts import (
    BACK_CHOICE,
    G_BUY,
    G_LOAD,
    G_TIME,
    G_TRADE_ONE,
    G_TRADE_TWO,
    SHOWN_AT_ONCE,
    Menu,
    push,
    t,
    turn_info,
)
from engine.tidewater.menus_free import deliver_first, deliver_order, dump
from engine.tidewater.navigation import describe_op, parse_op
from engine.tidewater.production import colour_word
from engine.tidewater.state import State


def submenu(state: State, seat: int, body: str) -> Menu:
    """The sub-menu a push id (without its ">") opens, "back" last."""
    kind, _, arg = body.partition(":")
    build = MENUS.get((kind, bool(arg)))
    text, ch = build(state, seat, arg) if build else ("Unknown menu.", [])
    return text, [*ch, BACK_CHOICE]


def load_choices(state: State, seat: int, group: str = G_LOAD) -> list[Choice]:
    """Every load as a complete move (the top-level menu lists them when they are few)."""
    r = state.rules
    ch = []
    for co, slot in op.load_options(state, seat):
        port = state.ship(co).port
        colour = colour_word(r.port_hex_company[port])
        ch.append(
            Choice(
                f"load:{co}:{slot}",
                f"Load a {colour} container at {nm.place(state, port)} into "
                f"{nm.slot(state, slot)} of the {company_name(state, co)} ship "
                f"{t(r.cost['load'])}",
                group,
            )
        )
    return ch


def _load(state: State, seat: int, arg: str) -> Menu:
    r = state.rules
    ch = load_choices(state, seat, G_TIME)
    text = (
        f"Which ship loads, into which slot ({turn_info(state, seat, r.cost['load'])})? "
        "A ship at a company port takes one container from that port's company hex."
    )
    if r.terminal_fee is not None:
        text += (
            f" Loading another line's container costs the ship's line a terminal fee of "
            f"{nm.credits(r.terminal_fee)}, paid to that line."
        )
    return text, ch


def _nav_first(state: State, seat: int, arg: str) -> Menu:
    r = state.rules
    two = op.two_points_fit(state, seat)
    ops = op.nav_first_ops(state, seat)
    both = 2 * len(ops) < SHOWN_AT_ONCE  # (and "back")
    ch = []
    for o in ops:
        label = nm.cap(describe_op(state, o))
        _, co, _, _ = parse_op(o)
        group = f"{company_name(state, co)} points"
        if two and both:
            # one point is one choice; a second one is named on the next menu ("Also ...
            # (cost 2 time)")
            ch.append(Choice(f"nav:{o}", f"{label} only {t(r.nav_per_point)}", group))
            ch.append(
                push(
                    f">nav:{o}",
                    f"{label}, and another... {t(2 * r.nav_per_point)}",
                    group,
                )
            )
        elif two:  # too many to list twice: one point is "Just ..." on the next menu
            ch.append(push(f">nav:{o}", f"{label}... {t(r.nav_per_point)}", group))
        else:
            ch.append(Choice(f"nav:{o}", f"{label} {t(r.nav_per_point)}", group))
    listed = {o.split(":")[1] for o in ops}
    funds = ", ".join(
        f"{company_name(state, c.id)} {c.treasury}" for c in state.companies if c.id in listed
    )
    text = (
        "Which navigation point do you place or move first? You may add a second one next"
        if two
        else "Which navigation point do you place or move"
    )
    text += (
        f" ({nm.time(r.nav_per_point)} per point). Each point is paid from its line's "
        f"treasury ({funds}); a ship may only cross sea hexes holding its own line's points."
    )
    return text, ch


def _nav_second(state: State, seat: int, arg: str) -> Menu:
    r = state.rules
    ch = [Choice(f"nav:{arg}", f"Just {describe_op(state, arg)} {t(r.nav_per_point)}", G_TIME)]
    for o in op.nav_second_ops(state, seat, arg):
        _, co, _, _ = parse_op(o)
        ch.append(
            Choice(
                f"nav:{arg}+{o}",
                f"Also {describe_op(state, o)} {t(2 * r.nav_per_point)}",
                f"{company_name(state, co)} points",
            )
        )
    text = (
        f"Add a second navigation point ({nm.time(2 * r.nav_per_point)} in total) or keep "
        f"just this one ({nm.time(r.nav_per_point)})? First: {describe_op(state, arg)}."
    )
    return text, ch


def _invest(state: State, seat: int, arg: str) -> Menu:
    r = state.rules
    ch = []
    for co, slot in op.invest_options(state, seat):
        cost = r.slots[r.slot_index[slot]].cost
        ch.append(
            Choice(
                f"invest:{co}:{slot}",
                f"Invest in {nm.slot(state, slot)} of the {company_name(state, co)} ship "
                f"for {nm.credits(cost)} {t(r.cost['invest'])}",
                G_TIME,
            )
        )
    pl = state.players[seat]
    text = (
        f"Which ship slot do you invest in ({turn_info(state, seat, r.cost['invest'])})? "
        f"You have {nm.credits(pl.credits)} and {pl.inv_discs} investment disc"
        f"{'s' if pl.inv_discs != 1 else ''}. The price goes to that line's treasury; the "
        f"slot can then carry cargo and pays you {nm.credits(r.investor_fee)} per container "
        "delivered from it."
    )
    return text, ch


def _adv(state: State, seat: int, arg: str) -> Menu:
    r = state.rules
    q = state.queue
    ch = [
        Choice(
            f"adv:{i}",
            f"Swap position {i} ({colour_word(q[i - 1])}, pays {r.prices[i - 1]}) with "
            f"{i + 1} ({colour_word(q[i])}, pays {r.prices[i]}) {t(r.cost['advertise'])}"
            + (" — no effect: both are " + colour_word(q[i]) if q[i - 1] == q[i] else ""),
            G_TIME,
        )
        for i in range(1, len(q))
    ]
    text = (
        "Which two adjacent demand markers do you swap "
        f"({turn_info(state, seat, r.cost['advertise'])})? A delivered container earns the "
        "price of the frontmost marker of its colour, which then moves to the back."
    )
    return text, ch


def _trade_first(state: State, seat: int, arg: str) -> Menu:
    r = state.rules
    ch = []
    for part in op.trade_first_parts(state, seat):
        label = nm.cap(act.describe_part(state, part))
        ch.append(Choice(f"trade:{part}", f"{label} {t(r.cost['trade'])}", G_TRADE_ONE))
    for part in op.trade_first_parts(state, seat):
        if op.trade_second_parts(state, seat, part):
            label = nm.cap(act.describe_part(state, part))
            ch.append(
                push(
                    f">trade:{part}",
                    f"{label}, and a second part... {t(r.cost['trade'])}",
                    G_TRADE_TWO,
                )
            )
    text = (
        f"Which share do you buy or sell ({turn_info(state, seat, r.cost['trade'])}; "
        f"you have {nm.credits(state.players[seat].credits)})? Or start a trade of two "
        "shares: a second part for a different line in the same action."
    )
    return text, ch


def _trade_second(state: State, seat: int, arg: str) -> Menu:
    r = state.rules
    c = t(r.cost["trade"])
    ch = [Choice(f"trade:{arg}", f"Just {act.describe_part(state, arg)} {c}", G_TIME)]
    for part in op.trade_second_parts(state, seat, arg):
        ch.append(
            Choice(f"trade:{arg}+{part}", f"And {act.describe_part(state, part)} {c}", G_TIME)
        )
    text = (
        f"Finish the trade here, or add a second part for another line (still "
        f"{nm.time(r.cost['trade'])} in total)? First part: {act.describe_part(state, arg)}."
    )
    return text, ch


def buy_choices(state: State, seat: int) -> list[Choice]:
    """Each share the seat may buy alone, as a complete trade: listed on the top-level menu
    (the most common trade takes one choice, not three); sales and two-part trades are on
    the trade sub-menu."""
    r = state.rules
    return [
        Choice(
            f"trade:{part}",
            f"{nm.cap(act.describe_part(state, part))} {t(r.cost['trade'])}",
            G_BUY,
        )
        for part in op.trade_first_parts(state, seat)
        if part.startswith("buy:")
    ]


#: (kind, has an argument) -> the sub-menu builder.
MENUS: dict[tuple[str, bool], Callable[[State, int, str], Menu]] = {
    ("load", False): _load,
    ("nav", False): _nav_first,
    ("nav", True): _nav_second,
    ("invest", False): _invest,
    ("adv", False): _adv,
    ("trade", False): _trade_first,
    ("trade", True): _trade_second,
    ("deliver", False): deliver_first,
    ("deliver", True): deliver_order,
    ("dump", False): dump,
}
