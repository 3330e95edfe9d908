"""Every query the service runs, in one place: small functions over a session (async; the
statements of a decision also sync, run together in one `run_sync`: `write_decision`)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import (
    ColumnElement,
    Row,
    Update,
    bindparam,
    case,
    delete,
    func,
    insert,
    select,
    text,
    true,
    update,
)
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlalchemy.orm import Session, configure_mappers
from sqlalchemy.orm.attributes import set_committed_value

from bot.db.models import Action, Delivery, Game, GuildSettings, Seat, Snapshot, Timer, utcnow
from bot.errors import ServiceError, StaleError

NO_GAME = "There is no game in this channel. Start one with `/game new`."
#: The timer kind of turn reminders.
REMINDER = "reminder"
T = TypeVar("T")
#: What the Core reads run on: a session, or a bare connection (`ServiceCore._reading`).
Reader = AsyncSession | AsyncConnection


async def live_game(s: AsyncSession, channel_id: int) -> Game:
    game = await s.scalar(select(Game).where(Game.live_channel_id == channel_id))
    if game is None:
        raise ServiceError(NO_GAME)
    return game


_LIVE_GAME_ID = select(Game.__table__.c.id).where(
    Game.__table__.c.live_channel_id == bindparam("channel_id")
)


async def live_game_id(s: Reader, channel_id: int) -> int:
    game_id = await s.scalar(_LIVE_GAME_ID, {"channel_id": channel_id})
    if game_id is None:
        raise ServiceError(NO_GAME)
    return int(game_id)


_CHANNEL_OF = select(Game.__table__.c.channel_id).where(Game.__table__.c.id == bindparam("game_id"))


async def channel_of(c: Reader, game_id: int) -> int | None:
    """The channel a game lives in (None: no such game)."""
    channel = await c.scalar(_CHANNEL_OF, {"game_id": game_id})
    return None if channel is None else int(channel)


_MOD_ROLE = select(GuildSettings.__table__.c.mod_role_id).where(
    GuildSettings.__table__.c.guild_id == bindparam("guild_id")
)


async def mod_role(c: Reader, guild_id: int) -> int | None:
    """The guild's moderator role (None: none set)."""
    return await c.scalar(_MOD_ROLE, {"guild_id": guild_id})


async def last_game(s: AsyncSession, channel_id: int) -> Game | None:
    """The newest game ever played in the channel (live or over)."""
    return await s.scalar(
        select(Game).where(Game.channel_id == channel_id).order_by(Game.id.desc()).limit(1)
    )


_HOLDERS = (
    select(Seat)
    .where(Seat.game_id == bindparam("game"), Seat.until_version.is_(None))
    .order_by(Seat.seat_no, Seat.id)
)


async def holders(s: AsyncSession, game_id: int) -> list[Seat]:
    """The current tenure of every seat, by seat number."""
    return list(await s.scalars(_HOLDERS, {"game": game_id}))


async def holders_of(s: AsyncSession, game_ids: Sequence[int]) -> dict[int, list[Seat]]:
    """`holders` of several games in one statement: game id -> its seats."""
    out: dict[int, list[Seat]] = {}
    if not game_ids:
        return out
    rows = await s.scalars(
        select(Seat)
        .where(Seat.game_id.in_(list(game_ids)), Seat.until_version.is_(None))
        .order_by(Seat.game_id, Seat.seat_no, Seat.id)
    )
    for seat in rows:
        out.setdefault(seat.game_id, []).append(seat)
    return out


_GAME_COLUMNS = [c.key for c in Game.__table__.columns]
_SEAT_COLUMNS = [c.key for c in Seat.__table__.columns]
_SPLIT = len(_GAME_COLUMNS)
_GAME_AND_HOLDERS = (
    select(*Game.__table__.columns, *(c.label(f"seat_{c.name}") for c in Seat.__table__.columns))
    .select_from(
        Game.__table__.outerjoin(
            Seat.__table__,
            (Seat.__table__.c.game_id == Game.__table__.c.id)
            & Seat.__table__.c.until_version.is_(None),
        )
    )
    .where(Game.__table__.c.id == bindparam("game_id"))
    .order_by(Seat.__table__.c.seat_no, Seat.__table__.c.id)
)


# `loaded_copy` builds instances without a query, and so without the mapper set-up a first
# query does: do it now (a fresh process that reads a game first, such as boardroom-admin).
configure_mappers()


def loaded_copy(cls: type[T], values: dict[str, Any]) -> T:
    """An instance of a mapped class holding `values` as a query would have loaded them, built
    without the attribute events of `cls(**values)` (which cost more than the query)."""
    obj = cls.__mapper__.class_manager.new_instance()  # type: ignore[attr-defined]
    obj.__dict__.update(values)
    return obj


