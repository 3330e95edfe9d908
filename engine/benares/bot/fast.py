"""The automatic player's fast move lists (candidates.QUICK) and the actions' shortcuts
(actions.action_ids, can_perform: the ways to perform an action without their labels) beside
the option builders they must equal. `pairs` lists them for one position; the conformance suite
(tests/engine/test_conformance.py) asserts every pair equal over many positions."""

from __future__ import annotations

from collections.abc import Iterator

from engine.benares.actions import action_ids, action_options, can_perform, spec_of
from engine.benares.bot.candidates import quick_moves
from engine.benares.data import data
from engine.benares.prompts import OPTIONS
from engine.benares.state import State


def pairs(st: State, seat: int) -> Iterator[tuple[str, object, object]]:
    """(what, fast list, the same list from the options) for the top decision, if it is
    `seat`'s and has a fast list."""
    if not st.stack or st.stack[-1].seat != seat:
        return
    t = st.stack[-1]
    quick = quick_moves(st, t)
    if quick is not None:
        yield f"quick {t.kind}", quick, [c.id for c in OPTIONS[t.kind](st, t) if not c.step]
    if t.kind in ("action", "card_dev"):
        spec = spec_of(t.a) if t.kind == "action" else data().cards[t.a]["dev"]
        ways = [c.id for c in action_options(st, seat, spec)]
        yield f"action_ids {t.a}", action_ids(st, seat, spec), ways
        yield f"can_perform {t.a}", can_perform(st, seat, spec), bool(ways)
