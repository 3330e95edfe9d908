"""`python -m bot`: run the Discord bot with the settings from the environment and `.env`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from bot import logs
from bot.config import get_settings

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
    try:
        async with bot:
            await bot.start(token)
    finally:
        await app.close()
    return 0


def main() -> None:
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(asyncio.run(_run()))


if __name__ == "__main__":
    main()
