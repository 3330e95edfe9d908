"""Seat clocks with the injectable clock running days in seconds: a clock runs only while its
seat is asked (all at once in a simultaneous decision), a move stops it and adds the increment
up to the cap, draft steps don't stop it, warnings come once each, stale timers do nothing,
each expiry policy, `/game return`, vacations and absences, and the moderators' acts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from bot.db.models import Audit, Game, GuildSettings, Seat, SeatClock, Timer, Vacation
from bot.errors import ServiceError
from bot.results import Step
from bot.service import GameService, clocks
from bot.service.clock_rules import DAY, HOUR, parse_pace
from bot.service.clocks import CLOCK, ClockNews
from bot.service.drafts import fingerprint
from engine.core import BACK
from engine.rng import Rng
from tests.bot.test_service import ANA, BEN, CHAN, GUILD, MOD, play_one, user_of

ONE_DAY = timedelta(days=1)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture(autouse=True)
def no_vacation_days(monkeypatch):
    """Clocks run out straight to the policy unless a test spends vacation days."""

    async def none_left(s, user_id, guild_id, now):
        return False

    monkeypatch.setattr(clocks, "spend_vacation_day", none_left)


@pytest.fixture
def clock(service: GameService) -> Clock:
    c = Clock()
    service.clock = c
    return c


async def start(svc: GameService, pace: str = "daily", expiry: str = "automatic", **kw):
    await svc.create(
        guild_id=GUILD,
        channel_id=CHAN,
        user_id=ANA,
        title_slug="bazaar",
        seats=2 + kw.get("bots", 0),
        bots=kw.get("bots", 0),
        seed=7,
        pace=pace,
        expiry=expiry,
        quiet_clock=kw.get("quiet_clock"),
    )
    await svc.join(CHAN, BEN)
    return await svc.start(CHAN, ANA)


async def rows(svc: GameService) -> dict[int, SeatClock]:
    async with svc.core.readers() as s:
        return {r.seat_no: r for r in await s.scalars(select(SeatClock))}


async def clock_timers(svc: GameService) -> list[Timer]:
    async with svc.core.readers() as s:
        return list(await s.scalars(select(Timer).where(Timer.kind == CLOCK)))


async def fire(svc: GameService) -> list[ClockNews]:
    """Claim every due timer; act on the clock ones (as the dispatcher does)."""
    news = []
    for t in await svc.claim_due_timers():
        if t.kind == CLOCK:
            done = await svc.clock_fired(t.payload, t.game_id)
            if done is not None:
                news.append(done)
    return news


async def run_for(svc: GameService, clock: Clock, seconds: float, step: float = 600):
    """Let time pass, firing timers as they come due; every ClockNews on the way."""
    news: list[ClockNews] = []
    end = clock.now + timedelta(seconds=seconds)
    while clock.now < end:
        clock.now = min(end, clock.now + timedelta(seconds=step))
        news += await fire(svc)
    return news


async def play_seat(svc: GameService, out, seat: int, rng: Rng | None = None):
    """The person at `seat` makes a random legal move, step by step."""
    rng = rng or Rng.from_seed(9)
    prompt = next(p for p in out.prompts if p.seat == seat)
    user = user_of(out, seat)
    done = await svc.act(CHAN, user, rng.choice(prompt.choices).id, out.game.version)
    while isinstance(done, Step):
        forward = [c for c in done.prompt.choices if c.id != BACK]
        pick = rng.choice(forward).id
        done = await svc.act_in_game(done.game.id, user, pick, menu=fingerprint(done.prompt))
    return done


def asked(out) -> list[int]:
    return [p.seat for p in out.prompts]


# ----------------------------------------------------------------------------- paces
def test_paces_and_their_validation():
    assert parse_pace("none") is None and parse_pace(None) is None
    assert parse_pace("relaxed") == {
        "name": "relaxed",
        "start": 3 * DAY,
        "increment": DAY,
        "cap": 5 * DAY,
    }
    assert parse_pace("custom:48/12/72")["cap"] == 72 * HOUR
    for bad in ("hourly", "custom:48/12", "custom:a/b/c", "custom:48/12/24", "custom:0/1/2"):
        with pytest.raises(ServiceError):
            parse_pace(bad)


async def test_a_game_without_pace_has_no_clocks(service, clock):
    out = await start(service, pace="none")
    assert out.game.pace is None and await rows(service) == {} and not await clock_timers(service)


async def test_bad_pace_or_policy_is_refused_and_changes_nothing(service, clock):
    for pace, expiry in (("weekly", "automatic"), ("daily", "forfeit")):
        with pytest.raises(ServiceError):
            await start(service, pace=pace, expiry=expiry)
    assert await service.game_count() == 0


# ----------------------------------------------------------------------------- running
async def test_clocks_run_only_while_asked_all_at_once_in_a_simultaneous_decision(service, clock):
    out = await start(service, pace="daily")
    assert sorted(asked(out)) == [0, 1]  # bazaar opens with a simultaneous secret bid
    clocks_ = await rows(service)
    assert all(r.running_since is not None and r.remaining == DAY for r in clocks_.values())
    assert len(await clock_timers(service)) == 2
    clock.tick(2 * HOUR)
    first = out.prompts[0].seat
    out = await play_one(service, out, Rng.from_seed(3))
    after = await rows(service)
    # the seat that bid stopped: 24 h - 2 h + 12 h; the other keeps running from the same time
    assert after[first].running_since is None and after[first].remaining == 34 * HOUR
    other = after[1 - first]
    assert other.running_since == clocks_[1 - first].running_since
    assert len(await clock_timers(service)) == 1
    status = await service.status(CHAN)
    left, running = status.clocks[1 - first]
    assert running and left == 22 * HOUR


async def test_increment_is_capped_and_draft_steps_do_not_stop_the_clock(service, clock):
    out = await start(service, pace="fast")  # 2 h, +1 h, cap 4 h
    rng = Rng.from_seed(5)
    for _ in range(6):
        clock.tick(60)
        out = await play_one(service, out, rng)
    assert all(r.remaining <= 4 * HOUR for r in (await rows(service)).values())
    # a draft step (bazaar's sale is built in steps) leaves the clock running
    while True:
        seat = out.prompts[0].seat
        step = next((c for c in out.prompts[0].choices if c.step), None)
        if step is not None:
            break
        out = await play_one(service, out, rng)
    before = (await rows(service))[seat]
    got = await service.act(CHAN, user_of(out, seat), step.id, out.game.version)
    assert isinstance(got, Step)
    assert (await rows(service))[seat].running_since == before.running_since is not None


# ----------------------------------------------------------------------------- warnings
async def test_warnings_come_once_each_with_what_is_asked(service, clock):
    await start(service, pace="daily")
    news = await run_for(service, clock, 23.5 * HOUR)
    kinds = sorted((n.kind, n.seat_no, round(n.left / HOUR)) for n in news)
    assert kinds == [("warning", 0, 1), ("warning", 0, 12), ("warning", 1, 1), ("warning", 1, 12)]
    assert all("bid" in n.asked and n.user_id in (ANA, BEN) for n in news)
    assert await run_for(service, clock, 0.4 * HOUR) == []  # nothing twice
    assert {r.warned for r in (await rows(service)).values()} == {3}


async def test_warnings_due_in_the_quiet_hours_the_clock_runs_out_in_come_before_them(
    service, clock
):
    """quiet_clock:runs, an 8 h clock from 19:00 runs out at 03:00, inside Ana's quiet hours
    (22:00-08:00): held, her warnings (23:00, 02:00) would come at 08:00, too late. They come
    as one, before her quiet hours begin; Ben, without quiet hours, gets both as usual."""
    await service.set_quiet(ANA, GUILD, "22:00", "08:00")
    clock.now = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
    await start(service, pace="custom:8/1/8")
    news = []
    while clock.now < datetime(2026, 12, 2, 2, 30, tzinfo=UTC):
        clock.tick(60)
        news += [(clock.now.strftime("%H:%M"), n) for n in await fire(service)]
    ana = [(at, n.left) for at, n in news if n.user_id == ANA]
    assert ana == [("21:50", 5 * HOUR + 10 * 60)]  # 5 h 10 min left
    assert all(n.kind == "warning" for _, n in news)
    assert [at for at, n in news if n.user_id == BEN] == ["23:00", "02:00"]
    pings = await service.route_pings(
        [ANA], guild_id=GUILD, channel_id=CHAN, game_id=None, text="x"
    )
    assert pings == []  # (now in her quiet hours: a ping would be held)


async def test_a_stale_timer_does_nothing(service, clock):
    out = await start(service, pace="daily")
    clock.tick(13 * HOUR)
    claimed = await service.claim_due_timers()  # the half-time warnings, claimed...
    out = await play_one(service, out, Rng.from_seed(1))  # ...but a seat moves meanwhile
    results = [await service.clock_fired(t.payload, t.game_id) for t in claimed if t.kind == CLOCK]
    assert sum(r is not None for r in results) == 1  # only the seat still running warns
    assert len(await clock_timers(service)) == 1  # its next event (the hour warning)


# ----------------------------------------------------------------------------- expiry
async def test_expiry_automatic_then_return_hands_the_seat_back(service, clock):
    out = await start(service, pace="fast")
    ana_seat = out.game.seat_of(ANA).seat_no
    # BEN bids at once; ANA never answers
    ben = out.game.seat_of(BEN).seat_no
    await play_seat(service, out, ben)
    news = await run_for(service, clock, 2 * HOUR + 60, step=60)
    expired = [n for n in news if n.kind == "expired"]
    assert len(expired) == 1 and expired[0].user_id == ANA and expired[0].outcome is not None
    assert "ran out" in expired[0].outcome.prefix
    async with service.core.readers() as s:
        tenures = list(await s.scalars(select(Seat).where(Seat.seat_no == ana_seat)))
    person, bot = tenures
    assert person.timeouts == 1 and person.until_version is not None
    assert bot.is_bot and bot.stand_in_for == ANA and bot.until_version is None
    with pytest.raises(ServiceError):
        await service.game_return(CHAN, BEN)  # nobody stands in for BEN
    await service.game_return(CHAN, ANA)
    with pytest.raises(ServiceError):
        await service.game_return(CHAN, ANA)  # already noted
    # play on until the seat is ANA's to decide: it is handed back before the bot moves
    status = await service.status(CHAN)
    rng = Rng.from_seed(2)
    out = expired[0].outcome
    for _ in range(200):
        if out.result is not None or any(
            w.user_id == ANA and not w.is_bot for w in out.game.waiting
        ):
            break
        out = await play_one(service, out, rng)
    assert status.holder(ana_seat).is_bot
    assert out.result is None and out.game.holder(ana_seat).user_id == ANA
    assert (await rows(service))[ana_seat].running_since is not None  # her clock runs again


async def test_expiry_default_makes_the_seats_move(service, clock):
    out = await start(service, pace="fast", expiry="default")
    version = out.game.version
    news = await run_for(service, clock, 2 * HOUR + 60, step=60)
    expired = [n for n in news if n.kind == "expired"]
    assert {n.user_id for n in expired} == {ANA, BEN}
    assert expired[-1].outcome.game.version > version
    async with service.core.readers() as s:
        assert (await s.scalar(select(func.sum(Seat.timeouts)))) == 2
        assert not (await s.scalars(select(Seat).where(Seat.is_bot))).all()


async def test_expiry_pause_stops_every_clock_and_names_the_mod_role(service, clock):
    async with service.core.tx() as s:
        s.add(GuildSettings(guild_id=GUILD, mod_role_id=555))
    out = await start(service, pace="fast", expiry="pause")
    news = await run_for(service, clock, 2 * HOUR + 60, step=60)
    paused = [n for n in news if n.kind == "paused"]
    assert len(paused) == 1 and paused[0].mod_role_id == 555 and paused[0].game.paused
    assert all(r.running_since is None for r in (await rows(service)).values())
    assert not await clock_timers(service)
    assert await run_for(service, clock, 5 * HOUR) == []  # a paused game's clocks don't run
    # moves are still accepted while paused; clocks stay stopped
    out = await play_one(service, out, Rng.from_seed(1))
    assert all(r.running_since is None for r in (await rows(service)).values())
    info = await service.admin_resume(CHAN, MOD)
    assert not info.paused and any(running for _, running in info.clocks.values())


# ----------------------------------------------------------------------------- vacation, away
async def test_a_vacation_day_is_spent_before_the_policy(service, clock, monkeypatch):
    spent: list[int] = []

    async def spend(s, user_id, guild_id, now):  # one day each, counted (as in people)
        if user_id in spent:
            return False
        spent.append(user_id)
        s.add(
            Vacation(
                user_id=user_id,
                guild_id=guild_id,
                starts_at=now,
                ends_at=now + ONE_DAY,
                automatic=True,
            )
        )
        return True

    monkeypatch.setattr(clocks, "spend_vacation_day", spend)
    await start(service, pace="fast")
    news = await run_for(service, clock, 2 * HOUR + 60, step=60)
    assert sorted(n.user_id for n in news if n.kind == "vacation") == [ANA, BEN]
    assert not [n for n in news if n.kind == "expired"]
    news = await run_for(service, clock, DAY, step=600)
    assert sorted(n.user_id for n in news if n.kind == "expired") == [ANA, BEN]


async def test_an_absent_persons_clock_waits_for_their_return(service, clock):
    back = clock.now + 3 * ONE_DAY
    out = await start(service, pace="fast")
    await service.go_away(ANA, GUILD, back.date().isoformat(), back.strftime("%H:%M"))
    ana = out.game.seat_of(ANA).seat_no
    news = await run_for(service, clock, 2 * DAY, step=1800)
    assert {n.user_id for n in news if n.kind == "expired"} == {BEN}
    news = await run_for(service, clock, 1 * DAY + 3 * HOUR, step=600)
    assert any(n.user_id == ANA and n.seat_no == ana for n in news)


# ----------------------------------------------------------------------------- moderators
async def test_pause_resume_extend_and_pace_are_audited(service, clock):
    out = await start(service, pace="daily")
    clock.tick(HOUR)
    info = await service.admin_pause(CHAN, MOD)
    assert info.paused and not await clock_timers(service)
    with pytest.raises(ServiceError):
        await service.admin_pause(CHAN, MOD)
    clock.tick(DAY * 5)  # nothing runs while paused
    info = await service.admin_resume(CHAN, MOD)
    assert [round(left_ / HOUR) for left_, _ in info.clocks.values()] == [23, 23]
    info = await service.admin_extend(CHAN, MOD, 0, 10)
    assert round(info.clocks[0][0] / HOUR) == 33
    with pytest.raises(ServiceError):
        await service.admin_extend(CHAN, MOD, 0, -1)
    with pytest.raises(ServiceError):
        await service.admin_pace(CHAN, MOD, "custom:1/2")
    info = await service.admin_pace(CHAN, MOD, "fast", "default")
    assert info.pace["name"] == "fast" and info.expiry_policy == "default"
    assert all(left_ <= 4 * HOUR for left_, _ in info.clocks.values())
    info = await service.admin_pace(CHAN, MOD, "none")
    assert info.pace is None and await rows(service) == {} and not await clock_timers(service)
    async with service.core.readers() as s:
        acts = [a.act for a in await s.scalars(select(Audit).order_by(Audit.id))]
        game = await s.scalar(select(Game))
    assert acts[-5:] == ["pause", "resume", "extend", "pace", "pace"] and game.pace is None
    assert out.game.status == "running"


async def test_a_clock_timer_is_claimed_once_across_a_restart(service, clock):
    await start(service, pace="fast")
    clock.tick(2 * HOUR + 1)
    claimed = await service.claim_due_timers()
    assert len([t for t in claimed if t.kind == CLOCK]) == 2
    assert await service.claim_due_timers() == []  # a second process (or a restart) gets none
    news = [await service.clock_fired(t.payload, t.game_id) for t in claimed]
    assert [n.kind for n in news if n] == ["expired", "expired"]
    again = [await service.clock_fired(t.payload, t.game_id) for t in claimed]
    assert again == [None, None]  # fired twice by mistake: the clock moved on, nothing happens
