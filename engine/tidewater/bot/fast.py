"""The fast paths of the menus and the automatic player, each beside the plain rule checks it
must equal: option lists filtered without building refusal texts (options.py), the top menu's
steps without labels (prompts.top_steps). `pairs` lists them for one position; the conformance
suite (tests/engine/test_conformance.py) asserts every pair equal over many positions."""

from __future__ import annotations

from collections.abc import Iterator

from engine.tidewater import actions as act
from engine.tidewater import options as op
from engine.tidewater import prompts as pr
from engine.tidewater import shipping
from engine.tidewater.navigation import nav_op_error
from engine.tidewater.state import PAYOUT, State


def pairs(state: State, seat: int) -> Iterator[tuple[str, object, object]]:
    """(what, fast list, the same list the plain way) for `seat` in `state`."""
    first = [o for o in op.all_ops(state, seat) if not nav_op_error(state, seat, o)]
    if not op.fits(state, seat, state.rules.nav_per_point):
        first = []
    yield "nav_first_ops", op.nav_first_ops(state, seat), first
    yield "has_nav_first_op", op.has_nav_first_op(state, seat), bool(first)
    invest = [
        (co, s.id)
        for co in state.rules.companies
        for s in state.rules.slots
        if s.kind == "investment" and not act.invest_error(state, seat, co, s.id)
    ]
    if not op.fits(state, seat, state.rules.cost["invest"]):
        invest = []
    yield "invest_options", op.invest_options(state, seat), invest
    yield from _free_pairs(state, seat)
    if state.phase != PAYOUT and seat == state.active:
        _, listed = pr.top_menu(state, seat)
        yield "top_steps", pr.top_steps(state, seat), {c.id for c in listed if c.step}


def _free_pairs(state: State, seat: int) -> Iterator[tuple[str, object, object]]:
    cos = state.rules.companies
    sail = [
        (co, port)
        for co in cos
        if not shipping.free_error(state, seat, "sail", co) and not state.ship(co).sailed
        for port in shipping._reachable.__wrapped__(
            state.rules, state.ship(co).port, frozenset(state.company(co).nav)
        )
    ]
    yield "sail_options", op.sail_options(state, seat), sail
    deliver = [
        co
        for co in cos
        if op.occupied(state, co)
        and not shipping.deliver_error(state, seat, co, op.occupied(state, co)[:1])
    ]
    yield "deliver_ships", op.deliver_ships(state, seat), deliver
    dump = [
        (co, s)
        for co in cos
        if not shipping.free_error(state, seat, "dump", co)
        for s in op.occupied(state, co)
    ]
    yield "dump_options", op.dump_options(state, seat), dump
