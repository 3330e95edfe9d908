"""The seed file 001_7a7031cf895b22be.txt, statement by statement (continued in
test_bc_seed_market.py; its FAQ points, spec 19.1, are in test_bc_seed_faq.py).

Every test quotes the seed sentence it checks and plays a concrete position through the public
engine interface (setup/prompts/apply/view) wherever the position can be reached by playing."""

from __future__ import annotations

import pytest

from engine.benares.actions import move_ends
from engine.benares.state import State
from engine.benares.treasury import gain
from engine.core import IllegalAction
from tests.engine.benares.bc_helpers import (
    D,
    T,
    act,
    give,
    ids,
    me,
    menu,
    new,
    texts,
    top,
)


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
            act(st, f"play:{c.hand[0]}:skip:{space}")
        else:
            act(st, "pass")
    return seen


# ---- Cards and Company Actions ------------------------------------------------------------------
def test_seed01_r1_r2_load_and_move_cards_with_the_action_pair() -> None:
    """'Use Load and Move cards with the action pair on your Company board.'"""
    assert {c["logistics"]["kind"] for c in D.cards.values()} == {"load", "move"}
    st, c = me("W1", 9)
    st.crates["W1"] = 4
    give(st, 0, "C19")  # Indigo +1 / Load 2, into space 2 (Indigo/Silk pair | Load 2)
    act(st, "play:C19:log:2")
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
        act(st, f"play:{c.hand[0]}:skip:{filled + 1}")
        assert len(c.hand) == hand - 1 and sum(1 for s in c.board if s.card) == filled + 1
    assert all(len(c.board) == 6 and all(s.card for s in c.board) for c in st.companies)
    assert st.phase == "administration"


def test_seed05_r9_r10_either_order_each_finished_before_the_other() -> None:
    """'You may resolve the card's action and the visible Company action in either order, but
    finish one complete action before beginning the other.'"""
    # Card Calcutta +1 x3 on space 6 with the company Financial Advisor +1.
    st, c = me()
    give(st, 0, "C06")
    act(st, "play:C06:dev:6", "first:card", "do:calcutta", "do:calcutta")
    assert top(st).kind == "card_dev" and c.rows["advisor"] == 0  # company waits for rep 3
    act(st, "do:calcutta")
    assert c.rows["calcutta"] == 5 and top(st).a == "space:6:development"
    st, c = me()
    give(st, 0, "C06")
    act(st, "play:C06:dev:6", "first:company")
    assert top(st).a == "space:6:development" and c.rows["calcutta"] == 2
    act(st, "do:advisor")
    assert c.rows["advisor"] == 1 and top(st).kind == "card_dev" and top(st).n == 1


# ---- Play a Load or Move card -------------------------------------------------------------------
def test_seed06_r11_each_space_has_a_development_and_a_logistics_action() -> None:
    """'Each space on your Company board has a Development action and a Logistics action.'"""
    st, _ = me()
    give(st, 0, "C01")
    labels = {c.id: c.label for c in menu(st, "card:C01").choices}
    for n, sp in enumerate(D.board, start=1):
        dev, lg = sp["development"]["kind"], sp["logistics"]["kind"]
        assert dev in ("market", "goods_pair", "income", "post") and lg in ("load", "move")
        assert f"play:C01:dev:{n}" in labels and f"play:C01:log:{n}" in labels


def test_seed07_r12_the_card_covers_the_action_you_do_not_use() -> None:
    """'Slide the card into the space so the action you want to use remains visible.'"""
    st, c = me()
    give(st, 0, "C01")  # Benares +1 / Load 2 into space 1 (Any pawn +1 | Move 2)
    act(st, "play:C01:dev:1", "first:company")
    assert top(st).a == "space:1:development" and "do:advisor" in ids(st)  # pawn, not Move 2
    st, c = me()
    give(st, 0, "C01")
    act(st, "play:C01:log:1", "first:company")
    assert top(st).a == "space:1:logistics" and set(ids(st)) == {"to:W2", "to:W3", "decline"}
    assert c.board[0].mode == "logistics"


def test_seed08a_r13_development_card_action_repeated_by_the_space() -> None:
    """'A Development card action is repeated the number of times shown by that space'"""
    for space, times in ((2, 1), (3, 2), (5, 3)):
        st, c = me()
        give(st, 0, "C01")  # Benares +1
        act(st, f"play:C01:dev:{space}", "first:card")
        while top(st).kind == "card_dev":
            act(st, "do:benares")
        assert c.rows["benares"] == 2 + times == 2 + D.board[space - 1]["mult"]


