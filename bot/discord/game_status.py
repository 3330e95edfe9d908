"""The lobby message's embed and `/game status`'s: they show the clock and the spectators
setting as the service's rules word them."""

from __future__ import annotations

import discord

from bot.discord.limits import EMBED_DESC_MAX, FIELD_MAX, cut
from bot.discord.messages import COLOUR, seat_name
from bot.discord.turn_text import standings_text
from bot.results import GameInfo, SeatInfo
from bot.service.clock_rules import clock_lines
from bot.service.watching import SETTINGS as SPECTATOR_SETTINGS


def lobby_embed(info: GameInfo, blurb: str = "") -> discord.Embed:
    seated = {s.seat_no: s for s in info.holders}
    if info.status == "lobby":
        # Seat numbers are only drawn at the start, so the lobby lists people, not seats.
        rows = [f"{n + 1}. {lobby_row(seated.get(n))}" for n in range(info.seats)]
    else:
        rows = [seat_name(seated.get(n), n) for n in range(info.seats)]
    filled = len(info.holders)
    state = {
        "lobby": (
            "Open: press **Join** to take a seat. Any seated player can press **Start** once "
            f"at least {info.min_seats} seats are taken (open seats are dropped); the seats "
            "are then drawn at random."
        ),
        "running": "Started: the seats below were drawn at random. Follow the turn messages.",
        "finished": "Finished.",
        "ended": "Closed.",
    }.get(info.status, info.status)
    embed = discord.Embed(
        title=cut(f"{info.title_name} · lobby · game #{info.id}", 256),
        description=cut(f"{blurb}\n\n{state}" if blurb else state, EMBED_DESC_MAX),
        colour=COLOUR,
    )
    embed.add_field(
        name="Seats", value=f"{filled}/{info.seats} (at least {info.min_seats})", inline=True
    )
    embed.add_field(name="Host", value=f"<@{info.created_by}>", inline=True)
    embed.add_field(name="Players", value=cut("\n".join(rows) or "—", FIELD_MAX), inline=False)
    options = ", ".join(f"{k}={v}" for k, v in info.options.items()) or "defaults"
    embed.add_field(name="Options", value=cut(options, FIELD_MAX), inline=False)
    if info.pace:
        embed.add_field(name="Clock", value=cut(clock_lines(info), FIELD_MAX), inline=False)
    embed.add_field(name="Spectators", value=spectators_text(info.spectators), inline=False)
    return embed


def spectators_text(setting: str, watching: int | None = None, waiting: int = 0) -> str:
    """The game's spectators setting, and (in `/game status`) how many watch."""
    text = SPECTATOR_SETTINGS.get(setting, setting)
    if watching is None:
        return text
    count = f"{watching} watching" + (f", {waiting} waiting for an Allow" if waiting else "")
    return f"{count} · {text}"


def lobby_row(seat: SeatInfo | None) -> str:
    if seat is None:
        return "*open seat*"
    if seat.is_bot or seat.user_id is None:
        return "🤖 automatic player"
    return f"<@{seat.user_id}>"


def status_embed(info: GameInfo) -> discord.Embed:
    embed = discord.Embed(
        title=cut(f"{info.title_name} · game #{info.id} · {info.status}", 256),
        description=cut(info.status_line, EMBED_DESC_MAX) or None,
        colour=COLOUR,
    )
    rows = [seat_name(info.holder(n), n) for n in range(info.seats)]
    embed.add_field(name="Seats", value=cut("\n".join(rows) or "—", FIELD_MAX), inline=False)
    if info.waiting:
        embed.add_field(
            name="Waiting for",
            value=cut(", ".join(s.mention for s in info.waiting), FIELD_MAX),
            inline=False,
        )
    if info.pace or info.paused:
        embed.add_field(name="Clock", value=cut(clock_lines(info), FIELD_MAX), inline=False)
    if info.away:
        away = [f"<@{uid}> until <t:{int(when.timestamp())}:f>" for uid, when in info.away.items()]
        embed.add_field(name="Away", value=cut("\n".join(away), FIELD_MAX), inline=False)
    if info.result is not None:
        embed.add_field(
            name="Final standings",
            value=cut(standings_text(info, info.result), FIELD_MAX),
            inline=False,
        )
    options = ", ".join(f"{k}={v}" for k, v in info.options.items()) or "defaults"
    embed.add_field(name="Options", value=cut(options, FIELD_MAX), inline=False)
    embed.set_footer(text=f"Move {info.version}")
    return embed
