"""Production: R40-R48, R109 and the scenario 'hex overflow' of §22.4 (R91)."""

from __future__ import annotations

from engine.tidewater.production import production_event
from tests.engine.tidewater.tw_helpers import act, arrange, containers_total, new, set_display


def test_r40_only_the_first_disc_triggers_events() -> None:
    """R40: halfway and Start events belong to the first disc to reach the point."""
    s = new(3, seed=2)
    arrange(s, {7: [0, 1, 2]})
    ev = act(s, "fund")  # seat 2 first to 8
    assert s.halfway_done and any("halfway" in e.text for e in ev)
    ev = act(s, "fund")  # seat 1 also crosses: nothing
    assert not any("Production" in e.text for e in ev)


def test_r41_halfway_reach_or_pass() -> None:
    s = new(4, seed=2)
    arrange(s, {7: [0], 9: [1], 10: [2, 3]})
    s.halfway_done = False  # nobody triggered yet (artificial start)
    from tests.engine.tidewater.tw_helpers import give

    give(s, 0, "RED", 1)
    ev = act(s, "nav:place:RED:a1+place:RED:w1")  # 7 -> 9 passes the mark
    assert any("halfway" in e.text for e in ev)


def test_r42_production_places_display_containers() -> None:
    s = new(4, seed=5)
    set_display(s, ["RED", "BLUE", "BLUE", None, "GREEN"])
    before = {c.id: c.hex_containers for c in s.companies}
    production_event(s, "test", [])
    assert s.company("RED").hex_containers == before["RED"] + 1
    assert s.company("BLUE").hex_containers == before["BLUE"] + 2
    assert s.company("GREEN").hex_containers == before["GREEN"] + 1
    assert s.company("YELLOW").hex_containers == before["YELLOW"]  # the empty slot: nothing


def test_r43_display_refilled_from_the_bag() -> None:
    s = new(3, seed=5)
    bag = sum(s.bag.values())
    n = len(s.display)
    lines = production_event(s, "test", [])
    assert all(c is not None for c in s.display)
    assert sum(s.bag.values()) == bag - n
    assert "refilled" in lines[-1]


def test_r44_start_production_by_exact_count() -> None:
    """R44 (with R50, R80): one production event when the first disc reaches Start exactly."""
    s = new(2, seed=5)
    arrange(s, {15: [1, 0]})
    act(s, "fund")
    assert s.players[0].pos == 16
    ev = act(s, "done")
    assert sum(e.text.startswith("Production") for e in ev) == 1
    assert any(e.text.startswith("Production (Start)") for e in ev)


def test_r45_no_halfway_with_two_players() -> None:
    s = new(2, seed=5)
    assert not s.rules.halfway_enabled(2)
    assert s.rules.halfway_enabled(3) and s.rules.halfway_enabled(4)
    arrange(s, {7: [0], 12: [1]})
    ev = act(s, "fund")
    assert not s.halfway_done and not any("Production" in e.text for e in ev)


def test_r46_hex_holds_at_most_six() -> None:
    s = new(4, seed=1)
    s.company("RED").hex_containers = 5
    s.bag["RED"] -= 3
    set_display(s, ["RED"] * 5)
    production_event(s, "test", [])
    assert s.company("RED").hex_containers == 6
    assert containers_total(s)["RED"] == 12


def test_r47_excess_back_to_the_bag() -> None:
    """Spec §14.1 example: display R, R, B, R, G with H_RED at 5."""
    s = new(2, seed=8)
    s.company("RED").hex_containers = 5
    s.bag["RED"] -= 3
    set_display(s, ["RED", "RED", "BLUE", "RED", "GREEN"])
    red_bag = s.bag["RED"]
    lines = production_event(s, "test", [])
    assert s.company("RED").hex_containers == 6
    assert lines[0].endswith("back to the bag (hex full): red, red.")
    refilled_red = s.display.count("RED")
    assert s.bag["RED"] == red_bag + 2 - refilled_red  # the two reds may come out again


def test_r48_no_replacement_draws() -> None:
    s = new(2, seed=8)
    s.company("RED").hex_containers = 6
    s.bag["RED"] -= 4
    set_display(s, ["RED"] * 5)
    bag_before = sum(s.bag.values())
    production_event(s, "test", [])
    # 5 returned, then exactly one refill draw per slot: no extra draw for the overflow.
    assert sum(s.bag.values()) == bag_before + 5 - 5
    assert containers_total(s)["RED"] == 12


def test_r109_slot_order_refill_after_all_and_empty_bag() -> None:
    """Place in slot order, refill only after all are placed, stop when the bag runs out."""
    s = new(3, seed=4)
    s.display = ["GREEN", None, "BLUE", None]
    s.company("GREEN").hex_containers = 6
    s.bag = {"RED": 1, "BLUE": 0, "GREEN": 0, "YELLOW": 0}  # a nearly empty bag (no totals here)
    lines = production_event(s, "test", [])
    # The refused green went back before the refill, so it can be drawn again.
    assert sorted(c for c in s.display if c) == ["GREEN", "RED"]
    assert s.display[2:] == [None, None]
    assert sum(s.bag.values()) == 0
    assert "back to the bag (hex full): green" in lines[0]
    s.company("GREEN").hex_containers = 0
    s.company("RED").hex_containers = 0
    lines = production_event(s, "test", [])
    assert "stays empty" in lines[-1] and s.display == [None] * 4
    assert s.company("GREEN").hex_containers == 1 and s.company("RED").hex_containers == 1
