"""The Discord client: slash commands (`/game`, `/play`, `/admin`), persistent components, and one
error handler for everything."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import discord
from discord import app_commands

from bot.app import App
from bot.discord.admin import Admin
from bot.discord.checks import context, report_error
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.info import Info
from bot.discord.lobby import Lobby
from bot.discord.play import STALE, Play
from bot.discord.reminders import Reminders
from bot.discord.turns import TurnPoster

log = logging.getLogger("bot.discord")


def _command_name(interaction: discord.Interaction) -> str:
    command = interaction.command
    return command.qualified_name if command is not None else "unknown"


class BoardroomTree(app_commands.CommandTree):
    """Times every command and answers every failure ephemerally."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        interaction.extras["t0"] = time.perf_counter()
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        name = _command_name(interaction)
        await report_error(interaction, error, name)
        _log_done(interaction, name, ok=False)


def _on_message(interaction: discord.Interaction, custom_id: str) -> bool:
    message = interaction.message
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id:
                return True
    return False


def _log_done(interaction: discord.Interaction, name: str, ok: bool) -> None:
    t0 = interaction.extras.get("t0")
    ms = round((time.perf_counter() - t0) * 1000, 1) if t0 else None
    log.info("/%s %s", name, "done" if ok else "refused", extra=context(interaction, name, ms=ms))


class BoardroomBot(discord.Client):
    """Needs no privileged intent: only `guilds` (no members, no message content)."""

    def __init__(self, app: App) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
        )
        self.app = app
        self.service = app.service
        self.settings = app.settings
        self.tree = BoardroomTree(self)
        self.turns = TurnPoster(self)
        self.lobby = Lobby(self)
        self.play = Play(self)
        self.info = Info(self)
        self.admin = Admin(self)
        self.reminders = Reminders(self)
        self._reminder_task: asyncio.Task[None] | None = None
        self._register()

    def _register(self) -> None:
        game = app_commands.Group(name="game", description="Boardroom games in this channel.")
        self.lobby.register(game)
        self.play.register(self.tree, game)
        self.info.register(game)
        self.tree.add_command(game)
        self.admin.register(self.tree)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands%s", len(synced), f" to guild {guild_id}" if guild_id else "")
        self._reminder_task = self.reminders.start()

    async def on_ready(self) -> None:
        user = self.user
        log.info("ready as %s (%s)", user, user.id if user else "?")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A press on a component no longer on its message (stripped after a newer turn, or
        never there) reaches no item: answer it politely instead of letting it fail."""
        if interaction.type != discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not custom_id.startswith("br:") or _on_message(interaction, custom_id):
            return
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(STALE, ephemeral=True)
        log.info("press on a missing component", extra=context(interaction, "press:missing"))

    async def on_app_command_completion(
        self, interaction: discord.Interaction, command: Any
    ) -> None:
        _log_done(interaction, command.qualified_name, ok=True)

    async def close(self) -> None:
        if self._reminder_task is not None:
            self._reminder_task.cancel()
        await self.turns.drain()
        await super().close()
