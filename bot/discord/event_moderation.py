"""Moderators' `/event drop` and `/event add`: a person leaves a running event (the automatic
player takes their seat at a table still playing, and that table's turn message is posted in
its thread) or joins it (seated from the next round). Every act is announced publicly in the
event's channel; the service writes it to the audit log."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.discord import messages
from bot.discord.checks import NOT_MODERATOR, Responder, channel_of, is_moderator
from bot.discord.cog import Cog
from bot.errors import ServiceError
from bot.results import Outcome
from bot.runtime import discord_http
from bot.service.event_season import SEASON
from bot.service.events import EventInfo

log = logging.getLogger("bot.discord.events")

NONE = discord.AllowedMentions.none()


def drop_text(info: EventInfo, user_id: int, table: int | None) -> str:
    if info.format == SEASON:
        return f"<@{user_id}> leaves **{info.name}**: their games no longer count."
    where = f"the automatic player takes their seat at table {table}; " if table is not None else ""
    return f"<@{user_id}> leaves **{info.name}**: {where}they are not seated again."


def add_text(info: EventInfo, user_id: int) -> str:
    if info.format == SEASON:
        return f"<@{user_id}> joins **{info.name}**: their games in its window count."
    if info.status == "signup":
        return f"<@{user_id}> joins **{info.name}**: seated from round 1."
    return (
        f"<@{user_id}> joins **{info.name}**: seated from the next round (round {info.round + 1})."
    )


def reseat_text(info: EventInfo, user_id: int, back: bool) -> str:
    if back:
        return f"<@{user_id}> is back in **{info.name}** and takes their seat again at their table."
    return f"<@{user_id}> is back in **{info.name}**: seated from the next round."


class EventModeration(Cog):
    def register_into(self, group: app_commands.Group) -> None:
        @group.command(name="drop", description="Drop someone from an event (moderators).")
        @app_commands.describe(
            user="Who leaves: the automatic player takes their seat; not seated again",
            event="Event number (default: this channel's newest event)",
        )
        async def drop(
            interaction: discord.Interaction, user: discord.User, event: int | None = None
        ) -> None:
            await self.drop(interaction, user.id, event)

        @group.command(name="add", description="Add someone to an event (moderators).")
        @app_commands.describe(
            user="Who joins: seated from the next round",
            event="Event number (default: this channel's newest event)",
        )
        async def add(
            interaction: discord.Interaction, user: discord.User, event: int | None = None
        ) -> None:
            await self.add(interaction, user.id, event)

        @group.command(name="reseat", description="Take a dropped person back (moderators).")
        @app_commands.describe(
            user="Who comes back: their seat at a table still playing, else the next round",
            event="Event number (default: this channel's newest event)",
        )
        async def reseat(
            interaction: discord.Interaction, user: discord.User, event: int | None = None
        ) -> None:
            await self.reseat(interaction, user.id, event)

    async def _event_id(self, interaction: discord.Interaction, event_id: int | None) -> int:
        if not await is_moderator(interaction, self.service):
            raise app_commands.CheckFailure(NOT_MODERATOR.replace("do that", "change an event"))
        if event_id is None:
            event_id = (await self.service.channel_event(channel_of(interaction))).id
        return event_id

    async def drop(self, interaction: discord.Interaction, user_id: int, event: int | None) -> None:
        """The table's new turn message is posted in its thread before the announcement: the
        people there see the automatic player's seat before anyone reads of the drop (a post
        after theirs would come after a newer turn message)."""
        responder = Responder(interaction)
        actor = interaction.user.id

        async def work() -> tuple[EventInfo, int | None]:
            event_id = await self._event_id(interaction, event)
            info, outcome = await self.service.drop_entrant(event_id, user_id, actor)
            if outcome is None:
                return info, None
            _, tables = await self.service.round_tables(info.id)
            table = next((t.number for t in tables if user_id in t.people), None)
            await self._post_turn(info, outcome)
            return info, table

        info, table = await responder.within(work())
        log.info("event %d: %d dropped by %d", info.id, user_id, actor)
        await self._announce(responder, interaction, info, drop_text(info, user_id, table))
        if info.status == "signup":
            await self.bot.event_tables.refresh_signup(info)

    async def _post_turn(self, info: EventInfo, outcome: Outcome) -> None:
        try:
            await self.bot.turns.send_to_channel(outcome)
        except discord.HTTPException as exc:  # (owed: posted at the next start)
            log.warning("event %d: could not post the table's turn message: %s", info.id, exc)

    async def add(self, interaction: discord.Interaction, user_id: int, event: int | None) -> None:
        responder = Responder(interaction)
        actor = interaction.user.id

        async def work() -> EventInfo:
            event_id = await self._event_id(interaction, event)
            return await self.service.add_entrant(event_id, user_id, actor)

        info = await responder.within(work())
        log.info("event %d: %d added by %d", info.id, user_id, actor)
        await self._announce(responder, interaction, info, add_text(info, user_id))
        if info.status == "signup":
            await self.bot.event_tables.refresh_signup(info)

    async def reseat(
        self, interaction: discord.Interaction, user_id: int, event: int | None
    ) -> None:
        """The seat handed back is posted in the table's thread before the announcement."""
        responder = Responder(interaction)
        actor = interaction.user.id

        async def work() -> tuple[EventInfo, bool]:
            event_id = await self._event_id(interaction, event)
            info, outcome = await self.service.reseat_entrant(event_id, user_id, actor)
            if outcome is not None:  # (the seat changes hands without a move: said there too)
                await self._post_turn(info, outcome)
                await discord_http.send(
                    self.bot,
                    outcome.game.channel_id,
                    content=f"<@{user_id}> is back and takes their seat again.",
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
            return info, outcome is not None

        info, back = await responder.within(work())
        log.info("event %d: %d re-seated by %d", info.id, user_id, actor)
        await self._announce(responder, interaction, info, reseat_text(info, user_id, back))

    async def _announce(
        self,
        responder: Responder,
        interaction: discord.Interaction,
        info: EventInfo,
        text: str,
    ) -> None:
        """In the event's channel: as the command's public answer there, else as a post there
        (and a private note to the moderator where they asked)."""
        content = messages.announcement(interaction.user.id, text)
        if channel_of(interaction) == info.channel_id:
            await responder.public(content=content, allowed_mentions=NONE)
            return
        try:
            await discord_http.send(
                self.bot, info.channel_id, content=content, allowed_mentions=NONE
            )
        except discord.HTTPException as exc:
            raise ServiceError(
                f"Done, but I could not post in <#{info.channel_id}> ({exc.status})."
            ) from exc
        await responder.private(content=f"Done, and announced in <#{info.channel_id}>: {text}")
