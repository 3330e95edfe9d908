"""Seat clocks: each seat held by a person has a clock that runs only while it is asked to
decide. All bookkeeping happens inside the transaction of the decision that changes who is
asked (`Clocks.tick`, a listener of `Decision.decide`), which also replaces the clock's timer:
one timer row (kind "clock") per running clock, for its next event (a warning or the expiry), carrying
the `running_since` it was planned for, so a stale timer does nothing. How a clock is planned
around its person's absences is in `clock_plans`.

On expiry: one vacation day is spent if the person has one (24 h more on this clock), at most
the server's `clock_days` in a row, else the game's policy applies: `automatic` (the automatic
player stands in until `/game return`), `default` (the rules' default decision) or `pause`
(naming every seat whose clock ran out). Moderators' acts on clocks are in `clock_admin`."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, GuildSettings, Seat, SeatClock
from bot.errors import ServiceError
from bot.results import GameInfo, Outcome
from bot.service import queries as q
from bot.service.clock_plans import ClockPlans, spend_vacation_day, stamp
from bot.service.clock_rules import DAY, EXPIRE, HALF, Next, clock_days
from bot.service.core import Core
from bot.service.decision import Decision, Move
from bot.service.describe import describe_game
from bot.service.loader import Loaded, prompts_of, title_of
from bot.service.people import vacation_days_left
from bot.service.queries import clocks as qc
from bot.service.queries.clocks import CLOCK, SEAT_CLOCK
from engine.core import Event, Prompt, Title
from engine.rng import Rng

__all__ = ["CLOCK", "Clocks", "ClockNews"]

#: A timer firing this early (seconds) counts as due.
SLACK = 1.0


@dataclass(frozen=True)
class ClockNews:
    """What a fired clock timer did, for the Discord layer to tell.
    `kind`: warning, vacation, expired (with `outcome` to post) or paused."""

    kind: str
    game: GameInfo
    seat_no: int
    user_id: int
    label: str
    asked: str
    left: float
    outcome: Outcome | None = None
    mod_role_id: int | None = None
    #: A vacation day spent: how many in a row now, the server's limit, days left this year.
    days_spent: int = 0
    days_limit: int = 0
    days_left: float = 0.0
    #: A pause: (person, seat label) of every seat whose clock ran out.
    expired: tuple[tuple[int, str], ...] = ()


class Clocks:
    """Seat clocks; `tick` and `hand_back` are listeners of every decision."""

    def __init__(self, core: Core, decision: Decision, plans: ClockPlans) -> None:
        self.core = core
        self.decision = decision
        self.plans = plans

    async def _stop(
        self, s: AsyncSession, game: Game, row: SeatClock, user_id: int | None, moved: bool
    ) -> None:
        """Stop a running clock: what ran is taken off, then (after a move) the increment."""
        row.remaining = max(0.0, await self.plans.left(s, game, row, user_id))
        if moved and game.pace:
            row.remaining = min(float(game.pace["cap"]), row.remaining + game.pace["increment"])
            row.days_spent = 0  # vacation days spent "in a row" end with a move
        row.running_since = None
        row.warned = 0

    # ------------------------------------------------------------------ in every decision
    async def tick(
        self, s: AsyncSession, game: Game, seats: list[Seat], prompts: list[Prompt], moved: set[int]
    ) -> None:
        """Stop the clocks of seats that moved or are no longer asked, start those of seats now
        asked (unless the game is paused), and replace the timers of the clocks that changed."""
        if not game.pace or game.status != "running":
            return
        now = self.core.clock()
        rows = await self.plans.clock_rows(s, game.id)
        people = {x.seat_no: x.user_id for x in seats if not x.is_bot and x.user_id is not None}
        asked = {p.seat for p in prompts if p.seat in people}
        changed: set[int] = set()
        for seat_no, row in rows.items():
            if row.running_since is not None and (seat_no in moved or seat_no not in asked):
                await self._stop(s, game, row, people.get(seat_no), seat_no in moved)
                changed.add(seat_no)
        if game.paused_at is None:
            for seat_no in asked:
                seat_clock = rows.get(seat_no)
                if seat_clock is None:
                    seat_clock = rows[seat_no] = SeatClock(
                        game_id=game.id, seat_no=seat_no, remaining=float(game.pace["start"])
                    )
                    s.add(seat_clock)
                if seat_clock.running_since is None:
                    seat_clock.running_since, seat_clock.warned = now, 0
                    changed.add(seat_no)
        if not changed:
            return
        await self.plans.drop_clock_timers(s, game.id, changed)
        for seat_no in changed:
            row = rows[seat_no]
            if row.running_since is not None:
                await self.plans.plan_timer(s, game, row, people.get(seat_no))

    async def hand_back(
        self, s: AsyncSession, game: Game, seats: list[Seat], seat_no: int
    ) -> Event | None:
        """Before the automatic player standing in moves: if its person asked to come back,
        the seat is theirs again (a new tenure)."""
        i, bot = next(((i, x) for i, x in enumerate(seats) if x.seat_no == seat_no), (0, None))
        if bot is None or not bot.is_bot or not bot.coming_back or bot.stand_in_for is None:
            return None
        user_id = bot.stand_in_for
        if any(x.user_id == user_id and not x.is_bot for x in seats):
            return None  # they hold another seat meanwhile
        now = self.core.clock()
        await s.execute(qc.seat_left(bot.id, game.version, now))
        person = Seat(game_id=game.id, seat_no=seat_no, user_id=user_id, since_version=game.version)
        s.add(person)
        await s.flush()
        seats[i] = person
        self.core.drafts.clear(game.id, seat_no)
        return Event(f"<@{user_id}> is back and takes seat {seat_no + 1} again.")

    async def clock_view(self, s: AsyncSession, game: Game, info: GameInfo) -> GameInfo:
        """`info` with each clock's time left (seat -> seconds, running?)."""
        if not game.pace:
            return info
        holders = {h.seat_no: h.user_id for h in info.holders if not h.is_bot}
        view: dict[int, tuple[float, bool]] = {}
        for seat_no, row in (await self.plans.clock_rows(s, game.id)).items():
            spent = await self.plans.left(s, game, row, holders.get(seat_no))
            view[seat_no] = (max(0.0, spent), row.running_since is not None)
        return replace(info, clocks=view)

    # ------------------------------------------------------------------ a clock's timer fires
    async def clock_fired(self, payload: dict[str, Any], game_id: int | None) -> ClockNews | None:
        """A claimed clock timer: act on the clock's event if it is still the one planned
        (the clock runs since the same time) and due; otherwise nothing (or a later timer)."""
        if game_id is None or not isinstance(payload, dict):
            return None
        seat_no = payload.get("seat")
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            # Read as detached copies (no ORM events); a warning writes through statements,
            # an expiry loads the rows it changes into the session.
            game, seats = await q.game_and_holders(s, game_id)
            if game is None or game.status != "running" or game.paused_at or not game.pace:
                return None
            found = (await s.execute(qc.SEAT_CLOCK_ROW, {"game": game_id, "seat": seat_no})).first()
            row = q.loaded_copy(SeatClock, found._asdict()) if found is not None else None
            if row is None or row.running_since is None:
                return None
            if stamp(row.running_since) != payload.get("since"):
                return None  # planned for an earlier run of this clock
            holder = next((x for x in seats if x.seat_no == seat_no), None)
            if holder is None or holder.is_bot or holder.user_id is None:
                return None
            now = self.core.clock()
            nxt, spare, absences = await self.plans.next_event(s, game, row, holder.user_id)
            if spare <= SLACK and not (absences.away and absences.away > now):
                nxt = Next(EXPIRE, now)  # ran out: a warning now would come too late
            if nxt.due > now + timedelta(seconds=SLACK):  # an absence put it off
                await self.plans.plan_timer(s, game, row, holder.user_id, absences)
                return None
            title = title_of(game)
            loaded = await self.core.state(s, game, title)
            prompt = next((p for p in prompts_of(title, loaded) if p.seat == seat_no), None)
            if prompt is None:
                return None
            info = describe_game(game, seats, loaded.state, prompts=prompts_of(title, loaded))
            news = ClockNews(
                "warning",
                info,
                holder.seat_no,
                holder.user_id,
                title.seat_label(loaded.state, holder.seat_no),
                prompt.text,
                max(0.0, spare),
            )
            if nxt.event != EXPIRE:
                row.warned |= nxt.bits
                await s.execute(qc.WARNED, {"row": row.id, "warned": row.warned})
                await self.plans.plan_timer(s, game, row, holder.user_id, absences)
                return news
            game = await s.get(Game, game_id)  # the rows an expiry changes, in the session
            row = await s.scalar(SEAT_CLOCK, {"game": game_id, "seat": seat_no})
            seats = await q.holders(s, game_id)
            holder = next(x for x in seats if x.seat_no == seat_no)
            assert game is not None and row is not None
            return await self._expire(s, game, title, loaded, seats, holder, row, news)

    async def _expire(
        self,
        s: AsyncSession,
        game: Game,
        title: Title,
        loaded: Loaded,
        seats: list[Seat],
        holder: Seat,
        row: SeatClock,
        news: ClockNews,
    ) -> ClockNews:
        now = self.core.clock()
        user_id = holder.user_id
        assert user_id is not None and game.pace
        settings = await s.get(GuildSettings, game.guild_id) if game.guild_id else None
        in_row = clock_days(settings)
        if row.days_spent < in_row and await spend_vacation_day(s, user_id, game.guild_id, now):
            # The day is 24 h more on this clock only (not an absence: other games go on).
            row.days_spent += 1
            row.remaining, row.running_since, row.warned = DAY, now, HALF
            await self.plans.plan_timer(s, game, row, user_id)
            days_left = await vacation_days_left(s, user_id, game.guild_id, now)
            return replace(
                news,
                kind="vacation",
                left=DAY,
                days_spent=row.days_spent,
                days_limit=in_row,
                days_left=days_left,
            )
        spent, row.days_spent = row.days_spent, 0
        holder.timeouts = (holder.timeouts or 0) + 1
        who = f"<@{user_id}> ({news.label})"
        ran = "ran out"
        if spent:
            ran += f" after {spent} vacation day{'s' if spent != 1 else ''} in a row"
        policy = game.expiry_policy or "automatic"
        if policy == "pause":
            return await self._pause_for(s, game, title, loaded, seats, row, news, settings)
        row.remaining, row.running_since, row.warned = float(game.pace["start"]), None, 0
        await self.plans.drop_clock_timers(s, game.id, {row.seat_no})
        if policy == "default":
            line = f"⏰ The clock of {who} {ran}: the rules' default decision is made for them."
            outcome = await self._default_move(s, game, title, loaded, seats, row.seat_no, line)
        else:
            holder.until_version, holder.left_at = game.version, now
            bot = Seat(
                game_id=game.id,
                seat_no=row.seat_no,
                is_bot=True,
                since_version=game.version,
                stand_in_for=user_id,
            )
            s.add(bot)
            await s.flush()
            seats = [bot if x.id == holder.id else x for x in seats]
            self.core.drafts.clear(game.id, row.seat_no)
            line = (
                f"⏰ The clock of {who} {ran}: the automatic player takes the seat. "
                f"<@{user_id}>, `/game return` hands it back to you at your next turn."
            )
            outcome = await self.decision.decide(
                s, game, title, loaded, seats, None, force=True, prefix=line
            )
        return replace(news, kind="expired", left=0.0, outcome=outcome, game=outcome.game)

    async def _default_move(
        self,
        s: AsyncSession,
        game: Game,
        title: Title,
        loaded: Loaded,
        seats: list[Seat],
        seat_no: int,
        line: str,
    ) -> Outcome:
        """The title's default decision for the seat (the automatic player's, if the title
        has none or its default is refused)."""
        picks: list[str] = []
        default = getattr(title, "default_move", None)
        if default is not None:
            with contextlib.suppress(Exception):  # a title bug must not stop the clock
                picks.append(default(loaded.state, seat_no))
        picks.append(title.bot_choice(loaded.state, seat_no, Rng.from_seed(game.seed).fork(-1)))
        for pick in picks:
            try:
                move = Move(seat_no, pick, None)  # type: ignore[arg-type]  # by the host
                return await self.decision.decide(s, game, title, loaded, seats, move, prefix=line)
            except ServiceError:
                continue
        raise ServiceError("No default decision is possible for that seat.")

    async def stop_all(self, s: AsyncSession, game: Game) -> dict[int, SeatClock]:
        """Stop every running clock of the game (a pause) and drop their timers; the clocks
        stopped, by seat."""
        seats = await q.holders(s, game.id)
        people = {x.seat_no: x.user_id for x in seats if not x.is_bot}
        stopped: dict[int, SeatClock] = {}
        for seat_no, row in (await self.plans.clock_rows(s, game.id)).items():
            if row.running_since is not None:
                await self._stop(s, game, row, people.get(seat_no), moved=False)
                stopped[seat_no] = row
        await self.plans.drop_clock_timers(s, game.id)
        return stopped

    async def _pause_for(
        self,
        s: AsyncSession,
        game: Game,
        title: Title,
        loaded: Loaded,
        seats: list[Seat],
        row: SeatClock,
        news: ClockNews,
        settings: GuildSettings | None,
    ) -> ClockNews:
        """The pause policy: every clock stops, and the game pauses for the seats whose
        clocks ran out: this one and any other that ran out with it (a simultaneous
        decision), each named. Their clocks stay at 0 until `/admin resume` starts them
        afresh (or a moderator extends them meanwhile)."""
        stopped = await self.stop_all(s, game)
        out = {row.seat_no} | {n for n, r in stopped.items() if r.remaining <= SLACK}
        holders = {x.seat_no: x for x in seats if not x.is_bot and x.user_id is not None}
        clocks = await self.plans.clock_rows(s, game.id)
        expired: list[tuple[int, str]] = []
        for seat_no in sorted(out):
            other = clocks[seat_no]
            other.remaining, other.running_since, other.warned = 0.0, None, 0
            other.days_spent = 0
            person = holders.get(seat_no)
            if person is None:
                continue
            if seat_no != row.seat_no:
                person.timeouts = (person.timeouts or 0) + 1
            assert person.user_id is not None
            expired.append((person.user_id, title.seat_label(loaded.state, seat_no)))
        game.paused_at = self.core.clock()
        game.paused_seats = sorted(out)
        seat_list = ", ".join(str(n + 1) for n in sorted(out))
        detail = f"seat{'s' if len(out) > 1 else ''} {seat_list} ran out"
        await self.core.audit(s, game, 0, "clock-pause", detail)
        await s.flush()
        info = describe_game(game, seats, loaded.state)
        return replace(
            news,
            kind="paused",
            left=0.0,
            game=await self.clock_view(s, game, info),
            mod_role_id=settings.mod_role_id if settings else None,
            expired=tuple(expired),
        )

    # ------------------------------------------------------------------ /game return
    async def game_return(self, channel_id: int, user_id: int) -> GameInfo:
        """The person the automatic player stands in for asks for their seat back: it is
        handed back at the seat's next decision."""
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            if game is None or game.status != "running":
                raise ServiceError("The game here is not running.")
            seats = await q.holders(s, game_id)
            if any(x.user_id == user_id and not x.is_bot for x in seats):
                raise ServiceError("You already hold your seat in this game.")
            stand_in = next((x for x in seats if x.is_bot and x.stand_in_for == user_id), None)
            if stand_in is None:
                raise ServiceError(
                    "The automatic player isn't standing in for you here; a moderator can give "
                    "you a seat with `/admin replace`."
                )
            if stand_in.coming_back:
                raise ServiceError(
                    "Already noted: your seat comes back to you at its next decision."
                )
            stand_in.coming_back = True
            await self.core.audit(s, game, user_id, "return", f"seat {stand_in.seat_no + 1}")
            await s.flush()
            return describe_game(game, seats, None)
