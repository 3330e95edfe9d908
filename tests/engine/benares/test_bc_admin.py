"""Administration phase, investment, refresh and scoring (R33, R34, R70, R115-R128), B.6, B.7."""

from __future__ import annotations

import pytest

from engine.benares.market import adjust_markets
from engine.benares.scoring import breakdown, final_score
from engine.benares.state import Company
from tests.engine.benares.bc_helpers import D, T, act, ids, new, texts, top


def skip_phase(st) -> list:
    """Finish the Action phase with plays that decline both actions (no income, no discs)."""
    ev = []
    rnd = st.round
    while st.phase == "action" and st.round == rnd:
        seat = top(st).seat
        c = st.companies[seat]
        space = next(i for i, s in enumerate(c.board) if not s.card) + 1
        ev += act(st, f"play:{c.hand[0]}:dev:{space}", "first:card")
        while st.stack and top(st).seat == seat and top(st).kind in ("card_dev", "action"):
            ev += act(st, "decline")
    return ev


def test_r33_r34_discs_spent_only_in_investment() -> None:
    st = new()
    st.companies[0].discs = 3
    assert not any(x.startswith("buy:") for x in ids(st))
    skip_phase(st)
    assert st.phase == "administration" and st.step == "investment"
    assert "buy:fleet:I" in ids(st)
    act(st, "buy:fleet:I")
    assert st.companies[0].discs == 2


def test_r115_r116_admin_runs_adjustment_then_investment() -> None:
    st = new()
    st.companies[0].rows["benares"] = 7
    st.companies[0].discs = 1
    ev = skip_phase(st)
    t = texts(ev)
    assert t.index("market adjustment") < t.index("Market adjustment on the Benares pawn track")
    assert st.companies[0].rows["benares"] == 5 and top(st).kind == "invest"


@pytest.mark.parametrize(
    ("rows", "after"),
    [
        ([7, 7, 4], [5, 5, 3]),
        ([3, 2, 2], [1, 2, 2]),
        ([10, 9, 0], [8, 8, 0]),
        ([2, 1, 0], [2, 1, 0]),
    ],
)
def test_r116_example_b6_market_adjustment(rows: list[int], after: list[int]) -> None:
    st = new(seats=3)
    for track in ("benares", "calcutta", "advisor"):
        for c, r in zip(st.companies, rows, strict=True):
            c.rows[track] = r
    adjust_markets(st, [])
    for track in ("benares", "calcutta", "advisor"):
        assert [c.rows[track] for c in st.companies] == after


def test_r117_investment_order_and_final_pass() -> None:
    st = new(seats=3)
    for c in st.companies:
        c.discs = 2
    skip_phase(st)
    order = []
    while st.step == "investment" and st.round == 1:
        seat = top(st).seat
        order.append(seat)
        act(st, "pass" if seat == 1 else ids(st)[0])
    # seat 1 (index 1) passes once and is skipped after; others buy until they cannot
    assert order[:3] == [0, 1, 2] and order.count(1) == 1


def test_r117_player_who_cannot_buy_passes_automatically() -> None:
    st = new()
    st.companies[1].discs = 1
    ev = skip_phase(st)
    assert "Seat 1 passes (nothing to buy)" in texts(ev)
    assert top(st).seat == 1 and top(st).kind == "invest"


def test_r118_r119_costs_order_once_and_first_buyer_bonus() -> None:
    st = new()
    st.companies[0].discs = 6
    st.companies[1].discs = 6
    skip_phase(st)
    assert "buy:fleet:II" not in ids(st)  # level I first
    act(st, "buy:estates:I")
    assert st.companies[0].vp == 2 and st.companies[0].discs == 5
    act(st, "buy:estates:I")
    act(st, "buy:estates:II")  # seat 0 is first buyer of Estates II: 5 + 1
    assert st.companies[0].vp == 2 + 6 and st.companies[0].discs == 3
    act(st, "buy:estates:II")  # seat 1: no first-buyer bonus
    assert st.companies[1].vp == 2 + 5
    assert "buy:estates:II" not in ids(st) and "buy:estates:III" in ids(st)
    act(st, "buy:estates:III")
    assert st.companies[0].vp == 8 + 9 + 2 and st.companies[0].discs == 0


