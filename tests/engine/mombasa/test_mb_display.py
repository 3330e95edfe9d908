"""The card display and card prices (section 16, R156-R158) and the shared buy/sell helpers."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.mombasa import display, goods
from engine.mombasa.setup import new_game
from engine.mombasa.state import State

BLUE, GREEN = 0, 1


def game() -> State:
    st = new_game(5, 2, {"tracks": "fixed"})
    st.phase = "action"
    return st


def test_R156_price_modifiers_left_middle_right() -> None:
    st = game()
    for r in range(3):
        crates = [display.data().cards[k].crate for k in st.display[r]]
        assert [display.card_price(st, r, c, 0) for c in range(3)] == [
            crates[0] + 1,
            crates[1],
            max(0, crates[2] - 1),
        ]


def test_R58_R157_refill_discards_right_slides_and_refills_in_fill_order() -> None:
    st = game()
    before = [row[:] for row in st.display]
    st.display[0][1] = ""  # bought this round
    deck_top = st.deck[:4]
    left = len(st.deck)
    ev = display.refill_display(st)
    # right column to the discard pile
    assert st.discard == [before[0][2], before[1][2], before[2][2]]
    # rows slide right keeping their order; gaps refilled right, middle, left column, top to bottom
    assert st.display[0] == [deck_top[1], deck_top[0], before[0][0]]
    assert st.display[1] == [deck_top[2], before[1][0], before[1][1]]
    assert st.display[2] == [deck_top[3], before[2][0], before[2][1]]
    assert len(st.deck) == left - 4
    # drawn cards are public; the event is an undo barrier; nothing private
    assert ev and all(e.private_to is None for e in ev) and ev[-1].barrier


def test_R157_empty_deck_leaves_spaces_empty() -> None:
    st = game()
    st.deck = []
    display.refill_display(st)
    assert [row[0] for row in st.display] == ["", "", ""]
    assert all(row[1] and row[2] for row in st.display)


def test_R158_sold_card_goes_to_public_discard_pile() -> None:
    st = game()
    cid = st.players[BLUE].hand[0]
    cash = st.players[BLUE].cash
    ev = goods.sell_from_hand(st, BLUE, cid, 3)
    assert st.discard[-1] == cid and cid not in st.players[BLUE].hand
    assert st.players[BLUE].cash == cash + display.data().cards[cid.split(":")[-1]].crate + 3
    assert ev[0].private_to is None
    with pytest.raises(IllegalAction):
        goods.sell_from_hand(st, BLUE, cid, 3)


def test_R174_buy_in_pounds_needs_the_cash() -> None:
    st = game()
    price = goods.card_price(st, 0, 0, 0)
    st.players[BLUE].cash = price - 1
    with pytest.raises(IllegalAction):
        goods.buy_from_display(st, BLUE, 0, 0, price)
    assert st.display[0][0] and st.players[BLUE].cash == price - 1
    st.players[BLUE].cash = price
    card = st.display[0][0]
    goods.buy_from_display(st, BLUE, 0, 0, price)
    assert st.players[BLUE].cash == 0 and card in st.players[BLUE].hand and st.display[0][0] == ""
    with pytest.raises(IllegalAction):
        goods.card_price(st, 0, 0, 0)


def test_display_space_ids() -> None:
    assert display.space_id(0, 1) == "r1c2" and display.parse_space("r3c3") == (2, 2)
    for bad in ("r4c1", "r0c1", "x1", "r1c4"):
        with pytest.raises(IllegalAction):
            display.parse_space(bad)
