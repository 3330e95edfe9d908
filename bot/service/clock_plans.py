"""How a running seat clock is planned: its person's absences (vacations, and quiet hours in a
game whose clocks wait through them), its time left, and the one timer row (kind "clock") of
its next event. A change of those absences (`/me away`, `/me back`, new quiet hours or zone, a
moderator's `quiet_clock:`) re-plans the clocks concerned at once, in the change's own
transaction (`person_clocks`, `replan`): there is one way to re-plan a clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Person, SeatClock
from bot.service import queries as q
from bot.service.clock_rules import (
    EXPIRE,
    HALF,
    HOUR,
    MAX_QUIET_WAIT,
    ONE_HOUR,
    Next,
    before_quiet,
    covering_end,
    horizon,
    left,
    plan,
)
from bot.service.core import Core
from bot.service.hours import quiet_spans, zone
from bot.service.queries import clocks as qc
from bot.service.queries.clocks import CLOCK

Span = tuple[datetime, datetime]


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


@dataclass(frozen=True, slots=True)
class Absences:
    """A person's absences for one run of a clock (`ClockPlans._absences`)."""

    spans: list[Span]
    #: When the vacation covering now ends (None: not away).
    away: datetime | None
    #: Their quiet hours ahead where the clock runs through them (warnings come before).
    quiet_runs: list[Span] = field(default_factory=list)