def test_r120_cell_effects() -> None:
    st = new()
    c = st.companies[0]
    c.discs, c.treasury = 12, 7
    skip_phase(st)
    for cell in ("fleet:I", "fleet:II", "warehouses:I", "warehouses:II", "bank:I"):
        act(st, f"buy:{cell}")
        if top(st).seat == 1:
            act(st, "pass") if "pass" in ids(st) else None
    assert (c.capacity, c.move_bonus, c.crate_cost, c.load_bonus) == (6, 1, 0, 1)
    assert c.treasury == 1 and c.discs == 12 - 1 - 2 - 1 - 2 - 1 + 1


def test_r70_r121_r126_refresh_and_round_two() -> None:
    st = new(seats=3)
    st.crates["W1"] = 0
    st.crate_supply["indigo"] = 1  # short supply: filled in map order
    st.crates["N3"] = 1
    st.companies[0].hold = {"silk": 1}
    skip_phase(st)
    assert st.round == 2 and st.phase == "action"
    assert st.first_player == 1 and top(st).seat == 1
    assert st.crates["W1"] == 1 and st.crates["N3"] == 1 and st.crates["S1"] == 3
    assert st.companies[0].hold == {"silk": 1}
    for c in st.companies:
        assert len(c.hand) == 8 and not any(s.card for s in c.board)
    assert all(v <= 3 for v in st.crates.values())


def test_r3_r4_r5_r122_two_rounds_then_game_end() -> None:
    st = new()
    seen: list[tuple[int, str]] = []
    while st.stack:
        st.companies[0].discs = max(st.companies[0].discs, 1)  # Investment always asks seat 1
        if (st.round, st.phase) not in seen:
            seen.append((st.round, st.phase))
        if top(st).kind == "invest":
            act(st, "pass")
        else:
            skip_phase(st) if st.phase == "action" else act(st, ids(st)[0])
    assert seen == [(1, "action"), (1, "administration"), (2, "action"), (2, "administration")]
    assert st.phase == "over" and not T.prompts(st) and T.result(st) is not None


def test_r127_deck_never_runs_out() -> None:
    st = new(seats=4)
    assert len(st.deck) == 48 - 32
    skip_phase(st)
    assert len(st.deck) == 48 - 32 and sorted(
        st.deck + [x for c in st.companies for x in c.hand]
    ) == sorted(D.card_ids)


def test_r123_example_b7_final_score() -> None:
    c = Company(treasury=0, vp=20, discs=2)
    c.posts = ["north", "east", "east", "west", "regional"]
    c.goods = {"indigo": 8, "silk": 5, "cotton": 2, "saltpetre": 3}
    b = breakdown(c)
    assert (b["posts"], b["regional"], b["goods"], b["discs"]) == (4, 6, 7, 2)
    assert final_score(c) == 39


def test_r124_crates_and_rupees_score_nothing() -> None:
    c = Company(treasury=9, hold={"silk": 4})
    c.goods = {g: 0 for g in D.goods}
    assert final_score(c) == 0


def test_r125_tie_breaks_treasury_then_posts_then_shared() -> None:
    st = new(seats=4)
    for c in st.companies:
        c.vp = 10
    st.companies[0].treasury = 1
    st.companies[1].treasury = 5
    st.companies[2].treasury = 5
    st.companies[2].posts = ["regional"]  # +0 VP, but one more post
    st.companies[3].treasury = 1
    st.phase = "over"
    st.stack = []
    r = T.result(st)
    assert r.ranking[:2] == [2, 1]
    assert r.places == {2: 1, 1: 2, 0: 3, 3: 3}


def test_r128_discs_and_vp_unlimited() -> None:
    st = new()
    st.companies[0].discs = 500
    st.companies[0].vp = 1000
    from engine.benares.treasury import gain

    gain(st, [], 0, 10_000)
    assert st.companies[0].discs == 1500
