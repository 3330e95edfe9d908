"""The title's default decision (`Title.default_move`, host timeout policy "default"): section
17.10 `default_decisions` (not a game rule; every default is a legal move)."""

from __future__ import annotations

import pytest

from engine.benares.state import Slot, Task
from engine.core import IllegalAction
from tests.engine.benares.bc_helpers import D, T, act, give, ids, new, run_task, top

POLICY = D.raw["default_decisions"]


def test_17_10_boat_start_is_the_data_default() -> None:
    st = T.setup(1, 3, {})
    assert top(st).kind == "boat"
    seat = top(st).seat
    assert T.default_move(st, seat) == f"boat:{POLICY['boat_start']}" == "boat:BEN"
    T.apply(st, seat, T.default_move(st, seat))
    assert st.companies[seat].boat == "BEN"


def test_17_10_a_turn_skips_with_the_first_card_on_the_lowest_open_space() -> None:
    st = new()
    c = st.companies[0]
    c.board[0] = Slot("C01", "skip")  # space 1 taken: space 2 is lowest open
    first = c.hand[0]
    assert T.default_move(st, 0) == f"play:{first}:skip:2"
    treasury = c.treasury
    T.apply(st, 0, T.default_move(st, 0))
    assert c.board[1].card == first and c.board[1].mode == "skip"
    assert c.treasury == treasury + D.game["skip_income_rupees"]


def test_17_10_a_single_card_hand_skips_too() -> None:
    st = new()
    c = st.companies[0]
    c.hand = c.hand[:1]
    assert T.default_move(st, 0) == f"play:{c.hand[0]}:skip:1"


def test_17_10_optional_actions_are_declined() -> None:
    st = new()
    give(st, 0, "C47")  # Income 2 x2 on space 4 with company Income 3
    act(st, "play:C47:dev:4")
    assert top(st).kind == "order" and T.default_move(st, 0) == "first:card"
    act(st, "first:card")
    assert top(st).kind == "card_dev" and T.default_move(st, 0) == "decline"
    act(st, T.default_move(st, 0))
    assert top(st).kind == "action" and T.default_move(st, 0) == "decline"


def test_17_10_a_sale_sells_nothing() -> None:
    st = new()
    c = st.companies[0]
    c.boat, c.treasury = "E6", 0
    c.hold = {"silk": 2, "cotton": 1}
    give(st, 0, "C26")  # Move 2: E6 -> Calcutta
    act(st, "play:C26:log:1", "first:card", "to:CAL")
    assert top(st).kind == "sell_mode" and T.default_move(st, 0) == "sell:none"
    act(st, "sell:none")
    assert c.hold == {"silk": 2, "cotton": 1}


def test_17_10_a_sale_of_one_good_sells_none_of_it() -> None:
    st = new()
    c = st.companies[0]
    c.boat, c.treasury = "E6", 0
    c.hold = {"silk": 2}
    give(st, 0, "C26")
    act(st, "play:C26:log:1", "first:card", "to:CAL")
    assert top(st).kind == "sell" and T.default_move(st, 0) == "n:0"
    act(st, "n:0")
    assert c.hold == {"silk": 2}


def test_17_10_mandatory_choice_takes_the_first_legal_option_in_data_order() -> None:
    st = new()
    c = st.companies[0]
    c.rows["advisor"] = 2
    run_task(st, Task("pawn", 0, a="advisor", n=2))  # row 4: a goods step of choice
    assert top(st).kind == "pick_good"
    assert T.default_move(st, 0) == f"good:{list(D.goods)[0]}" == ids(st)[0]
    c.goods[list(D.goods)[0]] = D.max_pos  # the first good is full: the next one
    assert T.default_move(st, 0) == f"good:{list(D.goods)[1]}"


def test_17_10_investment_passes() -> None:
    st = new()
    st.stack.append(Task("invest", 0))
    st.companies[0].discs = 3
    assert "pass" in ids(st) and any(x.startswith("buy:") for x in ids(st))
    assert T.default_move(st, 0) == "pass"


def test_17_10_pooling_is_declined_in_the_intertwined_variant() -> None:
    st = new(intertwined_blocks="on")
    c = st.companies[0]
    c.boat = "E2"
    give(st, 0, "C20")  # Move 3 + company Move 1: both Moves could be pooled
    act(st, "play:C20:log:3")
    assert ids(st)[0] == "pool" and T.default_move(st, 0) == "first:card"


def test_17_10_no_default_for_a_seat_with_nothing_to_decide() -> None:
    st = new()
    with pytest.raises(IllegalAction):
        T.default_move(st, 1)
