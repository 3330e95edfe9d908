"""The buttons of an event's sign-up message: **Join** and **Leave** (routed to the events cog
by `Router.add`, like every item of components.py, whose `DYNAMIC_ITEMS` lists them)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.discord import custom_ids
from bot.discord.items import Checked
from bot.discord.presses import number
from bot.runtime import components_json
from bot.runtime.components_json import Components

Interaction = discord.Interaction


class EventButton(Checked, ui.DynamicItem[ui.Button], template=custom_ids.EVENT_TEMPLATE):
    """**Join** / **Leave** on an event's sign-up message (no game: no channel check)."""

    STYLE = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary}

    def __init__(self, button: ui.Button, event_id: int, action: str, valid: bool = True) -> None:
        super().__init__(button)
        self.event_id, self.action, self.valid = event_id, action, valid

    @classmethod
    def build(cls, event_id: int, action: str) -> components_json.Button:
        label, style = action.capitalize(), cls.STYLE[action]
        return components_json.Button(custom_ids.event_custom_id(event_id, action), label, style)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: ui.Button,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> EventButton:
        event_id = number(match["event"])
        return cls(item, event_id or 0, match["action"], valid=event_id is not None)

    async def callback(self, interaction: Interaction) -> Any:
        # (the action first: `guarded` logs a leading number as a game's id)
        await self.handler(interaction, self.action, self.event_id)


def event_view(event_id: int) -> Components:
    return Components([EventButton.build(event_id, a) for a in ("join", "leave")])
