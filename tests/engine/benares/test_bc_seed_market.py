"""The seed file 001_7a7031cf895b22be.txt, continued: market pawns, goods values and Trading
Posts (see test_bc_seed.py)."""

from __future__ import annotations

from engine.benares.actions import crate_price
from engine.benares.market import adjust_markets
from engine.benares.moves import run
from engine.benares.posts import create_post
from engine.benares.scoring import breakdown
from engine.benares.state import Company, Task
from tests.engine.benares.bc_helpers import (
    D,
    T,
    act,
    give,
    ids,
    me,
    new,
    run_task,
    top,
)


# ---- Market pawns -------------------------------------------------------------------------------
def test_seed22_r35_three_pawns_per_company() -> None:
    """'Each company has a Benares Market pawn, a Calcutta Market pawn, and a Financial
    Advisor.'"""
    st = new(seats=3)
    v = T.view(st, None)
    assert all(set(cv.rows) == {"benares", "calcutta", "advisor"} for cv in v.companies)
    assert set(v.market) == {"benares", "calcutta", "advisor"}


def test_seed23_r36_advancing_a_city_pawn_raises_that_citys_crate_value() -> None:
    """'Advancing a city pawn increases the rupee value for Crates delivered to that city.'"""
    paid = []
    for row in (2, 3, 6):
        st, c = me("E6", 0)
        c.hold, c.rows["calcutta"] = {"cotton": 1}, row
        give(st, 0, "C26")  # Move 2: E6 -> Calcutta, sell there
        act(st, "play:C26:log:1", "first:card", "to:CAL", "n:1")
        paid.append(c.treasury)
    assert paid == [3, 4, 7]
    st, c = me()
    before = crate_price(st, 0, "BEN", "silk")
    c.rows["calcutta"] += 4  # the other city's pawn does not change Benares prices
    assert crate_price(st, 0, "BEN", "silk") == before


def test_seed24_r37_advisor_benefit_on_each_even_row_reached() -> None:
    """'The Financial Advisor gives the immediate benefit printed on each even-numbered row it
    reaches.'"""
    st, c = me(treasury=0)
    log = []
    for row in range(1, 11):
        before = (c.treasury, c.discs, c.vp, sum(c.goods.values()), c.rows["benares"])
        run_task(st, Task("pawn", 0, a="advisor", n=1))
        while top(st).kind in ("pick_good", "pick_pawn"):
            act(st, ids(st)[0])
        after = (c.treasury, c.discs, c.vp, sum(c.goods.values()), c.rows["benares"])
        log.append((row, before != after))
    assert log == [(r, r % 2 == 0) for r in range(1, 11)]
    assert (c.treasury, c.discs, c.vp) == (2, 1, 3)


def test_seed25_r38_r39_pushed_down_advisor_gains_nothing() -> None:
    """'If it is pushed down during the market adjustment, it gains no benefit then;'"""
    st = new(seats=3)
    a, b, z = st.companies
    a.rows["advisor"], b.rows["advisor"], z.rows["advisor"] = 9, 7, 0
    snap = [(c.treasury, c.discs, c.vp, dict(c.goods), c.rows["benares"]) for c in (a, b)]
    ev: list = []
    adjust_markets(st, ev)
    assert (a.rows["advisor"], b.rows["advisor"], z.rows["advisor"]) == (7, 6, 0)
    assert [(c.treasury, c.discs, c.vp, dict(c.goods), c.rows["benares"]) for c in (a, b)] == snap
    assert not st.stack or top(st).kind not in ("pick_pawn", "pick_good")


def test_seed26_r40_the_row_can_be_earned_again_later() -> None:
    """'it can earn that space again if it advances back to it later.'"""
    st = new()
    a, b = st.companies
    a.rows["advisor"] = 6  # row 6 was earned on the way up
    b.rows["advisor"] = 0
    adjust_markets(st, [])
    assert a.rows["advisor"] == 4
    run_task(st, Task("pawn", 0, a="advisor", n=2))  # 5, then 6 again
    assert top(st).kind == "pick_pawn"  # row 6's benefit is offered again
    act(st, "pawn:calcutta")
    assert a.rows["calcutta"] == 3


