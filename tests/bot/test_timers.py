"""Durable timers with an injectable clock: a decision sets its reminder in its own transaction;
a due timer is claimed once (also by two services on one database), never before it is due; a
reminder for a decision already taken, or a game that ended, fires nothing (also when a claimed
batch is checked at once); pings to people who hold or collect none are routed without a write."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import event, func, select, update

from bot import catalog
from bot.db.engine import make_engine, sessionmaker
from bot.db.models import Timer
from bot.service import GameService
from bot.service.queries.timers import SPENT
from engine.rng import Rng
from tests.bot.test_service import ANA, BEN, CHAN, MOD, new_game, play_one

HOUR = timedelta(hours=1)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def _timed(service: GameService, clock: Clock) -> GameService:
    service.reminder_after = 24 * HOUR
    service.clock = clock
    return service


async def _timers(service: GameService, kind: str | None = "reminder") -> int:
    """How many timers of `kind` are set (None: of any kind; a game also has its stall timer)."""
    query = select(func.count()).select_from(Timer)
    if kind is not None:
        query = query.where(Timer.kind == kind)
    async with service.core.readers() as s:
        return int(await s.scalar(query) or 0)


async def test_a_decision_sets_one_reminder_claimed_once_when_due(service):
    clock = Clock()
    svc = _timed(service, clock)
    woken: list[datetime] = []
    svc.on_timer = woken.append
    await new_game(svc, players=(ANA, BEN))
    out = await svc.start(CHAN, ANA)
    assert await _timers(svc) == 1 and woken == [clock.now + 24 * HOUR]
    assert await svc.next_timer_due() == clock.now + 24 * HOUR
    clock.now += 23 * HOUR
    assert await svc.claim_due_timers() == []  # not due yet
    clock.now += 2 * HOUR
    fired = await svc.claim_due_timers()
    assert [(t.kind, t.game_id, t.version) for t in fired] == [
        ("reminder", out.game.id, out.game.version)
    ]
    info = await svc.reminder_due(fired[0])
    assert info is not None and {w.user_id for w in info.waiting} <= {ANA, BEN}
    assert await svc.claim_due_timers() == []  # fired once
    # its row stays, spent, so that a restart's backfill (`ensure_reminders`) sets no second
    # reminder for the same decision (seen with two processes, and after any restart)
    async with svc.core.readers() as s:
        assert list(await s.scalars(select(Timer.due_at).where(Timer.kind == "reminder"))) in (
            [SPENT],
            [SPENT.replace(tzinfo=None)],
        )
    assert await svc.ensure_reminders() == 0
    clock.now += 1000 * HOUR  # (when the game's stall timer is due too)
    assert [t.kind for t in await svc.claim_due_timers()] == ["stall"]


async def test_each_decision_replaces_the_reminder_and_a_moved_on_one_fires_nothing(service):
    clock = Clock()
    svc = _timed(service, clock)
    await new_game(svc, players=(ANA, BEN))
    out = await svc.start(CHAN, ANA)
    clock.now += 25 * HOUR
    fired = await svc.claim_due_timers()
    out = await play_one(svc, out, Rng.from_seed(1))  # the decision is taken meanwhile
    assert await svc.reminder_due(fired[0]) is None
    assert await _timers(svc) == 1  # the new decision's own reminder
    await svc.admin_end(CHAN, MOD)
    assert await _timers(svc, None) == 0  # an ended game keeps no timers


async def test_a_decision_moves_its_reminder_and_stall_timer_in_one_statement(service):
    clock = Clock()
    svc = _timed(service, clock)
    await new_game(svc, players=(ANA, BEN))
    out = await svc.start(CHAN, ANA)  # the first decision inserts them
    seen: list[str] = []
    engine = svc.core.writers.kw["bind"].sync_engine
    event.listen(engine, "before_cursor_execute", lambda c, cur, sql, *a: seen.append(sql))
    clock.now += HOUR
    out = await play_one(svc, out, Rng.from_seed(2))
    moves = [sql for sql in seen if sql.startswith(("UPDATE timers", "INSERT INTO timers"))]
    assert len(moves) == 1, moves
    async with svc.core.readers() as s:
        rows = {t.kind: t for t in await s.scalars(select(Timer))}
    assert rows["reminder"].due_at.replace(tzinfo=UTC) == clock.now + 24 * HOUR
    assert rows["reminder"].payload == {"asked": sorted(p.seat for p in out.prompts)}
    assert rows["stall"].payload == {"since": clock.now.isoformat()}
    assert {t.version for t in rows.values()} == {out.game.version}


async def test_the_dispatcher_hears_of_a_timer_once_it_is_committed(service):
    """Told before the commit, the dispatcher could read the timers, miss the new one and
    sleep past it (seen with two processes on PostgreSQL): `on_timer` comes after."""
    url = service.db_url
    if not url.startswith("sqlite"):
        pytest.skip("reads the SQLite file from a second connection")
    import sqlite3

    path = url.split(":///", 1)[1]
    readable: list[int] = []

    def woken(due: datetime) -> None:  # what another connection sees at that moment
        with sqlite3.connect(path) as other:
            (n,) = other.execute("SELECT count(*) FROM timers WHERE kind = 'reminder'").fetchone()
        readable.append(n)

    svc = _timed(service, Clock())
    svc.on_timer = woken
    await new_game(svc, players=(ANA, BEN))
    out = await svc.start(CHAN, ANA)
    await play_one(svc, out, Rng.from_seed(3))
    assert readable == [1, 1]


async def test_two_services_on_one_database_claim_a_timer_once(service):
    clock = Clock()
    svc = _timed(service, clock)
    for n in range(5):
        await new_game(svc, players=(ANA, BEN), channel=CHAN + n, seed=n)
        await svc.start(CHAN + n, ANA)
    engine = make_engine(service.db_url)
    other = _timed(GameService(sessionmaker(engine)), clock)
    clock.now += 30 * HOUR
    a, b = await asyncio.gather(svc.claim_due_timers(limit=3), other.claim_due_timers(limit=3))
    rest = await svc.claim_due_timers()
    await engine.dispose()
    ids = [t.id for t in a + b + rest]
    assert len(ids) == 5 == len(set(ids))


async def test_games_without_a_reminder_get_one_at_start_up(service):
    clock = Clock()
    await new_game(service, players=(ANA, BEN))
    await service.start(CHAN, ANA)  # no reminders configured: no timer
    assert await _timers(service) == 0
    svc = _timed(service, clock)
    catalog.load(["tests.titles.bazaar:TITLE"], ["tests.titles.bazaar_render:RENDERER"])
    assert await svc.ensure_reminders() == 1
    assert await svc.ensure_reminders() == 0
    assert await _timers(svc) == 1


async def test_a_claimed_batch_of_reminders_is_checked_in_one_read(service):
    clock = Clock()
    svc = _timed(service, clock)
    outs = []
    for n in range(3):
        await new_game(svc, players=(ANA, BEN), channel=CHAN + n, seed=n)
        outs.append(await svc.start(CHAN + n, ANA))
    clock.now += 25 * HOUR
    fired = await svc.claim_due_timers()
    assert len(fired) == 3
    await play_one(svc, outs[0], Rng.from_seed(1))  # moved on since (in CHAN): moot
    await svc.admin_end(CHAN + 2, MOD)  # over
    due = await svc.reminders_due(fired)
    waiting = outs[1].game
    assert set(due) == {t.id for t in fired if t.game_id == waiting.id}
    (info,) = due.values()
    assert info.id == waiting.id and info.version == waiting.version
    assert info.waiting and {w.user_id for w in info.waiting} <= {ANA, BEN}


async def test_pings_to_people_who_keep_none_are_routed_without_a_write(service):
    svc = _timed(service, Clock())
    await svc.set_pings(BEN, None, "dm")
    before = await _timers(svc, None)
    sent = await svc.route_pings(
        [ANA, BEN, ANA], guild_id=None, channel_id=CHAN, game_id=None, text="hi", icon="⏰"
    )
    assert [(p.user_id, p.mode, p.text) for p in sent] == [
        (ANA, "channel", "hi"),
        (BEN, "dm", "hi"),
    ]
    assert await _timers(svc, None) == before  # nothing held or collected


async def test_a_reminder_names_the_seats_asked_so_no_state_is_loaded(service):
    """The reminder carries the seats its decision asked: checking it loads no game state.
    One from before that (no seats in it) still finds them, from the state."""
    clock = Clock()
    svc = _timed(service, clock)
    outs = []
    for n in range(2):
        await new_game(svc, players=(ANA, BEN), channel=CHAN + n, seed=n)
        outs.append(await svc.start(CHAN + n, ANA))
    async with svc.core.tx() as s:  # the second game's reminder as a database from before keeps it
        await s.execute(update(Timer).where(Timer.game_id == outs[1].game.id).values(payload={}))
    clock.now += 25 * HOUR
    fired = await svc.claim_due_timers()
    assert {t.game_id: t.payload.get("asked") for t in fired} == {
        outs[0].game.id: sorted({p.seat for p in outs[0].prompts}),
        outs[1].game.id: None,
    }
    svc.core.cache.clear()
    due = await svc.reminders_due(fired)
    for out in outs:
        (info,) = [i for i in due.values() if i.id == out.game.id]
        assert {w.seat_no for w in info.waiting} == {p.seat for p in out.prompts}
    assert svc.core.cache.get(outs[0].game.id, outs[0].game.version) is None  # not loaded
    assert svc.core.cache.get(outs[1].game.id, outs[1].game.version) is not None
