"""Bookkeeping points, the book display and the bookkeeper action (sections 10.3, 14; R111-R125)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.mombasa import books
from engine.mombasa.data import data
from engine.mombasa.state import BookPos, SlotCard, State, turn_down
from tests.engine.mombasa.mb_helpers import started_game

BLUE = 0


def game() -> State:
    st = started_game(11)
    p = st.players[BLUE]
    p.books[0] = BookPos("start:7b")  # needs 1 coffee, reward £1
    return st


def book(letter: str, **req: int) -> list[str]:
    """Every book id of `letter` with exactly this requirement."""
    return [b.id for b in data().books.values() if b.letter == letter and dict(b.req) == req]


def card(kind: str, n: int = 0) -> str:
    """An action card id: a bookkeeper with n points, or a goods card of good `kind`."""
    for c in data().cards.values():
        if c.letter in "ABCDE":
            if kind == "bookkeeper" and c.type == kind and c.bookkeeping_points == n:
                return c.id
            if c.type == "goods" and c.good == kind and (not n or c.units == n):
                return c.id
    raise LookupError(kind)


def slots(st: State, *ids: str) -> None:
    for i, cid in enumerate(ids):
        st.players[BLUE].slots[i + 1] = SlotCard(cid)


def test_R111_one_offer_per_face_up_bookkeeper() -> None:
    st = game()
    slots(st, card("bookkeeper", 1), card("bookkeeper", 2), card("coffee"))
    assert [c.id for c in books.offers(st, BLUE)] == ["k:2", "k:3"]
    turn_down(st.players[BLUE], 2)
    assert [c.id for c in books.offers(st, BLUE)] == ["k:3"]


def test_R112_R121_points_first_then_the_ink_jar() -> None:
    st = game()
    a = book("A", coffee=2)
    st.book_display["A"] = a[:2]  # two identical tiles: no choice, no token
    slots(st, card("bookkeeper", 1), card("coffee", 2))
    ch = books.steps(st, BLUE, ("k:2",))
    assert [c.id for c in ch] == ["k:2::0", "k:2::1", "k:2::2"]
    ev = books.apply(st, BLUE, "k:2::2")
    p = st.players[BLUE]
    assert p.books[1].tile == a[0] and p.ink == 2 and st.book_display["A"] == [a[1]]
    assert any("places book A" in e.text for e in ev)


def test_R113_the_ink_jar_stops_before_a_position_without_a_book() -> None:
    st = game()
    slots(st, "blue:S_BKP", card("coffee"))
    assert [t for t, _, _ in books.ink_targets(st, BLUE)] == [1]
    with pytest.raises(IllegalAction):
        books.apply(st, BLUE, "k:2::2")


def test_R114_met_requirement_enters_free() -> None:
    st = game()
    slots(st, "blue:S_BKP", card("coffee"))
    assert books.ink_targets(st, BLUE) == [(1, [], 0)]
    cash = st.players[BLUE].cash
    books.apply(st, BLUE, "k:2::1")
    assert st.players[BLUE].cash == cash + 1  # the starting tile's £1 (R117)


def test_R115_unmet_book_costs_2_to_flip_and_then_gives_nothing() -> None:
    st = game()
    slots(st, "blue:S_BKP")
    p = st.players[BLUE]
    p.cash = 2
    assert books.ink_targets(st, BLUE) == [(1, [1], 2)]
    books.apply(st, BLUE, "k:2::1")
    assert p.cash == 0 and not p.books[0].face_up and p.ink == 1
    st2 = game()
    slots(st2, "blue:S_BKP")
    st2.players[BLUE].cash = 1  # cannot pay the flip (R174)
    assert books.ink_targets(st2, BLUE) == []
    with pytest.raises(IllegalAction):
        books.apply(st2, BLUE, "k:2::1")


def test_R116_face_down_and_left_empty_are_free() -> None:
    st = game()
    p = st.players[BLUE]
    p.books[0] = BookPos(p.books[0].tile, False)
    p.books[1] = BookPos(left_empty=True)
    p.books[2] = BookPos(book("A", bananas=3)[0])
    p.cash = 0
    slots(st, "blue:S_BKP", card("bananas", 3))
    assert [t for t, f, c in books.ink_targets(st, BLUE) if not c] == [1, 2, 3]


def test_R117_reward_only_where_the_jar_stops_after_a_move() -> None:
    st = game()
    p = st.players[BLUE]
    p.books[1] = BookPos(book("A", coffee=2)[0])  # reward £1
    slots(st, "blue:S_BKP", card("coffee", 2))
    cash = p.cash
    books.apply(st, BLUE, "k:2::2")  # passes the starting tile: nothing from it
    assert p.cash == cash + 1
    st2 = game()
    slots(st2, "blue:S_BKP", card("coffee", 2))
    cash = st2.players[BLUE].cash
    ch = books.steps(st2, BLUE, ("k:2",))
    assert ch[0].id == "k:2::0" and "no reward" in ch[0].label
    books.apply(st2, BLUE, "k:2::0")  # no move: no reward
    assert st2.players[BLUE].cash == cash and st2.players[BLUE].ink == 0


def test_R118_milestones_unlock_slot_5_and_give_a_marker() -> None:
    st = game()
    p = st.players[BLUE]
    for i in range(1, 9):
        p.books[i] = BookPos(left_empty=True)
    slots(st, "blue:S_BKP")
    p.books[0] = BookPos(p.books[0].tile, False)
    markers, box = p.markers, p.markers_in_box
    ev = books.apply(st, BLUE, "k:2::9")
    assert 5 in p.unlocked and p.markers == markers + 1 and p.markers_in_box == box - 1
    assert sum("milestone" in e.text or "reaches" in e.text for e in ev) == 2


def test_R119_the_bookkeeper_turns_face_down() -> None:
    st = game()
    slots(st, "blue:S_BKP")
    books.apply(st, BLUE, "k:2::0")
    assert not st.players[BLUE].slots[1].face_up and books.offers(st, BLUE) == []


def test_R120_R121_points_fill_the_leftmost_empty_position_with_a_chosen_tile() -> None:
    st = game()
    row = list(st.book_display["A"])
    ch = books.point_steps(st, BLUE, 2, ())
    assert ch and all(c.step and "position 2" in c.label for c in ch)
    tok = ch[-1].id
    second = books.point_steps(st, BLUE, 2, (tok,))
    plan = [tok] + ([second[0].id] if second else [])
    books.bookkeeping_points(st, BLUE, 2, plan)
    p = st.players[BLUE]
    assert p.books[1].tile == row[int(tok) - 1] and p.books[2].tile and not p.books[3].tile
    with pytest.raises(IllegalAction):  # too many picks
        books.bookkeeping_points(st, BLUE, 1, ["1", "1"])


def test_R121_identical_tiles_are_one_choice() -> None:
    st = game()
    st.book_display["A"] = book("A", cotton=3)[:3]
    assert books.point_steps(st, BLUE, 1, ()) == []
    with pytest.raises(IllegalAction):
        books.bookkeeping_points(st, BLUE, 1, ["2"])


def test_R122_an_empty_row_is_refilled_first() -> None:
    st = game()
    st.book_display["A"] = []
    top = st.book_supply["A"][0]
    ch = books.point_steps(st, BLUE, 1, ())
    plan = ["1"] if ch else []
    ev = books.bookkeeping_points(st, BLUE, 1, plan)
    assert st.players[BLUE].books[1].tile == top and len(st.book_display["A"]) == st.seats
    assert any("refilled" in e.text for e in ev)


def test_R123_exhausted_letter_leaves_the_position_empty_and_moves_on() -> None:
    st = game()
    p = st.players[BLUE]
    for i in (1, 2, 3):
        p.books[i] = BookPos(book("A", coffee=2)[0])
    st.book_display["A"], st.book_supply["A"] = [], []
    st.book_display["B"] = book("B", bananas=5)[:1]
    books.bookkeeping_points(st, BLUE, 1, [])
    assert p.books[4].left_empty and p.books[5].tile == book("B", bananas=5)[0]


def test_R124_no_empty_position_gives_2_per_point() -> None:
    st = game()
    p = st.players[BLUE]
    for i in range(1, 13):
        p.books[i] = BookPos(left_empty=True)
    cash = p.cash
    books.bookkeeping_points(st, BLUE, 3, [])
    assert p.cash == cash + 6


def test_R125_refill_every_row_to_players_plus_1() -> None:
    st = game()
    st.book_display["A"] = st.book_display["A"][:1]
    st.book_display["C"] = []
    ev = books.refill_book_display(st)
    assert all(len(r) == st.seats + 1 for r in st.book_display.values()) and ev


def test_R111_R119_every_menu_move_is_accepted() -> None:
    st = game()
    slots(st, card("bookkeeper", 2), card("bookkeeper", 1), card("coffee", 2), card("cotton", 2))
    for offer in books.offers(st, BLUE):
        path = (offer.id,)
        while True:
            ch = books.steps(st, BLUE, path)
            assert ch and all(len(c.id) <= 60 and len(c.label) <= 100 for c in ch)
            c = ch[-1]
            if not c.step:
                books.apply(st, BLUE, c.id)
                break
            path = (*path, c.id)
    assert books.offers(st, BLUE) == []
