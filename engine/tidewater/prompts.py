"""Prompts: the legal choices of the deciding seat as a path of small menus (spec section 18).

`choices(state, seat, draft)` answers for a draft of push ids (see engine.tidewater.menus):
every step must be listed by the menu before it, given the state now. Nothing here changes
the state; only complete moves reach `apply`."""

from __future__ import annotations

from engine.core import BACK, CHAIN, Choice, IllegalAction, Prompt
from engine.tidewater import actions as act
from engine.tidewater import names as nm
from engine.tidewater import track
from engine.tidewater.chains import fund_chains
from engine.tidewater.market import company_name, outstanding
from engine.tidewater.menu_parts import G_FREE, G_TIME, G_TURN, Menu, push, t
from engine.tidewater.menus import buy_choices, load_choices, submenu
from engine.tidewater.menus_free import sail_choices
from engine.tidewater.options import (
    deliver_ships,
    dump_options,
    fits,
    has_nav_first_op,
    invest_options,
    load_options,
    trade_first_parts,
)
from engine.tidewater.production import colour_word
from engine.tidewater.state import PAYOUT, START, TURN, State


def prompts(state: State) -> list[Prompt]:
    """Who decides now, at an empty draft: the active seat's top menu or the CEO's dividend."""
    if state.phase == PAYOUT:
        return [dividend_prompt(state)]
    if state.phase not in (TURN, START):
        return []
    seat = state.active
    text, choices = top_menu(state, seat)
    return [Prompt(seat=seat, text=text, choices=choices)]


def deciding(state: State) -> list[int]:
    """The seats of `prompts`, without building the menus."""
    if state.phase == PAYOUT:
        pay = state.payout
        assert pay is not None
        ceo = state.company(pay.order[pay.index]).ceo
        assert ceo is not None
        return [ceo]
    return [state.active] if state.phase in (TURN, START) else []


def choices(state: State, seat: int, draft: tuple[str, ...]) -> Prompt | None:
    """The seat's next choices after the steps of `draft` (None: nothing to decide)."""
    if not draft:
        return next((p for p in prompts(state) if p.seat == seat), None)
    if state.phase == PAYOUT:
        raise IllegalAction("Only a dividend is being decided now; it has no sub-menu.")
    if state.phase not in (TURN, START):
        raise IllegalAction("The game is over.")
    if seat != state.active:
        raise IllegalAction(f"It is {nm.seat(state.active)}'s turn, not yours.")
    listed: list[Choice] | None = None  # None: the top menu (its labels are not needed)
    for step in draft:
        if step == BACK:
            raise IllegalAction("'Back' is not part of a move: it only drops the last step.")
        if not _is_step(state, seat, listed, step):
            raise IllegalAction(
                "That menu is not available now (the game has moved on since it was "
                "opened); choose again from the first menu."
            )
        text, listed = submenu(state, seat, step[1:])
    assert listed is not None
    return Prompt(seat=seat, text=text, choices=listed)


def _is_step(state: State, seat: int, listed: list[Choice] | None, step: str) -> bool:
    """Whether the menu listing `listed` (None: the top menu) offers `step` as a step."""
    if listed is None:
        return step in top_steps(state, seat)
    c = next((c for c in listed if c.id == step), None)
    return c is not None and c.step


def dividend_prompt(state: State) -> Prompt:
    pay = state.payout
    assert pay is not None
    r = state.rules
    cid = pay.order[pay.index]
    co = state.company(cid)
    assert co.ceo is not None
    name = company_name(state, cid)
    k = outstanding(state, cid)
    mine = state.players[co.ceo].shares.get(cid, 0)
    ch = []
    for d in pay.options:
        after = min(r.stock_max, max(r.stock_min, co.stock + r.dividend_effect[d]))
        stock = f"stock stays {after}" if after == co.stock else f"stock {co.stock} → {after}"
        if d == 0:
            label = f"Pay no dividend ({stock})"
        else:
            label = (
                f"Pay {d} per share: {nm.credits(d * k)} from the treasury, "
                f"{d * mine} to you ({stock})"
            )
        ch.append(Choice(f"div:{d}", label, "Dividend"))
    text = (
        f"Seat {co.ceo + 1}, as CEO of {name}, choose the dividend per share. After the wage the "
        f"treasury holds {nm.credits(co.treasury)}; players hold {k} share"
        f"{'s' if k != 1 else ''} ({mine} yours)."
    )
    return Prompt(seat=co.ceo, text=text, choices=ch)


#: The top-level menu's fixed order (spec section 18): the time-costing actions first, those
#: available on nearly every turn ahead of the ones that come and go, then Stop, then the free
#: actions, then Done. An action that is not available is left out; the others never move
#: relative to each other, so a familiar choice is always found in the same place.
TOP_ORDER = (
    "produce",
    "fund",
    ">adv",
    "trade",
    ">trade",
    ">nav",
    ">invest",
    "load",
    ">load",
    "stop",
    "sail",
    ">deliver",
    ">dump",
    "done",
)


#: Up to this many loads are listed on the top-level menu as complete moves (one choice, not
#: two); more open the load sub-menu.
LOAD_AT_TOP_MAX = 12

#: Each TOP_ORDER entry's place in it.
_TOP_RANK = {kind: i for i, kind in enumerate(TOP_ORDER)}


