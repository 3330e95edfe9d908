"""Treasury, market pawns, Financial Advisor and Goods markers
(R29-R32, R36-R47, R79-R86, R92, R105-R107)."""

from __future__ import annotations

import pytest

from engine.benares.actions import crate_price
from engine.benares.market import adjust_markets
from engine.benares.state import Task
from engine.benares.treasury import gain, pay
from tests.engine.benares.bc_helpers import act, give, ids, new, run_task, texts, top


@pytest.mark.parametrize(
    ("start", "income", "treasury", "discs"),
    [(9, 1, 0, 1), (8, 15, 3, 2), (8, 23, 1, 3), (9, 3, 2, 1), (3, 4, 7, 0)],
)
def test_r29_r30_r31_r105_income_overflow(
    start: int, income: int, treasury: int, discs: int
) -> None:
    st = new()
    st.companies[0].treasury = start
    gain(st, [], 0, income)
    assert (st.companies[0].treasury, st.companies[0].discs) == (treasury, discs)
    assert 0 <= st.companies[0].treasury <= 9


def test_r32_r106_payment_moves_back_and_needs_enough() -> None:
    st = new()
    c = st.companies[0]
    c.treasury, c.discs = 3, 5
    pay(st, 0, 2)
    assert (c.treasury, c.discs) == (1, 5)
    with pytest.raises(ValueError):
        pay(st, 0, 2)  # discs never pay rupee costs
    assert (c.treasury, c.discs) == (1, 5)


def test_r92_income_action() -> None:
    st = new()
    give(st, 0, "C48")  # Income 2 / Move 3 on space 4: ₹2 twice
    act(st, "play:C48:dev:4", "first:card", "do:income", "do:income", "decline")
    assert st.companies[0].treasury == 4 + 4


def test_r36_r83_city_pawn_raises_crate_value() -> None:
    st = new()
    c = st.companies[0]
    values = []
    for row in range(11):
        c.rows["calcutta"] = row
        values.append(crate_price(st, 0, "CAL", "silk"))
    assert values == list(range(1, 12))


def test_r41_market_action_moves_named_pawn_by_steps() -> None:
    st = new()
    give(st, 0, "C06")  # Calcutta +1 on space 3 (x2)
    act(st, "play:C06:dev:3", "first:card", "do:calcutta", "do:calcutta")
    assert st.companies[0].rows["calcutta"] == 4 and st.companies[0].rows["benares"] == 2


def test_r42_r80_wild_market_choose_pawn_each_repetition() -> None:
    st = new()
    give(st, 0, "C15")  # Any pawn +1 on space 5 (x3)
    act(st, "play:C15:dev:5", "first:card")
    assert {"do:benares", "do:calcutta", "do:advisor", "decline"} == set(ids(st))
    act(st, "do:benares", "do:calcutta", "do:advisor")
    assert st.companies[0].rows == {"benares": 3, "calcutta": 3, "advisor": 1}


def test_r43_r79_steps_beyond_row_10_are_lost() -> None:
    st = new()
    c = st.companies[0]
    c.rows["benares"] = 9
    run_task(st, Task("pawn", 0, a="benares", n=3))
    assert c.rows["benares"] == 10
    c.rows["advisor"] = 10
    vp = c.vp
    run_task(st, Task("pawn", 0, a="advisor", n=2))
    assert c.rows["advisor"] == 10 and c.vp == vp  # no second row-10 reward


def test_r37_r81_r82_advisor_rewards_on_even_rows_entered() -> None:
    st = new()
    c = st.companies[0]
    c.treasury = 0
    run_task(st, Task("pawn", 0, a="advisor", n=2))  # row 2: ₹2
    assert c.rows["advisor"] == 2 and c.treasury == 2
    run_task(st, Task("pawn", 0, a="advisor", n=2))  # row 4: a goods step of choice
    assert top(st).kind == "pick_good" and c.rows["advisor"] == 4
    act(st, "good:cotton")
    assert c.goods["cotton"] == 1
    run_task(st, Task("pawn", 0, a="advisor", n=2))  # row 6: Benares or Calcutta +1
    assert set(ids(st)) == {"pawn:benares", "pawn:calcutta"}
    act(st, "pawn:calcutta")
    assert c.rows["calcutta"] == 3
    run_task(st, Task("pawn", 0, a="advisor", n=2))  # row 8: +1 disc (R107: not via Treasury)
    assert (c.discs, c.treasury) == (1, 2)
    run_task(st, Task("pawn", 0, a="advisor", n=2))  # row 10: +3 VP
    assert c.vp == 3


