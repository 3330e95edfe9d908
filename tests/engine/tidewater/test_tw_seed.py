"""Seed coverage: every statement of the seed file 002_0166ae5474dc3fd5.txt, one by one, each
with a concrete scenario. Each docstring quotes the seed sentence; the rule IDs are the spec's."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import IllegalAction
from tests.engine.tidewater.tw_helpers import (
    OVER,
    PAYOUT,
    START,
    TURN,
    T,
    act,
    arrange,
    choice_ids,
    give,
    new,
    set_display,
)


def texts(events) -> list[str]:
    return [e.text for e in events]


def ship_ready(s, seat: int, cid: str = "RED", nav=("a1", "n1"), cargo=()) -> None:
    """`seat` holds a share of `cid`, whose points lie on `nav` and whose ship carries `cargo`
    (taken from the bag, so every colour still counts 12)."""
    if not s.players[seat].shares.get(cid):
        give(s, seat, cid, 1)
    co = s.company(cid)
    co.nav = list(nav)
    co.nav_supply = s.rules.nav_points - len(nav)
    for i, colour in enumerate(cargo):
        s.ship(cid).slots[i].container = colour
        s.bag[colour] -= 1


def hexes(s) -> dict[str, int]:
    return {c.id: c.hex_containers for c in s.companies}


# ---- Time Track and Actions ----------------------------------------------------------------------


def test_s01_r03_last_player_acts_until_stop_or_lead() -> None:
    """ "The last player on the circular track acts until they stop or move into the lead." (R3)"""
    s = new(3)
    arrange(s, {2: [0], 4: [1], 6: [2]})
    act(s, "fund")  # 3: still last
    assert s.active == 0 and "stop" not in choice_ids(s)
    act(s, "fund")  # 4: on top of seat 1, still last
    assert s.active == 0 and s.stacks[4] == [1, 0] and "stop" not in choice_ids(s)
    act(s, "fund")  # 5: no longer last, may stop, keeps acting instead
    assert s.active == 0 and "stop" in choice_ids(s)
    act(s, "fund")  # 6: on top of the leader, not past it
    assert s.active == 0 and s.phase == TURN
    ev = act(s, "fund")  # 7: moves into the lead, the turn ends
    assert s.active == 1 and "passes the leader" in " ".join(texts(ev))


def test_s02_r02_r04_r05_furthest_behind_moves_then_resolves() -> None:
    """ "The player furthest behind on the Time Track chooses an action, moves their disc forward
    by its time cost, then resolves the action." (R2, R4, R5)"""
    s = new(3)
    arrange(s, {1: [2], 3: [0], 5: [1]})
    give(s, 2, "RED", 1)
    assert [p.seat for p in T.prompts(s)] == [2]
    with pytest.raises(IllegalAction, match="turn"):
        T.apply(s, 0, "fund")
    ev = act(s, "nav:place:RED:a1+place:RED:w1")
    assert s.players[2].pos == 3 and s.stacks[3] == [0, 2]
    assert sorted(s.company("RED").nav) == ["a1", "w1"] and s.company("RED").treasury == 8 - 3
    assert "now on step 3" in ev[0].text


def test_s03_r06_repeat_while_last() -> None:
    """ "Repeat while you remain last." (R6)"""
    s = new(2)
    arrange(s, {0: [0], 6: [1]})
    for step in range(1, 7):
        act(s, "fund")
        assert s.active == 0 and s.players[0].pos == step
        assert "stop" not in choice_ids(s)
        with pytest.raises(IllegalAction, match="still last"):
            T.apply(T.copy(s), 0, "stop")
    act(s, "fund")  # 7: past seat 1
    assert s.active == 1


def test_s04_r07_r08_stop_when_no_longer_last() -> None:
    """ "If you are no longer last, you may choose to stop; the new last player then acts."
    (R7, R8)"""
    s = new(3)
    arrange(s, {0: [2, 1], 3: [0]})
    assert s.active == 1
    act(s, "fund")
    assert {"stop", "fund"} <= set(choice_ids(s))
    act(s, "stop")
    assert s.active == 2 and s.actions_this_turn == 0
    act(s, "fund")  # seat 2 lands on seat 1 (on top): it is the new last and keeps acting
    assert s.stacks[1] == [1, 2] and s.active == 2 and "stop" not in choice_ids(s)


