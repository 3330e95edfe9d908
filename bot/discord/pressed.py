"""What a press says about the message it came from, read through discord.py's `Message`."""

from __future__ import annotations

from typing import Any

import discord


def on_ephemeral(interaction: discord.Interaction) -> bool:
    """Whether the pressed component sits on an ephemeral message (someone's own)."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


def has_component(interaction: discord.Interaction, custom_id: str) -> bool:
    """Whether the pressed component (same id, same type) is on the message it came from."""
    message = interaction.message
    if message is None:
        return False
    data: Any = interaction.data or {}
    kind = data.get("component_type")
    for row in message.components:
        for child in getattr(row, "children", None) or (row,):
            if getattr(child, "custom_id", None) == custom_id and kind in (None, child.type.value):
                return True
    return False
