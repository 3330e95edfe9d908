"""The names people go by, as last seen in their interactions (the bot has no members intent,
so Discord sends no member list): what the web table shows beside a seat."""

from __future__ import annotations

from collections import OrderedDict

import discord

#: People whose names are kept (the least recently seen are forgotten first).
KEPT = 20_000
UNKNOWN = "a player"


class SeenNames:
    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._names: OrderedDict[tuple[int | None, int], str] = OrderedDict()

    def saw(self, interaction: discord.Interaction) -> None:
        user = interaction.user
        key = (interaction.guild_id, user.id)
        if self._names.get(key) != user.display_name:
            self._names[key] = user.display_name
            self._names[(None, user.id)] = user.name
        self._names.move_to_end(key)
        while len(self._names) > self.size:
            self._names.popitem(last=False)

    def __call__(self, guild_id: int | None, user_id: int) -> str:
        return self._names.get((guild_id, user_id)) or self._names.get((None, user_id)) or UNKNOWN
