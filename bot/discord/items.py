"""What every item class routing presses (components.py, watch_buttons.py) shares: the facts
the checks of a press read (`Checked`, run by the router: presses.py), and the handler its
route gives it (a cog declares the route: `Router.add`). An item never reaches a cog through
the client: it calls `handler` with what its custom id carries."""

from __future__ import annotations

import re
from typing import Any, Self, cast

import discord
from discord import ui

from bot.discord.presses import number
from bot.discord.router import Handler


class Checked:
    """Mixed into every item: what the checks a press passes read before its callback runs
    (`Router.route`), and the handler of its route."""

    #: False when the custom id holds a number the database cannot (25 digits, ...).
    valid: bool = True
    #: The game the component belongs to; None for components of no game (rules paging).
    game_id: int | None = None
    #: True for a component of a player's own menu, which only an ephemeral message carries.
    private: bool = False
    #: What answers the press: given by the item's route (`Router.route` sets it).
    handler: Handler

    def pressed_values(self, interaction: discord.Interaction) -> list[str] | None:
        """A select's chosen values (None: not a select)."""
        return None


class GameButton(Checked):
    """Mixed into the buttons of one game that are not tied to a version (its custom id holds
    only the game: a hand, a board is always shown as it is now)."""

    def __init__(self, button: ui.Button, game_id: int, valid: bool = True) -> None:
        super().__init__(button)  # type: ignore[call-arg]
        self.game_id = game_id
        self.valid = valid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        game_id = number(match["game"])
        return cls(cast(ui.Button, item), game_id or 0, valid=game_id is not None)
