"""Posting and editing messages when all the bot needs back is the message's id.

discord.py's `Messageable.send` and `PartialMessage.edit` build a whole `Message` from each
answer (author, embeds, every component, attachments) and register its view; a turn's posts,
strips and DMs use none of that. Measured with `bench.e2e_load --probe`, those objects were
about 4% of the bot's CPU per decision. These helpers take the same keyword arguments
(content, embeds, file, view, allowed_mentions, nonce ...), send the same request through
the client's own HTTP session (its rate limits and retries), and return only the id. Our
components need no view store entry: their presses are routed by custom id (router.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord.http import handle_message_parameters


async def send(client: discord.Client, channel_id: int, **kwargs: Any) -> int:
    """Post a message in a channel (a DM channel too); its id."""
    params = handle_message_parameters(previous_allowed_mentions=client.allowed_mentions, **kwargs)
    with params:  # (closes the files)
        data = await client.http.send_message(channel_id, params=params)
    return int(data["id"])


async def edit(client: discord.Client, channel_id: int, message_id: int, **kwargs: Any) -> None:
    """Edit a message the bot posted (`view=None` removes its components)."""
    params = handle_message_parameters(previous_allowed_mentions=client.allowed_mentions, **kwargs)
    with params:
        await client.http.edit_message(channel_id, message_id, params=params)


async def dm_channel(client: discord.Client, user_id: int) -> int:
    """The id of the DM channel with a user (discord.py keeps it after the first call)."""
    return (await client.create_dm(discord.Object(user_id))).id