def test_s05_r09_r10_passing_the_leader_ends_the_turn_at_once() -> None:
    """ "If your move carries you past the current first-place disc, your turn ends immediately
    after that action, with no further actions or free actions." (R9, R10)"""
    s = new(2)
    ship_ready(s, 0)
    arrange(s, {2: [0], 3: [1]})
    act(s, "nav:place:RED:w1+place:RED:x")  # 2 -> 4, past seat 1 on 3; resolved all the same
    assert sorted(s.company("RED").nav) == ["a1", "n1", "w1", "x"]
    assert s.active == 1 and [p.seat for p in T.prompts(s)] == [1]
    for cid in ("sail:RED:M_NORTH", "fund", "stop"):
        with pytest.raises(IllegalAction):
            T.apply(T.copy(s), 0, cid)


def test_s06_r11_moving_disc_goes_on_top() -> None:
    """ "When discs share a space, stack the moving disc on top." (R11)"""
    s = new(4)
    arrange(s, {4: [2], 5: [0, 1], 9: [3]})
    act(s, "fund")
    assert s.stacks[5] == [0, 1, 2]
    act(s, "fund")  # seat 2 was the top of the rearmost stack, so it acted again
    assert s.stacks[5] == [0, 1] and s.stacks[6] == [2]


def test_s07_r12_top_disc_of_the_last_stack_acts() -> None:
    """ "If a stack occupies last place, its top disc belongs to the player who acts." (R12)"""
    s = new(4)
    arrange(s, {3: [0, 1, 2], 9: [3]})
    assert s.active == 2 and [p.seat for p in T.prompts(s)] == [2]
    act(s, "fund", "stop")
    assert s.active == 1  # the new top of the stack on 3
    act(s, "fund", "stop")
    assert s.active == 0


def test_s08_r13_stack_sets_the_first_turn_of_each_round() -> None:
    """ "This also sets the first turn in each round." (R13, R71, R83)"""
    for seed in range(4):
        s = new(4, seed=seed)
        assert s.active == s.stacks[0][-1]
    s = new(3)
    arrange(s, {15: [0, 1, 2]})
    for seat in (2, 1, 0):  # each reaches Start in turn; the finishing order builds the stack
        assert s.active == seat
        act(s, "fund", "done")
    assert s.round == 2 and s.stacks[0] == [2, 1, 0]
    assert s.active == 0 and [p.seat for p in T.prompts(s)] == [0]


# ---- Time-costing actions ------------------------------------------------------------------------


EFFECTS = {  # what each action visibly does once resolved
    "load:RED:S1": lambda b, a: a.ship("RED").slots[0].container == "RED",
    "produce": lambda b, a: sum(a.bag.values()) == sum(b.bag.values()) - 1,
    "nav:place:RED:a1": lambda b, a: a.company("RED").nav == ["a1"],
    "nav:place:RED:a1+place:RED:n1": lambda b, a: a.company("RED").nav == ["a1", "n1"],
    "fund": lambda b, a: a.players[0].credits == b.players[0].credits + 1,
    "invest:RED:S3": lambda b, a: a.ship("RED").slots[2].investor == 0,
    "adv:1": lambda b, a: a.queue[:2] == b.queue[1::-1],
    "trade:buy:BLUE:u": lambda b, a: a.players[0].shares.get("BLUE") == 1,
}


@pytest.mark.parametrize(
    ("choice", "printed"),
    [
        ("load:RED:S1", 1),
        ("produce", 1),
        ("nav:place:RED:a1", 1),
        ("nav:place:RED:a1+place:RED:n1", 2),
        ("fund", 1),
        ("invest:RED:S3", 1),
        ("adv:1", 1),
        ("trade:buy:BLUE:u", 1),
    ],
)
def test_s09_r14_printed_costs_move_the_disc_then_resolve(choice: str, printed: int) -> None:
    """ "The action list on the board gives the printed costs. Each listed action advances your
    disc and is resolved after the move." (R14)"""
    s = new(2, seed=3)
    give(s, 0, "RED", 1)
    arrange(s, {3: [0], 9: [1]})
    before = T.copy(s)
    ev = act(s, choice)
    assert s.players[0].pos == 3 + printed and s.stacks[3 + printed][-1] == 0
    assert f"now on step {3 + printed}" in ev[0].text  # reported after the move
    assert EFFECTS[choice](before, s)


