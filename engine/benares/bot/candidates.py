"""The automatic player's fast move lists: the complete moves of a decision as the option
builders (prompts.OPTIONS) list them, built without labels or refusal texts (`QUICK`). The
search (player.py) asks them at every decision it steps through; fast.py checks them against the
options, which the conformance suite runs over many positions."""

from __future__ import annotations

from collections.abc import Callable

from engine.benares import intertwine
from engine.benares.actions import action_ids, spec_of
from engine.benares.data import data
from engine.benares.prompts import OPTIONS, halves
from engine.benares.state import State, Task

#: The moves of an order decision (R9), after "pool" when both actions are Moves (VARIANT).
ORDERS = ["first:card", "first:company"]


def _order_moves(st: State, t: Task) -> list[str]:
    card_ref, comp_ref = halves(t)
    pool = intertwine.enabled(st) and spec_of(card_ref)["kind"] == "move"
    pool = pool and spec_of(comp_ref)["kind"] == "move"
    return ["pool", *ORDERS] if pool else ORDERS[:]


def _action_moves(st: State, t: Task) -> list[str]:
    ids = action_ids(st, t.seat, spec_of(t.a))
    return ids + ["decline"] if ids else ids


def _card_dev_moves(st: State, t: Task) -> list[str] | None:
    if t.n > 1 and intertwine.enabled(st):  # "company_now" may be offered: not listed here
        return None
    ids = action_ids(st, t.seat, data().cards[t.a]["dev"])
    return ids + ["decline"] if ids else ids


def _good_moves(st: State, t: Task) -> list[str]:
    d = data()
    goods = st.companies[t.seat].goods
    return [f"good:{g}" for g in d.goods if goods[g] < d.max_pos]


def _pawn_moves(st: State, t: Task) -> list[str]:
    rows = st.companies[t.seat].rows
    return [f"pawn:{p}" for p in t.a.split(",") if rows[p] < data().max_row]


def _sell_moves(st: State, t: Task) -> list[str]:
    return [f"n:{k}" for k in range(st.companies[t.seat].hold.get(t.b, 0), -1, -1)]


#: Decision kind -> its complete moves as the option builders (prompts.OPTIONS) list them, but
#: without labels (None: build the options). fast.py compares them with the options.
QUICK: dict[str, Callable[[State, Task], list[str] | None]] = {
    "order": _order_moves,
    "action": _action_moves,
    "card_dev": _card_dev_moves,
    "pick_pawn": _pawn_moves,
    "pick_good": _good_moves,
    "sell_mode": lambda st, t: ["sell:all", "sell:none"],  # and the "sell:pick" step
    "sell": _sell_moves,
    "mix": intertwine.option_ids,
}


def quick_moves(st: State, t: Task) -> list[str] | None:
    """The complete moves of decision `t` without labels, or None (see QUICK)."""
    quick = QUICK.get(t.kind)
    return None if quick is None else quick(st, t)


def top_moves(st: State) -> list[str]:
    """The complete moves of the top decision (the option builders, without label work)."""
    t = st.stack[-1]
    quick = quick_moves(st, t)
    if quick is not None:
        return quick
    return [c.id for c in OPTIONS[t.kind](st, t) if not c.step]
