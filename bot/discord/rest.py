"""Posting and editing messages, and answering interactions, when all the bot needs back is
the message's id (or nothing).

discord.py's `Messageable.send` and `PartialMessage.edit` build a whole `Message` from each
answer (author, embeds, every component, attachments) and register its view; a turn's posts,
strips and DMs use none of that. Measured with `bench.e2e_load --probe`, those objects were
about 4% of the bot's CPU per decision. These helpers take the same keyword arguments
(content, embeds, file, view, allowed_mentions, nonce ...), send the same request through
the client's own HTTP session (its rate limits and retries), and return only the id. Our
components need no view store entry: their presses are routed by custom id (router.py).

`answer` is the same for an interaction's first answer (a private reply, a menu edited in
place, a deferral, a turn message): discord.py asks Discord to send the answered message back
(`with_response`) and builds a Message from it; here only the new message's id is read, and
only when asked for. `followup` is for a later message answering an interaction (discord.py
builds a WebhookMessage from every one).

Attachments (boards, hands) go to aiohttp as their bytes, not as the `io.BytesIO` a
`discord.File` holds: aiohttp measures a BytesIO with `getbuffer()`, which copies bytes the
BytesIO shares, then reads it out again in 64 KiB copies; bytes are sent as they are. About
0.15 ms of the bot's CPU per 200 KB board (bench.e2e_load --probe).

A message with attachments goes as ONE body of a few pieces (`_form_body`): everything before
the first attachment's bytes (request headers, framing, the JSON part, the attachment's part
headers) in one piece, each attachment's bytes as they are, then the closing. Given a form,
aiohttp writes each part's boundary, headers, bytes and line break with a system call of its
own, nine for a board and its embed: each one a TCP segment (TCP_NODELAY) for the kernel to
carry to the other end. Joined into one bytes, the board was copied twice more (by the join,
and by aiohttp joining the request's headers to its body on Python < 3.12.9), each copy a fresh
mapping of a few hundred KB whose pages fault in (render.heap): about 0.35 ms of CPU per board.
The form is encoded here (RFC 7578: a boundary, and per part its Content-Disposition and
Content-Type) rather than by aiohttp's `FormData`, whose payload and header objects took
0.15 ms of the bot's CPU per message, about 0.3 ms per Mombasa decision
(bench/entries/timed_bot.py); tests/bot/test_rest_one_body.py checks aiohttp's own multipart
reader reads the same fields from it as from `FormData`."""

from __future__ import annotations

import asyncio
import io
import secrets
from typing import Any

import aiohttp
import discord
from aiohttp.abc import AbstractStreamWriter
from discord.http import MultipartParameters, Route, handle_message_parameters, json_or_text
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


class FormBody(aiohttp.Payload):
    """A request body written as its pieces, one write each (see above). Reusable: a retried
    request sends the same pieces again."""

    _autoclose = True  # (nothing to close: bytes in memory)

    def __init__(self, pieces: list[bytes], content_type: str) -> None:
        super().__init__(pieces, content_type=content_type)
        self._size = sum(len(piece) for piece in pieces)

    def decode(self, encoding: str = "utf-8", errors: str = "strict") -> str:
        return b"".join(self._value).decode(encoding, errors)

    async def write(self, writer: AbstractStreamWriter) -> None:
        for piece in self._value:
            await writer.write(piece)


#: An attachment this large goes as its own piece (its bytes as they are); smaller parts are
#: copied into the pieces around them.
BIG = 16 * 1024


def _quoted(value: str) -> str:
    """A Content-Disposition parameter's value, inside its quotes: backslashes and quotes
    escaped as aiohttp escapes them, and line breaks (which would end the header)
    percent-encoded."""
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "%0D").replace("\n", "%0A")


