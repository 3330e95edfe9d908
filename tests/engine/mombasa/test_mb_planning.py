"""Planning phase: commit-and-reveal built from draft steps (R71-R76, R180, R187, R189, R192, R193)."""

from __future__ import annotations

import msgspec
import pytest

from engine.core import BACK, IllegalAction, undoable
from engine.mombasa import TITLE, planning, prompts
from engine.mombasa.data import data
from tests.engine.mombasa.mb_flow_helpers import planning_state, some_actions


def _confirm(menu):
    return next(c for c in menu.choices if c.id.startswith("plan:"))


def test_R71_R192_plan_built_by_steps_confirmed_as_one_move(monkeypatch):
    some_actions(monkeypatch)
    st = planning_state()
    before = TITLE.encode(st)
    top = TITLE.choices(st, 0, ())
    assert top.secret and top == TITLE.prompt_for(st, 0)
    assert _confirm(top).id == "plan:-"
    # a card and its slot are one choice, grouped by slot (R192)
    pairs = [c for c in top.choices if c.id.startswith("c")]
    assert {c.id for c in pairs} >= {"c0s2", "c0s3", "c0s4"}
    assert all(c.step and c.group == f"Slot {c.id[-1]}" for c in pairs)
    m2 = TITLE.choices(st, 0, ("c0s3",))
    assert _confirm(m2).id == "plan:3=0"
    assert all(c.step for c in m2.choices if not c.id.startswith("plan:"))
    assert TITLE.encode(st) == before  # steps never change the state
    card = planning.sorted_hand(st, 0)[0]
    TITLE.apply(st, 0, "plan:3=0")
    assert st.players[0].plan.confirmed and st.players[0].plan.slots[2] == card
    assert card in st.players[0].hand  # stays in the hand until the reveal (R187)


def test_R192_last_free_slot_planned_and_confirmed_in_one_choice():
    """With one free slot left, each card put there and the plan confirmed is one choice (as the
    slot menu of the two-step path offers it); the plan of three cards takes three choices."""
    st = planning_state()
    m = TITLE.choices(st, 0, ("c0s2", "c1s3"))
    done = [c for c in m.choices if c.id.startswith("plan:") and c.id.count("=") == 3]
    assert [c.id for c in done][:1] == ["plan:2=0,3=1,4=2"]
    assert all("and confirm (final)" in c.label and not c.step for c in done)
    assert "c2s4" in {c.id for c in m.choices}  # or just place it, and go on
    TITLE.apply(st, 0, done[0].id)
    assert st.players[0].plan.confirmed


def test_R192_pairs_menu_is_one_message_of_selects_of_25():
    """Every select of the card-and-slot menu holds at most 25 options and every choice is
    shown at once (no "More choices…"), also for the largest hand the pairs are offered for."""
    from bot.discord.menu_layout import layout

    st = planning_state()
    p = st.players[0]
    p.unlocked = [1, 2, 3, 4, 5]
    p.hand += list(data().action_card_ids[:9])
    cards = planning._cards(st, 0, planning.Draft())
    assert len(cards) * 5 <= planning.PAIRS_MAX  # the pairs are offered
    top = TITLE.choices(st, 0, ())
    assert any(c.id == f"c{cards[-1]}s5" for c in top.choices)
    plan = layout(top.choices)
    assert plan.more_from is None and all(len(x.items) <= 25 for x in plan.selects)
    shown = sum(len(x.items) for x in plan.selects) + len(plan.buttons)
    assert shown == len(top.choices)


def test_R72_any_number_of_slots_including_none_and_share_cards():
    st = planning_state()
    hand = planning.sorted_hand(st, 1)
    TITLE.apply(st, 1, "plan:2=0,3=1,4=2")
    assert st.players[1].plan.slots[1:4] == hand[:3]
    TITLE.apply(st, 0, "plan:-")
    assert st.players[0].plan.confirmed and not any(st.players[0].plan.slots)
    st2 = planning_state()
    st2.players[0].hand.append("E01")  # a share card may be planned; it does nothing there
    i = planning.sorted_hand(st2, 0).index("E01")
    assert any(c.id == f"c{i}s2" for c in TITLE.choices(st2, 0, ()).choices)
    TITLE.apply(st2, 0, f"plan:2={i}")


def test_R76_locked_slot_and_unlocked_slot_1():
    st = planning_state()
    with pytest.raises(IllegalAction):
        TITLE.apply(TITLE.copy(st), 0, "plan:1=0")
    with pytest.raises(IllegalAction):
        TITLE.choices(st, 0, ("c0s5",))
    st.players[0].unlocked = [1, 2, 3, 4]
    assert "c0s1" in [c.id for c in TITLE.choices(st, 0, ()).choices]
    TITLE.apply(st, 0, "plan:1=0")


