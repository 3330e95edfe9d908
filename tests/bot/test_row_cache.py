"""The game rows a process keeps between the steps of a move: menus and steps read nothing,
a commit always decides on a fresh read, and every write drops what it may have changed."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from bot.db.engine import make_engine, sessionmaker
from bot.db.models import Game
from bot.errors import ServiceError
from bot.results import Step
from bot.service import GameService
from bot.service.drafts import fingerprint
from bot.service.row_cache import RowCache
from tests.bot.test_service import ANA, BEN, CHAN, new_game

GAME_READ = "FROM games LEFT OUTER JOIN seats"


def _statements(svc: GameService) -> list[str]:
    seen: list[str] = []
    for engine in {maker.kw["bind"].sync_engine for maker in (svc.core.writers, svc.core.readers)}:
        event.listen(engine, "before_cursor_execute", lambda c, cur, sql, *a: seen.append(sql))
    return seen


def _reads(seen: list[str]) -> int:
    return sum(GAME_READ in sql for sql in seen)


async def _bid(svc: GameService, user: int, game_id: int):
    """A whole bid, as on Discord: the private menu, the amount (a step), the confirmation."""
    _, prompt = await svc.prompt_in_game(game_id, user)
    assert prompt is not None
    pick = next(c for c in prompt.choices if c.id.startswith("pick:"))
    step = await svc.act_in_game(game_id, user, pick.id, menu=fingerprint(prompt))
    assert isinstance(step, Step)
    confirm = next(c for c in step.prompt.choices if not c.step and c.id != "back")
    return await svc.act_in_game(game_id, user, confirm.id, menu=fingerprint(step.prompt))


async def test_a_decision_reads_its_game_row_at_most_twice(service):
    """The issue's "read round trips for a cached game: <= 2": the menu and the step of a move
    come from this process's caches; only the commit reads its game afresh."""
    info = await new_game(service, players=(ANA, BEN))
    await service.start(CHAN, ANA)
    seen = _statements(service)
    await _bid(service, ANA, info.id)  # the first menu after the start reads the row once
    seen.clear()
    out = await _bid(service, BEN, info.id)
    assert _reads(seen) == 1, seen  # the commit's fresh read, nothing for the menu and step
    assert out.game.version == 3
    seen.clear()
    _, prompt = await service.prompt_in_game(info.id, ANA)  # the next menu: from the caches
    assert prompt is not None and seen == []


async def test_a_commit_decides_on_a_fresh_read(service):
    """Another process committed the same person's move meanwhile: this one's cached row is
    out of date, and its commit (on a fresh read) refuses instead of deciding twice."""
    info = await new_game(service, players=(ANA, BEN))
    await service.start(CHAN, ANA)
    _, prompt = await service.prompt_in_game(info.id, ANA)  # cached here
    assert prompt is not None
    engine = make_engine(service.db_url)
    try:
        other = GameService(sessionmaker(engine))
        await _bid(other, ANA, info.id)
    finally:
        await engine.dispose()
    pick = next(c for c in prompt.choices if c.id.startswith("pick:"))
    step = await service.act_in_game(info.id, ANA, pick.id, menu=fingerprint(prompt))
    assert isinstance(step, Step)  # a step on the cached row: nothing stored
    confirm = next(c for c in step.prompt.choices if not c.step and c.id != "back")
    with pytest.raises(ServiceError):
        await service.act_in_game(info.id, ANA, confirm.id, menu=fingerprint(step.prompt))
    assert (await service.status(CHAN)).version == 2  # the other process's bid only


async def test_a_refusal_is_checked_on_a_fresh_read(service):
    """A button of the newest turn, pressed here after another process committed that turn:
    the cached row is one version behind, but only a fresh read may refuse the press."""
    info = await new_game(service, players=(ANA, BEN))
    await service.start(CHAN, ANA)
    _, prompt = await service.prompt_in_game(info.id, BEN)  # version 1, cached here
    assert prompt is not None
    engine = make_engine(service.db_url)
    try:
        await _bid(GameService(sessionmaker(engine)), ANA, info.id)  # version 2, elsewhere
    finally:
        await engine.dispose()
    pick = next(c for c in prompt.choices if c.id.startswith("pick:"))
    step = await service.act_in_game(info.id, BEN, pick.id, version=2)
    assert isinstance(step, Step) and step.game.version == 2


async def test_a_write_drops_the_cached_row(service):
    info = await new_game(service, players=(ANA, BEN))
    await service.start(CHAN, ANA)
    _, prompt = await service.prompt_in_game(info.id, BEN)
    assert prompt is not None
    await service.leave(CHAN, BEN)  # the seat goes to the automatic player, in this process
    shown, prompt = await service.prompt_in_game(info.id, BEN)
    assert prompt is None and shown.holder(1).is_bot


def test_rows_expire_and_a_read_that_raced_a_write_is_not_kept():
    now = [0.0]
    cache = RowCache(size=2, ttl=30.0, clock=lambda: now[0])
    game = Game(id=5, live_channel_id=CHAN, status="running", version=1)
    cache.put(cache.generation(), game, [])
    assert cache.get(5) is not None and cache.live_game(CHAN) == 5
    now[0] = 31.0
    assert cache.get(5) is None and cache.live_game(CHAN) is None  # too old
    before = cache.generation()
    cache.drop(5)  # a write ended while the read was under way
    cache.put(before, game, [])
    assert cache.get(5) is None
    cache.put(cache.generation(), game, [])
    over = Game(id=5, live_channel_id=None, status="finished", version=2)
    cache.put(cache.generation(), over, [])
    assert cache.live_game(CHAN) is None  # the channel's game is over
    for n in (6, 7):
        cache.put(cache.generation(), Game(id=n, live_channel_id=None), [])
    assert len(cache) == 2 and cache.get(5) is None  # the least recently used goes first
