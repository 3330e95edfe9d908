"""How a running seat clock is planned: its person's absences (vacations, and quiet hours in a
game whose clocks wait through them), its time left, and the one timer row (kind "clock") of
its next event. A change of those absences (`/me away`, `/me back`, new quiet hours or zone, a
moderator's `quiet_clock:`) re-plans the clocks concerned at once, in the change's own
transaction (`_person_clocks`, `_replan`): there is one way to re-plan a clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import UTC, datetime, timedelta

from sqlalchemy import Select, delete, insert, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Person, Seat, SeatClock, Timer, Vacation
from bot.service.base import ServiceCore
from bot.service.clock_rules import MAX_QUIET_WAIT, Next, horizon, left, plan
from bot.service.hours import quiet_spans, zone

#: The timer kind of seat clocks.
CLOCK = "clock"

Span = tuple[datetime, datetime]


async def away_until(
    s: AsyncSession, user_id: int, guild_id: int | None, now: datetime
) -> datetime | None:
    """When the person's absence on this server ends (None: not away), from `people`."""
    from bot.service import people  # people builds on this module

    return await people.away_until(s, user_id, guild_id, now)


async def spend_vacation_day(
    s: AsyncSession, user_id: int, guild_id: int | None, now: datetime
) -> bool:
    """Spend one of the person's vacation days on this server, if they have one left."""
    from bot.service import people

    return bool(await people.spend_vacation_day(s, user_id, guild_id, now))


