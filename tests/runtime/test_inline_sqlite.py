"""The inline SQLite driver: statements run on the event loop's thread, and a write that meets
another process's lock waits without blocking the loop."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from bot.db.engine import make_engine


async def make_table(url: str) -> None:
    engine = make_engine(url)
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)"))
        await conn.execute(text("INSERT INTO t VALUES (1, 0)"))
    await engine.dispose()


def hold_write_lock(path: str, seconds: float, taken: threading.Event) -> None:
    """Another connection (as another process would) holds the write lock for `seconds`."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    taken.set()
    time.sleep(seconds)
    other.execute("COMMIT")
    other.close()


async def write_while_locked(tmp_path, hold: float, busy: float) -> tuple[int, float]:
    path = str(tmp_path / "lock.db")
    url = f"sqlite+inline:///{path}"
    await make_table(url)
    taken = threading.Event()
    holder = threading.Thread(target=hold_write_lock, args=(path, hold, taken))
    holder.start()
    taken.wait()
    ticks = 0
    stop = asyncio.Event()

    async def tick() -> None:
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            await asyncio.sleep(0.01)

    ticker = asyncio.create_task(tick())
    engine = make_engine(url, busy_timeout=busy)
    started = time.monotonic()
    try:
        async with engine.begin() as conn:
            await conn.execute(text("UPDATE t SET v = v + 1"))
    finally:
        waited = time.monotonic() - started
        stop.set()
        await ticker
        await engine.dispose()
        holder.join()
    return ticks, waited


async def test_a_write_waits_for_another_writer_without_blocking_the_loop(tmp_path):
    ticks, waited = await write_while_locked(tmp_path, hold=0.4, busy=5)
    assert waited >= 0.3
    assert ticks >= 10  # the loop ran other tasks while the write waited


async def test_a_write_gives_up_after_the_busy_timeout(tmp_path):
    with pytest.raises(OperationalError, match="locked"):
        await write_while_locked(tmp_path, hold=1.0, busy=0.2)


async def test_rows_and_counts_come_back(tmp_path):
    url = f"sqlite+inline:///{tmp_path / 'rows.db'}"
    await make_table(url)
    engine = make_engine(url)
    async with engine.begin() as conn:
        result = await conn.execute(text("INSERT INTO t (v) VALUES (5), (6)"))
        assert result.rowcount == 2
        rows = (await conn.execute(text("SELECT id, v FROM t ORDER BY id"))).all()
    await engine.dispose()
    assert [tuple(r) for r in rows] == [(1, 0), (2, 5), (3, 6)]
