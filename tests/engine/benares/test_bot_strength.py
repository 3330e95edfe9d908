"""The automatic player of issue 12: stronger than the baseline, legal, deterministic, and blind
to what its seat may not see (R129)."""

from __future__ import annotations

import pytest

from engine.benares import TITLE
from engine.benares.bot import baseline as bot_baseline
from engine.benares.state import State
from engine.core import Title
from engine.rng import Rng

MAX_MOVES = 3000


def _new_game(seed: int, seats: int) -> State:
    return TITLE.setup(seed, seats, {o.name: o.default for o in TITLE.options})


def _play(seed: int, players: list, check=None) -> State:
    """A whole game, seat n played by `players[n]` with its own rng stream."""
    st = _new_game(seed, len(players))
    rngs = [Rng.from_seed(seed * 31 + n) for n in range(len(players))]
    for _ in range(MAX_MOVES):
        if TITLE.result(st) is not None:
            return st
        seat = TITLE.prompts(st)[0].seat
        move = players[seat](st, seat, rngs[seat])
        if check is not None:
            check(st, seat, move)
        TITLE.apply(st, seat, move)
    raise AssertionError(f"seed {seed}: the game did not end")


def _listed(title: Title, st: State, seat: int, move: str) -> bool:
    """Is `move` a complete move the menus offer (after at most one card step)?"""
    prompt = title.choices(st, seat)
    assert prompt is not None
    for c in prompt.choices:
        if c.id == move and not c.step:
            return True
        if c.step and c.id.startswith("card:"):
            sub = title.choices(st, seat, (c.id,))
            if sub is not None and any(x.id == move and not x.step for x in sub.choices):
                return True
    return False


def test_bot_beats_baseline_on_a_small_sample() -> None:
    """Over 30 fixed seeds, seats alternating, the new bot wins at least 60 % (target 70 %)."""
    wins = 0
    seeds = 30
    for seed in range(seeds):
        me = seed % 2
        players = [TITLE.bot_choice, bot_baseline.choose]
        if me:
            players.reverse()
        res = TITLE.result(_play(seed, players))
        assert res is not None
        wins += res.places[me] < res.places[1 - me]
    assert wins >= 0.6 * seeds, f"new bot won {wins} of {seeds}"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_bot_move_is_listed_and_legal(seats: int) -> None:
    def check(st: State, seat: int, move: str) -> None:
        assert _listed(TITLE, st, seat, move), move

    for seed in (5, 11):
        st = _play(seed, [TITLE.bot_choice] * seats, check)
        res = TITLE.result(st)
        assert res is not None and len(res.scores) == seats


def test_bot_is_deterministic() -> None:
    def moves(seed: int) -> list[str]:
        log: list[str] = []
        _play(seed, [TITLE.bot_choice] * 3, lambda st, seat, move: log.append(move))
        return log

    assert moves(7) == moves(7)


@pytest.mark.parametrize("seats", [2, 4])
def test_bot_ignores_other_hands_and_the_deck(seats: int) -> None:
    """R129: redealing the other seats' hands and the deck never changes the bot's choice."""
    redeal_rng = Rng.from_seed(99)
    checked = 0

    def check(st: State, seat: int, move: str) -> None:
        nonlocal checked
        if st.phase not in ("action", "administration"):
            return
        for k in range(2):
            other = TITLE.redeal(st, seat, redeal_rng)
            assert other is not None
            assert TITLE.view(other, seat) == TITLE.view(st, seat)
            again = TITLE.bot_choice(other, seat, Rng.from_seed(1000 + k))
            same = TITLE.bot_choice(TITLE.copy(st), seat, Rng.from_seed(1000 + k))
            assert again == same, f"the choice changed after a redeal: {same} -> {again}"
        checked += 1

    _play(3, [TITLE.bot_choice] * seats, check)
    assert checked > 50