def aware(when: datetime) -> datetime:
    """SQLite hands datetimes back without a zone; they are stored in UTC."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def stamp(when: datetime) -> str:
    return aware(when).isoformat()


def _on_server(guild_id: int | None):  # type: ignore[no-untyped-def]  # noqa: ANN202
    return Game.guild_id.is_(None) if guild_id is None else Game.guild_id == guild_id


def _running_clocks(
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


class ClockPlans(ServiceCore):
    # ------------------------------------------------------------------ absences
    @staticmethod
    async def _clock_rows(s: AsyncSession, game_id: int) -> dict[int, SeatClock]:
        rows = await s.scalars(select(SeatClock).where(SeatClock.game_id == game_id))
        return {r.seat_no: r for r in rows}

    @staticmethod
    async def _vacation_spans(
        s: AsyncSession, user_id: int, guild_id: int | None, since: datetime
    ) -> list[Span]:
        """The person's vacations on this server ending after `since` (the days spent
        automatically included, as `people.away_until` counts them)."""
        rows = await s.execute(
            select(Vacation.starts_at, Vacation.ends_at).where(
                Vacation.user_id == user_id,
                Vacation.guild_id.is_(None) if guild_id is None else Vacation.guild_id == guild_id,
                Vacation.ends_at > since,
            )
        )
        return [(aware(a), aware(b)) for a, b in rows]

    @staticmethod
    async def _quiet_spans(
        s: AsyncSession, game: Game, user_id: int, since: datetime, until: datetime
    ) -> list[Span]:
        """The person's quiet hours between `since` and `until`, if this game's clocks wait
        through them (at most MAX_QUIET_WAIT a day)."""
        if game.clock_in_quiet is not False:
            return []
        p = await s.get(Person, user_id)
        if p is None or not p.quiet_from or not p.quiet_to:
            return []
        longest = timedelta(seconds=MAX_QUIET_WAIT)
        return quiet_spans(zone(p.timezone), p.quiet_from, p.quiet_to, since, until, longest)

    async def _left(
        self, s: AsyncSession, game: Game, row: SeatClock, user_id: int | None
    ) -> float:
        """Seconds the clock has left now (its person's absences not counted)."""
        if row.running_since is None:
            return row.remaining
        since, now = aware(row.running_since), self.clock()
        if user_id is None:
            return left(row.remaining, since, now)
        absences = await self._vacation_spans(s, user_id, game.guild_id, since)
        absences += await self._quiet_spans(s, game, user_id, since, now)
        return left(row.remaining, since, now, absences)

    async def _next(
        self, s: AsyncSession, game: Game, row: SeatClock, user_id: int | None
    ) -> tuple[Next, float, datetime | None]:
        """A running clock's next event, the seconds it has left now, and when its person's
        vacation covering now ends (None: not away)."""
        assert row.running_since is not None
        now, since = self.clock(), aware(row.running_since)
        if user_id is None:
            return (
                plan(row.remaining, since, row.warned, now),
                left(row.remaining, since, now),
                None,
            )
        spans = await self._vacation_spans(s, user_id, game.guild_id, since)
        ahead = sum((b - max(a, now)).total_seconds() for a, b in spans if b > now)
        until = horizon(now, row.remaining, ahead)
        spans += await self._quiet_spans(s, game, user_id, since, until)
        away = await away_until(s, user_id, game.guild_id, now)
        away = aware(away) if away is not None else None
        nxt = plan(row.remaining, since, row.warned, now, spans, away)
        return nxt, left(row.remaining, since, now, spans), away

    # ------------------------------------------------------------------ timers
    async def _plan_timer(
        self, s: AsyncSession, game: Game, row: SeatClock, user_id: int | None
    ) -> None:
        """Insert the timer of a running clock's next event."""
        assert row.running_since is not None
        nxt, _, _ = await self._next(s, game, row, user_id)
        payload = {"seat": row.seat_no, "since": stamp(row.running_since), "event": nxt.event}
        await s.execute(
            insert(Timer.__table__).values(
                game_id=game.id, kind=CLOCK, due_at=nxt.due, version=game.version, payload=payload
            )
        )
        if self.on_timer is not None:
            self.on_timer(nxt.due)

    async def _drop_clock_timers(
        self, s: AsyncSession, game_id: int, seats: set[int] | None = None
    ) -> None:
        """Delete the clock timers of the game (of `seats` only, when given)."""
        rows = await s.execute(
            select(Timer.id, Timer.payload).where(Timer.game_id == game_id, Timer.kind == CLOCK)
        )
        ids = [i for i, p in rows if seats is None or (p or {}).get("seat") in seats]
        if ids:
            await s.execute(
                delete(Timer).where(Timer.id.in_(ids)).execution_options(synchronize_session=False)
            )

    async def _replan(
        self, s: AsyncSession, game: Game, row: SeatClock, user_id: int | None
    ) -> None:
        """Replace the timer of one clock (none if it is stopped)."""
        await self._drop_clock_timers(s, game.id, {row.seat_no})
        if row.running_since is not None:
            await self._plan_timer(s, game, row, user_id)

    async def _checkpoint(
        self, s: AsyncSession, game: Game, row: SeatClock, user_id: int | None
    ) -> None:
        """Fold what a running clock has run into its time left, running on from now (before
        what counts as an absence changes, so the change is not applied to the past). The
        warnings already sent stay sent."""
        if row.running_since is not None:
            row.remaining = max(0.0, await self._left(s, game, row, user_id))
            row.running_since = self.clock()

    # ------------------------------------------------------------------ a person's clocks
    @asynccontextmanager
    async def _person_clocks(
        self,
        user_id: int,
        guild_id: int | None = None,
        *,
        everywhere: bool = False,
        quiet_only: bool = False,
    ) -> AsyncIterator[tuple[AsyncSession, list[tuple[Game, SeatClock]]]]:
        """A write transaction, under the locks of the games where `user_id`'s clock runs
        (see `_running_clocks`), with those games and clocks: re-plan them with `_replan`."""
        async with self._sessions() as s:
            what = select(Game.id)
            found = await s.scalars(
                _running_clocks(what, user_id, guild_id, everywhere, quiet_only)
            )
            ids = sorted(set(found))
        async with AsyncExitStack() as stack:
            for game_id in ids:  # in order, as the lock of one game is taken before any write
                await stack.enter_async_context(self._lock(game_id))
            s = await stack.enter_async_context(self._tx())
            if s.bind.dialect.name == "postgresql":
                for game_id in ids:
                    await s.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": game_id})
            what = select(Game, SeatClock)
            rows = await s.execute(_running_clocks(what, user_id, guild_id, everywhere, quiet_only))
            yield s, [(game, row) for game, row in rows]
