"""Shared helpers for the Mombasa flow tests (rounds, planning, scoring, title)."""

from __future__ import annotations

from engine.mombasa import TITLE, rounds
from engine.mombasa.state import State


def planning_state(seats: int = 3, seed: int = 1) -> State:
    """A real setup state with every starting tile chosen: round 1 planning."""
    st = TITLE.setup(seed, seats, {})
    for s in range(seats):
        TITLE.apply(st, s, "start:0")
    assert st.phase == "planning"
    return st


def plan_all(st: State, move: str = "plan:-") -> list:
    events = []
    for s in range(st.seats):
        if not st.players[s].plan.confirmed:
            events += TITLE.apply(st, s, move if not rounds.tile_to_place(st, s) else move + ";t=0")
    return events


def no_actions(monkeypatch, seats_without: set[int] | None = None) -> None:
    """Action modules offer nothing (for all seats, or the given ones): only passing is legal."""
    real = rounds.action_offers

    def fake(st, seat):
        if seats_without is None or seat in seats_without:
            return []
        return real(st, seat)

    monkeypatch.setattr(rounds, "action_offers", fake)
    monkeypatch.setattr(rounds, "has_action", lambda st, seat: bool(fake(st, seat)))


def some_actions(monkeypatch) -> None:
    """Every seat has one (fake) action on offer, so nobody passes automatically."""
    from engine.core import Choice

    monkeypatch.setattr(
        rounds, "action_offers", lambda st, seat: [Choice("d:9", "Fake action", "Fake")]
    )
    monkeypatch.setattr(rounds, "has_action", lambda st, seat: True)
