"""Variants, off by default: R124 (V1), R125 (V2), R126 (V3)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from tests.engine.tidewater.tw_helpers import T, act, arrange, choice_ids, give, new


def test_variants_off_by_default() -> None:
    assert {o.name: o.default for o in T.options} == {
        "terminal_fee": "off",
        "short_game": "off",
        "open_operations": "off",
    }
    assert new(3).variants == []


def test_r124_terminal_fee() -> None:
    s = new(2, terminal_fee="on")
    give(s, 0, "RED", 1)
    arrange(s, {0: [0], 15: [1]})
    s.ship("RED").port = "P_YEL"
    act(s, "load:RED")
    assert s.company("RED").treasury == 7 and s.company("YELLOW").treasury == 9
    s.ship("RED").port = "P_RED"
    act(s, "load:RED")  # own hex: no fee
    assert s.company("RED").treasury == 7
    s.ship("RED").port = "P_BLU"
    for slot in s.ship("RED").slots:
        slot.container = None  # (containers vanish here; this test checks no totals)
    s.company("RED").treasury = 0
    with pytest.raises(IllegalAction, match="terminal fee"):
        act(s, "load:RED")
    off = new(2)
    give(off, 0, "RED", 1)
    arrange(off, {0: [0], 15: [1]})
    off.ship("RED").port = "P_YEL"
    act(off, "load:RED")
    assert off.company("RED").treasury == 8


def test_r125_short_game() -> None:
    s = new(3, short_game="on")
    assert s.rules.steps == 12 and s.rules.halfway == 6 and len(s.stacks) == 13
    arrange(s, {5: [0], 11: [1, 2]})
    ev = act(s, "fund")
    assert any("halfway" in e.text for e in ev)
    arrange(s, {11: [0, 1, 2]})
    act(s, "fund")
    assert s.phase == "start_window"


def test_r126_open_operations() -> None:
    s = new(2, open_operations="on")
    arrange(s, {0: [0], 15: [1]})
    act(s, "nav:place:RED:a1")  # no share needed
    act(s, "load:RED")
    s.company("RED").nav.append("n1")
    s.company("RED").nav_supply -= 1
    act(s, "sail:RED:M_NORTH", "deliver:RED:S1")
    give(s, 1, "RED", 1)  # seat 1 is CEO: moves stay CEO-only (SEED)
    with pytest.raises(IllegalAction, match="Only the CEO"):
        act(s, "nav:move:RED:a1:w1")
    off = new(2)
    arrange(off, {0: [0], 15: [1]})
    with pytest.raises(IllegalAction):
        act(off, "nav:place:RED:a1")
    assert ">load" not in choice_ids(off)
