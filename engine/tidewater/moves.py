"""Choice ids and `apply`: parse a choice, validate it completely, then change the state.

Complete moves (the only ids `apply` accepts; the menus of engine.tidewater.prompts build them):
  fund | produce | load:CO:SLOT | nav:OP[+OP] | invest:CO:SLOT | adv:I | trade:PART[+PART]
  (trade:PART,PART = no order stated: the default, sell first)
  sail:CO:PORT | deliver:CO:S1.S2 | dump:CO:S1[.S2] | stop | done | div:D
  fund&stop | fund&fund (chains: engine.tidewater.chains)
  OP = place:CO:HEX | move:CO:FROM:TO ; PART = sell:CO | buy:CO:u | buy:CO:p
Menu steps (">KIND[:prefix]" opens a sub-menu, "back") live in a seat's draft and are refused.
"""

from __future__ import annotations

from engine.core import BACK, CHAIN, Event, IllegalAction
from engine.tidewater import actions as act
from engine.tidewater import chains, flow, shipping
from engine.tidewater.navigation import do_nav, nav_cost, nav_error
from engine.tidewater.state import RECENT_KEEP, Last, State


def _fail(err: str | None) -> None:
    if err:
        raise IllegalAction(err)


def _record(state: State, seat: int, action: str, events: list[Event]) -> list[Event]:
    state.last.seat = seat
    state.last.action = action
    state.last.lines = [e.text for e in events]
    state.recent.append(Last(seat=seat, action=action, lines=list(state.last.lines)))
    del state.recent[:-RECENT_KEEP]
    return events


def apply(state: State, seat: int, cid: str) -> list[Event]:
    if CHAIN in cid:  # "fund&stop", "fund&fund" (engine.tidewater.chains)
        return chains.apply_chain(state, seat, cid, apply)
    head, sep, rest = cid.partition(":")
    if sep and head in ("stop", "done", "fund", "produce"):
        raise IllegalAction(f"'{cid}' is not a Tidewater Lines choice.")
    if head == "div":
        return _record(state, seat, "dividend", flow.dividend(state, seat, _int(rest)))
    if cid.startswith(">") or cid == BACK:
        raise IllegalAction(
            "Opening or leaving a menu is not a move: choose one of the listed actions."
        )
    if head == "stop":
        return _record(state, seat, "stop", flow.stop(state, seat))
    if head == "done":
        return _record(state, seat, "done", flow.done(state, seat))
    if head in ("sail", "deliver", "dump"):
        return _record(state, seat, head, free_action(state, seat, head, rest))
    return _record(state, seat, head, time_costing(state, seat, head, rest))


def _int(s: str) -> int:
    try:
        return int(s)
    except ValueError:
        raise IllegalAction(f"'{s}' is not a number.") from None


def time_costing(state: State, seat: int, head: str, rest: str) -> list[Event]:
    r = state.rules
    if head == "fund":
        cost = r.cost["fund"]
        flow.check_time_action(state, seat, cost)
        return flow.time_action(state, seat, "fund", cost, lambda t: act.do_fund(state, seat, t))
    if head == "produce":
        cost = r.cost["produce"]
        flow.check_time_action(state, seat, cost)
        _fail(act.produce_error(state, seat))
        return flow.time_action(
            state, seat, "produce", cost, lambda t: act.do_produce(state, seat, t), barrier=True
        )
    if head == "load":
        co, _, slot = rest.partition(":")
        cost = r.cost["load"]
        flow.check_time_action(state, seat, cost)
        _fail(act.load_error(state, seat, co, slot or None))
        return flow.time_action(
            state, seat, "load", cost, lambda t: act.do_load(state, seat, co, slot or None, t)
        )
    if head == "nav":
        ops = rest.split("+")
        cost = nav_cost(state, ops)
        flow.check_time_action(state, seat, cost)
        _fail(nav_error(state, seat, ops))
        return flow.time_action(state, seat, "nav", cost, lambda t: do_nav(state, seat, ops, t))
    if head == "invest":
        co, _, slot = rest.partition(":")
        cost = r.cost["invest"]
        flow.check_time_action(state, seat, cost)
        _fail(act.invest_error(state, seat, co, slot))
        return flow.time_action(
            state, seat, "invest", cost, lambda t: act.do_invest(state, seat, co, slot, t)
        )
    if head == "adv":
        i = _int(rest)
        cost = r.cost["advertise"]
        flow.check_time_action(state, seat, cost)
        _fail(act.advertise_error(state, seat, i))
        return flow.time_action(
            state, seat, "advertise", cost, lambda t: act.do_advertise(state, seat, i, t)
        )
    if head == "trade":
        parts = rest.split("+") if "," not in rest else act.default_order(rest.split(","))
        parts = act.name_sources(state, parts)
        cost = r.cost["trade"]
        flow.check_time_action(state, seat, cost)
        _fail(act.trade_error(state, seat, parts))
        return flow.time_action(
            state, seat, "trade", cost, lambda t: act.do_trade(state, seat, parts, t)
        )
    raise IllegalAction(f"'{head}' is not a Tidewater Lines action.")


def free_action(state: State, seat: int, head: str, rest: str) -> list[Event]:
    flow.check_turn(state, seat)
    bits = rest.split(":")
    if len(bits) != 2:
        raise IllegalAction("Name a ship and a port or slots.")
    co, arg = bits
    touched: list[str] = []
    if head == "sail":
        _fail(shipping.sail_error(state, seat, co, arg))
        text = shipping.do_sail(state, seat, co, arg, touched)
    elif head == "deliver":
        slots = [x for x in arg.split(".") if x]
        _fail(shipping.deliver_error(state, seat, co, slots))
        text = shipping.do_deliver(state, seat, co, slots, touched)
    else:
        slots = [x for x in arg.split(".") if x]
        _fail(shipping.dump_error(state, seat, co, slots))
        text = shipping.do_dump(state, seat, co, slots, touched)
    state.last.touched = touched
    first, *more = text.split("\n")  # further lines are whole sentences (investor fees)
    return [Event(f"{flow.seat_name(seat)} {first}.")] + [Event(f"{line}.") for line in more]
