"""A message with attachments goes as one body, encoded as discord.py's form would be, and an
interaction's webhook answers a refusal or a server error as discord.py's adapter does: tried
again after a server error, Forbidden / NotFound / HTTPException otherwise. Against a real
HTTP server on 127.0.0.1."""

from __future__ import annotations

import io
import json
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from discord.http import Route, handle_message_parameters

from bot.discord import rest
from bot.discord.messages import image_file
from render.core import RenderedImage
from tests.e2e.fake_discord import _multipart_parts


class Server:
    """Answers each POST with the next (status, JSON) of `answers`; keeps what it was sent."""

    def __init__(self, answers: list[tuple[int, dict[str, Any]]]) -> None:
        self.answers = answers
        self.bodies: list[tuple[str, bytes]] = []
        app = web.Application()
        app.router.add_post("/{tail:.*}", self.handle)
        self.server = TestServer(app, host="127.0.0.1")

    async def handle(self, request: web.Request) -> web.Response:
        self.bodies.append((request.headers["Content-Type"], await request.read()))
        status, body = self.answers.pop(0)
        raw = json.dumps(body).encode()  # (as Discord: no charset, which discord.py expects)
        return web.Response(body=raw, status=status, headers={"Content-Type": "application/json"})


@pytest.fixture
async def server_and_session():
    made: list[Server] = []
    session = aiohttp.ClientSession()

    async def start(answers: list[tuple[int, dict[str, Any]]]) -> tuple[Server, Any]:
        server = Server(answers)
        await server.server.start_server()
        made.append(server)
        it = SimpleNamespace(
            _session=session,
            _state=SimpleNamespace(http=SimpleNamespace(proxy=None, proxy_auth=None)),
        )
        return server, it

    yield start
    await session.close()
    for server in made:
        await server.server.close()


def _route(server: Server) -> Route:
    route = Route("POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=1, webhook_token="t")
    route.url = str(server.server.make_url("/webhooks/1/t"))
    return route


def _form() -> list[dict[str, Any]]:
    image = discord.File(io.BytesIO(b"\x89PNG board"), "board.png")
    params = handle_message_parameters(
        content="Turn 3", embeds=[discord.Embed(title="x")], file=image
    )
    return params.multipart or []


async def test_attachments_go_as_one_body_with_every_part(server_and_session):
    server, it = await server_and_session([(200, {"id": "5"})])
    data = await rest._webhook_post(it, _route(server), rest._form_body(_form()), {"wait": 1})
    assert data == {"id": "5"}
    ctype, raw = server.bodies[0]
    assert ctype.startswith("multipart/form-data; boundary=")
    parts = _multipart_parts(raw, ctype.split("boundary=", 1)[1].strip('"'))
    names = {name: (filename, body) for name, filename, body in parts}
    assert names["files[0]"] == ("board.png", b"\x89PNG board")
    assert b'"content":"Turn 3"' in names["payload_json"][1]


class Reader:
    """Reads each POSTed form with aiohttp's own multipart reader: (name, filename, content
    type, bytes) of every part."""

    def __init__(self) -> None:
        self.forms: list[list[tuple[str | None, str | None, str | None, bytes]]] = []
        app = web.Application()
        app.router.add_post("/", self.handle)
        self.server = TestServer(app, host="127.0.0.1")

    async def handle(self, request: web.Request) -> web.Response:
        parts = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            assert isinstance(part, aiohttp.BodyPartReader)
            parts.append(
                (part.name, part.filename, part.headers.get("Content-Type"), await part.read())
            )
        self.forms.append(parts)
        return web.Response(status=204)


async def test_the_form_reads_as_aiohttps_own_encoding_of_it():
    """The same fields, file names, content types and bytes as aiohttp's FormData (as
    discord.py sends a form), read by aiohttp's multipart reader; names and file names with
    quotes, backslashes and non-ASCII letters; a big and a small attachment."""
    files = [
        discord.File(io.BytesIO(bytes(range(256)) * 400), 'board "1".png'),
        discord.File(io.BytesIO(b"\x89PNG hand"), "h\\and é.png"),
    ]
    form = handle_message_parameters(content="Turn ✓", files=files).multipart or []
    reader = Reader()
    await reader.server.start_server()
    try:
        async with aiohttp.ClientSession() as session:
            url = reader.server.make_url("/")
            theirs = aiohttp.FormData(quote_fields=False)
            for field in form:
                theirs.add_field(**field)
            async with session.post(url, data=theirs):
                pass
            for file in files:
                file.reset()
            async with session.post(url, data=rest._form_body(form)):
                pass
    finally:
        await reader.server.close()
    assert len(reader.forms) == 2 and len(reader.forms[1]) == 3
    assert reader.forms[1] == reader.forms[0]
    # (aiohttp's reader also takes a quote left unescaped: the header itself, as aiohttp's)
    raw = b"".join(rest._form_body(form)._value)
    assert b'filename="board \\"1\\".png"' in raw


async def test_an_attachment_is_sent_as_its_own_bytes_between_two_small_pieces():
    board = bytes(range(256)) * 400  # 100 KB: big enough to go on its own
    image = discord.File(io.BytesIO(board), "board.png")
    params = handle_message_parameters(
        content="Turn 3", embeds=[discord.Embed(title="x")], file=image
    )
    body = rest._form_body(params.multipart or [])
    pieces = body._value
    assert len(pieces) == 3 and pieces[1] is board  # not a copy
    assert body.size == sum(len(p) for p in pieces)
    assert pieces[0].endswith(b"\r\n\r\n") and pieces[2].startswith(b"\r\n--")


async def test_a_server_error_is_tried_again_with_the_same_body(server_and_session, monkeypatch):
    slept: list[float] = []

    async def no_sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(rest.asyncio, "sleep", no_sleep)
    server, it = await server_and_session([(502, {"message": "bad gateway"}), (200, {"id": "7"})])
    data = await rest._webhook_post(it, _route(server), rest._form_body(_form()), None)
    assert data == {"id": "7"} and slept == [1]
    assert len(server.bodies) == 2 and server.bodies[0] == server.bodies[1]


@pytest.mark.parametrize(
    ("status", "error"),
    [(403, discord.Forbidden), (404, discord.NotFound), (400, discord.HTTPException)],
)
async def test_a_refusal_is_discord_pys_exception(server_and_session, status, error):
    server, it = await server_and_session([(status, {"message": "no", "code": 10015})])
    with pytest.raises(error):
        await rest._webhook_post(it, _route(server), rest._form_body(_form()), None)
    assert len(server.bodies) == 1


def test_an_images_alt_text_goes_as_discord_pys_attachment_description():
    """`image_file` gives the image's alt text as the File's description: the form's
    payload_json lists it in `attachments` as discord.py's own `File.to_dict` does, within
    Discord's 1,024 characters."""
    image = RenderedImage(b"\x89PNG board", "board.png", "Bazaar board. Round 2. " + "x " * 600)
    file = image_file(image)
    form = handle_message_parameters(content="Turn 3", file=file).multipart or []
    payload = json.loads(next(f["value"] for f in form if f["name"] == "payload_json"))
    (sent,) = payload["attachments"]
    assert (
        sent
        == file.to_dict(0)
        == {
            "id": 0,
            "filename": "board.png",
            "description": file.description,
        }
    )
    assert file.description.startswith("Bazaar board. Round 2. x x")
    assert len(file.description) <= 1024
    plain = handle_message_parameters(file=image_file(RenderedImage(b"x", "a.png"))).multipart
    assert "description" not in json.loads(plain[0]["value"])["attachments"][0]  # none: none
