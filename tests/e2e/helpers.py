"""Helpers the end-to-end tests share: moving the bot's clock (BOARDROOM_CLOCK_OFFSET), starting
the real bot with its own environment, reading private answers and embed fields, and server
settings written straight into the bot's database."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.e2e.fake_discord import Exchange, FakeDiscord, Message
from tests.e2e.harness import REAL_BOT, BotProcess

HOUR = 3600.0


def offset_to(target: datetime) -> str:
    """The BOARDROOM_CLOCK_OFFSET that makes the bot's clock show `target` now."""
    return str((target - datetime.now(UTC)).total_seconds())


def tomorrow_at(hour: int, minute: int = 0, second: int = 0) -> datetime:
    day = datetime.now(UTC).date() + timedelta(days=1)
    return datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=UTC)


async def start_bot(fake: FakeDiscord, tmp_path: Path, **env: str) -> BotProcess:
    """The real bot on a fresh database in `tmp_path`, with `env` added to its environment
    (stop it in a `finally`)."""
    proc = BotProcess(fake, tmp_path, entry=REAL_BOT, env=env)
    await proc.start()
    return proc


async def move_clock(proc: BotProcess, offset_seconds: float) -> None:
    """Restart the bot with its clock `offset_seconds` ahead of real time."""
    await proc.stop()
    proc.env["BOARDROOM_CLOCK_OFFSET"] = str(offset_seconds)
    await proc.start()


def due_timers(proc: BotProcess) -> int:
    """Timers in the bot's database that are due by the bot's clock (not claimed yet)."""
    offset = float(proc.env.get("BOARDROOM_CLOCK_OFFSET") or 0)
    now = datetime.now(UTC).replace(tzinfo=None) + timedelta(seconds=offset)
    with sqlite3.connect(proc.workdir / "boardroom.db", timeout=10) as db:
        (n,) = db.execute(
            "SELECT count(*) FROM timers WHERE due_at <= ?",
            (now.strftime("%Y-%m-%d %H:%M:%S.%f"),),
        ).fetchone()
    return int(n)


async def settle(proc: BotProcess, fake: FakeDiscord, quiet: float = 1.0) -> None:
    """Wait until the bot has claimed every timer due by its clock and then made no request
    to Discord for `quiet` seconds (instead of a fixed sleep before checking that something
    did not happen, or happened only once)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30.0
    seen, since = len(fake.requests), loop.time()
    while loop.time() < deadline:
        await asyncio.sleep(0.1)
        if len(fake.requests) != seen or due_timers(proc):
            seen, since = len(fake.requests), loop.time()
        elif loop.time() - since >= quiet:
            return
    raise TimeoutError(f"the bot did not settle: {due_timers(proc)} timers still due")


def private(ex: Exchange) -> str:
    """The text of an answer only its asker sees (fails if it was public)."""
    assert ex.ephemeral, ex.describe()
    return ex.text()


def field(msg: Message | None, name: str) -> str:
    """The value of the embed field `name` in `msg` ("" when there is none)."""
    assert msg is not None
    for embed in msg.embeds:
        for f in embed.get("fields") or []:
            if f.get("name") == name:
                return str(f.get("value") or "")
    return ""


def no_vacation_days(proc: BotProcess, fake: FakeDiscord) -> None:
    """The fake server allows no vacation: a clock that runs out goes straight to the game's
    policy (a vacation day would add 24 real hours)."""
    with sqlite3.connect(proc.workdir / "boardroom.db") as db:
        db.execute(
            "INSERT INTO guild_settings (guild_id, vacation_days, stall_days, substitute_approval)"
            " VALUES (?, 0, 7, 0)",
            (fake.guild_id,),
        )
