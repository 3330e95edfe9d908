"""People's queries: their vacations, their pending digest, who has quiet hours."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Row, bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Action, Audit, Game, Person, Seat, SeatClock, Timer, Vacation


def _on_server(guild_id: int | None) -> Any:
    return Vacation.guild_id.is_(None) if guild_id is None else Vacation.guild_id == guild_id


async def vacations(
    s: AsyncSession, user_ids: Iterable[int], guild_id: int | None, ending_after: datetime
) -> list[Vacation]:
    """The people's vacations taken with `/me away` on this server ending after the time."""
    rows = await s.scalars(
        select(Vacation)
        .where(
            Vacation.user_id.in_(list(user_ids)),
            _on_server(guild_id),
            Vacation.automatic.is_(False),
            Vacation.ends_at > ending_after.astimezone(UTC),
        )
        .order_by(Vacation.starts_at, Vacation.id)
    )
    return list(rows)


async def vacations_between(
    s: AsyncSession, user_id: int, guild_id: int | None, lo: datetime, hi: datetime
) -> list[Vacation]:
    """The person's vacations on this server (days spent by clocks too) overlapping lo..hi."""
    rows = await s.scalars(
        select(Vacation).where(
            Vacation.user_id == user_id,
            _on_server(guild_id),
            Vacation.ends_at > lo,
            Vacation.starts_at < hi,
        )
    )
    return list(rows)


async def digest_timer(s: AsyncSession, user_id: int, kind: str) -> Timer | None:
    """The person's pending digest timer (of `kind`), if any."""
    return await s.scalar(
        select(Timer)
        .where(
            Timer.kind == kind,
            Timer.game_id.is_(None),
            Timer.payload["user_id"].as_integer() == user_id,
        )
        .order_by(Timer.id)
        .limit(1)
    )


async def with_quiet_hours(s: AsyncSession, user_ids: list[int]) -> set[int]:
    """Who of the people has quiet hours."""
    rows = await s.scalars(
        select(Person.user_id).where(Person.user_id.in_(user_ids), Person.quiet_from.is_not(None))
    )
    return set(rows)


# Built once (read with every ping): the settings' columns, no ORM objects.
_PEOPLE = Person.__table__
#: The settings of the people (`ids`, expanding).
PEOPLE_OF = select(_PEOPLE).where(_PEOPLE.c.user_id.in_(bindparam("ids", expanding=True)))


async def taking(s: AsyncSession, pings: str) -> list[Person]:
    """The people whose pings are set to `pings`."""
    return list(await s.scalars(select(Person).where(Person.pings == pings)))


async def people_timers(s: AsyncSession, kind: str) -> list[Timer]:
    """The timers of `kind` tied to a person, not a game."""
    return list(await s.scalars(select(Timer).where(Timer.kind == kind, Timer.game_id.is_(None))))


async def game_status(s: AsyncSession, game_id: int) -> Row | None:
    """(status, version) of the game."""
    return (await s.execute(select(Game.status, Game.version).where(Game.id == game_id))).first()


# ---------------------------------------------------------------------- a kept ping's news
async def stand_in_since(s: AsyncSession, game_id: int, user_id: int, version: int) -> int | None:
    """The automatic player standing in for the person since `version` or later, if any."""
    return await s.scalar(
        select(Seat.id).where(
            Seat.game_id == game_id,
            Seat.is_bot.is_(True),
            Seat.stand_in_for == user_id,
            Seat.since_version >= version,
        )
    )


async def seat_held(s: AsyncSession, game_id: int, user_id: int) -> int | None:
    """The seat the person holds in the game now, if any."""
    return await s.scalar(
        select(Seat.seat_no).where(
            Seat.game_id == game_id,
            Seat.user_id == user_id,
            Seat.is_bot.is_(False),
            Seat.until_version.is_(None),
        )
    )


async def bot_move_since(s: AsyncSession, game_id: int, seat_no: int, version: int) -> int | None:
    """A live move made by the host for the seat after `version`, if any."""
    return await s.scalar(
        select(Action.id).where(
            Action.game_id == game_id,
            Action.seat_no == seat_no,
            Action.version > version,
            Action.by_bot.is_(True),
            Action.undone_at_version.is_(None),
        )
    )


async def last_act(s: AsyncSession, game_id: int, acts: Iterable[str]) -> Row | None:
    """(act, detail) of the game's newest audit row of one of `acts`."""
    rows = await s.execute(
        select(Audit.act, Audit.detail)
        .where(Audit.game_id == game_id, Audit.act.in_(list(acts)))
        .order_by(Audit.id.desc())
        .limit(1)
    )
    return rows.first()


# ---------------------------------------------------------------------- /me games
async def seated_games(
    s: AsyncSession, user_id: int, guild_id: int | None, limit: int
) -> list[Game]:
    """The lobbies and running games the person holds a seat in (on the server, when given):
    the newest `limit`, oldest first."""
    seated = select(Seat.game_id).where(
        Seat.user_id == user_id,
        Seat.is_bot.is_(False),
        Seat.until_version.is_(None),
    )
    # (an IN subquery, not JOIN + DISTINCT: PostgreSQL cannot compare JSON columns)
    query = (
        select(Game)
        .where(Game.id.in_(seated), Game.status.in_(("lobby", "running")))
        .order_by(Game.id.desc())
        .limit(limit)
    )
    if guild_id is not None:
        query = query.where(Game.guild_id == guild_id)
    return list(reversed(list(await s.scalars(query))))


async def clocks_of(s: AsyncSession, game_ids: list[int]) -> dict[tuple[int, int], SeatClock]:
    """The clocks of the games, by (game, seat)."""
    rows = await s.scalars(select(SeatClock).where(SeatClock.game_id.in_(game_ids)))
    return {(c.game_id, c.seat_no): c for c in rows}
