"""Rules version 1 -> 2: version 1 logged menu navigation (">load", "back", ...) as moves; those
changed nothing but the open menu, so the upgraded record simply leaves them out."""

from __future__ import annotations

from engine.core import BACK, IllegalAction
from engine.tidewater.moves import apply
from engine.tidewater.state import State


def upgrade_log(
    rules_version: str, state: State, moves: list[tuple[int, str]]
) -> list[tuple[int, str]] | None:
    if rules_version != "1":
        return None
    out: list[tuple[int, str]] = []
    for seat, cid in moves:
        if cid.startswith(">") or cid == BACK:
            continue
        try:
            apply(state, seat, cid)
        except IllegalAction:
            return None
        out.append((seat, cid))
    return out
