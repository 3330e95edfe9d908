"""Interactions whose pressed message is built only when something asks for it.

For every press, discord.py builds the whole `Message` the component sits on (its author, every
embed, every component) before any handler runs: about 0.1 ms of the 0.13 ms it takes to build
an interaction, three or four times per decision (`bench/entries/timed_bot.py`). A press needs
only to know that its component is on that message (`has_component`, which reads the payload);
the few handlers that use the message itself (`interaction.message`) still get it, built on
first use exactly as discord.py builds it.

`LazyState` is the client's connection state with this one change: discord.py picks its
gateway event parsers by name (`parse_<event>`), so overriding `parse_interaction_create` is
how an interaction of this class gets made. It also skips discord.py's view store for a press
while the store is empty (as it is for us: presses are routed by custom id, router.py), since
looking a view up reads `interaction.message` and so built the message anyway."""

from __future__ import annotations

from typing import Any

import discord
from discord.shard import AutoShardedConnectionState

#: The `message` slot of discord.py's Interaction (the property below stands in front of it).
_MESSAGE = discord.Interaction.__dict__["message"]


class LazyInteraction(discord.Interaction):
    __slots__ = ("_message_data",)

    def _from_data(self, data: Any) -> None:
        self._message_data = None
        raw = data.get("message")
        if raw is not None:
            data = {k: v for k, v in data.items() if k != "message"}
        super()._from_data(data)
        self._message_data = raw

    @property  # type: ignore[override]
    def message(self) -> discord.Message | None:
        built = _MESSAGE.__get__(self)
        raw = self._message_data
        if built is None and raw is not None:
            built = discord.Message(state=self._state, channel=self.channel, data=raw)  # type: ignore[arg-type]
            if built.guild is None and self.guild_id:  # (as discord.py does)
                built.guild = self._state._get_or_create_unavailable_guild(self.guild_id)
            _MESSAGE.__set__(self, built)
        return built

    @message.setter
    def message(self, value: discord.Message | None) -> None:
        self._message_data = None
        _MESSAGE.__set__(self, value)


def message_payload(interaction: discord.Interaction) -> dict[str, Any] | None:
    """The pressed message as Discord sent it (None if the interaction came without one)."""
    raw = getattr(interaction, "_message_data", None)
    if raw is not None:
        return raw
    message = interaction.message
    if message is None:
        return None
    return {
        "components": [c.to_dict() for c in message.components],
        "flags": message.flags.value,
    }


#: Discord's message flag of a message only its recipient sees.
EPHEMERAL = 1 << 6


def on_ephemeral(interaction: discord.Interaction) -> bool:
    """Whether the pressed component sits on an ephemeral message (someone's own)."""
    message = message_payload(interaction)
    return message is not None and bool(int(message.get("flags") or 0) & EPHEMERAL)


def has_component(interaction: discord.Interaction, custom_id: str) -> bool:
    """Whether the pressed component (same id, same type) is on the message it came from."""
    message = message_payload(interaction)
    if message is None:
        return False
    data: Any = interaction.data or {}
    ctype = data.get("component_type")
    for row in message.get("components") or ():
        for child in row.get("components") or (row,):
            if child.get("custom_id") == custom_id and ctype in (None, child.get("type")):
                return True
    return False


def _has_views(store: Any) -> bool:
    """Does discord.py's view store hold anything a press could be for? Ours never do (our
    presses are routed by custom id, router.py), and its `dispatch_view` builds the pressed
    message (`interaction.message`) to look one up."""
    return bool(store._views or store._dynamic_items)


class LazyState(AutoShardedConnectionState):
    def parse_interaction_create(self, data: Any) -> None:
        """discord.py's own (state.py), making a `LazyInteraction`."""
        interaction = LazyInteraction(data=data, state=self)
        if data["type"] in (2, 4) and self._command_tree:  # an application command, autocomplete
            self._command_tree._from_interaction(interaction)
        elif data["type"] == 3 and _has_views(self._view_store):  # a component
            inner = data["data"]
            self._view_store.dispatch_view(inner["component_type"], inner["custom_id"], interaction)
        elif data["type"] == 5:  # a modal's submission
            inner = data["data"]
            self._view_store.dispatch_modal(
                inner["custom_id"], interaction, inner["components"], inner.get("resolved", {})
            )
        self.dispatch("interaction", interaction)
