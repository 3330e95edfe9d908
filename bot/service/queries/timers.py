"""A game's timer rows (`Timer`), one per kind: set, replacing the older one (a decision's
several in one statement, `set_game_timers`), and cleared, in the caller's transaction (sync:
in a `run_sync`, as `queries.decision.write_decision` runs them). The dispatcher claims and fires
them (bot.service.timers)."""

from __future__ import annotations

import functools
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, case, delete, insert, or_, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from bot.db.models import Timer, utcnow
from bot.db.prepared import Prepared

#: The timer kind of turn reminders.
REMINDER = "reminder"
TIMERS = Timer.__table__


_MOVE_TIMER = Prepared(
    update(TIMERS)
    .where(TIMERS.c.game_id == bindparam("b_game"), TIMERS.c.kind == bindparam("b_kind"))
    .values(
        due_at=bindparam("b_due"),
        version=bindparam("b_version"),
        payload=bindparam("b_payload", type_=TIMERS.c.payload.type),
        created_at=bindparam("b_now"),
    )
)
_INSERT_TIMER = Prepared(insert(TIMERS))
#: The due time of a timer that has done its work but keeps its row (a sent reminder, a
#: reported stall): never due, and replaced by the game's next decision.
SPENT = datetime(9999, 1, 1, tzinfo=UTC)


def set_game_timer(
    s: Session,
    game_id: int,
    kind: str,
    due_at: datetime,
    version: int,
    payload: dict[str, Any] | None = None,
) -> None:
    """The game's one timer of `kind`, replacing an older one (in the caller's transaction;
    sync: in a `run_sync`)."""
    payload = payload or {}
    moved = _MOVE_TIMER.run(
        s,
        {
            "b_game": game_id,
            "b_kind": kind,
            "b_due": due_at,
            "b_version": version,
            "b_payload": payload,
            "b_now": utcnow(),
        },
    )
    if moved == 0:
        _INSERT_TIMER.run(
            s,
            {
                "game_id": game_id,
                "kind": kind,
                "due_at": due_at,
                "version": version,
                "payload": payload,
            },
        )


@functools.cache
def _move_timers(kinds: tuple[str, ...]) -> Prepared:
    """One UPDATE moving the game's timers of `kinds` (each its own due time and payload)."""
    due = case(
        *(
            (TIMERS.c.kind == k, bindparam(f"b_due{i}", type_=TIMERS.c.due_at.type))
            for i, k in enumerate(kinds)
        )
    )
    payload = case(
        *(
            (TIMERS.c.kind == k, bindparam(f"b_payload{i}", type_=TIMERS.c.payload.type))
            for i, k in enumerate(kinds)
        )
    )
    return Prepared(
        update(TIMERS)
        # (`or_`, not `in_`: an IN list is expanded at each execution, see bot.db.prepared)
        .where(TIMERS.c.game_id == bindparam("b_game"), or_(*(TIMERS.c.kind == k for k in kinds)))
        .values(
            due_at=due,
            payload=payload,
            version=bindparam("b_version"),
            created_at=bindparam("b_now"),
        )
    )


def set_game_timers(
    s: Session,
    game_id: int,
    version: int,
    timers: dict[str, tuple[datetime, dict[str, Any]]],
) -> None:
    """The game's timers of these kinds (kind -> due time, payload), each replacing its older
    one: ONE statement when they all exist already (every decision after the first)."""
    if len(timers) > 1:
        params: dict[str, Any] = {"b_game": game_id, "b_version": version, "b_now": utcnow()}
        for i, (due, payload) in enumerate(timers.values()):
            params[f"b_due{i}"], params[f"b_payload{i}"] = due, payload
        moved = _move_timers(tuple(timers)).run(s, params)
        if moved == len(timers):
            return
    for kind, (due, payload) in timers.items():
        set_game_timer(s, game_id, kind, due, version, payload)


async def clear_game_timers(s: AsyncSession, game_id: int) -> None:
    await s.run_sync(clear_game_timers_now, game_id)


def clear_game_timers_now(s: Session, game_id: int) -> None:
    _CLEAR_TIMERS.run(s, {"b_game": game_id})


_CLEAR_TIMERS = Prepared(delete(TIMERS).where(TIMERS.c.game_id == bindparam("b_game")))
