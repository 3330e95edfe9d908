"""`boardroom-admin migrate`: bring the database to the newest schema (the bot does the same
when it starts). A SQLite file is created when missing; it is migrated only while no bot runs
on it, so a bot never finds its schema changing under it."""

from __future__ import annotations

from typing import TextIO

from bot.admin.database import bot_stopped, current_revision, load_titles, refuse_unknown
from bot.config import Settings
from bot.db.engine import check_location, check_writable, head_revision, make_engine, migrate
from bot.startup import where


async def run(settings: Settings, out: TextIO) -> int:
    url = settings.database_url
    check_location(url)
    load_titles(settings)
    engine = make_engine(url, busy_timeout=settings.database_busy_timeout)
    try:
        before = await current_revision(engine)
        refuse_unknown(before, url)
        head = head_revision()
        if before == head:
            print(f"{where(url)} is already at the newest schema ({head}): nothing to do", file=out)
            return 0
        with bot_stopped(url, "migrating its database"):
            await migrate(engine)
        await check_writable(engine)
        after = await current_revision(engine)
    finally:
        await engine.dispose()
    if before is None:
        print(f"created the Boardroom schema ({after}) in {where(url)}", file=out)
    else:
        print(f"migrated {where(url)} from schema {before} to {after}", file=out)
    return 0
