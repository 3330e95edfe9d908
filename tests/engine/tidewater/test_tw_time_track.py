"""Time Track and turn order: R1-R13, R34-R39, R72-R83, R86 and the worked examples of §8.7."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.tidewater import TITLE, track
from tests.engine.tidewater.tw_helpers import (
    START,
    TURN,
    act,
    arrange,
    choice_ids,
    give,
    new,
)


def stacks(state) -> dict[int, list[int]]:
    return {pos: list(s) for pos, s in enumerate(state.stacks) if s}


def finish_all(state, upto_round: int | None = None) -> None:
    """Drive everyone to Start with Funding/stop/done (first finisher's payout answered with 0)."""
    start_round = state.round
    while state.round == start_round and state.phase != "game_over":
        ids = choice_ids(state)
        if "done" in ids:
            act(state, "done")
        elif any(i.startswith("div:") for i in ids):
            act(state, ids[0])
        else:
            act(state, "fund")


# ---- SEED: turn order -------------------------------------------------------------------------


def test_r01_circular_track_round_trip() -> None:
    """R1: a disc leaves Start at the beginning of the round; its round ends back on Start."""
    s = new(3)
    steps = s.rules.steps
    assert all(p.pos == 0 for p in s.players)
    assert len(s.stacks) == steps + 1  # 0 and `steps` are the same physical Start space
    finish_all(s)
    assert s.round == 2
    assert all(p.pos == 0 for p in s.players)


def test_r02_active_player_is_the_last_disc() -> None:
    s = new(3)
    arrange(s, {3: [0], 5: [1], 7: [2]})
    assert s.active == 0
    assert [p.seat for p in TITLE.prompts(s)] == [0]


def test_r03_last_player_keeps_acting_until_lead() -> None:
    """R3 (and R6): still last after an action -> acts again; passing the leader ends it."""
    s = new(2)
    arrange(s, {0: [0], 2: [1]})
    act(s, "fund")  # pos 1, still last
    assert s.active == 0 and s.phase == TURN
    act(s, "fund")  # pos 2, on top of seat 1 -> still last (top of the rearmost stack)
    assert s.active == 0 and stacks(s) == {2: [1, 0]}
    act(s, "fund")  # pos 3: passes seat 1, the turn ends
    assert s.active == 1


def test_r04_each_step_offers_time_costing_actions() -> None:
    s = new(3)
    ids = choice_ids(s)
    assert "fund" in ids and "produce" in ids and ">adv" in ids and ">trade" in ids
    arrange(s, {0: [0], 5: [1, 2]})
    act(s, "fund")
    assert "fund" in choice_ids(s)


def test_r05_move_first_then_resolve() -> None:
    """R5/R14: the disc is moved before the action resolves: a Produce from step 7 is resolved
    with the disc already on 8, then the halfway production follows (R81)."""
    s = new(3, seed=4)
    arrange(s, {7: [0], 9: [1], 10: [2]})
    events = act(s, "produce")
    assert s.players[0].pos == 8
    assert "now on step 8" in events[0].text
    assert events[1].text.startswith("Production (halfway)")


def test_r06_still_last_cannot_stop() -> None:
    s = new(2)
    arrange(s, {0: [0], 5: [1]})
    act(s, "fund")
    assert "stop" not in choice_ids(s)
    with pytest.raises(IllegalAction, match="still last"):
        act(s, "stop")


def test_r07_not_last_may_stop() -> None:
    s = new(3)
    arrange(s, {0: [2, 1], 3: [0]})
    assert s.active == 1
    act(s, "fund")  # pos 1; seat 2 is on 0, so seat 1 is no longer last
    assert "stop" in choice_ids(s)
    assert "fund" in choice_ids(s)  # may also continue (R3, G5)


def test_r08_after_stop_the_new_last_acts() -> None:
    s = new(3)
    arrange(s, {0: [2, 1], 3: [0]})
    act(s, "fund", "stop")
    assert s.active == 2 and s.actions_this_turn == 0


def test_r09_passing_the_leader_ends_the_turn() -> None:
    """R9, R10: after passing, no more time-costing or free actions this turn."""
    s = new(2)
    give(s, 1, "RED", 1)
    s.company("RED").nav = ["a1", "n1"]
    s.company("RED").nav_supply -= 2
    arrange(s, {0: [1], 1: [0]})
    assert s.active == 1
    act(s, "trade:buy:BLUE:u")  # pos 1 on top of seat 0: not passing
    assert s.active == 1
    act(s, "adv:1")  # pos 2: passes seat 0
    assert s.active == 0
    with pytest.raises(IllegalAction):
        act(s, "sail:RED:M_NORTH", seat=1)  # R10: no free actions after the pass
    with pytest.raises(IllegalAction):
        act(s, "fund", seat=1)


def test_r10_no_window_after_a_pass() -> None:
    """R10/R76: the pass closes the turn at once: seat 0 never gets a window, seat 1 acts."""
    s = new(2)
    arrange(s, {0: [0], 1: [1]})
    act(s, "fund")  # lands on seat 1 (on top): not passing, still last
    assert s.active == 0
    act(s, "fund")  # passes seat 1
    assert s.active == 1 and s.players[0].pos == 2
    assert [p.seat for p in TITLE.prompts(s)] == [1]


def test_r11_moving_disc_goes_on_top() -> None:
    s = new(3)
    arrange(s, {0: [2], 1: [0, 1]})
    act(s, "fund")
    assert stacks(s)[1] == [0, 1, 2]


def test_r12_top_disc_of_last_stack_acts() -> None:
    s = new(4)
    arrange(s, {4: [0, 3, 1], 6: [2]})
    assert s.active == 1


def test_r13_first_turn_is_top_of_start_stack() -> None:
    """R13, R71: setup stacks the discs randomly on Start; the top disc acts first."""
    for seed in range(6):
        s = new(4, seed=seed)
        assert sorted(s.stacks[0]) == [0, 1, 2, 3]
        assert s.active == s.stacks[0][-1]
    orders = {tuple(new(4, seed=seed).stacks[0]) for seed in range(30)}
    assert len(orders) > 5  # random, not fixed


# ---- SEED: free actions and Start ---------------------------------------------------------------


def _ready_ship(s, seat=0):
    give(s, seat, "RED", 1)
    co = s.company("RED")
    co.nav = ["a1", "n1"]
    co.nav_supply -= 2


def test_r34_free_actions_before_and_after_time_actions() -> None:
    s = new(2)
    _ready_ship(s)
    arrange(s, {0: [0], 5: [1]})
    assert any(i.startswith("sail:") for i in choice_ids(s))  # W0, before any action
    act(s, "sail:RED:M_NORTH")
    act(s, "fund")
    assert any(i.startswith("sail:") for i in choice_ids(s))  # a new window after the action
    act(s, "sail:RED:P_RED")


def test_r35_free_actions_in_any_order() -> None:
    s = new(2)
    _ready_ship(s)
    give(s, 0, "YELLOW", 1)
    s.company("YELLOW").nav = ["d1", "n1"]
    s.company("YELLOW").nav_supply -= 2
    s.ship("RED").slots[0].container = "BLUE"
    s.company("BLUE").hex_containers -= 1
    arrange(s, {0: [0], 5: [1]})
    act(s, "sail:YELLOW:M_NORTH", "sail:RED:M_NORTH", "deliver:RED:S1")
    act(s, "fund")
    act(s, "sail:YELLOW:P_YEL", "sail:RED:P_RED")
    assert s.ship("RED").port == "P_RED" and s.ship("YELLOW").port == "P_YEL"


def test_r36_first_position_blocks_free_actions() -> None:
    """The engine checks it even though the procedure never opens such a window (G6)."""
    s = new(2)
    _ready_ship(s, seat=1)
    arrange(s, {0: [0], 3: [1]})
    s.active = 1  # forced: seat 1 is the leader
    with pytest.raises(IllegalAction, match="first position"):
        act(s, "sail:RED:M_NORTH", seat=1)


def test_r37_start_exception_allows_free_actions() -> None:
    s = new(3)
    _ready_ship(s, seat=0)
    arrange(s, {15: [0], 16: [1, 2]})
    s.first_finisher = 1
    act(s, "fund")
    assert s.phase == START and s.players[0].pos == 16
    assert any(i.startswith("sail:") for i in choice_ids(s)) and "done" in choice_ids(s)
    act(s, "sail:RED:M_NORTH")
    with pytest.raises(IllegalAction):
        act(s, "fund")  # only free actions remain
    act(s, "done")
    assert s.round == 2


def test_r38_start_exception_for_the_first_player_to_start() -> None:
    """§8.7 'Two players reach Start' (R38, R37, R80, R44, R49)."""
    s = new(2)
    arrange(s, {15: [0, 1]})
    assert s.active == 1
    act(s, "fund")  # B passes A but reached Start: Start window
    assert s.phase == START and s.active == 1
    events = act(s, "done")
    texts = [e.text for e in events]
    assert any(t.startswith("Production (Start)") for t in texts)
    assert any(t.startswith("Payout") for t in texts)
    assert s.first_finisher == 1
    assert s.active == 0
    act(s, "fund")
    assert s.phase == START
    events = act(s, "done")
    assert not any("Production" in e.text or "Payout" in e.text for e in events)
    assert s.round == 2 and s.stacks[0] == [1, 0] and s.active == 0


def test_r39_no_action_past_start() -> None:
    """R39, R72, §21.1: from step 15 a two-point navigation action is illegal."""
    s = new(2)
    give(s, 0, "RED", 1)
    arrange(s, {15: [0], 16: [1]})
    s.first_finisher = 1
    ids = choice_ids(s)
    sub = choice_ids(s, ">nav")
    assert all(not i.startswith(">nav:") for i in sub)  # no second point offered
    assert "nav:place:RED:a1" in sub
    with pytest.raises(IllegalAction, match="past Start"):
        act(s, "nav:place:RED:a1+place:RED:n1")
    assert "fund" in ids


# ---- DESIGN: track -----------------------------------------------------------------------------


def test_r72_round_is_steps_long() -> None:
    s = new(2)
    assert s.rules.steps == 16
    arrange(s, {14: [0], 16: [1]})
    s.first_finisher = 1
    give(s, 0, "RED", 1)
    act(s, "nav:place:RED:a1+place:RED:n1")  # 14 + 2 = 16 is legal
    assert s.players[0].pos == 16


def test_r73_ahead_order() -> None:
    s = new(3)
    arrange(s, {2: [0, 1], 5: [2]})
    assert track.ahead(s, 2, 0)
    assert track.ahead(s, 0, 1)  # same space: lower is ahead
    assert not track.ahead(s, 1, 0)


def test_r74_last_and_leader() -> None:
    s = new(3)
    arrange(s, {16: [2], 4: [0, 1]})
    assert track.last(s) == 1
    assert track.leader(s) == 2  # finished discs count for the leader


def test_r75_landing_on_the_leader_is_not_passing() -> None:
    """§8.7 'Opening of a round, 3 players' (R9, R11-R13, R75)."""
    s = new(3)
    arrange(s, {0: [0, 1, 2]})  # A=0, B=1, C=2
    assert s.active == 2
    act(s, "fund")  # C passes A
    assert s.active == 1
    act(s, "adv:1")  # B lands on C's space, on top: not passing
    assert s.active == 1 and stacks(s)[1] == [2, 1]
    assert "stop" in choice_ids(s)
    act(s, "stop")
    assert s.active == 0
    give(s, 0, "RED", 1)
    act(s, "nav:place:RED:a1+place:RED:w1")  # A to 2, passes C
    assert stacks(s) == {1: [2, 1], 2: [0]}
    assert s.active == 1


def test_r76_windows() -> None:
    """W0 before the first action, Wk after a non-passing action, none after a pass."""
    s = new(3)
    _ready_ship(s, seat=1)
    arrange(s, {0: [2, 1], 3: [0]})
    assert any(i.startswith("sail:") for i in choice_ids(s))  # W0
    act(s, "fund")
    assert any(i.startswith("sail:") for i in choice_ids(s))  # W1
    act(s, "fund", "fund", "fund")  # to 4: passes seat 0 on 3
    assert s.active == 2


def test_r77_stop_rules() -> None:
    s = new(3)
    arrange(s, {0: [2, 1], 3: [0]})
    with pytest.raises(IllegalAction, match="at least one"):
        act(s, "stop")
    act(s, "fund")
    assert "stop" not in choice_ids(s, ">adv")  # not from inside a sub-menu list
    assert "stop" in choice_ids(s)  # back at the top menu: the draft changed nothing
    before = TITLE.encode(s)
    for step in (">adv", "back"):  # menu steps are not moves
        with pytest.raises(IllegalAction, match="not a move"):
            act(s, step)
    assert TITLE.encode(s) == before
    act(s, "stop")
    assert s.active == 2


def test_r78_finished_disc_never_last() -> None:
    s = new(3)
    arrange(s, {16: [0], 3: [1], 5: [2]})
    assert track.last(s) == 1
    arrange(s, {16: [0, 1], 9: [2]})
    assert track.last(s) == 2
    assert track.finished(s, 0) and not track.finished(s, 2)


def test_r79_halfway_once_first_disc_only() -> None:
    """R79, R40, R41, R45: the first disc reaching >= 8 triggers one production."""
    s = new(3, seed=2)
    arrange(s, {7: [0], 6: [1, 2]})
    assert s.active == 2
    act(s, "fund")  # 7, on top of seat 0: no pass, seat 2 keeps the turn
    ev = act(s, "fund")  # seat 2 to 8: halfway, and it passes seat 0
    assert s.halfway_done and any("halfway" in e.text for e in ev)
    assert s.active == 1
    display = list(s.display)
    act(s, "fund")
    ev = act(s, "fund")  # seat 1 to 8 as well: nothing
    assert not any("Production" in e.text for e in ev)
    assert s.display == display
    s2 = new(2, seed=2)
    arrange(s2, {7: [0], 12: [1]})
    ev = act(s2, "fund")
    assert not s2.halfway_done and not any("Production" in e.text for e in ev)


def test_r80_first_finisher_triggers_once() -> None:
    s = new(3, seed=3)
    arrange(s, {15: [0, 1, 2]})
    act(s, "fund")
    ev = act(s, "done")
    assert sum("Production (Start)" in e.text for e in ev) == 1
    assert s.first_finisher == 2
    act(s, "fund")
    ev = act(s, "done")
    assert not any("Production" in e.text or "Payout" in e.text for e in ev)


def test_r81_halfway_and_pass_in_one_action() -> None:
    s = new(3, seed=5)
    arrange(s, {6: [1], 7: [0, 2]})
    give(s, 1, "RED", 1)
    ev = act(s, "nav:place:RED:a1+place:RED:n1")  # 6 -> 8: passes the leader 0 and halfway
    texts = [e.text for e in ev]
    assert any("halfway" in t for t in texts)
    assert any("passes the leader" in t for t in texts)
    assert s.active == 2  # no window for seat 1


def test_r82_turn_end_hands_over_or_ends_round() -> None:
    s = new(2)
    arrange(s, {15: [0], 16: [1]})
    s.first_finisher = 1
    act(s, "fund", "done")
    assert s.round == 2 and s.phase == TURN


def test_r83_round_end_keeps_stack_order_and_resets() -> None:
    """R83 (and R13): the last finisher starts the next round; flags clear; nothing else resets."""
    s = new(3, seed=9)
    finish_all(s)
    order = s.stacks[0]
    assert s.active == order[-1]
    assert not s.halfway_done and s.first_finisher is None
    assert len(order) == 3 and all(p.pos == 0 for p in s.players)
    treasury = [c.treasury for c in s.companies]
    queue = list(s.queue)
    finish_all(s)
    assert s.round == 3
    # Funding only: treasuries change only through the payout; the queue never resets.
    assert s.queue == queue
    assert [c.treasury for c in s.companies] == treasury


def test_r86_funding_always_legal_for_the_active_player() -> None:
    s = new(4, seed=11)
    for pos in range(16):
        arrange(s, {pos: [0], 16: [1, 2, 3]})
        s.first_finisher = 1
        assert "fund" in choice_ids(s)
        assert "pass" not in choice_ids(s)
