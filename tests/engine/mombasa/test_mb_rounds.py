"""Round flow: starting tiles, turns, passing, preparation, end (R64, R69-R85, R140, R157,
R159-R165, R184, R191, R201)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.mombasa import TITLE, prompts, rounds
from engine.mombasa.state import SlotCard, TrackBonus
from tests.engine.mombasa.mb_flow_helpers import no_actions, plan_all, planning_state, some_actions


def _action_state(monkeypatch, seats=3):
    some_actions(monkeypatch)
    monkeypatch.setattr(rounds.diamonds, "apply", lambda st, seat, move: [])
    st = planning_state(seats)
    plan_all(st)
    assert st.phase == "action"
    return st


def test_R64_R183_starting_tiles_secret_simultaneous_then_revealed():
    st = TITLE.setup(3, 3, {})
    ps = TITLE.prompts(st)
    assert [p.seat for p in ps] == [0, 1, 2] and all(p.secret for p in ps)
    assert [c.id for c in ps[0].choices] == ["start:0", "start:1"]
    ev = TITLE.apply(st, 1, "start:1")
    assert [e.text for e in ev if e.private_to is None] == ["Green has chosen a starting tile."]
    with pytest.raises(IllegalAction):
        TITLE.apply(TITLE.copy(st), 1, "start:0")  # already chosen
    assert TITLE.view(st, 0) == TITLE.view(TITLE.redeal(st, 0, st.rng.fork(1)), 0)
    TITLE.apply(st, 0, "start:0")
    ev = TITLE.apply(st, 2, "start:0")
    assert sum("keeps starting tile" in e.text and e.barrier for e in ev) == 3
    assert st.phase == "planning" and st.round == 1
    assert all(len(p.hand) == 7 for p in st.players)


def test_R184_R189_default_choices(monkeypatch):
    st = TITLE.setup(3, 2, {})
    assert prompts.default_choice(st, 0) == "start:0"  # the first tile dealt
    st = _action_state(monkeypatch, seats=2)
    assert prompts.default_choice(st, 0) == "pass"  # turn: pass
    with pytest.raises(IllegalAction):
        prompts.default_choice(st, 1)  # not Green's decision


def test_R77_turns_in_seat_order_from_start_player_skipping_passed(monkeypatch):
    st = _action_state(monkeypatch)
    assert st.turn == 0
    TITLE.apply(st, 0, "d:9")
    assert st.turn == 1
    TITLE.apply(st, 1, "pass")
    assert st.turn == 2
    TITLE.apply(st, 2, "d:9")
    assert st.turn == 0
    TITLE.apply(st, 0, "d:9")
    assert st.turn == 2  # Green passed: skipped
    with pytest.raises(IllegalAction):
        TITLE.apply(TITLE.copy(st), 1, "d:9")


def test_R78_R81_R82_pass_anytime_and_phase_ends_when_all_passed(monkeypatch):
    st = _action_state(monkeypatch, seats=2)
    TITLE.apply(st, 0, "pass")
    assert st.players[0].passed and st.turn == 1
    TITLE.apply(st, 1, "d:9")
    assert st.turn == 1  # the only one left keeps acting
    TITLE.apply(st, 1, "pass")
    assert st.phase == "preparation"
    ps = TITLE.prompts(st)
    assert [p.seat for p in ps] == [0, 1] and not any(p.secret for p in ps)  # R191


def test_R83_automatic_pass_when_passing_is_the_only_legal_action(monkeypatch):
    some_actions(monkeypatch)
    monkeypatch.setattr(rounds.diamonds, "apply", lambda st, seat, move: [])
    no_actions(monkeypatch, {1})
    st = planning_state()
    ev = plan_all(st)
    assert st.turn == 0
    ev = TITLE.apply(st, 0, "d:9")
    assert st.players[1].passed and st.turn == 2
    assert any("Green has no action left and passes" in e.text for e in ev)


def test_R83_everyone_auto_passes_ends_the_action_phase(monkeypatch):
    no_actions(monkeypatch)
    st = planning_state()
    plan_all(st)
    assert st.phase == "preparation" and all(p.passed for p in st.players)


def test_R85_R201_pending_bonuses_activate_at_the_start_of_the_owners_turn(monkeypatch):
    some_actions(monkeypatch)
    monkeypatch.setattr(rounds.diamonds, "apply", lambda st, seat, move: [])
    activated = []
    monkeypatch.setattr(
        rounds.bonus, "on_bonus_activated", lambda st, s, c, i: activated.append((s, c, i)) or []
    )
    st = planning_state()
    st.players[1].bonuses.append(TrackBonus("cairo", 0, False))
    plan_all(st)
    assert not st.players[1].bonuses[0].active  # Blue's turn: Green's bonus still pending
    ev = TITLE.apply(st, 0, "d:9")
    assert st.players[1].bonuses[0].active and activated == [(1, "cairo", 0)]
    assert any("now active" in e.text for e in ev)


def test_R159_R160_R162_pickup_then_cleanup(monkeypatch):
    no_actions(monkeypatch)
    st = planning_state(2)
    hand0 = sorted(st.players[0].hand)
    plan_all(st, "plan:3=0")  # everyone plans its first card into slot 3, then all auto-pass
    pile3 = list(st.players[0].piles[2])
    played = st.players[0].slots[2].card
    assert played == hand0[0]
    TITLE.apply(st, 0, "pile:3")
    ev = TITLE.apply(st, 1, prompts.default_choice(st, 1))
    p = st.players[0]
    assert all(c in p.hand for c in pile3)  # picked up before the clean-up
    assert played not in p.hand and p.piles[2] == [
        played
    ]  # played card onto the pile above its slot
    assert all(not sc.card for sc in p.slots)
    assert len(p.hand) == 6 + len(pile3)  # no hand limit
    assert st.phase == "planning" and st.round == 2
    assert any(e.barrier for e in ev)


def test_R163_R191_pile_choice_is_public_and_carried_out_when_all_are_in(monkeypatch):
    no_actions(monkeypatch)
    st = planning_state(3)
    plan_all(st)
    ev = TITLE.apply(st, 2, "pile:2")
    assert ev[0].private_to is None and "slot 2" in ev[0].text
    assert (
        st.players[2].pile_choice == 2 and len(st.players[2].piles[1]) == 1
    )  # not yet carried out
    with pytest.raises(IllegalAction):
        TITLE.apply(TITLE.copy(st), 2, "pile:3")
    for bad in ("pile:0", "pile:6", "pile:2x", "pile"):
        with pytest.raises(IllegalAction):
            TITLE.apply(TITLE.copy(st), 0, bad)
    assert prompts.default_choice(st, 0) == "pile:2"  # R184: most cards, lowest slot on ties


def test_R140_R161_R164_markers_and_used_tiles_go_back(monkeypatch):
    no_actions(monkeypatch)
    st = planning_state(2)
    st.round = 2
    st.players[0].tile, st.players[0].tile_taken_round = "T1", 1
    st.bonus_tiles["T1"] = "seat:0"
    st.players[1].tile, st.players[1].tile_taken_round = "T2", 2  # taken this round: kept
    st.bonus_tiles["T2"] = "seat:1"
    st.bonus_spaces["BUY"] = 1
    st.players[1].markers, st.players[1].markers_placed = 1, ["BUY"]
    plan_all(st)
    assert st.players[0].tile_in_area
    TITLE.apply(st, 0, prompts.default_choice(st, 0))
    TITLE.apply(st, 1, prompts.default_choice(st, 1))
    assert st.bonus_tiles["T1"] == "space" and st.players[0].tile == ""
    assert st.bonus_tiles["T2"] == "seat:1" and st.players[1].tile == "T2"
    assert (
        st.bonus_spaces["BUY"] == -1
        and st.players[1].markers == 2
        and not st.players[1].markers_placed
    )
    assert rounds.tile_to_place(st, 1) == "T2"  # used in round 3


def test_R157_R125_display_and_book_display_refilled(monkeypatch):
    no_actions(monkeypatch)
    st = planning_state(2)
    st.display[0][2] = ""  # bought
    st.book_display["A"].pop()
    deck = len(st.deck)
    plan_all(st)
    TITLE.apply(st, 0, prompts.default_choice(st, 0))
    TITLE.apply(st, 1, prompts.default_choice(st, 1))
    assert all(all(row) for row in st.display) and len(st.deck) < deck
    assert len(st.book_display["A"]) == 3


def test_R69_R70_R165_seven_rounds_then_final_scoring_without_preparation(monkeypatch):
    no_actions(monkeypatch)
    st = planning_state(2)
    for rnd in range(1, 8):
        assert st.round == rnd and st.phase == "planning"
        plan_all(st)
        if rnd < 7:
            TITLE.apply(st, 0, prompts.default_choice(st, 0))
            TITLE.apply(st, 1, prompts.default_choice(st, 1))
    assert st.phase == "over" and st.round == 7
    assert TITLE.prompts(st) == [] and TITLE.result(st) is not None


def test_R79_R80_R84_passed_area_stays_until_preparation(monkeypatch):
    st = _action_state(monkeypatch, seats=2)
    st.players[0].slots[1] = SlotCard("blue:S_BAN1", False)
    TITLE.apply(st, 0, "pass")
    assert st.players[0].slots[1].card == "blue:S_BAN1"  # still counts for majorities (R84)


def test_R163_R162_an_empty_pile_is_not_offered_while_another_holds_cards(monkeypatch):
    """Taking back an empty pile gives nothing while another holds cards (no hand limit, R162):
    it is not offered, and not accepted either (the menus are the moves). With every pile empty
    one choice says so."""
    no_actions(monkeypatch)
    st = planning_state(3)
    plan_all(st)
    p = st.players[0]
    full = [n for n in range(1, 6) if p.piles[n - 1]]
    assert full and len(full) < 5
    menu = TITLE.choices(st, 0, ())
    assert [c.id for c in menu.choices] == [f"pile:{n}" for n in full]
    assert not any("empty" in c.label for c in menu.choices)
    empty = next(n for n in range(1, 6) if not p.piles[n - 1])
    with pytest.raises(IllegalAction, match="empty"):
        TITLE.apply(TITLE.copy(st), 0, f"pile:{empty}")
    p.piles = [[] for _ in range(5)]
    menu = TITLE.choices(st, 0, ())
    assert [(c.id, c.label) for c in menu.choices] == [
        ("pile:1", "Take back nothing (every discard pile is empty)")
    ]
    assert prompts.default_choice(st, 0) == "pile:1"
    with pytest.raises(IllegalAction):
        TITLE.apply(TITLE.copy(st), 0, "pile:2")
    TITLE.apply(st, 0, "pile:1")