async def game_and_holders(s: Reader, game_id: int) -> tuple[Game | None, list[Seat]]:
    """The game and the current tenure of every seat in ONE statement (the hot read of every
    press). The objects are detached copies: read them; write through the statements here."""
    rows = (await s.execute(_GAME_AND_HOLDERS, {"game_id": game_id})).all()
    if not rows:
        return None, []
    game = loaded_copy(Game, dict(zip(_GAME_COLUMNS, rows[0][:_SPLIT], strict=True)))
    seats = [
        loaded_copy(Seat, dict(zip(_SEAT_COLUMNS, row[_SPLIT:], strict=True)))
        for row in rows
        if row[_SPLIT] is not None
    ]
    return game, seats


async def former_people(s: AsyncSession, game: Game) -> dict[int, int]:
    """Seat -> the person who last held it, for seats a finished game ended with the automatic
    player in (so the standings can still name them)."""
    if game.status != "finished":
        return {}
    rows = await s.scalars(
        select(Seat)
        .where(
            Seat.game_id == game.id,
            Seat.until_version.is_not(None),
            Seat.user_id.is_not(None),
            Seat.is_bot.is_(False),
        )
        .order_by(Seat.id)
    )
    return {row.seat_no: row.user_id for row in rows if row.user_id is not None}


async def latest_snapshot(
    s: AsyncSession, game_id: int, below_seq: int | None = None
) -> Snapshot | None:
    """The newest snapshot (or the newest folding no action from `below_seq` on)."""
    query = select(Snapshot).where(Snapshot.game_id == game_id)
    if below_seq is not None:
        query = query.where(Snapshot.last_seq < below_seq)
    return await s.scalar(query.order_by(Snapshot.version.desc()).limit(1))


async def live_actions_after(s: AsyncSession, game_id: int, seq: int) -> list[Action]:
    rows = await s.scalars(
        select(Action)
        .where(Action.game_id == game_id, Action.seq > seq, Action.undone_at_version.is_(None))
        .order_by(Action.seq)
    )
    return list(rows)


async def last_live_actions(s: AsyncSession, game_id: int, n: int) -> list[Action]:
    rows = await s.scalars(
        select(Action)
        .where(Action.game_id == game_id, Action.undone_at_version.is_(None))
        .order_by(Action.seq.desc())
        .limit(n)
    )
    return list(rows)


async def top_seq(s: AsyncSession, game_id: int) -> int:
    """The highest action seq ever logged (undone ones included)."""
    return int(await s.scalar(select(func.max(Action.seq)).where(Action.game_id == game_id)) or 0)


# The statements of a committed decision go to the tables (`Model.__table__`), not through the
# ORM: they are the hot path, and the ORM's unit of work cost more than the SQL itself.
GAMES = Game.__table__
ACTIONS = Action.__table__
SNAPSHOTS = Snapshot.__table__
DELIVERIES = Delivery.__table__
TIMERS = Timer.__table__


# A state loaded from the database (`loader.load`, on a cache miss): two prebuilt reads of the
# tables, on a session or a bare connection.
_NEWEST_SNAPSHOT = (
    select(SNAPSHOTS.c.state, SNAPSHOTS.c.last_seq)
    .where(SNAPSHOTS.c.game_id == bindparam("game"))
    .order_by(SNAPSHOTS.c.version.desc())
    .limit(1)
)
_LOGGED_AFTER = (
    select(
        ACTIONS.c.game_id,
        ACTIONS.c.seq,
        ACTIONS.c.seat_no,
        ACTIONS.c.choice_id,
        ACTIONS.c.undone_at_version,
    )
    .where(ACTIONS.c.game_id == bindparam("game"), ACTIONS.c.seq > bindparam("seq"))
    .order_by(ACTIONS.c.seq)
)


async def newest_log(c: Reader, game_id: int) -> tuple[Row | None, list[Row], int]:
    """The newest snapshot (`state`, `last_seq`; None before the start), the live actions
    after it, and the highest seq ever logged (undone ones included: an undone action is
    never older than the newest snapshot's last, so it is among those read)."""
    snap = (await c.execute(_NEWEST_SNAPSHOT, {"game": game_id})).first()
    after = snap.last_seq if snap is not None else 0
    rows = (await c.execute(_LOGGED_AFTER, {"game": game_id, "seq": after})).all()
    top = max([after, *(r.seq for r in rows)])
    return snap, [r for r in rows if r.undone_at_version is None], top