def test_seed27_r41_market_action_advances_the_named_pawn_by_its_number() -> None:
    """'A Market action advances the named pawn by its indicated number of spaces.'"""
    st, c = me()
    give(st, 0, "C09")  # Calcutta +1, x2 on space 4
    act(st, "play:C09:dev:4", "first:card", "do:calcutta", "do:calcutta", "decline")
    assert c.rows == {"benares": 2, "calcutta": 4, "advisor": 0}
    st, c = me("E1", 9)  # an East post's Market effect: the Calcutta pawn +2
    ev: list = []
    create_post(st, ev, 0, "east")
    run(st, ev)
    assert c.rows == {"benares": 2, "calcutta": 4, "advisor": 0}


def test_seed28_r42_wild_market_symbol_chooses_one_of_three_pawns() -> None:
    """'A wild Market symbol lets you choose one of your three pawns.'"""
    for pawn in ("benares", "calcutta", "advisor"):
        st, c = me()
        give(st, 0, "C15")  # Any pawn +1
        act(st, "play:C15:dev:1", "first:card")
        assert set(ids(st)) == {"do:benares", "do:calcutta", "do:advisor", "decline"}
        act(st, f"do:{pawn}")
        moved = {p for p, r in c.rows.items() if r != D.game["start_rows"][p]}
        assert moved == {pawn}


def test_seed29_r43_no_second_reward_beyond_the_end_of_a_track() -> None:
    """'Markers cannot earn a second reward by moving beyond the end of a track.'"""
    st, c = me()
    c.rows["advisor"] = 9
    run_task(st, Task("pawn", 0, a="advisor", n=3))  # row 10 once, two steps lost
    assert (c.rows["advisor"], c.vp) == (10, 3)
    run_task(st, Task("pawn", 0, a="advisor", n=1))
    assert c.vp == 3
    c.goods["cotton"] = 7
    run_task(st, Task("goods", 0, a="cotton", n=3))  # meets at 8: Cotton Concession once
    assert (c.goods["cotton"], c.vp) == (8, 4)
    run_task(st, Task("goods", 0, a="cotton", n=2))
    assert c.vp == 4


# ---- Goods values and Trading Posts -------------------------------------------------------------
def test_seed30_r44_goods_value_action_advances_the_indicated_marker() -> None:
    """'Goods Value actions advance the indicated marker or markers.'"""
    st, c = me()
    give(st, 0, "C28")  # Saltpetre +1 x2 on space 3, then the company pair Cotton/Saltpetre
    act(st, "play:C28:dev:3", "first:card")
    assert set(ids(st)) == {"do:saltpetre", "decline"}
    act(st, "do:saltpetre", "do:saltpetre", "pair:cotton")
    assert c.goods == {"indigo": 0, "silk": 0, "cotton": 1, "saltpetre": 4}


def test_seed31_r45_r46_wild_goods_split_or_repeated_on_one() -> None:
    """'A wild Goods action can be split across different Goods, or assigned repeatedly to the
    same one.'"""
    st, c = me()
    give(st, 0, "C33")  # Any good +1 x3 on space 6
    act(st, "play:C33:dev:6", "first:card", "do:indigo", "do:cotton", "do:saltpetre")
    assert c.goods == {"indigo": 1, "silk": 0, "cotton": 1, "saltpetre": 1}
    st, c = me()
    give(st, 0, "C33")
    act(st, "play:C33:dev:6", "first:card", "do:silk", "do:silk", "do:silk")
    assert c.goods == {"indigo": 0, "silk": 3, "cotton": 0, "saltpetre": 0}


def test_seed32_r47_company_goods_action_choose_the_one_and_the_two() -> None:
    """'Company actions that advance Goods let you choose which marker moves one step and which
    moves two.'"""
    got = {}
    for choice in ("pair:indigo", "pair:silk"):
        st, c = me()
        give(st, 0, "C47")
        act(st, "play:C47:dev:2", "first:company", choice)
        got[choice] = (c.goods["indigo"], c.goods["silk"], c.goods["cotton"])
    assert got == {"pair:indigo": (1, 2, 0), "pair:silk": (2, 1, 0)}


