"""Diamond track and the diamond-merchant action (sections 10.4, 15; R126-R129)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.mombasa import diamonds
from engine.mombasa.data import data
from engine.mombasa.setup import new_game
from engine.mombasa.state import SlotCard

BLUE = 0


def merchant(n: int) -> str:
    return next(
        c.id for c in data().cards.values() if c.type == "diamond_merchant" and c.diamonds == n
    )


def test_R126_merchant_moves_by_its_diamonds_then_face_down() -> None:
    st = new_game(3, 2, {})
    p = st.players[BLUE]
    p.slots[2] = SlotCard(merchant(2))
    (offer,) = diamonds.offers(st, BLUE)
    assert offer.id == "d:3" and not offer.step and "0 → 2" in offer.label
    diamonds.apply(st, BLUE, "d:3")
    assert p.diamond == 2 and not p.slots[2].face_up and diamonds.offers(st, BLUE) == []
    with pytest.raises(IllegalAction):
        diamonds.apply(st, BLUE, "d:3")


def test_R127_reaching_or_passing_5_unlocks_slot_1() -> None:
    st = new_game(3, 2, {})
    p = st.players[BLUE]
    p.diamond = 3
    diamonds.diamond_steps(st, BLUE, 1)
    assert 1 not in p.unlocked
    ev = diamonds.diamond_steps(st, BLUE, 3)  # passes 5
    assert p.unlocked == [1, 2, 3, 4] and any("slot 1" in e.text for e in ev)


def test_R128_steps_beyond_the_last_position_give_2_each() -> None:
    st = new_game(3, 2, {})
    p = st.players[BLUE]
    p.diamond, cash = 13, p.cash
    diamonds.diamond_steps(st, BLUE, 4)
    assert p.diamond == 15 and p.cash == cash + 4
    diamonds.diamond_steps(st, BLUE, 1)
    assert p.cash == cash + 6


def test_R129_no_diamond_merchant_among_the_starting_cards() -> None:
    d = data()
    assert all(
        d.cards[c].type != "diamond_merchant" for c in (*d.starting_card_ids, *d.seat_card_ids)
    )
    st = new_game(3, 2, {})
    assert diamonds.offers(st, BLUE) == []
