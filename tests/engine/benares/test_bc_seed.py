"""The seed file 001_7a7031cf895b22be.txt, statement by statement, then its FAQ points (spec 19.1).

Every test quotes the seed sentence it checks and plays a concrete position through the public
engine interface (setup/prompts/apply/view) wherever the position can be reached by playing."""

from __future__ import annotations

import pytest

from engine.benares.actions import crate_price, move_ends
from engine.benares.flow import run
from engine.benares.market import adjust_markets
from engine.benares.posts import create_post
from engine.benares.scoring import breakdown
from engine.benares.state import Company, State, Task
from engine.benares.treasury import gain
from engine.core import IllegalAction
from tests.engine.benares.bc_helpers import D, T, act, give, ids, new, run_task, texts, top


def _me(boat: str = "BEN", treasury: int = 5, seats: int = 2) -> tuple[State, Company]:
    st = new(seats=seats)
    c = st.companies[0]
    c.boat, c.treasury = boat, treasury
    return st, c


def _labels(st: State) -> list[str]:
    return [c.label for c in T.prompts(st)[0].choices]


def _finish_phase(st: State) -> list[tuple[int, str, str]]:
    """Play the current phase out with Skips and passes; returns (round, phase, step) seen."""
    seen = []
    rnd = st.round
    while st.stack and st.round == rnd:
        seen.append((st.round, st.phase, st.step))
        seat = top(st).seat
        if top(st).kind == "turn":
            c = st.companies[seat]
            space = next(i for i, s in enumerate(c.board) if not s.card) + 1
            act(st, f"card:{c.hand[0]}", f"skip:{space}")
        else:
            act(st, "pass")
    return seen


# ---- Cards and Company Actions ------------------------------------------------------------------
def test_seed01_r1_r2_load_and_move_cards_with_the_action_pair() -> None:
    """'Use Load and Move cards with the action pair on your Company board.'"""
    assert {c["logistics"]["kind"] for c in D.cards.values()} == {"load", "move"}
    st, c = _me("W1", 9)
    st.crates["W1"] = 4
    give(st, 0, "C19")  # Indigo +1 / Load 2, into space 2 (Indigo/Silk pair | Load 2)
    act(st, "card:C19", "log:2")
    labels = _labels(st)
    assert "Load 2" in labels[0] and "Load 2" in labels[1]  # card Load 2 and company Load 2
    act(st, "first:card", "load:2")
    assert top(st).a == "space:2:logistics"  # the space's own action pair is used
    assert c.board[1].card == "C19" and c.board[1].mode == "logistics"


# ---- Two phases in each round -------------------------------------------------------------------
def test_seed02_r3_the_game_has_two_rounds() -> None:
    """'The game has two rounds.'"""
    st = new()
    rounds = set()
    while st.stack:
        rounds.update(r for r, _, _ in _finish_phase(st))
    assert rounds == {1, 2} and st.phase == "over" and T.result(st) is not None


def test_seed03_r4_r5_action_phase_then_administration_phase() -> None:
    """'Each round begins with an Action phase and ends with an Administration phase.'"""
    st = new()
    st.companies[0].discs = 1  # so the Investment step asks
    seen = _finish_phase(st)
    phases = [p for _, p, _ in seen]
    assert phases[0] == "action" and phases[-1] == "administration"
    assert phases.index("administration") == 12  # after all 12 plays, never between them
    assert st.round == 2 and st.phase == "action"


def test_seed04_r6_r7_r8_fill_all_six_spaces_one_card_per_turn() -> None:
    """'During the Action phase, each player fills all six spaces on their Company board by
    playing one card per turn.'"""
    st = new()
    for turn in range(12):
        seat = top(st).seat
        assert seat == turn % 2 and st.phase == "action"
        c = st.companies[seat]
        hand, filled = len(c.hand), sum(1 for s in c.board if s.card)
        act(st, f"card:{c.hand[0]}", f"skip:{filled + 1}")
        assert len(c.hand) == hand - 1 and sum(1 for s in c.board if s.card) == filled + 1
    assert all(len(c.board) == 6 and all(s.card for s in c.board) for c in st.companies)
    assert st.phase == "administration"


