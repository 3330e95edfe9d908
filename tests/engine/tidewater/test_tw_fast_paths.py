"""The fast paths of the menus and the automatic player give exactly what the plain rule
checks give: option lists filtered without building refusals, memoised routes, the top menu's
steps without labels, the look-ahead's slim copies and the estimate's single look-up."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pytest

from engine.core import IllegalAction
from engine.rng import Rng
from engine.tidewater import moves
from engine.tidewater.bot import candidates as bot_moves
from engine.tidewater.bot import evaluation as bot_eval
from engine.tidewater.bot import fast
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
def test_fast_lists_match_the_rule_checks(seats: int, seed: int, options: dict) -> None:
    """The option lists and the top menu's steps (engine/tidewater/bot/fast.py), with the
    variants on; the conformance suite runs the same pairs on its own games."""
    for state in _states(seats, seed, **options):
        for seat in range(seats):
            for what, quick, plain in fast.pairs(state, seat):
                assert quick == plain, what


def _reference_look(state: State, seat: int, move: str) -> float | None:
    """The look-ahead as it was first written: a full JSON copy, its generator replaced."""
    copy = msgspec.json.decode(msgspec.json.encode(state), type=State)
    copy.rng = Rng.from_seed(bot.LOOK_SEED)
    try:
        moves.apply(copy, seat, move)
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