def test_R73_held_tile_must_be_placed_with_a_secret_face(monkeypatch):
    some_actions(monkeypatch)
    st = planning_state()
    st.round = 2
    st.players[0].tile, st.players[0].tile_taken_round = "T1", 1
    st.bonus_tiles["T1"] = "seat:0"
    top = TITLE.choices(st, 0, ())
    assert _confirm(top).id == "plan:-;t=0" and "tile T1: 2 bananas" in _confirm(top).label
    assert "f1" in {c.id for c in top.choices} and "f0" not in {c.id for c in top.choices}
    assert _confirm(TITLE.choices(st, 0, ("f1",))).id == "plan:-;t=1"
    with pytest.raises(IllegalAction):
        TITLE.apply(TITLE.copy(st), 0, "plan:-")
    with pytest.raises(IllegalAction):
        TITLE.apply(TITLE.copy(st), 1, "plan:-;t=0")  # Green holds no tile
    TITLE.apply(st, 0, "plan:-;t=1")
    assert not st.players[0].tile_in_area and st.players[0].tile_face == -1  # secret until reveal
    TITLE.apply(st, 1, "plan:-")
    TITLE.apply(st, 2, "plan:-")
    p = st.players[0]
    assert p.tile_in_area and p.tile_face == 1 and p.tile_face_up


def test_R73_tile_taken_this_round_is_not_placed_yet():
    st = planning_state()
    st.players[0].tile, st.players[0].tile_taken_round = "T1", 1  # taken in round 1 -> round 2
    assert _confirm(TITLE.choices(st, 0, ())).id == "plan:-"


def test_R74_reveal_all_at_once_face_up():
    st = planning_state()
    hands = [planning.sorted_hand(st, s) for s in range(3)]
    TITLE.apply(st, 0, "plan:2=0")
    TITLE.apply(st, 1, "plan:4=1")
    assert all(not sc.card for p in st.players for sc in p.slots)  # nothing shown before
    events = TITLE.apply(st, 2, "plan:3=2")
    reveals = [e for e in events if "reveals" in e.text]
    assert len(reveals) == 3 and all(e.barrier and e.private_to is None for e in reveals)
    assert st.players[0].slots[1].card == hands[0][0] and st.players[0].slots[1].face_up
    assert st.players[1].slots[3].card == hands[1][1]
    assert st.players[2].slots[2].card == hands[2][2]
    assert hands[0][0] not in st.players[0].hand
    assert st.phase == "action" and st.turn == 0


def test_R75_R193_plan_editable_until_confirmed_then_final(monkeypatch):
    some_actions(monkeypatch)
    st = planning_state()
    m = TITLE.choices(st, 0, ("c0s2", "u2", "c1s2"))
    assert _confirm(m).id == "plan:2=1"
    assert any(c.id == "u2" for c in m.choices)  # take back
    TITLE.apply(st, 0, "plan:2=1")
    with pytest.raises(IllegalAction):
        TITLE.apply(st, 0, "plan:-")
    assert TITLE.choices(st, 0, ()) is None
    with pytest.raises(IllegalAction):
        TITLE.choices(st, 0, ("c0s2",))


def test_R193_a_confirmed_plan_is_not_undoable(monkeypatch):
    """Confirming is an undo barrier even while the others still plan and nothing is revealed:
    the confirmation's own events carry no barrier (they reveal nothing), yet undo refuses."""
    some_actions(monkeypatch)
    st = planning_state()
    before = TITLE.prompts(st)
    assert TITLE.secret_decision(st, 0) == "plan"  # undo's refusal: "Your plan is confirmed"
    events = TITLE.apply(st, 0, "plan:2=0")
    assert not any(e.barrier for e in events)  # nothing is revealed yet: the others still plan
    assert TITLE.deciding(st) == [1, 2]
    assert not undoable(before, 0, events, TITLE.deciding(st))
    before = TITLE.prompts(st)
    events = TITLE.apply(st, 2, "plan:-")
    assert not undoable(before, 2, events, TITLE.deciding(st))


def test_R180_R187_nothing_of_an_unrevealed_plan_is_public(monkeypatch):
    some_actions(monkeypatch)
    st = planning_state()
    other_before = msgspec.json.encode(TITLE.view(st, 1))
    events = TITLE.apply(st, 0, "plan:2=0,3=1,4=2")
    public = [e.text for e in events if e.private_to is None]
    assert public == ["Blue has planned."]
    after = TITLE.view(st, 1)
    assert after.players[0].hand_size == 7 and after.players[0].planned
    before = msgspec.json.decode(other_before)
    assert before["players"][0]["hand_size"] == 7
    for viewer in (None, 1, 2):
        assert TITLE.view(st, viewer) == TITLE.view(
            TITLE.redeal(st, viewer, st.rng.fork(3)), viewer
        )


