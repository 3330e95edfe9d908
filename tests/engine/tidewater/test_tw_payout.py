"""Payout, shares, CEO and the stock market: R49-R61, R105-R108, R112-R116 and §15 examples."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.tidewater.market import change_stock, do_sell, stock_order
from tests.engine.tidewater.tw_helpers import (
    PAYOUT,
    T,
    act,
    arrange,
    choice_ids,
    give,
    new,
)


def at_start(seats: int = 3, seed: int = 1):
    """Seat `seats-1` stands in its Start window as the first finisher-to-be."""
    s = new(seats, seed)
    last = seats - 1
    arrange(s, {15: list(range(seats))})
    assert s.active == last
    act(s, "fund")
    assert s.players[last].pos == 16 and s.phase == "start_window"
    return s


def worked_example():
    """§15: P1 = seat 0, P2 = seat 1; seat 2 finishes first."""
    s = at_start(3)
    red, blue, green, yellow = (s.company(c) for c in ("RED", "BLUE", "GREEN", "YELLOW"))
    red.stock, red.treasury = 6, 9
    give(s, 0, "RED", 2)
    give(s, 1, "RED", 1)
    blue.stock, blue.treasury = 9, 5
    give(s, 1, "BLUE", 1)
    yellow.stock, yellow.treasury = 3, 2
    give(s, 2, "YELLOW", 1)
    green.stock = 5
    return s


def test_r49_payout_after_the_start_window() -> None:
    """R49 (§21.11): a delivery in the Start window fills the treasury before the wage."""
    s = at_start(3)
    give(s, 2, "RED", 1)
    s.company("RED").treasury = 0
    s.company("RED").nav = ["a1", "n1"]
    s.company("RED").nav_supply = 4
    s.ship("RED").slots[0].container = "RED"
    s.company("RED").hex_containers -= 1
    credits = s.players[2].credits
    act(s, "sail:RED:M_NORTH", "deliver:RED:S1")
    assert s.players[2].credits == credits  # nothing paid yet
    act(s, "done")
    assert s.players[2].credits > credits  # the wage was affordable thanks to the delivery


def test_r50_production_then_payout() -> None:
    s = at_start(3)
    texts = [e.text for e in act(s, "done")]
    i_prod = next(i for i, t in enumerate(texts) if t.startswith("Production (Start)"))
    i_pay = next(i for i, t in enumerate(texts) if t.startswith("Payout"))
    assert i_prod < i_pay


def test_r51_companies_paid_in_stock_market_order() -> None:
    s = worked_example()
    texts = [e.text for e in act(s, "done")]
    assert texts[next(i for i, t in enumerate(texts) if t.startswith("Payout"))].endswith(
        "Boreal Line, Atlas Line, Coral Line, Dune Line."
    )
    assert s.phase == PAYOUT and s.payout.order[s.payout.index] == "RED"


def test_r52_no_ceo_no_wage_no_dividend() -> None:
    s = at_start(3)
    t = s.company("GREEN").treasury
    act(s, "done")
    assert s.company("GREEN").treasury == t
    assert all(p.credits == 16 + (1 if i == 2 else 0) for i, p in enumerate(s.players))


def test_r53_no_ceo_stock_falls_by_one() -> None:
    s = at_start(3)
    act(s, "done")
    assert [c.stock for c in s.companies] == [4, 4, 4, 4]


def test_r54_wage_paid_to_the_ceo() -> None:
    s = worked_example()
    c0 = s.players[0].credits
    act(s, "done")
    assert s.players[0].credits == c0 + 4
    assert s.company("RED").treasury == 5


@pytest.mark.parametrize(
    ("stock", "wage"),
    [(1, 0), (2, 0), (3, 2), (4, 2), (5, 2), (6, 4), (7, 4), (8, 4), (9, 6), (10, 6)]
    + [(11, 8), (12, 8)],
)
def test_r55_wage_table(stock: int, wage: int) -> None:
    """R55 (SEED bands) and R113 (0 at stock 1-2)."""
    assert new(2).rules.wage(stock) == wage


def test_r56_unaffordable_wage_skips_both() -> None:
    s = worked_example()
    c1 = s.players[1].credits
    act(s, "done")
    assert s.company("BLUE").treasury == 5 and s.company("BLUE").stock == 8
    # P2 gets nothing from BLUE (only RED's dividend later).
    assert s.players[1].credits == c1


def test_r57_ceo_chooses_the_dividend() -> None:
    """R57 (and R116): the prompt goes to the CEO, who need not be the active player."""
    s = worked_example()
    act(s, "done")
    prompts = T.prompts(s)
    assert [p.seat for p in prompts] == [0] and s.active == 2
    assert [c.id for c in prompts[0].choices] == ["div:0", "div:1"]
    with pytest.raises(IllegalAction, match="Only the CEO"):
        T.apply(s, 2, "div:1")
    with pytest.raises(IllegalAction, match="cannot pay"):
        T.apply(s, 0, "div:2")


def test_r58_dividend_paid_per_share() -> None:
    s = worked_example()
    act(s, "done")
    c0, c1 = s.players[0].credits, s.players[1].credits
    T.apply(s, 0, "div:1")
    assert s.players[0].credits == c0 + 2 and s.players[1].credits == c1 + 1
    assert s.company("RED").treasury == 2 and s.company("RED").stock == 6


def test_r59_dividend_only_if_affordable_for_all_shares() -> None:
    s = at_start(3)
    give(s, 0, "RED", 4)
    s.company("RED").treasury = 2 + 8  # wage 2 leaves 8: d=2 needs 8, d=3 needs 12
    act(s, "done")
    assert [c.id for c in T.prompts(s)[0].choices] == ["div:0", "div:1", "div:2"]


def test_r60_no_dividend_drops_the_stock() -> None:
    s = worked_example()
    act(s, "done")
    T.apply(s, 0, "div:0")  # CEO picks 0 although 1 is affordable (§21.3)
    assert s.company("RED").stock == 5 and s.company("RED").treasury == 5


def test_r61_forced_zero_when_one_per_share_is_unaffordable() -> None:
    s = worked_example()
    act(s, "done")
    T.apply(s, 0, "div:1")
    # YELLOW: wage 2 empties the treasury -> only 0 -> applied without a prompt, stock 2.
    assert s.company("YELLOW").stock == 2 and s.company("YELLOW").treasury == 0
    assert s.phase != PAYOUT
    assert s.company("GREEN").stock == 4


def test_r105_only_player_held_shares_are_outstanding() -> None:
    s = at_start(3)
    give(s, 0, "RED", 1)
    s.company("RED").pool = 3
    s.company("RED").unissued -= 3
    s.company("RED").treasury = 2 + 3  # after wage 3: d=3 affordable for 1 outstanding share
    act(s, "done")
    assert [c.id for c in T.prompts(s)[0].choices] == ["div:0", "div:1", "div:2", "div:3"]
    c0 = s.players[0].credits
    T.apply(s, 0, "div:3")
    assert s.players[0].credits == c0 + 3 and s.company("RED").treasury == 0


def test_r106_ceo_rules() -> None:
    s = new(3)
    arrange(s, {0: [0], 15: [1, 2]})
    red = s.company("RED")
    assert red.ceo is None
    give(s, 1, "RED", 1)
    give(s, 2, "RED", 1)
    assert red.ceo == 1  # first to reach the count
    give(s, 2, "RED", 1)
    assert red.ceo == 2
    give(s, 1, "RED", 1)
    assert red.ceo == 2  # tie: the incumbent keeps the post
    s.players[0].credits = 100
    act(s, "trade:buy:RED:u")
    act(s, "trade:buy:RED:u")
    assert red.ceo == 2  # three-way tie at 2: the incumbent keeps it
    do_sell(s, 2, "RED")  # seat 2 drops to 1 (re-checked after this single transaction)
    # Seats 0 and 1 tie at 2; seat 1 reached 2 earlier than seat 0.
    assert red.ceo == 1
    do_sell(s, 1, "RED")
    assert red.ceo == 0
    s2 = new(2)
    arrange(s2, {0: [0], 15: [1]})
    give(s2, 0, "BLUE", 1)
    act(s2, "trade:sell:BLUE")
    assert s2.company("BLUE").ceo is None  # no player-held shares


def test_r107_stock_clamped_and_sequenced() -> None:
    s = new(2)
    co = s.company("RED")
    co.stock = 1
    seq = co.stock_seq
    assert change_stock(s, co, -1) == 0 and co.stock_seq == seq
    co.stock = 12
    assert change_stock(s, co, 2) == 0 and co.stock_seq == seq
    co.stock = 11
    assert change_stock(s, co, 2) == 1 and co.stock == 12 and co.stock_seq > seq


def test_r108_stock_market_order() -> None:
    s = new(2)
    assert stock_order(s) == ["RED", "BLUE", "GREEN", "YELLOW"]
    change_stock(s, s.company("RED"), -1)
    change_stock(s, s.company("GREEN"), -1)
    assert stock_order(s) == ["BLUE", "YELLOW", "RED", "GREEN"]
    change_stock(s, s.company("BLUE"), -1)
    assert stock_order(s) == ["YELLOW", "RED", "GREEN", "BLUE"]  # earlier arrival first


def test_r112_order_fixed_at_payout_start() -> None:
    """BLUE (5) then RED (5): RED's earlier drop does not reorder after BLUE pays 3 (+2)."""
    s = at_start(3)
    give(s, 0, "RED", 1)
    give(s, 0, "BLUE", 1)
    s.company("BLUE").treasury = 20
    s.company("RED").treasury = 20
    act(s, "done")
    assert s.payout.order == ["RED", "BLUE", "GREEN", "YELLOW"]
    T.apply(s, 0, "div:0")  # RED drops to 4
    assert s.payout.order[s.payout.index] == "BLUE"
    T.apply(s, 0, "div:3")
    assert s.company("BLUE").stock == 7


