"""Free actions, shipping and the demand queue: R32, R33, R97-R104, R110, R111, R121, §11."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.tidewater.shipping import reachable
from tests.engine.tidewater.tw_helpers import T, act, arrange, choice_ids, give, new, walk


def setup_ship(seats: int = 2, cargo: list[str] | None = None, nav: list[str] | None = None):
    """Seat 0 holds a RED share and acts; the RED ship carries `cargo` in S1, S2, ..."""
    s = new(seats, seed=1)
    give(s, 0, "RED", 1)
    arrange(s, {0: [0], 15: list(range(1, seats))})
    co = s.company("RED")
    co.nav = list(nav if nav is not None else ["a1", "n1"])
    co.nav_supply = 6 - len(co.nav)
    for i, colour in enumerate(cargo or []):
        if i >= 2:
            s.ship("RED").slots[i].investor = 1
        s.ship("RED").slots[i].container = colour
        s.bag[colour] -= 1
    return s


def test_r32_free_actions_do_not_move_the_disc() -> None:
    s = setup_ship(cargo=["RED"])
    act(s, "sail:RED:M_NORTH", "deliver:RED:S1")
    assert s.players[0].pos == 0
    act(s, "fund")
    act(s, "sail:RED:P_RED")
    assert s.players[0].pos == 1


def test_r33_free_action_limits_and_sequence() -> None:
    """R33: the DESIGN limits apply: one sail per ship per window, deliver before dump."""
    s = setup_ship(cargo=["RED", "BLUE"])
    act(s, "sail:RED:M_NORTH")
    with pytest.raises(IllegalAction, match="once per window"):
        act(s, "sail:RED:P_RED")
    act(s, "dump:RED:S2")
    with pytest.raises(IllegalAction, match="already delivered or dumped"):
        act(s, "deliver:RED:S1")


def test_r97_only_active_shareholders_in_a_window() -> None:
    s = setup_ship(cargo=["RED"])
    with pytest.raises(IllegalAction):
        act(s, "sail:RED:M_NORTH", seat=1)  # not the active player
    s.players[0].shares = {}
    s.company("RED").ceo = None
    s.company("RED").unissued = 6
    with pytest.raises(IllegalAction, match="share"):
        act(s, "sail:RED:M_NORTH")
    assert not any(i.startswith("sail:") for i in choice_ids(s))


def test_r98_set_sail_routes() -> None:
    s = setup_ship(nav=["a1", "w1", "b1", "s1"])
    assert sorted(reachable(s, "RED")) == ["M_SOUTH", "P_BLU"]
    with pytest.raises(IllegalAction, match="no route"):
        act(s, "sail:RED:M_NORTH")
    with pytest.raises(IllegalAction, match="already at"):
        act(s, "sail:RED:P_RED")
    act(s, "sail:RED:P_BLU")  # an empty ship may sail, to a company port too
    assert s.ship("RED").port == "P_BLU"
    # Other companies' points give no passage.
    s2 = setup_ship(nav=["a1"])
    s2.company("YELLOW").nav = ["n1"]
    assert reachable(s2, "RED") == []
    # Ports are not passed through: a1 alone touches only P_RED.
    s3 = setup_ship(nav=["n1", "d1"])
    assert reachable(s3, "RED") == []


def test_r99_one_sail_per_ship_per_window() -> None:
    s = setup_ship()
    act(s, "sail:RED:M_NORTH")
    assert not any(i.startswith("sail:") for i in choice_ids(s))
    with pytest.raises(IllegalAction, match="once per window"):
        act(s, "sail:RED:P_RED")
    act(s, "fund")
    act(s, "sail:RED:P_RED")  # a new window
    assert s.ship("RED").port == "P_RED"


def test_r100_can_deliver_flag() -> None:
    s = setup_ship(cargo=["RED"])
    assert not s.ship("RED").can_deliver  # ships start without it
    act(s, "sail:RED:M_NORTH")
    assert s.ship("RED").can_deliver
    arrange(s, {0: [0], 15: [1]})  # a new turn: the flag survives
    act(s, "deliver:RED:S1")
    assert not s.ship("RED").can_deliver
    act(s, "fund", "sail:RED:P_RED")
    assert not s.ship("RED").can_deliver


def test_r101_deliver_prices_and_queue() -> None:
    """§11 worked example: 3 reds at M_NORTH from R B G Y R B G Y -> 6 + 4 + 3 = 13 (R104)."""
    s = setup_ship(cargo=["RED", "RED", "RED"])
    s.queue = ["RED", "BLUE", "GREEN", "YELLOW"] * 2
    act(s, "sail:RED:M_NORTH")
    t, bag = s.company("RED").treasury, s.bag["RED"]
    act(s, "deliver:RED:S1.S2.S3")
    assert s.company("RED").treasury == t + 13
    assert s.queue == ["BLUE", "GREEN", "YELLOW", "BLUE", "GREEN", "YELLOW", "RED", "RED"]
    assert all(slot.container is None for slot in s.ship("RED").slots)
    assert s.bag["RED"] == bag + 3
    # At M_FAR the same delivery pays 13 + 3 x 2 = 19.
    s2 = setup_ship(cargo=["RED", "RED", "RED"], nav=["a1", "n1", "x", "f1"])
    s2.queue = ["RED", "BLUE", "GREEN", "YELLOW"] * 2
    act(s2, "sail:RED:M_FAR")
    t2 = s2.company("RED").treasury
    walk(
        s2,
        ">deliver",
        ">deliver:RED",
        ">deliver:RED:S1",
        ">deliver:RED:S1.S2",
        "deliver:RED:S1.S2.S3",
    )
    assert s2.company("RED").treasury == t2 + 19


def test_r101_bag_count_after_delivery() -> None:
    s = setup_ship(cargo=["BLUE"])
    bag = s.bag["BLUE"]
    act(s, "sail:RED:M_NORTH", "deliver:RED:S1")
    assert s.bag["BLUE"] == bag + 1


def test_r102_dump_anywhere_no_money() -> None:
    s = setup_ship(cargo=["BLUE", "GREEN"])
    t, q = s.company("RED").treasury, list(s.queue)
    walk(s, ">dump", "dump:RED:S1")  # at a company port
    assert s.company("RED").treasury == t and s.queue == q
    act(s, "sail:RED:M_NORTH", "dump:RED:S2")
    assert not s.ship("RED").can_deliver
    with pytest.raises(IllegalAction):
        act(s, "dump:RED:S2")


def test_r103_ships_share_ports_and_stay_docked() -> None:
    s = setup_ship()
    give(s, 0, "YELLOW", 1)
    s.company("YELLOW").nav = ["d1", "n1"]
    act(s, "sail:RED:M_NORTH", "sail:YELLOW:M_NORTH")
    assert s.ship("RED").port == s.ship("YELLOW").port == "M_NORTH"
    view = T.view(s, None)
    north = next(p for p in view.map.ports if p.id == "M_NORTH")
    assert north.ships == ["RED", "YELLOW"]


def test_r104_demand_queue_shape() -> None:
    s = new(3)
    assert s.rules.prices == [6, 5, 5, 4, 4, 3, 3, 2]
    assert s.rules.port_bonus == {"M_NORTH": 0, "M_SOUTH": 0, "M_FAR": 2}
    assert sorted(s.queue) == sorted(["RED", "BLUE", "GREEN", "YELLOW"] * 2)


def test_r110_ship_slots() -> None:
    s = new(2)
    r = s.rules
    assert [(x.id, x.kind, x.cost) for x in r.slots] == [
        ("S1", "open", 0),
        ("S2", "open", 0),
        ("S3", "investment", 3),
        ("S4", "investment", 4),
        ("S5", "investment", 5),
    ]
    view = T.view(s, None)
    assert [x.open for x in view.ships[0].slots] == [True, True, False, False, False]


def test_r111_investor_fee_on_delivery_only() -> None:
    s = setup_ship(cargo=["RED", "RED", "BLUE"])  # S3 invested by seat 1
    c1 = s.players[1].credits
    act(s, "sail:RED:M_NORTH", "deliver:RED:S3.S1")
    assert s.players[1].credits == c1 + 1
    s2 = setup_ship(cargo=["RED", "RED", "BLUE"])
    c1 = s2.players[1].credits
    act(s2, "dump:RED:S3")
    assert s2.players[1].credits == c1


def test_r121_free_actions_must_change_something() -> None:
    s = setup_ship()
    with pytest.raises(IllegalAction):
        act(s, "sail:RED:P_RED")
    act(s, "sail:RED:M_NORTH")
    with pytest.raises(IllegalAction, match="at least one"):
        T.apply(s, 0, "deliver:RED:")
    with pytest.raises(IllegalAction, match="no container"):
        act(s, "deliver:RED:S1")
    with pytest.raises(IllegalAction, match="no container"):
        act(s, "dump:RED:S1")
    assert ">deliver" not in choice_ids(s) and ">dump" not in choice_ids(s)
