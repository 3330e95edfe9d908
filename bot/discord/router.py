"""Presses on our components, routed by custom id.

Every button and select of ours is a `DynamicItem` class (components.py, watch_buttons.py):
its template names what the custom id carries, `from_custom_id` parses it, `Checked` holds
what the checks every press passes read (run here: presses.py), `callback` calls the handler
of its route. discord.py could route them itself
(`add_dynamic_items`), but for each press it first rebuilds every component of the pressed
message as a ui item, and it stores each view sent (an ephemeral one with a 15-minute timer
task): together about 3% of the bot's CPU per decision in `bench.e2e_load --probe`. So what is
sent is only the components' JSON (bot.runtime.components_json: nothing for discord.py to store or listen to), and
`route` does the routing: one regex match, one item, its check, its callback. A `build`
gives the `sent` button or select that an item class routes the presses of.

Each cog declares the routes it answers (`add`: an item class, whose template names the custom
ids, and the cog's handler), when the client registers it; the item calls that handler with
what its id carries, so no item reaches a cog through the client."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import ui

if TYPE_CHECKING:
    from bot.discord.items import Checked
    from bot.discord.presses import Presses

log = logging.getLogger("bot.discord.router")

ItemClass = type[ui.DynamicItem[Any]]
#: A cog's method answering the presses of one item class (`Checked.handler`).
Handler = Callable[..., Awaitable[Any]]


class Router:
    def __init__(self, presses: Presses | None = None) -> None:
        #: The checks every press passes (None: a router that only matches ids).
        self.presses = presses
        self._routes: dict[ItemClass, Handler] = {}

    def add(self, cls: ItemClass, handler: Handler) -> None:
        """A route: presses on `cls`'s custom ids are answered by `handler` (a cog's)."""
        if cls in self._routes:
            raise ValueError(f"{cls.__name__} is routed twice")
        self._routes[cls] = handler

    @property
    def items(self) -> tuple[ItemClass, ...]:
        return tuple(self._routes)

    def handler(self, cls: ItemClass) -> Handler:
        """What answers the presses of `cls` (KeyError: no route)."""
        return self._routes[cls]

    def match(self, custom_id: str) -> tuple[ItemClass, re.Match[str]] | None:
        """The item class whose template takes this custom id, and the match."""
        for cls in self._routes:
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
            checked = cast("Checked", item)
            checked.handler = self.handler(cls)
            if await self._allowed(interaction, checked):
                await item.callback(interaction)
        except Exception:
            log.exception("press on %s failed", cls.__name__)

    async def _allowed(self, interaction: discord.Interaction, item: Checked) -> bool:
        """The checks every press passes (presses.py); a refusal is answered there."""
        assert self.presses is not None, "a router without checks only matches ids"
        return await self.presses.allow(
            interaction,
            item.game_id,
            valid=item.valid,
            values=item.pressed_values(interaction),
            private=item.private,
        )


def pressed_values(interaction: discord.Interaction) -> list[str]:
    """A select's chosen values, as Discord sent them."""
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values", [])]
