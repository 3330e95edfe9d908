"""Opening the bot's database for an admin command: the bot's settings and titles, no render
pool, no Discord. A database that does not exist, or whose schema is not this code's newest,
is refused with one line saying what to do (`boardroom-admin migrate`), never created or
migrated behind the operator's back."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass

try:
    import fcntl
except ImportError:  # Windows: no lock file (as in bot.db.engine)
    fcntl = None  # type: ignore[assignment]

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.app import _load_titles, service_clock
from bot.config import Settings, load_settings
from bot.db.engine import (
    MIGRATIONS_DIR,
    check_location,
    current_revision,
    head_revision,
    lock_sqlite_file,
    make_engine,
    sessionmaker,
    sqlite_file,
)
from bot.service import GameService
from bot.startup import StartupError, where

MIGRATE = "boardroom-admin migrate"
_REVISION = re.compile(r'^revision\s*=\s*"?([^"\s]+)"?', re.MULTILINE)


@dataclass
class Database:
    """An open database and the settings it came from."""

    settings: Settings
    engine: AsyncEngine

    @property
    def url(self) -> str:
        return self.settings.database_url

    @property
    def shown(self) -> str:
        """The database as it may be printed (no password)."""
        return where(self.url)

    def service(self) -> GameService:
        """The game service on this database, with the bot's clock (all shards)."""
        return GameService(sessionmaker(self.engine), clock=service_clock())


def settings_for(database_url: str | None = None) -> Settings:
    """The bot's settings (`--db` overriding DATABASE_URL), or a StartupError."""
    overrides = {"database_url": database_url} if database_url else {}
    return load_settings(**overrides)


def load_titles(settings: Settings) -> None:
    """The built-in titles and EXTRA_TITLES / EXTRA_RENDERERS, as the bot loads them."""
    _load_titles(settings)


@asynccontextmanager
async def opened(settings: Settings, *, writer: bool = False) -> AsyncIterator[Database]:
    """The existing, up-to-date database (`writer`: its transactions take the write lock
    first, as the bot's do; readers never wait for the bot's writes)."""
    url = settings.database_url
    check_location(url)
    path = sqlite_file(url)
    if path is not None and not path.exists():
        raise StartupError(
            f"there is no database file {path}: check DATABASE_URL, or create it with `{MIGRATE}`"
        )
    load_titles(settings)
    engine = make_engine(url, writer=writer, busy_timeout=settings.database_busy_timeout)
    try:
        await require_newest(engine, url)
        yield Database(settings, engine)
    finally:
        await engine.dispose()


# ------------------------------------------------------------------------------ the schema
def known_revisions() -> set[str]:
    """Every migration this code ships."""
    found: set[str] = set()
    for path in (MIGRATIONS_DIR / "versions").glob("*.py"):
        found.update(_REVISION.findall(path.read_text()))
    return found


def refuse_unknown(revision: str | None, url: str) -> None:
    """A schema written by a newer Boardroom cannot be used (nor migrated) by this one."""
    if revision is not None and revision not in known_revisions():
        raise StartupError(
            f"the database {where(url)} has schema {revision}, written by a newer Boardroom: "
            "upgrade Boardroom before using it"
        )


async def require_newest(engine: AsyncEngine, url: str) -> None:
    revision = await current_revision(engine)
    refuse_unknown(revision, url)
    head = head_revision()
    if revision is None:
        raise StartupError(
            f"{where(url)} holds no Boardroom database: check DATABASE_URL, or create the "
            f"schema with `{MIGRATE}`"
        )
    if revision != head:
        raise StartupError(
            f"the database {where(url)} has schema {revision}, this Boardroom needs {head}: "
            f"run `{MIGRATE}` (the bot also migrates when it starts)"
        )


# ------------------------------------------------------------------------------ the bot
@contextmanager
def bot_stopped(url: str, doing: str) -> Iterator[None]:
    """While this runs no bot can start on the SQLite file, and it refuses to run while one
    does: it takes the bot's own lock, `<file>.lock` (see bot.db.engine.hold_sqlite_file).
    No lock on PostgreSQL (several bots may share it) or where there are no file locks."""
    path = sqlite_file(url)
    if path is None or fcntl is None:
        yield
        return
    lock = lock_sqlite_file(path)
    if lock is None:
        raise StartupError(f"a Boardroom bot is running on {path}: stop it before {doing}")
    with lock:
        yield