def test_s10_r15_r16_load_a_container() -> None:
    """ "Load a Container | 1 | At a company port, move one container from that company hex
    into a free ship slot." (R15, R16)"""
    s = new(2)
    ship_ready(s, 0, nav=("a1", "n1", "d1"))
    s.ship("RED").port = "P_YEL"  # a RED ship at the YELLOW port loads yellow containers
    s.company("YELLOW").hex_containers += 1
    s.bag["YELLOW"] -= 1
    arrange(s, {0: [0], 9: [1]})
    yellow = s.company("YELLOW").hex_containers
    act(s, "load:RED:S1", "load:RED:S2")
    assert s.players[0].pos == 2
    assert [x.container for x in s.ship("RED").slots] == ["YELLOW", "YELLOW", None, None, None]
    assert s.company("YELLOW").hex_containers == yellow - 2
    with pytest.raises(IllegalAction, match="not open"):
        act(s, "load:RED:S3")  # no free slot left: S3 is closed
    s.ship("RED").port = "M_NORTH"
    s.ship("RED").slots[0].container = None
    s.bag["YELLOW"] += 1
    with pytest.raises(IllegalAction, match="company port"):
        act(s, "load:RED:S1")


def test_s11_r17_r18_produce_a_container() -> None:
    """ "Produce a Container | 1 | Draw one container from the bag and place it at its matching
    company." (R17, R18)"""
    s = new(2)
    arrange(s, {0: [0], 9: [1]})
    s.bag = {"RED": 0, "BLUE": 3, "GREEN": 0, "YELLOW": 0}
    before = hexes(s)
    act(s, "produce")
    assert s.players[0].pos == 1 and s.bag["BLUE"] == 2
    assert hexes(s) == {**before, "BLUE": before["BLUE"] + 1}


def test_s12_r19_r22_navigation_points() -> None:
    """ "Place or Move Navigation Points | 1 or 2 | Place or move one or two points, paying each
    point’s placement cost from its company’s treasury. A move is available only to that
    company’s CEO." (R19-R22)"""
    s = new(3)
    give(s, 0, "RED", 2)  # seat 0: CEO of RED
    give(s, 1, "BLUE", 2)  # seat 1: CEO of BLUE
    give(s, 0, "BLUE", 1)
    arrange(s, {0: [0], 9: [1, 2]})
    credits = s.players[0].credits
    act(s, "nav:place:RED:n1+place:BLUE:b1")
    assert s.players[0].pos == 2 and s.players[0].credits == credits
    assert s.company("RED").treasury == 8 - 2 and s.company("BLUE").treasury == 8 - 1
    with pytest.raises(IllegalAction, match="Only the CEO"):
        act(s, "nav:move:BLUE:b1:c1")
    act(s, "nav:move:RED:n1:a1")
    assert s.players[0].pos == 3 and s.company("RED").nav == ["a1"]
    assert s.company("RED").treasury == 8 - 2 - 1  # the destination's cost


def test_s13_r23_r24_funding() -> None:
    """ "Funding | 1 | Take one credit from the bank for your personal funds." (R23, R24)"""
    s = new(2)
    arrange(s, {4: [0], 9: [1]})
    c = s.players[0].credits
    treasuries = [x.treasury for x in s.companies]
    act(s, "fund")
    assert s.players[0].pos == 5 and s.players[0].credits == c + 1
    assert [x.treasury for x in s.companies] == treasuries


def test_s14_r25_r26_invest() -> None:
    """ "Invest | 1 | Place one of your investment discs and pay the cost printed in the chosen
    slot." (R25, R26)"""
    s = new(2)
    arrange(s, {0: [0], 9: [1]})
    c = s.players[0].credits
    act(s, "invest:BLUE:S4")
    assert s.players[0].pos == 1 and s.players[0].credits == c - 4
    assert s.players[0].inv_discs == 2 and s.ship("BLUE").slots[3].investor == 0
    assert s.company("BLUE").treasury == 8 + 4
    with pytest.raises(IllegalAction, match="already has an investor"):
        act(s, "invest:BLUE:S4")


def test_s15_r27_r28_advertise() -> None:
    """ "Advertise | 1 | Swap two adjacent Demand Markers in the queue." (R27, R28)"""
    s = new(2, seed=6)
    arrange(s, {0: [0], 9: [1]})
    q = list(s.queue)
    act(s, "adv:4")
    q[3], q[4] = q[4], q[3]
    assert s.queue == q and s.players[0].pos == 1


def test_s16_r29_r31_buy_and_or_sell() -> None:
    """ "Buy and/or Sell a Share | 1 | Buy one share, sell one share, or do both for different
    companies." (R29-R31)"""
    s = new(2)
    arrange(s, {0: [0], 9: [1]})
    c = s.players[0].credits
    act(s, "trade:buy:RED:u")
    assert s.players[0].pos == 1 and s.players[0].shares == {"RED": 1}
    assert s.players[0].credits == c - 5 and s.company("RED").treasury == 8 + 5
    act(s, "trade:sell:RED+buy:BLUE:u")  # both, one action
    assert s.players[0].pos == 2 and s.players[0].shares == {"BLUE": 1}
    assert s.company("RED").pool == 1 and s.company("RED").stock == 4
    give(s, 0, "GREEN", 1)
    for bad in ("trade:sell:GREEN+buy:GREEN:u", "trade:buy:RED:u+buy:YELLOW:u"):
        with pytest.raises(IllegalAction):
            act(s, bad)