def top_steps(state: State, seat: int) -> set[str]:
    """The sub-menus the top menu opens now (its step choices), without their labels: what
    the first step of a draft may be."""
    r = state.rules
    steps = set()
    if deliver_ships(state, seat):
        steps.add(">deliver")
    if dump_options(state, seat):
        steps.add(">dump")
    if state.phase == START:
        return steps
    if len(load_options(state, seat)) > LOAD_AT_TOP_MAX:
        steps.add(">load")
    if has_nav_first_op(state, seat):
        steps.add(">nav")
    if invest_options(state, seat):
        steps.add(">invest")
    if fits(state, seat, r.cost["advertise"]):
        steps.add(">adv")
    if trade_first_parts(state, seat):
        steps.add(">trade")
    return steps


def top_menu(state: State, seat: int) -> Menu:
    steps = top_steps(state, seat)
    ch: list[Choice] = []
    ch += sail_choices(state, seat)
    if ">deliver" in steps:
        ch.append(push(">deliver", "Deliver containers at a market... (free)", G_FREE))
    if ">dump" in steps:
        ch.append(push(">dump", "Dump a container back into the bag... (free)", G_FREE))
    if state.phase == START:
        return _start_menu(state, seat, ch)
    if track.can_stop(state):
        ch.append(Choice("stop", "Stop: end your turn here (free)", G_TURN))
    ch += _time_choices(state, seat, steps)
    return _turn_text(state, seat), in_order(ch)


def _start_menu(state: State, seat: int, ch: list[Choice]) -> Menu:
    """On Start: the free actions `ch` left, then Done."""
    ch.append(Choice("done", "Done: end your round on Start (free)", G_TURN))
    if len(ch) > 1:
        text = f"Seat {seat + 1}, you reached Start: take any free actions, then choose Done."
    else:
        text = f"Seat {seat + 1}, you reached Start with no free action left: choose Done."
    if state.first_finisher is None:
        text += " As the first to arrive, your Done triggers production and the payout."
    return text, in_order(ch)


def _time_choices(state: State, seat: int, steps: set[str]) -> list[Choice]:
    """The actions of the turn that cost time, in the menu's order."""
    r = state.rules
    ch: list[Choice] = []
    if ">load" in steps:
        ch.append(push(">load", f"Load a container onto a ship... {t(r.cost['load'])}", G_TIME))
    elif state.phase != START:
        ch += load_choices(state, seat)
    if fits(state, seat, r.cost["produce"]) and not act.produce_error(state, seat):
        note = produce_note(state)
        what = "a container" if note else "a container onto its company hex"
        ch.append(Choice("produce", f"Produce: draw {what} {t(r.cost['produce'])}{note}", G_TIME))
    if ">nav" in steps:
        ch.append(
            push(
                ">nav",
                f"Place or move navigation points... (cost {nm.time(r.nav_per_point)} per point, "
                "credits from the line)",
                G_TIME,
            )
        )
    if fits(state, seat, r.cost["fund"]):
        ch.append(
            Choice(
                "fund",
                f"Funding: take {nm.credits(r.funding_credits)} {t(r.cost['fund'])}",
                G_TIME,
            )
        )
        ch += fund_chains(state, seat, G_TIME)
    if ">invest" in steps:
        invest = invest_options(state, seat)
        prices = sorted({r.slots[r.slot_index[s]].cost for _, s in invest})
        price = (
            nm.credits(prices[0]) if len(prices) == 1 else f"{prices[0]}-{nm.credits(prices[-1])}"
        )
        ch.append(
            push(
                ">invest",
                f"Invest in a ship slot for {price}... {t(r.cost['invest'])}",
                G_TIME,
            )
        )
    if ">adv" in steps:
        ch.append(
            push(">adv", f"Advertise: swap two demand markers... {t(r.cost['advertise'])}", G_TIME)
        )
    if ">trade" in steps:
        ch += buy_choices(state, seat)
        ch.append(
            push(
                ">trade",
                f"Sell a share, or trade two shares, at stock value... {t(r.cost['trade'])}",
                G_TIME,
            )
        )
    return ch


def _turn_text(state: State, seat: int) -> str:
    """The turn prompt's line: this seat's step, credits and whether it must act."""
    r = state.rules
    p = state.players[seat]
    left = r.steps - p.pos
    text = (  # the round is in the status line; the prompt carries this seat's numbers
        f"Seat {seat + 1}, your turn: you are on step {p.pos} of {r.steps} ({left} to Start) "
        f"with {nm.credits(p.credits)}. "
    )
    if track.last(state) == seat:
        text += "You are last on the Time Track, so take a time-costing action."
    else:
        text += "You are no longer last: act again or stop."
    return text


def in_order(ch: list[Choice]) -> list[Choice]:
    """The top-level choices in TOP_ORDER (the sail moves, "sail:CO:PORT", where "sail" is,
    in the order the rules list ships and ports)."""
    return sorted(ch, key=lambda c: _TOP_RANK[c.id.partition(":")[0].partition(CHAIN)[0]])


def produce_note(state: State) -> str:
    """'' when any container the bag may give finds room on its company hex; else what happens
    to the ones that don't (R46-R48: a full hex sends its container back to the bag)."""
    r = state.rules
    in_bag = [c for c in r.colours if state.bag.get(c, 0) > 0]
    back = [colour_word(c) for c in in_bag if state.company(c).hex_containers >= r.hex_cap]
    if not back:
        return ""
    if len(back) == len(in_bag):
        return " — no effect: all the hexes it can fill are full"
    return f" — {'/'.join(back)} hex full: that draw goes back to the bag"