def test_seed05_r9_r10_either_order_each_finished_before_the_other() -> None:
    """'You may resolve the card's action and the visible Company action in either order, but
    finish one complete action before beginning the other.'"""
    # Card Calcutta +1 x3 on space 6 with the company Financial Advisor +1.
    st, c = _me()
    give(st, 0, "C06")
    act(st, "card:C06", "dev:6", "first:card", "do:calcutta", "do:calcutta")
    assert top(st).kind == "card_dev" and c.rows["advisor"] == 0  # company waits for rep 3
    act(st, "do:calcutta")
    assert c.rows["calcutta"] == 5 and top(st).a == "space:6:development"
    st, c = _me()
    give(st, 0, "C06")
    act(st, "card:C06", "dev:6", "first:company")
    assert top(st).a == "space:6:development" and c.rows["calcutta"] == 2
    act(st, "do:advisor")
    assert c.rows["advisor"] == 1 and top(st).kind == "card_dev" and top(st).n == 1


# ---- Play a Load or Move card -------------------------------------------------------------------
def test_seed06_r11_each_space_has_a_development_and_a_logistics_action() -> None:
    """'Each space on your Company board has a Development action and a Logistics action.'"""
    st, _ = _me()
    give(st, 0, "C01")
    act(st, "card:C01")
    labels = dict(zip(ids(st), _labels(st), strict=True))
    for n, sp in enumerate(D.board, start=1):
        dev, lg = sp["development"]["kind"], sp["logistics"]["kind"]
        assert dev in ("market", "goods_pair", "income", "post") and lg in ("load", "move")
        assert f"dev:{n}" in labels and f"log:{n}" in labels


def test_seed07_r12_the_card_covers_the_action_you_do_not_use() -> None:
    """'Slide the card into the space so the action you want to use remains visible.'"""
    st, c = _me()
    give(st, 0, "C01")  # Benares +1 / Load 2 into space 1 (Any pawn +1 | Move 2)
    act(st, "card:C01", "dev:1", "first:company")
    assert top(st).a == "space:1:development" and "do:advisor" in ids(st)  # pawn, not Move 2
    st, c = _me()
    give(st, 0, "C01")
    act(st, "card:C01", "log:1", "first:company")
    assert top(st).a == "space:1:logistics" and set(ids(st)) == {"to:W2", "to:W3", "decline"}
    assert c.board[0].mode == "logistics"


def test_seed08a_r13_development_card_action_repeated_by_the_space() -> None:
    """'A Development card action is repeated the number of times shown by that space'"""
    for space, times in ((2, 1), (3, 2), (5, 3)):
        st, c = _me()
        give(st, 0, "C01")  # Benares +1
        act(st, "card:C01", f"dev:{space}", "first:card")
        while top(st).kind == "card_dev":
            act(st, "do:benares")
        assert c.rows["benares"] == 2 + times == 2 + D.board[space - 1]["mult"]


def test_seed08b_r14_logistics_card_action_uses_the_card_quantity() -> None:
    """'a Logistics card action uses the quantity printed on the card.'"""
    st, c = _me("E2", 9)
    st.crates["E2"], c.capacity = 9, 6
    give(st, 0, "C05")  # Load 4 on space 6 (multiplier 3): 4 crates, not 12
    act(st, "card:C05", "log:6", "first:card")
    assert max(int(x[5:]) for x in ids(st) if x.startswith("load:")) == 4
    st, c = _me("W1")
    give(st, 0, "C08")  # Move 5 on space 5 (multiplier 3): 5 steps, not 15
    act(st, "card:C08", "log:5", "first:card")
    assert {x[3:] for x in ids(st) if x.startswith("to:")} == {e for e, _ in move_ends("W1", 5)}


def test_seed09_r15_perform_either_action_or_both() -> None:
    """'You may perform either action or both.'"""
    results = []
    for card_choice, company_choice in (
        ("do:income", "decline"),
        ("decline", "do:income"),
        ("do:income", "do:income"),
    ):
        st, c = _me(treasury=0)
        give(st, 0, "C47")  # card Income 2 on space 4 (x2), company Income 3
        act(st, "card:C47", "dev:4", "first:card", card_choice)
        if card_choice != "decline":
            act(st, card_choice)  # the second repetition
        act(st, company_choice)
        results.append(c.treasury)
    assert results == [4, 3, 7]


