"""Seat clocks on Discord: the "clock" timer's handler (warnings pinged privately, expiries
announced in the channel with the new turn message, a pause pinging the moderators once),
`/game return`, and `/admin pause|resume|extend|pace`."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord import limits, messages
from bot.discord.checks import Responder, channel_of
from bot.discord.choices import EXPIRY_CHOICES, PACE_MAX, QUIET_CLOCK_CHOICES, pace_suggestions
from bot.discord.cog import Cog
from bot.discord.messages import moderators
from bot.service import Fired
from bot.service.clock_rules import and_list, clock_lines, span
from bot.service.clocks import ClockNews
from bot.service.mygames import jump_url
from bot.service.ping_news import LEFT, fill

log = logging.getLogger("bot.discord.clocks")


def _turn_link(news: ClockNews) -> str:
    info = news.game
    if info.turn_message_id is None:
        return "the latest turn message"
    return f"[the turn message]({jump_url(info.guild_id, info.channel_id, info.turn_message_id)})"


def vacation_texts(news: ClockNews) -> tuple[str, str]:
    """A vacation day spent by a clock: (the channel's notice, the player's own ping)."""
    info = news.game
    who = f"<@{news.user_id}> ({news.label})"
    count = f"{news.days_spent} of at most {news.days_limit} in a row"
    public = (
        f"⏰ The clock of {who} ran out: one of their vacation days is spent, so this clock "
        f"has {news.left / 3600:g} h more ({count})."
    )
    then = {
        "automatic": "the automatic player takes your seat",
        "default": "the rules' default decision is made for you",
        "pause": "the game pauses for a moderator",
    }.get(info.expiry_policy, "the game's expiry setting applies")
    last = (
        f" That was the last one in a row: if it runs out again, {then}."
        if news.days_spent >= news.days_limit
        else ""
    )
    left = f"{news.days_left:.1f}".rstrip("0").rstrip(".")
    private = (
        f"Your clock ({news.label}) in {info.title_name} (game #{info.id}) ran out, so one of "
        f"your vacation days was spent: {news.left / 3600:g} h more on this clock only ({count}; "
        f"{left} day{'' if left == '1' else 's'} left this year).{last} {news.asked} Decide "
        f"on {_turn_link(news)}, or with `/play`."
    )
    return public, private


def pause_text(news: ClockNews) -> str:
    """The pause policy paused the game: every seat whose clock ran out, and the moderators."""
    names = [f"<@{user}> ({label})" for user, label in news.expired] or [
        f"<@{news.user_id}> ({news.label})"
    ]
    whose = "clock" if len(names) == 1 else "clocks"
    fresh = ""
    if news.game.pace:
        fresh = f" (a clock that ran out starts afresh with {span(news.game.pace['start'])})"
    return (
        f"⏸️ The {whose} of {and_list(names)} ran out, so the game is paused. "
        f"{moderators(news.mod_role_id)}: decide what happens (`/admin extend`, `/admin bot`, "
        f"`/admin replace`), then `/admin resume`{fresh}."
    )


def warning_text(news: ClockNews) -> str:
    return fill(warning_template(news), news.left)


def warning_template(news: ClockNews) -> str:
    """A clock warning with `LEFT` for the time left (filled in when it goes out: a warning
    held for quiet hours or kept for the digest states the time left then)."""
    info = news.game
    turn = "the latest turn message"
    if info.turn_message_id is not None:
        turn = (
            f"[the turn message]({jump_url(info.guild_id, info.channel_id, info.turn_message_id)})"
        )
    return (
        f"{LEFT} left on your clock ({news.label}) in {info.title_name} "
        f"(game #{info.id}): {news.asked} Decide on {turn}, or with `/play`."
    )


class Clocks(Cog):
    def register(self, game: app_commands.Group) -> None:
        @game.command(name="return", description="Take your seat back from the automatic player.")
        async def return_(interaction: discord.Interaction) -> None:
            responder = Responder(interaction)
            await responder.within(
                self.service.game_return(channel_of(interaction), interaction.user.id)
            )
            await responder.public(
                content=f"<@{interaction.user.id}> is coming back: their seat is handed back "
                "at its next decision.",
                allowed_mentions=discord.AllowedMentions.none(),
            )

    def register_admin(self, admin: app_commands.Group) -> None:
        @admin.command(name="pause", description="Pause the game's clocks.")
        async def pause(interaction: discord.Interaction) -> None:
            await self._announce(
                interaction,
                self.service.admin_pause(channel_of(interaction), interaction.user.id),
                "paused the game: no clock runs until `/admin resume` (moves are still taken).",
            )

        @admin.command(name="resume", description="Restart the game's clocks.")
        async def resume(interaction: discord.Interaction) -> None:
            await self._announce(
                interaction,
                self.service.admin_resume(channel_of(interaction), interaction.user.id),
                "resumed the game: the clocks run again. A clock that had run out (and was not "
                "extended meanwhile) starts afresh at the pace's start.",
            )

        @admin.command(name="extend", description="Give a seat's clock more time.")
        @app_commands.describe(seat="Seat number (1 = first seat)", hours="How many hours more")
        async def extend(
            interaction: discord.Interaction,
            seat: app_commands.Range[int, 1, 25],
            hours: app_commands.Range[float, 0.01, 2160.0],
        ) -> None:
            await self._announce(
                interaction,
                self.service.admin_extend(
                    channel_of(interaction), interaction.user.id, seat - 1, hours
                ),
                f"gave seat {seat} {span(hours * 3600)} more on its clock.",
            )

        @admin.command(name="pace", description="Change the game's clock or expiry policy.")
        @app_commands.describe(
            pace="relaxed, daily, fast, none, or custom:START/PLUS/CAP in hours",
            expiry="What happens when a clock runs out",
            quiet_clock="Does a clock run or wait during its player's quiet hours?",
        )
        @app_commands.choices(expiry=EXPIRY_CHOICES, quiet_clock=QUIET_CLOCK_CHOICES)
        async def pace(
            interaction: discord.Interaction,
            pace: app_commands.Range[str, None, PACE_MAX] | None = None,
            expiry: str | None = None,
            quiet_clock: str | None = None,
        ) -> None:
            await self._announce(
                interaction,
                self.service.admin_pace(
                    channel_of(interaction), interaction.user.id, pace, expiry, quiet_clock
                ),
                "changed the clock.",
            )

        @pace.autocomplete("pace")
        async def pace_autocomplete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return pace_suggestions(current)

    async def _announce(self, interaction: discord.Interaction, work, text: str) -> None:  # type: ignore[no-untyped-def]
        responder = Responder(interaction)
        info = await responder.within(work)
        await responder.public(
            content=limits.cut(
                messages.announcement(interaction.user.id, f"{text}\n{clock_lines(info)}"),
                limits.CONTENT_MAX,
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # ------------------------------------------------------------------ the timer
    async def fire(self, timer: Fired) -> None:
        news = await self.service.clock_fired(timer.payload, timer.game_id)
        if news is None:
            return
        info = news.game
        extra = {"game_id": info.id, "channel_id": info.channel_id}
        if news.kind == "warning":
            await self.warn(news)
            log.info("clock warning sent", extra=extra)
            return
        channel = self.bot.get_partial_messageable(info.channel_id)
        if news.kind == "expired" and news.outcome is not None:
            log.info("clock ran out: %s", info.expiry_policy, extra=extra)
            await self.bot.turns.send_to_channel(news.outcome)  # says so above the board
            return
        if news.kind == "vacation":
            text, private = vacation_texts(news)
            mentions = discord.AllowedMentions.none()  # the player is told their own way
        else:  # paused: the moderators are pinged, once
            text = pause_text(news)
            mentions = discord.AllowedMentions(users=True, roles=True, everyone=False)
        log.info("clock ran out: %s", news.kind, extra=extra)
        with contextlib.suppress(discord.HTTPException):  # never retried: no spam
            await channel.send(limits.cut(text, limits.CONTENT_MAX), allowed_mentions=mentions)
        if news.kind == "vacation":
            await self.tell_vacation_day(news, private)

    async def warn(self, news: ClockNews) -> None:
        """THE call site of clock warnings: the person's own ping (quiet hours, ping mode)."""
        await self._ping_player(
            news,
            warning_text(news),
            "⏳",
            seat=news.seat_no,
            template=warning_template(news),
        )

    async def tell_vacation_day(self, news: ClockNews, text: str) -> None:
        """The player whose clock spent a vacation day, told their own way (quiet hours, ping
        mode), like a warning."""
        await self._ping_player(news, text, "⏰")

    async def _ping_player(self, news: ClockNews, text: str, icon: str, **extra: Any) -> None:
        """The clock's player pinged their own way (`pings.ping_many`)."""
        from bot.discord.pings import ping_many

        info = news.game
        await ping_many(
            self.bot,
            self.service,
            user_ids=[news.user_id],
            guild_id=info.guild_id,
            channel_id=info.channel_id,
            game_id=info.id,
            text=text,
            icon=icon,
            version=info.version,
            **extra,
        )
