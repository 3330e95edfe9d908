"""Time-costing actions: R14-R31, R84, R85, R87-R96."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from tests.engine.tidewater.tw_helpers import T, act, arrange, choice_ids, give, new, walk


def fresh(seats: int = 2, seed: int = 1, pos: int = 0):
    """Seat 0 to act alone at `pos`, the others far ahead (not finished)."""
    s = new(seats, seed)
    others = list(range(1, seats))
    arrange(s, {pos: [0], 15: others})
    return s


@pytest.mark.parametrize(
    ("choice", "cost"),
    [
        ("fund", 1),
        ("produce", 1),
        ("load:RED:S1", 1),
        ("nav:place:RED:a1", 1),
        ("nav:place:RED:a1+place:RED:n1", 2),
        ("invest:BLUE:S3", 1),
        ("adv:2", 1),
        ("trade:buy:GREEN:u", 1),
        ("trade:sell:RED+buy:GREEN:u", 1),
    ],
)
def test_r14_each_action_advances_by_its_cost(choice: str, cost: int) -> None:
    """R14, R15, R17, R19, R23, R25, R27, R29: printed time costs (SEED)."""
    s = fresh()
    give(s, 0, "RED", 2)
    act(s, choice)
    assert s.players[0].pos == cost


def test_r15_load_costs_one() -> None:
    s = fresh()
    give(s, 0, "RED", 1)
    assert s.rules.cost["load"] == 1
    act(s, "load:RED:S1")
    assert s.players[0].pos == 1


def test_r16_load_moves_a_container_from_the_port_hex() -> None:
    s = fresh()
    give(s, 0, "RED", 1)
    before = s.company("RED").hex_containers
    assert "load:RED:S1" in choice_ids(s)  # one choice on the top-level menu
    walk(s, "load:RED:S1")
    assert s.company("RED").hex_containers == before - 1
    assert s.ship("RED").slots[0].container == "RED"


def test_r17_produce_costs_one() -> None:
    s = fresh()
    act(s, "produce")
    assert s.players[0].pos == s.rules.cost["produce"] == 1


def test_r18_produce_draws_to_the_matching_hex() -> None:
    s = fresh(seed=7)
    bag = sum(s.bag.values())
    hexes = {c.id: c.hex_containers for c in s.companies}
    events = act(s, "produce")
    assert sum(s.bag.values()) == bag - 1
    grown = [c.id for c in s.companies if c.hex_containers == hexes[c.id] + 1]
    assert len(grown) == 1
    assert grown[0].lower() in events[0].text
    assert events[0].barrier  # a random draw: undo barrier


def test_r19_navigation_costs_one_or_two() -> None:
    s = fresh()
    give(s, 0, "RED", 1)
    act(s, "nav:place:RED:a1")
    assert s.players[0].pos == 1
    act(s, "nav:place:RED:n1+place:RED:w1")
    assert s.players[0].pos == 3


def test_r20_place_or_move_points() -> None:
    s = fresh()
    give(s, 0, "RED", 2)  # CEO
    act(s, "nav:place:RED:a1")
    act(s, "nav:move:RED:a1:n1")
    assert s.company("RED").nav == ["n1"]
    assert s.company("RED").nav_supply == 5


def test_r21_costs_paid_from_the_company_treasury() -> None:
    s = fresh()
    give(s, 0, "RED", 1)
    credits = s.players[0].credits
    act(s, "nav:place:RED:a1+place:RED:f1")  # 1 + 3
    assert s.company("RED").treasury == 8 - 4
    assert s.players[0].credits == credits


def test_r22_move_only_by_the_ceo() -> None:
    s = fresh()
    give(s, 1, "RED", 2)  # seat 1 is CEO
    give(s, 0, "RED", 1)
    s.company("RED").nav = ["a1"]
    s.company("RED").nav_supply = 5
    with pytest.raises(IllegalAction, match="Only the CEO"):
        act(s, "nav:move:RED:a1:n1")
    ids = choice_ids(s, ">nav")
    assert not any(i.startswith(">nav:move") or i.startswith("nav:move") for i in ids)


def test_r23_funding_costs_one() -> None:
    s = fresh()
    act(s, "fund")
    assert s.players[0].pos == s.rules.cost["fund"] == 1


def test_r24_funding_takes_one_credit() -> None:
    s = fresh()
    c = s.players[0].credits
    act(s, "fund")
    assert s.players[0].credits == c + 1


def test_r25_invest_costs_one() -> None:
    s = fresh()
    act(s, "invest:RED:S3")
    assert s.players[0].pos == 1


def test_r26_invest_pays_the_printed_slot_cost() -> None:
    s = fresh()
    c = s.players[0].credits
    act(s, "invest:GREEN:S5")
    assert s.players[0].credits == c - 5
    assert s.company("GREEN").treasury == 8 + 5
    assert s.ship("GREEN").slots[4].investor == 0
    assert s.players[0].inv_discs == 2


def test_r27_advertise_costs_one() -> None:
    s = fresh()
    act(s, "adv:7")
    assert s.players[0].pos == 1


def test_r28_advertise_swaps_adjacent_markers() -> None:
    s = fresh()
    q = list(s.queue)
    walk(s, ">adv", "adv:3")
    q[2], q[3] = q[3], q[2]
    assert s.queue == q


def test_r29_trade_costs_one() -> None:
    s = fresh()
    act(s, "trade:buy:RED:u")
    assert s.players[0].pos == 1


def test_r30_buy_sell_or_both() -> None:
    s = fresh()
    give(s, 0, "BLUE", 1)
    ids = choice_ids(s, ">trade")
    assert ">trade:sell:BLUE" in ids and ">trade:buy:RED:u" in ids
    sub = choice_ids(s, ">trade", ">trade:sell:BLUE")
    assert "trade:sell:BLUE" in sub and "trade:sell:BLUE+buy:RED:u" in sub
    walk(s, ">trade", ">trade:sell:BLUE", "trade:sell:BLUE+buy:RED:u")
    assert s.players[0].shares == {"RED": 1}


def test_r31_buy_and_sell_different_companies() -> None:
    s = fresh()
    give(s, 0, "BLUE", 1)
    with pytest.raises(IllegalAction, match="different companies"):
        act(s, "trade:sell:BLUE+buy:BLUE:u")
    assert "trade:sell:BLUE+buy:BLUE:u" not in choice_ids(s, ">trade", ">trade:sell:BLUE")


def test_r84_illegal_part_rejects_the_whole_action() -> None:
    s = fresh()
    give(s, 0, "RED", 1)
    s.company("RED").treasury = 2
    before = T.encode(s)
    with pytest.raises(IllegalAction):
        T.apply(s, 0, "nav:place:RED:a1+place:RED:f1")  # second point unaffordable
    assert T.encode(s) == before
    with pytest.raises(IllegalAction):
        T.apply(s, 0, "trade:buy:RED:u+sell:GREEN")  # holds no GREEN
    assert T.encode(s) == before


def test_r85_no_payment_below_zero() -> None:
    s = fresh()
    s.players[0].credits = 4
    with pytest.raises(IllegalAction, match="costs 5"):
        act(s, "trade:buy:RED:u")
    with pytest.raises(IllegalAction, match="costs 5"):
        act(s, "invest:RED:S5")
    act(s, "invest:RED:S4")
    assert s.players[0].credits == 0


def test_r87_load_rules() -> None:
    """Company port only, shareholder only, from the port's hex, lowest free slot by default."""
    s = fresh()
    with pytest.raises(IllegalAction, match="share"):
        act(s, "load:RED:S1")
    give(s, 0, "RED", 1)
    s.ship("RED").port = "P_YEL"  # any company's ship may load at any company port
    act(s, "load:RED")
    assert s.ship("RED").slots[0].container == "YELLOW"
    assert s.company("YELLOW").hex_containers == 1
    act(s, "load:RED")
    assert s.ship("RED").slots[1].container == "YELLOW"
    with pytest.raises(IllegalAction, match="no container"):
        act(s, "load:RED")
    s.ship("RED").port = "M_NORTH"
    with pytest.raises(IllegalAction, match="market"):
        act(s, "load:RED")
    s.ship("RED").port = "P_RED"
    with pytest.raises(IllegalAction, match="open, empty slot"):
        act(s, "load:RED")  # S3-S5 closed
    with pytest.raises(IllegalAction, match="not open: nobody has invested"):
        act(s, "load:RED:S3")
    with pytest.raises(IllegalAction, match="already holds a container"):
        act(s, "load:RED:S1")


