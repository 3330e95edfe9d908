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
    engine = make_engine(f"sqlite+inline:///{tmp_path / 'w.db'}")
    async with engine.connect() as conn:
        mode = (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar()
        timeout = (await conn.exec_driver_sql("PRAGMA busy_timeout")).scalar()
        raw = await conn.get_raw_connection()
        waits = raw.dbapi_connection.busy_timeout
    await engine.dispose()
    assert mode == "wal" and timeout == 0 and waits >= 1


def test_the_head_read_from_the_files_is_alembics():
    from alembic.script import ScriptDirectory

    from bot.db.engine import alembic_config, head_revision

    assert head_revision() == ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_an_up_to_date_database_starts_without_loading_alembic(tmp_path):
    """Alembic stays out of the bot's memory when there is nothing to migrate."""
    import subprocess
    import sys

    url = f"sqlite+inline:///{tmp_path / 'm.db'}"
    script = (
        "import asyncio, sys\n"
        "from bot.db.engine import make_engine, migrate\n"
        "async def main():\n"
        f"    e = make_engine({url!r})\n"
        "    await migrate(e)\n"
        "    await e.dispose()\n"
        "asyncio.run(main())\n"
        "print('alembic' in sys.modules)\n"
    )
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    again = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert first.stdout.strip() == "True", first.stderr  # a new database is migrated
    assert again.stdout.strip() == "False", again.stderr
