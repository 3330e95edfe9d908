"""The cold reads (stats, export, history, replay, timelapse) go through the service's `cold`
sessions, not the readers the hot reads use, and return what the readers would."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import event

from bot.db.engine import make_engine, sessionmaker
from bot.service import GameService
from bot.service.timelapse import finished_game as timelapse_game
from bot.service.timelapse import owed_timelapses
from tests.bot.test_looking_back import finished_game
from tests.bot.test_service import ANA, CHAN, GUILD


@pytest.fixture
async def cold_engine(service: GameService) -> AsyncIterator:
    engine = make_engine(service.db_url)  # type: ignore[attr-defined]  # (the fixture's)
    yield engine
    await engine.dispose()


@contextmanager
def _counted(engine) -> Iterator[list[str]]:  # noqa: ANN001
    """The statements run on `engine` meanwhile."""
    statements: list[str] = []

    def count(conn, cursor, statement, *args):  # noqa: ANN001, ANN202
        statements.append(statement)

    event.listen(engine.sync_engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", count)


async def test_cold_reads_use_the_cold_sessions(service: GameService, cold_engine) -> None:
    out = await finished_game(service)
    game_id = out.game.id
    main = service.core.read_engine
    both = GameService(sessionmaker(main), cold=sessionmaker(cold_engine))
    slug = out.game.title
    with _counted(main) as hot, _counted(cold_engine) as cold:
        got = [
            await both.person_stats(GUILD, ANA),
            await both.title_stats(GUILD, slug),
            await both.server_stats(GUILD),
            await both.history(CHAN, GUILD),
            await both.export_of(game_id, moderator=True),
            (await both.replay_of(game_id, 1)).move,
            await timelapse_game(both, game_id),
            await owed_timelapses(both),
        ]
    assert hot == []
    assert cold
    expected = [
        await service.person_stats(GUILD, ANA),
        await service.title_stats(GUILD, slug),
        await service.server_stats(GUILD),
        await service.history(CHAN, GUILD),
        await service.export_of(game_id, moderator=True),
        (await service.replay_of(game_id, 1)).move,
        await timelapse_game(service, game_id),
        await owed_timelapses(service),
    ]
    assert got == expected


async def test_without_cold_sessions_the_readers_serve_them(service: GameService) -> None:
    assert service.core.cold is service.core.readers
