"""What the players are told when Discord refuses a turn message.

A refused post loses nothing: the move is committed, the turn message stays owed (posted at
the next start unless a newer one supersedes it), and the game goes on: interactions are
answered whatever the channel allows. But nobody would see the new turn, so:

- a turn message posted in the channel on its own (a clock ran out, an event's table, a
  repair after a restart) that Discord refuses for the channel's sake (the bot may not post
  there, or the channel is gone) is told, by direct message, to the people who must act
  next: the game is safe, and what a moderator can do;
- a turn message answering someone's command or button that Discord refuses is told to that
  person, privately (their move is in), and posted in the channel on its own."""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from bot.results import GameInfo
from bot.runtime import discord_http

if TYPE_CHECKING:
    from bot.discord.checks import Responder
    from bot.discord.client import BoardroomBot

log = logging.getLogger("bot.discord.turns")

#: Discord's codes for a channel the bot cannot use: Unknown Channel, Missing Access,
#: Missing Permissions.
UNKNOWN_CHANNEL = 10003
CHANNEL_CODES = (UNKNOWN_CHANNEL, 50001, 50013)


def reason(exc: discord.HTTPException) -> str:
    """Discord's own words for a refusal, on one line ("Missing Permissions")."""
    text = (exc.text or "").splitlines()[0] if exc.text else ""
    return text or f"HTTP {exc.status}"


def passing(exc: discord.HTTPException) -> bool:
    """Did Discord refuse for a passing reason (rate limited past discord.py's own retries,
    trouble on Discord's side)? Such a post is tried again later, not told."""
    return exc.status == 429 or exc.status >= 500


def channel_refused(exc: discord.HTTPException) -> bool:
    """Was the post refused for the channel's sake (not for its body)?"""
    return exc.code in CHANNEL_CODES or exc.status in (403, 404)


def channel_text(info: GameInfo, exc: discord.HTTPException) -> str:
    """The direct message to the people who must act next."""
    where = f"<#{info.channel_id}>"
    game = f"**{info.title_name}** (game {info.id})"
    if exc.code == UNKNOWN_CHANNEL:
        return (
            f"⚠️ I could not post the newest turn of {game}: its channel is gone (Discord "
            f"says “{reason(exc)}”). Nothing is lost: the game is saved as it stands. Tell a "
            "moderator."
        )
    return (
        f"⚠️ I could not post the newest turn of {game} in {where}: Discord says "
        f"“{reason(exc)}”. Nothing is lost, and the game goes on: it is your turn. Use "
        f"`/play` in {where}, and ask a moderator to let me send messages, embed links and "
        "attach files there."
    )


def answer_text(exc: discord.HTTPException) -> str:
    """The private word to the person whose move the refused turn message answered."""
    return (
        f"✅ Your move is in. Discord refused the turn message as my answer to you "
        f"(“{reason(exc)}”), so I post it in the channel on its own."
    )


async def tell_answer_refused(responder: Responder, exc: discord.HTTPException) -> None:
    """Tell the person whose interaction the refused turn message answered, privately."""
    it = responder.interaction
    fields = {"channel_id": it.channel_id, "user_id": it.user.id}
    log.warning("Discord refused the turn message: %s", reason(exc), extra=fields)
    with contextlib.suppress(discord.HTTPException):
        await responder.private(content=answer_text(exc))


async def tell_channel_refused(
    bot: BoardroomBot, info: GameInfo, exc: discord.HTTPException
) -> None:
    """Tell the people who must act next, by direct message, that the turn message could
    not be posted (a refusal for the channel's sake; others are only logged)."""
    fields = {"game_id": info.id, "channel_id": info.channel_id}
    log.warning("Discord refused the turn message: %s", reason(exc), extra=fields)
    if not channel_refused(exc):
        return
    waiting = [s.user_id for s in info.waiting if s.user_id is not None and not s.is_bot]
    text = channel_text(info, exc)
    for user_id in dict.fromkeys(waiting):
        with contextlib.suppress(discord.HTTPException):  # (DMs closed: nothing more to do)
            await discord_http.send_dm(
                bot, user_id, content=text, allowed_mentions=discord.AllowedMentions.none()
            )