def test_seed10_r16_the_uncovered_company_action_is_separate() -> None:
    """'The Company action that remains uncovered is separate from the card action.'"""
    st, c = _me("E2")
    give(st, 0, "C20")  # card Move 3, company Move 1 (space 3): two separate Move actions
    act(st, "card:C20", "log:3", "first:card")
    assert top(st).a == "card:C20:logistics" and "decline" in ids(st)
    act(st, "to:E5")
    assert top(st).a == "space:3:logistics" and set(ids(st)) == {"to:E4", "to:E6", "decline"}
    act(st, "decline")  # declined on its own: the card action already happened
    assert c.boat == "E5" and top(st).seat == 1


def test_seed11_r17_an_action_block_cannot_be_broken_up() -> None:
    """'An action block cannot be broken up.'"""
    st, c = _me("N1", 5)
    give(st, 0, "C11")  # Financial Advisor +1 x3 on space 5, company Any post
    act(st, "card:C11", "dev:5", "first:card", "do:advisor")
    assert set(ids(st)) == {"do:advisor", "decline"}  # no post in the middle of the block
    with pytest.raises(IllegalAction):
        T.apply(st, 0, "do:north")
    act(st, "do:advisor")
    assert top(st).kind == "card_dev" and not c.posts and c.treasury == 5 + 2  # row 2 reward


def test_seed12_r18_movement_block_then_loading_block_in_either_order() -> None:
    """'For example, finish all movement steps before you begin loading, though you may choose
    which of those two blocks comes first.'"""
    st, c = _me("W1", 9)
    give(st, 0, "C22")  # card Move 4, company Load 2 (space 2)
    act(st, "card:C22", "log:2", "first:card", "to:S3")  # W1 -> W2 -> S1 -> S2 -> S3
    assert c.boat == "S3" and top(st).a == "space:2:logistics"
    act(st, "load:2")  # only now, at Rohtas: Arrah's indigo went by
    assert c.hold == {"cotton": 2} and st.crates["S1"] == 2 and st.crates["S3"] == 0
    st, c = _me("W1", 9)
    give(st, 0, "C22")
    act(st, "card:C22", "log:2", "first:company", "load:2")  # loading first, at Ghazipur
    assert c.hold == {"indigo": 2} and st.crates["W1"] == 0 and c.boat == "W1"
    act(st, "to:S3")
    assert c.boat == "S3" and c.hold == {"indigo": 2} and st.crates["S3"] == 2


def test_seed13_r19_loading_is_up_to() -> None:
    """'Loading says "up to," so you can load fewer Crates.'"""
    st, c = _me("E4", 9)
    give(st, 0, "C47")  # card Load 3 on space 4 with company Load 3
    act(st, "card:C47", "log:4", "first:card")
    assert set(ids(st)) == {"load:2", "load:1", "decline"}  # 2 crates on E4 (2 players)
    act(st, "load:1")
    assert c.hold == {"silk": 1} and "load:1" in ids(st)
    act(st, "decline")  # none at all is fine too
    assert c.hold == {"silk": 1} and c.treasury == 8


def test_seed14_r20_movement_steps_are_mandatory_when_possible() -> None:
    """'Movement steps are mandatory when possible.'"""
    st, c = _me("BEN")
    give(st, 0, "C26")  # Move 2 from Benares
    act(st, "card:C26", "log:3", "first:card")
    assert {x for x in ids(st) if x.startswith("to:")} == {"to:W2", "to:W3"}
    with pytest.raises(IllegalAction):
        T.apply(st, 0, "to:W1")  # stopping after one step while another is possible
    act(st, "to:W2")
    assert c.boat == "W2"
    # "when possible": from the dead end N3 one step leaves nothing else legal
    assert [e for e, _ in move_ends("N3", 1)] == ["N2"]


def test_seed15_r21_r22_no_adding_steps_to_reach_a_shortcut() -> None:
    """'You cannot add the card's movement steps and the Company action's steps together to
    reach a shortcut; resolve each as its own action.'"""
    st, c = _me("E3")
    give(st, 0, "C26")  # card Move 2 on space 3 (company Move 1): 2 + 1 would reach CAL by
    act(st, "card:C26", "log:3", "first:card")  # E3 -> E4 => CAL (Jalangi Channel, 2)
    assert set(ids(st)) == {"to:E1", "to:E5", "decline"}  # E4 alone cannot pay the channel
    act(st, "to:E5")
    assert set(ids(st)) == {"to:E4", "to:E6", "decline"}  # the company Move on its own
    act(st, "to:E6")
    assert c.boat == "E6"
    st, c = _me("E3")
    give(st, 0, "C26")
    act(st, "card:C26", "log:3", "first:company", "to:E4")  # company Move 1 first, then ...
    assert "to:CAL" in ids(st)  # ... the card's own 2 steps pay the channel by themselves


