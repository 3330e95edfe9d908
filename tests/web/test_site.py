"""The table's web server against the real service on a real database, over HTTP on loopback:
who may see which page (signed links, spectators setting, the server's switch, revoked and
expired personal links, other seats), what every answer carries (security headers, escaped
names, the board's lasting address), and a live page told of a move."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import time

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from bot.config import Settings, load_settings
from bot.service import GameService
from bot.startup import StartupError
from bot.web import live
from bot.web.server import Site, start
from bot.web.tables import png_size
from bot.web.tokens import Signer
from tests.bot.test_looking_back import decide
from tests.bot.test_service import ANA, BEN, CAL, CHAN, GUILD, MOD, new_game

EVIL = '<script>alert("x")</script>'
NAMES = {ANA: f"Ana {EVIL}", BEN: "Ben", CAL: "Cal"}


class Web:
    def __init__(self, service: GameService, server: TestServer, signer: Signer) -> None:
        self.service, self.server, self.signer = service, server, signer

    def url(self, path: str) -> str:
        return str(self.server.make_url(path))

    async def get(self, path: str) -> tuple[int, str, dict]:
        async with aiohttp.ClientSession() as http, http.get(self.url(path)) as r:
            return r.status, await r.text(errors="replace"), dict(r.headers)

    async def personal(self, game_id: int, user: int, expires: float | None = None) -> str:
        links = await self.service.web_links(user)
        until = int(expires if expires is not None else time.time() + 3600)
        return "/g/" + self.signer.personal(game_id, user, links, until)


@pytest.fixture
async def web(service: GameService):
    signer = Signer(await service.web_key())
    hub = live.Hub()
    service.follow_moves(hub.moved, None)
    site = Site(service, signer, "https://table.example", lambda g, u: NAMES.get(u, "?"), hub)
    server = TestServer(site.app(), host="127.0.0.1")
    await server.start_server()
    try:
        yield Web(service, server, signer)
    finally:
        await server.close()


async def started(service: GameService):
    await new_game(service, players=(ANA, BEN))
    return await service.start(CHAN, ANA)


async def test_a_public_page_shows_the_game_with_names_escaped_and_strict_headers(web):
    out = await started(web.service)
    path = "/g/" + web.signer.public(out.game.id)
    status, body, headers = await web.get(path)
    assert status == 200
    assert EVIL not in body and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in body
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    assert "noindex" in headers["X-Robots-Tag"]
    assert 'name="robots" content="noindex' in body
    board = re.search(r'<img[^>]+src="([^"]+board\.png)"', body)
    assert board is not None
    og = re.search(r'property="og:image" content="([^"]+)"', body)
    assert og is not None and og.group(1).startswith("https://table.example/g/")
    preview = og.group(1).removeprefix("https://table.example")
    assert preview == board.group(1).replace("board.png", "preview.png")
    async with aiohttp.ClientSession() as http, http.get(web.url(preview)) as r:
        assert r.status == 200 and r.content_type == "image/png"
        width, height = png_size(await r.read())
        assert width >= height  # the turn post's picture, shaped for a preview's frame
    async with aiohttp.ClientSession() as http, http.get(web.url(board.group(1))) as r:
        assert r.status == 200 and r.content_type == "image/png"
        assert "immutable" in r.headers["Cache-Control"]
        assert (await r.read()).startswith(b"\x89PNG")
    assert "Your view" not in body and "/mine.png" not in body  # no hand on a public page


async def test_every_position_has_its_address(web):
    out = await started(web.service)
    path = "/g/" + web.signer.public(out.game.id)
    assert (await web.get(path + "/0"))[0] == 200
    status, body, _ = await web.get(path + "/99")
    assert status == 404 and "pick a move from 0" in body


@pytest.mark.parametrize("token", ["nonsense", "A" * 40, "", "%3Cb%3E"])
async def test_a_forged_token_finds_nothing(web, token):
    await started(web.service)
    status, body, headers = await web.get(f"/g/{token}")
    assert status == 404 and "at this address" in body
    assert "default-src 'none'" in headers["Content-Security-Policy"]


async def test_a_personal_link_shows_that_seat_only_and_ends_when_revoked(web):
    out = await started(web.service)
    game = out.game.id
    status, body, headers = await web.get(await web.personal(game, ANA))
    assert status == 200 and "/mine.png" in body and "no-store" in headers["Cache-Control"]
    ana_text, _ = await web.service.hand_in_game(game, ANA)
    ben_text, _ = await web.service.hand_in_game(game, BEN)
    assert ana_text.splitlines()[-1] in body.replace("&#x27;", "'")
    assert ben_text != ana_text and ben_text.splitlines()[-1] not in body.replace("&#x27;", "'")
    old = await web.personal(game, ANA)
    await web.service.revoke_web_links(ANA)
    status, body, _ = await web.get(old)
    assert status == 403 and "revoked" in body
    assert (await web.get(await web.personal(game, ANA)))[0] == 200  # a new one works


async def test_an_expired_personal_link_says_so(web):
    out = await started(web.service)
    status, body, _ = await web.get(await web.personal(out.game.id, ANA, time.time() - 5))
    assert status == 410 and "expired" in body


async def test_a_stranger_personal_link_sees_no_hand(web):
    out = await started(web.service)
    status, body, _ = await web.get(await web.personal(out.game.id, CAL))
    assert status == 200 and "/mine.png" not in body
    status, _, _ = await web.get(
        await web.personal(out.game.id, CAL) + f"/{out.game.version}/mine.png"
    )
    assert status == 404


async def test_closed_and_ask_games_have_no_public_page(web):
    out = await started(web.service)
    public = "/g/" + web.signer.public(out.game.id)
    await web.service.set_spectators(CHAN, MOD, "ask")
    status, body, _ = await web.get(public)
    assert status == 403 and "/game watch" in body
    assert (await web.get(await web.personal(out.game.id, CAL)))[0] == 403
    assert (await web.get(await web.personal(out.game.id, BEN)))[0] == 200  # a player
    await web.service.set_spectators(CHAN, MOD, "closed")
    status, body, _ = await web.get(public)
    assert status == 404 and "closed to spectators" in body
    assert (await web.get(public + "/0"))[0] == 404


async def test_a_server_can_turn_its_pages_off(web):
    out = await started(web.service)
    await web.service.set_web_pages(GUILD, MOD, False)
    for path in ("/g/" + web.signer.public(out.game.id), await web.personal(out.game.id, ANA)):
        status, body, _ = await web.get(path)
        assert status == 403 and "game pages off" in body
    await web.service.set_web_pages(GUILD, MOD, True)
    assert (await web.get("/g/" + web.signer.public(out.game.id)))[0] == 200


async def test_a_live_page_hears_the_next_move(web):
    out = await started(web.service)
    path = "/g/" + web.signer.public(out.game.id) + "/live"
    async with aiohttp.ClientSession() as http, http.get(web.url(path)) as r:
        assert r.headers["Content-Type"].startswith("text/event-stream")
        assert (await r.content.readline()).startswith(b"retry:")
        user = out.game.holder(out.prompts[0].seat).user_id
        done = await decide(web.service, out, user)
        assert done.game.version > out.game.version
        line = b""
        while not line.startswith(b"data:"):
            line = await asyncio.wait_for(r.content.readline(), 5)
        news = json.loads(line[5:])
        assert news == {"version": done.game.version, "total": 1, "status": "running"}


async def test_a_web_port_in_use_is_one_line_to_fix(service):
    site = Site(service, Signer(b"k" * 32), "", lambda g, u: "?", live.Hub())
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(StartupError) as caught:
            await start(site, "127.0.0.1", port)
    line = str(caught.value)
    assert line.startswith(f"WEB_PORT={port} is in use") and "\n" not in line


def test_the_web_settings():
    on = Settings(_env_file=None, web_port=8080)
    assert on.public_url == "http://127.0.0.1:8080"  # reachable as it is, on this machine
    given = Settings(_env_file=None, web_port=8080, public_url="https://t.example.org/")
    assert given.public_url == "https://t.example.org"
    assert Settings(_env_file=None).web_port is None  # off unless asked for
    with pytest.raises(StartupError) as caught:
        load_settings(_env_file=None, web_port=8080, public_url="table.example.org")
    assert "PUBLIC_URL=table.example.org" in str(caught.value)
