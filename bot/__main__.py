"""`python -m bot`: run the Discord bot with the settings from the environment and `.env`.

A problem the person running the bot must fix (a bad setting, an unusable database, Discord
out of reach, a refused token) is reported in one line saying what to fix, and the process
exits with `startup.EXIT_CODE`; no traceback."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import sys
from typing import TYPE_CHECKING

from bot import logs, startup
from bot.config import Settings, get_settings

if TYPE_CHECKING:
    from bot.app import App
    from bot.discord.client import BoardroomBot

log = logging.getLogger("bot")
#: Blocks this big or bigger are mapped on their own (render.heap.fix_mmap_threshold). Below a
#: board's size (Tidewater's are up to 215 KB): since the event loop reads the drawn images
#: itself (bot.render_pool), boards kept on the main heap fragmented it. 20 Tidewater games
#: with 1,000 stored (bench.e2e_load): bot + worker PSS 202-203 MiB at 256 KiB, 184 at 128.
HEAP_MMAP_BYTES = 128 * 1024


def _cannot_start(line: str) -> int:
    log.error("cannot start: %s", line)
    return startup.EXIT_CODE


async def _run() -> int:
    try:
        settings = get_settings()
    except startup.StartupError as exc:
        logs.setup()
        return _cannot_start(str(exc))
    token = settings.discord_token.get_secret_value()
    logs.setup(settings.log_level, settings.log_format, secret=token)
    if not token:
        return _cannot_start("DISCORD_TOKEN is not set: put it in .env (see .env.example)")
    app = await _build(settings)
    if isinstance(app, int):
        return app
    try:
        return await _serve(app, token)
    finally:
        await app.close()


async def _build(settings: Settings) -> App | int:
    from bot.app import build
    from bot.db.engine import check_location, hold_sqlite_file

    try:
        check_location(settings.database_url)
        hold_sqlite_file(settings.database_url)  # one bot process per SQLite file
        return await build(settings)
    except Exception as exc:
        line = startup.database_problem(exc, settings.database_url)
        if line is None:
            raise
        return _cannot_start(line)


async def _serve(app: App, token: str) -> int:
    from bot.discord.client import BoardroomBot

    bot = BoardroomBot(app)
    _settle_garbage_collector()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        # A clean stop: finish pending deliveries, close the gateway, release the database.
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(_stop(bot)))
    try:
        async with bot:
            await bot.start(token)
    except Exception as exc:
        url = app.settings.database_url
        line = startup.discord_problem(exc) or startup.database_problem(exc, url)
        if line is None:
            raise
        return _cannot_start(line)
    log.info("stopped")
    return 0


#: Container allocations between young collections (CPython's default is 700).
GC_YOUNG_THRESHOLD = 20_000


def _settle_garbage_collector() -> None:
    """Freeze what start-up built (modules, titles, mappers: about 100,000 objects that live as
    long as the process) so no collection walks them again, and collect young objects less
    often. bench.e2e_load --probe, 200 decisions: the collector's share of the bot's CPU went
    from 4.2% to 2.2%, and the slowest decision from 54 to 25 ms (a full collection fell in it)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])


async def _stop(bot: BoardroomBot) -> None:
    log.info("stopping")
    await bot.turns.drain()
    await bot.close()


def main() -> None:
    from render.heap import fix_mmap_threshold

    fix_mmap_threshold(HEAP_MMAP_BYTES)
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(_event_loop_runner()(_run()))


def _event_loop_runner():  # type: ignore[no-untyped-def]
    """uvloop where it is installed (not on Windows): the bot's event loop, sockets and the
    HTTP client cost about a tenth less CPU per decision with it (bench.e2e_load)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run
    return uvloop.run


if __name__ == "__main__":
    main()