def test_r113_no_wage_at_stock_one_or_two() -> None:
    s = at_start(3)
    give(s, 0, "RED", 1)
    s.company("RED").stock = 2
    s.company("RED").treasury = 0
    c0 = s.players[0].credits
    act(s, "done")
    assert s.players[0].credits == c0  # wage 0 paid (affordable), then forced d = 0
    assert s.company("RED").stock == 1


def test_r114_dividend_options_and_auto_apply() -> None:
    s = at_start(3)
    give(s, 0, "RED", 2)
    s.company("RED").treasury = 2 + 3  # after the wage 3: d*2 <= 3 -> {0, 1}
    act(s, "done")
    assert [c.id for c in T.prompts(s)[0].choices] == ["div:0", "div:1"]
    # Only 0 possible (the wage empties the treasury): applied without asking (R114, R61).
    s2 = at_start(3)
    give(s2, 0, "BLUE", 1)
    s2.company("BLUE").treasury = 2
    act(s2, "done")
    assert s2.phase != PAYOUT and s2.company("BLUE").stock == 4
    assert s2.company("BLUE").treasury == 0


@pytest.mark.parametrize(("d", "change"), [(0, -1), (1, 0), (2, 1), (3, 2)])
def test_r115_dividend_stock_effect(d: int, change: int) -> None:
    s = at_start(3)
    give(s, 0, "RED", 1)
    s.company("RED").treasury = 20
    act(s, "done")
    T.apply(s, 0, f"div:{d}")
    assert s.company("RED").stock == 5 + change


