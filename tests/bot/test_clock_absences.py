"""Seat clocks around their people's absences, with the injectable clock: quiet hours stop a
clock only in a game that says so (`quiet_clock: waits`), in the person's own zone across DST
changes and for at most 12 h a day; changed quiet hours and a moderator's switch count from
then on; going away or coming back mid-clock moves the clock's timer at once, in every game on
that server; and the turn message says who is away until when."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select

from bot.db.models import Audit, Game
from bot.errors import ServiceError
from bot.service import GameService
from bot.service.clock_rules import (
    EXPIRE,
    HALF,
    HOUR,
    ONE_HOUR,
    WARN_HALF,
    clock_lines,
    merged,
    parse_quiet_clock,
    plan,
)
from bot.service.hours import quiet_spans
from engine.rng import Rng
from tests.bot.test_clocks import (  # noqa: F401  # no_vacation_days: an autouse fixture
    Clock,
    clock_timers,
    fire,
    no_vacation_days,
    play_seat,
    rows,
    run_for,
    start,
)
from tests.bot.test_service import ANA, BEN, CAL, CHAN, GUILD, MOD, play_one

BERLIN = ZoneInfo("Europe/Berlin")
T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)  # the test clock's start (Berlin: UTC+1)
ONE_DAY = timedelta(days=1)


@pytest.fixture
def clock(service: GameService) -> Clock:
    c = Clock()
    service.clock = c
    return c


def at(day: int, hour: float) -> datetime:
    """December `day` 2026, `hour` UTC."""
    return datetime(2026, 12, day, tzinfo=UTC) + timedelta(hours=hour)


async def due_by_seat(svc: GameService) -> dict[int, list[datetime]]:
    out: dict[int, list[datetime]] = {}
    for t in await clock_timers(svc):
        due = t.due_at if t.due_at.tzinfo else t.due_at.replace(tzinfo=UTC)
        out.setdefault(t.payload["seat"], []).append(due)
    return out


async def events_until(
    svc: GameService, clock: Clock, until: datetime
) -> list[tuple[str, int, datetime]]:
    """Jump from one clock timer to the next until `until`, firing each when due: what each
    did, for whom, and when."""
    out: list[tuple[str, int, datetime]] = []
    while True:
        dues = [d for ds in (await due_by_seat(svc)).values() for d in ds]
        if not dues or min(dues) > until:
            return out
        clock.now = max(clock.now, min(dues))
        out += [(n.kind, n.user_id, clock.now) for n in await fire(svc)]


# ----------------------------------------------------------------------------- pure rules
def test_quiet_spans_follow_the_persons_clock_across_dst_changes():
    def spans(since: datetime, until: datetime) -> list[float]:
        return [
            (b - a).total_seconds() / HOUR
            for a, b in quiet_spans(BERLIN, "22:00", "08:00", since, until)
        ]

    spring = quiet_spans(
        BERLIN,
        "22:00",
        "08:00",
        datetime(2027, 3, 26, 12, tzinfo=UTC),
        datetime(2027, 3, 29, 12, tzinfo=UTC),
    )
    assert spring[0] == (
        datetime(2027, 3, 26, 21, tzinfo=UTC),
        datetime(2027, 3, 27, 7, tzinfo=UTC),
    )
    # the night the clocks go forward is an hour shorter; after it, 22:00 is 20:00 UTC
    assert spring[1] == (
        datetime(2027, 3, 27, 21, tzinfo=UTC),
        datetime(2027, 3, 28, 6, tzinfo=UTC),
    )
    assert spring[2][0] == datetime(2027, 3, 28, 20, tzinfo=UTC)
    autumn = spans(datetime(2027, 10, 30, 12, tzinfo=UTC), datetime(2027, 10, 31, 12, tzinfo=UTC))
    assert autumn == [11.0]  # the night the clocks go back is an hour longer
    # within one day, and cut to the longest a clock waits
    day = quiet_spans(BERLIN, "13:00", "14:00", T0 - ONE_DAY, T0 + ONE_DAY)
    assert [(b - a) for a, b in day] == [timedelta(hours=1)] * 2
    long = quiet_spans(BERLIN, "20:00", "10:00", T0, T0 + ONE_DAY, timedelta(hours=12))
    assert long and all(b - a == timedelta(hours=12) for a, b in long)
    assert quiet_spans(BERLIN, None, None, T0, T0 + ONE_DAY) == []


def test_plan_counts_no_time_in_absences_and_waits_for_their_end():
    done = HALF | ONE_HOUR  # only the expiry is left
    h = timedelta(hours=1)
    gap = [(T0 + 2 * h, T0 + 5 * h)]
    assert plan(10 * HOUR, T0, done, T0 + h, gap).due == T0 + 13 * h
    assert plan(10 * HOUR, T0, done, T0 + 3 * h, gap).due == T0 + 13 * h  # asked inside it
    # reached right when an absence starts: due then, not after it
    assert plan(2 * HOUR, T0, done, T0, gap) == plan(2 * HOUR, T0, done, T0)
    assert plan(2 * HOUR, T0, done, T0, gap).due == T0 + 2 * h
    # a vacation covering now: nothing before its end, even a clock at 0
    back = T0 + 24 * h
    assert plan(0.0, T0, done, T0, [(T0, back)], back).due == back
    # warnings in run time: half of 10 h is 5 h of running
    half = plan(10 * HOUR, T0, 0, T0, gap)
    assert half.event == WARN_HALF and half.due == T0 + 8 * h
    assert plan(10 * HOUR, T0, done, T0, gap).event == EXPIRE
    touching = [(T0 + 3 * h, T0 + 4 * h), (T0, T0 + h), (T0 + h, T0 + 2 * h)]
    assert merged(touching) == [(T0, T0 + 2 * h), (T0 + 3 * h, T0 + 4 * h)]
    assert parse_quiet_clock(None) is True and parse_quiet_clock("waits") is False
    with pytest.raises(ServiceError):
        parse_quiet_clock("sleeps")


# ----------------------------------------------------------------------------- quiet hours
async def _quiet(svc: GameService, user: int, start_: str, end: str, tz: str = "UTC") -> None:
    await svc.set_timezone(user, GUILD, tz)
    await svc.set_quiet(user, GUILD, start_, end)


async def test_a_clock_waits_through_its_players_quiet_hours_when_the_game_says_so(
    service, clock: Clock
):
    await _quiet(service, ANA, "22:00", "08:00", "Europe/Berlin")  # 21:00-07:00 UTC
    out = await start(service, pace="daily", quiet_clock="waits")
    assert not out.game.clock_in_quiet
    assert "wait during each player's quiet hours" in clock_lines(out.game)
    ana, ben = out.game.seat_of(ANA).seat_no, out.game.seat_of(BEN).seat_no
    # half time (12 h of running): BEN at midnight; ANA runs 9 h, waits 10 h, then 3 h more
    assert await due_by_seat(service) == {ben: [at(2, 0)], ana: [at(2, 10)]}
    clock.now = at(2, 3)  # deep in ANA's quiet hours
    status = await service.status(CHAN)
    assert status.clocks[ana] == (15 * HOUR, True) and status.clocks[ben] == (9 * HOUR, True)
    clock.now = T0
    news = await events_until(service, clock, at(3, 9))
    # the one-hour warning comes when 23 h have run (just as her quiet hours begin), and
    # the clock runs out after them, at 08:00 UTC (24 h of running in all)
    assert [(k, w) for k, u, w in news if u == ANA] == [
        ("warning", at(2, 10)),
        ("warning", at(2, 21)),
        ("expired", at(3, 8)),
    ]
    assert [(k, w) for k, u, w in news if u == BEN] == [
        ("warning", at(2, 0)),
        ("warning", at(2, 11)),
        ("expired", at(2, 12)),
    ]


async def test_by_default_the_clock_runs_through_quiet_hours(service, clock: Clock):
    await _quiet(service, ANA, "13:00", "23:00")
    out = await start(service, pace="daily")
    assert out.game.clock_in_quiet and "Clocks run during quiet hours" in clock_lines(out.game)
    assert sorted(await due_by_seat(service)) == [0, 1]
    assert {d for ds in (await due_by_seat(service)).values() for d in ds} == {at(2, 0)}


async def test_quiet_hours_stop_a_clock_for_at_most_twelve_hours_a_day(service, clock: Clock):
    await _quiet(service, ANA, "20:00", "10:00")  # 14 h
    out = await start(service, pace="daily", quiet_clock="waits")
    ana = out.game.seat_of(ANA).seat_no
    # runs 12:00-20:00 (8 h), waits 12 h (to 08:00, not 10:00), then 4 h more
    assert (await due_by_seat(service))[ana] == [at(2, 12)]


async def test_new_quiet_hours_count_from_now_on_and_move_the_timer_at_once(service, clock: Clock):
    out = await start(service, pace="daily", quiet_clock="waits")
    ana = out.game.seat_of(ANA).seat_no
    clock.now = at(1, 17)  # 5 h run
    await _quiet(service, ANA, "18:00", "06:00")
    row = (await rows(service))[ana]
    assert row.remaining == 19 * HOUR  # what ran before stays counted
    # half of what is left (9.5 h): 1 h to 18:00, then 8.5 h from 06:00
    assert (await due_by_seat(service))[ana] == [at(2, 14.5)]
    clock.now = at(1, 23)  # 1 h more has run (17:00-18:00), 5 h of quiet did not count
    assert (await service.status(CHAN)).clocks[ana] == (18 * HOUR, True)
    await service.set_quiet(ANA, GUILD, "off", None)
    assert (await rows(service))[ana].remaining == 18 * HOUR
    assert (await due_by_seat(service))[ana] == [at(2, 8)]  # 9 h on, nothing waits now


async def test_a_moderator_switches_whether_clocks_wait_in_quiet_hours(service, clock: Clock):
    await _quiet(service, ANA, "14:00", "20:00")
    out = await start(service, pace="daily")
    ana, ben = out.game.seat_of(ANA).seat_no, out.game.seat_of(BEN).seat_no
    clock.now = at(1, 15)  # 3 h run, by the "runs" rule (1 h of it in quiet hours)
    with pytest.raises(ServiceError):
        await service.admin_pace(CHAN, MOD, None, None, "dozes")
    info = await service.admin_pace(CHAN, MOD, None, None, "waits")
    assert not info.clock_in_quiet and "wait during" in clock_lines(info)
    assert info.clocks[ana] == (21 * HOUR, True) and info.clocks[ben] == (21 * HOUR, True)
    dues = await due_by_seat(service)
    # BEN (no quiet hours) is untouched; ANA's clock waits until 20:00, then her half-time
    # warning comes at half of what she had left when the rule changed (10.5 h): 06:30
    assert dues == {ben: [at(2, 0)], ana: [at(2, 6.5)]}
    clock.now = at(1, 16)  # 1 h of quiet hours that did not count
    info = await service.admin_pace(CHAN, MOD, None, None, "runs")
    assert info.clock_in_quiet and info.clocks[ana] == (21 * HOUR, True)
    assert (await due_by_seat(service))[ana] == [at(2, 2.5)]  # 10.5 h on, running
    async with service.core.readers() as s:
        acts = [(a.act, a.detail) for a in await s.scalars(select(Audit).order_by(Audit.id))]
        game = await s.scalar(select(Game))
    assert [a for a, _ in acts[-2:]] == ["pace", "pace"] and "wait" in acts[-2][1]
    assert game.clock_in_quiet is True


# ----------------------------------------------------------------------------- going away
async def _game_with(svc: GameService, guild: int, channel: int, other: int) -> dict[int, int]:
    """ANA and `other` in a running daily game; user -> seat."""
    await svc.create(
        guild_id=guild,
        channel_id=channel,
        user_id=ANA,
        title_slug="bazaar",
        seats=2,
        seed=3,
        pace="daily",
    )
    await svc.join(channel, other)
    out = await svc.start(channel, ANA)
    return {h.user_id: h.seat_no for h in out.game.holders}


async def dues_by(
    svc: GameService, seated: dict[int, dict[int, int]]
) -> dict[tuple[int, int], list[datetime]]:
    """(channel, user) -> the due times of that seat's clock timers (`seated`: channel ->
    user -> seat)."""
    async with svc.core.readers() as s:
        channels = {g.id: g.channel_id for g in await s.scalars(select(Game))}
    seats = {ch: {n: u for u, n in seated[ch].items()} for ch in seated}
    out: dict[tuple[int, int], list[datetime]] = {}
    for t in await clock_timers(svc):
        ch = channels[t.game_id]
        due = t.due_at.replace(tzinfo=UTC) if t.due_at.tzinfo is None else t.due_at
        out.setdefault((ch, seats[ch][t.payload["seat"]]), []).append(due)
    return out


async def test_going_away_mid_clock_moves_the_timer_at_once_and_coming_back_moves_it_back(
    service, clock: Clock
):
    # ANA plays three games: two on this server, one on another
    seated = {
        CHAN: await _game_with(service, GUILD, CHAN, BEN),
        CHAN + 1: await _game_with(service, GUILD, CHAN + 1, CAL),
        CHAN + 2: await _game_with(service, GUILD + 1, CHAN + 2, CAL),
    }
    everyone = {(ch, u): [at(2, 0)] for ch in seated for u in seated[ch]}
    assert await dues_by(service, seated) == everyone  # half time, 12 h after the start
    clock.now = at(1, 14)  # 2 h run
    me = await service.go_away(ANA, GUILD, "2026-12-04")
    assert me.away_until == at(4, 0)
    # at once: ANA's clocks on this server wait, the 10 h to half time run once she is back
    moved = {(CHAN, ANA): [at(4, 10)], (CHAN + 1, ANA): [at(4, 10)]}
    assert await dues_by(service, seated) == everyone | moved
    clock.now = at(2, 14)  # back early, after a day away
    await service.come_back(ANA, GUILD)
    back = {(CHAN, ANA): [at(3, 0)], (CHAN + 1, ANA): [at(3, 0)]}
    assert await dues_by(service, seated) == everyone | back
    # the clock then fires when it says: the half-time warning, once
    news = await run_for(service, clock, 10 * HOUR + 60, step=300)
    mine = [n for n in news if n.user_id == ANA and n.game.channel_id == CHAN]
    assert [n.kind for n in mine] == ["warning"] and round(mine[0].left / HOUR) == 12


async def test_the_turn_message_says_who_is_away_until_when(service, clock: Clock):
    out = await start(service, pace="daily")
    assert out.game.away == {}
    await service.go_away(BEN, GUILD, "2026-12-05", "18:30")
    moved = await play_seat(service, out, out.game.seat_of(ANA).seat_no)
    assert moved.game.away == {BEN: at(5, 18.5)}
    assert (await service.status(CHAN)).away == {BEN: at(5, 18.5)}
    await service.come_back(BEN, GUILD)
    later = await play_one(service, moved, Rng.from_seed(4))
    assert later.game.away == {}