# Built once: a statement object keeps its cache key, so executing it again costs no SQL
# construction (bound parameters carry the values; their names differ from the columns').
_BUMP = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("b_id"), GAMES.c.version == bindparam("b_expected"))
    .values(version=bindparam("b_new"), updated_at=bindparam("b_now"))
)


@functools.cache
def _bump_setting(columns: tuple[str, ...]) -> Update:
    """`_BUMP` that also sets `columns` (bound as `v_<column>`), built once per column set."""
    return _BUMP.values({c: bindparam(f"v_{c}") for c in columns})


async def bump(s: AsyncSession, game: Game, expected: int, **values: Any) -> int:
    """Advance the version (and set `values`), refusing if another writer got there first."""
    return await s.run_sync(bump_now, game, expected, values)


def bump_now(s: Session, game: Game, expected: int, values: dict[str, Any]) -> int:
    """`bump`, in a `run_sync` (see `write_decision`)."""
    new = expected + 1
    params = {"b_id": game.id, "b_expected": expected, "b_new": new, "b_now": utcnow()}
    if values:
        params.update({f"v_{k}": v for k, v in values.items()})
        done = s.execute(_bump_setting(tuple(sorted(values))), params)
    else:
        done = s.execute(_BUMP, params)
    if done.rowcount != 1:
        raise StaleError("The game moved on while you were deciding; have another look.")
    # Record the new values as already stored (no second UPDATE when the game is attached).
    set_committed_value(game, "version", new)
    for key, value in values.items():
        set_committed_value(game, key, value)
    return new


async def drop_snapshots(s: AsyncSession, game_id: int, *, below_version: int) -> None:
    """Drop the snapshots a newer one makes useless (all but checkpoints)."""
    await s.execute(
        delete(Snapshot)
        .where(
            Snapshot.game_id == game_id,
            Snapshot.version < below_version,
            Snapshot.checkpoint.is_(False),
        )
        .execution_options(synchronize_session=False)
    )


_LOG_ACTIONS = insert(ACTIONS)


_MOVE_SNAPSHOT = (
    update(SNAPSHOTS)
    .where(
        SNAPSHOTS.c.game_id == bindparam("b_game"),
        SNAPSHOTS.c.version == bindparam("b_previous"),
        SNAPSHOTS.c.checkpoint.is_(False),
    )
    .values(
        version=bindparam("b_version"),
        last_seq=bindparam("b_last_seq"),
        state=bindparam("b_state"),
        checkpoint=bindparam("b_checkpoint"),
        created_at=bindparam("b_now"),
    )
)
_INSERT_SNAPSHOT = insert(SNAPSHOTS)


def replace_latest_snapshot(
    s: Session,
    game_id: int,
    previous: int,
    version: int,
    last_seq: int,
    state: bytes,
    checkpoint: bool,
) -> None:
    """The snapshot of `version` replaces the latest one (of `previous`), unless that one is a
    checkpoint (kept): then it is written beside it. One statement in the common case."""
    moved = s.execute(
        _MOVE_SNAPSHOT,
        {
            "b_game": game_id,
            "b_previous": previous,
            "b_version": version,
            "b_last_seq": last_seq,
            "b_state": state,
            "b_checkpoint": checkpoint,
            "b_now": utcnow(),
        },
    )
    if moved.rowcount != 1:
        s.execute(
            _INSERT_SNAPSHOT,
            {
                "game_id": game_id,
                "version": version,
                "last_seq": last_seq,
                "state": state,
                "checkpoint": checkpoint,
            },
        )


_OWE_DELIVERY = insert(DELIVERIES)


async def drop_snapshots_from(s: AsyncSession, game_id: int, seq: int) -> None:
    """Drop the snapshots that fold an action from `seq` on (it is being taken back)."""
    await s.execute(
        delete(Snapshot)
        .where(Snapshot.game_id == game_id, Snapshot.last_seq >= seq)
        .execution_options(synchronize_session=False)
    )


async def actions_of_version(s: AsyncSession, game_id: int, version: int) -> list[Action]:
    rows = await s.scalars(
        select(Action)
        .where(Action.game_id == game_id, Action.version == version)
        .order_by(Action.seq)
    )
    return list(rows)


async def pending_deliveries(
    s: AsyncSession, where: ColumnElement[bool] | None = None, limit: int = 200
) -> Sequence[Delivery]:
    """Owed turn messages, of the games `where` picks (other kinds, such as timelapses,
    have their own publisher)."""
    rows = await s.scalars(
        select(Delivery)
        .where(Delivery.kind == "turn", true() if where is None else where)
        .order_by(Delivery.id)
        .limit(limit)
    )
    return list(rows)


