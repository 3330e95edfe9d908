"""The stall detector with an injectable clock: each decision sets the game's stall timer in its
own transaction; when due and the game has not moved since, it reports the game once; a move
resets it; `/admin stalled` lists such games; settings and restarts are honoured."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, select

from bot.db.engine import make_engine, sessionmaker
from bot.db.models import Audit, GuildSettings, Timer
from bot.service import GameService
from bot.service.stalls import PINGED, STALL
from engine.rng import Rng
from tests.bot.test_service import ANA, BEN, CHAN, GUILD, MOD, new_game, play_one
from tests.bot.test_timers import Clock

DAY = timedelta(days=1)


async def _stall_row(svc: GameService, game_id: int) -> Timer | None:
    async with svc.core.readers() as s:
        return await s.scalar(select(Timer).where(Timer.game_id == game_id, Timer.kind == STALL))


async def _fire(svc: GameService) -> list:
    """What a dispatcher pass would report: the stalled games of the stall timers due now."""
    reports = []
    for timer in await svc.claim_due_timers():
        if timer.kind == STALL and (found := await svc.stall_due(timer)) is not None:
            reports.append(found)
    return reports


async def _started(svc: GameService, clock: Clock, channel: int = CHAN, seed: int = 7):
    svc.clock = clock
    await new_game(svc, players=(ANA, BEN), channel=channel, seed=seed)
    return await svc.start(channel, ANA)


async def test_a_stalled_game_is_reported_once(service):
    clock = Clock()
    svc = service
    out = await _started(svc, clock)
    row = await _stall_row(svc, out.game.id)
    assert row is not None and row.version == out.game.version
    assert row.due_at.replace(tzinfo=clock.now.tzinfo) == clock.now + 7 * DAY
    assert await svc.stalled_games(GUILD) == []

    clock.now += 7 * DAY - timedelta(minutes=1)
    assert await _fire(svc) == []  # not yet
    clock.now += 2 * timedelta(minutes=1)
    (report,) = await _fire(svc)
    assert report.game.id == out.game.id and 7 <= report.days < 7.1
    assert {w.user_id for w in report.game.waiting} <= {ANA, BEN} and report.game.waiting
    assert report.mod_role_id is None
    row = await _stall_row(svc, out.game.id)
    assert row is not None and row.due_at.replace(tzinfo=PINGED.tzinfo) == PINGED  # the marker

    clock.now += 30 * DAY
    assert await _fire(svc) == []  # never again
    (listed,) = await svc.stalled_games(GUILD)
    assert listed.game.id == out.game.id and 37 <= listed.days < 37.1
    assert await svc.stalled_games(GUILD + 1) == []
    async with svc.core.readers() as s:
        acts = [a.act for a in await s.scalars(select(Audit))]
    assert acts.count("stalled") == 1

    # a move ends the stall: the game is no longer listed, and a new timer runs
    out = await play_one(svc, out, Rng.from_seed(1))
    assert await svc.stalled_games(GUILD) == []
    row = await _stall_row(svc, out.game.id)
    assert row is not None and row.version == out.game.version
    assert row.due_at.replace(tzinfo=clock.now.tzinfo) == clock.now + 7 * DAY


async def test_a_game_that_moved_or_ended_is_not_reported(service):
    clock = Clock()
    svc = service
    out = await _started(svc, clock)
    clock.now += 8 * DAY
    claimed = await svc.claim_due_timers()
    (stall,) = [t for t in claimed if t.kind == STALL]
    await play_one(svc, out, Rng.from_seed(2))  # a move lands before the handler runs
    assert await svc.stall_due(stall) is None
    other = await _started(svc, clock, channel=CHAN + 1, seed=3)
    await svc.admin_end(CHAN + 1, MOD)
    assert await _stall_row(svc, other.game.id) is None  # an ended game keeps no timers
    clock.now += 8 * DAY
    reports = await _fire(svc)
    assert [r.game.id for r in reports] == [out.game.id]  # the first game's new timer


async def test_the_server_setting_and_its_changes(service):
    clock = Clock()
    svc = service
    async with svc.core.tx() as s:
        s.add(GuildSettings(guild_id=GUILD, stall_days=2, mod_role_id=777))
    out = await _started(svc, clock)
    row = await _stall_row(svc, out.game.id)
    assert row.due_at.replace(tzinfo=clock.now.tzinfo) == clock.now + 2 * DAY

    # a moderator makes it longer: the timer follows
    assert await svc.set_stall_days(GUILD, MOD, 5) == 1
    row = await _stall_row(svc, out.game.id)
    assert row.due_at.replace(tzinfo=clock.now.tzinfo) == clock.now + 5 * DAY
    clock.now += 3 * DAY
    assert await _fire(svc) == [] and await svc.stalled_games(GUILD) == []
    # shorter again: it is stalled now, reported at once, with the moderator role
    await svc.set_stall_days(GUILD, MOD, 2)
    (report,) = await _fire(svc)
    assert report.mod_role_id == 777 and 3 <= report.days < 3.1
    # another process changed the setting behind this one's back: the fired timer waits on
    async with svc.core.tx() as s:
        (await s.get(GuildSettings, GUILD)).stall_days = 10
    out = await play_one(svc, out, Rng.from_seed(1))
    clock.now += 3 * DAY
    (stall,) = [t for t in await svc.claim_due_timers() if t.kind == STALL]  # armed with 2
    assert await svc.stall_due(stall) is None
    row = await _stall_row(svc, out.game.id)
    assert row.due_at.replace(tzinfo=clock.now.tzinfo) == clock.now - 3 * DAY + 10 * DAY


async def test_restart_safety(service):
    clock = Clock()
    svc = service
    out = await _started(svc, clock)
    second = await _started(svc, clock, channel=CHAN + 1, seed=5)
    clock.now += 8 * DAY
    (report,) = [r for r in await _fire(svc) if r.game.id == out.game.id] or [None]
    assert report is not None
    # a database from before the detector: the second game has no stall timer
    async with svc.core.tx() as s:
        await s.execute(delete(Timer).where(Timer.game_id == second.game.id))
    engine = make_engine(svc.db_url)
    try:
        again = GameService(sessionmaker(engine))  # the bot restarted
        again.clock = clock
        assert await again.ensure_stalls() == 1  # the reported game keeps its marker
        assert await again.ensure_stalls() == 0
        row = await _stall_row(again, second.game.id)  # counted from its last change
        clock.now = max(clock.now, row.due_at.replace(tzinfo=clock.now.tzinfo))
        assert [r.game.id for r in await _fire(again)] == [second.game.id]
        assert await _fire(again) == []
        assert {x.game.id for x in await again.stalled_games(GUILD)} >= {out.game.id}
    finally:
        await engine.dispose()


async def test_what_the_moderators_are_told(service):
    from bot.discord.substitutes import stall_text, stalled_list

    clock = Clock()
    svc = service
    async with svc.core.tx() as s:
        s.add(GuildSettings(guild_id=GUILD, mod_role_id=777))
    out = await _started(svc, clock)
    clock.now += 9 * DAY
    (report,) = await _fire(svc)
    text = stall_text(report)
    assert text.startswith("🐢 <@&777>") and "no move for 9 days" in text
    assert f"game #{out.game.id}" in text and "/admin substitute" in text
    listed = stalled_list(await svc.stalled_games(GUILD), 7)
    assert f"<#{CHAN}>" in listed and "9 days" in listed
    assert "No game" in stalled_list([], 7)


async def test_without_a_moderator_role_the_report_says_how_to_set_one(service):
    from bot.discord.substitutes import stall_text

    clock = Clock()
    await _started(service, clock)
    clock.now += 8 * DAY
    (report,) = await _fire(service)
    text = stall_text(report)
    assert report.mod_role_id is None and "<@&" not in text
    assert "no moderator role is set" in text and "/admin modrole" in text, text
