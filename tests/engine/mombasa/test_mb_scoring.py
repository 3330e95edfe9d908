"""Final scoring (R165-R172)."""

from __future__ import annotations

from engine.mombasa import TITLE, bases, scoring
from engine.mombasa.data import data
from tests.engine.mombasa.mb_flow_helpers import planning_state


def _state():
    st = planning_state(3)
    st.phase = "over"
    return st


def test_R170_cash_counts_pound_for_pound():
    st = _state()
    st.players[0].cash = 17
    assert scoring.breakdown(st, 0)["cash"] == 17 and scoring.score(st, 0) == 17


def test_R166_R167_shares_times_share_value_with_share_cards_anywhere():
    st = _state()
    st.bases["cairo"].posts[0] = 0  # uncover a 2-coin column: value 2
    value = bases.share_value(st, "cairo")
    assert value > 0
    st.players[0].track["cairo"] = 4  # 2 track shares (share icon on 4)
    st.players[0].hand.append("E04")  # Cairo share card in hand
    st.players[1].piles[2].append("E04")  # in a discard pile
    b0 = scoring.breakdown(st, 0)
    assert scoring.shares(st, 0)["cairo"] == 3
    assert b0["cairo"] == 3 * value
    assert scoring.shares(st, 1)["cairo"] == 1


def test_R168_R169_diamond_and_ink_jar_values():
    st = _state()
    d = data()
    st.players[2].diamond, st.players[2].ink = 7, 6
    b = scoring.breakdown(st, 2)
    assert (
        b["diamonds"] == d.diamond.end_value[7] and b["bookkeeping"] == d.bookkeeping.end_value[6]
    )
    assert b["total"] == b["cash"] + b["diamonds"] + b["bookkeeping"]


def test_R171_R172_highest_wins_ties_share_listed_in_seat_order():
    st = _state()
    st.players[0].cash, st.players[1].cash, st.players[2].cash = 10, 30, 30
    res = TITLE.result(st)
    assert res.ranking == [1, 2, 0]
    assert res.places == {1: 1, 2: 1, 0: 3}
    assert res.scores == {0: 10, 1: 30, 2: 30}
    assert res.details.splitlines()[0].startswith("1. Green £30")
    assert "share the victory" in TITLE.status_line(st)


def test_R165_no_result_before_the_end():
    st = planning_state(2)
    assert TITLE.result(st) is None
