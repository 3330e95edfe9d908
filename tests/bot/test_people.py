"""People's own settings against a real database, with the injectable clock: timezones, quiet
hours across midnight, the yearly vacation allowance, time away (and the day a clock spends
automatically), held pings released when quiet hours end (once, across a restart), the daily
digest, and `/games`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, insert, select

from bot.db.engine import make_engine, sessionmaker
from bot.db.models import Audit, Game, GuildSettings, SeatClock, Timer, Vacation
from bot.errors import ServiceError
from bot.service import GameService
from bot.service.digest import DIGEST, HELD
from bot.service.hours import next_local, quiet_end
from bot.service.people import (
    away_until,
    quiet_until,
    spend_vacation_day,
    vacation_days_left,
)
from tests.bot.test_service import ANA, BEN, CAL, CHAN, GUILD, new_game

HOUR = timedelta(hours=1)
BERLIN = ZoneInfo("Europe/Berlin")


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def _clocked(service: GameService, now: datetime) -> Clock:
    clock = Clock(now)
    service.clock = clock
    return clock


async def _timers(service: GameService, kind: str) -> list[Timer]:
    async with service.core.readers() as s:
        return list(await s.scalars(select(Timer).where(Timer.kind == kind).order_by(Timer.id)))


# ----------------------------------------------------------------------------- hours
def test_quiet_hours_across_midnight_in_the_persons_zone():
    # 22:00-08:00 in Berlin (UTC+1 in December)
    at = datetime(2026, 12, 1, 21, 30, tzinfo=UTC)  # 22:30 in Berlin
    assert quiet_end(BERLIN, "22:00", "08:00", at) == datetime(2026, 12, 2, 7, 0, tzinfo=UTC)
    early = datetime(2026, 12, 2, 5, 0, tzinfo=UTC)  # 06:00 in Berlin
    assert quiet_end(BERLIN, "22:00", "08:00", early) == datetime(2026, 12, 2, 7, 0, tzinfo=UTC)
    assert quiet_end(BERLIN, "22:00", "08:00", datetime(2026, 12, 2, 7, 0, tzinfo=UTC)) is None
    assert quiet_end(BERLIN, "22:00", "08:00", datetime(2026, 12, 2, 12, 0, tzinfo=UTC)) is None
    # within one day: 13:00-14:00
    lunch = datetime(2026, 12, 2, 12, 15, tzinfo=UTC)
    assert quiet_end(BERLIN, "13:00", "14:00", lunch) == datetime(2026, 12, 2, 13, 0, tzinfo=UTC)
    assert quiet_end(BERLIN, None, None, lunch) is None
    # summer time: the same local hours are an hour earlier in UTC
    july = datetime(2026, 7, 1, 21, 0, tzinfo=UTC)  # 23:00 in Berlin
    assert quiet_end(BERLIN, "22:00", "08:00", july) == datetime(2026, 7, 2, 6, 0, tzinfo=UTC)
    assert next_local(BERLIN, "09:00", july) == datetime(2026, 7, 2, 7, 0, tzinfo=UTC)


async def test_settings_are_validated_and_shown(service):
    _clocked(service, datetime(2026, 12, 1, 12, 0, tzinfo=UTC))
    me = await service.my_settings(ANA, GUILD)
    assert (me.timezone, me.pings, me.quiet_from, me.days_left) == ("UTC", "channel", None, 21)
    for bad in ("Mars/Olympus", "", "../etc/passwd"):
        with pytest.raises(ServiceError, match="timezone"):
            await service.set_timezone(ANA, GUILD, bad)
    me = await service.set_timezone(ANA, GUILD, "europe/berlin")
    assert me.timezone == "Europe/Berlin" and "Europe/Berlin" in me.note
    for start, end in (("25:00", "08:00"), ("22:00", "8"), ("soon", "08:00")):
        with pytest.raises(ServiceError, match="HH:MM"):
            await service.set_quiet(ANA, GUILD, start, end)
    with pytest.raises(ServiceError, match="another time"):
        await service.set_quiet(ANA, GUILD, "22:00", "22:00")
    with pytest.raises(ServiceError, match="end"):
        await service.set_quiet(ANA, GUILD, "22:00", None)
    me = await service.set_quiet(ANA, GUILD, "22:00", "7:30")
    assert (me.quiet_from, me.quiet_to) == ("22:00", "07:30")
    with pytest.raises(ServiceError):
        await service.set_pings(ANA, GUILD, "pigeon")
    assert (await service.set_pings(ANA, GUILD, "both")).pings == "both"
    assert (await service.set_quiet(ANA, GUILD, "off", None)).quiet_from is None


async def test_quiet_until_reads_the_persons_settings(service):
    clock = _clocked(service, datetime(2026, 12, 1, 21, 30, tzinfo=UTC))
    await service.set_timezone(ANA, GUILD, "Europe/Berlin")
    await service.set_quiet(ANA, GUILD, "22:00", "08:00")
    async with service.core.readers() as s:
        assert await quiet_until(s, ANA, clock.now) == datetime(2026, 12, 2, 7, 0, tzinfo=UTC)
        assert await quiet_until(s, BEN, clock.now) is None  # no settings: never quiet
        assert await quiet_until(s, ANA, clock.now + 10 * HOUR) is None


# ----------------------------------------------------------------------------- vacations
async def test_away_counts_against_the_yearly_allowance(service):
    clock = _clocked(service, datetime(2026, 3, 1, 12, 0, tzinfo=UTC))
    me = await service.go_away(ANA, GUILD, "2026-03-11")  # back on the 11th at 00:00 UTC
    assert me.away_until == datetime(2026, 3, 11, tzinfo=UTC)
    assert me.days_left == pytest.approx(21 - 9.5)
    clock.now = datetime(2026, 6, 1, tzinfo=UTC)
    with pytest.raises(ServiceError, match=r"11\.5 days of vacation left"):
        await service.go_away(ANA, GUILD, "2026-06-13")  # 12 days: too many
    me = await service.go_away(ANA, GUILD, "2026-06-12", "12:00")  # exactly what is left
    assert me.days_left == pytest.approx(0)
    # the refused request changed nothing, and a new year starts afresh
    async with service.core.readers() as s:
        assert await s.scalar(select(func.count()).select_from(Vacation)) == 2
        assert await vacation_days_left(s, ANA, GUILD, datetime(2027, 1, 1, tzinfo=UTC)) == 21
        assert await vacation_days_left(s, ANA, GUILD + 1, clock.now) == 21  # per server
    for bad in ("tomorrow", "2026-13-01"):
        with pytest.raises(ServiceError, match="YYYY-MM-DD"):
            await service.go_away(ANA, GUILD, bad)
    with pytest.raises(ServiceError, match="passed"):
        await service.go_away(ANA, GUILD, "2026-05-01")


async def test_a_moderator_sets_the_yearly_allowance(service):
    clock = _clocked(service, datetime(2026, 3, 1, 12, 0, tzinfo=UTC))
    assert await service.set_vacation_days(GUILD, BEN, 5) == 5
    with pytest.raises(ServiceError, match="vacation left"):
        await service.go_away(ANA, GUILD, "2026-03-08")  # 6.5 days: more than 5
    me = await service.go_away(ANA, GUILD, "2026-03-05")
    assert me.days_left == pytest.approx(5 - 3.5)
    for bad in (-1, 367):
        with pytest.raises(ServiceError, match="from 0 to 366"):
            await service.set_vacation_days(GUILD, BEN, bad)
    await service.set_vacation_days(GUILD, BEN, 0)
    async with service.core.readers() as s:
        assert await vacation_days_left(s, CAL, GUILD, clock.now) == 0
        assert not await spend_vacation_day(s, CAL, GUILD, clock.now)
        acts = list(await s.scalars(select(Audit.detail).where(Audit.act == "vacation-days")))
    assert acts == ["5", "0"]


async def test_a_vacation_across_new_year_counts_in_each_year(service):
    clock = _clocked(service, datetime(2026, 12, 20, tzinfo=UTC))
    async with service.core.tx() as s:
        s.add(GuildSettings(guild_id=GUILD, vacation_days=14))
    me = await service.go_away(ANA, GUILD, "2027-01-05")  # 12 days in 2026, 4 in 2027
    assert me.allowance == 14 and me.days_left == pytest.approx(2)
    async with service.core.readers() as s:
        assert await vacation_days_left(s, ANA, GUILD, datetime(2027, 2, 1, tzinfo=UTC)) == 10
    clock.now = datetime(2026, 12, 21, tzinfo=UTC)
    with pytest.raises(ServiceError, match="19 days away in 2027, but you have 14"):
        await service.go_away(ANA, GUILD, "2027-01-20")  # replaces it: 12 in 2026, 19 in 2027


async def test_the_year_is_the_persons_own(service):
    # 31 Dec 23:30 UTC is already 2027 in Berlin: a fresh allowance there
    _clocked(service, datetime(2026, 12, 31, 23, 30, tzinfo=UTC))
    async with service.core.tx() as s:
        s.add(
            Vacation(
                user_id=ANA,
                guild_id=GUILD,
                starts_at=datetime(2026, 1, 1, tzinfo=UTC),
                ends_at=datetime(2026, 1, 21, tzinfo=UTC),
            )
        )
    assert (await service.my_settings(ANA, GUILD)).days_left == pytest.approx(1)
    assert (await service.set_timezone(ANA, GUILD, "Europe/Berlin")).days_left == 21


async def test_back_ends_the_vacation_and_keeps_the_automatic_days(service):
    clock = _clocked(service, datetime(2026, 3, 1, tzinfo=UTC))
    async with service.core.tx() as s:
        assert await spend_vacation_day(s, ANA, GUILD, clock.now)
    # a day spent by a clock is not time away: /me show says "not away", /me back has nothing
    assert (await service.my_settings(ANA, GUILD)).away_until is None
    assert "not away" in (await service.come_back(ANA, GUILD)).note
    await service.go_away(ANA, GUILD, "2026-03-05")
    async with service.core.readers() as s:
        assert await away_until(s, ANA, GUILD, clock.now) == datetime(2026, 3, 5, tzinfo=UTC)
    clock.now += 6 * HOUR
    me = await service.come_back(ANA, GUILD)
    assert "Welcome back" in me.note
    # the automatic day still counts in the allowance; 0.25 day of /me away was used
    assert me.away_until is None
    assert me.days_left == pytest.approx(21 - 1 - 0.25)
    assert "not away" in (await service.come_back(ANA, GUILD)).note


async def test_a_new_away_replaces_the_running_one(service):
    clock = _clocked(service, datetime(2026, 3, 1, tzinfo=UTC))
    await service.go_away(ANA, GUILD, "2026-03-20")
    clock.now += timedelta(days=1)
    me = await service.go_away(ANA, GUILD, "2026-03-05")
    assert me.away_until == datetime(2026, 3, 5, tzinfo=UTC)
    assert me.days_left == pytest.approx(21 - 4)


async def test_spend_vacation_day_until_the_allowance_is_gone(service):
    clock = _clocked(service, datetime(2026, 5, 1, tzinfo=UTC))
    async with service.core.tx() as s:
        s.add(GuildSettings(guild_id=GUILD, vacation_days=3))
    spent = []
    for _ in range(4):
        async with service.core.tx() as s:
            spent.append(await spend_vacation_day(s, ANA, GUILD, clock.now))
            until = await away_until(s, ANA, GUILD, clock.now)
        assert until is None or until == clock.now + timedelta(days=1)
        clock.now += timedelta(days=2)
    assert spent == [True, True, True, False]
    async with service.core.readers() as s:
        assert await vacation_days_left(s, ANA, GUILD, clock.now) == 0
        rows = list(await s.scalars(select(Vacation)))
        assert len(rows) == 3 and all(v.automatic for v in rows)
        assert await away_until(s, ANA, GUILD, clock.now) is None


async def test_back_to_back_absences_are_one(service):
    now = datetime(2026, 5, 1, tzinfo=UTC)
    async with service.core.tx() as s:
        for start, days in ((0, 2), (2, 1), (5, 1)):
            s.add(
                Vacation(
                    user_id=ANA,
                    guild_id=GUILD,
                    starts_at=now + timedelta(days=start),
                    ends_at=now + timedelta(days=start + days),
                )
            )
    async with service.core.readers() as s:
        assert await away_until(s, ANA, GUILD, now + HOUR) == now + timedelta(days=3)
        assert await away_until(s, ANA, GUILD, now + timedelta(days=4)) is None
        assert await away_until(s, ANA, None, now + HOUR) is None


async def test_status_shows_who_is_away(service):
    clock = _clocked(service, datetime(2026, 3, 1, tzinfo=UTC))
    await new_game(service, players=(ANA, BEN))
    await service.start(CHAN, ANA)
    await service.go_away(BEN, GUILD, "2026-03-04")
    info = await service.status(CHAN)
    assert info.away == {BEN: datetime(2026, 3, 4, tzinfo=UTC)}
    clock.now = datetime(2026, 3, 5, tzinfo=UTC)
    assert (await service.status(CHAN)).away == {}


# ----------------------------------------------------------------------------- pings
async def _quiet_ana(service: GameService) -> Clock:
    clock = _clocked(service, datetime(2026, 12, 1, 21, 30, tzinfo=UTC))  # 22:30 in Berlin
    await service.set_timezone(ANA, GUILD, "Europe/Berlin")
    await service.set_quiet(ANA, GUILD, "22:00", "08:00")
    return clock


async def test_a_ping_in_quiet_hours_is_held_until_they_end(service):
    clock = await _quiet_ana(service)
    woken: list[datetime] = []
    service.on_timer = woken.append
    now = await service.route_pings(
        [ANA, BEN], guild_id=GUILD, channel_id=CHAN, game_id=None, text="your move", icon="⏰"
    )
    assert [(p.user_id, p.mode) for p in now] == [(BEN, "channel")]  # Ben has no settings
    morning = datetime(2026, 12, 2, 7, 0, tzinfo=UTC)
    assert woken == [morning]
    held = await _timers(service, HELD)
    assert len(held) == 1 and held[0].payload["text"] == "your move"
    clock.now = morning - timedelta(seconds=1)
    assert await service.claim_due_timers() == []
    clock.now = morning
    fired = await service.claim_due_timers()
    assert [t.kind for t in fired] == [HELD]
    out = await service.held_ping_due(fired[0])
    assert [(p.user_id, p.mode, p.text, p.icon) for p in out] == [
        (ANA, "channel", "your move", "⏰")
    ]
    assert await service.claim_due_timers() == []  # sent once


async def test_a_held_ping_follows_the_settings_at_release(service):
    clock = await _quiet_ana(service)
    await service.route_pings([ANA], guild_id=GUILD, channel_id=CHAN, game_id=None, text="a")
    await service.set_pings(ANA, GUILD, "dm")
    await service.set_quiet(ANA, GUILD, "22:00", "09:00")  # sleeps in: held again
    clock.now = datetime(2026, 12, 2, 7, 0, tzinfo=UTC)
    fired = [t for t in await service.claim_due_timers() if t.kind == HELD]
    assert await service.held_ping_due(fired[0]) == []
    clock.now = datetime(2026, 12, 2, 8, 0, tzinfo=UTC)
    fired = [t for t in await service.claim_due_timers() if t.kind == HELD]
    assert [p.mode for p in await service.held_ping_due(fired[0])] == ["dm"]


async def test_a_held_reminder_is_dropped_once_the_game_moved_on(service):
    clock = await _quiet_ana(service)
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    game = out.game
    await service.route_pings(
        [ANA], guild_id=GUILD, channel_id=CHAN, game_id=game.id, text="t", version=game.version
    )
    async with service.core.tx() as s:  # the game moves on meanwhile
        await s.execute(Game.__table__.update().values(version=game.version + 1))
    clock.now = datetime(2026, 12, 2, 7, 0, tzinfo=UTC)
    fired = [t for t in await service.claim_due_timers() if t.kind == HELD]
    assert len(fired) == 1 and await service.held_ping_due(fired[0]) == []
    async with service.core.tx() as s:
        await s.execute(Game.__table__.update().values(version=game.version))


async def test_held_pings_survive_a_restart_and_fire_once(service):
    clock = await _quiet_ana(service)
    for n in range(6):
        await service.route_pings(
            [ANA], guild_id=GUILD, channel_id=CHAN, game_id=None, text=f"ping {n}"
        )
    # "restart": two fresh services on the same database claim together
    engines = [make_engine(service.db_url) for _ in range(2)]
    fresh = [GameService(sessionmaker(e), clock=clock) for e in engines]
    clock.now = datetime(2026, 12, 2, 7, 0, tzinfo=UTC)
    a = await fresh[0].claim_due_timers(limit=4)
    b = await fresh[1].claim_due_timers(limit=4)
    texts = []
    for t in a + b:
        texts += [p.text for p in await fresh[0].held_ping_due(t)]
    for e in engines:
        await e.dispose()
    assert sorted(texts) == [f"ping {n}" for n in range(6)]
    assert await _timers(service, HELD) == []


async def test_the_daily_digest_collects_pings_and_lists_games(service):
    clock = _clocked(service, datetime(2026, 12, 1, 12, 0, tzinfo=UTC))
    await new_game(service, players=(ANA, BEN))
    await service.start(CHAN, ANA)
    await service.set_timezone(ANA, GUILD, "Europe/Berlin")
    await service.set_pings(ANA, GUILD, "digest")
    nine = datetime(2026, 12, 2, 8, 0, tzinfo=UTC)  # 09:00 in Berlin
    rows = await _timers(service, DIGEST)
    assert len(rows) == 1 and rows[0].due_at.replace(tzinfo=UTC) == nine
    for n in range(3):
        assert (
            await service.route_pings(
                [ANA], guild_id=GUILD, channel_id=CHAN, game_id=None, text=f"p{n}"
            )
            == []
        )
    assert len(await _timers(service, DIGEST)) == 1 and await _timers(service, HELD) == []
    clock.now = nine
    fired = [t for t in await service.claim_due_timers() if t.kind == DIGEST]
    digest = await service.digest_due(fired[0])
    assert digest is not None and [p.text for p in digest.pings] == ["p0", "p1", "p2"]
    assert [g.channel_id for g in digest.games] == [CHAN]
    rows = await _timers(service, DIGEST)  # the next one, empty
    assert len(rows) == 1 and rows[0].due_at.replace(tzinfo=UTC) == nine + timedelta(days=1)
    assert rows[0].payload["items"] == []
    # leaving the digest drops the empty timer; a crash that lost one is repaired at start-up
    await service.set_pings(ANA, GUILD, "dm")
    assert await _timers(service, DIGEST) == []
    assert await service.ensure_digests() == 0
    await service.set_pings(ANA, GUILD, "digest")
    async with service.core.tx() as s:
        await s.execute(Timer.__table__.delete())
    assert await service.ensure_digests() == 1 and await service.ensure_digests() == 0


async def test_a_digest_at_nine_inside_quiet_hours_waits_for_their_end(service):
    _clocked(service, datetime(2026, 12, 1, 12, 0, tzinfo=UTC))
    await service.set_quiet(ANA, GUILD, "23:00", "10:30")
    await service.set_pings(ANA, GUILD, "digest")
    rows = await _timers(service, DIGEST)
    assert rows[0].due_at.replace(tzinfo=UTC) == datetime(2026, 12, 2, 10, 30, tzinfo=UTC)


# ----------------------------------------------------------------------------- /games
async def test_my_games_lists_turns_clocks_and_links(service):
    clock = _clocked(service, datetime(2026, 12, 1, 12, 0, tzinfo=UTC))
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    await new_game(service, players=(CAL, ANA), channel=CHAN + 1)  # a lobby
    game = out.game
    async with service.core.tx() as s:
        await s.execute(
            Game.__table__.update()
            .where(Game.id == game.id)
            .values(pace={"name": "daily", "start": 86400, "increment": 0, "cap": 86400})
        )
        await s.execute(
            insert(SeatClock).values(
                game_id=game.id,
                seat_no=out.prompts[0].seat,
                remaining=86400.0,
                running_since=clock.now,
                warned=0,
            )
        )
    clock.now += 2 * HOUR
    waiting = {w.user_id for w in out.game.waiting}
    for user in (ANA, BEN):
        games = await service.my_games(user, GUILD)
        first = games[0]
        assert first.game_id == game.id and first.my_turn == (user in waiting)
        assert first.channel_url == f"https://discord.com/channels/{GUILD}/{CHAN}"
        seat = out.game.seat_of(user).seat_no
        if seat == out.prompts[0].seat:
            assert first.time_left == pytest.approx(22 * 3600) and first.clock_running
        else:
            assert first.time_left is None
    assert [g.status for g in await service.my_games(ANA, GUILD)] == ["running", "lobby"]
    assert await service.my_games(ANA, GUILD + 1) == []
    assert len(await service.my_games(ANA, None)) == 2