def test_seed16_r23_r24_intertwining_is_an_optional_house_rule() -> None:
    """'Designer answers clarify that intertwining the blocks is an optional house rule, while
    Board Game Arena enforces them separately.'"""
    assert {o.name: o.default for o in T.options}["intertwined_blocks"] == "off"
    st, _ = _me("E2")
    give(st, 0, "C20")
    act(st, "card:C20", "log:3")
    assert set(ids(st)) == {"first:card", "first:company"}  # separate by default
    st = new(intertwined_blocks="on")
    st.companies[0].boat = "E2"
    give(st, 0, "C20")
    act(st, "card:C20", "log:3", "pool")
    assert "to:CAL" in ids(st)  # the house rule may pool the two Moves


def test_seed17_r25_r26_r27_r28_skip_any_open_slot_ignore_both_gain_3() -> None:
    """'If you skip your entire turn, play a card into any open slot, ignore both actions, and
    gain ₹3.'"""
    for space in range(1, 7):
        st, c = _me("E2", 4)
        give(st, 0, "C39")  # East post / Load 3: both would be possible on E2
        ev = act(st, "card:C39", f"skip:{space}")
        assert c.board[space - 1].card == "C39" and c.board[space - 1].mode == "skip"
        assert c.treasury == 7 and not c.posts and not c.hold
        assert top(st).kind == "turn" and top(st).seat == 1 and "skips" in texts(ev)


# ---- Treasury and Profit ------------------------------------------------------------------------
def test_seed18_r29_treasury_moves_along_0_to_9() -> None:
    """'Your Treasury marker moves along a 0–9 track.'"""
    st, c = _me(treasury=0)
    seen = set()
    for _ in range(25):
        gain(st, [], 0, 1)
        seen.add(c.treasury)
    assert seen == set(range(10)) and (c.treasury, c.discs) == (5, 2)


def test_seed19_r30_r31_every_pass_beyond_9_gives_a_disc_and_resets() -> None:
    """'Whenever income moves it past 9, gain one Profit disc and reset it to 0.'"""
    st, c = _me("CAL", 9)
    give(st, 0, "C01", "C02")
    act(st, "card:C01", "skip:1")  # 9 + 3
    assert (c.treasury, c.discs) == (2, 1)
    c.treasury = 9
    gain(st, [], 0, 1)
    assert (c.treasury, c.discs) == (0, 2)  # again: every time
    c.treasury = 8
    gain(st, [], 0, 23)
    assert (c.treasury, c.discs) == (1, 5)


def test_seed20_r32_paying_moves_the_marker_back() -> None:
    """'When you pay, move it back along the track.'"""
    st, c = _me("W1", 5)
    c.discs = 4
    give(st, 0, "C41")  # West post (₹2) / Load 2
    act(st, "card:C41", "dev:1", "first:card", "do:west")
    assert (c.treasury, c.discs) == (3, 4)
    st, c = _me("W1", 1)
    c.discs = 4  # discs never pay: a ₹2 post is impossible with ₹1
    give(st, 0, "C41")
    ev = act(st, "card:C41", "dev:1", "first:card")
    assert "costs ₹2 and the Treasury has ₹1" in texts(ev) and (c.treasury, c.discs) == (1, 4)


