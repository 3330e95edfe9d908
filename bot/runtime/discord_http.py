"""Posting and editing messages, and answering interactions, when all the bot needs back is
the message's id (or nothing).

discord.py's `Messageable.send` and `PartialMessage.edit` build a whole `Message` from each
answer (author, embeds, every component, attachments) and register its view; a turn's posts,
strips and DMs use none of that. Measured with `bench.e2e_load --probe`, those objects were
about 4% of the bot's CPU per decision. These helpers take the same keyword arguments
(content, embeds, file, view, allowed_mentions, nonce ...), build the request with
discord.py's own `handle_message_parameters`, and send it through discord.py's own senders
(the client's HTTP session with its rate limits and retries; for an interaction, its webhook
adapter): the same JSON and the same form as discord.py's public calls send
(tests/runtime/test_discord_http.py compares them), only the id is read back.

`answer` is an interaction's first answer (a private reply, a menu edited in place, a
deferral, a turn message): discord.py's `InteractionResponse` builds a Message from the
answered message; here only the new message's id is read, and only when asked for.
`followup` is a later message answering an interaction (discord.py builds a WebhookMessage
from every one).

`gateway_url` is where discord.py opens its gateway connection (the start-up probe)."""

from __future__ import annotations

from typing import Any

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import MultipartParameters, Route, handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import (
    async_context,
    interaction_message_response_params,
    interaction_response_params,
)

DEFERRALS = (
    discord.InteractionResponseType.deferred_channel_message,
    discord.InteractionResponseType.deferred_message_update,
)


async def _request(client: discord.Client, route: Route, params: MultipartParameters) -> Any:
    """As discord.py's HTTP client sends a message: a form when there are files, else JSON."""
    if params.files:
        return await client.http.request(route, files=params.files, form=params.multipart)
    return await client.http.request(route, json=params.payload)


async def send(client: discord.Client, channel_id: int, **kwargs: Any) -> int:
    """Post a message in a channel (a DM channel too); its id. (The route of discord.py's
    `send_message`: the same rate limit bucket.)"""
    params = handle_message_parameters(previous_allowed_mentions=client.allowed_mentions, **kwargs)
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
    with params:  # (closes the files)
        data = await _request(client, route, params)
    return int(data["id"])


async def edit(client: discord.Client, channel_id: int, message_id: int, **kwargs: Any) -> None:
    """Edit a message the bot posted (`view=None` removes its components)."""
    params = handle_message_parameters(previous_allowed_mentions=client.allowed_mentions, **kwargs)
    route = Route(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        channel_id=channel_id,
        message_id=message_id,
    )
    with params:
        await _request(client, route, params)


async def send_dm(client: discord.Client, user_id: int, **kwargs: Any) -> int:
    """Post a message to a user by DM (the DM channel is discord.py's, kept after the first
    call); its id."""
    channel = await client.create_dm(discord.Object(user_id))
    return await send(client, channel.id, **kwargs)


async def answer(
    it: discord.Interaction,
    kind: discord.InteractionResponseType,
    *,
    ephemeral: bool = False,
    with_id: bool = False,
    **kwargs: Any,
) -> int | None:
    """The interaction's first answer; afterwards `it.response.is_done()` is true and
    follow-ups work as after discord.py's own answer. `with_id`: the id of the message it
    posted (Discord is asked to tell it: `with_response`), else None.
    Sent through discord.py's interaction webhook adapter, as discord.py sends it (one lock
    per interaction, held weakly; the client's HTTP session would keep a rate-limit bucket
    per interaction for minutes)."""
    if kind in DEFERRALS:
        params = interaction_response_params(kind.value, {"flags": 64} if ephemeral else None)
    else:
        flags = discord.MessageFlags(ephemeral=True) if ephemeral else MISSING
        params = interaction_message_response_params(
            type=kind.value,
            flags=flags,
            previous_allowed_mentions=it._state.allowed_mentions,
            **kwargs,
        )
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=it.id,
        webhook_token=it.token,
    )
    http = it._state.http
    query = {"with_response": "1"} if with_id else None
    with params:  # (closes the files)
        data = await async_context.get().request(
            route,
            session=it._session,
            proxy=http.proxy,
            proxy_auth=http.proxy_auth,
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
            params=query,
        )
    it.response._response_type = kind
    if not with_id or not isinstance(data, dict):
        return None
    found = data.get("interaction", {}).get("response_message_id")
    return int(found) if found is not None else None


async def followup(it: discord.Interaction, *, ephemeral: bool = False, **kwargs: Any) -> int:
    """A follow-up message of an answered interaction (the same request as
    `it.followup.send(...)`, which always waits for the message); its id."""
    flags = discord.MessageFlags(ephemeral=True) if ephemeral else MISSING
    params = handle_message_parameters(
        flags=flags, previous_allowed_mentions=it._state.allowed_mentions, **kwargs
    )
    http = it._state.http
    with params:
        data = await async_context.get().execute_webhook(
            it.application_id,
            it.token,
            session=it._session,
            proxy=http.proxy,
            proxy_auth=http.proxy_auth,
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
            wait=True,
            with_components="view" in kwargs,
        )
    assert data is not None  # (`wait=True`: Discord answers with the message)
    return int(data["id"])


def gateway_url() -> yarl.URL:
    """The gateway address discord.py connects to."""
    return DiscordWebSocket.DEFAULT_GATEWAY