def test_seed33_r48_r49_post_from_supply_on_the_rightmost_open_space() -> None:
    """'When you create a Trading Post, take that type from its supply and place it on the
    rightmost open space of your Company board's Post track.'"""
    st, c = me("S2", 5)
    supply = dict(st.post_supply)
    give(st, 0, "C45")  # Any post x3 on space 5
    act(st, "play:C45:dev:5", "first:card", "do:south", "do:regional")
    track = T.view(st, 1).companies[0].post_track
    assert track == [""] * 6 + ["regional", "south"]  # space 8 first, then space 7
    assert st.post_supply["south"] == supply["south"] - 1
    assert st.post_supply["regional"] == supply["regional"] - 1


def test_seed34_r50_r51_five_post_types_with_different_effects() -> None:
    """'North, South, East, West, and Regional Posts have different immediate or end-game
    effects'"""
    assert set(D.posts["types"]) == {"north", "south", "east", "west", "regional"}
    immediate = {}
    for kind, boat in (("north", "N1"), ("south", "S1"), ("east", "E1"), ("west", "W1")):
        st, c = me(boat, 5)
        ev: list = []
        create_post(st, ev, 0, kind)
        run(st, ev)
        immediate[kind] = (c.treasury, c.rows["advisor"], c.rows["calcutta"], c.rows["benares"])
    assert immediate == {
        "north": (3 + 2, 2, 2, 2),  # Advisor +2 (row 2 pays ₹2)
        "south": (3 + 4, 0, 2, 2),
        "east": (3, 0, 4, 2),
        "west": (3, 0, 2, 4),
    }
    co = Company(treasury=0, goods={g: 0 for g in D.goods})
    co.posts = ["regional", "north", "north"]  # end game: 1 each directional, 2 x types
    b = breakdown(co)
    assert (b["posts"], b["regional"]) == (2, 2)
    co.posts = ["regional", "north", "east", "west"]
    assert (breakdown(co)["posts"], breakdown(co)["regional"]) == (3, 6)


def test_seed35_r52_r53_meeting_triggers_that_goods_own_concession() -> None:
    """'When a Goods marker meets an Agency marker on your Post track, trigger that Good's
    matching Concession bonus on your Company board.'"""
    effects = {}
    for good in D.goods:
        st, c = me("N1", 0)
        c.posts = ["regional"] * 3  # Agency column 5
        c.goods[good] = 4
        run_task(st, Task("goods", 0, a=good, n=1))
        while top(st).kind in ("pick_good", "pick_pawn"):
            act(st, ids(st)[-1])
        assert c.concessions_used == [good]
        effects[good] = (c.discs, c.vp, c.treasury, c.rows["advisor"])
    assert effects == {
        "indigo": (1, 1, 0, 0),
        "silk": (0, 3, 0, 0),
        "cotton": (0, 1, 5, 0),
        "saltpetre": (0, 1, 2, 2),  # Advisor +2 reaches row 2: ₹2
    }


def test_seed36_r54_each_concession_at_most_once_per_game() -> None:
    """'Each of the four Concession bonuses triggers at most once per game.'"""
    st, c = me("N1", 0)
    c.posts = ["regional"] * 4
    c.goods["cotton"] = 3
    run_task(st, Task("goods", 0, a="cotton", n=1))
    assert (c.treasury, c.vp) == (5, 1)
    run_task(st, Task("goods", 0, a="cotton", n=2))  # still meeting, further along
    ev: list = []
    create_post(st, ev, 0, "north")  # a placement re-checks every good
    run(st, ev)
    st.round = 2  # ... also in the next round
    run_task(st, Task("goods", 0, a="cotton", n=1))
    assert c.vp == 1 and c.concessions_used == ["cotton"]


def test_seed37_r55_r56_goods_move_or_post_placement_causes_the_meeting() -> None:
    """'Either moving the Goods marker or placing a Post can cause them to meet.'"""
    st, c = me("N1", 9)
    c.posts = ["regional"] * 2
    c.goods["indigo"] = 5
    run_task(st, Task("goods", 0, a="indigo", n=1))  # 6 + 2 posts = 8: the marker moved
    assert c.concessions_used == ["indigo"]
    c.goods["cotton"] = 5
    ev: list = []
    create_post(st, ev, 0, "north")  # 5 + 3 posts = 8: the Agency marker moved
    run(st, ev)
    assert c.concessions_used == ["indigo", "cotton"]
