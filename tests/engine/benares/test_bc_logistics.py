"""Load, Move and Sell (R19-R22, R93-R104), examples B.2 and B.3."""

from __future__ import annotations

import pytest

from engine.benares.actions import move_ends
from engine.core import IllegalAction
from tests.engine.benares.bc_helpers import T, act, give, ids, menu_ids, new, texts, top


def _ready(boat: str, treasury: int = 9, seats: int = 2):
    st = new(seats=seats)
    c = st.companies[0]
    c.boat, c.treasury = boat, treasury
    return st, c


def _ends(start: str, steps: int) -> set[str]:
    return {e for e, _ in move_ends(start, steps)}


def test_r19_load_up_to_fewer_or_none() -> None:
    st, c = _ready("W1")
    give(st, 0, "C19")  # Load 2 card, space 2 company Load 2
    act(st, "play:C19:log:2", "first:card")
    assert set(ids(st)) == {"load:2", "load:1", "decline"}
    act(st, "load:1", "decline")
    assert c.hold == {"indigo": 1} and c.treasury == 8 and st.crates["W1"] == 1


def test_r93_load_only_at_a_source_with_crates() -> None:
    st, c = _ready("W2")  # not a source
    give(st, 0, "C19")
    ev = act(st, "play:C19:log:2", "first:card")
    assert "not a source" in texts(ev) and c.hold == {}
    st, c = _ready("W1")
    st.crates["W1"] = 0
    give(st, 0, "C19")
    ev = act(st, "play:C19:log:2", "first:card")
    assert "no crates" in texts(ev)


def test_r94_crate_cost_and_money_limit() -> None:
    st, c = _ready("W1", treasury=1)
    give(st, 0, "C19")
    act(st, "play:C19:log:2", "first:card")
    assert set(ids(st)) == {"load:1", "decline"}
    st, c = _ready("W1", treasury=0)
    c.crate_cost = 0  # Warehouses I
    give(st, 0, "C19")
    act(st, "play:C19:log:2", "first:card")
    assert "load:2" in ids(st)


def test_r95_r96_hold_capacity_and_warehouses_ii() -> None:
    st, c = _ready("E2")
    st.crates["E2"] = 9
    c.hold = {"indigo": 3}
    give(st, 0, "C23")  # Load 4
    act(st, "play:C23:log:1", "first:card")
    assert ids(st)[0] == "load:1"  # only 1 free place in a hold of 4
    st, c = _ready("E2")
    st.crates["E2"] = 9
    c.capacity, c.load_bonus = 6, 1
    give(st, 0, "C23")
    act(st, "play:C23:log:1", "first:card")
    assert ids(st)[0] == "load:5"  # Load 4 + 1 (Warehouses II)


def test_r20_r99_movement_mandatory_maximal_paths_only() -> None:
    assert _ends("BEN", 2) == {"W2", "W3"}  # never stop early on W1
    # dead end N3 keeps its lost steps; a city ends the Move early; E2 is only passed through
    assert _ends("N2", 5) == {"BEN", "N3", "S2", "E3", "E4"}
    assert _ends("N3", 1) == {"N2"}
    assert _ends("N3", 4) == {"W2", "E1"}
    assert _ends("S3", 1) == {"S2"}


def test_r97_shortcut_paid_from_one_move() -> None:
    assert "W3" in _ends("BEN", 2)  # Grand Trunk Road (2)
    assert "CAL" in _ends("E4", 2)
    assert "CAL" not in _ends("E4", 1)


def test_r98_no_revisit_within_one_move() -> None:
    # From E4 with 5 steps: E4 -> E5 -> E6 -> CAL; no way back through E4.
    for end, path in move_ends("W2", 5):
        spaces = ["W2"] + [s for s, _ in path]
        assert len(spaces) == len(set(spaces)), end


def test_r100_r103_entering_a_city_ends_move_and_sells() -> None:
    st, c = _ready("E5")
    c.hold = {"silk": 2}
    give(st, 0, "C24")  # Move 5
    act(st, "play:C24:log:1", "first:card")
    assert "to:CAL" in ids(st)
    act(st, "to:CAL")
    assert c.boat == "CAL" and top(st).kind == "sell"
    act(st, "n:2")
    assert c.hold == {} and st.crate_supply["silk"] == 15 - 6 + 2


def test_r103_no_sale_when_not_entering_a_city() -> None:
    st, c = _ready("CAL")
    c.hold = {"silk": 2}
    give(st, 0, "C26")
    act(st, "play:C26:log:1", "first:card", "to:E4")
    assert c.hold == {"silk": 2} and top(st).kind != "sell"


def test_r104_sell_any_number_price_and_one_income() -> None:
    st, c = _ready("E6", treasury=0)
    c.hold = {"silk": 2, "indigo": 1}
    c.goods["silk"] = 5
    c.rows["calcutta"] = 4
    give(st, 0, "C26")  # Move 2
    act(st, "play:C26:log:1", "first:card", "to:CAL")
    assert set(ids(st)) == {"sell:all", "sell:pick", "sell:none"}
    assert [c.step for c in T.prompts(st)[0].choices] == [False, True, False]
    assert menu_ids(st, "sell:pick") == ["n:1", "n:0", "back"]  # goods in order: indigo, silk
    assert menu_ids(st, "sell:pick", "n:0") == [
        "sell:indigo=0,silk=2",
        "sell:indigo=0,silk=1",
        "sell:indigo=0,silk=0",
        "back",
    ]
    for step in ("sell:pick", "n:0", "back"):
        with pytest.raises(IllegalAction):
            T.apply(T.copy(st), 0, step)
    act(st, "sell:indigo=0,silk=2")
    assert c.hold == {"indigo": 1}
    assert (c.discs, c.treasury) == (1, 4)  # 2 x (5 + 2) = 14 as one income


def test_r21_r22_example_b3_no_pooling() -> None:
    st, c = _ready("E2")
    give(st, 0, "C20")  # Move 3, on space 3 with company Move 1
    act(st, "play:C20:log:3", "first:card")
    assert set(ids(st)) - {"decline"} == {"to:W2", "to:N1", "to:E5"}
    act(st, "to:E5")
    assert set(ids(st)) == {"to:E4", "to:E6", "decline"}
    assert "CAL" not in _ends("E2", 3)


def test_example_b2_logistics_play_with_sale() -> None:
    st = new()
    c = st.companies[1]
    c.treasury, c.goods["silk"], c.boat, c.hold = 5, 3, "E3", {"silk": 2}
    give(st, 1, "C22")
    act(st, f"play:{st.companies[0].hand[0]}:skip:1")
    act(st, "play:C22:log:5", "first:card", "to:CAL", "n:2")
    assert (c.treasury, c.discs) == (3, 1)
    assert set(ids(st)) == {"to:E6", "decline"}


def test_r101_fleet_ii_optional_extra_step() -> None:
    st, c = _ready("E3")
    c.move_bonus = 1
    give(st, 0, "C26")  # Move 2: E3 -> E4 => (needs 2) ... with +1: E4 => CAL
    act(st, "play:C26:log:1", "first:card")
    assert "fleet:CAL" in ids(st) and "to:CAL" not in ids(st)
    act(st, "fleet:CAL")
    assert c.boat == "CAL"


def test_r102_boats_share_spaces() -> None:
    st = new(seats=3)
    for c in st.companies:
        c.boat = "W1"
    view = T.view(st, None)
    w1 = next(s for s in view.map_spaces if s.id == "W1")
    assert w1.boats == [0, 1, 2]
