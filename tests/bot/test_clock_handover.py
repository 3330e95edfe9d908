"""Seat clocks over days, issue 31, with the injectable clock and the real vacation days: a seat
that changes hands (a substitute, `/admin replace`) settles its clock by the old player's
absences and plans it by the new player's; the pause policy names every seat whose clock ran out
together and `/admin resume` starts those afresh; a vacation day spent by a clock is 24 h more on
that clock only (status, `/games`, `/me show`), at most the server's `clock_days` in a row; and
the wording of refusals and of the pause in status."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db.models import GuildSettings, Vacation
from bot.errors import ServiceError
from bot.service import GameService
from bot.service.clock_rules import DAY, HOUR, clock_lines
from bot.service.clocks import ClockNews
from tests.bot.test_clocks import Clock, clock_timers, play_seat, rows, run_for, start
from tests.bot.test_service import ANA, BEN, CAL, CHAN, GUILD, MOD, OTHER_CHAN


@pytest.fixture
def clock(service: GameService) -> Clock:
    c = Clock()
    service.clock = c
    return c


async def ana_alone(svc: GameService, pace: str = "daily", expiry: str = "automatic"):
    """A game where BEN has bid and only ANA's clock runs; ANA's seat."""
    out = await start(svc, pace=pace, expiry=expiry)
    out = await play_seat(svc, out, out.game.seat_of(BEN).seat_no)
    assert [w.user_id for w in out.game.waiting] == [ANA]
    return out, out.game.seat_of(ANA).seat_no


def left_of(info, seat: int) -> float:
    return info.clocks[seat][0]


# ----------------------------------------------------------------------------- 1. hand-over
@pytest.mark.parametrize("path", ["substitute", "replace"])
async def test_a_new_holder_gets_the_clock_as_the_old_players_vacation_left_it(
    service, clock, path
):
    """ANA goes away with 22 h left; two days later CAL takes the seat: CAL finds 22 h (the
    vacation did not run the clock), and the clock runs out 22 h later, not at ANA's return,
    without spending CAL's vacation."""
    _, seat = await ana_alone(service)
    clock.tick(2 * HOUR)
    back = clock.now + 5 * timedelta(days=1)
    await service.go_away(ANA, GUILD, back.date().isoformat(), back.strftime("%H:%M"))
    clock.tick(2 * DAY)
    if path == "substitute":
        req = await service.request_substitute(CHAN, ANA)
        await service.volunteer_substitute(req.id, CAL)
    else:
        await service.admin_seat_to(CHAN, MOD, seat, CAL, "replace")
    info = await service.status(CHAN)
    assert info.holder(seat).user_id == CAL
    assert left_of(info, seat) == pytest.approx(22 * HOUR, abs=1)
    (timer,) = [t for t in await clock_timers(service) if t.payload["seat"] == seat]
    assert timer.due_at.replace(tzinfo=clock.now.tzinfo) < clock.now + 22 * timedelta(hours=1)
    news = await run_for(service, clock, 22 * HOUR - 120, step=1800)
    assert not [n for n in news if n.kind != "warning"]
    news = await run_for(service, clock, 240, step=60)
    assert [(n.kind, n.user_id) for n in news if n.kind != "warning"] == [("vacation", CAL)]
    async with service.core.readers() as s:
        spent = list(await s.scalars(select(Vacation).where(Vacation.automatic.is_(True))))
    assert [v.user_id for v in spent] == [CAL]  # spent when CAL's own clock ran out, not ANA's


async def test_a_new_holder_of_a_clock_at_zero_gets_at_least_the_increment(service, clock):
    _, seat = await ana_alone(service, pace="fast")
    clock.tick(2 * HOUR - 10)  # ANA has 10 s left
    await service.admin_seat_to(CHAN, MOD, seat, CAL, "replace")
    info = await service.status(CHAN)
    assert left_of(info, seat) == pytest.approx(HOUR)  # fast: +1 h a move


# ----------------------------------------------------------------------------- 2. pause
async def test_a_pause_names_every_clock_that_ran_out_and_resume_starts_them_afresh(service, clock):
    async with service.core.tx() as s:
        s.add(GuildSettings(guild_id=GUILD, mod_role_id=555, vacation_days=0))
    await start(service, pace="fast", expiry="pause")  # both bid at once: both clocks run
    news = await run_for(service, clock, 2 * HOUR + 60, step=60)
    paused = [n for n in news if n.kind != "warning"]
    assert [n.kind for n in paused] == ["paused"]
    assert sorted(user for user, _ in paused[0].expired) == [ANA, BEN]
    status = await service.status(CHAN)
    assert status.paused and sorted(status.paused_seats) == [0, 1]
    text = clock_lines(status)
    assert "Paused by a moderator" not in text
    assert "ran out" in text and text.count(": ran out\n") + text.endswith(": ran out") == 2, text
    clock.tick(3 * HOUR)
    await service.admin_extend(CHAN, MOD, 1, 5)  # a moderator's choice stays
    info = await service.admin_resume(CHAN, MOD)
    assert {n: round(left_of(info, n) / HOUR) for n in (0, 1)} == {0: 2, 1: 5}
    news = await run_for(service, clock, HOUR + 30 * 60, step=60)
    assert not [n for n in news if n.kind == "paused"]  # not paused again within seconds
    assert not (await service.status(CHAN)).paused


