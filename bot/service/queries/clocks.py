"""Seat clocks' statements: a game's clock rows, a person's vacations as a clock sees them,
the clock timers, and the clocks a person's change of absences re-plans. Most run with every
clock timer or decision of a clocked game: built once (bound parameters, cache keys memoised)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Delete, Select, Update, bindparam, delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Seat, SeatClock, Timer, Vacation

#: The timer kind of seat clocks.
CLOCK = "clock"

_VAC = Vacation.__table__
_SPANS = select(_VAC.c.starts_at, _VAC.c.ends_at).where(
    _VAC.c.user_id == bindparam("user"),
    _VAC.c.automatic.is_(False),
    _VAC.c.ends_at > bindparam("since"),
)
#: A person's vacations on a server (`user`, `since`, `guild`) / off any server.
SPANS_ON_SERVER = _SPANS.where(_VAC.c.guild_id == bindparam("guild"))
SPANS_OFF_SERVER = _SPANS.where(_VAC.c.guild_id.is_(None))
#: A game's clock rows (`game`), mapped.
GAME_CLOCKS = select(SeatClock).where(SeatClock.game_id == bindparam("game"))
#: One seat's clock row (`game`, `seat`), mapped.
SEAT_CLOCK = GAME_CLOCKS.where(SeatClock.seat_no == bindparam("seat"))
_CLOCKS = SeatClock.__table__
#: One seat's clock row, as a table row (see `SEAT_CLOCK` for the mapped one).
SEAT_CLOCK_ROW = select(*_CLOCKS.columns).where(
    _CLOCKS.c.game_id == bindparam("game"), _CLOCKS.c.seat_no == bindparam("seat")
)
#: A clock's warnings given (`row`, `warned`).
WARNED = update(_CLOCKS).where(_CLOCKS.c.id == bindparam("row")).values(warned=bindparam("warned"))
_TIMERS = Timer.__table__
#: A game's clock timers (`game`): id, payload.
CLOCK_TIMERS = select(_TIMERS.c.id, _TIMERS.c.payload).where(
    _TIMERS.c.game_id == bindparam("game"), _TIMERS.c.kind == CLOCK
)
NEW_TIMER = insert(_TIMERS)
_SEATS = Seat.__table__


def drop_timers(ids: list[int]) -> Delete:
    """Delete these timers."""
    return delete(Timer).where(Timer.id.in_(ids)).execution_options(synchronize_session=False)


def seat_left(seat_id: int, version: int, now: Any) -> Update:
    """The seat's tenure ends at `version` (its automatic player hands it back)."""
    return (
        update(_SEATS)
        .where(_SEATS.c.id == seat_id)
        .values(until_version=version, left_at=now, coming_back=False)
    )


async def drop_clocks(s: AsyncSession, game_id: int) -> None:
    """Delete the game's clocks (a moderator took its pace away)."""
    await s.execute(delete(SeatClock).where(SeatClock.game_id == game_id))


def _on_server(guild_id: int | None) -> Any:
    return Game.guild_id.is_(None) if guild_id is None else Game.guild_id == guild_id


def running_clocks(
    what: Select, user_id: int, guild_id: int | None, everywhere: bool, quiet_only: bool
) -> Select:
    """`what`, over the running clocks of the seats `user_id` holds in running, unpaused games
    (on server `guild_id` unless `everywhere`; only where clocks wait in quiet hours if
    `quiet_only`)."""
    query = (
        what.join(Seat, Seat.game_id == Game.id)
        .join(SeatClock, (SeatClock.game_id == Game.id) & (SeatClock.seat_no == Seat.seat_no))
        .where(
            Seat.user_id == user_id,
            Seat.is_bot.is_(False),
            Seat.until_version.is_(None),
            SeatClock.running_since.is_not(None),
            Game.status == "running",
            Game.paused_at.is_(None),
        )
    )
    if not everywhere:
        query = query.where(_on_server(guild_id))
    if quiet_only:
        query = query.where(Game.clock_in_quiet.is_(False))
    return query


async def clocked_game_ids(
    s: AsyncSession, user_id: int, guild_id: int | None, everywhere: bool, quiet_only: bool
) -> list[int]:
    """The games where the person's clock runs (see `running_clocks`), in order."""
    found = await s.scalars(
        running_clocks(select(Game.id), user_id, guild_id, everywhere, quiet_only)
    )
    return sorted(set(found))


async def clocked_games(
    s: AsyncSession, user_id: int, guild_id: int | None, everywhere: bool, quiet_only: bool
) -> list[tuple[Game, SeatClock]]:
    """Those games and the person's running clocks in them, in the session."""
    both = select(Game, SeatClock)
    rows = await s.execute(running_clocks(both, user_id, guild_id, everywhere, quiet_only))
    return [(game, row) for game, row in rows]