def test_plan_ids_have_one_spelling_and_fit():
    st = planning_state()
    for bad in (
        "plan:3=1,2=0",
        "plan:2=0,",
        "plan:",
        "plan:-x",
        "plan:2=0x",
        "plan:2=00",
        "plan:2=0,3=0",
        "plan:2=99",
    ):
        with pytest.raises(IllegalAction):
            TITLE.apply(TITLE.copy(st), 0, bad)
    for step in ("c0", "s2", "u2", "f0", "pg0"):
        with pytest.raises(IllegalAction):
            TITLE.apply(TITLE.copy(st), 0, step)
    st.players[0].unlocked = [1, 2, 3, 4, 5]
    st.players[0].hand += list(data().action_card_ids[:39])
    st.round, st.players[0].tile, st.players[0].tile_taken_round = 2, "T2", 1
    # the five highest hand indices the menus offer (one per kind of card alike)
    top = planning._cards(st, 0, planning.Draft())[-5:]
    longest = (
        "plan:" + ",".join(f"{n}={i}" for n, i in zip(range(1, 6), top[::-1], strict=True)) + ";t=1"
    )
    assert top[-1] >= 40 and len(longest) <= 60
    TITLE.apply(TITLE.copy(st), 0, longest)


def test_R192_large_hands_are_paged_within_25_options(monkeypatch):
    some_actions(monkeypatch)
    st = planning_state()
    st.players[0].hand += list(data().action_card_ids[:30])  # 37 cards
    st.players[0].unlocked = [1, 2, 3, 4, 5]  # too many card-and-slot pairs: pick, then slot
    top = TITLE.choices(st, 0, ())
    assert len(top.choices) <= 25
    pages = [c.id for c in top.choices if c.id.startswith("pg")]
    assert pages == ["pg0", "pg1"]
    page = TITLE.choices(st, 0, ("pg1",))
    assert len(page.choices) <= 25 and page.choices[-1].id == BACK
    i = planning._cards(st, 0, planning.Draft())[planning.PAGE]  # the second page's first
    assert page.choices[0].id == f"c{i}"
    with pytest.raises(IllegalAction):
        TITLE.choices(st, 0, (f"c{i}",))  # only through its page
    with pytest.raises(IllegalAction):
        TITLE.choices(st, 0, (f"c{i}s4",))  # no pairs on a paged hand
    m = TITLE.choices(st, 0, ("pg1", f"c{i}", "s4"))
    assert _confirm(m).id == f"plan:4={i}"


def test_R189_R205_default_planning_decision_is_the_automatic_plan():
    st = planning_state()
    move = prompts.default_choice(st, 0)
    assert move == planning.auto_plan(st, 0)
    assert move.startswith("plan:") and move != "plan:-"
    TITLE.apply(st, 0, move)
    hand_kinds = [c.split(":")[-1] for c in st.players[0].plan.slots if c]
    assert len(hand_kinds) == 3


def test_R192_cards_alike_are_one_choice_and_one_spelling():
    """Cards that play alike (same face and crate; they differ only in their deck) are one
    choice saying how many there are, not five lines that look the same; a plan of them has
    one spelling: the lowest hand indices of that kind."""
    st = planning_state()
    p = st.players[0]
    p.hand = ["blue:S_EXP1", "green:S_EXP1", "yellow:S_EXP1", "purple:S_EXP1", "blue:S_BAN1"]
    hand = planning.sorted_hand(st, 0)
    top = TITLE.choices(st, 0, ())
    plans = [c for c in top.choices if c.group == "Slot 2"]
    labels = [c.label for c in plans]
    assert len(labels) == len(set(labels)) == 2
    assert "Plan Expand 1 (crate 1) (you have 4 alike) into slot 2" in labels
    first = next(c for c in plans if "Expand" in c.label)
    expand_idx = [i for i, c in enumerate(hand) if c.endswith("S_EXP1")]
    assert first.id == f"c{expand_idx[0]}s2"
    with pytest.raises(IllegalAction):  # another copy is not a choice of its own
        TITLE.choices(st, 0, (f"c{expand_idx[1]}s2",))
    after = TITLE.choices(st, 0, (first.id,))
    assert any("(you have 3 alike)" in c.label for c in after.choices)
    # a plan naming a higher copy is not the spelling the menus build
    with pytest.raises(IllegalAction):
        TITLE.apply(TITLE.copy(st), 0, f"plan:2={expand_idx[1]}")
    TITLE.apply(st, 0, f"plan:2={expand_idx[0]},3={expand_idx[1]}")