async def test_a_moderators_pause_shows_each_stopped_clock(service, clock):
    await ana_alone(service)
    clock.tick(HOUR)
    info = await service.admin_pause(CHAN, MOD)
    text = clock_lines(info)
    assert "Paused by a moderator" in text and "stopped with 23 h left" in text, text


# ----------------------------------------------------------------------------- 3. vacation days
async def test_a_vacation_day_is_24_hours_on_that_clock_only(service, clock):
    out, seat = await ana_alone(service)
    # a second game on the server where ANA's clock runs too
    await service.create(
        guild_id=GUILD,
        channel_id=OTHER_CHAN,
        user_id=ANA,
        title_slug="bazaar",
        seats=2,
        seed=3,
        pace="relaxed",
    )
    await service.join(OTHER_CHAN, CAL)
    await service.start(OTHER_CHAN, ANA)
    clock.tick(24 * HOUR - 60)
    news = await run_for(service, clock, 120, step=60)
    (spent,) = [n for n in news if n.kind == "vacation"]
    assert spent.user_id == ANA and spent.left == DAY
    clock.tick(HOUR)
    info = await service.status(CHAN)
    assert left_of(info, seat) == pytest.approx(23 * HOUR, abs=90)
    mine = {g.channel_id: g for g in await service.my_games(ANA, GUILD)}
    assert mine[CHAN].time_left == pytest.approx(23 * HOUR, abs=90)
    # the other game's clock ran on: 3 days - 25 h
    assert mine[OTHER_CHAN].time_left == pytest.approx(3 * DAY - 25 * HOUR, abs=90)
    me = await service.my_settings(ANA, GUILD)
    assert me.away_until is None and me.days_left == 20
    assert (spent.days_spent, spent.days_limit, spent.days_left) == (1, 3, 20)


async def test_vacation_days_stop_after_the_servers_number_in_a_row(service, clock):
    with pytest.raises(ServiceError):
        await service.set_clock_days(GUILD, MOD, 31)
    with pytest.raises(ServiceError):
        await service.set_clock_days(GUILD, MOD, -1)
    assert await service.set_clock_days(GUILD, MOD, 2) == 2
    _, seat = await ana_alone(service)
    news = await run_for(service, clock, 4 * DAY, step=1800)
    kinds = [(n.kind, n.user_id, n.days_spent) for n in news if n.kind != "warning"]
    assert kinds == [("vacation", ANA, 1), ("vacation", ANA, 2), ("expired", ANA, 0)]
    (expired,) = [n for n in news if n.kind == "expired"]
    assert "after 2 vacation days in a row" in expired.outcome.prefix
    assert (await service.status(CHAN)).holder(seat).is_bot  # expiry: automatic
    assert (await service.my_settings(ANA, GUILD)).days_left == 19


async def test_a_move_ends_the_days_in_a_row(service, clock):
    out, seat = await ana_alone(service)
    news: list[ClockNews] = await run_for(service, clock, DAY + 120, step=600)
    assert [n.kind for n in news if n.kind != "warning"] == ["vacation"]
    assert (await rows(service))[seat].days_spent == 1
    await play_seat(service, out, seat)  # (a day spent does not change the game's version)
    assert (await rows(service))[seat].days_spent == 0


# ----------------------------------------------------------------------------- 4. wording
async def test_a_short_vacation_beyond_the_allowance_is_refused_in_hours(service, clock):
    await service.set_vacation_days(GUILD, MOD, 1)
    back = clock.now + timedelta(days=1)
    await service.go_away(ANA, GUILD, back.date().isoformat(), back.strftime("%H:%M"))
    clock.tick(DAY)  # the one day is used
    soon = clock.now + timedelta(hours=1)
    with pytest.raises(ServiceError) as refused:
        await service.go_away(ANA, GUILD, soon.date().isoformat(), soon.strftime("%H:%M"))
    text = str(refused.value)
    assert "1 hour away" in text and "no vacation left" in text and "0 days" not in text, text
    await service.set_vacation_days(GUILD, MOD, 0)
    with pytest.raises(ServiceError) as refused:
        await service.go_away(BEN, GUILD, soon.date().isoformat(), soon.strftime("%H:%M"))
    assert "allows no vacation days" in str(refused.value)
