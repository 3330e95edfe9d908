"""Shared fixtures: a real database (a SQLite file; PostgreSQL too when TEST_DATABASE_URL is set)
and a game service on it, with the test title registered."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import text

from bot import catalog
from bot.db.engine import make_engine, migrate, sessionmaker
from bot.service import GameService
from tests.db_template import migrated_postgres, migrated_sqlite
from tests.pg import clean_schema, worker_database
from tests.pycache import cache_compiled

# Every process a test starts (and inherits this environment) caches its compiled modules.
cache_compiled(os.environ)
# In a parallel run (pytest-xdist) each worker has a PostgreSQL database of its own: set here,
# before any test module reads TEST_DATABASE_URL.
worker_database(os.environ)

#: Test workers per CPU for `pytest -n auto` (`make test`): the end-to-end tests spend much of
#: their time waiting (on the bot process, its timers, Discord's 2 s before READY), so one
#: worker per CPU leaves them idle. On 2 CPUs, the whole suite: 2 workers 7.6 min, 4 workers
#: 5.6 min, 6 workers 5.7 min (the CPUs are busy throughout).
WORKERS_PER_CPU = 2


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """How many workers `-n auto` starts (PYTEST_XDIST_AUTO_NUM_WORKERS, if set, decides)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return WORKERS_PER_CPU * (cpus or 1)


TEST_TITLES = ["tests.titles.bazaar:TITLE"]
TEST_RENDERERS = ["tests.titles.bazaar_render:RENDERER"]


def _backends() -> list:
    pg = os.environ.get("TEST_DATABASE_URL")
    return [
        pytest.param("sqlite", id="sqlite"),
        pytest.param(
            pg,
            id="postgres",
            marks=[
                pytest.mark.postgres,
                pytest.mark.skipif(not pg, reason="TEST_DATABASE_URL is not set"),
            ],
        ),
    ]


@pytest.fixture(scope="session")
def db_template_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("db_template")


@pytest.fixture(params=_backends())
async def db_url(request, tmp_path, db_template_dir) -> AsyncIterator[str]:
    """An empty database; already migrated when the test also uses `service` (which would
    migrate it first thing): see tests/db_template.py."""
    migrated = "service" in request.fixturenames
    if request.param == "sqlite":
        path = tmp_path / "boardroom.db"
        if migrated:
            await migrated_sqlite(path, db_template_dir)
        yield f"sqlite+inline:///{path}"
        return
    url = request.param
    if migrated:
        await migrated_postgres(url)
    else:
        await clean_schema(url)  # a clean schema for every test
    yield url


@pytest.fixture
async def service(db_url) -> AsyncIterator[GameService]:
    """The real service on a freshly migrated database. On teardown, every game's log is replayed
    from setup and must give exactly its newest stored snapshot."""
    catalog.load(TEST_TITLES, TEST_RENDERERS)
    engine = make_engine(db_url)
    await migrate(engine)  # (the schema is at the newest revision already: nothing to do)
    svc = GameService(sessionmaker(engine))
    svc.db_url = db_url  # type: ignore[attr-defined]
    yield svc
    async with engine.connect() as conn:
        ids = [row[0] for row in await conn.execute(text("SELECT id FROM games"))]
    for game_id in ids:
        assert await svc.replay_matches_snapshot(game_id), f"replay differs for game {game_id}"
    await engine.dispose()
