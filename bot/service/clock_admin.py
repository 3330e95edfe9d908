"""Moderators' acts on clocks: pause and resume a game, extend a seat's clock, change the pace
or the expiry policy. Each is audited; the Discord layer announces it. A paused game still
accepts moves (nothing is lost by playing on), but no clock runs until it is resumed."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, GuildSettings, SeatClock
from bot.errors import ServiceError
from bot.results import GameInfo
from bot.service import queries as q
from bot.service.clock_plans import ClockPlans
from bot.service.clock_rules import (
    DAY,
    HOUR,
    LONGEST,
    MAX_CLOCK_DAYS,
    pace_text,
    parse_pace,
    parse_policy,
    parse_quiet_clock,
    span,
)
from bot.service.clocks import SLACK, Clocks
from bot.service.core import Core
from bot.service.describe import describe_game
from bot.service.loader import prompts_of, title_of
from bot.service.queries import clocks as qc
from bot.service.queries import people as qp


class ClockAdmin:
    def __init__(self, core: Core, plans: ClockPlans, clocks: Clocks) -> None:
        self.core = core
        self.plans = plans
        self.clocks = clocks

    async def _clock_game(self, s: AsyncSession, game_id: int, statuses: tuple[str, ...]) -> Game:
        game = await s.get(Game, game_id)
        if game is None or game.status not in statuses:
            raise ServiceError("That only works on a running game.")
        return game

    async def _restart(self, s: AsyncSession, game: Game) -> GameInfo:
        """Start the clocks of the seats asked now (after a resume or a new pace)."""
        seats = await q.holders(s, game.id)
        title = title_of(game)
        loaded = await self.core.state(s, game, title)
        prompts = prompts_of(title, loaded)
        await self.clocks.tick(s, game, seats, prompts, set())
        await s.flush()
        info = describe_game(game, seats, loaded.state, prompts=prompts)
        return await self.clocks.clock_view(s, game, info)

    async def _quiet_clock(self, s: AsyncSession, game: Game, in_quiet: bool) -> None:
        """Switch whether the game's clocks run in quiet hours: the running clocks of people
        with quiet hours keep what they have left by the old rule, and are re-planned by the
        new one."""
        people = {x.seat_no: x.user_id for x in await q.holders(s, game.id) if not x.is_bot}
        quiet = await qp.with_quiet_hours(s, [u for u in people.values() if u is not None])
        running = [
            r
            for r in (await self.plans.clock_rows(s, game.id)).values()
            if r.running_since is not None and people.get(r.seat_no) in quiet
        ]
        for row in running:
            await self.plans.checkpoint(s, game, row, people.get(row.seat_no))
        game.clock_in_quiet = in_quiet
        await s.flush()
        for row in running:
            await self.plans.replan(s, game, row, people.get(row.seat_no))

    async def admin_pause(self, channel_id: int, actor: int) -> GameInfo:
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await self._clock_game(s, game_id, ("running",))
            if game.paused_at is not None:
                raise ServiceError("The game is already paused; `/admin resume` restarts it.")
            await self.clocks.stop_all(s, game)
            game.paused_at, game.paused_seats = self.core.clock(), None
            await self.core.audit(s, game, actor, "pause")
            await s.flush()
            return await self._restart(s, game)

    async def admin_resume(self, channel_id: int, actor: int) -> GameInfo:
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await self._clock_game(s, game_id, ("running",))
            if game.paused_at is None:
                raise ServiceError("The game is not paused.")
            await self._fresh_after_pause(s, game)
            game.paused_at, game.paused_seats = None, None
            await self.core.audit(s, game, actor, "resume")
            return await self._restart(s, game)

    async def _fresh_after_pause(self, s: AsyncSession, game: Game) -> None:
        """The clocks that ran out and paused the game start afresh at the pace's start (as
        after any expiry), unless a moderator gave them time meanwhile (`/admin extend`)."""
        if not game.pace or not game.paused_seats:
            return
        rows = await self.plans.clock_rows(s, game.id)
        for seat_no in game.paused_seats:
            row = rows.get(seat_no)
            if row is not None and row.running_since is None and row.remaining <= SLACK:
                row.remaining, row.warned = float(game.pace["start"]), 0

    async def set_clock_days(self, guild_id: int, actor: int, days: int) -> int:
        """A moderator sets how many vacation days in a row a clock may spend for its player
        on this server (0: none; then the game's expiry policy applies); audited."""
        if not 0 <= days <= MAX_CLOCK_DAYS:
            raise ServiceError(f"Give a number of days from 0 to {MAX_CLOCK_DAYS}.")
        async with self.core.tx() as s:
            settings = await s.get(GuildSettings, guild_id)
            if settings is None:
                s.add(GuildSettings(guild_id=guild_id, clock_days=days))
            else:
                settings.clock_days = days
            await self.core.audit(s, None, actor, "clock-days", str(days))
        return days

    async def admin_extend(
        self, channel_id: int, actor: int, seat_no: int, hours: float
    ) -> GameInfo:
        """Give seat `seat_no` more time (beyond the cap: a moderator's gift)."""
        if not 0 < hours * HOUR <= LONGEST:
            raise ServiceError(
                f"Extend by more than 0 and at most {LONGEST / DAY:g} days of hours."
            )
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await self._clock_game(s, game_id, ("running",))
            if not game.pace:
                raise ServiceError("This game has no clock; set one with `/admin pace`.")
            if not 0 <= seat_no < game.seats:
                raise ServiceError(f"Seats are numbered 1 to {game.seats}.")
            seats = await q.holders(s, game.id)
            holder = next((x for x in seats if x.seat_no == seat_no), None)
            user_id = holder.user_id if holder is not None and not holder.is_bot else None
            row = (await self.plans.clock_rows(s, game.id)).get(seat_no)
            if row is None:
                row = SeatClock(game_id=game.id, seat_no=seat_no, remaining=game.pace["start"])
                s.add(row)
            if row.running_since is not None:
                row.remaining = max(0.0, await self.plans.left(s, game, row, user_id))
                row.running_since, row.warned = self.core.clock(), 0
            row.remaining += hours * HOUR
            await s.flush()
            await self.plans.replan(s, game, row, user_id)
            await self.core.audit(
                s, game, actor, "extend", f"seat {seat_no + 1} +{span(hours * HOUR)}"
            )
            return await self._restart(s, game)

    async def admin_pace(
        self,
        channel_id: int,
        actor: int,
        pace: str | None,
        expiry: str | None = None,
        quiet_clock: str | None = None,
    ) -> GameInfo:
        """A new pace (each clock keeps its time left, up to the new cap; `none` removes the
        clocks), a new expiry policy, and/or whether clocks run in quiet hours (from now on:
        the time already run stays as it was counted)."""
        if pace is None and expiry is None and quiet_clock is None:
            raise ServiceError("Give a `pace:`, an `expiry:` or a `quiet_clock:` to change.")
        clock = parse_pace(pace) if pace is not None else None
        policy = parse_policy(expiry) if expiry is not None else None
        in_quiet = parse_quiet_clock(quiet_clock) if quiet_clock is not None else None
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await self._clock_game(s, game_id, ("lobby", "running"))
            if policy is not None:
                game.expiry_policy = policy
            if in_quiet is not None and in_quiet != game.clock_in_quiet:
                await self._quiet_clock(s, game, in_quiet)
            if pace is not None:
                if game.status == "running" and game.paused_at is None:
                    await self.clocks.stop_all(s, game)
                game.pace = clock
                if clock is None:
                    await qc.drop_clocks(s, game.id)
                else:
                    for row in (await self.plans.clock_rows(s, game.id)).values():
                        row.remaining = min(row.remaining, float(clock["cap"]))
            detail = pace_text(game.pace, game.expiry_policy, game.clock_in_quiet)
            await self.core.audit(s, game, actor, "pace", detail)
            await s.flush()
            if game.status != "running":
                return describe_game(game, await q.holders(s, game.id), None)
            return await self._restart(s, game)
