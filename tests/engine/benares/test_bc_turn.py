"""A turn: playing a card (R2, R7-R18, R25-R28, R68-R78)."""

from __future__ import annotations

import pytest

from engine.core import BACK, IllegalAction
from tests.engine.benares.bc_helpers import T, act, give, ids, menu, menu_ids, new, texts, top


def _at(seat_boat: str = "BEN", treasury: int = 5, seats: int = 2):
    st = new(seats=seats)
    c = st.companies[0]
    c.boat = seat_boat
    c.treasury = treasury
    return st


def test_r71_choose_card_then_space_and_mode() -> None:
    st = _at()
    give(st, 0, "C22")
    before = T.encode(st)
    cards = T.choices(st, 0).choices
    assert "card:C22" in ids(st) and all(c.step for c in cards)
    sub = menu(st, "card:C22")  # a draft step: nothing in the game changes
    opts = [c.id for c in sub.choices]
    for n in range(1, 7):
        assert {f"play:C22:dev:{n}", f"play:C22:log:{n}", f"play:C22:skip:{n}"} <= set(opts)
    assert BACK in opts and next(c for c in sub.choices if c.id == BACK).step
    assert all(not c.step for c in sub.choices if c.id != BACK)
    assert T.encode(st) == before and top(st).kind == "turn"
    for step in ("card:C22", BACK):
        with pytest.raises(IllegalAction):
            T.apply(st, 0, step)
    assert T.encode(st) == before


def test_r2_r12_r72_development_play_uses_card_dev_and_company_dev() -> None:
    st = _at()
    give(st, 0, "C22")  # Silk +1 / Move 4
    act(st, "play:C22:dev:3")
    labels = [c.label for c in T.prompts(st)[0].choices]
    assert any("Silk +1 ×2" in x for x in labels)
    assert any("Cotton/Saltpetre" in x for x in labels)  # company Development stays visible
    act(st, "first:company")
    assert top(st).a == "space:3:development"
    assert set(ids(st)) == {"pair:cotton", "pair:saltpetre", "decline"}


def test_r73_r14_logistics_play_card_quantity_without_multiplier() -> None:
    st = _at("E2", treasury=9)
    st.crates["E2"] = 10
    give(st, 0, "C23")  # Silk +1 / Load 4, on space 5 (mult 3, company Move 1)
    act(st, "play:C23:log:5", "first:card")
    assert top(st).a == "card:C23:logistics"
    assert "load:4" in ids(st) and "load:5" not in ids(st)
    act(st, "load:4")
    assert st.companies[0].hold == {"silk": 4}
    assert top(st).a == "space:5:logistics"  # the company Move 1 (not the Post action)
    assert set(ids(st)) == {"to:E1", "to:E3", "decline"}


def test_r13_r75_development_repeated_one_at_a_time_and_declinable() -> None:
    st = _at()
    give(st, 0, "C22")
    act(st, "play:C22:dev:5", "first:card")
    t = top(st)
    assert (t.kind, t.n, t.m) == ("card_dev", 1, 3)
    act(st, "do:silk")
    assert st.companies[0].goods["silk"] == 1 and (top(st).n, top(st).m) == (2, 3)
    act(st, "do:silk")
    act(st, "do:silk")
    assert st.companies[0].goods["silk"] == 3
    # the company Post action cannot be taken in Benares: resolved automatically, turn over
    assert top(st).kind == "turn" and top(st).seat == 1
    st2 = _at()
    give(st2, 0, "C22")
    act(st2, "play:C22:dev:5", "first:card", "do:silk", "decline")
    assert st2.companies[0].goods["silk"] == 1 and top(st2).seat == 1


