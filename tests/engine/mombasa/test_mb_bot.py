"""The heuristic automatic player (engine/mombasa/bot/player.py, R189, R194): always a complete legal
move, deterministic, blind to what its seat cannot see, and clearly stronger than random."""

from __future__ import annotations

import pytest

from engine.core import random_move
from engine.mombasa import TITLE, prompts
from engine.rng import Rng


def _bot_game(seed: int, seats: int, *, sample_every: int = 0):
    """Play a whole bot game, checking every move; returns (final state, sampled positions)."""
    st = TITLE.setup(seed, seats, {})
    rng = Rng.from_seed(seed ^ 0xB07)
    samples = []
    moves = 0
    while TITLE.result(st) is None:
        assert moves < 3000, "the game does not end"
        for p in TITLE.prompts(st):
            seat = p.seat
            if sample_every and moves % sample_every == 0:
                samples.append((TITLE.copy(st), seat))
            move = TITLE.bot_choice(st, seat, rng)
            assert not move.endswith(prompts.STEP_MARK), f"a step, not a move: {move}"
            assert p.find(move) is not None or st.phase in ("planning", "action"), move
            TITLE.apply(st, seat, move)  # raises IllegalAction if the bot's move were illegal
            moves += 1
            break
    return st, samples


@pytest.mark.parametrize(("seed", "seats"), [(1, 2), (2, 3), (3, 4), (4, 4), (5, 2)])
def test_bot_moves_are_complete_and_legal_whole_games(seed, seats):
    st, _ = _bot_game(seed, seats)
    res = TITLE.result(st)
    assert sorted(res.scores) == list(range(seats))
    assert all(v >= 0 for v in res.scores.values())


def test_bot_top_level_choice_is_on_the_menu():
    """Single-choice decisions (starting tile, pile, diamond merchant, pass) are listed choices."""
    st = TITLE.setup(7, 3, {})
    rng = Rng.from_seed(1)
    checked = 0
    while TITLE.result(st) is None and checked < 400:
        p = TITLE.prompts(st)[0]
        move = TITLE.bot_choice(st, p.seat, rng)
        if st.phase in ("start_tiles", "preparation") or move == "pass" or move.startswith("d:"):
            assert p.find(move) is not None, move
        TITLE.apply(st, p.seat, move)
        checked += 1


def test_bot_is_deterministic():
    _, samples = _bot_game(11, 4, sample_every=7)
    assert samples
    for st, seat in samples:
        a = TITLE.bot_choice(TITLE.copy(st), seat, Rng.from_seed(5))
        b = TITLE.bot_choice(TITLE.copy(st), seat, Rng.from_seed(5))
        assert a == b


def test_bot_does_not_change_the_state():
    _, samples = _bot_game(12, 3, sample_every=11)
    for st, seat in samples:
        before = TITLE.encode(st)
        TITLE.bot_choice(st, seat, Rng.from_seed(1))
        assert TITLE.encode(st) == before


@pytest.mark.parametrize(("seed", "seats"), [(21, 2), (22, 3), (23, 4)])
def test_R194_choice_ignores_what_the_seat_cannot_see(seed, seats):
    """Redrawing everything the deciding seat cannot see (other hands, deck order, book supplies,
    others' unrevealed plans and starting tiles) never changes the bot's move."""
    _, samples = _bot_game(seed, seats, sample_every=3)
    assert len(samples) > 30
    redraw = Rng.from_seed(seed * 7919)
    for st, seat in samples:
        mine = TITLE.bot_choice(st, seat, Rng.from_seed(3))
        for _ in range(2):
            other = TITLE.redeal(st, seat, redraw)
            assert TITLE.bot_choice(other, seat, Rng.from_seed(3)) == mine, (
                st.phase,
                st.round,
                seat,
            )


def test_R194_planning_with_others_plans_confirmed():
    """During planning, the others' confirmed (hidden) plans do not matter to the bot."""
    st = TITLE.setup(31, 4, {})
    rng = Rng.from_seed(2)
    while st.phase != "planning" or st.round < 2:
        p = TITLE.prompts(st)[0]
        TITLE.apply(st, p.seat, TITLE.bot_choice(st, p.seat, rng))
    for s in range(3):
        TITLE.apply(st, s, TITLE.bot_choice(st, s, rng))
    mine = TITLE.bot_choice(st, 3, Rng.from_seed(0))
    redraw = Rng.from_seed(99)
    for _ in range(5):
        assert TITLE.bot_choice(TITLE.redeal(st, 3, redraw), 3, Rng.from_seed(0)) == mine


def test_bot_plans_cards_and_acts():
    """The bot fills its slots and takes actions rather than passing at once."""
    st = TITLE.setup(41, 2, {})
    rng = Rng.from_seed(1)
    acted = 0
    while st.round == 1 and TITLE.result(st) is None:
        p = TITLE.prompts(st)[0]
        move = TITLE.bot_choice(st, p.seat, rng)
        if st.phase == "planning":
            assert move.count("=") >= 2, move  # at least two cards planned
        if st.phase == "action" and move != "pass":
            acted += 1
        TITLE.apply(st, p.seat, move)
    assert acted >= 4


def test_bot_beats_random_most_two_seat_games():
    wins = 0
    for seed in range(1, 11):
        bot_seat = seed % 2
        st = TITLE.setup(seed, 2, {})
        brng, rrng = Rng.from_seed(seed), Rng.from_seed(seed + 1000)
        while TITLE.result(st) is None:
            seat = TITLE.prompts(st)[0].seat
            if seat == bot_seat:
                move = TITLE.bot_choice(st, seat, brng)
            else:
                move = random_move(TITLE, st, seat, rrng)
            TITLE.apply(st, seat, move)
        res = TITLE.result(st)
        wins += res.places[bot_seat] < res.places[1 - bot_seat]
    assert wins >= 8
