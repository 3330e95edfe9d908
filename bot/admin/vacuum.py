"""`boardroom-admin vacuum [--dry-run]`: drop the snapshots no longer needed, then give the
space back (design: snapshots are a cache of the log; keep the latest, one every K actions and
the final one).

A game that is over (finished, or ended by a moderator) keeps only its newest snapshot, the
final state; any other game keeps its newest one and its checkpoints (one every
`loader.SNAPSHOT_EVERY` actions: rollbacks and replays start from them). Every other snapshot
goes, in one statement that never touches a game's newest. Then SQLite runs VACUUM and
truncates its WAL (while no bot runs on the file: it takes the bot's lock), and PostgreSQL
runs a plain VACUUM of the table (outside a transaction, alongside running bots)."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from sqlalchemy import ColumnElement, and_, delete, distinct, func, or_, select, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.admin.database import Database, bot_stopped
from bot.db.engine import is_sqlite, sqlite_file
from bot.db.models import Game, Snapshot

SNAPSHOTS = Snapshot.__table__
GAMES = Game.__table__
#: Statuses of games that are over: their final snapshot is all they need.
OVER = ("finished", "ended")
_TABLE_SIZE = text("SELECT pg_total_relation_size('snapshots')")


@dataclass(frozen=True)
class Unneeded:
    """Snapshots no longer needed: how many, of how many games, how many bytes of state."""

    rows: int
    games: int
    state_bytes: int

    def words(self) -> str:
        return (
            f"{self.rows} snapshot{'s' if self.rows != 1 else ''} of {self.games} "
            f"game{'s' if self.games != 1 else ''} ({self.state_bytes} bytes of state)"
        )


def unneeded() -> ColumnElement[bool]:
    """A snapshot below its game's newest that is no checkpoint, or whose game is over."""
    newer = SNAPSHOTS.alias("newer")
    newest = (
        select(func.max(newer.c.version))
        .where(newer.c.game_id == SNAPSHOTS.c.game_id)
        .correlate(SNAPSHOTS)
        .scalar_subquery()
    )
    over = select(GAMES.c.id).where(GAMES.c.status.in_(OVER))
    return and_(
        SNAPSHOTS.c.version < newest,
        or_(SNAPSHOTS.c.checkpoint.is_(False), SNAPSHOTS.c.game_id.in_(over)),
    )


async def count_unneeded(conn: AsyncConnection) -> Unneeded:
    row = (
        await conn.execute(
            select(
                func.count(),
                func.count(distinct(SNAPSHOTS.c.game_id)),
                func.coalesce(func.sum(func.length(SNAPSHOTS.c.state)), 0),
            ).where(unneeded())
        )
    ).one()
    return Unneeded(int(row[0]), int(row[1]), int(row[2]))


async def drop_unneeded(engine: AsyncEngine) -> Unneeded:
    """Delete them (one transaction); what was deleted."""
    async with engine.begin() as conn:
        found = await count_unneeded(conn)
        done = await conn.execute(delete(SNAPSHOTS).where(unneeded()))
    return Unneeded(done.rowcount, found.games, found.state_bytes)


async def run(db: Database, dry_run: bool, out: TextIO) -> int:
    if dry_run:
        async with db.engine.connect() as conn:
            found = await count_unneeded(conn)
        print(f"would remove {found.words()}; nothing changed (--dry-run)", file=out)
        return 0
    if is_sqlite(db.url):
        with bot_stopped(db.url, "vacuum (VACUUM rewrites the whole file)"):
            return await _sqlite(db, out)
    return await _postgres(db, out)


async def _sqlite(db: Database, out: TextIO) -> int:
    path = sqlite_file(db.url)
    before = _on_disk(path) if path is not None else 0
    print(f"removed {(await drop_unneeded(db.engine)).words()}", file=out)
    await db.engine.dispose()  # no connection of this process stays open during VACUUM
    if path is None:
        print("VACUUM skipped: DATABASE_URL names no plain SQLite file", file=out)
        return 0
    await asyncio.to_thread(_vacuum_file, path, db.settings.database_busy_timeout)
    after = _on_disk(path)
    print(
        f"VACUUM: {path} went from {before} to {after} bytes on disk "
        f"({max(before - after, 0)} bytes reclaimed)",
        file=out,
    )
    return 0


async def _postgres(db: Database, out: TextIO) -> int:
    async with db.engine.connect() as conn:
        before = int(await conn.scalar(_TABLE_SIZE) or 0)
    print(f"removed {(await drop_unneeded(db.engine)).words()}", file=out)
    async with db.engine.connect() as conn:
        auto = await conn.execution_options(isolation_level="AUTOCOMMIT")
        await auto.exec_driver_sql("VACUUM (ANALYZE) snapshots")
        after = int(await auto.scalar(_TABLE_SIZE) or 0)
    print(
        f"VACUUM snapshots: the table takes {after} bytes (was {before}); PostgreSQL keeps the "
        "space of removed rows for new ones (VACUUM FULL would return it, locking the table)",
        file=out,
    )
    return 0


def _vacuum_file(path: Path, timeout: float) -> None:
    """VACUUM (rewrites the file without its free pages), then fold the WAL back and
    truncate it, so the file's size says what was reclaimed."""
    conn = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    try:
        conn.execute("VACUUM")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def _on_disk(path: Path) -> int:
    """The database file and its WAL, in bytes."""
    wal = path.with_name(path.name + "-wal")
    return path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