def test_seed21_r33_r34_discs_are_spent_on_the_grid_during_administration() -> None:
    """'Profit discs are spent on the Investment grid during Administration'"""
    st, c = _me()
    c.discs = 2
    for _ in range(12):  # no play ever offers to spend discs
        assert not any(x.startswith("buy:") for x in ids(st))
        seat = top(st).seat
        co = st.companies[seat]
        act(st, f"card:{co.hand[0]}", f"skip:{sum(1 for s in co.board if s.card) + 1}")
        if seat == 0:
            assert c.discs >= 2
    assert st.phase == "administration" and "buy:bank:I" in ids(st)
    discs = c.discs
    act(st, "buy:bank:I")
    assert c.discs == discs - 1 and "bank:I" in c.investments


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
        st, c = _me("E6", 0)
        c.hold, c.rows["calcutta"] = {"cotton": 1}, row
        give(st, 0, "C26")  # Move 2: E6 -> Calcutta, sell there
        act(st, "card:C26", "log:1", "first:card", "to:CAL", "n:1")
        paid.append(c.treasury)
    assert paid == [3, 4, 7]
    st, c = _me()
    before = crate_price(st, 0, "BEN", "silk")
    c.rows["calcutta"] += 4  # the other city's pawn does not change Benares prices
    assert crate_price(st, 0, "BEN", "silk") == before


def test_seed24_r37_advisor_benefit_on_each_even_row_reached() -> None:
    """'The Financial Advisor gives the immediate benefit printed on each even-numbered row it
    reaches.'"""
    st, c = _me(treasury=0)
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
    st, c = _me()
    give(st, 0, "C09")  # Calcutta +1, x2 on space 4
    act(st, "card:C09", "dev:4", "first:card", "do:calcutta", "do:calcutta", "decline")
    assert c.rows == {"benares": 2, "calcutta": 4, "advisor": 0}
    st, c = _me("E1", 9)  # an East post's Market effect: the Calcutta pawn +2
    ev: list = []
    create_post(st, ev, 0, "east")
    run(st, ev)
    assert c.rows == {"benares": 2, "calcutta": 4, "advisor": 0}


def test_seed28_r42_wild_market_symbol_chooses_one_of_three_pawns() -> None:
    """'A wild Market symbol lets you choose one of your three pawns.'"""
    for pawn in ("benares", "calcutta", "advisor"):
        st, c = _me()
        give(st, 0, "C15")  # Any pawn +1
        act(st, "card:C15", "dev:1", "first:card")
        assert set(ids(st)) == {"do:benares", "do:calcutta", "do:advisor", "decline"}
        act(st, f"do:{pawn}")
        moved = {p for p, r in c.rows.items() if r != D.game["start_rows"][p]}
        assert moved == {pawn}


def test_seed29_r43_no_second_reward_beyond_the_end_of_a_track() -> None:
    """'Markers cannot earn a second reward by moving beyond the end of a track.'"""
    st, c = _me()
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
    st, c = _me()
    give(st, 0, "C28")  # Saltpetre +1 x2 on space 3, then the company pair Cotton/Saltpetre
    act(st, "card:C28", "dev:3", "first:card")
    assert set(ids(st)) == {"do:saltpetre", "decline"}
    act(st, "do:saltpetre", "do:saltpetre", "pair:cotton")
    assert c.goods == {"indigo": 0, "silk": 0, "cotton": 1, "saltpetre": 4}


def test_seed31_r45_r46_wild_goods_split_or_repeated_on_one() -> None:
    """'A wild Goods action can be split across different Goods, or assigned repeatedly to the
    same one.'"""
    st, c = _me()
    give(st, 0, "C33")  # Any good +1 x3 on space 6
    act(st, "card:C33", "dev:6", "first:card", "do:indigo", "do:cotton", "do:saltpetre")
    assert c.goods == {"indigo": 1, "silk": 0, "cotton": 1, "saltpetre": 1}
    st, c = _me()
    give(st, 0, "C33")
    act(st, "card:C33", "dev:6", "first:card", "do:silk", "do:silk", "do:silk")
    assert c.goods == {"indigo": 0, "silk": 3, "cotton": 0, "saltpetre": 0}


def test_seed32_r47_company_goods_action_choose_the_one_and_the_two() -> None:
    """'Company actions that advance Goods let you choose which marker moves one step and which
    moves two.'"""
    got = {}
    for choice in ("pair:indigo", "pair:silk"):
        st, c = _me()
        give(st, 0, "C47")
        act(st, "card:C47", "dev:2", "first:company", choice)
        got[choice] = (c.goods["indigo"], c.goods["silk"], c.goods["cotton"])
    assert got == {"pair:indigo": (1, 2, 0), "pair:silk": (2, 1, 0)}


