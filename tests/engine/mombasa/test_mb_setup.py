"""Setup (section 6, R53-R68, R190, R197, R199)."""

from __future__ import annotations

import msgspec
import pytest

from engine.core import IllegalAction
from engine.mombasa.bases import share_value
from engine.mombasa.data import data
from engine.mombasa.setup import apply_start_tiles, choose_start_tile, new_game
from engine.mombasa.state import State


def test_R53_two_to_four_players() -> None:
    for n in (2, 3, 4):
        assert len(new_game(1, n).players) == n
    for n in (1, 5):
        with pytest.raises(IllegalAction):
            new_game(1, n)


def test_R185_same_seed_same_game() -> None:
    a, b = new_game(42, 4), new_game(42, 4)
    assert msgspec.json.encode(a) == msgspec.json.encode(b)
    assert msgspec.json.decode(msgspec.json.encode(a), type=State) == a


def test_R55_tracks_assigned_randomly() -> None:
    seen = set()
    for seed in range(60):
        st = new_game(seed, 2)
        assert sorted(s[0] for s in st.sides.values()) == ["A", "B", "C", "D"]
        seen.add(tuple(st.sides.values()))
    assert len(seen) > 20


def test_R197_fixed_and_R199_explicit_tracks() -> None:
    st = new_game(3, 2, {"tracks": "fixed"})
    assert st.sides == {"mombasa": "A1", "cape_town": "B1", "saint_louis": "C1", "cairo": "D1"}
    st = new_game(3, 2, {"tracks": "A1,B2,C2,D1"})
    assert st.sides == {"mombasa": "A1", "cape_town": "B2", "saint_louis": "C2", "cairo": "D1"}
    with pytest.raises(IllegalAction):
        new_game(3, 2, {"tracks": "A1,A2,C2,D1"})


def test_R199_fixed_tracks_skip_draws_but_keep_order() -> None:
    a = new_game(9, 2, {"tracks": "fixed"})
    b = new_game(9, 2, {"tracks": "A1,B1,C1,D1"})
    assert a.deck == b.deck and a.display == b.display


def test_R56_bases_covered_map_empty() -> None:
    st = new_game(5, 3)
    for c in data().companies:
        assert share_value(st, c) == 0 and st.bases[c].reserve == 0
    assert set(st.map.values()) == {""}


def test_R57_deck_stacked_by_letter() -> None:
    st = new_game(5, 3)
    d = data()
    all_cards = [cid for row in st.display for cid in row] + st.deck
    assert sorted(all_cards) == sorted(d.action_card_ids)
    letters = [d.cards[c].letter for c in st.deck]
    assert letters == sorted(letters)


def test_R58_display_filled_right_column_first() -> None:
    st = new_game(5, 3)
    fresh = new_game(5, 3)
    deck = [cid for row in fresh.display for cid in row]  # all 9 are A cards
    order = (
        [st.display[r][2] for r in range(3)]
        + [st.display[r][1] for r in range(3)]
        + [st.display[r][0] for r in range(3)]
    )
    assert all(data().cards[c].letter == "A" for c in deck)
    assert len(set(order)) == 9 and not any(c in st.deck for c in order)


def test_R59_book_display_rows_players_plus_one() -> None:
    for n in (2, 3, 4):
        st = new_game(1, n)
        for letter in "ABC":
            assert len(st.book_display[letter]) == n + 1
            assert len(st.book_supply[letter]) == 24 - (n + 1)
            assert all(t.startswith(letter) for t in st.book_display[letter])


def test_R60_bonus_tiles_on_their_spaces() -> None:
    st = new_game(1, 2)
    assert st.bonus_tiles == {"T1": "space", "T2": "space", "T3": "space", "T4": "space"}
    assert all(v == -1 for v in st.bonus_spaces.values())


def test_R61_R62_R67_R76_player_start() -> None:
    st = new_game(1, 4)
    for p in st.players:
        assert set(p.track.values()) == {0} and p.diamond == 0 and p.ink == 0
        assert p.markers == 2 and p.markers_in_box == 3
        assert p.cash == 5
        assert p.unlocked == [2, 3, 4]
    assert [p.colour for p in st.players] == ["blue", "green", "yellow", "purple"]  # R197


def test_R63_starting_cards_and_seat_card() -> None:
    st = new_game(1, 4)
    for seat, p in enumerate(st.players):
        assert len(p.hand) == 10
        assert f"{p.colour}:SEAT_{seat + 1}" in p.hand
        assert f"{p.colour}:S_BAN1" in p.hand


def test_R64_two_tiles_dealt_with_faces_choice_open() -> None:
    st = new_game(7, 4)
    assert st.phase == "start_tiles"
    dealt = [deal.tile for p in st.players for deal in p.start_deal]
    assert len(dealt) == 8 and len(set(dealt)) == 8
    assert all(deal.face in ("a", "b") for p in st.players for deal in p.start_deal)


def test_R65_R66_apply_start_tiles() -> None:
    st = new_game(7, 3)
    for seat in range(3):
        choose_start_tile(st, seat, 1)
    keep = [p.start_deal[1] for p in st.players]
    apply_start_tiles(st)
    d = data()
    for p, deal in zip(st.players, keep, strict=True):
        face = d.start_tiles[deal.tile - 1].faces[deal.face]
        assert p.books[0].tile == f"start:{deal.tile}{deal.face}"
        assert [pile for pile in p.piles] == [[], *[[f"{p.colour}:{c}"] for c in face.lock], []]
        assert len(p.hand) == 7
        assert p.start_deal == [deal]
    assert st.phase == "planning"


def test_R64_apply_refused_before_everyone_chose() -> None:
    st = new_game(7, 2)
    choose_start_tile(st, 0, 0)
    with pytest.raises(IllegalAction):
        apply_start_tiles(st)
