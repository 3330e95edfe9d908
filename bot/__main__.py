"""`python -m bot`: run the Discord bot with the settings from the environment and `.env`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from typing import TYPE_CHECKING

from bot import logs
from bot.config import get_settings

if TYPE_CHECKING:
    from bot.discord.client import BoardroomBot

log = logging.getLogger("bot")


async def _run() -> int:
    from bot.app import build
    from bot.discord.client import BoardroomBot

    settings = get_settings()
    token = settings.discord_token.get_secret_value()
    logs.setup(settings.log_level, settings.log_format, secret=token)
    if not token:
        log.error("DISCORD_TOKEN is not set: put it in .env (see .env.example).")
        return 2
    app = await build(settings)
    bot = BoardroomBot(app)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        # A clean stop: finish pending deliveries, close the gateway, release the database.
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(_stop(bot)))
    try:
        async with bot:
            await bot.start(token)
    finally:
        await app.close()
    log.info("stopped")
    return 0


async def _stop(bot: BoardroomBot) -> None:
    log.info("stopping")
    await bot.turns.drain()
    await bot.close()


def main() -> None:
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(asyncio.run(_run()))


if __name__ == "__main__":
    main()