def test_s17_r32_free_actions_do_not_advance() -> None:
    """ "Set Sail, Deliver Containers and Dump Containers do not advance the Time Track." (R32)"""
    s = new(2)
    ship_ready(s, 0, cargo=("RED", "BLUE"))
    arrange(s, {3: [0], 9: [1]})
    stacks = [list(x) for x in s.stacks]
    act(s, "sail:RED:M_NORTH", "deliver:RED:S1", "dump:RED:S2")
    assert [list(x) for x in s.stacks] == stacks and s.players[0].pos == 3
    assert s.active == 0 and s.actions_this_turn == 0


def test_s18_r33_free_action_limits_and_sequence() -> None:
    """ "See Shipping and Trade for their limits and sequence." (R33; the limits are DESIGN:
    one sail per ship per window, one delivery per market arrival, Dump ends the delivery)"""
    s = new(2)
    ship_ready(s, 0, cargo=("RED", "BLUE"))
    arrange(s, {0: [0], 9: [1]})
    act(s, "sail:RED:M_NORTH")
    with pytest.raises(IllegalAction, match="once per window"):
        act(s, "sail:RED:P_RED")
    act(s, "deliver:RED:S1")
    with pytest.raises(IllegalAction, match="already delivered"):
        act(s, "deliver:RED:S2")
    s2 = new(2)
    ship_ready(s2, 0, cargo=("RED", "BLUE"))
    arrange(s2, {0: [0], 9: [1]})
    act(s2, "sail:RED:M_NORTH", "dump:RED:S2")
    with pytest.raises(IllegalAction, match="already delivered or dumped"):
        act(s2, "deliver:RED:S1")


# ---- Free actions and Start ----------------------------------------------------------------------


def test_s19_r34_r35_free_actions_before_after_any_order() -> None:
    """ "You may take free actions before or after a time-costing action, in any order."
    (R34, R35)"""
    s = new(2)
    ship_ready(s, 0, cargo=("RED", "GREEN"))
    ship_ready(s, 0, "YELLOW", nav=("d1", "n1"))
    arrange(s, {0: [0], 9: [1]})
    act(s, "sail:YELLOW:M_NORTH", "sail:RED:M_NORTH", "deliver:RED:S2")  # before
    act(s, "fund")
    act(s, "sail:RED:P_RED", "dump:RED:S1", "sail:YELLOW:P_YEL")  # after, mixed ships
    assert s.ship("RED").port == "P_RED" and s.ship("YELLOW").port == "P_YEL"
    assert all(x.container is None for x in s.ship("RED").slots)


def test_s20_r36_no_free_actions_in_first_position() -> None:
    """ "Once you are in first position, you cannot take more free actions." (R36)"""
    s = new(2)
    ship_ready(s, 1)
    arrange(s, {0: [0], 3: [1]})
    s.active = 1  # forced: seat 1 is the leader in a normal window
    with pytest.raises(IllegalAction, match="first position"):
        act(s, "sail:RED:M_NORTH", seat=1)
    s2 = new(2)
    ship_ready(s2, 0)
    arrange(s2, {0: [0], 1: [1]})
    act(s2, "nav:place:RED:w1+place:RED:b1")  # to 2: first position, the turn is over
    with pytest.raises(IllegalAction):
        act(s2, "sail:RED:M_NORTH", seat=0)


def test_s21_r37_start_exactly_allows_free_actions() -> None:
    """ "Exception: when you have reached Start exactly after resolving your action, you may
    finish free actions before your round ends." (R37)"""
    s = new(3)
    ship_ready(s, 0, cargo=("BLUE",))
    arrange(s, {15: [0], 16: [1, 2]})
    s.first_finisher = 1
    act(s, "fund")
    assert s.phase == START and s.round == 1
    treasury = s.company("RED").treasury
    act(s, "sail:RED:M_NORTH", "deliver:RED:S1")
    assert s.company("RED").treasury > treasury
    with pytest.raises(IllegalAction, match="free actions"):
        act(s, "fund")
    act(s, "done")
    assert s.round == 2