def _form_body(multipart: list[dict[str, Any]]) -> FormBody:
    """The form (as discord.py builds it: `name`, `value`, and for a file `filename` and
    `content_type`) as multipart/form-data in a few pieces (see above). A file's value is the
    BytesIO of a `discord.File`: its `getvalue()` is the bytes it was made from, no copy."""
    boundary = secrets.token_hex(16)
    pieces: list[bytes] = []
    head = bytearray()
    for field in multipart:
        value = field["value"]
        if isinstance(value, io.IOBase):
            value = value.getvalue() if isinstance(value, io.BytesIO) else value.read()
        if isinstance(value, str):
            value = value.encode()
            ctype = field.get("content_type") or "text/plain; charset=utf-8"
        else:
            ctype = field.get("content_type") or "application/octet-stream"
        disposition = f'form-data; name="{_quoted(field["name"])}"'
        if field.get("filename") is not None:
            disposition += f'; filename="{_quoted(field["filename"])}"'
        head += (
            f"--{boundary}\r\nContent-Type: {ctype}\r\nContent-Disposition: {disposition}\r\n\r\n"
        ).encode()
        if len(value) >= BIG:
            pieces += [bytes(head), value]
            head.clear()
        else:
            head += value
        head += b"\r\n"
    head += f"--{boundary}--\r\n".encode()
    pieces.append(bytes(head))
    return FormBody(pieces, f"multipart/form-data; boundary={boundary}")


async def _http_body(params: MultipartParameters) -> dict[str, Any]:
    """What discord.py's HTTP client sends for `params`: the JSON payload, or the form as one
    body (`_form_body`)."""
    if params.multipart:
        return {"data": _form_body(params.multipart)}
    return {"json": params.payload}


async def send(client: discord.Client, channel_id: int, **kwargs: Any) -> int:
    """Post a message in a channel (a DM channel too); its id. (The route of discord.py's
    `send_message`: the same rate limit bucket.)"""
    params = handle_message_parameters(previous_allowed_mentions=client.allowed_mentions, **kwargs)
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
    with params:  # (closes the files)
        data = await client.http.request(route, **await _http_body(params))
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
        await client.http.request(route, **await _http_body(params))


async def dm_channel(client: discord.Client, user_id: int) -> int:
    """The id of the DM channel with a user (discord.py keeps it after the first call)."""
    return (await client.create_dm(discord.Object(user_id))).id


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
        if params.multipart:
            data = await _webhook_post(it, route, _form_body(params.multipart), query)
        else:
            data = await async_context.get().request(
                route,
                session=it._session,
                proxy=http.proxy,
                proxy_auth=http.proxy_auth,
                payload=params.payload,
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
        if params.multipart:  # (the route and query of discord.py's execute_webhook)
            route = Route(
                "POST",
                "/webhooks/{webhook_id}/{webhook_token}",
                webhook_id=it.application_id,
                webhook_token=it.token,
            )
            query = {"wait": 1, "with_components": int("view" in kwargs)}
            data = await _webhook_post(it, route, _form_body(params.multipart), query)
        else:
            data = await async_context.get().execute_webhook(
                it.application_id,
                it.token,
                session=it._session,
                proxy=http.proxy,
                proxy_auth=http.proxy_auth,
                payload=params.payload,
                wait=True,
                with_components="view" in kwargs,
            )
    return int(data["id"])


#: Tries of a request with attachments to an interaction's webhook (as discord.py's adapter).
WEBHOOK_TRIES = 5


async def _webhook_post(
    it: discord.Interaction,
    route: Route,
    body: FormBody,
    query: dict[str, Any] | None,
) -> Any:
    """POST `body` to an interaction's webhook route, as discord.py's webhook adapter sends a
    form (no bot token; a rate limit or a server error is waited out and tried again, up to
    five times), but as one body. Discord's answer (parsed JSON, or text); HTTPException
    (Forbidden, NotFound, DiscordServerError) when it refuses."""
    http = it._state.http
    for attempt in range(WEBHOOK_TRIES):
        async with it._session.request(
            route.method,
            route.url,
            data=body,
            params=query,
            proxy=http.proxy,
            proxy_auth=http.proxy_auth,
        ) as response:
            data: Any = await json_or_text(response)  # a JSON object, or text
            if 300 > response.status >= 200:
                return data
            if response.status == 429 and response.headers.get("Via"):
                await asyncio.sleep(float(data["retry_after"]))
                continue
            if response.status >= 500 and attempt + 1 < WEBHOOK_TRIES:
                await asyncio.sleep(1 + attempt * 2)
                continue
            if response.status >= 500:
                raise discord.DiscordServerError(response, data)
            if response.status == 403:
                raise discord.Forbidden(response, data)
            if response.status == 404:
                raise discord.NotFound(response, data)
            raise discord.HTTPException(response, data)
    raise discord.HTTPException(response, data)  # (rate limited every time)
