"""The view shows what section 2.1 makes public and nothing a seat may not see (R179-R183, R187)."""

from __future__ import annotations

import copy

import msgspec

from engine.mombasa import setup
from engine.mombasa.state import SlotCard
from engine.mombasa.viewer import build
from render.mombasa.samples import mid_state, planning_state


def enc(v) -> bytes:
    return msgspec.json.encode(v)


def test_R179_hand_contents_only_for_the_owner_size_for_all() -> None:
    st = mid_state(3)
    other = copy.deepcopy(st)
    other.players[1].hand = list(reversed(other.players[1].hand))
    other.players[1].hand[0], other.deck[0] = other.deck[0], other.players[1].hand[0]
    for seat in (None, 0, 2):
        assert enc(build(st, seat)) == enc(build(other, seat))
    assert build(st, 1).me.hand != build(other, 1).me.hand
    assert build(st, None).players[1].hand_size == len(st.players[1].hand)
    assert build(st, None).me is None


def test_R181_deck_and_book_supply_order_hidden_counts_public() -> None:
    st = mid_state(4)
    other = copy.deepcopy(st)
    other.deck.reverse()
    for letter in other.book_supply:
        other.book_supply[letter].reverse()
    for seat in (None, 0, 3):
        assert enc(build(st, seat)) == enc(build(other, seat))
    v = build(st, None)
    assert v.deck_count == len(st.deck)
    assert v.book_supply == {k: len(x) for k, x in st.book_supply.items()}


def test_R180_R187_plan_hidden_before_reveal_only_whether_confirmed() -> None:
    st = planning_state(4)
    p = st.players[2]
    a, b = copy.deepcopy(st), copy.deepcopy(st)
    a.players[2].plan.slots[1] = p.hand[0]
    a.players[2].plan.confirmed = True
    b.players[2].plan.slots[1:4] = p.hand[1:4]
    b.players[2].plan.confirmed = True
    # the flow may have taken planned cards out of the hand: sizes stay as planning began (R187)
    for cid in b.players[2].plan.slots:
        if cid:
            b.players[2].hand.remove(cid)
            i = b.players[2].plan.slots.index(cid)
            b.players[2].slots[i] = SlotCard(cid, b.players[2].slots[i].face_up)
    for seat in (None, 0, 1, 3):
        va, vb = build(a, seat), build(b, seat)
        assert enc(va) == enc(vb)
        assert va.players[2].planned and va.players[2].hand_size == len(p.hand)
    assert [c.id if c else "" for c in build(b, 2).me.plan][1:4] == p.hand[1:4]


def test_R182_revealed_areas_piles_tracks_and_bases_are_public() -> None:
    st = mid_state(4)
    v = build(st, None)
    p0 = st.players[0]
    assert [s.card.id if s.card else "" for s in v.players[0].slots] == [s.card for s in p0.slots]
    assert [[c.id for c in pile] for pile in v.players[0].piles] == p0.piles
    assert v.players[0].cash == p0.cash and v.players[0].diamond == p0.diamond
    comp = v.companies[0]
    assert comp.markers == [p.track[comp.id] for p in st.players]
    assert [s.arrivals for s in comp.specials] == st.arrivals[comp.id]
    assert comp.covered == st.bases[comp.id].posts
    assert {a.id: a.company for a in v.areas} == st.map
    assert len([d for d in v.display if d.card]) == sum(1 for r in st.display for c in r if c)
    assert all(d.price == max(0, d.card.crate + d.modifier) for d in v.display if d.card)
    assert v.players[0].tile == "T2" and v.players[0].tile_face == 1
    assert v.last == st.last


def test_R183_starting_tile_deal_private_until_all_chose() -> None:
    st = setup.new_game(5, 3, {})
    other = copy.deepcopy(st)
    other.players[1].start_deal.reverse()
    assert enc(build(st, None)) == enc(build(other, None))
    assert enc(build(st, 0)) == enc(build(other, 0))
    assert len(build(st, 1).me.start_deal) == 2
    st.players[1].start_choice = 0
    assert build(st, None).players[1].start_chosen and build(st, None).players[1].start_tile == ""
    v = build(planning_state(3), None)
    assert all(p.start_tile for p in v.players)


def test_view_of_a_fresh_setup_for_every_seat_count() -> None:
    for seats in (2, 3, 4):
        st = setup.new_game(seats, seats, {})
        v = build(st, None)
        assert len(v.players) == seats and len(v.companies) == 4
        assert v.deciding == list(range(seats))
        assert msgspec.json.decode(enc(v))["seats"] == seats


def test_view_shows_the_kept_start_book_and_final_scores() -> None:
    from render.mombasa.samples import final_game

    v = build(planning_state(3), None)
    start = v.players[0].books[0].tile
    assert start is not None and start.letter == "S" and start.req and start.reward
    end = build(final_game(2, 3), None)
    assert all(p.final["total"] >= 0 and p.place >= 1 for p in end.players)
    assert build(planning_state(3), None).players[0].final == {}


def test_the_last_move_highlight_never_shows_a_plan() -> None:
    from render.mombasa.samples import planning_game

    st = planning_game(4, 4, round_=2, planned=1)
    assert not any(k.startswith(("slot:", "hand:")) for k in st.last)
