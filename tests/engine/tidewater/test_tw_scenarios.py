"""The worked examples of §8.7 and the 'test scenarios to write first' of §22.4, end to end."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.tidewater import track
from tests.engine.tidewater.tw_helpers import (
    OVER,
    PAYOUT,
    START,
    T,
    act,
    arrange,
    check_invariants,
    choice_ids,
    give,
    new,
    play_bot_game,
)


def stacks(s) -> dict[int, list[int]]:
    return {pos: list(x) for pos, x in enumerate(s.stacks) if x}


def test_example_8_7_opening_of_a_round_three_players() -> None:
    """Scenario 1 (R9, R11-R13, R75): A, B, C stacked on Start, C on top."""
    s = new(3)
    a, b, c = 0, 1, 2
    arrange(s, {0: [a, b, c]})
    assert s.active == c and track.leader(s) == a
    act(s, "fund")  # C: passes A, one action only
    assert s.active == b and stacks(s) == {0: [a, b], 1: [c]}
    act(s, "adv:4")  # B lands on C: no pass; A still on 0, so B may stop
    assert s.active == b and stacks(s)[1] == [c, b] and "stop" in choice_ids(s)
    act(s, "stop")
    assert s.active == a
    give(s, a, "BLUE", 1)
    act(s, "nav:place:BLUE:b1+place:BLUE:s1")  # A to 2: passes C
    assert stacks(s) == {1: [c, b], 2: [a]}
    assert s.active == b
    check_invariants(s)


def test_example_8_7_two_players_reach_start() -> None:
    """Scenario 4 (R37, R38, R44, R49-R51, R80): the first finisher's Start window, production,
    payout; later finishers trigger nothing; the next round starts with the last finisher."""
    s = new(2, seed=6)
    a, b = 0, 1
    arrange(s, {15: [a, b]})
    act(s, "fund")
    assert s.phase == START and s.active == b
    ev = [e.text for e in act(s, "done")]
    assert ev.index(next(t for t in ev if t.startswith("Production (Start)"))) < ev.index(
        next(t for t in ev if t.startswith("Payout"))
    )
    assert s.active == a and track.leader(s) == b
    act(s, "fund")
    assert s.phase == START
    ev = [e.text for e in act(s, "done")]
    assert not any(t.startswith(("Production", "Payout")) for t in ev)
    assert s.round == 2 and s.stacks[0] == [b, a] and s.active == a


def test_scenario_02_stop_only_when_not_last() -> None:
    s = new(3)
    arrange(s, {0: [0], 4: [1, 2]})
    act(s, "fund")
    with pytest.raises(IllegalAction):
        act(s, "stop")
    act(s, "fund", "fund", "fund")  # 4, on top of the stack: still last
    assert "stop" not in choice_ids(s)
    act(s, "fund")  # 5: passes seat 1 (the leader) -> turn over
    assert s.active == 2


def test_scenario_03_halfway_first_disc_once_never_with_two() -> None:
    s = new(4, seed=1)
    arrange(s, {7: [0, 1, 2, 3]})
    events = [act(s, "fund") for _ in range(4)]
    assert [any("halfway" in e.text for e in ev) for ev in events] == [True, False, False, False]
    s2 = new(2, seed=1)
    arrange(s2, {7: [0, 1]})
    assert not any("Production" in e.text for e in act(s2, "fund"))


def test_scenario_05_overflow_display_and_produce() -> None:
    """R46-R48, R91, R109: full hexes refuse both produced and displayed containers."""
    s = new(2, seed=3)
    arrange(s, {0: [0], 15: [1]})
    for co in s.companies:
        co.hex_containers = 6
        s.bag[co.id] -= 4
    check_invariants(s)
    bag = dict(s.bag)
    act(s, "produce")
    assert s.bag == bag and s.players[0].pos == 1  # back to the bag, time spent
    from engine.tidewater.production import production_event

    shown = list(s.display)
    production_event(s, "test", [])
    assert all(co.hex_containers == 6 for co in s.companies)
    assert sum(s.bag.values()) == sum(bag.values()) + len([c for c in shown if c]) - len(
        [c for c in s.display if c]
    )
    check_invariants(s)


def test_scenario_06_07_wage_and_dividend_affordability() -> None:
    s = new(3, seed=2)
    arrange(s, {15: [0, 1, 2]})
    give(s, 0, "RED", 3)
    s.company("RED").stock = 6  # wage 4
    s.company("RED").treasury = 4 + 6  # after the wage: 6 -> d*3 <= 6 -> {0, 1, 2}
    give(s, 1, "BLUE", 1)
    s.company("BLUE").stock = 11  # wage 8
    s.company("BLUE").treasury = 7
    act(s, "fund", "done")
    assert s.company("BLUE").stock == 10 and s.company("BLUE").treasury == 7
    assert s.phase == PAYOUT
    assert [c.id for c in T.prompts(s)[0].choices] == ["div:0", "div:1", "div:2"]
    T.apply(s, 0, "div:2")
    assert s.company("RED").stock == 7 and s.company("RED").treasury == 0


def test_scenario_11_deliver_once_per_arrival_dump_blocks() -> None:
    s = new(2)
    give(s, 0, "RED", 1)
    arrange(s, {0: [0], 15: [1]})
    s.company("RED").nav = ["a1", "n1"]
    s.company("RED").nav_supply = 4
    act(s, "load:RED", "load:RED")
    act(s, "sail:RED:M_NORTH", "deliver:RED:S1")
    with pytest.raises(IllegalAction):
        act(s, "deliver:RED:S2")
    act(s, "fund", "sail:RED:P_RED", "fund", "sail:RED:M_NORTH", "dump:RED:S2")
    assert not s.ship("RED").can_deliver


def test_scenario_12_navigation_limits() -> None:
    s = new(2)
    give(s, 0, "RED", 1)
    give(s, 1, "RED", 2)
    arrange(s, {15: [0], 16: [1]})
    s.first_finisher = 1
    with pytest.raises(IllegalAction, match="past Start"):
        act(s, "nav:place:RED:a1+place:RED:n1")
    act(s, "nav:place:RED:a1")
    s2 = new(2)
    give(s2, 0, "RED", 1)
    give(s2, 1, "RED", 2)
    s2.company("RED").nav, s2.company("RED").nav_supply = ["a1"], 5
    arrange(s2, {0: [0], 5: [1]})
    with pytest.raises(IllegalAction, match="CEO"):
        act(s2, "nav:move:RED:a1:n1")


def test_scenario_13_multi_container_delivery_queue() -> None:
    s = new(2)
    give(s, 0, "GREEN", 1)
    arrange(s, {0: [0], 15: [1]})
    s.queue = ["RED", "GREEN", "BLUE", "GREEN", "YELLOW", "RED", "BLUE", "YELLOW"]
    ship = s.ship("GREEN")
    ship.port, ship.can_deliver = "M_SOUTH", True
    for i, c in enumerate(["GREEN", "RED"]):
        ship.slots[i].container = c
        s.bag[c] -= 1
    t = s.company("GREEN").treasury
    act(s, "deliver:GREEN:S2.S1")  # red at 1 (6); then green at position 2 -> ... recomputed
    # red front (pos 1, 6) -> queue G B G Y R B Y R; green front (pos 1, 6)
    assert s.company("GREEN").treasury == t + 12
    assert s.queue == ["BLUE", "GREEN", "YELLOW", "RED", "BLUE", "YELLOW", "RED", "GREEN"]


def test_scenario_14_round_transition() -> None:
    s = new(3, seed=3)
    arrange(s, {15: [2], 16: [0, 1]})
    s.first_finisher = 0
    s.halfway_done = True
    act(s, "fund", "done")
    assert s.round == 2 and s.stacks[0] == [0, 1, 2] and s.active == 2
    assert not s.halfway_done and s.first_finisher is None
    assert ">adv" in choice_ids(s)  # a fresh W0 for the last finisher


def test_scenario_15_final_scoring() -> None:
    s = new(2)
    give(s, 0, "RED", 2)
    s.company("RED").stock = 9
    s.players[1].credits = 38
    s.phase = OVER
    res = T.result(s)
    assert res.scores == {0: 38, 1: 38}
    assert res.ranking == [1, 0]  # equal score: more credits wins


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_scenario_16_seeded_random_games(seats: int) -> None:
    for seed in (101, 202):
        state, _ = play_bot_game(seats, seed, check=lambda st, *_: check_invariants(st))
        assert state.phase == OVER
