"""Moderator commands: `/admin end|kick|replace|bot|rollback|modrole`. The service audits each
act; here it is announced publicly, followed by the new turn message."""

from __future__ import annotations

import logging
from collections.abc import Awaitable

import discord
from discord import app_commands

from bot.discord import messages
from bot.discord.checks import NOT_MODERATOR, Responder, channel_of, is_moderator
from bot.discord.cog import Cog
from bot.discord.turn_message import TurnMessage
from bot.errors import ServiceError
from bot.results import Outcome

log = logging.getLogger("bot.discord.admin")
#: The longest `/admin end reason:` (`max_length`): a sentence, for the announcement and the
#: audit log.
REASON_MAX = 200


class NotModerator(app_commands.CheckFailure):
    def __init__(self, text: str = NOT_MODERATOR) -> None:
        super().__init__(text)


class AdminGroup(app_commands.Group):
    """`/admin`: every subcommand is for moderators only (`modrole` for Manage Server)."""

    def __init__(self, owner: Admin) -> None:
        super().__init__(
            name="admin", description="Moderator tools for this channel's game.", guild_only=True
        )
        self.owner = owner

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        command = interaction.command
        if command is not None and command.name == "modrole":
            if not interaction.permissions.manage_guild:
                raise NotModerator("Setting the moderator role needs Manage Server.")
            return True
        if not await is_moderator(interaction, self.owner.service):
            raise NotModerator()
        return True


class Admin(Cog):
    def register(self, tree: app_commands.CommandTree) -> None:
        admin = AdminGroup(self)
        self._register_end(admin)
        self._register_seat_changes(admin)  # kick, replace, bot, rollback
        self._register_modrole(admin)
        self.bot.substitutes.register_admin(admin)  # substitute, stall_days, stalled, ...
        self.bot.clocks.register_admin(admin)  # pause, resume, extend, pace
        self.bot.watching.register_admin(admin)  # spectators
        self.bot.web_commands.register_admin(admin)  # web
        tree.add_command(admin)

    def _register_end(self, admin: app_commands.Group) -> None:
        @admin.command(name="end", description="End this channel's game now.")
        @app_commands.describe(reason="Why (kept in the audit log)")
        async def end(
            interaction: discord.Interaction, reason: app_commands.Range[str, None, REASON_MAX] = ""
        ) -> None:
            responder = Responder(interaction)
            info = await self.service.admin_end(
                channel_of(interaction), interaction.user.id, reason
            )
            self.bot.turns.forget(info.id)
            self.bot.watching.game_stopped(info)
            why = f" Reason: {reason}" if reason else ""
            await responder.public(
                content=messages.announcement(
                    interaction.user.id,
                    f"ended the game of {info.title_name} (game #{info.id}).{why}",
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            if info.lobby_message_id is not None:
                self.bot.turns.spawn(self.bot.lobby.refresh(info))

    def _register_seat_changes(self, admin: app_commands.Group) -> None:
        """Commands that change a seat or the position: announced, then the turn message."""

        @admin.command(
            name="kick", description="Remove a player (the automatic player takes over)."
        )
        async def kick(interaction: discord.Interaction, user: discord.User) -> None:
            await self._seat_change(
                interaction,
                self.service.admin_kick(channel_of(interaction), interaction.user.id, user.id),
                f"removed <@{user.id}> from the game.",
            )

        @admin.command(name="replace", description="Give a seat to another member.")
        @app_commands.describe(seat="Seat number (1 = first seat)", user="Who takes it")
        async def replace(
            interaction: discord.Interaction,
            seat: app_commands.Range[int, 1, 25],
            user: discord.User,
        ) -> None:
            await self._seat_change(
                interaction,
                self.service.admin_seat_to(
                    channel_of(interaction), interaction.user.id, seat - 1, user.id, "replace"
                ),
                f"gave seat {seat} to <@{user.id}>.",
                hands_for=[user.id],
            )

        @admin.command(name="bot", description="Hand a seat to the automatic player.")
        @app_commands.describe(seat="Seat number (1 = first seat)")
        async def bot(
            interaction: discord.Interaction, seat: app_commands.Range[int, 1, 25]
        ) -> None:
            await self._seat_change(
                interaction,
                self.service.admin_seat_to(
                    channel_of(interaction), interaction.user.id, seat - 1, None, "bot"
                ),
                f"handed seat {seat} to the automatic player.",
            )

        @admin.command(name="rollback", description="Take back the last moves of the game.")
        @app_commands.describe(steps="How many moves (default 1)")
        async def rollback(
            interaction: discord.Interaction, steps: app_commands.Range[int, 1, 1000] = 1
        ) -> None:
            await self._seat_change(
                interaction,
                self.service.admin_rollback(channel_of(interaction), interaction.user.id, steps),
                f"rolled the game back by {steps} move{'s' if steps != 1 else ''}.",
            )

    def _register_modrole(self, admin: app_commands.Group) -> None:
        @admin.command(name="modrole", description="Set the role whose members are moderators.")
        @app_commands.describe(role="Members with this role may use /admin here")
        async def modrole(interaction: discord.Interaction, role: discord.Role) -> None:
            if interaction.guild_id is None:
                raise ServiceError("Moderator roles exist only on a server.")
            await self.service.set_mod_role(interaction.guild_id, interaction.user.id, role.id)
            await Responder(interaction).public(
                content=messages.announcement(
                    interaction.user.id, f"members of <@&{role.id}> are now Boardroom moderators."
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )

    async def _seat_change(
        self,
        interaction: discord.Interaction,
        work: Awaitable[Outcome],
        text: str,
        hands_for: list[int] | None = None,
    ) -> None:
        responder = Responder(interaction)

        async def run() -> tuple[Outcome, TurnMessage | None]:
            outcome = await work
            built = None
            if outcome.game.status != "lobby":
                built = await self.bot.turns.build(outcome)
            return outcome, built

        outcome, built = await responder.within(run())
        await responder.public(
            content=messages.announcement(interaction.user.id, text),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if built is None:
            self.bot.turns.spawn(self.bot.lobby.refresh(outcome.game))
            return
        await self.bot.turns.send_built(responder, outcome, built, hands_for)
