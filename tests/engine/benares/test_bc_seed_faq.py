"""The FAQ points of the seed file 001_7a7031cf895b22be.txt (spec 19.1; see test_bc_seed.py)."""

from __future__ import annotations

from engine.benares.actions import move_ends
from engine.benares.market import adjust_markets
from engine.benares.moves import run
from engine.benares.posts import create_post
from engine.benares.state import Task
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


# ---- FAQ points of the seed (spec 19.1) ---------------------------------------------------------
def test_faq1_r9_logistics_play_company_move_before_card_load() -> None:
    """FAQ 1: 'The card action and the visible company action can be resolved in either order,
    but each must be finished before the other starts.'"""
    st, c = me("BEN", 9)
    give(st, 0, "C19")  # card Load 2, company Move 2 (space 1)
    act(st, "play:C19:log:1", "first:company", "to:W3", "load:2")
    assert c.boat == "W3" and c.hold == {"saltpetre": 2}


def test_faq2_r17_r18_company_move_block_then_card_load_block() -> None:
    """FAQ 2: 'all movement steps of one action happen before any loading of the other, in
    whichever order the player picks.'"""
    st, c = me("BEN", 9)
    give(st, 0, "C19")
    act(st, "play:C19:log:1", "first:company")
    assert all(x.startswith("to:") or x == "decline" for x in ids(st))  # W1 cannot be a stop
    assert "to:W1" not in ids(st)
    act(st, "to:W2")  # W1's indigo went by: no loading inside the Move block
    assert c.hold == {} and top(st).kind == "turn"  # the card Load at W2 (no source) is void


def test_faq3_r19_load_fewer_than_the_card_allows() -> None:
    """FAQ 3: 'Loading is "up to". Loading fewer crates is fine.'"""
    st, c = me("E2", 2)
    st.crates["E2"] = 3
    give(st, 0, "C21")  # Load 3 with ₹2: at most 2 can be paid for
    act(st, "play:C21:log:6", "first:card")
    assert set(ids(st)) == {"load:2", "load:1", "decline"}
    act(st, "load:1", "decline")
    assert (c.hold, c.treasury, st.crates["E2"]) == ({"silk": 1}, 1, 2)


def test_faq4_r20_movement_continues_until_no_step_is_possible() -> None:
    """FAQ 4: 'Movement is mandatory when possible.'"""
    st, c = me("N3")
    give(st, 0, "C22")  # Move 4 from the dead end Champaran
    act(st, "play:C22:log:3", "first:card")
    assert {x for x in ids(st) if x != "decline"} == {"to:W2", "to:E1"}


def test_faq5_r21_r22_card_and_company_moves_are_two_actions() -> None:
    """FAQ 5: 'The card's Move steps and the company action's Move steps cannot be added
    together to reach a shortcut.'"""
    st, c = me("E2")
    give(st, 0, "C20")  # B.3: card Move 3 + company Move 1 must not reach CAL
    act(st, "play:C20:log:3", "first:card", "to:E5", "to:E6")
    assert c.boat == "E6"
    st, c = me("E2")
    give(st, 0, "C20")
    act(st, "play:C20:log:3", "first:company", "to:E3")  # company Move 1 first
    own = {f"to:{e}" for e, _ in move_ends("E3", 3)}  # the card's 3 steps, nothing carried over
    assert set(ids(st)) - {"decline"} == own


def test_faq6_r23_r24_default_matches_board_game_arena() -> None:
    """FAQ 6: 'interleaving the two blocks is an optional house rule. Board Game Arena keeps
    them separate.'"""
    assert D.raw["variants"]["intertwined_blocks"] is False
    st = new(intertwined_blocks="on")
    st.companies[0].boat, st.companies[0].treasury = "BEN", 9
    give(st, 0, "C22")
    act(st, "play:C22:log:2", "step:W1", "crate")  # house rule: load inside the Move
    assert st.companies[0].hold == {"indigo": 1}


def test_faq7_r25_r28_skip_places_the_card_and_pays_3() -> None:
    """FAQ 7: 'Skip: place the card in any open space, ignore both actions, gain ₹3.'"""
    st, c = me("W1", 2)
    hand = list(c.hand)
    act(st, f"play:{hand[0]}:skip:3")
    assert (c.treasury, c.board[2].card, c.hold, c.rows["benares"]) == (5, hand[0], {}, 2)


