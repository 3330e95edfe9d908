"""The async engine: SQLite (WAL, busy timeout, immediate write transactions) or PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
SQLITE_BUSY_TIMEOUT_MS = 10_000


def make_engine(url: str, *, writer: bool = True) -> AsyncEngine:
    """On SQLite, a `writer` engine opens every transaction with BEGIN IMMEDIATE; a reader
    engine uses plain (deferred) BEGIN, so reads never queue behind writes."""
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000})
        _tune_sqlite(engine, "BEGIN IMMEDIATE" if writer else "BEGIN")
        return engine
    return create_async_engine(url, pool_pre_ping=True)


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def _tune_sqlite(engine: AsyncEngine, begin: str) -> None:
    """WAL so readers never block the writer; BEGIN IMMEDIATE (writers) so two writers queue on
    the busy timeout instead of failing half-way with 'database is locked'."""

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        dbapi_connection.isolation_level = None  # let us issue BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Connection) -> None:
        conn.exec_driver_sql(begin)


def sessionmaker(engine: AsyncEngine) -> async_sessionmaker:
    return async_sessionmaker(engine, expire_on_commit=False)


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    return cfg


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest Alembic revision (run at start-up)."""

    def _upgrade(connection: Connection) -> None:
        cfg = alembic_config()
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")

    async with engine.begin() as conn:
        await conn.run_sync(_upgrade)
