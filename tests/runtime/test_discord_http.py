"""`bot.runtime.discord_http` sends what discord.py's own public calls send: the same method,
path, query, JSON and form, to a real HTTP server on 127.0.0.1 that records every request; and
a refusal is discord.py's own exception."""

from __future__ import annotations

import io
import json
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from discord.http import Route

from bot.discord.messages import image_file
from bot.runtime import discord_http
from render.core import RenderedImage

APP_ID = 42
CHANNEL = 555
Kind = discord.InteractionResponseType
BOT_USER = {"id": "1", "username": "bot", "discriminator": "0", "avatar": None}
APPLICATION = {
    "id": str(APP_ID),
    "name": "Boardroom",
    "description": "",
    "icon": None,
    "bot_public": True,
    "bot_require_code_grant": False,
    "owner": BOT_USER,
    "verify_key": "k",
}


class Recorder:
    """A loopback stand-in for Discord's HTTP API: keeps (method, path, query, JSON, form
    parts) of each request and answers with a message payload (or `refusal`)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str, dict[str, str], Any, list[tuple[Any, ...]]]] = []
        self.refusal: int | None = None
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self.handle)
        self.server = TestServer(app, host="127.0.0.1")

    async def handle(self, request: web.Request) -> web.Response:
        body: Any = None
        parts: list[tuple[Any, ...]] = []
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                assert isinstance(part, aiohttp.BodyPartReader)
                data = await part.read()
                if part.name == "payload_json":
                    body = json.loads(data)
                else:
                    parts.append((part.name, part.filename, part.headers.get("Content-Type"), data))
        elif request.can_read_body:
            body = await request.json()
        path = request.path.removeprefix("/api/v10")
        self.seen.append((request.method, path, dict(request.query), body, parts))
        if self.refusal is not None:
            return _json({"message": "no", "code": 50013}, self.refusal)
        if path == "/users/@me":
            return _json(BOT_USER)
        if path == "/oauth2/applications/@me":
            return _json(APPLICATION)
        if path.endswith("/callback"):
            if "with_response" not in request.query:
                return web.Response(status=204)
            answered = {"id": "77", "type": 3, "response_message_id": "900"}
            return _json({"interaction": answered, "resource": {"type": 4, "message": _message()}})
        return _json(_message())


def _json(data: Any, status: int = 200) -> web.Response:
    raw = json.dumps(data).encode()  # exactly application/json, as discord.py expects
    return web.Response(body=raw, status=status, headers={"Content-Type": "application/json"})


def _message() -> dict[str, Any]:
    return {
        "id": "900",
        "channel_id": str(CHANNEL),
        "author": BOT_USER,
        "content": "",
        "timestamp": "2026-12-07T00:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
        "type": 0,
    }


@pytest.fixture
async def discord_on_loopback(monkeypatch):
    recorder = Recorder()
    await recorder.server.start_server()
    monkeypatch.setattr(Route, "BASE", str(recorder.server.make_url("/api/v10")))
    client = discord.Client(intents=discord.Intents.none())
    await client.login("token")
    recorder.seen.clear()  # (the login's GET /users/@me)
    yield client, recorder
    await client.close()
    await recorder.server.close()


def _kwargs() -> dict[str, Any]:
    """A turn post's shape: text, an embed, an image with its alt text, no pings."""
    image = RenderedImage(b"\x89PNG board" * 50, "board.png", "Bazaar board. Round 2.")
    return {
        "content": "Turn 3 <@7>",
        "embeds": [discord.Embed(title="Bazaar", description="alice to act")],
        "file": image_file(image),
        "allowed_mentions": discord.AllowedMentions(users=True, roles=False),
    }