#: A game's PostgreSQL advisory lock, held to the end of the transaction: every write about
#: one game takes it first, so several processes (and the delivery marks) take turns per game.
GAME_LOCK = text("SELECT pg_advisory_xact_lock(:k)")

_DELIVERED = delete(DELIVERIES).where(
    DELIVERIES.c.game_id == bindparam("b_game"),
    DELIVERIES.c.version <= bindparam("b_version"),
    DELIVERIES.c.kind == "turn",
)
_TURN_MESSAGE = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("b_game"))
    .values(turn_message_id=bindparam("b_message"))
)


async def mark_delivered(s: AsyncSession, items: Sequence[tuple[int, int, int | None]]) -> None:
    """`items`: (game id, version, message id) of turn messages that were posted: their
    deliveries (and older ones of the game) are done, and the message is the game's current."""
    await s.run_sync(mark_delivered_now, items)


def mark_delivered_now(s: Session, items: Sequence[tuple[int, int, int | None]]) -> None:
    """`mark_delivered`, in a `run_sync`."""
    for game_id, version, message_id in items:
        s.execute(_DELIVERED, {"b_game": game_id, "b_version": version})
        if message_id is not None:
            s.execute(_TURN_MESSAGE, {"b_game": game_id, "b_message": message_id})


_MOVE_TIMER = (
    update(TIMERS)
    .where(TIMERS.c.game_id == bindparam("b_game"), TIMERS.c.kind == bindparam("b_kind"))
    .values(
        due_at=bindparam("b_due"),
        version=bindparam("b_version"),
        payload=bindparam("b_payload", type_=TIMERS.c.payload.type),
        created_at=bindparam("b_now"),
    )
)
_INSERT_TIMER = insert(TIMERS)
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
    moved = s.execute(
        _MOVE_TIMER,
        {
            "b_game": game_id,
            "b_kind": kind,
            "b_due": due_at,
            "b_version": version,
            "b_payload": payload,
            "b_now": utcnow(),
        },
    )
    if moved.rowcount == 0:
        s.execute(
            _INSERT_TIMER,
            {
                "game_id": game_id,
                "kind": kind,
                "due_at": due_at,
                "version": version,
                "payload": payload,
            },
        )


@functools.cache
def _move_timers(kinds: tuple[str, ...]) -> Update:
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
    return (
        update(TIMERS)
        .where(TIMERS.c.game_id == bindparam("b_game"), TIMERS.c.kind.in_(kinds))
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
        moved = s.execute(_move_timers(tuple(timers)), params)
        if moved.rowcount == len(timers):
            return
    for kind, (due, payload) in timers.items():
        set_game_timer(s, game_id, kind, due, version, payload)


async def clear_game_timers(s: AsyncSession, game_id: int) -> None:
    await s.run_sync(clear_game_timers_now, game_id)


def clear_game_timers_now(s: Session, game_id: int) -> None:
    s.execute(_CLEAR_TIMERS, {"b_game": game_id})


_CLEAR_TIMERS = delete(TIMERS).where(TIMERS.c.game_id == bindparam("b_game"))


@dataclass
class DecisionRows:
    """What one decision writes besides its version bump (see `write_decision`)."""

    game: Game
    previous: int  # the version it was decided on
    values: dict[str, Any]  # set with the bump
    actions: list[dict[str, Any]]  # the logged actions
    last_seq: int
    state: bytes  # the new snapshot
    checkpoint: bool
    prefix: str  # of the owed turn message
    timers: dict[str, tuple[datetime, dict[str, Any]]] | None  # None: clear the game's timers
    delivered: int | None  # the version whose turn message was posted, if not marked yet


def write_decision(s: Session, w: DecisionRows) -> int:
    """A decision's statements, in one `AsyncSession.run_sync`: one greenlet switch for all of
    them rather than one per awaited statement, and none of the async session's wrapping
    around each (about half the cost of a statement; bench.e2e_load --probe). Returns the new
    version; StaleError if another writer got there first (nothing is then written)."""
    game_id = w.game.id
    version = bump_now(s, w.game, w.previous, w.values)
    if w.actions:
        s.execute(_LOG_ACTIONS, w.actions)
    replace_latest_snapshot(s, game_id, w.previous, version, w.last_seq, w.state, w.checkpoint)
    params = {"game_id": game_id, "version": version, "kind": "turn", "prefix": w.prefix}
    s.execute(_OWE_DELIVERY, params)
    if w.timers is None:
        clear_game_timers_now(s, game_id)
    else:
        set_game_timers(s, game_id, version, w.timers)
    if w.delivered is not None:  # (its message id went in with the bump)
        mark_delivered_now(s, [(game_id, w.delivered, None)])
    return version