def test_r81_reward_resolves_before_next_row_step() -> None:
    st = new()
    c = st.companies[0]
    c.rows["advisor"] = 3
    run_task(st, Task("pawn", 0, a="advisor", n=3))
    # Row 4 entered: the goods choice is asked while the Advisor stands on row 4.
    assert top(st).kind == "pick_good" and c.rows["advisor"] == 4
    act(st, "good:silk")
    assert c.rows["advisor"] == 6 and top(st).kind == "pick_pawn"


def test_r38_r39_r40_pushed_down_no_reward_then_earned_again() -> None:
    st = new()
    a, b = st.companies
    a.rows["advisor"], b.rows["advisor"] = 10, 4
    vp, cash = a.vp, a.treasury
    adjust_markets(st, [])
    assert (a.rows["advisor"], b.rows["advisor"]) == (8, 3)
    assert (a.vp, a.treasury, a.discs) == (vp, cash, 0)
    run_task(st, Task("pawn", 0, a="advisor", n=2))  # back to 10: row 10 again, row 9 nothing
    assert a.vp == vp + 3 and a.discs == 0


def test_r44_r84_goods_steps_and_end_of_lane() -> None:
    st = new()
    c = st.companies[0]
    run_task(st, Task("goods", 0, a="indigo", n=3))
    assert c.goods["indigo"] == 3
    c.goods["silk"] = 7
    c.concessions_used = list(c.goods)  # keep Concessions out of this test
    run_task(st, Task("goods", 0, a="silk", n=4))
    assert c.goods["silk"] == 8


def test_r45_r46_r86_wild_goods_split_or_same() -> None:
    st = new()
    give(st, 0, "C31", "C33")  # Any good +1 (x3 on space 5)
    act(st, "play:C31:dev:5", "first:card", "do:indigo", "do:silk", "do:silk")
    assert st.companies[0].goods == {"indigo": 1, "silk": 2, "cotton": 0, "saltpetre": 0}


def test_r47_r85_goods_pair_player_assigns_one_and_two() -> None:
    st = new()
    give(st, 0, "C01")
    act(st, "play:C01:dev:2", "first:company")
    assert set(ids(st)) == {"pair:indigo", "pair:silk", "decline"}
    ev = act(st, "pair:silk")  # Indigo +2, Silk +1
    c = st.companies[0]
    assert (c.goods["indigo"], c.goods["silk"]) == (2, 1)
    line = next(e.text for e in ev if "advances Indigo" in e.text)
    assert line.endswith("advances Indigo +2 (0 → 2) and Silk +1 (0 → 1).")


def test_r85_goods_pair_resolves_in_listed_order() -> None:
    """Indigo's steps (and its Concession) resolve before Silk's, as listed on the space."""
    st = new()
    give(st, 0, "C01")
    st.companies[0].posts = ["regional"] * 7  # Agency column 1: the first step of each triggers
    act(st, "play:C01:dev:2", "first:company")
    ev = texts(act(st, "pair:silk"))
    assert ev.index("the Indigo Concession triggers") < ev.index("the Silk Concession triggers")


def test_r107_discs_given_directly_do_not_pass_the_treasury() -> None:
    st = new()
    c = st.companies[0]
    c.treasury = 9
    c.rows["advisor"] = 7
    run_task(st, Task("pawn", 0, a="advisor", n=1))  # row 8: +1 disc
    assert (c.discs, c.treasury) == (1, 9)
    c.posts = ["north"] * 7
    c.goods["indigo"] = 0
    run_task(st, Task("goods", 0, a="indigo", n=1))  # Indigo Concession: +1 disc, +1 VP
    assert (c.discs, c.treasury, c.vp) == (2, 9, 1)
