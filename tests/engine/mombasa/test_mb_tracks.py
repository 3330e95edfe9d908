"""Company-track movement (section 11.2, R1-R18, R142-R148, R177) and bases (section 13)."""

from __future__ import annotations

from engine.mombasa.bases import (
    default_return_column,
    return_columns,
    return_post,
    share_value,
    take_post,
)
from engine.mombasa.setup import new_game
from engine.mombasa.tracks import activate_pending, active_bonus_level, advance, describe, shares

BLUE, GREEN, YELLOW = 0, 1, 2
NAMES = ["Blue", "Green", "Yellow"]


def game():
    # A1 at Mombasa (first special space 5 £1, second 12 £2; calls £2 before 8, £3 before 14)
    return new_game(11, 3, {"tracks": "A1,B1,C1,D2"})


def test_R16_blue_passes_first_special_space() -> None:
    st = game()
    # Green reached space 5 first, then Yellow; Green stands on 7, Yellow on 5 (R205).
    advance(st, GREEN, "mombasa", 7)
    advance(st, YELLOW, "mombasa", 5)
    assert st.arrivals["mombasa"][0] == [GREEN, YELLOW]
    advance(st, BLUE, "mombasa", 4)
    cash = [p.cash for p in st.players]
    r = advance(st, BLUE, "mombasa", 2)
    assert [p.cash - c for p, c in zip(st.players, cash, strict=True)] == [1, 1, 1]
    assert r.specials[0].total == 3 and r.end == 6 and r.moved == 2 and not r.calls_paid
    assert st.arrivals["mombasa"][0] == [GREEN, YELLOW, BLUE]
    assert "Green £1" in describe(r, NAMES)


def test_R15_kth_arrival_bank_pays_k_times() -> None:
    st = game()
    totals = [advance(st, s, "mombasa", 5).specials[0].total for s in (0, 1, 2)]
    assert totals == [1, 2, 3]


def test_R3_R143_capital_call_paid_automatically() -> None:
    st = game()
    st.players[BLUE].cash = 2
    r = advance(st, BLUE, "mombasa", 8)
    # +1 at space 5, then £2 before 8
    assert r.end == 8 and [c.pounds for c in r.calls_paid] == [2] and st.players[BLUE].cash == 1


def test_R4_R6_unpaid_call_stops_before_it() -> None:
    st = game()
    st.players[BLUE].cash = 0
    r = advance(st, BLUE, "mombasa", 10)
    # reaches 5 (+£1), still cannot pay £2: stops on 7
    assert r.end == 7 and r.lost == 3 and r.stopped == "call" and st.players[BLUE].cash == 1


def test_R8_cannot_move_at_all() -> None:
    st = game()
    st.players[BLUE].track["mombasa"] = 7
    st.players[BLUE].cash = 1
    r = advance(st, BLUE, "mombasa", 3)
    assert r.moved == 0 and r.end == 7 and st.players[BLUE].cash == 1


def test_R5_R7_R147_end_of_track() -> None:
    st = game()
    st.players[BLUE].cash = 50
    r = advance(st, BLUE, "mombasa", 25)
    assert r.end == 18 and r.stopped == "end" and r.lost == 7
    cash = st.players[BLUE].cash
    r = advance(st, BLUE, "mombasa", 2)
    assert r.moved == 0 and st.players[BLUE].cash == cash


def test_R145_payout_pays_later_call() -> None:
    st = game()
    st.players[BLUE].cash = 1
    st.players[BLUE].track["mombasa"] = 11
    # call £3 before 14: reaching 12 gives £2 -> cash 3, pays it
    r = advance(st, BLUE, "mombasa", 3)
    assert r.end == 14 and st.players[BLUE].cash == 0


def test_R17_R18_unlock_pending_until_next_turn() -> None:
    st = game()
    advance(st, BLUE, "mombasa", 5)
    assert active_bonus_level(st, BLUE, "mombasa") == 0
    activate_pending(st, BLUE)
    assert active_bonus_level(st, BLUE, "mombasa") == 1


def test_R177_two_special_spaces_in_order() -> None:
    st = game()
    st.players[BLUE].cash = 10
    r = advance(st, BLUE, "mombasa", 12)
    assert [s.space for s in r.specials] == [5, 12] and r.unlocked == [0, 1]
    activate_pending(st, BLUE)
    assert active_bonus_level(st, BLUE, "mombasa") == 2  # never 1 + 2 (R25)


def test_R142_shares_highest_icon_reached() -> None:
    st = game()
    assert shares(st, BLUE, "mombasa") == 0
    advance(st, BLUE, "mombasa", 5)
    assert shares(st, BLUE, "mombasa") == 2


def test_R152_R153_R154_R155_bases() -> None:
    st = game()
    c = "cairo"
    assert take_post(st, c, 0) == 0 and take_post(st, c, 0) == 2
    assert share_value(st, c) == 2
    assert 0 not in return_columns(st, c)  # a cleared column stays clear (R153)
    take_post(st, c, 1)
    assert share_value(st, c) == 2 and take_post(st, c, 1) == 1 and share_value(st, c) == 3
    assert (
        return_columns(st, c) == [1] and default_return_column(st, c) == 1
    )  # full columns excluded
    assert return_post(st, c, 1) == 1 and share_value(st, c) == 2
    st.bases[c].posts = [0, 0, 0, 0, 4]
    assert return_post(st, c, None) == 0 and st.bases[c].reserve == 1  # R155
    assert take_post(st, c, 4) == 0 and st.bases[c].reserve == 0  # reserve first (R107)
