"""People's own settings (`/me`): timezone, quiet hours, how pings reach them, and time away
(vacations on one server, within a yearly allowance). The module functions take a session and
`now` (from the service's clock), so the clocks, pings and status can call them inside their
own transactions; `People` holds the `/me` use cases. A change that moves what a running
clock counts (time away, quiet hours, timezone) re-plans that clock's timer in the same
transaction (`clock_plans`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, GuildSettings, Person, SeatClock, Vacation
from bot.errors import ServiceError
from bot.service.clock_plans import ClockPlans
from bot.service.clock_rules import covering_end
from bot.service.core import Core
from bot.service.digest import retime_digest
from bot.service.hours import DAY, aware, local_at, parse_hhmm, parse_zone, quiet_end, zone
from bot.service.queries import palette_of
from bot.service.queries import people as qp
from render.contrast import HIGH, PALETTES, STANDARD

#: How pings reach a person.
PING_MODES = ("channel", "dm", "both", "digest")
#: What a person may type for each palette (`/me palette` offers them as choices).
PALETTE_WORDS = {
    STANDARD: STANDARD,
    "normal": STANDARD,
    HIGH: HIGH,
    "high contrast": HIGH,
    "high-contrast": HIGH,
    "contrast": HIGH,
}
#: A server's yearly vacation allowance when it set none.
DEFAULT_VACATION_DAYS = 21


# ---------------------------------------------------------------------------- settings rows
async def person(s: AsyncSession, user_id: int) -> Person | None:
    return await s.get(Person, user_id)


async def quiet_until(s: AsyncSession, user_id: int, now: datetime) -> datetime | None:
    """If `now` is inside the person's quiet hours, when they end (UTC); else None."""
    p = await person(s, user_id)
    if p is None:
        return None
    return quiet_end(zone(p.timezone), p.quiet_from, p.quiet_to, now)


#: The most a server may allow per year (a whole leap year).
MAX_VACATION_DAYS = 366


async def allowance(s: AsyncSession, guild_id: int | None) -> int:
    """Vacation days per calendar year on the server (the default outside servers)."""
    if guild_id is None:
        return DEFAULT_VACATION_DAYS
    settings = await s.get(GuildSettings, guild_id)
    if settings is None or settings.vacation_days is None:
        return DEFAULT_VACATION_DAYS
    return int(settings.vacation_days)


def _covering_end(rows: Iterable[Any], now: datetime) -> datetime | None:
    """The end of the absence covering `now`, over vacation rows."""
    return covering_end([(aware(v.starts_at), aware(v.ends_at)) for v in rows], now)


async def away_until(
    s: AsyncSession, user_id: int, guild_id: int | None, now: datetime
) -> datetime | None:
    """The end of the vacation taken with `/me away` covering `now`, or None (a day spent by a
    clock is not an absence: it is 24 h more on that clock only)."""
    return _covering_end(await qp.vacations(s, [user_id], guild_id, now), now)


async def _year_tz(s: AsyncSession, user_id: int) -> ZoneInfo:
    p = await person(s, user_id)
    return zone(p.timezone if p else None)


def _year_bounds(year: int, tz: ZoneInfo) -> tuple[datetime, datetime]:
    return (
        datetime(year, 1, 1, tzinfo=tz).astimezone(UTC),
        datetime(year + 1, 1, 1, tzinfo=tz).astimezone(UTC),
    )


def _overlap_days(a: datetime, b: datetime, lo: datetime, hi: datetime) -> float:
    return max(0.0, (min(b, hi) - max(a, lo)).total_seconds()) / 86400


async def days_used(s: AsyncSession, user_id: int, guild_id: int | None, year: int) -> float:
    """Vacation days counted in calendar `year` (in the person's zone), booked ones included."""
    tz = await _year_tz(s, user_id)
    lo, hi = _year_bounds(year, tz)
    rows = await qp.vacations_between(s, user_id, guild_id, lo, hi)
    return sum(_overlap_days(aware(v.starts_at), aware(v.ends_at), lo, hi) for v in rows)


