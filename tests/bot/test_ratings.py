"""The Elo arithmetic (bot.ratings) on small cases checked by hand."""

from __future__ import annotations

import pytest

from bot.ratings import Standing, after, changes, expected, k_for, round_half_away

A, B, C, D = 1, 2, 3, 4


def test_two_newcomers_winner_takes_thirty():
    # K 60, expected 0.5: 60 * (1 - 0.5) = +30, 60 * (0 - 0.5) = -30
    assert changes({}, {A: 1, B: 2}) == {A: 30, B: -30}


def test_three_newcomers_sum_their_pairs():
    # A beats B and C (+30 +30); B loses to A, beats C (-30 +30); C loses twice
    assert changes({}, {A: 1, B: 2, C: 3}) == {A: 60, B: 0, C: -60}


def test_a_shared_place_is_a_draw():
    assert changes({}, {A: 1, B: 1}) == {A: 0, B: 0}
    # A and B share first: a draw between them, each beats C
    assert changes({}, {A: 1, B: 1, C: 3}) == {A: 30, B: 30, C: -60}


def test_unequal_ratings_hand_checked():
    # expected(1400 vs 1200) = 1 / (1 + 10 ** (-0.5)) = 0.7597469...
    assert expected(1400, 1200) == pytest.approx(0.7597469, abs=1e-6)
    before = {A: Standing(1400, 5), B: Standing(1200, 5)}
    # A wins: 60 * 0.2402531 = 14.415 -> 14; B: 60 * -0.2402531 -> -14
    assert changes(before, {A: 1, B: 2}) == {A: 14, B: -14}
    # the upset: A 60 * -0.7597469 = -45.58 -> -46; B +46
    assert changes(before, {A: 2, B: 1}) == {A: -46, B: 46}


def test_k_switches_after_thirty_rated_games():
    assert k_for(0) == 60 and k_for(29) == 60
    assert k_for(30) == 40 and k_for(500) == 40
    before = {A: Standing(1200, 30), B: Standing(1200, 29)}
    # A plays its 31st game (K 40): +20; B its 30th (K 60): -30 — not zero-sum
    assert changes(before, {A: 1, B: 2}) == {A: 20, B: -30}


def test_each_pair_is_rounded_half_away_from_zero():
    assert [round_half_away(x) for x in (0.5, 1.5, 2.5, -0.5, -2.5, 2.49)] == [1, 2, 3, -1, -3, 2]


def test_after_counts_one_more_game_each():
    new = after({A: Standing(1250, 3)}, {A: 2, B: 1, C: 3})
    assert {p: s.games for p, s in new.items()} == {A: 4, B: 1, C: 1}
    assert new[A].rating == 1250 + sum(
        round_half_away(60 * (s - expected(1250, 1200))) for s in (0.0, 1.0)
    )
