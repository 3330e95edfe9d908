"""Events (tournaments): `/event new` (moderators), its public sign-up message with **Join** /
**Leave**, and `/event standings|tables|me`; `/event drop|add` are event_moderation.py's. The rounds themselves (threads, pairings, the
final standings) are event_tables.py's."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord
from discord import app_commands

from bot.discord import event_awards, event_buttons, event_text, limits
from bot.discord.checks import NOT_MODERATOR, Responder, channel_of, guarded, is_moderator
from bot.discord.choices import (
    EXPIRY_CHOICES,
    OPTIONS_MAX,
    PACE_MAX,
    pace_suggestions,
    title_choices,
)
from bot.discord.cog import Cog
from bot.errors import ServiceError
from bot.events.group_rounds import group_name, group_of
from bot.service.event_season import SEASON
from bot.service.events import FORMATS

log = logging.getLogger("bot.discord.events")

NONE = discord.AllowedMentions.none()
T = TypeVar("T")


def format_choices() -> list[app_commands.Choice[str]]:
    """The event formats, from the service's one list (bot.service.events.FORMATS)."""
    return [limits.choice(label, key) for key, label in FORMATS.items()]


class Events(Cog):
    def register(self, group: app_commands.Group) -> None:
        """`/event new` and the reads, in the `/event` group (the client adds the moderators'
        drop and add: event_moderation.py)."""
        self.bot.router.add(event_buttons.EventButton, self.press)
        self._register_new(group)
        self._register_reads(group)

    def _register_new(self, group: app_commands.Group) -> None:
        @group.command(name="new", description="Open an event's sign-up in this channel.")
        @app_commands.describe(
            name="The event's name",
            title="Which game",
            seats="Seats at each table (Swiss and groups)",
            rounds="How many rounds (Swiss; a groups event's follow from its groups)",
            group_size="groups: entrants per group, balanced by rating (default 4, at least the seats)",
            signup_hours="How long sign-up stays open, in hours (default 24)",
            round_days="How long each round lasts, in days (default 7)",
            pace="Each table's clock: relaxed, daily, fast, none (default), or custom:...",
            min_finished="Entry rule: games finished on this server (default 0: anyone)",
            clean_last="Entry rule: no clock run out in one's last N games here (default 0: none)",
            expiry="When a table's clock runs out (default: the automatic player takes over)",
            options="Each table's game options as name=value, e.g. `short_game=on`",
            winner_role="A role given to the winner when the event finishes",
            format="Swiss (default), round robin in groups, or a season (any games in a window)",
            window_days="A season: how many days it runs from sign-up's close (default 30)",
            best="A season: how many of each entrant's best games count (default 10)",
        )
        @app_commands.choices(title=title_choices(), format=format_choices(), expiry=EXPIRY_CHOICES)
        async def new(
            interaction: discord.Interaction,
            name: app_commands.Range[str, 1, 100],
            title: str,
            seats: app_commands.Range[int, 2, 25] | None = None,
            rounds: app_commands.Range[int, 1, 12] | None = None,
            group_size: app_commands.Range[int, 2, 16] | None = None,
            signup_hours: app_commands.Range[float, 0.0, 1440.0] = 24.0,
            round_days: app_commands.Range[float, 0.05, 90.0] = 7.0,
            pace: app_commands.Range[str, None, PACE_MAX] | None = None,
            min_finished: app_commands.Range[int, 0, 1000] = 0,
            clean_last: app_commands.Range[int, 0, 100] = 0,
            expiry: str | None = None,
            options: app_commands.Range[str, None, OPTIONS_MAX] | None = None,
            winner_role: discord.Role | None = None,
            format: str = "swiss",
            window_days: app_commands.Range[float, 1.0, 366.0] = 30.0,
            best: app_commands.Range[int, 1, 100] = 10,
        ) -> None:
            if format != SEASON and seats is None:
                raise ServiceError("A Swiss or groups event needs `seats` (at each table).")
            await self.new(
                interaction,
                winner_role=winner_role,
                name=name,
                title_slug=title,
                seats=seats or 0,
                rounds=rounds,
                format=format,
                group_size=group_size,
                window_days=window_days,
                best=best,
                starts_in_hours=signup_hours,
                round_hours=round_days * 24,
                pace=pace,
                min_finished=min_finished,
                clean_last=clean_last,
                expiry=expiry,
                options=options,
            )

        @new.autocomplete("pace")
        async def pace_autocomplete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return pace_suggestions(current)

    def _register_reads(self, group: app_commands.Group) -> None:
        @group.command(name="standings", description="An event's standings so far.")
        @app_commands.describe(event="Event number (default: this channel's newest event)")
        async def standings(interaction: discord.Interaction, event: int | None = None) -> None:
            responder = Responder(interaction)
            answer = await responder.within(self._standings(interaction, event))
            await responder.public(**answer, allowed_mentions=NONE)

        @group.command(name="tables", description="The current round's tables and threads.")
        @app_commands.describe(event="Event number (default: this channel's newest event)")
        async def tables(interaction: discord.Interaction, event: int | None = None) -> None:
            responder = Responder(interaction)
            info, rows = await responder.within(
                self._event(interaction, event, self.service.round_tables)
            )
            await responder.public(
                content=event_text.tables_text(info, rows), allowed_mentions=NONE
            )

        @group.command(name="me", description="Your standing and your table in an event.")
        @app_commands.describe(event="Event number (default: this channel's newest event)")
        async def me(interaction: discord.Interaction, event: int | None = None) -> None:
            responder = Responder(interaction)
            text = await responder.within(self._me(interaction, event))
            await responder.private(content=text, allowed_mentions=NONE)

    # ------------------------------------------------------------------ actions
    async def new(
        self,
        interaction: discord.Interaction,
        winner_role: discord.Role | None = None,
        **settings: object,
    ) -> None:
        """Moderators only. The sign-up message is posted after the event is stored (its
        start timer with it), then its id is stored: a crash between leaves an event with
        no message, never a message the database does not know."""
        responder = Responder(interaction)
        if not await is_moderator(interaction, self.service):
            raise app_commands.CheckFailure(NOT_MODERATOR.replace("do that", "open an event"))
        kind = getattr(interaction.channel, "type", None)
        if kind in (discord.ChannelType.public_thread, discord.ChannelType.private_thread):
            raise ServiceError(
                "Please open events in a text channel: each table gets a thread there."
            )
        info = await responder.within(
            self.service.create_event(
                guild_id=interaction.guild_id,
                channel_id=channel_of(interaction),
                actor=interaction.user.id,
                winner_role_id=winner_role.id if winner_role is not None else None,
                **settings,  # type: ignore[arg-type]
            )
        )
        log.info("event %d opened", info.id, extra={"channel_id": info.channel_id})
        message_id = await responder.public(
            content=f"🏆 <@{interaction.user.id}> opened **{info.name}**: press **Join** to "
            "take part.",
            embed=event_text.signup_embed(info),
            view=event_buttons.event_view(info.id),
            allowed_mentions=NONE,
        )
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await self.service.set_signup_message(info.id, message_id)
        if winner_role is not None:
            warning = event_awards.new_event_warning(interaction.guild, winner_role)
            if warning is not None:
                await responder.private(content=warning, allowed_mentions=NONE)

    @guarded("press:event")
    async def press(self, interaction: discord.Interaction, action: str, event_id: int) -> None:
        responder = Responder(interaction)
        user = interaction.user.id
        if action == "join":
            info = await responder.within(self.service.join_event(event_id, user))
            text = event_text.joined_text(info)
        else:
            info = await responder.within(self.service.leave_event(event_id, user))
            text = f"You've left **{info.name}**. You can join again until sign-up closes."
        await responder.private(content=text)
        await self.bot.event_tables.refresh_signup(info)

    # ------------------------------------------------------------------ reading
    async def _event(
        self,
        interaction: discord.Interaction,
        event_id: int | None,
        read: Callable[[int], Awaitable[T]],
    ) -> T:
        """`read(event id)` of the event asked for, else of this channel's newest (or of the
        event whose table plays in this thread)."""
        if event_id is None:
            event_id = (await self.service.channel_event(channel_of(interaction))).id
        return await read(event_id)

    async def _standings(self, interaction: discord.Interaction, event_id: int | None) -> dict:
        """The standings embed with the table drawn as an image (without it if drawing
        failed: the embed lists everyone)."""
        info, rows = await self._event(interaction, event_id, self.service.event_standings)
        embed = event_text.standings_embed(info, rows)
        try:
            image = await event_awards.standings_image(self.bot, info, rows)
        except Exception:
            log.exception("event %d: could not draw the standings", info.id)
            return {"embed": embed}
        return event_awards.with_image(embed, image)

    async def _me(self, interaction: discord.Interaction, event_id: int | None) -> str:
        user = interaction.user.id
        info, rows = await self._event(interaction, event_id, self.service.event_standings)
        if user not in info.entrants and user not in info.dropped:
            return f"You're not in **{info.name}**."
        lines = [f"**{info.name}** · {event_text.STATUS.get(info.status, info.status)}"]
        found = event_text.place_of(rows, user, info)
        if found is not None and (info.round or info.format == SEASON):
            place, row = found
            season = info.format == SEASON
            k = group_of(info.groups, user)
            among = (
                f"{len(info.groups[k])} in group {group_name(k)}" if k is not None else len(rows)
            )
            lines.append(event_text.standing_line(place, row, season) + f" (of {among})")
        _, tables = await self.service.round_tables(info.id)
        mine = next((t for t in tables if user in t.people), None)
        if mine is not None and info.status == "running":
            if mine.bye:
                lines.append(f"Round {info.round}: you have a bye ({event_text.bye_note(info)}).")
            elif mine.thread_id is not None:
                done = " (finished)" if mine.status == "over" else ""
                lines.append(f"Round {info.round}: your table is <#{mine.thread_id}>{done}.")
        return "\n".join(lines)
