"""Audit findings: each test names the rule it protects and failed before its engine fix."""

from __future__ import annotations

import copy

import pytest
import yaml

from engine.benares.actions import crate_price
from engine.benares.data import load
from engine.benares.moves import run
from engine.benares.posts import create_post
from engine.core import IllegalAction
from tests.engine.benares.bc_helpers import D, T, act, give, ids, new, texts, top


def test_r83_r36_city_track_of_each_city_is_read_from_data(monkeypatch) -> None:
    """Which market track prices a city's crates is data (market_board), not a literal."""
    st = new()
    c = st.companies[0]
    c.rows.update(benares=7, calcutta=2)
    assert crate_price(st, 0, "BEN", "silk") == D.market["crate_value_by_row"][7]
    assert crate_price(st, 0, "CAL", "silk") == D.market["crate_value_by_row"][2]
    monkeypatch.setitem(D.market, "city_track_by_space", {"BEN": "calcutta", "CAL": "benares"})
    assert crate_price(st, 0, "CAL", "silk") == D.market["crate_value_by_row"][7]


def test_r83_loader_rejects_a_city_without_a_track(tmp_path) -> None:
    raw = yaml.safe_dump(
        {**D.raw, "market_board": {**D.market, "city_track_by_space": {"BEN": "benares"}}}
    )
    path = tmp_path / "data.yaml"
    path.write_text(raw, encoding="utf-8")
    with pytest.raises(ValueError, match="city track"):
        load(path)


def test_r8_status_line_counts_turns_from_the_data(monkeypatch) -> None:
    """The '/6' of the status line is the number of Company board spaces (data), not a literal."""
    st = new()
    assert "turn 1/6" in T.status_line(st)
    monkeypatch.setitem(D.game, "company_spaces", 7)
    assert "turn 1/7" in T.status_line(st)


def test_r54_post_placement_never_retriggers_a_used_concession() -> None:
    """The old R54 test placed a post without resolving its Concession checks (vacuous)."""
    st = new()
    c = st.companies[0]
    c.boat, c.treasury = "N2", 9
    c.posts = ["north"] * 4
    c.goods.update(indigo=5)
    c.concessions_used = ["indigo"]
    ev: list = []
    create_post(st, ev, 0, "regional")
    run(st, ev)
    assert (c.vp, c.discs) == (0, 0) and "Concession" not in texts(ev)
    c.concessions_used = []
    create_post(st, ev, 0, "regional")
    run(st, ev)
    assert (c.vp, c.discs) == (1, 1) and c.concessions_used == ["indigo"]


def test_r10_r17_the_other_action_cannot_start_inside_the_first() -> None:
    """While the card's Move is being resolved, the company Load is not on offer."""
    st = new()
    c = st.companies[0]
    c.boat, c.treasury = "W1", 9
    give(st, 0, "C22")  # Move 4; space 2 company Load 2
    act(st, "play:C22:log:2", "first:card")
    assert not any(x.startswith("load:") for x in ids(st))
    with pytest.raises(IllegalAction):
        T.apply(st, 0, "load:2")
    assert c.hold == {} and top(st).a == "card:C22:logistics"


def test_r20_stopping_early_is_refused() -> None:
    st = new()
    give(st, 0, "C26")  # Move 2 from Benares: W1 is only passed through
    act(st, "play:C26:log:3", "first:card")
    with pytest.raises(IllegalAction, match="mandatory"):
        T.apply(st, 0, "to:W1")


@pytest.mark.parametrize(
    ("path", "bad"),
    [
        (("investment_grid", "max_owned_per_cell_per_company"), 2),  # R118
        (("investment_grid", "purchases_per_pick"), 2),  # R117
        (("game", "profit_discs_pay_rupee_costs"), True),  # R106
        (("market_board", "advisor_track", "pushed_down_earns_nothing"), False),  # SEED R39
        (("final_scoring", "remaining_tie"), "seat_order"),  # R125
        (("game", "cards_played_per_round"), 5),  # SEED R8
    ],
)
def test_r8_r39_r106_r117_r118_r125_data_the_rules_cannot_vary_is_refused(
    tmp_path, path: tuple[str, ...], bad: object
) -> None:
    """A DESIGN value the code implements structurally must not be silently ignored."""
    raw = copy.deepcopy(D.raw)
    node = raw
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = bad
    target = tmp_path / "data.yaml"
    target.write_text(yaml.safe_dump(raw), encoding="utf-8")
    with pytest.raises(ValueError, match="invariant"):
        load(target)
    assert load().raw == D.raw  # the shipped data itself loads
