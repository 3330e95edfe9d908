"""Personal pings: THE one way a person is pinged (turn reminders, clock warnings, ...). Each
goes the way its person chose (`/me pings`): a mention in the game's channel, a direct message,
both, or into their daily digest; during their quiet hours it is held (a timer row) and sent
when they end. The dispatcher's `held_ping` and `digest` handlers live here too."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING

import discord

from bot.discord import limits, messages
from bot.runtime import discord_http
from bot.service.digest import DIGEST, HELD
from bot.service.mygames import MyGame, jump_url
from bot.service.pings import Digest, Ping

if TYPE_CHECKING:
    from bot.discord.client import BoardroomBot
    from bot.service import Fired, GameService

log = logging.getLogger("bot.discord.pings")

PING_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False, replied_user=False)
NO_PINGS = discord.AllowedMentions.none()


async def ping_many(
    bot: BoardroomBot,
    service: GameService,
    *,
    user_ids: Iterable[int],
    guild_id: int | None,
    channel_id: int,
    game_id: int | None,
    text: str,
    icon: str = "🔔",
    version: int | None = None,
    seat: int | None = None,
    template: str | None = None,
) -> None:
    """Ping people about a game, each the way they chose. `text` speaks to them ("your
    move"), without a mention; `version`: the pings are about that decision (a held one is
    dropped if the game moved on); a clock warning gives its `seat` and `template` (see
    `PingCases.route_pings`). Those pinged in the channel now share ONE message."""
    now = await service.route_pings(
        user_ids,
        guild_id=guild_id,
        channel_id=channel_id,
        game_id=game_id,
        text=text,
        icon=icon,
        version=version,
        seat=seat,
        template=template,
    )
    await send(bot, now)


async def send(bot: BoardroomBot, pings: list[Ping]) -> None:
    """Deliver routed pings: DMs first (a refused DM falls back to the channel), then one
    channel message per (channel, text) naming everyone pinged there."""
    in_channel: dict[tuple[int, str, str], list[int]] = {}
    for p in pings:
        dm_ok = False
        if p.mode in ("dm", "both"):
            dm_ok = await _dm(bot, p.user_id, f"{p.icon} {p.text}\n{_where(p)}", p.game_id)
        if p.mode in ("channel", "both") or not dm_ok:
            in_channel.setdefault((p.channel_id, p.icon, p.text), []).append(p.user_id)
    for (channel_id, icon, text), users in in_channel.items():
        names = ", ".join(f"<@{u}>" for u in dict.fromkeys(users))
        with contextlib.suppress(discord.HTTPException):  # never retried: no spam
            await bot.get_partial_messageable(channel_id).send(
                limits.cut(f"{icon} {names}: {text}", limits.CONTENT_MAX),
                allowed_mentions=PING_USERS,
            )
        log.info("ping sent in channel", extra={"channel_id": channel_id, "users": len(users)})


def _where(p: Ping) -> str:
    return f"[Go to the game]({jump_url(p.guild_id, p.channel_id)})"


async def _dm(bot: BoardroomBot, user_id: int, text: str, game_id: int | None) -> bool:
    fields = {"user_id": user_id, "game_id": game_id}
    try:
        text = limits.cut(text, limits.CONTENT_MAX)
        await discord_http.send_dm(bot, user_id, content=text, allowed_mentions=NO_PINGS)
    except discord.HTTPException as exc:
        log.info("ping by DM refused (%s)", exc.status, extra=fields)
        return False
    log.info("ping sent by DM", extra=fields)
    return True


# ---------------------------------------------------------------------------- texts
def clock_text(seconds: float) -> str:
    """Time left on a clock, short: "2 d 4 h", "5 h 10 min", "12 min"."""
    minutes = int(seconds // 60)
    days, hours, mins = minutes // 1440, minutes % 1440 // 60, minutes % 60
    if days:
        return f"{days} d {hours} h" if hours else f"{days} d"
    if hours:
        return f"{hours} h {mins} min" if mins else f"{hours} h"
    return f"{mins} min"


def game_line(g: MyGame, user_id: int, *, links: bool) -> str:
    """One line of `/games` (and of the digest): the game, whose turn, time left, jump link.
    `links`: name the channel by URL (in a DM), else by mention."""
    if links:
        name = f"**[{g.title_name} #{g.game_id}]({g.channel_url})**"
    else:
        name = f"**{g.title_name}** #{g.game_id} in <#{g.channel_id}>"
    if g.status == "lobby":
        return f"{name} — in the lobby"
    if g.paused:
        turn = "paused"
    elif g.my_turn:
        turn = "**your turn**"
    else:
        others = [w.mention for w in g.waiting if w.user_id != user_id][:4]
        turn = f"waiting for {', '.join(others)}" if others else "no one to wait for"
    parts = [name, f"you play {g.seat_label or 'a seat'}", turn]
    if g.time_left is not None:
        stopped = "" if g.clock_running else " (not running)"
        parts.append(f"⏳ {clock_text(g.time_left)} left{stopped}")
    line = " — ".join(parts)
    if g.turn_url:
        line += f" · [turn message]({g.turn_url})"
    return line


def games_text(games: list[MyGame], user_id: int, *, links: bool = False) -> str:
    if not games:
        return "You are not seated in any game here. Join one with the lobby's **Join** button."
    lines = [f"• {game_line(g, user_id, links=links)}" for g in games]
    return messages.trim_lines(lines, limits.CONTENT_MAX - 100)


def digest_text(d: Digest) -> str:
    parts = ["📬 **Your Boardroom digest**"]
    if d.pings:
        lines = [f"• {p.icon} {p.text} ({_where(p)})" for p in d.pings]
        if d.dropped:
            lines.insert(0, f"• … and {d.dropped} older ping{'s' if d.dropped != 1 else ''}")
        parts += ["", "**Since the last digest**", messages.trim_lines(lines, 1000)]
    if d.games:
        parts += ["", "**Your games**", games_text(d.games, d.user_id, links=True)]
    return limits.cut("\n".join(parts), limits.CONTENT_MAX)


# ---------------------------------------------------------------------------- timer handlers
def timer_handlers(bot: BoardroomBot) -> dict[str, Callable[[Fired], Awaitable[None]]]:
    """The dispatcher's handlers for held pings and digests."""

    async def held(timer: Fired) -> None:
        await send(bot, await bot.service.held_ping_due(timer))

    async def digest(timer: Fired) -> None:
        due = await bot.service.digest_due(timer)
        if due is not None and await _dm(bot, due.user_id, digest_text(due), None):
            log.info("digest sent", extra={"user_id": due.user_id})

    return {HELD: held, DIGEST: digest}


__all__ = ["clock_text", "games_text", "ping_many", "send", "timer_handlers"]