def test_r88_place_and_move_details() -> None:
    s = fresh()
    with pytest.raises(IllegalAction, match="share"):
        act(s, "nav:place:RED:a1")
    give(s, 0, "RED", 1)
    act(s, "nav:place:RED:x")
    assert s.company("RED").treasury == 6
    act(s, "nav:move:RED:x:f1")  # the destination's cost
    assert s.company("RED").treasury == 3 and s.company("RED").nav == ["f1"]
    s.company("RED").nav_supply = 0
    with pytest.raises(IllegalAction, match="supply"):
        act(s, "nav:place:RED:a1")


def test_r89_two_point_actions() -> None:
    s = fresh()
    give(s, 0, "RED", 1)
    give(s, 0, "BLUE", 1)
    with pytest.raises(IllegalAction, match="no navigation point on sea hex a1"):
        act(s, "nav:place:RED:x+move:RED:a1:x")
    s.company("RED").nav = ["a1"]
    s.company("RED").nav_supply = 5
    with pytest.raises(IllegalAction, match="different points"):
        act(s, "nav:move:RED:a1:n1+move:RED:n1:d1")
    with pytest.raises(IllegalAction, match="already has"):
        act(s, "nav:place:RED:x+move:RED:a1:x")
    s.company("RED").treasury = 3
    with pytest.raises(IllegalAction, match="treasury"):
        act(s, "nav:place:RED:n1+place:RED:x")  # 2 + 2 > 3: both checked together
    act(s, "nav:move:RED:a1:w1+place:BLUE:b1")  # mixed companies, place and move
    assert s.company("RED").nav == ["w1"] and s.company("BLUE").nav == ["b1"]
    sub = choice_ids(s, ">nav", ">nav:place:RED:a1")
    assert "nav:place:RED:a1" in sub and "back" in sub
    assert not any("move:RED:a1:" in i for i in sub)