def test_s22_r38_exception_applies_to_the_first_player() -> None:
    """ "This applies to the first player too." (R38: the first to reach Start passes everyone,
    yet keeps the Start window; production and the payout wait for it)"""
    s = new(2)
    ship_ready(s, 1, cargo=("RED",))
    s.company("RED").treasury = 0  # the delivery must arrive before the wage is due
    arrange(s, {15: [0, 1]})
    act(s, "fund")  # seat 1 passes seat 0 and reaches Start
    assert s.phase == START and s.active == 1
    display = list(s.display)
    act(s, "sail:RED:M_NORTH", "deliver:RED:S1")
    assert s.display == display  # nothing happened yet
    c1 = s.players[1].credits
    ev = texts(act(s, "done"))
    assert any(t.startswith("Production (Start)") for t in ev)
    assert s.players[1].credits > c1  # the wage came out of the delivery revenue


def test_s23_r39_never_past_start() -> None:
    """ "You may not take an action that would carry you past Start." (R39)"""
    s = new(2)
    give(s, 0, "RED", 1)
    arrange(s, {15: [0], 16: [1]})
    s.first_finisher = 1
    with pytest.raises(IllegalAction, match="past Start"):
        act(s, "nav:place:RED:a1+place:RED:n1")
    assert s.players[0].pos == 15
    assert not any(i.startswith(">nav:") or "+" in i for i in choice_ids(s, ">nav"))
    arrange(s, {14: [0], 16: [1]})
    act(s, "nav:place:RED:a1+place:RED:n1")  # exactly onto Start is fine
    assert s.players[0].pos == 16 and s.phase == START


# ---- Production and the halfway trigger ----------------------------------------------------------


def test_s24_r40_only_the_first_disc_triggers_round_events() -> None:
    """ "Only the first player’s disc triggers the round events." (R40, R79, R80)"""
    s = new(4, seed=2)
    arrange(s, {7: [0, 1, 2, 3]})
    ev = texts(act(s, "fund"))  # seat 3 first to 8
    assert any(t.startswith("Production (halfway)") for t in ev)
    display = list(s.display)
    for _ in range(3):  # the others reach 8 as well: nothing more
        ev = texts(act(s, "fund"))
        assert not any("Production" in t for t in ev)
    assert s.display == display
    s2 = new(3, seed=2)
    arrange(s2, {15: [0, 1, 2]})
    act(s2, "fund")
    assert any(t.startswith("Payout") for t in texts(act(s2, "done")))
    act(s2, "fund")
    assert not any("Production" in t or "Payout" in t for t in texts(act(s2, "done")))
    act(s2, "fund", "done")  # round 2: the events belong to that round's first discs again
    assert s2.round == 2 and not s2.halfway_done and s2.first_finisher is None
    arrange(s2, {7: [0, 1, 2]})
    assert any(t.startswith("Production (halfway)") for t in texts(act(s2, "fund")))


@pytest.mark.parametrize(("choice", "to"), [("fund", 8), ("nav:place:RED:a1+place:RED:n1", 9)])
def test_s25_r41_r43_halfway_produces_and_refills(choice: str, to: int) -> None:
    """ "After resolving an action that reaches or passes the halfway point, produce containers
    from the marked slots and refill those slots from the bag." (R41-R43)"""
    s = new(3, seed=5)
    give(s, 0, "RED", 1)
    set_display(s, ["RED", "BLUE", "BLUE", "YELLOW"])
    arrange(s, {7: [1, 2, 0]})
    before, bag = hexes(s), sum(s.bag.values())
    ev = texts(act(s, choice))
    assert s.players[0].pos == to and s.halfway_done
    assert hexes(s) == {
        "RED": before["RED"] + 1,
        "BLUE": before["BLUE"] + 2,
        "GREEN": before["GREEN"],
        "YELLOW": before["YELLOW"] + 1,
    }
    assert all(s.display) and sum(s.bag.values()) == bag - 4
    i = next(i for i, t in enumerate(ev) if t.startswith("Production (halfway)"))
    assert i > 0 and ev[i + 1].startswith("The display is refilled")


def test_s26_r44_production_when_the_first_reaches_start() -> None:
    """ "Production also happens when the first player reaches Start by exact count." (R44)"""
    s = new(2, seed=5)
    set_display(s, ["GREEN", "GREEN", "RED", None, "YELLOW"])
    arrange(s, {15: [0, 1]})
    before = hexes(s)
    act(s, "fund")
    assert s.players[1].pos == 16 and hexes(s) == before  # in the Start window: not yet
    ev = texts(act(s, "done"))
    assert sum(t.startswith("Production (Start)") for t in ev) == 1
    assert hexes(s) == {
        **before,
        "GREEN": before["GREEN"] + 2,
        "RED": before["RED"] + 1,
        "YELLOW": before["YELLOW"] + 1,
    }