def test_r9_r10_r17_r18_blocks_in_either_order_never_broken() -> None:
    # Card Move 4 + company Load 2 (space 2) from BEN: moving first, then loading.
    st = _at("BEN", treasury=9)
    give(st, 0, "C22")
    act(st, "play:C22:log:2")
    assert set(ids(st)) == {"first:card", "first:company"}
    act(st, "first:card")
    move_opts = ids(st)
    assert all(x.startswith(("to:", "fleet:")) or x == "decline" for x in move_opts)
    act(st, "to:E1")  # BEN => W3 (shortcut 2) -> E1 -> ... ; ends on a cotton source
    assert st.companies[0].boat == "E1"
    assert top(st).a == "space:2:logistics"
    assert all(x.startswith("load:") or x == "decline" for x in ids(st))
    act(st, "load:2")
    assert st.companies[0].hold == {"cotton": 2}
    # Company Load first: loading happens before any movement (nothing to load in Benares).
    st2 = _at("W1", treasury=9)
    give(st2, 0, "C22")
    act(st2, "play:C22:log:2", "first:company")
    assert top(st2).a == "space:2:logistics" and "load:2" in ids(st2)
    act(st2, "load:2")
    assert top(st2).a == "card:C22:logistics"


def test_r15_r16_either_action_or_both() -> None:
    st = _at()
    give(st, 0, "C47")  # Income 2 / Load 3 on space 4 (company Income 3)
    act(st, "play:C47:dev:4", "first:card", "decline")
    assert top(st).a == "space:4:development"
    act(st, "do:income")
    assert st.companies[0].treasury == 5 + 3


def test_r76_declining_both_is_not_a_skip() -> None:
    st = _at()
    give(st, 0, "C47")
    act(st, "play:C47:dev:4", "first:card", "decline", "decline")
    c = st.companies[0]
    assert c.treasury == 5 and c.board[3].card == "C47" and c.board[3].mode == "development"
    assert top(st).seat == 1


def test_r25_r26_r27_r28_skip_gains_3_and_ignores_actions() -> None:
    st = _at()
    give(st, 0, "C01")
    ev = act(st, "play:C01:skip:6")
    c = st.companies[0]
    assert c.treasury == 8 and c.board[5].mode == "skip" and c.rows["benares"] == 2
    assert "C01" not in c.hand and "skips" in texts(ev)


def test_r77_skip_income_can_give_a_profit_disc() -> None:
    st = _at(treasury=9)
    give(st, 0, "C01")
    act(st, "play:C01:skip:1")
    assert (st.companies[0].treasury, st.companies[0].discs) == (2, 1)


def test_r7_r8_r68_one_card_per_turn_clockwise_six_turns_each() -> None:
    st = new(seats=3)
    seen = []
    while st.phase == "action":
        seat = top(st).seat
        seen.append(seat)
        c = st.companies[seat]
        before = len(c.hand)
        space = next(i for i, s in enumerate(c.board) if not s.card) + 1
        act(st, f"play:{c.hand[0]}:skip:{space}")
        assert len(c.hand) == before - 1
    assert seen == [0, 1, 2] * 6
    assert all(all(s.card for s in c.board) for c in st.companies)
    assert st.phase == "administration"


def test_r69_only_empty_spaces_in_any_order() -> None:
    st = _at()
    hand = list(st.companies[0].hand)
    act(st, f"play:{hand[0]}:skip:4")
    act(st, f"play:{st.companies[1].hand[0]}:skip:1")
    opts = menu_ids(st, f"card:{hand[1]}")
    assert f"play:{hand[1]}:dev:6" in opts
    assert f"play:{hand[1]}:dev:4" not in opts and f"play:{hand[1]}:skip:4" not in opts
    with pytest.raises(IllegalAction, match="already holds a card"):
        T.apply(st, 0, f"play:{hand[1]}:dev:4")


def test_r78_skip_always_available() -> None:
    st = new(seats=4)
    while st.phase == "action":
        seat = top(st).seat
        c = st.companies[seat]
        card = c.hand[-1]
        assert any(x.startswith(f"play:{card}:skip:") for x in menu_ids(st, f"card:{card}"))
        space = max(i for i, s in enumerate(c.board) if not s.card) + 1
        act(st, f"play:{card}:skip:{space}")
        assert len(c.hand) >= 2