class ClockPlans:
    """How running clocks are planned and re-planned: shared by the clock, moderation and
    people use cases."""

    def __init__(self, core: Core) -> None:
        self.core = core

    # ------------------------------------------------------------------ absences
    @staticmethod
    async def clock_rows(s: AsyncSession, game_id: int) -> dict[int, SeatClock]:
        rows = await s.scalars(qc.GAME_CLOCKS, {"game": game_id})
        return {r.seat_no: r for r in rows}

    @staticmethod
    async def _vacation_spans(
        s: AsyncSession, user_id: int, guild_id: int | None, since: datetime
    ) -> list[Span]:
        """The person's vacations on this server ending after `since` (`/me away`; a day
        spent by a clock is 24 h more on that clock, not an absence)."""
        params = {"user": user_id, "since": since}
        if guild_id is None:
            rows = await s.execute(qc.SPANS_OFF_SERVER, params)
        else:
            rows = await s.execute(qc.SPANS_ON_SERVER, {**params, "guild": guild_id})
        return [(aware(a), aware(b)) for a, b in rows]

    @staticmethod
    async def _quiet_spans(
        s: AsyncSession,
        game: Game,
        user_id: int,
        since: datetime,
        until: datetime,
        *,
        runs: bool = False,
    ) -> list[Span]:
        """The person's quiet hours between `since` and `until`, if this game's clocks wait
        through them (at most MAX_QUIET_WAIT a day); with `runs`, if they run through them
        (whole)."""
        if (game.clock_in_quiet is not False) != runs:
            return []
        p = await s.get(Person, user_id)
        if p is None or not p.quiet_from or not p.quiet_to:
            return []
        longest = None if runs else timedelta(seconds=MAX_QUIET_WAIT)
        return quiet_spans(zone(p.timezone), p.quiet_from, p.quiet_to, since, until, longest)

    async def left(self, s: AsyncSession, game: Game, row: SeatClock, user_id: int | None) -> float:
        """Seconds the clock has left now (its person's absences not counted)."""
        if row.running_since is None:
            return row.remaining
        since, now = aware(row.running_since), self.core.clock()
        if user_id is None:
            return left(row.remaining, since, now)
        absences = await self._vacation_spans(s, user_id, game.guild_id, since)
        absences += await self._quiet_spans(s, game, user_id, since, now)
        return left(row.remaining, since, now, absences)

    async def _absences(
        self, s: AsyncSession, game: Game, row: SeatClock, user_id: int | None
    ) -> Absences:
        """What a running clock's next events depend on besides the row (one vacation read):
        its person's absences from when it runs until its next event at the latest, and when
        the vacation covering now ends. Valid while the row's `running_since` and
        `remaining` stay as they are (a warning sent changes neither)."""
        assert row.running_since is not None
        if user_id is None:
            return Absences([], None)
        now, since = self.core.clock(), aware(row.running_since)
        vacations = await self._vacation_spans(s, user_id, game.guild_id, since)
        ahead = sum((b - max(a, now)).total_seconds() for a, b in vacations if b > now)
        until = horizon(now, row.remaining, ahead)
        quiet = await self._quiet_spans(s, game, user_id, since, until)
        runs = await self._quiet_spans(s, game, user_id, now, until, runs=True)
        return Absences(vacations + quiet, covering_end(vacations, now), runs)

    def _plan(self, row: SeatClock, absences: Absences) -> Next:
        """A running clock's next event, a warning brought before the quiet hours in which
        the clock would run out."""
        assert row.running_since is not None
        now, since, spans = self.core.clock(), aware(row.running_since), absences.spans
        nxt = plan(row.remaining, since, row.warned, now, spans, absences.away)
        if absences.quiet_runs and nxt.event != EXPIRE:
            every = HALF | ONE_HOUR
            expiry = plan(row.remaining, since, every, now, spans, absences.away).due
            nxt = before_quiet(nxt, expiry, row.warned, absences.quiet_runs, now)
        return nxt

    async def next_event(
        self, s: AsyncSession, game: Game, row: SeatClock, user_id: int | None
    ) -> tuple[Next, float, Absences]:
        """A running clock's next event, the seconds it has left now, and its absences (for
        `plan_timer`)."""
        assert row.running_since is not None
        now, since = self.core.clock(), aware(row.running_since)
        absences = await self._absences(s, game, row, user_id)
        return self._plan(row, absences), left(row.remaining, since, now, absences.spans), absences

    # ------------------------------------------------------------------ timers
    async def plan_timer(
        self,
        s: AsyncSession,
        game: Game,
        row: SeatClock,
        user_id: int | None,
        absences: Absences | None = None,
    ) -> None:
        """Insert the timer of a running clock's next event (`absences`: as `_absences`
        returned them for this run of the clock, if read already)."""
        assert row.running_since is not None
        if absences is None:
            absences = await self._absences(s, game, row, user_id)
        nxt = self._plan(row, absences)
        payload = {"seat": row.seat_no, "since": stamp(row.running_since), "event": nxt.event}
        await s.execute(
            qc.NEW_TIMER,
            {
                "game_id": game.id,
                "kind": CLOCK,
                "due_at": nxt.due,
                "version": game.version,
                "payload": payload,
            },
        )
        self.core.wake_after_commit(s, nxt.due)

    async def drop_clock_timers(
        self, s: AsyncSession, game_id: int, seats: set[int] | None = None
    ) -> None:
        """Delete the clock timers of the game (of `seats` only, when given)."""
        rows = await s.execute(qc.CLOCK_TIMERS, {"game": game_id})
        ids = [i for i, p in rows if seats is None or (p or {}).get("seat") in seats]
        if ids:
            await s.execute(qc.drop_timers(ids))

    async def replan(
        self, s: AsyncSession, game: Game, row: SeatClock, user_id: int | None
    ) -> None:
        """Replace the timer of one clock (none if it is stopped)."""
        await self.drop_clock_timers(s, game.id, {row.seat_no})
        if row.running_since is not None:
            await self.plan_timer(s, game, row, user_id)

    async def checkpoint(
        self, s: AsyncSession, game: Game, row: SeatClock, user_id: int | None
    ) -> None:
        """Fold what a running clock has run into its time left, running on from now (before
        what counts as an absence changes, so the change is not applied to the past). The
        warnings already sent stay sent."""
        if row.running_since is not None:
            row.remaining = max(0.0, await self.left(s, game, row, user_id))
            row.running_since = self.core.clock()

    async def hand_over_clock(
        self, s: AsyncSession, game: Game, seat_no: int, old_user: int | None
    ) -> None:
        """A seat changes hands: its clock is settled now by the old holder's absences (their
        vacation did not run it), stopped and its timer dropped, so that the decision that
        follows starts it for the new holder, planned by their own absences. A new holder
        finds at least the pace's increment (at least an hour, at most the cap) on it."""
        if not game.pace:
            return
        row = (await self.clock_rows(s, game.id)).get(seat_no)
        if row is None:
            return
        if row.running_since is not None:
            row.remaining = max(0.0, await self.left(s, game, row, old_user))
            row.running_since = None
        least = min(float(game.pace["cap"]), max(float(game.pace["increment"]), HOUR))
        row.remaining = max(row.remaining, least)
        row.warned, row.days_spent = 0, 0
        await self.drop_clock_timers(s, game.id, {seat_no})

    # ------------------------------------------------------------------ a person's clocks
    @asynccontextmanager
    async def person_clocks(
        self,
        user_id: int,
        guild_id: int | None = None,
        *,
        everywhere: bool = False,
        quiet_only: bool = False,
    ) -> AsyncIterator[tuple[AsyncSession, list[tuple[Game, SeatClock]]]]:
        """A write transaction, under the locks of the games where `user_id`'s clock runs
        (see `queries.clocks.running_clocks`), with those games and clocks: re-plan them with
        `replan`."""
        async with self.core.readers() as s:
            ids = await qc.clocked_game_ids(s, user_id, guild_id, everywhere, quiet_only)
        async with AsyncExitStack() as stack:
            for game_id in ids:  # in order, as the lock of one game is taken before any write
                await stack.enter_async_context(self.core.lock(game_id))
            s = await stack.enter_async_context(self.core.tx())
            if s.bind.dialect.name == "postgresql":
                for game_id in ids:
                    await s.execute(q.GAME_LOCK, {"k": game_id})
            yield s, await qc.clocked_games(s, user_id, guild_id, everywhere, quiet_only)
