"""Components and setup: R1, R6, R11, R35, R50, R57-R67, R74."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from tests.engine.benares.bc_helpers import D, T, ids, new, top


def test_r1_every_card_is_load_or_move() -> None:
    assert len(D.cards) == 48
    kinds = [c["logistics"]["kind"] for c in D.cards.values()]
    assert set(kinds) == {"load", "move"}
    assert kinds.count("load") == 24 and kinds.count("move") == 24


def test_r6_r11_r74_company_board_six_spaces_with_action_pair_and_multipliers() -> None:
    st = new()
    assert len(st.companies[0].board) == 6
    assert [s["mult"] for s in D.board] == [1, 1, 2, 2, 3, 3]
    for s in D.board:
        assert s["development"]["kind"] and s["logistics"]["kind"] in ("load", "move")


def test_r35_r63_three_pawns_start_rows() -> None:
    st = new(seats=3)
    for c in st.companies:
        assert c.rows == {"benares": 2, "calcutta": 2, "advisor": 0}


def test_r50_five_post_types() -> None:
    assert set(D.posts["types"]) == {"north", "south", "east", "west", "regional"}


@pytest.mark.parametrize("seats", [1, 5])
def test_r57_two_to_four_players(seats: int) -> None:
    with pytest.raises(IllegalAction):
        T.setup(1, seats, {})


def test_r58_four_goods() -> None:
    assert D.goods == ["indigo", "silk", "cotton", "saltpetre"]


def test_r59_river_map() -> None:
    assert len(D.spaces) == 17
    rm = D.raw["river_map"]
    assert len(rm["connections"]) == 16 and len(rm["shortcuts"]) == 3
    regions = [v["region"] for v in D.spaces.values()]
    assert regions.count("city") == 2
    assert sum(1 for v in D.spaces.values() if v["source"]) == 12
    for g in D.goods:
        assert sum(1 for v in D.spaces.values() if v["source"] == g) == 3


def test_r60_seat_one_is_first_player_of_round_one() -> None:
    st = new(seats=3)
    assert st.first_player == 0 and top(st).seat == 0 and top(st).kind == "turn"


@pytest.mark.parametrize(("seats", "fill"), [(2, 2), (3, 3), (4, 3)])
def test_r61_sources_start_with_crates(seats: int, fill: int) -> None:
    st = new(seats=seats)
    for sid, v in D.spaces.items():
        assert st.crates.get(sid, 0) == (fill if v["source"] else 0)
    for g in D.goods:
        assert st.crate_supply[g] == 15 - 3 * fill


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r62_post_supply(seats: int) -> None:
    st = new(seats=seats)
    for k in ("north", "south", "east", "west"):
        assert st.post_supply[k] == seats + 1
    assert st.post_supply["regional"] == 2 * seats


def test_r64_r65_starting_company_values() -> None:
    st = new(seats=4)
    assert [c.treasury for c in st.companies] == [4, 5, 6, 7]
    for c in st.companies:
        assert (c.discs, c.vp, c.posts, c.concessions_used, c.investments) == (0, 0, [], [], [])
        assert set(c.goods.values()) == {0} and c.hold == {} and c.capacity == 4


def test_r66_boats_placed_in_reverse_seat_order_on_a_city() -> None:
    st = T.setup(3, 3, {})
    order = []
    while st.phase == "boats":
        assert sorted(ids(st)) == ["boat:BEN", "boat:CAL"]
        seat = top(st).seat
        order.append(seat)
        T.apply(st, seat, "boat:CAL" if seat == 1 else "boat:BEN")
    assert order == [2, 1, 0]
    assert [c.boat for c in st.companies] == ["BEN", "CAL", "BEN"]


def test_r67_shuffle_and_deal_eight_each() -> None:
    st = new(seats=4)
    hands = [c.hand for c in st.companies]
    assert all(len(h) == 8 for h in hands)
    every = [x for h in hands for x in h] + st.deck
    assert sorted(every) == sorted(D.card_ids)
    other = new(seats=4, seed=2)
    assert [c.hand for c in other.companies] != hands
