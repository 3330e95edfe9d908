"""A SQLite URL runs the driver it names: `sqlite+inline` (the default) on the event loop,
`sqlite+aiosqlite` (older `.env` files) in aiosqlite's thread, and both play whole games; the
cold reads run on aiosqlite whatever the URL; a commit of the bot's writer never checkpoints
the write-ahead log on the event loop."""

from __future__ import annotations

import asyncio
import threading

import pytest
from sqlalchemy import text

from bot import catalog
from bot.db import wal
from bot.db.engine import make_engine, migrate, sessionmaker
from bot.service import GameService
from tests.bot.test_service import ANA, BEN, CHAN, new_game, play_to_end
from tests.conftest import TEST_RENDERERS, TEST_TITLES


@pytest.mark.parametrize(
    ("driver", "threaded", "runs"),
    [("inline", False, "inline"), ("aiosqlite", False, "aiosqlite"), ("inline", True, "aiosqlite")],
)
async def test_the_url_names_the_driver_that_runs(tmp_path, driver, threaded, runs):
    engine = make_engine(f"sqlite+{driver}:///{tmp_path / 'd.db'}", threaded=threaded)
    try:
        assert engine.dialect.driver == runs
        async with engine.connect() as conn:
            mode = await conn.scalar(text("PRAGMA journal_mode"))
            keys = await conn.scalar(text("PRAGMA foreign_keys"))
        assert (mode, keys) == ("wal", 1)
    finally:
        await engine.dispose()


async def test_writers_on_aiosqlite_begin_immediate_and_queue(tmp_path):
    """Two writers at once: the second waits for the first (SQLite's busy handler, in
    aiosqlite's thread), neither fails half-way."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'w.db'}"
    engine = make_engine(url)
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE t (v INTEGER)"))
    other = make_engine(url)

    async def write(e, v: int) -> None:
        async with e.begin() as conn:
            await conn.execute(text("INSERT INTO t VALUES (:v)"), {"v": v})
            await asyncio.sleep(0.05)  # holds the write lock while the other one begins
            await conn.execute(text("UPDATE t SET v = v + 1 WHERE v = :v"), {"v": v})

    try:
        await asyncio.gather(write(engine, 10), write(other, 20))
        async with engine.connect() as conn:
            assert sorted((await conn.execute(text("SELECT v FROM t"))).scalars()) == [11, 21]
    finally:
        await engine.dispose()
        await other.dispose()


async def test_a_copy_of_the_old_env_url_plays_a_whole_game(tmp_path):
    """`sqlite+aiosqlite:///...`, as `.env` files made before said, still works end to end."""
    catalog.load(TEST_TITLES, TEST_RENDERERS)
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
    try:
        assert engine.dialect.driver == "aiosqlite"
        await migrate(engine)
        svc = GameService(sessionmaker(engine))
        await new_game(svc, players=(ANA, BEN))
        final = await play_to_end(svc, await svc.start(CHAN, ANA))
        assert final.game.status == "finished"
    finally:
        await engine.dispose()


@pytest.mark.parametrize("autocheckpoint", [True, False])
async def test_the_writer_leaves_checkpoints_to_a_thread(tmp_path, monkeypatch, autocheckpoint):
    """`autocheckpoint=False` (the bot's writer): commits only append to the log, however
    long; `wal.copy_back` then copies it into the database in a thread, not on the loop.
    (With SQLite's automatic checkpoints, a commit past 1,000 pages copies the log back, on
    the event loop for the inline driver, and the log starts again from its beginning.)"""
    path = tmp_path / "c.db"
    engine = make_engine(f"sqlite+inline:///{path}", autocheckpoint=autocheckpoint)
    try:
        async with engine.begin() as conn:
            assert await conn.scalar(text("PRAGMA wal_autocheckpoint")) == (
                1000 if autocheckpoint else 0
            )
            await conn.execute(text("CREATE TABLE t (v BLOB)"))
        for _ in range(30):  # ~1,500 pages of log
            async with engine.begin() as conn:
                await conn.execute(text("INSERT INTO t VALUES (randomblob(200000))"))
        grown = wal.wal_size(path) > 5.5 * 1024 * 1024
        assert grown is not autocheckpoint
        if autocheckpoint:
            return
        threads: list[int] = []
        real = wal.checkpoint_passive

        def recorded(database):
            threads.append(threading.get_ident())
            return real(database)

        monkeypatch.setattr(wal, "checkpoint_passive", recorded)
        assert await wal.copy_back(path, at=1024)  # every page of the log copied back
        assert threads and threads[0] != threading.get_ident()
        assert not await wal.copy_back(path, at=64 * 1024 * 1024)  # (small enough: left)
        assert len(threads) == 1
    finally:
        await engine.dispose()