def test_s27_r45_no_halfway_with_two_players() -> None:
    """ "In two-player games, the board has no halfway trigger." (R45)"""
    s = new(2, seed=5)
    give(s, 0, "RED", 1)
    arrange(s, {6: [0], 12: [1]})
    display, before = list(s.display), hexes(s)
    ev = texts(act(s, "fund", "fund", "nav:place:RED:a1+place:RED:n1"))  # 7, 8, 10
    assert not s.halfway_done and not any("Production" in t for t in ev)
    assert s.display == display and hexes(s) == before


def test_s28_r46_a_hex_holds_at_most_six() -> None:
    """ "Each company hex can hold at most six containers." (R46; Produce obeys it too, R91)"""
    s = new(2)
    arrange(s, {0: [0], 9: [1]})
    s.company("RED").hex_containers = 6
    s.bag = {"RED": 4, "BLUE": 0, "GREEN": 0, "YELLOW": 0}
    ev = texts(act(s, "produce"))
    assert s.company("RED").hex_containers == 6 and s.bag["RED"] == 4
    assert s.players[0].pos == 1 and "full" in ev[0]


def test_s29_r47_r48_excess_returns_without_replacement() -> None:
    """ "If production would put more than six there, return the excess to the drawbag; do not
    draw replacements." (R47, R48)"""
    s = new(2, seed=8)
    s.company("RED").hex_containers = 5
    s.bag["RED"] -= 3
    set_display(s, ["RED", "RED", "BLUE", "RED", "GREEN"])
    arrange(s, {15: [0, 1]})
    before, bag = hexes(s), sum(s.bag.values())
    act(s, "fund")
    ev = texts(act(s, "done"))
    assert s.company("RED").hex_containers == 6
    assert s.company("BLUE").hex_containers == before["BLUE"] + 1
    assert s.company("GREEN").hex_containers == before["GREEN"] + 1
    assert "back to the bag (hex full): red, red" in " ".join(ev)
    assert sum(s.bag.values()) == bag + 2 - 5  # two returned, one draw per slot, no extra
    assert all(s.display)


# ---- Round-end payout ----------------------------------------------------------------------------


def test_s30_r49_r51_production_then_pay_in_stock_market_order() -> None:
    """ "When the first player reaches Start and finishes free actions, resolve container
    production, then pay each company in the stock-market order." (R49-R51)"""
    s = new(3)
    arrange(s, {15: [0, 1, 2]})
    for cid, stock, seq in (("RED", 7, 5), ("BLUE", 9, 4), ("GREEN", 5, 2), ("YELLOW", 7, 6)):
        co = s.company(cid)
        co.stock, co.stock_seq, co.treasury = stock, seq, 30
        give(s, 0, cid, 1)
    s.stock_counter = 10
    act(s, "fund")
    assert s.phase == START
    ev = texts(act(s, "done"))
    i_prod = next(i for i, t in enumerate(ev) if t.startswith("Production (Start)"))
    i_pay = next(i for i, t in enumerate(ev) if t.startswith("Payout"))
    assert i_prod < i_pay
    assert ev[i_pay].endswith("Boreal Line, Atlas Line, Dune Line, Coral Line.")
    asked = []
    while s.phase == PAYOUT:
        asked.append(s.payout.order[s.payout.index])
        act(s, "div:1")
    assert asked == ["BLUE", "RED", "YELLOW", "GREEN"]


def test_s31_r52_r53_no_ceo() -> None:
    """ "If the company has no CEO, it pays no wage or dividend and its stock value falls by
    one." (R52, R53)"""
    s = new(3)
    green = s.company("GREEN")
    green.unissued, green.pool = 4, 2  # pool shares are not held by a player: still no CEO
    arrange(s, {15: [0, 1, 2]})
    act(s, "fund")
    credits = [p.credits for p in s.players]
    act(s, "done")
    assert green.ceo is None and green.stock == 4 and green.treasury == 8
    assert [p.credits for p in s.players] == credits


@pytest.mark.parametrize(
    ("stock", "wage"),
    [(3, 2), (4, 2), (5, 2), (6, 4), (7, 4), (8, 4), (9, 6), (10, 6), (11, 8), (12, 8)],
)
def test_s32_r54_r55_mandatory_wage_by_band(stock: int, wage: int) -> None:
    """ "For each company with a CEO, first pay the mandatory wage from its treasury if it can
    afford it: 2 credits at stock 3–5, 4 at 6–8, 6 at 9–10, or 8 at 11–12." (R54, R55)"""
    s = new(3)
    give(s, 0, "RED", 1)
    red = s.company("RED")
    red.stock, red.treasury = stock, 30
    arrange(s, {15: [0, 1, 2]})
    act(s, "fund")
    c0 = s.players[0].credits
    act(s, "done")
    assert s.phase == PAYOUT and s.payout.order[s.payout.index] == "RED"
    assert s.players[0].credits == c0 + wage and red.treasury == 30 - wage


