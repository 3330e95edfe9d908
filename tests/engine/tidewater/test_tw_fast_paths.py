"""The fast paths of the menus and the automatic player give exactly what the plain rule
checks give: option lists filtered without building refusals, memoised routes, the top menu's
steps without labels, the look-ahead's slim copies and the estimate's single look-up."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pytest

from engine.core import IllegalAction
from engine.rng import Rng
from engine.tidewater import actions as act
from engine.tidewater import moves as commands
from engine.tidewater import options as op
from engine.tidewater import prompts as pr
from engine.tidewater import shipping
from engine.tidewater.bot import candidates as bot_moves
from engine.tidewater.bot import evaluation as bot_eval
from engine.tidewater.bot import player as bot
from engine.tidewater.state import OVER, PAYOUT, START, State
from tests.engine.tidewater.tw_helpers import T, new


def _states(seats: int, seed: int, every: int = 3, **options: str) -> Iterator[State]:
    """Every `every`-th state of a bot game."""
    state = new(seats, seed, **options)
    rng = Rng.from_seed(seed)
    n = 0
    while T.result(state) is None:
        if n % every == 0:
            yield state
        seat = T.deciding(state)[0]
        T.apply(state, seat, T.bot_choice(state, seat, rng))
        n += 1


GAMES = [(2, 3, {}), (3, 4, {"open_operations": "on"}), (4, 5, {"terminal_fee": "on"})]


@pytest.mark.parametrize(("seats", "seed", "options"), GAMES)
def test_option_lists_match_the_rule_checks(seats: int, seed: int, options: dict) -> None:
    for state in _states(seats, seed, **options):
        for seat in range(seats):
            first = [o for o in op.all_ops(state, seat) if not act.nav_op_error(state, seat, o)]
            if not op.fits(state, seat, state.rules.nav_per_point):
                first = []
            assert op.nav_first_ops(state, seat) == first
            assert op.has_nav_first_op(state, seat) == bool(first)
            invest = [
                (co, s.id)
                for co in state.rules.companies
                for s in state.rules.slots
                if s.kind == "investment" and not act.invest_error(state, seat, co, s.id)
            ]
            if not op.fits(state, seat, state.rules.cost["invest"]):
                invest = []
            assert op.invest_options(state, seat) == invest
            _check_free_options(state, seat)


def _check_free_options(state: State, seat: int) -> None:
    cos = state.rules.companies
    sail = [
        (co, port)
        for co in cos
        if not shipping.free_error(state, seat, "sail", co) and not state.ship(co).sailed
        for port in shipping._reachable.__wrapped__(
            state.rules, state.ship(co).port, frozenset(state.company(co).nav)
        )
    ]
    assert op.sail_options(state, seat) == sail
    deliver = [
        co
        for co in cos
        if op.occupied(state, co)
        and not shipping.deliver_error(state, seat, co, op.occupied(state, co)[:1])
    ]
    assert op.deliver_ships(state, seat) == deliver
    dump = [
        (co, s)
        for co in cos
        if not shipping.free_error(state, seat, "dump", co)
        for s in op.occupied(state, co)
    ]
    assert op.dump_options(state, seat) == dump


@pytest.mark.parametrize(("seats", "seed", "options"), GAMES)
def test_top_steps_are_the_top_menus_steps(seats: int, seed: int, options: dict) -> None:
    for state in _states(seats, seed, **options):
        if state.phase == PAYOUT:
            continue
        _, listed = pr.top_menu(state, state.active)
        assert pr.top_steps(state, state.active) == {c.id for c in listed if c.step}


def _reference_look(state: State, seat: int, move: str) -> float | None:
    """The look-ahead as it was first written: a full JSON copy, its generator replaced."""
    copy = msgspec.json.decode(msgspec.json.encode(state), type=State)
    copy.rng = Rng.from_seed(bot.LOOK_SEED)
    try:
        commands.apply(copy, seat, move)
    except IllegalAction:
        return None
    return _reference_advantage(copy, seat)


def _reference_advantage(state: State, seat: int) -> float:
    """bot_eval.advantage without its memos."""
    est = _reference_estimates(state)
    others = [e for s, e in enumerate(est) if s != seat]
    return est[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def _reference_estimates(state: State) -> list[float]:
    r = state.rules
    cash = [float(p.credits) for p in state.players]
    n_pay = bot_eval.payouts_left(state)
    pay = state.payout
    for co in state.companies:
        holders = tuple(p.shares.get(co.id, 0) for p in state.players)
        now, later = bot_eval._ship_income(state, co.id) if n_pay else (0.0, 0.0)
        rounds, awaited = n_pay, None
        if pay is not None and co.id in pay.order[pay.index :]:
            if co.id == pay.order[pay.index]:
                awaited = max(pay.options) if pay.options else 0
            else:
                rounds += 1
        args = (holders, co.ceo, co.treasury + now, later, co.stock, rounds, awaited)
        for s, g in enumerate(bot_eval._company(state, *args)):
            cash[s] += g
    steps = [r.steps - p.pos + r.steps * (r.rounds - state.round) for p in state.players]
    if state.phase == OVER:
        steps = [0] * state.seats
    return [c + bot_eval.STEP * s for c, s in zip(cash, steps, strict=True)]


@pytest.mark.parametrize(("seats", "seed", "options"), GAMES)
def test_lookahead_values_match_a_full_copy(seats: int, seed: int, options: dict) -> None:
    for state in _states(seats, seed, every=5, **options):
        seat = T.deciding(state)[0]
        if state.phase == PAYOUT:
            assert state.payout is not None
            cands = [f"div:{d}" for d in state.payout.options]
        else:
            cands = bot_moves.free_moves(state, seat)
            if state.phase != START:
                cands += bot_moves.time_moves(state, seat)
        ahead = bot.Lookahead(state, seat)
        for move in cands:
            assert ahead.value(move) == _reference_look(state, seat, move), move
        assert bot_eval.advantage(state, seat) == _reference_advantage(state, seat)