def test_faq8_r29_r32_treasury_overflow_by_a_sale_and_payment() -> None:
    """FAQ 8: 'Treasury runs 0–9. Income past 9 gives a Profit disc and resets to 0. Payments
    move it back.'"""
    st, c = me("E6", 8)
    c.hold, c.rows["calcutta"] = {"cotton": 3}, 4  # ₹5 a crate
    give(st, 0, "C26")
    act(st, "play:C26:log:2", "first:card", "to:CAL", "n:3")  # B.4: 8 + 15 = 23
    assert (c.treasury, c.discs) == (3, 2)
    assert top(st).kind == "turn"  # company Load 2 impossible in Calcutta: resolved, turn over
    st, c = me("W1", 3)
    give(st, 0, "C19")
    act(st, "play:C19:log:6", "first:card", "load:2")
    assert c.treasury == 1


def test_faq9_r37_r40_advisor_even_rows_not_when_pushed_again_later() -> None:
    """FAQ 9: 'Financial Advisor: rewards on even rows it reaches. Nothing when pushed down by
    the market adjustment. The same row can be earned again by advancing onto it later.'"""
    st, c = me("N1", 9)
    c.rows["advisor"] = 1
    ev: list = []
    create_post(st, ev, 0, "north")  # Advisor +2: rows 2 and 3, row 2 pays ₹2
    run(st, ev)
    assert (c.rows["advisor"], c.treasury) == (3, 9)
    adjust_markets(st, [])  # highest: 3 -> 1
    assert (c.rows["advisor"], c.treasury) == (1, 9)
    run_task(st, Task("pawn", 0, a="advisor", n=1))  # row 2 again
    assert (c.treasury, c.discs) == (1, 1)


def test_faq10_r41_r42_wild_and_named_market_actions() -> None:
    """FAQ 10: 'A wild Market symbol lets the player pick any of their three pawns. A Market
    action moves the named pawn by the indicated amount.'"""
    st, c = me()
    give(st, 0, "C12")  # Financial Advisor +1 on space 1, whose company action is wild
    act(st, "play:C12:dev:1", "first:company", "do:calcutta", "do:advisor")
    assert c.rows == {"benares": 2, "calcutta": 3, "advisor": 1}


def test_faq11_r43_goods_marker_past_the_end_earns_nothing() -> None:
    """FAQ 11: 'No marker earns a second reward by moving past the end of its track.'"""
    st, c = me()
    c.goods["silk"] = 7
    c.concessions_used = ["silk"]
    give(st, 0, "C47")
    act(st, "play:C47:dev:2", "first:company", "pair:indigo")  # Silk +2: 8, 1 step lost
    assert c.goods["silk"] == 8 and c.vp == 0
    act(st, "decline")
    assert st.companies[0].goods["indigo"] == 1


def test_faq12_r45_r47_wild_goods_and_company_goods_pair() -> None:
    """FAQ 12: 'A wild Goods action can be split across goods or put on one good. Company Goods
    actions let the player choose which marker gets 1 step and which gets 2.'"""
    st, c = me()
    give(st, 0, "C34")  # Any good +1 x2 on space 3, company Cotton/Saltpetre
    act(st, "play:C34:dev:3", "first:card", "do:cotton", "do:silk", "pair:saltpetre")
    assert c.goods == {"indigo": 0, "silk": 1, "cotton": 3, "saltpetre": 1}


def test_faq13_r49_posts_fill_the_track_from_the_right() -> None:
    """FAQ 13: 'New posts go on the rightmost open space of the Post track.'"""
    st, c = me("S1", 0)
    c.concessions_used = list(D.goods)
    for kind in ("south", "regional", "south", "regional"):
        c.treasury = 9
        create_post(st, [], 0, kind)
        run(st, [])
    track = T.view(st, None).companies[0].post_track
    assert track[4:] == ["regional", "south", "regional", "south"] and track[:4] == [""] * 4
    assert T.view(st, None).companies[0].agency_column == 4


def test_faq14_r52_r56_one_placement_triggers_two_concessions_in_order() -> None:
    """FAQ 14: 'a Goods marker meeting its Agency marker triggers that good's Concession.
    Either a Goods marker moving or a post being placed can cause the meeting. Each Concession
    triggers at most once per game.'"""
    st, c = me("E3", 2)
    c.posts = ["regional"] * 5
    c.goods.update(indigo=2, cotton=2)  # both meet when the sixth post goes down
    give(st, 0, "C39")  # East post
    ev = act(st, "play:C39:dev:1", "first:card", "do:east")
    lines = [e.text for e in ev if "Concession triggers" in e.text]
    assert len(lines) == 2 and "Indigo" in lines[0] and "Cotton" in lines[1]
    assert (c.discs, c.vp, c.treasury, c.rows["calcutta"]) == (1, 2, 5, 4)
    create_post(st, [], 0, "east")
    run(st, [])
    assert c.vp == 2
