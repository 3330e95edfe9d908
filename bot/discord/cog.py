"""The base of each command area (lobby, play, info, admin): access to the bot and its service."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.client import BoardroomBot
    from bot.service import GameService


class Cog:
    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot

    @property
    def service(self) -> GameService:
        return self.bot.service
