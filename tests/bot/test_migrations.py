"""The Alembic migrations build exactly the schema the models describe, on a real database."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from bot.db.engine import make_engine, migrate
from bot.db.models import Base


async def test_migrated_schema_matches_the_models(db_url):
    engine = make_engine(db_url)
    await migrate(engine)
    await migrate(engine)  # idempotent: a second start-up changes nothing

    def diff(connection):
        ctx = MigrationContext.configure(connection)
        return compare_metadata(ctx, Base.metadata)

    async with engine.connect() as conn:
        differences = await conn.run_sync(diff)
        tables = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
    await engine.dispose()
    assert differences == []
    assert {"games", "seats", "actions", "snapshots", "audit", "guild_settings"} <= tables


async def test_sqlite_runs_in_wal_mode(tmp_path):
    """WAL; SQLite's own busy handler off (it would block the event loop), the inline driver
    waiting for another writer instead."""
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'w.db'}")
    async with engine.connect() as conn:
        mode = (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar()
        timeout = (await conn.exec_driver_sql("PRAGMA busy_timeout")).scalar()
        raw = await conn.get_raw_connection()
        waits = raw.dbapi_connection.busy_timeout
    await engine.dispose()
    assert mode == "wal" and timeout == 0 and waits >= 1
