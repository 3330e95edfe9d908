"""Setup, seat order, money and automatic-player rules not named elsewhere: R54, R68, R173,
R190, R194, R196 -- through `new_game`, the registered Title and seeded whole games."""

from __future__ import annotations

import msgspec

from engine import registry
from engine.mombasa import TITLE, bonus, diamonds, planning, rounds
from engine.mombasa.data import data
from engine.mombasa.setup import new_game
from engine.mombasa.tracks import advance
from engine.rng import Rng
from tests.engine.mombasa.mb_flow_helpers import planning_state


def title():
    registry.load_builtin()
    return registry.get("mombasa")


def test_R54_seat_1_starts_every_round_turns_in_seat_order_start_player_fixed() -> None:
    t = title()
    for seed, seats in ((1, 2), (2, 3), (3, 4)):
        st = t.setup(seed, seats, {})
        rng = Rng.from_seed(seed)
        prev_turn, prev_phase, rounds_seen = None, st.phase, set()
        while st.phase != "over":
            assert st.start_player == 0
            seat = rng.choice([pr.seat for pr in t.prompts(st)])
            before = t.copy(st)
            t.apply(st, seat, t.bot_choice(st, seat, rng))
            if st.phase == "action" and prev_phase != "action":
                # the first turn of the phase: seat 1 (index 0), or the next seat that has an
                # action if seat 1 had to pass automatically
                first = next(s for s in range(seats) if not st.players[s].passed)
                assert st.turn == first
                rounds_seen.add(st.round)
            elif st.phase == "action" and before.phase == "action":
                # the turn goes to the next seat in seat order that has not passed
                order = [(before.turn + k) % seats for k in range(1, seats + 1)]
                expected = next(s for s in order if not st.players[s].passed)
                assert st.turn == expected
            prev_turn, prev_phase = st.turn, st.phase
        assert rounds_seen == set(range(1, 8)) and st.start_player == 0
        assert prev_turn is not None


def test_R54_reveal_hands_the_first_turn_to_seat_1() -> None:
    st = planning_state(3, seed=4)
    for s in range(3):
        TITLE.apply(st, s, planning.auto_plan(st, s))
    assert st.phase == "action" and st.turn == 0 and not st.players[0].passed


def test_R68_only_the_book_row_size_and_seat_cards_depend_on_the_player_count() -> None:
    d = data()
    games = {n: new_game(21, n, {}) for n in (2, 3, 4)}
    ref = games[2]
    for n, st in games.items():
        assert st.sides == ref.sides and st.deck == ref.deck and st.display == ref.display
        assert st.bonus_spaces == ref.bonus_spaces and st.bonus_tiles == ref.bonus_tiles
        assert st.bases == ref.bases and st.map == ref.map
        assert {k: len(v) for k, v in st.book_display.items()} == dict.fromkeys("ABC", n + 1)
        for letter in "ABC":  # same supply order, only more tiles dealt to the display
            assert st.book_display[letter] + st.book_supply[letter] == (
                ref.book_display[letter] + ref.book_supply[letter]
            )
        seat_cards = [c for p in st.players for c in p.hand if "SEAT_" in c]
        assert sorted(c.split(":")[1] for c in seat_cards) == list(d.seat_card_ids[:n])
        for seat, p in enumerate(st.players):
            q = ref.players[min(seat, 1)]
            assert (p.cash, p.markers, p.markers_in_box, p.unlocked) == (
                q.cash,
                q.markers,
                q.markers_in_box,
                q.unlocked,
            )
            assert p.colour == d.player_colours[seat]
            assert len(p.hand) == 10


def test_R173_money_is_open_and_the_bank_unlimited() -> None:
    st = planning_state(4, seed=6)
    st.players[1].cash = 17
    for viewer in (None, 0, 1, 2, 3):
        v = TITLE.view(st, viewer)
        assert [p.cash for p in v.players] == [p.cash for p in st.players]
    # the bank never runs out: far more than the 60 coins of the box (£140) is paid out
    st.players[0].diamond = data().diamond.last_position
    diamonds.diamond_steps(st, 0, 100)
    assert st.players[0].cash == 5 + 100 * data().diamond.overflow_pounds
    st.players[1].cash = 500
    r = advance(st, 1, "mombasa", 18)
    assert r.end == 18  # every capital call paid, every special space paid out


def test_R190_engine_draws_no_seat_permutation_first_draw_is_the_track_deal() -> None:
    d = data()
    for seed in range(8):
        st = new_game(seed, 3, {})
        rng = Rng.from_seed(seed)
        letters = ["A", "B", "C", "D"]
        rng.shuffle(letters)
        side_of = {letter: f"{letter}{1 + rng.below(2)}" for letter in "ABCD"}
        assert st.sides == {c: side_of[lt] for c, lt in zip(d.companies, letters, strict=True)}
        # seats keep the host's order: colours and seat cards in seat order, seat 1 starts
        assert [p.colour for p in st.players] == list(d.player_colours[:3])
        assert st.start_player == 0
        for seat, p in enumerate(st.players):
            assert f"{p.colour}:{d.seat_card_ids[seat]}" in p.hand
    assert d.switches["seat_order"] == "host_random"
    # with a fixed track deal there is no track draw: the deck shuffle comes first
    fixed = new_game(3, 2, {"tracks": "fixed"})
    rng = Rng.from_seed(3)
    stack = []
    for letter in "ABCDE":
        pile = [c for c in d.action_card_ids if d.cards[c].letter == letter]
        rng.shuffle(pile)
        stack += pile
    shown = [
        fixed.display[row][d.display_columns.index(col)]
        for col in d.fill_order
        for row in range(d.display_rows)
    ]
    assert shown + fixed.deck == stack  # the display takes the top 9 in the R58 order


def test_R194_automatic_player_decides_only_from_its_own_view() -> None:
    """At every decision of seeded games, the automatic player's move is the same in the real
    state and in a redeal of everything its seat cannot see (other hands, plans, deck order,
    book supplies)."""
    t = title()
    for seed, seats in ((7, 2), (8, 3), (9, 4)):
        st = t.setup(seed, seats, {})
        rng = Rng.from_seed(seed)
        n = 0
        while st.phase != "over":
            seat = rng.choice([pr.seat for pr in t.prompts(st)])
            salt = rng.below(1 << 30)
            move = t.bot_choice(st, seat, Rng.from_seed(salt))
            other = t.redeal(st, seat, Rng.from_seed(salt + 1))
            assert msgspec.json.encode(t.view(other, seat)) == msgspec.json.encode(t.view(st, seat))
            assert t.bot_choice(other, seat, Rng.from_seed(salt)) == move, (seed, n, move)
            t.apply(st, seat, move)
            n += 1


def test_R196_study_is_a_fifth_kind_of_board_bonus_space() -> None:
    d = data()
    kinds = {s.kind for s in d.bonus_spaces.values()}
    assert kinds == {"majority", "tile", "buy", "sell", "study"}
    assert d.bonus_spaces["STUDY"].kind == "study"
    assert d.bonus_spaces["STUDY"].pay_pounds == 3
    st = planning_state(2, seed=2)
    st.phase = "action"
    assert "STUDY" in bonus.space_ids(st)
    assert any(c.id == "b:STUDY" or c.id.startswith("b:STUDY") for c in bonus.steps(st, 0, ("b",)))
    assert rounds.offer_owner(st, 0, "b") is bonus
