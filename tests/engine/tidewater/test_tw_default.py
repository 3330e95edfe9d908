"""The title's default decision (`Title.default_move`, host timeout policy "default"): R122,
section 18."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from tests.engine.tidewater.tw_helpers import PAYOUT, START, T, act, arrange, give, new


def test_R122_active_player_who_may_not_stop_takes_funding() -> None:
    s = new(3)
    arrange(s, {0: [2, 1], 5: [0]})  # seat 1 is active and has taken no action yet
    assert s.active == 1 and s.actions_this_turn == 0
    assert T.default_move(s, 1) == "fund"
    credits = s.players[1].credits
    T.apply(s, 1, T.default_move(s, 1))
    assert s.players[1].credits == credits + s.rules.funding_credits


def test_R122_active_player_who_may_stop_stops() -> None:
    s = new(3)
    arrange(s, {0: [2, 1], 5: [0]})
    act(s, "fund")
    assert s.active == 1 and T.default_move(s, 1) == "stop"
    T.apply(s, 1, "stop")


def test_R122_idle_player_in_a_start_window_ends_it() -> None:
    s = new(3)
    arrange(s, {15: [0], 16: [1, 2]})
    s.first_finisher = 1
    act(s, "fund")
    assert s.phase == START and T.default_move(s, 0) == "done"
    T.apply(s, 0, "done")


def test_R122_ceo_gets_the_highest_affordable_dividend() -> None:
    s = new(3)
    arrange(s, {15: [0, 1, 2]})
    give(s, 0, "RED", 1)
    s.company("RED").treasury = 4  # affords 2 per share, not more
    act(s, "fund", "done")
    assert s.phase == PAYOUT
    assert T.default_move(s, 0) == f"div:{max(s.payout.options)}" == "div:2"
    T.apply(s, 0, T.default_move(s, 0))


def test_R122_no_default_for_a_seat_with_nothing_to_decide() -> None:
    s = new(3)
    arrange(s, {0: [2, 1], 5: [0]})
    with pytest.raises(IllegalAction):
        T.default_move(s, 0)  # seat 1's turn
    s2 = new(3)
    arrange(s2, {15: [0, 1, 2]})
    give(s2, 0, "RED", 1)
    s2.company("RED").treasury = 4
    act(s2, "fund", "done")
    assert s2.phase == PAYOUT
    with pytest.raises(IllegalAction):
        T.default_move(s2, 1)  # not RED's CEO