def test_seed08b_r14_logistics_card_action_uses_the_card_quantity() -> None:
    """'a Logistics card action uses the quantity printed on the card.'"""
    st, c = me("E2", 9)
    st.crates["E2"], c.capacity = 9, 6
    give(st, 0, "C05")  # Load 4 on space 6 (multiplier 3): 4 crates, not 12
    act(st, "play:C05:log:6", "first:card")
    assert max(int(x[5:]) for x in ids(st) if x.startswith("load:")) == 4
    st, c = me("W1")
    give(st, 0, "C08")  # Move 5 on space 5 (multiplier 3): 5 steps, not 15
    act(st, "play:C08:log:5", "first:card")
    assert {x[3:] for x in ids(st) if x.startswith("to:")} == {e for e, _ in move_ends("W1", 5)}


def test_seed09_r15_perform_either_action_or_both() -> None:
    """'You may perform either action or both.'"""
    results = []
    for card_choice, company_choice in (
        ("do:income", "decline"),
        ("decline", "do:income"),
        ("do:income", "do:income"),
    ):
        st, c = me(treasury=0)
        give(st, 0, "C47")  # card Income 2 on space 4 (x2), company Income 3
        act(st, "play:C47:dev:4", "first:card", card_choice)
        if card_choice != "decline":
            act(st, card_choice)  # the second repetition
        act(st, company_choice)
        results.append(c.treasury)
    assert results == [4, 3, 7]


def test_seed10_r16_the_uncovered_company_action_is_separate() -> None:
    """'The Company action that remains uncovered is separate from the card action.'"""
    st, c = me("E2")
    give(st, 0, "C20")  # card Move 3, company Move 1 (space 3): two separate Move actions
    act(st, "play:C20:log:3", "first:card")
    assert top(st).a == "card:C20:logistics" and "decline" in ids(st)
    act(st, "to:E5")
    assert top(st).a == "space:3:logistics" and set(ids(st)) == {"to:E4", "to:E6", "decline"}
    act(st, "decline")  # declined on its own: the card action already happened
    assert c.boat == "E5" and top(st).seat == 1


def test_seed11_r17_an_action_block_cannot_be_broken_up() -> None:
    """'An action block cannot be broken up.'"""
    st, c = me("N1", 5)
    give(st, 0, "C11")  # Financial Advisor +1 x3 on space 5, company Any post
    act(st, "play:C11:dev:5", "first:card", "do:advisor")
    assert set(ids(st)) == {"do:advisor", "decline"}  # no post in the middle of the block
    with pytest.raises(IllegalAction):
        T.apply(st, 0, "do:north")
    act(st, "do:advisor")
    assert top(st).kind == "card_dev" and not c.posts and c.treasury == 5 + 2  # row 2 reward


def test_seed12_r18_movement_block_then_loading_block_in_either_order() -> None:
    """'For example, finish all movement steps before you begin loading, though you may choose
    which of those two blocks comes first.'"""
    st, c = me("W1", 9)
    give(st, 0, "C22")  # card Move 4, company Load 2 (space 2)
    act(st, "play:C22:log:2", "first:card", "to:S3")  # W1 -> W2 -> S1 -> S2 -> S3
    assert c.boat == "S3" and top(st).a == "space:2:logistics"
    act(st, "load:2")  # only now, at Rohtas: Arrah's indigo went by
    assert c.hold == {"cotton": 2} and st.crates["S1"] == 2 and st.crates["S3"] == 0
    st, c = me("W1", 9)
    give(st, 0, "C22")
    act(st, "play:C22:log:2", "first:company", "load:2")  # loading first, at Ghazipur
    assert c.hold == {"indigo": 2} and st.crates["W1"] == 0 and c.boat == "W1"
    act(st, "to:S3")
    assert c.boat == "S3" and c.hold == {"indigo": 2} and st.crates["S3"] == 2


def test_seed13_r19_loading_is_up_to() -> None:
    """'Loading says "up to," so you can load fewer Crates.'"""
    st, c = me("E4", 9)
    give(st, 0, "C47")  # card Load 3 on space 4 with company Load 3
    act(st, "play:C47:log:4", "first:card")
    assert set(ids(st)) == {"load:2", "load:1", "decline"}  # 2 crates on E4 (2 players)
    act(st, "load:1")
    assert c.hold == {"silk": 1} and "load:1" in ids(st)
    act(st, "decline")  # none at all is fine too
    assert c.hold == {"silk": 1} and c.treasury == 8