async def vacation_days_left(
    s: AsyncSession, user_id: int, guild_id: int | None, now: datetime
) -> float:
    """What is left of the allowance in the calendar year of `now` (never below 0)."""
    year = now.astimezone(await _year_tz(s, user_id)).year
    used = await days_used(s, user_id, guild_id, year)
    return max(0.0, await allowance(s, guild_id) - used)


async def _refusal_if_over(
    s: AsyncSession, user_id: int, guild_id: int | None, start: datetime, end: datetime
) -> str | None:
    """Would the vacation `start`-`end` (not yet stored) exceed the allowance of a calendar
    year it touches? The refusal to show, or None."""
    tz = await _year_tz(s, user_id)
    per_year = await allowance(s, guild_id)
    for year in range(start.astimezone(tz).year, end.astimezone(tz).year + 1):
        lo, hi = _year_bounds(year, tz)
        wanted = _overlap_days(start, end, lo, hi)
        used = await days_used(s, user_id, guild_id, year)
        if wanted > 0 and used + wanted > per_year + 1e-6:
            left = max(0.0, per_year - used)
            if per_year == 0:
                return "This server allows no vacation days, so you can't go away here."
            have = (
                f"you have {amount_text(left)} of vacation left"
                if left * DAY.total_seconds() >= 60
                else "you have no vacation left"
            )
            return (
                f"That is {amount_text(wanted)} away in {year}, but {have} on this server that "
                f"year ({per_year} days a year). Choose an earlier date."
            )
    return None


async def spend_vacation_day(
    s: AsyncSession, user_id: int, guild_id: int | None, now: datetime
) -> bool:
    """A clock ran out: spend one vacation day if the allowance has a whole day left (an
    automatic 24-hour `Vacation` from `now`, counted in the allowance but not an absence: the
    clock that spent it gets the 24 h); False (nothing recorded) otherwise."""
    now = now.astimezone(UTC)
    if await _refusal_if_over(s, user_id, guild_id, now, now + DAY) is not None:
        return False
    s.add(
        Vacation(
            user_id=user_id, guild_id=guild_id, starts_at=now, ends_at=now + DAY, automatic=True
        )
    )
    await s.flush()
    return True


def days_text(days: float) -> str:
    shown = f"{days:.1f}".rstrip("0").rstrip(".")
    return f"{shown} day{'' if shown == '1' else 's'}"


def amount_text(days: float) -> str:
    """Time away in words: `2.5 days`, or under a day `5 hours`, `1 hour`, `30 minutes`."""
    if days >= 1:
        return days_text(days)
    hours = days * 24
    if hours >= 1:
        shown = f"{hours:.1f}".rstrip("0").rstrip(".")
        return f"{shown} hour{'' if shown == '1' else 's'}"
    minutes = max(1, round(hours * 60))
    return f"{minutes} minute{'' if minutes == 1 else 's'}"


# ---------------------------------------------------------------------------- the /me use cases
@dataclass(frozen=True)
class MySettings:
    """What `/me show` says: the settings, and time away on the server asked from."""

    user_id: int
    timezone: str
    quiet_from: str | None
    quiet_to: str | None
    pings: str
    away_until: datetime | None
    days_left: float
    allowance: int
    #: The palette of the images sent to them alone (render/contrast.py).
    palette: str = STANDARD
    #: A line about what just changed (empty for `/me show`).
    note: str = ""


