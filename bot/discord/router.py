"""Presses on our components, routed by custom id.

Every button and select of ours is a `DynamicItem` class (components.py, watch_buttons.py):
its template names what the custom id carries, `from_custom_id` parses it, `Checked` runs the
checks every press passes, `callback` hands over to a cog. discord.py could route them itself
(`add_dynamic_items`), but for each press it first rebuilds every component of the pressed
message as a ui item, and it stores each view sent (an ephemeral one with a 15-minute timer
task): together about 3% of the bot's CPU per decision in `bench.e2e_load --probe`. So what is
sent is only the components' JSON (sent.py: nothing for discord.py to store or listen to), and
`route` does the routing: one regex match, one item, its check, its callback. A `build`
classmethod gives the `sent` button or select that an item class routes the presses of."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

log = logging.getLogger("bot.discord.router")

ItemClass = type[ui.DynamicItem[Any]]


class Router:
    def __init__(self, items: Sequence[ItemClass]) -> None:
        self.items = tuple(items)

    def match(self, custom_id: str) -> tuple[ItemClass, re.Match[str]] | None:
        """The item class whose template takes this custom id, and the match."""
        for cls in self.items:
            found = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
            if found is not None:
                return cls, found
        return None

    async def route(
        self, interaction: discord.Interaction, cls: ItemClass, found: re.Match[str]
    ) -> None:
        """Run the press's item: its checks (a refusal is answered by them), then its
        callback (which answers any error itself: `checks.guarded`)."""
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        base: ui.Item[Any]
        if data.get("component_type") == discord.ComponentType.button.value:
            base = ui.Button(custom_id=custom_id)
        else:
            base = ui.Select(custom_id=custom_id)
        try:
            item = await cls.from_custom_id(interaction, base, found)
            if await item.interaction_check(interaction):
                await item.callback(interaction)
        except Exception:
            log.exception("press on %s failed", cls.__name__)


def pressed_values(interaction: discord.Interaction) -> list[str]:
    """A select's chosen values, as Discord sent them."""
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values", [])]
