"""Turn reminders: when a game has waited too long for someone, ping them once in its channel.

The reminder state lives in the database (the version last reminded), so a restart neither
forgets nor repeats a reminder. Moderators decide what happens next (`/admin bot`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot.discord.cog import Cog
from bot.results import GameInfo

log = logging.getLogger("bot.discord.reminders")

#: Look for due reminders at most this often (seconds), and at least four times per period.
MAX_CHECK_INTERVAL = 60.0
MIN_CHECK_INTERVAL = 0.5


def reminder_text(info: GameInfo, hours: float) -> str:
    people = [w for w in info.waiting if not w.is_bot and w.user_id is not None]
    names = ", ".join(f"<@{w.user_id}>" for w in people)
    waited = f"{hours:g} hour{'s' if hours != 1 else ''}" if hours >= 1 else "a while"
    return (
        f"⏰ {names}: {info.title_name} (game #{info.id}) has been waiting for your move for "
        f"over {waited}. Use the buttons on the latest turn message, or `/play`."
    )


class Reminders(Cog):
    def start(self) -> asyncio.Task[None] | None:
        hours = self.bot.settings.turn_reminder_hours
        if hours <= 0:
            return None
        return asyncio.create_task(self.run(hours))

    async def run(self, hours: float) -> None:
        idle = hours * 3600
        interval = max(MIN_CHECK_INTERVAL, min(MAX_CHECK_INTERVAL, idle / 4))
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            try:
                await self.remind_due(idle, hours)
            except Exception:  # keep reminding whatever one pass ran into
                log.exception("reminder pass failed")
            await asyncio.sleep(interval)

    async def remind_due(self, idle: float, hours: float) -> None:
        for info in await self.service.due_reminders(idle):
            channel = self.bot.get_partial_messageable(info.channel_id)
            with contextlib.suppress(discord.HTTPException):
                await channel.send(
                    reminder_text(info, hours),
                    allowed_mentions=discord.AllowedMentions(users=True, roles=False),
                )
            # Recorded even if the channel refused the message: never spam a broken channel.
            await self.service.mark_reminded(info.id, info.version)
            log.info(
                "turn reminder sent", extra={"game_id": info.id, "channel_id": info.channel_id}
            )