class People:
    def __init__(self, core: Core, plans: ClockPlans) -> None:
        self.core = core
        self.plans = plans

    async def my_settings(self, user_id: int, guild_id: int | None, note: str = "") -> MySettings:
        now = self.core.clock()
        async with self.core.readers() as s:
            return await self._my_settings(s, user_id, guild_id, now, note)

    async def _my_settings(
        self, s: AsyncSession, user_id: int, guild_id: int | None, now: datetime, note: str
    ) -> MySettings:
        p = await person(s, user_id)
        return MySettings(
            user_id=user_id,
            timezone=p.timezone if p else "UTC",
            quiet_from=p.quiet_from if p else None,
            quiet_to=p.quiet_to if p else None,
            pings=p.pings if p else "channel",
            away_until=await away_until(s, user_id, guild_id, now),
            days_left=await vacation_days_left(s, user_id, guild_id, now),
            allowance=await allowance(s, guild_id),
            palette=p.palette if p and p.palette else STANDARD,
            note=note,
        )

    def wake_for(self, due: datetime | None) -> None:
        """Tell the dispatcher about a timer committed for `due`."""
        if due is not None and self.core.on_timer is not None:
            self.core.on_timer(due)

    async def _person_for_update(self, s: AsyncSession, user_id: int) -> Person:
        p = await person(s, user_id)
        if p is None:
            p = Person(user_id=user_id, timezone="UTC", pings="channel", palette=STANDARD)
            s.add(p)
        return p

    async def set_timezone(self, user_id: int, guild_id: int | None, name: str) -> MySettings:
        tz = parse_zone(name)
        async with self.plans.person_clocks(user_id, everywhere=True, quiet_only=True) as (s, held):
            p = await self._person_for_update(s, user_id)
            if not (p.quiet_from and p.quiet_to):
                held = []  # no quiet hours to move: the clocks count as before
            await self._checkpoint_all(s, held, user_id)
            p.timezone = tz
            await s.flush()
            due = await retime_digest(s, p, self.core.clock())
            await self._replan_all(s, held, user_id)
        self.wake_for(due)
        return await self.my_settings(user_id, guild_id, f"Your timezone is now **{tz}**.")

    async def set_quiet(
        self, user_id: int, guild_id: int | None, start: str, end: str | None
    ) -> MySettings:
        """Quiet hours `start`-`end` (local HH:MM); `start` "off" turns them off."""
        if start.strip().lower() in ("off", "none", "no"):
            qf = qt = None
            note = "Quiet hours are off: pings reach you at any time."
        else:
            if not end:
                raise ServiceError("Say when your quiet hours end too, e.g. `from:22:00 to:08:00`.")
            qf, qt = parse_hhmm(start, "from"), parse_hhmm(end, "to")
            if qf == qt:
                raise ServiceError("Quiet hours need to end at another time than they start.")
            note = f"Quiet hours: **{qf}–{qt}** your time. Pings then wait until they end."
        async with self.plans.person_clocks(user_id, everywhere=True, quiet_only=True) as (s, held):
            await self._checkpoint_all(s, held, user_id)
            p = await self._person_for_update(s, user_id)
            p.quiet_from, p.quiet_to = qf, qt
            await s.flush()
            due = await retime_digest(s, p, self.core.clock())
            await self._replan_all(s, held, user_id)
        self.wake_for(due)
        return await self.my_settings(user_id, guild_id, note)

    async def set_pings(self, user_id: int, guild_id: int | None, mode: str) -> MySettings:
        mode = mode.strip().lower()
        if mode not in PING_MODES:
            raise ServiceError(f"Pings can come as: {', '.join(PING_MODES)}.")
        async with self.core.tx() as s:
            p = await self._person_for_update(s, user_id)
            p.pings = mode
            await s.flush()
            due = await retime_digest(s, p, self.core.clock())
        self.wake_for(due)
        notes = {
            "channel": "Pings now come as a mention in the game's channel.",
            "dm": "Pings now come by direct message.",
            "both": "Pings now come as a channel mention and a direct message.",
            "digest": "Pings are now collected into one direct message a day (09:00 your time).",
        }
        return await self.my_settings(user_id, guild_id, notes[mode])

    async def set_palette(self, user_id: int, guild_id: int | None, choice: str) -> MySettings:
        """The palette of the images sent to the person alone: their hand or plan (by DM, `/game
        hand`, "Show my hand"), the "Full board" button's board. Public images never change."""
        palette = PALETTE_WORDS.get(" ".join(choice.strip().lower().split()))
        if palette not in PALETTES:
            raise ServiceError("Pick a palette: `standard` or `high contrast`.")
        async with self.core.tx() as s:
            p = await self._person_for_update(s, user_id)
            p.palette = palette
        note = (
            "Images sent to you alone (your hand or plan, the Full board button) now come in "
            "**high contrast**: darker ink on lighter grounds. Images posted in the channel stay "
            "as everyone sees them."
            if palette == HIGH
            else "Images sent to you alone now come in the **standard** palette."
        )
        return await self.my_settings(user_id, guild_id, note)

    async def palette_of(self, user_id: int) -> str:
        """The palette of the images sent to this person alone."""
        async with self.core.reading() as c:
            return await palette_of(c, user_id)

    async def set_vacation_days(self, guild_id: int, actor: int, days: int) -> int:
        """A moderator sets the server's yearly vacation allowance (0: no vacations); audited.
        Time already taken stays; it counts against the new allowance."""
        if not 0 <= days <= MAX_VACATION_DAYS:
            raise ServiceError(f"Give a number of days from 0 to {MAX_VACATION_DAYS}.")
        async with self.core.tx() as s:
            settings = await s.get(GuildSettings, guild_id)
            if settings is None:
                s.add(GuildSettings(guild_id=guild_id, vacation_days=days))
            else:
                settings.vacation_days = days
            await self.core.audit(s, None, actor, "vacation-days", str(days))
        return days

    async def go_away(
        self, user_id: int, guild_id: int | None, until: str, at: str | None = None
    ) -> MySettings:
        """Away on this server from now until `until` (YYYY-MM-DD, the day they are back) at
        `at` (HH:MM, default 00:00), in their zone. A new `/me away` replaces the one running
        or booked; refused if it exceeds the yearly allowance."""
        try:
            day = date.fromisoformat(until.strip())
        except ValueError:
            raise ServiceError(
                f"`{until[:20]}` is not a date: write the day you are back as YYYY-MM-DD."
            ) from None
        hhmm = parse_hhmm(at, "time") if at else "00:00"
        now = self.core.clock().astimezone(UTC)
        async with self.plans.person_clocks(user_id, guild_id) as (s, held):
            p = await person(s, user_id)
            tz = zone(p.timezone if p else None)
            end = local_at(day, hhmm, tz)
            if end <= now:
                raise ServiceError("That moment has passed: name a day you are back in the future.")
            if end - now > timedelta(days=366):
                raise ServiceError("That is more than a year away: choose an earlier date.")
            await self._end_manual_vacations(s, user_id, guild_id, now)
            refusal = await _refusal_if_over(s, user_id, guild_id, now, end)
            if refusal is not None:
                raise ServiceError(refusal)  # rolls back: the old vacation stays as it was
            s.add(Vacation(user_id=user_id, guild_id=guild_id, starts_at=now, ends_at=end))
            await s.flush()
            await self._replan_all(s, held, user_id)
        when = end.astimezone(tz).strftime("%a %d %b %Y %H:%M")
        return await self.my_settings(
            user_id, guild_id, f"You are away until **{when}** ({tz.key}): your clocks wait."
        )

    async def come_back(self, user_id: int, guild_id: int | None) -> MySettings:
        """End the time away taken with `/me away` (automatic days spent by a clock stay)."""
        now = self.core.clock().astimezone(UTC)
        async with self.plans.person_clocks(user_id, guild_id) as (s, held):
            ended = await self._end_manual_vacations(s, user_id, guild_id, now)
            await self._replan_all(s, held, user_id)
        note = "Welcome back! Your clocks run again." if ended else "You were not away."
        return await self.my_settings(user_id, guild_id, note)

    async def _checkpoint_all(
        self, s: AsyncSession, held: list[tuple[Game, SeatClock]], user_id: int
    ) -> None:
        """Before the person's quiet hours or zone change: what their clocks ran so far is
        counted by the old hours (the new ones apply from now on)."""
        for game, row in held:
            await self.plans.checkpoint(s, game, row, user_id)

    async def _replan_all(
        self, s: AsyncSession, held: list[tuple[Game, SeatClock]], user_id: int
    ) -> None:
        """After the person's absences changed: their running clocks' timers, planned anew."""
        for game, row in held:
            await self.plans.replan(s, game, row, user_id)

    @staticmethod
    async def _end_manual_vacations(
        s: AsyncSession, user_id: int, guild_id: int | None, now: datetime
    ) -> int:
        """Cut the running `/me away` vacation at `now` and drop booked ones; how many."""
        rows = [v for v in await qp.vacations(s, [user_id], guild_id, now) if not v.automatic]
        for v in rows:
            if aware(v.starts_at) >= now:
                await s.delete(v)
            else:
                v.ends_at = now
        await s.flush()
        return len(rows)