def test_seed33_r48_r49_post_from_supply_on_the_rightmost_open_space() -> None:
    """'When you create a Trading Post, take that type from its supply and place it on the
    rightmost open space of your Company board's Post track.'"""
    st, c = _me("S2", 5)
    supply = dict(st.post_supply)
    give(st, 0, "C45")  # Any post x3 on space 5
    act(st, "card:C45", "dev:5", "first:card", "do:south", "do:regional")
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
        st, c = _me(boat, 5)
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
        st, c = _me("N1", 0)
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
    st, c = _me("N1", 0)
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
    st, c = _me("N1", 9)
    c.posts = ["regional"] * 2
    c.goods["indigo"] = 5
    run_task(st, Task("goods", 0, a="indigo", n=1))  # 6 + 2 posts = 8: the marker moved
    assert c.concessions_used == ["indigo"]
    c.goods["cotton"] = 5
    ev: list = []
    create_post(st, ev, 0, "north")  # 5 + 3 posts = 8: the Agency marker moved
    run(st, ev)
    assert c.concessions_used == ["indigo", "cotton"]


# ---- FAQ points of the seed (spec 19.1) ---------------------------------------------------------
def test_faq1_r9_logistics_play_company_move_before_card_load() -> None:
    """FAQ 1: 'The card action and the visible company action can be resolved in either order,
    but each must be finished before the other starts.'"""
    st, c = _me("BEN", 9)
    give(st, 0, "C19")  # card Load 2, company Move 2 (space 1)
    act(st, "card:C19", "log:1", "first:company", "to:W3", "load:2")
    assert c.boat == "W3" and c.hold == {"saltpetre": 2}


def test_faq2_r17_r18_company_move_block_then_card_load_block() -> None:
    """FAQ 2: 'all movement steps of one action happen before any loading of the other, in
    whichever order the player picks.'"""
    st, c = _me("BEN", 9)
    give(st, 0, "C19")
    act(st, "card:C19", "log:1", "first:company")
    assert all(x.startswith("to:") or x == "decline" for x in ids(st))  # W1 cannot be a stop
    assert "to:W1" not in ids(st)
    act(st, "to:W2")  # W1's indigo went by: no loading inside the Move block
    assert c.hold == {} and top(st).kind == "turn"  # the card Load at W2 (no source) is void


def test_faq3_r19_load_fewer_than_the_card_allows() -> None:
    """FAQ 3: 'Loading is "up to". Loading fewer crates is fine.'"""
    st, c = _me("E2", 2)
    st.crates["E2"] = 3
    give(st, 0, "C21")  # Load 3 with ₹2: at most 2 can be paid for
    act(st, "card:C21", "log:6", "first:card")
    assert set(ids(st)) == {"load:2", "load:1", "decline"}
    act(st, "load:1", "decline")
    assert (c.hold, c.treasury, st.crates["E2"]) == ({"silk": 1}, 1, 2)


def test_faq4_r20_movement_continues_until_no_step_is_possible() -> None:
    """FAQ 4: 'Movement is mandatory when possible.'"""
    st, c = _me("N3")
    give(st, 0, "C22")  # Move 4 from the dead end Champaran
    act(st, "card:C22", "log:3", "first:card")
    assert {x for x in ids(st) if x != "decline"} == {"to:W2", "to:E1"}


def test_faq5_r21_r22_card_and_company_moves_are_two_actions() -> None:
    """FAQ 5: 'The card's Move steps and the company action's Move steps cannot be added
    together to reach a shortcut.'"""
    st, c = _me("E2")
    give(st, 0, "C20")  # B.3: card Move 3 + company Move 1 must not reach CAL
    act(st, "card:C20", "log:3", "first:card", "to:E5", "to:E6")
    assert c.boat == "E6"
    st, c = _me("E2")
    give(st, 0, "C20")
    act(st, "card:C20", "log:3", "first:company", "to:E3")  # company Move 1 first
    own = {f"to:{e}" for e, _ in move_ends("E3", 3)}  # the card's 3 steps, nothing carried over
    assert set(ids(st)) - {"decline"} == own


