"""The looking-back queries: a played game's log as the replay, the followers' view, the
export and the history read it (on the cold readers), and the timelapse owed of a finished
game."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import CursorResult, Row, Select, delete, func, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from bot.db.models import Action, Delivery, Game, Seat, Snapshot
from bot.errors import ServiceError
from bot.shards import Shards

ACTIONS = Action.__table__
SNAPSHOTS = Snapshot.__table__
GAMES = Game.__table__
SEATS = Seat.__table__
#: What a replay or an export may show: games that were played (a moderator's end included).
PLAYED = ("running", "finished", "ended")
_LIVE = ACTIONS.c.undone_at_version.is_(None)
_MOVE_COLUMNS = (
    ACTIONS.c.game_id,
    ACTIONS.c.seq,
    ACTIONS.c.seat_no,
    ACTIONS.c.choice_id,
    ACTIONS.c.user_id,
    ACTIONS.c.events,
    ACTIONS.c.created_at,
)
_NEWEST_PLAYED = (
    select(GAMES.c.id)
    .where(GAMES.c.status.in_(PLAYED), GAMES.c.version > 0)
    .order_by(GAMES.c.id.desc())
    .limit(1)
)


async def played_game_id(c: AsyncConnection, channel_id: int) -> int:
    """The channel's newest game that was played (running, finished, or ended by a
    moderator): a lobby open meanwhile does not hide the last game."""
    found = await c.scalar(_NEWEST_PLAYED.where(GAMES.c.channel_id == channel_id))
    if found is None:
        raise ServiceError("No game has been played in this channel yet.")
    return int(found)


async def live_seqs(c: AsyncConnection, game_id: int) -> list[int]:
    rows = await c.execute(
        select(ACTIONS.c.seq).where(ACTIONS.c.game_id == game_id, _LIVE).order_by(ACTIONS.c.seq)
    )
    return [int(r[0]) for r in rows]


async def move_at(c: AsyncConnection, game_id: int, seq: int) -> Row:
    """The logged move `seq` of the game: game id, seq, seat, choice, person, events, time."""
    rows = await c.execute(
        select(*_MOVE_COLUMNS).where(ACTIONS.c.game_id == game_id, ACTIONS.c.seq == seq)
    )
    return rows.one()


async def seat_and_events_at(c: AsyncConnection, game_id: int, seq: int) -> Row:
    rows = await c.execute(
        select(ACTIONS.c.seat_no, ACTIONS.c.events).where(
            ACTIONS.c.game_id == game_id, ACTIONS.c.seq == seq
        )
    )
    return rows.one()


async def snapshot_at_or_before(c: AsyncConnection, game_id: int, seq: int) -> Row | None:
    """(last seq, state) of the game's newest snapshot at or before `seq`."""
    rows = await c.execute(
        select(SNAPSHOTS.c.last_seq, SNAPSHOTS.c.state)
        .where(SNAPSHOTS.c.game_id == game_id, SNAPSHOTS.c.last_seq <= seq)
        .order_by(SNAPSHOTS.c.last_seq.desc())
        .limit(1)
    )
    return rows.first()


async def moves_between(c: AsyncConnection, game_id: int, after: int, upto: int) -> Any:
    """The live moves after seq `after` up to `upto`: game id, seq, seat, choice, in order."""
    return await c.execute(
        select(ACTIONS.c.game_id, ACTIONS.c.seq, ACTIONS.c.seat_no, ACTIONS.c.choice_id)
        .where(
            ACTIONS.c.game_id == game_id,
            ACTIONS.c.seq > after,
            ACTIONS.c.seq <= upto,
            _LIVE,
        )
        .order_by(ACTIONS.c.seq)
    )


async def moves_up_to_version(c: AsyncConnection, game_id: int, version: int) -> list[Row]:
    """The live moves of versions up to `version`: seq, seat, version, events, in order."""
    rows = await c.execute(
        select(ACTIONS.c.seq, ACTIONS.c.seat_no, ACTIONS.c.version, ACTIONS.c.events)
        .where(ACTIONS.c.game_id == game_id, ACTIONS.c.version <= version, _LIVE)
        .order_by(ACTIONS.c.seq)
    )
    return list(rows.all())


# ---------------------------------------------------------------------- the export
async def seed_of(c: AsyncConnection, game_id: int) -> int | None:
    return await c.scalar(select(GAMES.c.seed).where(GAMES.c.id == game_id))