def test_r90_one_point_per_hex_per_company() -> None:
    s = fresh()
    give(s, 0, "RED", 1)
    give(s, 0, "BLUE", 1)
    act(s, "nav:place:RED:x")
    with pytest.raises(IllegalAction, match="already has"):
        act(s, "nav:place:RED:x")
    act(s, "nav:place:BLUE:x")
    assert "x" in s.company("BLUE").nav


def test_r91_produce_full_hex_and_empty_bag() -> None:
    s = fresh(seed=3)
    for co in s.companies:
        co.hex_containers = 6
    for c in s.bag:
        s.bag[c] = s.bag[c]  # unchanged
    bag = dict(s.bag)
    # Make the bag hold reds only (move the rest to the hexes' notional count is not needed).
    act(s, "produce")
    assert s.bag == bag  # drawn, refused by the full hex, returned; no redraw
    assert s.players[0].pos == 1  # the time is spent
    s.bag = {c: 0 for c in s.bag}
    assert "produce" not in choice_ids(s)
    with pytest.raises(IllegalAction, match="empty"):
        act(s, "produce")


def test_r92_invest_rules() -> None:
    s = fresh()
    act(s, "invest:RED:S3")
    with pytest.raises(IllegalAction, match="already has an investor"):
        act(s, "invest:RED:S3")
    with pytest.raises(IllegalAction, match="not an investment slot"):
        act(s, "invest:RED:S1")
    act(s, "invest:BLUE:S3", "invest:GREEN:S3")
    with pytest.raises(IllegalAction, match="no investment disc"):
        act(s, "invest:YELLOW:S3")
    assert ">invest" not in choice_ids(s)


def test_r93_advertise_any_position_same_colour_noop() -> None:
    s = fresh()
    s.queue = ["RED", "RED", "BLUE", "BLUE", "GREEN", "GREEN", "YELLOW", "YELLOW"]
    ids = choice_ids(s, ">adv")
    assert [i for i in ids if i.startswith("adv:")] == [f"adv:{i}" for i in range(1, 8)]
    walk(s, ">adv", "adv:1")
    assert s.queue[:2] == ["RED", "RED"] and s.players[0].pos == 1
    with pytest.raises(IllegalAction):
        act(s, "adv:8")


def test_r94_buy_rules() -> None:
    s = fresh()
    s.players[0].credits = 40
    s.company("RED").stock = 7
    c = s.players[0].credits
    act(s, "trade:buy:RED:u")
    assert s.company("RED").treasury == 8 + 7 and s.players[0].credits == c - 7
    assert s.company("RED").stock == 7  # buying does not move the stock
    s.company("RED").pool = 1
    s.company("RED").unissued -= 1
    act(s, "trade:buy:RED:p")
    assert s.company("RED").treasury == 15 and s.company("RED").pool == 0  # pool pays the bank
    act(s, "trade:buy:RED")  # no source named: unissued (data default)
    assert s.players[0].shares["RED"] == 3
    with pytest.raises(IllegalAction, match="pool"):
        act(s, "trade:buy:RED:p")


def test_r95_sell_rules() -> None:
    s = fresh()
    give(s, 0, "RED", 1)
    s.company("RED").stock = 6
    c = s.players[0].credits
    act(s, "trade:sell:RED")
    assert s.players[0].credits == c + 6  # the value before the drop
    assert s.company("RED").stock == 5 and s.company("RED").pool == 1
    with pytest.raises(IllegalAction, match="hold no"):
        act(s, "trade:sell:RED")
    give(s, 0, "BLUE", 1)
    s.company("BLUE").stock = 1
    act(s, "trade:sell:BLUE")
    assert s.company("BLUE").stock == 1  # not below 1


def test_r96_combined_order_and_separate_transactions() -> None:
    s = fresh()
    s.players[0].credits = 0
    give(s, 0, "RED", 1)
    with pytest.raises(IllegalAction):
        act(s, "trade:buy:BLUE:u+sell:RED")  # buying first cannot use the sale's money
    act(s, "trade:buy:BLUE:u,sell:RED")  # no order stated: sell first (data default)
    assert s.players[0].shares == {"BLUE": 1}
    assert s.company("RED").ceo is None and s.company("BLUE").ceo == 0
    n = s.share_counter
    give(s, 0, "GREEN", 1)
    act(s, "trade:sell:GREEN+buy:YELLOW:u")
    assert s.share_counter == n + 1 + 2  # two transactions
