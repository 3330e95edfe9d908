"""Applying a decision (spec sections 2, 23): `apply` checks that the seat decides now and routes
the move by phase (starting tile, plan, pile) and, in the action phase, by its id's prefix to the
action module that owns it (`rounds.take_action`). The menus are in prompts.py."""

from __future__ import annotations

from engine.core import Event, IllegalAction
from engine.mombasa import planning, rounds
from engine.mombasa.prompts import STEP_MARK, is_deciding, not_deciding
from engine.mombasa.state import State


def apply(st: State, seat: int, move: str) -> list[Event]:
    """Validate and apply one complete move of `seat` (never a step), routed by phase and, in
    the action phase, by its id's prefix to the action modules (rounds.take_action)."""
    if not 0 <= seat < st.seats:
        raise IllegalAction(f"There is no seat {seat + 1} in this game.")
    if not is_deciding(st, seat):
        raise IllegalAction(not_deciding(st, seat))
    head, _, arg = move.partition(":")
    if st.phase == "start_tiles":
        if head != "start" or arg not in ("0", "1"):
            raise IllegalAction("Choose one of your two starting tiles.")
        return rounds.choose_start(st, seat, int(arg))
    if st.phase == "planning":
        slots, face = planning.decode(st, seat, move)
        return rounds.confirm_plan(st, seat, slots, face)
    if st.phase == "preparation":
        if head != "pile" or arg not in ("1", "2", "3", "4", "5"):
            raise IllegalAction("Choose one of your 5 discard piles to take back.")
        return rounds.choose_pile(st, seat, int(arg))
    if move.endswith(STEP_MARK):
        raise IllegalAction("That is a step of a menu, not a complete move: finish it first.")
    return rounds.take_action(st, seat, move)
