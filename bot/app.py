"""Wiring shared by the Discord bot and the local CLI: database, migrations, titles, service."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncEngine

from bot import catalog
from bot.config import Settings
from bot.db import wal
from bot.db.engine import (
    check_location,
    check_writable,
    is_sqlite,
    make_engine,
    migrate,
    sessionmaker,
    sqlite_file,
)
from bot.db.models import utcnow
from bot.service import GameService
from bot.startup import StartupError

#: Test-only: the service's clock runs this many seconds ahead of the real one (end-to-end
#: tests move time by restarting the bot with a larger offset). Never set it in production.
CLOCK_OFFSET_ENV = "BOARDROOM_CLOCK_OFFSET"


@dataclass
class App:
    settings: Settings
    engine: AsyncEngine
    reader: AsyncEngine
    service: GameService
    #: The cold reads' (statistics, export, history, replay): on SQLite, aiosqlite's thread.
    cold: AsyncEngine
    #: Truncates a SQLite file's write-ahead log when it grows large (bot.db.wal).
    wal_keeper: asyncio.Task[None] | None = None

    async def close(self) -> None:
        if self.wal_keeper is not None:
            self.wal_keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.wal_keeper
        catalog.stop_render_pool()
        for engine in {self.engine, self.reader, self.cold}:
            await engine.dispose()


async def build(settings: Settings) -> App:
    """Load the titles, migrate the database to the newest schema, and build the service.
    Whatever was started is stopped again when this fails. Games waiting on an automatic
    player are left to the caller (`service.resume_bots`): the bot does it once connected."""
    _load_titles(settings)
    url = settings.database_url
    check_location(url)
    catalog.start_render_pool(
        settings.render_processes(), settings.extra_title_paths(), settings.extra_renderer_paths()
    )
    timeout = settings.database_busy_timeout
    database = sqlite_file(url)
    # (the WAL keeper below copies the log back in a thread: the writer's commits never do)
    engine = make_engine(url, busy_timeout=timeout, autocheckpoint=database is None)
    reader, cold = engine, engine
    if is_sqlite(url):
        reader = make_engine(url, writer=False, busy_timeout=timeout)
        cold = make_engine(url, writer=False, busy_timeout=timeout, threaded=True)
    try:
        await migrate(engine)
        await check_writable(engine)
    except BaseException:
        catalog.stop_render_pool()
        for made in {engine, reader, cold}:
            await made.dispose()
        raise
    hours = settings.turn_reminder_hours
    service = GameService(
        sessionmaker(engine),
        cache_size=settings.state_cache_size,
        readers=sessionmaker(reader),
        cold=sessionmaker(cold),
        reminder_after=timedelta(hours=hours) if hours > 0 else None,
        clock=service_clock(),
        shards=settings.shards(),
    )
    await service.upgrade_stored_games()
    await service.load_watching()
    app = App(settings=settings, engine=engine, reader=reader, service=service, cold=cold)
    if database is not None:
        app.wal_keeper = asyncio.create_task(wal.keep_small(database))
    return app


def service_clock() -> Callable[[], datetime]:
    """The real clock, or (tests only) one shifted by BOARDROOM_CLOCK_OFFSET seconds."""
    raw = os.environ.get(CLOCK_OFFSET_ENV, "").strip()
    if not raw:
        return utcnow
    try:
        offset = timedelta(seconds=float(raw))
    except ValueError:
        raise StartupError(
            f"{CLOCK_OFFSET_ENV}={raw[:40]}: should be a number of seconds"
        ) from None
    return lambda: utcnow() + offset


def _load_titles(settings: Settings) -> None:
    extras = settings.extra_title_paths() + settings.extra_renderer_paths()
    try:
        catalog.load(settings.extra_title_paths(), settings.extra_renderer_paths())
    except Exception as exc:
        if not extras:
            raise
        raise StartupError(
            f"EXTRA_TITLES / EXTRA_RENDERERS could not be loaded ({type(exc).__name__}: {exc}): "
            "check the module:ATTR paths"
        ) from None
