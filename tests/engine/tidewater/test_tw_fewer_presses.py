"""Fewer presses (issue 32): Funding chained with the move that most often follows it, buys and
loads on the top-level menu, a one-part trade and a one-point navigation as one choice. Every
move stays reachable (the conformance suite walks every menu); these check the shortcuts."""

from __future__ import annotations

import pytest

from bench.menu_counts import path_to
from engine.core import IllegalAction
from tests.engine.tidewater.tw_helpers import T, act, arrange, choice_ids, give, new


def test_r77_r23_funding_then_stop_is_one_choice_when_no_longer_last_after_it() -> None:
    s = new(3)
    arrange(s, {0: [0, 1], 1: [2]})  # seat 2 last; after Funding it is no longer last
    assert "fund&stop" in choice_ids(s) and "fund&fund" in choice_ids(s)
    chained = T.copy(s)
    one_by_one = T.copy(s)
    events = T.apply(chained, 1, "fund&stop")
    singles = T.apply(one_by_one, 1, "fund") + T.apply(one_by_one, 1, "stop")
    assert [e.text for e in events] == [e.text for e in singles]  # the same log lines
    assert T.encode(chained) == T.encode(one_by_one)
    assert chained.active != 1


def test_r77_no_funding_then_stop_while_still_last_after_it() -> None:
    s = new(3)
    arrange(s, {0: [0], 3: [1, 2]})  # still last after one Funding: may not stop (R77)
    assert "fund&stop" not in choice_ids(s)
    assert "fund&fund" in choice_ids(s)  # (a second time-costing action is due anyway)
    with pytest.raises(IllegalAction):
        T.apply(T.copy(s), 0, "fund&stop")


def test_r86_funding_twice_only_when_both_fit_before_start() -> None:
    s = new(3)
    arrange(s, {s.rules.steps - 1: [2, 0, 1]})  # one Funding reaches Start: nothing follows
    assert "fund" in choice_ids(s) and "fund&fund" not in choice_ids(s)
    assert "fund&stop" not in choice_ids(s)
    with pytest.raises(IllegalAction):
        T.apply(T.copy(s), 1, "fund&fund")


def test_only_the_offered_chains_are_accepted() -> None:
    s = new(3)
    arrange(s, {0: [0, 1], 1: [2]})
    for bad in ("stop&fund", "fund&produce", "fund&stop&stop", "fund&", "&fund", "fund&fund&fund"):
        with pytest.raises(IllegalAction):
            T.apply(T.copy(s), 1, bad)
    with pytest.raises(IllegalAction):  # not this seat's turn
        T.apply(T.copy(s), 0, "fund&stop")


def test_r16_a_buy_and_a_load_take_one_menu_each_a_sale_two() -> None:
    s = new(3)
    arrange(s, {0: [1, 2, 0]})
    give(s, 0, "RED", 1)
    top = choice_ids(s)
    assert "load:RED:S1" in top and "trade:buy:BLUE:u" in top
    assert len(path_to(T, s, 0, "load:RED:S1").sizes) == 1  # was 2 (">load" first)
    assert len(path_to(T, s, 0, "trade:buy:BLUE:u").sizes) == 1  # was 2 or 3
    assert len(path_to(T, s, 0, "trade:sell:RED").sizes) == 2  # the trade sub-menu
    act(s, "trade:buy:BLUE:u")
    assert s.players[0].shares.get("BLUE") == 1


def test_one_point_navigation_takes_two_menus_not_three() -> None:
    s = new(3)
    arrange(s, {0: [1, 2, 0]})
    give(s, 0, "RED", 1)
    menu = T.choices(s, 0, (">nav",))
    one = next(c for c in menu.choices if not c.step and c.id.startswith("nav:"))
    assert f">{one.id}" in {c.id for c in menu.choices}  # and a second point from there
    assert len(path_to(T, s, 0, one.id).sizes) == 2
