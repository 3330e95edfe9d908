"""Events' queries: an event and its entries and tables, the table a game is, what seating
needs (ratings, finished games), who sat where in a table's game, and a season's games."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from bot.db.models import Event, EventEntry, EventTable, Game, GameResult, Rating, Seat
from bot.shards import Shards


async def event(s: AsyncSession, event_id: int, *, for_update: bool = False) -> Event | None:
    query = select(Event).where(Event.id == event_id)
    if for_update:
        query = query.with_for_update()
    return await s.scalar(query)


async def entries(s: AsyncSession, event_id: int) -> list[EventEntry]:
    rows = await s.scalars(
        select(EventEntry).where(EventEntry.event_id == event_id).order_by(EventEntry.id)
    )
    return list(rows)


async def entry(s: AsyncSession, event_id: int, user_id: int) -> EventEntry | None:
    return await s.scalar(
        select(EventEntry).where(EventEntry.event_id == event_id, EventEntry.user_id == user_id)
    )


async def tables(s: AsyncSession, event_id: int, round_no: int | None = None) -> list[EventTable]:
    """The event's tables (of one round), in round and number order."""
    query = select(EventTable).where(EventTable.event_id == event_id)
    if round_no is not None:
        query = query.where(EventTable.round == round_no)
    rows = await s.scalars(query.order_by(EventTable.round, EventTable.number))
    return list(rows)


async def table(s: AsyncSession, table_id: int) -> EventTable | None:
    return await s.get(EventTable, table_id, with_for_update=True)


async def table_of_game(s: AsyncSession, game_id: int) -> EventTable | None:
    return await s.scalar(select(EventTable).where(EventTable.game_id == game_id))


async def ratings(c: AsyncSession | AsyncConnection, title: str, people: Iterable[int]) -> dict:
    """The people's Elo of the title (those who have one)."""
    rows = await c.execute(
        select(Rating.user_id, Rating.rating).where(
            Rating.title == title, Rating.user_id.in_(list(people))
        )
    )
    return {int(u): int(r) for u, r in rows}


async def finished_games(s: AsyncSession, guild_id: int | None, user_id: int) -> int:
    """How many games the person finished on this server (an entry rule)."""
    found = await s.scalar(
        select(func.count())
        .select_from(GameResult)
        .where(
            GameResult.user_id == user_id,
            GameResult.guild_id == guild_id,
            GameResult.status == "finished",
        )
    )
    return int(found or 0)


async def seats_of(s: AsyncSession, game_id: int, people: Iterable[int]) -> dict[int, int]:
    """Each person's seat number in the game (the automatic player may hold it now)."""
    rows = await s.execute(
        select(Seat.user_id, Seat.seat_no).where(
            Seat.game_id == game_id, Seat.user_id.in_(list(people)), Seat.is_bot.is_(False)
        )
    )
    return {int(u): int(n) for u, n in rows}


async def newest_in_channel(s: AsyncSession, channel_id: int) -> Event | None:
    """The channel's newest event (its sign-up was posted there)."""
    return await s.scalar(
        select(Event).where(Event.channel_id == channel_id).order_by(Event.id.desc()).limit(1)
    )


async def of_thread(s: AsyncSession, thread_id: int) -> Event | None:
    """The event whose table plays in this thread."""
    return await s.scalar(
        select(Event)
        .join(EventTable, EventTable.event_id == Event.id)
        .where(EventTable.thread_id == thread_id)
        .limit(1)
    )


async def running(s: AsyncSession, shards: Shards) -> list[int]:
    """The ids of the running events of this process's shards (start-up repair)."""
    rows = await s.scalars(
        select(Event.id)
        .where(Event.status == "running", shards.guilds(Event.guild_id))
        .order_by(Event.id)
    )
    return list(rows)


async def recent_timeouts(s: AsyncSession, guild_id: int | None, user_id: int, games: int) -> int:
    """How many of the person's last `games` games on this server had their clock run out."""
    recent = (
        select(GameResult.timeouts)
        .where(GameResult.user_id == user_id, GameResult.guild_id == guild_id)
        .order_by(GameResult.finished_at.desc())
        .limit(games)
        .subquery()
    )
    found = await s.scalar(select(func.count()).select_from(recent).where(recent.c.timeouts > 0))
    return int(found or 0)


async def final_unposted(s: AsyncSession, shards: Shards) -> list[int]:
    """Finished events of this process's shards whose final standings were not posted."""
    rows = await s.scalars(
        select(Event.id)
        .where(
            Event.status == "finished",
            Event.final_posted.is_(False),
            shards.guilds(Event.guild_id),
        )
        .order_by(Event.id)
    )
    return list(rows)


async def season_games(
    s: AsyncSession,
    guild_id: int | None,
    title: str,
    people: Iterable[int],
    since: datetime,
    until: datetime,
) -> list[tuple[int, int, int, int, dict | None]]:
    """The games of `title` finished (played to the end) on this server in [since, until) that
    any of `people` played (counted for them, as in the statistics), outside every event's
    tables: (game id, person, their seat, the
    game's seats, the game's result), one row per person of `people` in the game, oldest first."""
    tables = select(EventTable.game_id).where(EventTable.game_id.is_not(None))
    rows = await s.execute(
        select(GameResult.game_id, GameResult.user_id, GameResult.seat_no, Game.seats, Game.result)
        .join(Game, Game.id == GameResult.game_id)
        .where(
            GameResult.guild_id == guild_id,
            GameResult.title == title,
            GameResult.status == "finished",
            GameResult.counted.is_(True),  # (made at least half of their seat's moves)
            GameResult.user_id.in_(list(people)),
            GameResult.finished_at >= since,
            GameResult.finished_at < until,
            GameResult.game_id.not_in(tables),
        )
        .order_by(GameResult.finished_at, GameResult.game_id, GameResult.user_id)
    )
    return [(int(g), int(u), int(n), int(k), r) for g, u, n, k, r in rows]