def test_faq6_r23_r24_default_matches_board_game_arena() -> None:
    """FAQ 6: 'interleaving the two blocks is an optional house rule. Board Game Arena keeps
    them separate.'"""
    assert D.raw["variants"]["intertwined_blocks"] is False
    st = new(intertwined_blocks="on")
    st.companies[0].boat, st.companies[0].treasury = "BEN", 9
    give(st, 0, "C22")
    act(st, "card:C22", "log:2", "step:W1", "crate")  # house rule: load inside the Move
    assert st.companies[0].hold == {"indigo": 1}


def test_faq7_r25_r28_skip_places_the_card_and_pays_3() -> None:
    """FAQ 7: 'Skip: place the card in any open space, ignore both actions, gain ₹3.'"""
    st, c = _me("W1", 2)
    hand = list(c.hand)
    act(st, f"card:{hand[0]}", "skip:3")
    assert (c.treasury, c.board[2].card, c.hold, c.rows["benares"]) == (5, hand[0], {}, 2)


def test_faq8_r29_r32_treasury_overflow_by_a_sale_and_payment() -> None:
    """FAQ 8: 'Treasury runs 0–9. Income past 9 gives a Profit disc and resets to 0. Payments
    move it back.'"""
    st, c = _me("E6", 8)
    c.hold, c.rows["calcutta"] = {"cotton": 3}, 4  # ₹5 a crate
    give(st, 0, "C26")
    act(st, "card:C26", "log:2", "first:card", "to:CAL", "n:3")  # B.4: 8 + 15 = 23
    assert (c.treasury, c.discs) == (3, 2)
    assert top(st).kind == "turn"  # company Load 2 impossible in Calcutta: resolved, turn over
    st, c = _me("W1", 3)
    give(st, 0, "C19")
    act(st, "card:C19", "log:6", "first:card", "load:2")
    assert c.treasury == 1


def test_faq9_r37_r40_advisor_even_rows_not_when_pushed_again_later() -> None:
    """FAQ 9: 'Financial Advisor: rewards on even rows it reaches. Nothing when pushed down by
    the market adjustment. The same row can be earned again by advancing onto it later.'"""
    st, c = _me("N1", 9)
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
    st, c = _me()
    give(st, 0, "C12")  # Financial Advisor +1 on space 1, whose company action is wild
    act(st, "card:C12", "dev:1", "first:company", "do:calcutta", "do:advisor")
    assert c.rows == {"benares": 2, "calcutta": 3, "advisor": 1}


def test_faq11_r43_goods_marker_past_the_end_earns_nothing() -> None:
    """FAQ 11: 'No marker earns a second reward by moving past the end of its track.'"""
    st, c = _me()
    c.goods["silk"] = 7
    c.concessions_used = ["silk"]
    give(st, 0, "C47")
    act(st, "card:C47", "dev:2", "first:company", "pair:indigo")  # Silk +2: 8, 1 step lost
    assert c.goods["silk"] == 8 and c.vp == 0
    act(st, "decline")
    assert st.companies[0].goods["indigo"] == 1


def test_faq12_r45_r47_wild_goods_and_company_goods_pair() -> None:
    """FAQ 12: 'A wild Goods action can be split across goods or put on one good. Company Goods
    actions let the player choose which marker gets 1 step and which gets 2.'"""
    st, c = _me()
    give(st, 0, "C34")  # Any good +1 x2 on space 3, company Cotton/Saltpetre
    act(st, "card:C34", "dev:3", "first:card", "do:cotton", "do:silk", "pair:saltpetre")
    assert c.goods == {"indigo": 0, "silk": 1, "cotton": 3, "saltpetre": 1}


def test_faq13_r49_posts_fill_the_track_from_the_right() -> None:
    """FAQ 13: 'New posts go on the rightmost open space of the Post track.'"""
    st, c = _me("S1", 0)
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
    st, c = _me("E3", 2)
    c.posts = ["regional"] * 5
    c.goods.update(indigo=2, cotton=2)  # both meet when the sixth post goes down
    give(st, 0, "C39")  # East post
    ev = act(st, "card:C39", "dev:1", "first:card", "do:east")
    lines = [e.text for e in ev if "Concession triggers" in e.text]
    assert len(lines) == 2 and "Indigo" in lines[0] and "Cotton" in lines[1]
    assert (c.discs, c.vp, c.treasury, c.rows["calcutta"]) == (1, 2, 5, 4)
    create_post(st, [], 0, "east")
    run(st, [])
    assert c.vp == 2
