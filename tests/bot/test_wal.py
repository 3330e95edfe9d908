"""The SQLite write-ahead log on a real file: a long reader makes it grow, SQLite never shrinks
it by itself, and the bot's check truncates it once the reader is gone (in a thread, while
the bot's writers go on)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.app import build
from bot.config import Settings
from bot.db import wal
from bot.db.engine import make_engine
from tests.conftest import TEST_RENDERERS, TEST_TITLES

LIMIT = 256 * 1024
ROW = "x" * 4000


async def write_rows(url: str, n: int) -> None:
    """`n` commits of one row each, through the bot's own engine (so SQLite's automatic
    checkpoints run as they do in the bot)."""
    engine = make_engine(url)
    try:
        for _ in range(n):
            async with engine.begin() as conn:
                await conn.execute(text("INSERT INTO t (v) VALUES (:v)"), {"v": ROW})
    finally:
        await engine.dispose()


async def test_a_wal_grown_by_a_long_reader_is_truncated_once_the_reader_is_gone(
    tmp_path: Path,
):
    path = tmp_path / "boardroom.db"
    url = f"sqlite+inline:///{path}"
    engine = make_engine(url)  # (the bot's connection stays open: the log is not removed)
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)"))
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    assert reader.execute("SELECT count(*) FROM t").fetchone() == (0,)  # holds its snapshot

    await write_rows(url, 300)  # ~1.2 MB, none of it can be checkpointed past the reader
    grown = wal.wal_size(path)
    assert grown > 4 * LIMIT
    assert await wal.shrink_if_large(path, LIMIT) is False  # the reader still holds it
    assert wal.wal_size(path) >= grown

    reader.execute("COMMIT")
    reader.close()
    await write_rows(url, 50)  # SQLite checkpoints and reuses the log, but keeps its size
    assert wal.wal_size(path) >= grown

    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.001)

    ticker = asyncio.create_task(tick())
    keeper = asyncio.create_task(wal.keep_small(path, LIMIT, every=0.05))
    try:
        async with asyncio.timeout(10):
            while wal.wal_size(path) > 0:
                await asyncio.sleep(0.02)
    finally:
        keeper.cancel()
        ticker.cancel()
    assert ticks > 10  # the loop ran on meanwhile

    await write_rows(url, 5)  # and the bot writes on, into a small log
    assert 0 < wal.wal_size(path) <= LIMIT
    async with engine.connect() as conn:
        assert await conn.scalar(text("SELECT count(*) FROM t")) == 355
    await engine.dispose()
    assert await wal.shrink_if_large(path, LIMIT) is False  # small: nothing to do


def test_the_checkpoint_gives_up_at_once_while_a_reader_holds_an_old_snapshot(tmp_path: Path):
    path = tmp_path / "boardroom.db"
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("CREATE TABLE t (v TEXT)")
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM t").fetchone()
    for _ in range(100):
        writer.execute("INSERT INTO t VALUES (?)", (ROW,))
    assert wal.checkpoint_truncate(path) is False
    writer.execute("INSERT INTO t VALUES ('after')")  # the write lock was let go
    reader.execute("COMMIT")
    assert wal.checkpoint_truncate(path) is True
    assert wal.wal_size(path) == 0
    reader.close()
    writer.close()


async def test_the_bot_keeps_its_sqlite_files_log_small_until_it_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.chdir(tmp_path)  # (no .env)
    path = tmp_path / "boardroom.db"
    settings = Settings(
        database_url=f"sqlite+inline:///{path}",
        render_workers=0,
        extra_titles=",".join(TEST_TITLES),
        extra_renderers=",".join(TEST_RENDERERS),
    )
    monkeypatch.setattr(wal, "WAL_CHECK_EVERY", 0.05)
    monkeypatch.setattr(wal, "WAL_LIMIT", LIMIT)
    truncated_at: list[int] = []  # the log's size each time the keeper truncates it
    checkpoint = wal.checkpoint_truncate

    def seen(database: Path) -> bool:
        truncated_at.append(wal.wal_size(database))
        return checkpoint(database)

    monkeypatch.setattr(wal, "checkpoint_truncate", seen)
    app = await build(settings)
    try:
        assert app.wal_keeper is not None and not app.wal_keeper.done()
        async with app.engine.begin() as conn:
            await conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)"))
        await write_rows(f"sqlite+inline:///{path}", 100)
        # The keeper truncates the log once it is past LIMIT (perhaps during the writes, and
        # then what the last writes added stays, under LIMIT): it has truncated, only a log
        # past LIMIT, and the log is back under LIMIT.
        async with asyncio.timeout(10):
            while not truncated_at or wal.wal_size(path) > LIMIT:
                await asyncio.sleep(0.02)
        assert min(truncated_at) > LIMIT
    finally:
        await app.close()
    assert app.wal_keeper.done()
