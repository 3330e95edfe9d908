"""The async engine: SQLite (WAL, busy timeout, immediate write transactions) or PostgreSQL."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import IO, TYPE_CHECKING

try:
    import fcntl
except ImportError:  # Windows: no lock (run one bot per SQLite file there)
    fcntl = None  # type: ignore[assignment]

from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

from bot.runtime import inline_sqlite
from bot.startup import StartupError

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
SQLITE_BUSY_TIMEOUT_MS = 10_000


def make_engine(
    url: str,
    *,
    writer: bool = True,
    busy_timeout: float = SQLITE_BUSY_TIMEOUT_MS / 1000,
    threaded: bool = False,
    autocheckpoint: bool = True,
) -> AsyncEngine:
    """The engine for `url`, run by the driver it names: on SQLite `sqlite+inline` (each
    statement on the event loop, `bot.runtime.inline_sqlite`) or `sqlite+aiosqlite` (each
    statement in aiosqlite's thread). `threaded`: aiosqlite whatever the URL names (the cold
    reads: long queries that must not hold the event loop). On SQLite a `writer` engine opens
    every transaction with BEGIN IMMEDIATE; a reader engine uses plain (deferred) BEGIN, so
    reads never queue behind writes. `busy_timeout` (seconds) is how long SQLite waits for
    another writer before 'database is locked'. `autocheckpoint=False`: a commit never copies
    the write-ahead log into the database (the caller runs `bot.db.wal.keep_small`, which
    does it in a thread)."""
    if not is_sqlite(url):
        return create_async_engine(url, pool_pre_ping=True)
    parsed = make_url(url)
    if threaded:
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    begin = "BEGIN IMMEDIATE" if writer else "BEGIN"
    engine = create_async_engine(parsed, connect_args={"timeout": busy_timeout})
    if parsed.get_driver_name() == inline_sqlite.InlineSQLiteDialect.driver:
        # (SQLite's busy handler would block the loop: the inline driver waits itself)
        engine.sync_engine.dialect.begin_statement = begin  # type: ignore[attr-defined]
        _tune_sqlite(engine, busy_ms=0, autocheckpoint=autocheckpoint)
    else:  # a thread of its own: SQLite's busy handler may block it
        _tune_sqlite(engine, busy_ms=int(busy_timeout * 1000), autocheckpoint=autocheckpoint)
        _begin_with(engine, begin)
    return engine


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def _tune_sqlite(engine: AsyncEngine, *, busy_ms: int, autocheckpoint: bool) -> None:
    """WAL so readers never block the writer; the dialect (or `_begin_with`) issues BEGIN
    itself so that writers take the write lock with their first statement (BEGIN IMMEDIATE)
    and two writers queue instead of failing half-way with 'database is locked'."""

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        dbapi_connection.isolation_level = None  # BEGIN is ours to issue
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        if not autocheckpoint:
            cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.close()


def _begin_with(engine: AsyncEngine, statement: str) -> None:
    """SQLAlchemy's documented way to choose how a SQLite transaction begins."""

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(connection: Connection) -> None:
        connection.exec_driver_sql(statement)


def sessionmaker(engine: AsyncEngine) -> async_sessionmaker:
    return async_sessionmaker(engine, expire_on_commit=False)


def alembic_config() -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    return cfg


_REVISION = re.compile(r'^(down_)?revision\s*=\s*"?([^"\s]+)"?', re.MULTILINE)


def head_revision() -> str:
    """The newest migration, read from the files: the one no other migration builds on."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in (MIGRATIONS_DIR / "versions").glob("*.py"):
        for down, value in _REVISION.findall(path.read_text()):
            (parents if down else revisions).add(value)
    (head,) = revisions - parents
    return head


#: The PostgreSQL advisory lock (two-key form: apart from the games' one-key locks) under
#: which the schema is migrated.
MIGRATION_LOCK = {"a": 0x426F, "b": 1}


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest Alembic revision (run at start-up). A database already
    there is left alone without loading Alembic, which would stay in memory (about 12 MiB)."""
    if await current_revision(engine) == head_revision():
        return
    from alembic import command

    def _upgrade(connection: Connection) -> None:
        cfg = alembic_config()
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")

    async with engine.begin() as conn:
        if conn.dialect.name == "postgresql":  # processes starting together migrate in turn
            await conn.execute(text("SELECT pg_advisory_xact_lock(:a, :b)"), MIGRATION_LOCK)
        await conn.run_sync(_upgrade)


async def current_revision(engine: AsyncEngine) -> str | None:
    """The database's schema revision (None: no Boardroom schema in it)."""
    async with engine.connect() as conn:
        has_table = await conn.run_sync(
            lambda sync: sync.dialect.has_table(sync, "alembic_version")
        )
        if not has_table:
            return None
        return await conn.scalar(text("SELECT version_num FROM alembic_version"))


def sqlite_file(url: str) -> Path | None:
    """The file a SQLite URL names (None: not SQLite, in memory, or a `file:` URI)."""
    parsed = make_url(url)
    name = parsed.database
    if parsed.get_backend_name() != "sqlite" or not name or name == ":memory:":
        return None
    if name.startswith("file:") or parsed.query.get("uri"):
        return None
    return Path(name)


def check_location(url: str) -> None:
    """Before opening a SQLite file: its folder must exist and be writable (SQLite also keeps
    its -wal and -shm files there), and the file itself writable if it exists."""
    path = sqlite_file(url)
    if path is None:
        return
    folder = path.parent
    if not folder.is_dir():
        problem = "is not a folder" if folder.exists() else "does not exist"
        raise StartupError(
            f"{folder}, the folder of the database file {path.name}, {problem}: create the "
            "folder, or change DATABASE_URL"
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StartupError(
            f"the user running the bot cannot write in {folder}, where the database file "
            f"{path.name} and its journal go: make the folder writable, or change DATABASE_URL"
        )
    if path.exists() and (path.is_dir() or not os.access(path, os.R_OK | os.W_OK)):
        raise StartupError(
            f"the database file {path} cannot be read and written by the user running the bot: "
            "fix its permissions, or change DATABASE_URL"
        )


#: Lock files held by this process (`hold_sqlite_file`), open until it ends.
_held: dict[Path, IO[str]] = {}


def hold_sqlite_file(url: str) -> None:
    """One bot process per SQLite file: take an exclusive lock on `<file>.lock`, held until
    this process ends (the system lets go of it however it ends, kill -9 included). A second
    bot on the same file would answer every interaction twice and write past the first one's
    in-process locks; several processes need PostgreSQL."""
    path = sqlite_file(url)
    if path is None or fcntl is None or path in _held:  # not a file, or not on POSIX
        return
    lock = lock_sqlite_file(path)
    if lock is None:
        raise StartupError(
            f"another Boardroom bot is already running on {path}: SQLite serves one bot "
            "process. Stop the other one, or use PostgreSQL (DATABASE_URL) to run several"
        )
    _held[path] = lock


def lock_sqlite_file(path: Path) -> IO[str] | None:
    """The bot's lock on a SQLite file, `<file>.lock`, taken without waiting: the open lock
    file (closing it lets go), or None while another process holds it."""
    lock = open(path.with_name(path.name + ".lock"), "a")  # noqa: SIM115  # the caller's
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.close()
        return None
    return lock


async def check_writable(engine: AsyncEngine) -> None:
    """One no-op write at start-up, so a read-only database is found now rather than at the
    first move (an up-to-date schema needs no write to migrate)."""
    async with engine.begin() as conn:
        await conn.execute(text("UPDATE alembic_version SET version_num = version_num"))
