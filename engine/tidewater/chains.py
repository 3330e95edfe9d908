"""Chains (engine.core.CHAIN): Funding followed by a second move of the same turn, offered on
the top-level menu as one choice. Funding draws nothing and reveals nothing, so the menu can
say for certain what may follow it: "Funding, then stop" when the seat is no longer last
afterwards (R77), "Funding twice" when a second Funding still fits before Start. Each part is
applied as if chosen alone (the same checks, the same log lines); the chain is one move."""

from __future__ import annotations

import msgspec

from engine.core import CHAIN, Choice, Event, IllegalAction, chain_id
from engine.tidewater import names as nm
from engine.tidewater import track
from engine.tidewater.state import TURN, State

#: The chains `apply` accepts (the only ones the menus offer).
SHAPES = (("fund", "stop"), ("fund", "fund"))


def after_fund(state: State, seat: int) -> State | None:
    """The state once `seat` has taken Funding (None: Funding is not legal now)."""
    from engine.tidewater.moves import apply  # (moves.apply applies chains through here)

    copy = msgspec.json.decode(msgspec.json.encode(state), type=State)
    try:
        apply(copy, seat, "fund")
    except IllegalAction:
        return None
    return copy


def fund_chains(state: State, seat: int, group: str) -> list[Choice]:
    """The chains starting with Funding that are legal now, as the top-level menu lists them
    (beside Funding itself)."""
    after = after_fund(state, seat)
    if after is None or after.phase != TURN or after.active != seat:
        return []
    r = state.rules
    credits = nm.credits(r.funding_credits)
    out = []
    if track.can_stop(after):
        out.append(
            Choice(
                chain_id("fund", "stop"),
                f"Funding, then stop: take {credits} and end your turn (cost {nm.time(r.cost['fund'])})",
                group,
            )
        )
    if after.players[seat].pos + r.cost["fund"] <= r.steps:
        out.append(
            Choice(
                chain_id("fund", "fund"),
                f"Funding twice: take {credits} two times (cost {nm.time(2 * r.cost['fund'])})",
                group,
            )
        )
    return out


def apply_chain(state: State, seat: int, cid: str, apply_one) -> list[Event]:  # noqa: ANN001
    """A chain of SHAPES, each part applied by `apply_one`; any other chain is refused."""
    parts = tuple(cid.split(CHAIN))
    if parts not in SHAPES:
        raise IllegalAction(f"'{cid}' is not a Tidewater Lines choice.")
    if state.active != seat or state.phase != TURN:
        raise IllegalAction("Only the active player may take Funding now.")
    events: list[Event] = []
    for k, part in enumerate(parts):
        if k and (state.phase != TURN or state.active != seat):
            raise IllegalAction("Funding ended your turn: the second part cannot follow.")
        events += apply_one(state, seat, part)
    return events
