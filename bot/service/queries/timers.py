"""A game's timer rows (`Timer`), one per kind: set, replacing the older one (a decision's
several in one statement, `set_game_timers`), and cleared, in the caller's transaction (sync:
in a `run_sync`, as `queries.decision.write_decision` runs them). The dispatcher claims and fires
them (bot.service.timers)."""

from __future__ import annotations

import functools
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Row, bindparam, case, delete, func, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from bot.db.models import Game, Timer, utcnow
from bot.db.prepared import Prepared
from bot.shards import Shards

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


# ---------------------------------------------------------------------- the dispatcher's reads
async def next_due(s: AsyncSession, shards: Shards) -> datetime | None:
    """When the earliest timer of the games this process serves is due."""
    return await s.scalar(select(func.min(Timer.due_at)).where(shards.timers(Timer.game_id)))


async def claim_due(s: AsyncSession, now: datetime, shards: Shards, limit: int) -> list[Row]:
    """Delete the timers due by `now` (the earliest `limit`; others' claims skipped on
    PostgreSQL) and return them: id, game id, kind, version, payload."""
    due = (
        select(Timer.id)
        .where(Timer.due_at <= now, shards.timers(Timer.game_id))
        .order_by(Timer.due_at)
        .limit(limit)
    )
    if s.bind.dialect.name == "postgresql":
        due = due.with_for_update(skip_locked=True)
    rows = await s.execute(
        delete(Timer)
        .where(Timer.id.in_(due.scalar_subquery()))
        .returning(Timer.id, Timer.game_id, Timer.kind, Timer.version, Timer.payload)
        .execution_options(synchronize_session=False)
    )
    return list(rows)


async def add_timers(s: AsyncSession, rows: list[dict[str, Any]]) -> None:
    await s.execute(insert(Timer), rows)


async def running_without_reminder(s: AsyncSession, shards: Shards) -> list[Game]:
    """The running games of this process with no reminder row."""
    have = select(Timer.game_id).where(Timer.kind == REMINDER)
    return list(
        await s.scalars(
            select(Game).where(
                Game.status == "running", Game.id.not_in(have), shards.guilds(Game.guild_id)
            )
        )
    )


async def running_without_timer(s: AsyncSession, shards: Shards, kind: str) -> list[Game]:
    """The running games of this process with no timer row of `kind` (one tied to a game)."""
    have = select(Timer.game_id).where(Timer.kind == kind, Timer.game_id.is_not(None))
    return list(
        await s.scalars(
            select(Game).where(
                Game.status == "running", Game.id.not_in(have), shards.guilds(Game.guild_id)
            )
        )
    )


async def due_timers_of_server(
    s: AsyncSession, guild_id: int, kind: str, now: datetime
) -> list[Row]:
    """(game, payload) of the server's running games whose timer of `kind` is due by `now`
    or spent."""
    rows = await s.execute(
        select(Game, Timer.payload)
        .join(Timer, (Timer.game_id == Game.id) & (Timer.kind == kind))
        .where(
            Game.guild_id == guild_id,
            Game.status == "running",
            or_(Timer.due_at <= now, Timer.due_at >= SPENT),
        )
    )
    return list(rows.all())


async def timers_of_server(s: AsyncSession, guild_id: int, kind: str) -> list[Row]:
    """(id, due, payload) of the timers of `kind` of the server's running games."""
    rows = await s.execute(
        select(Timer.id, Timer.due_at, Timer.payload)
        .join(Game, Game.id == Timer.game_id)
        .where(Game.guild_id == guild_id, Game.status == "running", Timer.kind == kind)
    )
    return list(rows.all())


async def move_timer(s: AsyncSession, timer_id: int, due: datetime) -> None:
    await s.execute(update(Timer).where(Timer.id == timer_id).values(due_at=due))


async def timer_due(s: AsyncSession, game_id: int, kind: str) -> datetime | None:
    """When the game's timer of `kind` is due (None: it has none)."""
    return await s.scalar(
        select(TIMERS.c.due_at).where(TIMERS.c.game_id == game_id, TIMERS.c.kind == kind)
    )