def test_seed14_r20_movement_steps_are_mandatory_when_possible() -> None:
    """'Movement steps are mandatory when possible.'"""
    st, c = me("BEN")
    give(st, 0, "C26")  # Move 2 from Benares
    act(st, "play:C26:log:3", "first:card")
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
    st, c = me("E3")
    give(st, 0, "C26")  # card Move 2 on space 3 (company Move 1): 2 + 1 would reach CAL by
    act(st, "play:C26:log:3", "first:card")  # E3 -> E4 => CAL (Jalangi Channel, 2)
    assert set(ids(st)) == {"to:E1", "to:E5", "decline"}  # E4 alone cannot pay the channel
    act(st, "to:E5")
    assert set(ids(st)) == {"to:E4", "to:E6", "decline"}  # the company Move on its own
    act(st, "to:E6")
    assert c.boat == "E6"
    st, c = me("E3")
    give(st, 0, "C26")
    act(st, "play:C26:log:3", "first:company", "to:E4")  # company Move 1 first, then ...
    assert "to:CAL" in ids(st)  # ... the card's own 2 steps pay the channel by themselves


def test_seed16_r23_r24_intertwining_is_an_optional_house_rule() -> None:
    """'Designer answers clarify that intertwining the blocks is an optional house rule, while
    Board Game Arena enforces them separately.'"""
    assert {o.name: o.default for o in T.options}["intertwined_blocks"] == "off"
    st, _ = me("E2")
    give(st, 0, "C20")
    act(st, "play:C20:log:3")
    assert set(ids(st)) == {"first:card", "first:company"}  # separate by default
    st = new(intertwined_blocks="on")
    st.companies[0].boat = "E2"
    give(st, 0, "C20")
    act(st, "play:C20:log:3", "pool")
    assert "to:CAL" in ids(st)  # the house rule may pool the two Moves


def test_seed17_r25_r26_r27_r28_skip_any_open_slot_ignore_both_gain_3() -> None:
    """'If you skip your entire turn, play a card into any open slot, ignore both actions, and
    gain ₹3.'"""
    for space in range(1, 7):
        st, c = me("E2", 4)
        give(st, 0, "C39")  # East post / Load 3: both would be possible on E2
        ev = act(st, f"play:C39:skip:{space}")
        assert c.board[space - 1].card == "C39" and c.board[space - 1].mode == "skip"
        assert c.treasury == 7 and not c.posts and not c.hold
        assert top(st).kind == "turn" and top(st).seat == 1 and "skips" in texts(ev)


# ---- Treasury and Profit ------------------------------------------------------------------------
def test_seed18_r29_treasury_moves_along_0_to_9() -> None:
    """'Your Treasury marker moves along a 0–9 track.'"""
    st, c = me(treasury=0)
    seen = set()
    for _ in range(25):
        gain(st, [], 0, 1)
        seen.add(c.treasury)
    assert seen == set(range(10)) and (c.treasury, c.discs) == (5, 2)


def test_seed19_r30_r31_every_pass_beyond_9_gives_a_disc_and_resets() -> None:
    """'Whenever income moves it past 9, gain one Profit disc and reset it to 0.'"""
    st, c = me("CAL", 9)
    give(st, 0, "C01", "C02")
    act(st, "play:C01:skip:1")  # 9 + 3
    assert (c.treasury, c.discs) == (2, 1)
    c.treasury = 9
    gain(st, [], 0, 1)
    assert (c.treasury, c.discs) == (0, 2)  # again: every time
    c.treasury = 8
    gain(st, [], 0, 23)
    assert (c.treasury, c.discs) == (1, 5)


def test_seed20_r32_paying_moves_the_marker_back() -> None:
    """'When you pay, move it back along the track.'"""
    st, c = me("W1", 5)
    c.discs = 4
    give(st, 0, "C41")  # West post (₹2) / Load 2
    act(st, "play:C41:dev:1", "first:card", "do:west")
    assert (c.treasury, c.discs) == (3, 4)
    st, c = me("W1", 1)
    c.discs = 4  # discs never pay: a ₹2 post is impossible with ₹1
    give(st, 0, "C41")
    ev = act(st, "play:C41:dev:1", "first:card")
    assert "costs ₹2 and the Treasury has ₹1" in texts(ev) and (c.treasury, c.discs) == (1, 4)


def test_seed21_r33_r34_discs_are_spent_on_the_grid_during_administration() -> None:
    """'Profit discs are spent on the Investment grid during Administration'"""
    st, c = me()
    c.discs = 2
    for _ in range(12):  # no play ever offers to spend discs
        assert not any(x.startswith("buy:") for x in ids(st))
        seat = top(st).seat
        co = st.companies[seat]
        act(st, f"play:{co.hand[0]}:skip:{sum(1 for s in co.board if s.card) + 1}")
        if seat == 0:
            assert c.discs >= 2
    assert st.phase == "administration" and "buy:bank:I" in ids(st)
    discs = c.discs
    act(st, "buy:bank:I")
    assert c.discs == discs - 1 and "bank:I" in c.investments