async def logged_moves(c: AsyncConnection, game_id: int) -> list[Row]:
    """The live moves: seq, seat, person, version, choice, events, time, in order."""
    rows = await c.execute(
        select(
            ACTIONS.c.seq,
            ACTIONS.c.seat_no,
            ACTIONS.c.user_id,
            ACTIONS.c.version,
            ACTIONS.c.choice_id,
            ACTIONS.c.events,
            ACTIONS.c.created_at,
        )
        .where(ACTIONS.c.game_id == game_id, _LIVE)
        .order_by(ACTIONS.c.seq)
    )
    return list(rows.all())


async def seat_rows(c: AsyncConnection, game_id: int) -> list[Row]:
    """Every seat row the game had, by seat and in order."""
    rows = await c.execute(
        select(SEATS).where(SEATS.c.game_id == game_id).order_by(SEATS.c.seat_no, SEATS.c.id)
    )
    return list(rows.all())


# ---------------------------------------------------------------------- the history
def history_page(scope: str, place: int, page: int, size: int) -> Select:
    """A page of finished games (`size` + 1, to tell whether there is a next page) of the
    channel or the server, newest first, each with its moves, first move and seats."""
    where = GAMES.c.channel_id if scope == "channel" else GAMES.c.guild_id
    page_games = (
        select(GAMES)
        .where(where == place, GAMES.c.status == "finished")
        .order_by(GAMES.c.id.desc())
        .limit(size + 1)
        .offset(page * size)
        .subquery("g")
    )
    live = (ACTIONS.c.game_id == page_games.c.id) & _LIVE
    moves = select(func.count()).select_from(ACTIONS).where(live).scalar_subquery()
    first = select(func.min(ACTIONS.c.created_at)).where(live).scalar_subquery()
    return (
        select(
            page_games.c.id,
            page_games.c.title,
            page_games.c.guild_id,
            page_games.c.channel_id,
            page_games.c.result,
            page_games.c.updated_at,
            page_games.c.turn_message_id,
            moves.label("moves"),
            first.label("first_move_at"),
            SEATS.c.seat_no,
            SEATS.c.user_id,
            SEATS.c.is_bot,
            SEATS.c.until_version,
            SEATS.c.since_version,
        )
        .select_from(page_games.outerjoin(SEATS, SEATS.c.game_id == page_games.c.id))
        .order_by(page_games.c.id.desc(), SEATS.c.seat_no, SEATS.c.id)
    )


# ---------------------------------------------------------------------- the timelapse
def _owed(game_id: int, version: int, kind: str) -> tuple:
    return (Delivery.game_id == game_id, Delivery.version == version, Delivery.kind == kind)


async def owed_id(s: AsyncSession, game_id: int, version: int, kind: str) -> int | None:
    """The delivery row of `kind` owed for the game's `version`, if any."""
    return await s.scalar(select(Delivery.id).where(*_owed(game_id, version, kind)))


async def drop_owed(s: AsyncSession, game_id: int, version: int, kind: str) -> bool:
    """Delete that row: True if there was one (this caller took it)."""
    done = await s.execute(
        delete(Delivery)
        .where(*_owed(game_id, version, kind))
        .execution_options(synchronize_session=False)
    )
    return bool(cast(CursorResult[Any], done).rowcount)  # a DELETE gives a CursorResult


async def owed_of_kind(
    s: AsyncSession, kind: str, shards: Shards, limit: int
) -> list[tuple[int, int]]:
    """(game id, version) of the rows of `kind` of this process's games, oldest first."""
    rows = await s.execute(
        select(Delivery.game_id, Delivery.version)
        .where(Delivery.kind == kind, shards.games(Delivery.game_id))
        .order_by(Delivery.id)
        .limit(limit)
    )
    return [(int(g), int(v)) for g, v in rows]


async def live_choices(s: AsyncSession, game_id: int) -> list[tuple[int, str]]:
    """(seat, choice) of the game's live moves, in order."""
    rows = await s.execute(
        select(Action.seat_no, Action.choice_id)
        .where(Action.game_id == game_id, Action.undone_at_version.is_(None))
        .order_by(Action.seq)
    )
    return [(int(seat), str(choice)) for seat, choice in rows]
