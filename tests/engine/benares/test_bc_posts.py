"""Trading Posts, Agency markers and Concessions (R48-R56, R87-R91, R108-R114), examples B.1, B.5."""

from __future__ import annotations

import pytest

from engine.benares.moves import run
from engine.benares.posts import create_post, post_problem
from engine.benares.state import Task
from engine.benares.view import BenaresView
from tests.engine.benares.bc_helpers import T, act, give, ids, new, run_task, top


def _post_ready(boat: str = "N2", treasury: int = 9):
    st = new()
    c = st.companies[0]
    c.boat, c.treasury = boat, treasury
    return st, c


def test_r48_r49_post_from_supply_on_rightmost_open_space() -> None:
    st, c = _post_ready("E3")
    supply = st.post_supply["east"]
    give(st, 0, "C39")  # East post / Load 3
    act(st, "play:C39:dev:1", "first:card", "do:east")
    assert st.post_supply["east"] == supply - 1 and c.posts == ["east"]
    view: BenaresView = T.view(st, None)
    assert view.companies[0].post_track[7] == "east" and view.companies[0].agency_column == 7
    create_post(st, [], 0, "regional")
    run(st, [])
    assert T.view(st, None).companies[0].post_track[6] == "regional"


@pytest.mark.parametrize(
    ("kind", "field", "value"),
    [("north", "advisor", 2), ("east", "calcutta", 4), ("west", "benares", 4)],
)
def test_r51_r90_post_immediate_effects(kind: str, field: str, value: int) -> None:
    boat = {"north": "N1", "east": "E1", "west": "W1"}[kind]
    st, c = _post_ready(boat)
    ev: list = []
    create_post(st, ev, 0, kind)
    run(st, ev)
    while top(st).kind in ("pick_good", "pick_pawn"):
        act(st, ids(st)[0])
    assert c.rows[field] == value


def test_r90_south_gives_4_and_regional_nothing() -> None:
    st, c = _post_ready("S1", treasury=5)
    create_post(st, [], 0, "south")
    run(st, [])
    assert c.treasury == 5 - 2 + 4
    st, c = _post_ready("S1", treasury=5)
    create_post(st, [], 0, "regional")
    run(st, [])
    assert c.treasury == 5 - 3 and c.rows == {"benares": 2, "calcutta": 2, "advisor": 0}


def test_r87_post_requirements() -> None:
    st, c = _post_ready("BEN")
    assert "city" in post_problem(st, 0, "regional")
    c.boat = "N1"
    assert "region" in post_problem(st, 0, "south")
    assert post_problem(st, 0, "north") == "" and post_problem(st, 0, "regional") == ""
    st.post_supply["north"] = 0
    assert "supply" in post_problem(st, 0, "north")
    c.treasury = 2
    assert post_problem(st, 0, "regional").startswith("it costs ₹3")
    c.treasury = 9
    c.posts = ["regional"] * 8
    assert "full" in post_problem(st, 0, "regional")


def test_r88_any_post_lists_legal_types() -> None:
    st, c = _post_ready("W2")
    give(st, 0, "C45")  # Any post / Load 3 (dev on space 1)
    act(st, "play:C45:dev:1", "first:card")
    assert set(ids(st)) == {"do:west", "do:regional", "decline"}


def test_r91_full_post_track_blocks_posts() -> None:
    st, c = _post_ready("W2")
    c.posts = ["regional"] * 8
    c.concessions_used = ["indigo", "silk", "cotton", "saltpetre"]
    give(st, 0, "C45")
    ev = act(st, "play:C45:dev:1", "first:card")
    assert "full" in " ".join(e.text for e in ev)
    assert len(c.posts) == 8


def test_r52_r55_r108_r109_goods_step_meets_agency() -> None:
    st, c = _post_ready()
    c.posts = ["north", "north"]  # Agency column 6
    c.goods["cotton"] = 5
    run_task(st, Task("goods", 0, a="cotton", n=1))
    assert "cotton" in c.concessions_used
    assert (c.treasury, c.vp) == (9 + 5 - 10, 1) and c.discs == 1  # ₹5 income overflows


