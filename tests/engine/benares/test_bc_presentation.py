"""Presentation: refusals written for players, status line, rules pages, registry, view fields."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core import IllegalAction
from tests.engine.benares.bc_helpers import T, act, give, new, play_bot_game, top


def test_refusals_are_specific() -> None:
    st = new()
    with pytest.raises(IllegalAction, match="not your decision"):
        T.apply(st, 1, f"play:{st.companies[1].hand[0]}:dev:1")
    with pytest.raises(IllegalAction, match="don't hold card"):
        T.apply(st, 0, f"play:{st.companies[1].hand[0]}:dev:1")
    with pytest.raises(IllegalAction, match="don't hold card"):
        T.choices(st, 0, (f"card:{st.companies[1].hand[0]}",))
    card = st.companies[0].hand[0]
    with pytest.raises(IllegalAction, match="spaces 1 to 6"):
        T.apply(st, 0, f"play:{card}:dev:7")
    with pytest.raises(IllegalAction, match="picking the card is not a move"):
        T.apply(st, 0, f"card:{card}")
    with pytest.raises(IllegalAction, match="only changes your menu"):
        T.apply(st, 0, "back")


def test_status_line_and_labels() -> None:
    st = T.setup(1, 2, {})
    assert "Setup" in T.status_line(st)
    st = new()
    assert T.status_line(st).startswith("Round 1, Action phase, turn 1/6: Seat 1")
    assert T.seat_label(st, 1) == "Seat 2"
    done, _ = play_bot_game(2, 2)
    assert T.status_line(done).startswith("Game over")


def test_rules_pages_short() -> None:
    pages = T.rules_pages()
    assert 3 <= len(pages) <= 6 and all(len(p) < 1800 for p in pages)


def test_registry_loads_benares() -> None:
    registry.load_builtin()
    assert registry.get("benares") is T
    assert (T.min_seats, T.max_seats, T.name) == (2, 4, "Benares & Calcutta")


def test_view_last_highlights_the_last_turn() -> None:
    st = new()
    c = st.companies[0]
    c.boat = "W1"
    give(st, 0, "C19")
    act(st, "play:C19:log:2", "first:card", "load:2")
    v = T.view(st, None)
    assert {"space:0:2", "map:W1", "hold:0", "treasury:0"} <= set(v.last)
    assert any("loads 2 Indigo" in x for x in v.last_text)
    assert v.current == top(st).seat and v.companies[0].hold == {"indigo": 2}