def _interaction(client: discord.Client) -> discord.Interaction:
    payload = {
        "id": "77",
        "application_id": str(APP_ID),
        "type": 3,
        "token": "tok",
        "version": 1,
        "channel_id": str(CHANNEL),
        "data": {"custom_id": "br:1:2:p", "component_type": 2},
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    return discord.Interaction(data=payload, state=client._connection)  # type: ignore[arg-type]


async def test_a_post_and_an_edit_send_what_discord_pys_own_send_and_edit_send(
    discord_on_loopback,
):
    client, recorder = discord_on_loopback
    channel = client.get_partial_messageable(CHANNEL)
    await channel.send(nonce="17", **_kwargs())
    # (discord.py's `send` sends no components as `view=None`)
    assert await discord_http.send(client, CHANNEL, nonce="17", view=None, **_kwargs()) == 900
    theirs, ours = recorder.seen
    assert ours == theirs
    assert ours[0:2] == ("POST", f"/channels/{CHANNEL}/messages")
    assert ours[4][0][1] == "board.png"

    recorder.seen.clear()
    await channel.get_partial_message(900).edit(content="Turn 4", view=None)
    await discord_http.edit(client, CHANNEL, 900, content="Turn 4", view=None)
    theirs, ours = recorder.seen
    assert ours == theirs
    assert ours[0:2] == ("PATCH", f"/channels/{CHANNEL}/messages/900")


async def test_an_answer_and_a_followup_send_what_discord_pys_own_send(discord_on_loopback):
    client, recorder = discord_on_loopback
    await _interaction(client).response.send_message(ephemeral=True, **_kwargs())
    await discord_http.answer(
        _interaction(client), Kind.channel_message, ephemeral=True, **_kwargs()
    )
    theirs, ours = recorder.seen
    asked = _interaction(client)
    assert await discord_http.answer(asked, Kind.channel_message, with_id=True, content="x") == 900
    assert asked.response.is_done()  # (follow-ups work as after discord.py's own answer)
    # discord.py asks for the answered message back (`with_response`); ours only when asked
    assert theirs[2] == {"with_response": "1"} and ours[2] == {}
    assert ours[:2] + ours[3:] == theirs[:2] + theirs[3:]
    assert ours[1] == "/interactions/77/tok/callback"

    recorder.seen.clear()
    it = _interaction(client)
    await it.response.defer()
    await it.followup.send(wait=True, **_kwargs())
    assert await discord_http.followup(it, **_kwargs()) == 900
    _, theirs, ours = recorder.seen
    assert ours == theirs
    assert ours[1] == f"/webhooks/{APP_ID}/tok"


@pytest.mark.parametrize(
    ("status", "error"),
    [(403, discord.Forbidden), (404, discord.NotFound), (400, discord.HTTPException)],
)
async def test_a_refusal_is_discord_pys_exception(discord_on_loopback, status, error):
    client, recorder = discord_on_loopback
    recorder.refusal = status
    with pytest.raises(error):
        await discord_http.send(client, CHANNEL, content="x")
    with pytest.raises(error):
        await discord_http.followup(_interaction(client), content="x")


def test_an_images_alt_text_goes_as_discord_pys_attachment_description():
    """`image_file` gives the image's alt text as the File's description: the form's
    payload_json lists it in `attachments` as discord.py's own `File.to_dict` does, within
    Discord's 1,024 characters."""
    from discord.http import handle_message_parameters

    image = RenderedImage(b"\x89PNG board", "board.png", "Bazaar board. Round 2. " + "x " * 600)
    file = image_file(image)
    form = handle_message_parameters(content="Turn 3", file=file).multipart or []
    payload = json.loads(next(f["value"] for f in form if f["name"] == "payload_json"))
    (sent,) = payload["attachments"]
    assert (
        sent
        == file.to_dict(0)
        == {"id": 0, "filename": "board.png", "description": file.description}
    )
    assert file.description.startswith("Bazaar board. Round 2. x x")
    assert len(file.description) <= 1024
    plain = handle_message_parameters(file=image_file(RenderedImage(b"x", "a.png"))).multipart
    assert "description" not in json.loads(plain[0]["value"])["attachments"][0]  # none: none


def test_the_gateway_is_discord_pys():
    from discord.gateway import DiscordWebSocket

    assert discord_http.gateway_url() == DiscordWebSocket.DEFAULT_GATEWAY
    assert io  # (the File's bytes are read by discord.py itself)
