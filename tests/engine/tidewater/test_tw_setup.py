"""Setup, data and randomness: R64-R71, R119, R120 and the load-time data checks (§20.8)."""

from __future__ import annotations

import copy

import pytest

from engine.core import IllegalAction
from engine.rng import Rng
from engine.tidewater.data import DataError, raw_data, rules_for, validate
from engine.tidewater.production import draw
from engine.tidewater.setup import new_game
from tests.engine.tidewater.tw_helpers import T, containers_total, new


@pytest.mark.parametrize("seats", [0, 1, 5, 6])
def test_r64_player_count_rejected(seats: int) -> None:
    with pytest.raises(IllegalAction, match="2 to 4"):
        T.setup(1, seats, {})


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r64_player_count_accepted(seats: int) -> None:
    assert new(seats).seats == seats
    assert (T.min_seats, T.max_seats) == (2, 4)


def test_r65_four_companies() -> None:
    s = new(3)
    r = s.rules
    assert r.companies == ["RED", "BLUE", "GREEN", "YELLOW"]
    assert [r.cinfo[c]["name"] for c in r.companies] == [
        "Atlas Line",
        "Boreal Line",
        "Coral Line",
        "Dune Line",
    ]
    for c in s.companies:
        assert c.unissued == 6 and c.nav_supply == 6
        assert s.queue.count(c.id) == 2
        assert r.hex_of_company[c.id].startswith("H_") and r.home_port[c.id].startswith("P_")
    assert len(s.ships) == 4


def test_r66_containers() -> None:
    s = new(4)
    assert all(c.hex_containers == 2 for c in s.companies)
    assert containers_total(s) == {c: 12 for c in ["RED", "BLUE", "GREEN", "YELLOW"]}


@pytest.mark.parametrize(("seats", "slots", "bag"), [(2, 5, 35), (3, 4, 36), (4, 5, 35)])
def test_r67_display_slots(seats: int, slots: int, bag: int) -> None:
    s = new(seats)
    assert len(s.display) == slots and all(s.display)
    assert sum(s.bag.values()) == bag


def test_r68_demand_queue_setup() -> None:
    colours = {"RED", "BLUE", "GREEN", "YELLOW"}
    fronts = set()
    for seed in range(20):
        q = new(3, seed).queue
        assert set(q[:4]) == colours and set(q[4:]) == colours
        fronts.add(tuple(q[:4]))
    assert len(fronts) > 3


def test_r69_company_start_values() -> None:
    s = new(2)
    for c in s.companies:
        assert (c.stock, c.treasury, c.unissued, c.pool, c.ceo) == (5, 8, 6, 0, None)
        assert c.nav == [] and c.nav_supply == 6
    for cid, ship in zip(s.rules.companies, s.ships, strict=True):
        assert ship.port == s.rules.home_port[cid] and not ship.can_deliver
        assert all(x.container is None and x.investor is None for x in ship.slots)
    assert [c.stock_seq for c in s.companies] == [0, 1, 2, 3] and s.stock_counter == 3


@pytest.mark.parametrize(("seats", "credits"), [(2, 20), (3, 16), (4, 14)])
def test_r70_player_start_values(seats: int, credits: int) -> None:
    s = new(seats)
    for p in s.players:
        assert p.credits == credits and p.inv_discs == 3 and p.shares == {}


def test_r71_round_one_random_stack_on_start() -> None:
    s = new(4, seed=3)
    assert s.round == 1 and sorted(s.stacks[0]) == [0, 1, 2, 3]
    assert all(p.pos == 0 for p in s.players)


def test_r119_setup_draw_order_and_replay() -> None:
    """R119: stack order, then queue halves, then display; same seed -> same game."""
    s = new_game(77, 4, [])
    rng = Rng.from_seed(77)
    order = [0, 1, 2, 3]
    rng.shuffle(order)
    first, second = ["RED", "BLUE", "GREEN", "YELLOW"], ["RED", "BLUE", "GREEN", "YELLOW"]
    rng.shuffle(first)
    rng.shuffle(second)
    assert s.stacks[0] == order and s.queue == first + second
    assert T.encode(new_game(77, 4, [])) == T.encode(s)
    assert T.encode(new_game(78, 4, [])) != T.encode(s)


def test_r120_bag_draw_is_uniform_over_containers() -> None:
    s = new(2, seed=5)
    s.bag = {"RED": 30, "BLUE": 10, "GREEN": 0, "YELLOW": 0}
    counts = {"RED": 0, "BLUE": 0}
    for _ in range(2000):
        c = draw(s)
        counts[c] += 1
        s.bag[c] += 1
    assert 1350 < counts["RED"] < 1650  # expected 1500


def test_data_load_time_checks() -> None:
    """§20.8: the data validates; broken data is refused."""
    validate(raw_data())
    bad = copy.deepcopy(raw_data())
    bad["map"]["sea_hexes"]["a1"]["adj"].append("f1")
    with pytest.raises(DataError, match="symmetric"):
        validate(bad)
    bad = copy.deepcopy(raw_data())
    bad["wage_by_stock"][0]["max"] = 3
    with pytest.raises(DataError, match="wage bands"):
        validate(bad)
    bad = copy.deepcopy(raw_data())
    bad["production_display"]["hex_cap"] = 7
    with pytest.raises(DataError, match="SEED"):
        validate(bad)
    bad = copy.deepcopy(raw_data())
    bad["time_track"]["halfway_step"] = 16
    with pytest.raises(DataError, match="halfway"):
        validate(bad)


def test_design_values_come_from_data() -> None:
    r = rules_for(())
    d = raw_data()
    assert r.steps == d["time_track"]["steps_per_round"]
    assert r.prices == d["demand_queue"]["price_by_position"]
    assert r.starting_credits == d["players"]["starting_credits"]