def test_r115_at_most_one_drop_per_payout() -> None:
    s = worked_example()
    act(s, "done")
    assert s.company("BLUE").stock == 8  # wage unpaid: -1 only, no extra dividend drop
    T.apply(s, 0, "div:0")  # RED: 0 chosen -> -1 only
    assert s.company("RED").stock == 5
    assert s.company("YELLOW").stock == 2  # forced 0 after the wage: -1 only
    assert s.company("GREEN").stock == 4  # no CEO: -1 only


def test_r116_one_prompt_at_a_time_in_order() -> None:
    s = at_start(3)
    give(s, 1, "GREEN", 1)
    give(s, 1, "YELLOW", 1)
    give(s, 0, "RED", 1)
    for c in s.companies:
        c.treasury = 20
    change_stock(s, s.company("YELLOW"), +1)
    act(s, "done")
    seen = []
    while s.phase == PAYOUT:
        p = T.prompts(s)
        assert len(p) == 1
        seen.append((p[0].seat, s.payout.order[s.payout.index]))
        T.apply(s, p[0].seat, "div:1")
    assert seen == [(1, "YELLOW"), (0, "RED"), (1, "GREEN")]


def test_worked_example_section_15() -> None:
    """All four companies of §15's example in one payout."""
    s = worked_example()
    c = [p.credits for p in s.players]
    act(s, "done")
    T.apply(s, 0, "div:1")
    assert [co.stock for co in s.companies] == [6, 8, 4, 2]
    assert [co.treasury for co in s.companies] == [2, 5, 8, 0]
    assert s.players[0].credits == c[0] + 4 + 2
    assert s.players[1].credits == c[1] + 1
    assert s.players[2].credits == c[2] + 2
    assert "div:0" not in choice_ids(s)