def test_r56_r89_post_placement_meets_agency_then_immediate_effect() -> None:
    st, c = _post_ready("N1", treasury=6)
    c.goods["indigo"] = 7
    ev: list = []
    create_post(st, ev, 0, "north")
    run(st, ev)
    text = [e.text for e in ev]
    conc = next(i for i, x in enumerate(text) if "Indigo Concession" in x)
    adv = next(i for i, x in enumerate(text) if "Financial Advisor advances" in x)
    assert text[0].startswith("Seat 1 pays ₹2")
    assert conc < adv  # Concessions before the immediate effect
    assert c.discs == 1 and c.vp == 1 and c.rows["advisor"] == 2


def test_r53_r54_r111_each_concession_once() -> None:
    st, c = _post_ready()
    c.posts = ["north"] * 4
    effects = {}
    for g in ["indigo", "silk", "cotton", "saltpetre"]:
        before = (c.discs, c.vp, c.treasury, c.rows["advisor"])
        c.goods[g] = 3
        run_task(st, Task("goods", 0, a=g, n=1))
        while st.stack and top(st).kind in ("pick_good", "pick_pawn"):
            act(st, ids(st)[-1])
        effects[g] = (c.discs - before[0], c.vp - before[1], c.rows["advisor"] - before[3])
    assert effects["indigo"] == (1, 1, 0)
    assert effects["silk"][1] == 3
    assert effects["saltpetre"][2] == 2 and effects["saltpetre"][1] == 1
    assert sorted(c.concessions_used) == sorted(["indigo", "silk", "cotton", "saltpetre"])
    vp = c.vp
    run_task(st, Task("goods", 0, a="indigo", n=1))
    ev: list = []
    create_post(st, ev, 0, "regional")
    run(st, ev)  # resolve the four Concession checks of the placement
    assert c.vp == vp and "Concession triggers" not in " ".join(e.text for e in ev)


def test_r110_r112_r113_example_b5_concession_cascade() -> None:
    st, c = _post_ready("N2", treasury=6)
    c.posts = ["south", "east", "west"]
    c.goods.update(indigo=0, silk=4, cotton=0, saltpetre=3)
    c.rows.update(benares=2, advisor=3)
    give(st, 0, "C01")
    act(st, "play:C01:dev:5", "first:company")
    assert "do:north" in ids(st)
    act(st, "do:north")
    # Silk Concession: +3 VP then a goods step of choice
    assert top(st).kind == "pick_good" and c.vp == 3
    act(st, "good:saltpetre")  # meets: Saltpetre Concession, Advisor +2 -> row 4 reward
    assert top(st).kind == "pick_good" and c.rows["advisor"] == 4
    act(st, "good:cotton")
    assert top(st).kind == "pick_pawn" and c.rows["advisor"] == 6  # North post: Advisor +2
    act(st, "pawn:benares")
    assert c.treasury == 4 and c.vp == 4 and c.rows["advisor"] == 7 and c.rows["benares"] == 3
    assert (c.goods["silk"], c.goods["saltpetre"], c.goods["cotton"]) == (4, 4, 1)
    assert len(c.posts) == 4 and c.concessions_used == ["silk", "saltpetre"]


def test_r114_single_option_choices_resolved_by_engine() -> None:
    st, c = _post_ready()
    c.goods = {g: 8 for g in c.goods}
    c.concessions_used = list(c.goods)
    c.rows["advisor"] = 3
    run_task(st, Task("pawn", 0, a="advisor", n=1))  # row 4 reward: every marker on 8
    assert top(st).kind == "turn"
    c.rows["benares"] = 10
    c.rows["advisor"] = 5
    run_task(st, Task("pawn", 0, a="advisor", n=1))  # row 6: only Calcutta can move
    assert top(st).kind == "turn" and c.rows["calcutta"] == 3


def test_example_b1_development_play() -> None:
    st = new()
    c = st.companies[1]
    c.treasury, c.rows["calcutta"], c.goods["silk"], c.boat = 5, 2, 3, "E3"
    c.hold = {"silk": 2}
    give(st, 1, "C22")
    act(st, f"play:{st.companies[0].hand[0]}:skip:1")
    act(st, "play:C22:dev:5", "first:card", "do:silk", "do:silk", "do:silk")
    assert c.goods["silk"] == 6 and not c.concessions_used
    assert set(ids(st)) == {"do:east", "do:regional", "decline"}
    act(st, "do:east")
    assert c.treasury == 3 and c.posts == ["east"] and c.rows["calcutta"] == 4
    assert not c.concessions_used
