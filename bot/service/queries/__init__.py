"""The service's queries: every SQL statement of bot/service is here (tests/bot/
test_service_shape.py keeps it so). This module: small async functions over a session (or a
bare connection) that read a game, its seats, actions and snapshots and its owed turn messages,
and drop snapshots. By subject: `decision` (what a decision writes), `timers` (the games'
timers, the dispatcher's and the stall detector's reads), `away`, `clocks`, `people`, `games`
(lobby, substitutes, repairs, views), `watching`, `replay` (the looking-back reads), `stats`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, Row, bindparam, delete, func, select, text, true
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlalchemy.orm import configure_mappers

from bot.db.models import Action, Delivery, Game, GuildSettings, Person, Seat, Snapshot
from bot.db.prepared import Prepared
from bot.errors import ServiceError

NO_GAME = "There is no game in this channel. Start one with `/game new`."
T = TypeVar("T")
#: What the Core reads run on: a session, or a bare connection (`Core.reading`).
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


_PALETTE = select(Person.__table__.c.palette).where(
    Person.__table__.c.user_id == bindparam("user_id")
)


async def palette_of(c: Reader, user_id: int) -> str:
    """The palette of the images sent to the person alone (`/me palette`; standard if unset)."""
    return await c.scalar(_PALETTE, {"user_id": user_id}) or "standard"


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


async def games_by_id(s: AsyncSession, game_ids: set[int]) -> dict[int, Game]:
    return {g.id: g for g in await s.scalars(select(Game).where(Game.id.in_(game_ids)))}


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
_GAME_AND_HOLDERS = Prepared(
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
    rows = await s.run_sync(_GAME_AND_HOLDERS.rows, {"game_id": game_id})
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


async def last_live_action_of(s: AsyncSession, game_id: int, seat_no: int) -> Action | None:
    """The seat's latest move still in the game's log."""
    return await s.scalar(
        select(Action)
        .where(
            Action.game_id == game_id,
            Action.seat_no == seat_no,
            Action.undone_at_version.is_(None),
        )
        .order_by(Action.seq.desc())
        .limit(1)
    )


async def seat_acted_since(s: AsyncSession, game_id: int, seat_no: int, version: int) -> bool:
    """Whether an action of this seat (by its person, a clock or a bot; undone or not) was
    logged after `version`."""
    found = await s.scalar(
        select(Action.id)
        .where(Action.game_id == game_id, Action.seat_no == seat_no, Action.version > version)
        .limit(1)
    )
    return found is not None


async def top_seq(s: AsyncSession, game_id: int) -> int:
    """The highest action seq ever logged (undone ones included)."""
    return int(await s.scalar(select(func.max(Action.seq)).where(Action.game_id == game_id)) or 0)


# A state loaded from the database (`loader.load`, on a cache miss): two prebuilt reads of the
# tables (`Model.__table__`, not through the ORM), on a session or a bare connection.
ACTIONS = Action.__table__
SNAPSHOTS = Snapshot.__table__
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
#: Tells every process listening on a channel (bot.web.live) after the commit.
NOTIFY = text("SELECT pg_notify(:channel, :payload)")