def test_s33_r56_unaffordable_wage_skips_wage_and_dividend() -> None:
    """ "If it cannot pay the full wage, skip both wage and dividends." (R56, R60)"""
    s = new(3)
    give(s, 0, "RED", 2)
    give(s, 1, "RED", 1)
    red = s.company("RED")
    red.stock, red.treasury = 11, 7
    arrange(s, {15: [0, 1, 2]})
    act(s, "fund")
    credits = [p.credits for p in s.players]
    act(s, "done")
    assert s.phase != PAYOUT  # no dividend prompt
    assert red.treasury == 7 and red.stock == 10
    assert [p.credits for p in s.players] == credits
    s2 = new(3)  # exactly the wage in the treasury: affordable
    give(s2, 0, "RED", 1)
    s2.company("RED").stock, s2.company("RED").treasury = 11, 8
    arrange(s2, {15: [0, 1, 2]})
    act(s2, "fund")
    c0 = s2.players[0].credits
    act(s2, "done")
    assert s2.players[0].credits == c0 + 8 and s2.company("RED").treasury == 0
    assert s2.company("RED").stock == 10  # then only 0 per share is possible


def test_s34_r57_r59_dividend_choice_paid_per_outstanding_share() -> None:
    """ "Otherwise, the CEO chooses a dividend of 0–3 credits per share, paid evenly to every
    outstanding share if the treasury can afford it." (R57-R59)"""
    s = new(3)
    give(s, 0, "RED", 2)
    give(s, 1, "RED", 1)
    red = s.company("RED")
    red.unissued, red.pool = red.unissued - 1, 1  # a pool share: not outstanding
    red.treasury = 20
    arrange(s, {15: [0, 1, 2]})
    act(s, "fund", "done")
    assert [p.seat for p in T.prompts(s)] == [0]
    assert choice_ids(s) == ["div:0", "div:1", "div:2", "div:3"]
    c0, c1 = s.players[0].credits, s.players[1].credits
    act(s, "div:3")
    assert s.players[0].credits == c0 + 6 and s.players[1].credits == c1 + 3
    assert red.treasury == 20 - 2 - 9 and red.stock == 5 + 2
    s2 = new(3)
    give(s2, 0, "RED", 2)
    give(s2, 1, "RED", 1)
    s2.company("RED").treasury = 7  # after the wage 5: 3 shares allow only 0 or 1
    arrange(s2, {15: [0, 1, 2]})
    act(s2, "fund", "done")
    assert choice_ids(s2) == ["div:0", "div:1"]
    with pytest.raises(IllegalAction, match="cannot pay"):
        act(s2, "div:2")


def test_s35_r60_r61_no_dividend_drops_the_stock() -> None:
    """ "If no dividend is paid, or the treasury cannot pay at least one per share, the stock
    value drops by one." (R60, R61)"""
    s = new(3)
    give(s, 0, "RED", 1)
    s.company("RED").treasury = 20
    arrange(s, {15: [0, 1, 2]})
    act(s, "fund", "done")
    act(s, "div:0")  # chosen although more was affordable
    assert s.company("RED").stock == 4 and s.company("RED").treasury == 18
    s2 = new(3)
    give(s2, 0, "BLUE", 2)
    give(s2, 1, "BLUE", 1)
    s2.company("BLUE").treasury = 4  # wage 2 leaves 2 < 3 shares: forced 0, no prompt
    arrange(s2, {15: [0, 1, 2]})
    act(s2, "fund", "done")
    assert s2.phase != PAYOUT
    assert s2.company("BLUE").stock == 4 and s2.company("BLUE").treasury == 2


def test_s36_r62_r63_round_marker_then_score_after_round_three() -> None:
    """ "When all players reach Start, move the round marker; after round three, score."
    (R62, R63, R117)"""
    s = new(2)
    arrange(s, {15: [0, 1]})
    act(s, "fund", "done")  # seat 1 finishes first
    assert s.round == 1 and s.phase == TURN  # seat 0 has not reached Start yet
    act(s, "fund", "done")
    assert s.round == 2 and all(p.pos == 0 for p in s.players)
    s.round = 3
    arrange(s, {15: [0, 1]})
    give(s, 0, "RED", 2)
    act(s, "fund", "done")
    if s.phase == PAYOUT:
        act(s, "div:0")
    assert T.result(s) is None
    act(s, "fund", "done")
    assert s.phase == OVER and s.round == 3
    res = T.result(s)
    assert res is not None
    stock = s.company("RED").stock
    assert res.scores == {0: s.players[0].credits + 2 * stock, 1: s.players[1].credits}


