"""Copying SQLite's write-ahead log into the database in a thread, and keeping it small.

The bot's writer turns SQLite's automatic checkpoints off (`make_engine(autocheckpoint=False)`):
with them, the commit that takes the log past 1,000 pages copies it into the database and
syncs it to disk, on the event loop for the inline driver, holding every player waiting. Here
the copy runs in a thread instead (`copy_back`, a PASSIVE checkpoint on a connection of its
own: it never waits for a lock, and the writers go on appending while it copies).

SQLite checkpoints the -wal file into the database by itself, but never shrinks it: it reuses
the file from its start once everything in it is checkpointed. While a reader holds an old
snapshot nothing past that snapshot can be checkpointed, so the log grows (68 MB after one
long reader), and it keeps that size for good. So every `WAL_CHECK_EVERY` seconds the bot
looks at the file's size, and past `WAL_LIMIT` it runs `PRAGMA wal_checkpoint(TRUNCATE)`,
which checkpoints everything and truncates the file to zero bytes.

The checkpoint runs in a thread (it copies the log into the database: disk work the event loop
must not wait on), on a connection of its own with no busy timeout: it takes the write lock
only for the copy (the bot's writers wait for it without blocking, as for any other writer,
`bot.runtime.inline_sqlite`), and when a reader still holds an old snapshot it gives up at once
instead of holding the lock while it waits; the next check tries again."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

log = logging.getLogger("bot.db.wal")

#: The -wal file is truncated once it is larger than this (bytes).
WAL_LIMIT = 16 * 1024 * 1024
#: Past this size (bytes: about SQLite's own 1,000 pages) the log is copied into the database.
COPY_BACK_AT = 4 * 1024 * 1024
#: How often the size is looked at (seconds): one stat of the file.
WAL_CHECK_EVERY = 2.0


def wal_file(database: Path) -> Path:
    return database.with_name(database.name + "-wal")


def wal_size(database: Path) -> int:
    """The -wal file's size in bytes (0 when there is none)."""
    try:
        return wal_file(database).stat().st_size
    except FileNotFoundError:
        return 0


def _checkpoint(database: Path, mode: str) -> tuple[int, int, int] | None:
    """`PRAGMA wal_checkpoint(<mode>)` on a connection of its own that never waits for a lock
    (blocking: run it in a thread): (busy, pages in the log, pages copied), or None when the
    log could not even be opened (e.g. locked)."""
    connection = sqlite3.connect(database, timeout=0, isolation_level=None)
    try:
        return connection.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
    except sqlite3.OperationalError as error:
        log.debug("could not checkpoint %s: %s", database, error)
        return None
    finally:
        connection.close()


def checkpoint_truncate(database: Path) -> bool:
    """Checkpoint the whole log and truncate it. False when something held it back (a reader
    on an old snapshot, or a writer): the file is then left as it is, apart from what could
    be copied without waiting."""
    done = _checkpoint(database, "TRUNCATE")
    return done is not None and done[0] == 0


def checkpoint_passive(database: Path) -> bool:
    """Copy into the database what of the log no reader still needs. True when all of it was
    copied."""
    done = _checkpoint(database, "PASSIVE")
    return done is not None and done[0] == 0 and done[1] == done[2]


async def copy_back(database: Path, at: int = COPY_BACK_AT) -> bool:
    """Copy the log into the database, in a thread, when it is larger than `at` bytes. True
    when it was all copied."""
    if wal_size(database) <= at:
        return False
    return await asyncio.to_thread(checkpoint_passive, database)


async def shrink_if_large(database: Path, limit: int = WAL_LIMIT) -> bool:
    """Truncate the database's -wal file when it is larger than `limit`, off the event loop.
    True when it was truncated."""
    size = wal_size(database)
    if size <= limit:
        return False
    done = await asyncio.to_thread(checkpoint_truncate, database)
    if done:
        log.info("truncated the write-ahead log of %s (it had grown to %d bytes)", database, size)
    else:
        log.debug("the write-ahead log of %s is %d bytes; busy now, will try again", database, size)
    return done


async def keep_small(database: Path, limit: int | None = None, every: float | None = None) -> None:
    """Run until cancelled: every `every` seconds (default `WAL_CHECK_EVERY`), `copy_back`,
    then `shrink_if_large` (default `WAL_LIMIT`)."""
    while True:
        await asyncio.sleep(WAL_CHECK_EVERY if every is None else every)
        try:
            await copy_back(database)
            await shrink_if_large(database, WAL_LIMIT if limit is None else limit)
        except (OSError, sqlite3.Error) as error:  # a disk error: say so, try again later
            log.warning("could not check the write-ahead log of %s: %s", database, error)