# ---- the seed itself -------------------------------------------------------------------------------

SEED_FILE = Path("/work/shared/seeds/002_0166ae5474dc3fd5.txt")

#: The seed's statements, verbatim (headings left out; table rows as "Action | Time | Effect").
SEED_STATEMENTS = [
    "The last player on the circular track acts until they stop or move into the lead.",
    "The player furthest behind on the Time Track chooses an action, moves their disc forward by "
    "its time cost, then resolves the action.",
    "Repeat while you remain last.",
    "If you are no longer last, you may choose to stop; the new last player then acts.",
    "If your move carries you past the current first-place disc, your turn ends immediately "
    "after that action, with no further actions or free actions.",
    "When discs share a space, stack the moving disc on top.",
    "If a stack occupies last place, its top disc belongs to the player who acts.",
    "This also sets the first turn in each round.",
    "The action list on the board gives the printed costs.",
    "Each listed action advances your disc and is resolved after the move.",
    "Load a Container | 1 | At a company port, move one container from that company hex into a "
    "free ship slot.",
    "Produce a Container | 1 | Draw one container from the bag and place it at its matching "
    "company.",
    "Place or Move Navigation Points | 1 or 2 | Place or move one or two points, paying each "
    "point’s placement cost from its company’s treasury.",
    "A move is available only to that company’s CEO.",
    "Funding | 1 | Take one credit from the bank for your personal funds.",
    "Invest | 1 | Place one of your investment discs and pay the cost printed in the chosen slot.",
    "Advertise | 1 | Swap two adjacent Demand Markers in the queue.",
    "Buy and/or Sell a Share | 1 | Buy one share, sell one share, or do both for different "
    "companies.",
    "Set Sail, Deliver Containers and Dump Containers do not advance the Time Track.",
    "See Shipping and Trade for their limits and sequence.",
    "You may take free actions before or after a time-costing action, in any order.",
    "Once you are in first position, you cannot take more free actions.",
    "Exception: when you have reached Start exactly after resolving your action, you may finish "
    "free actions before your round ends.",
    "This applies to the first player too.",
    "You may not take an action that would carry you past Start.",
    "Only the first player’s disc triggers the round events.",
    "After resolving an action that reaches or passes the halfway point, produce containers from "
    "the marked slots and refill those slots from the bag.",
    "Production also happens when the first player reaches Start by exact count.",
    "In two-player games, the board has no halfway trigger.",
    "Each company hex can hold at most six containers.",
    "If production would put more than six there, return the excess to the drawbag; do not draw "
    "replacements.",
    "When the first player reaches Start and finishes free actions, resolve container "
    "production, then pay each company in the stock-market order.",
    "If the company has no CEO, it pays no wage or dividend and its stock value falls by one.",
    "For each company with a CEO, first pay the mandatory wage from its treasury if it can afford "
    "it: 2 credits at stock 3–5, 4 at 6–8, 6 at 9–10, or 8 at 11–12.",
    "If it cannot pay the full wage, skip both wage and dividends.",
    "Otherwise, the CEO chooses a dividend of 0–3 credits per share, paid evenly to every "
    "outstanding share if the treasury can afford it.",
    "If no dividend is paid, or the treasury cannot pay at least one per share, the stock value "
    "drops by one.",
    "When all players reach Start, move the round marker; after round three, score.",
]


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_every_seed_statement_has_a_scenario() -> None:
    """Each statement of the seed is quoted in the docstring of a test of this module."""
    docs = " ".join(
        _flat(fn.__doc__ or "")
        for name, fn in globals().items()
        if name.startswith("test_s") and callable(fn)
    )
    missing = [s for s in SEED_STATEMENTS if _flat(s) not in docs]
    assert not missing, missing


@pytest.mark.skipif(not SEED_FILE.exists(), reason="the shared seed file is not available here")
def test_seed_statements_match_the_seed_file() -> None:
    """The statements above are the seed file's, complete and verbatim."""
    rows = []
    for line in SEED_FILE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|"):
            if cells[0] != "Action" and set(cells[0]) - {"-"}:
                rows.append(" | ".join(cells))
        elif line.strip().endswith("."):
            rows.append(line.strip())
    assert _flat(" ".join(rows)) == _flat(" ".join(SEED_STATEMENTS))
