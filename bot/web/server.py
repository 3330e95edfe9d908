"""The table's web server: the bot serves its game pages itself on WEB_PORT (aiohttp).

    /g/<token>                     the latest position of a game
    /g/<token>/<move>              the position after a move (0: the start)
    /g/<token>/<version>-<move>/board.png   that position's board (cached for good)
    /g/<token>/<version>-<move>/preview.png the link preview's picture (the turn post's)
    /g/<token>/<version>/mine.png  a personal page's own view (private)
    /g/<token>/live                server-sent events: the game moved on
    /static/table.js, table.css    the page's script and style

Every answer carries the headers of `SECURITY` (a strict content security policy, no referrer,
noindex). Nothing lists games: a page is reached only by its signed link."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

from aiohttp import web

from bot.errors import ServiceError
from bot.runtime.sse import Stream
from bot.service import GameService
from bot.startup import StartupError
from bot.web import page as html
from bot.web.gate import Admitted, Refusal, admit
from bot.web.live import Hub
from bot.web.tables import Names, Tables
from bot.web.tokens import Signer

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"
STATIC_TYPES = {".js": "text/javascript", ".css": "text/css", ".png": "image/png"}
SECURITY = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
    "X-Content-Type-Options": "nosniff",
}
#: Seconds between the comments that keep an idle live connection open through proxies.
KEEP_ALIVE = 15.0
IMMUTABLE = "public, max-age=31536000, immutable"

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Site:
    """The pages of every game, over the game service."""

    def __init__(
        self,
        service: GameService,
        signer: Signer,
        public_url: str,
        names: Names,
        hub: Hub,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.service = service
        self.signer = signer
        self.hub = hub
        self.clock = clock
        self.tables = Tables(service, public_url, names)
        hub.tell = self.news
        self._news: dict[tuple[int, int], asyncio.Future[tuple[bytes, bool]]] = {}
        self._static = {
            p.name: (p.read_bytes(), STATIC_TYPES[p.suffix])
            for p in STATIC.iterdir()
            if p.suffix in STATIC_TYPES
        }

    def app(self) -> web.Application:
        app = web.Application(middlewares=[_secured])
        r = app.router
        r.add_get("/g/{token}", self.latest)
        r.add_get("/g/{token}/live", self.live)
        r.add_get(r"/g/{token}/{move:\d{1,7}}", self.position)
        r.add_get(r"/g/{token}/{version:\d{1,9}}-{move:\d{1,7}}/board.png", self.board)
        r.add_get(r"/g/{token}/{version:\d{1,9}}-{move:\d{1,7}}/preview.png", self.preview)
        r.add_get(r"/g/{token}/{version:\d{1,9}}/mine.png", self.mine)
        r.add_get("/static/{name}", self.static)
        r.add_get("/robots.txt", _robots)
        app.cleanup_ctx.append(self._keeping_alive)
        return app

    async def _keeping_alive(self, app: web.Application) -> AsyncIterator[None]:
        """While the server runs: the live pages' keep-alive comment every KEEP_ALIVE s."""

        async def beat() -> None:
            while True:
                await asyncio.sleep(KEEP_ALIVE)
                self.hub.keep_alive()

        task = asyncio.create_task(beat())
        yield
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    # ------------------------------------------------------------------ pages
    async def latest(self, request: web.Request) -> web.StreamResponse:
        return await self._page(request, None)

    async def position(self, request: web.Request) -> web.StreamResponse:
        return await self._page(request, int(request.match_info["move"]))

    async def _page(self, request: web.Request, move: int | None) -> web.StreamResponse:
        token = request.match_info["token"]
        got = await admit(self.service, self.signer, token, self.clock())
        if isinstance(got, Refusal):
            return refused(got)
        try:
            page = await self.tables.page(f"/g/{token}", got.game.info, move, got.reader)
        except ServiceError as exc:
            return refused(Refusal(404, "No such position", str(exc)))
        return web.Response(
            text=html.render_table(page),
            content_type="text/html",
            headers={"Cache-Control": _private(got) or "no-cache"},
        )

    # ------------------------------------------------------------------ images
    async def board(self, request: web.Request) -> web.StreamResponse:
        """A position's board; cached for good when `version` is the game's version then (a
        position of a version never changes)."""

        async def draw(game_id: int, version: int, move: int) -> tuple[bytes, str]:
            frame = await self.tables.frame(game_id, version, move)
            return frame.image.data, IMMUTABLE if frame.game.version == version else "no-cache"

        return await self._picture(request, draw)

    async def preview(self, request: web.Request) -> web.StreamResponse:
        """The link preview's picture: the position as the turn post draws it."""

        async def draw(game_id: int, version: int, move: int) -> tuple[bytes, str]:
            image = await self.tables.preview(game_id, version, move)
            return image.data, "public, max-age=3600"

        return await self._picture(request, draw)

    async def _picture(
        self, request: web.Request, draw: Callable[[int, int, int], Awaitable[tuple[bytes, str]]]
    ) -> web.StreamResponse:
        got = await admit(self.service, self.signer, request.match_info["token"], self.clock())
        if isinstance(got, Refusal):
            return refused(got)
        version, move = int(request.match_info["version"]), int(request.match_info["move"])
        try:
            data, caching = await draw(got.game.info.id, version, move)
        except ServiceError as exc:
            return refused(Refusal(404, "No such position", str(exc)))
        return web.Response(
            body=data, content_type="image/png", headers={"Cache-Control": _private(got) or caching}
        )

    async def mine(self, request: web.Request) -> web.StreamResponse:
        got = await admit(self.service, self.signer, request.match_info["token"], self.clock())
        if isinstance(got, Refusal):
            return refused(got)
        user = got.reader.user_id
        if not got.reader.seated or user is None or got.game.info.status != "running":
            return refused(Refusal(404, "Nothing here", "Only a player's own link shows a hand."))
        try:
            _, image = await self.tables.hand(got.game.info, user)
        except ServiceError as exc:
            return refused(Refusal(404, "Nothing here", str(exc)))
        if image is None:
            return refused(Refusal(404, "Nothing here", "This game draws no hand."))
        return web.Response(
            body=image.data,
            content_type="image/png",
            headers={"Cache-Control": "private, no-store"},
        )

    # ------------------------------------------------------------------ live
    async def live(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: `{"version", "total", "status"}` each time the game moves on."""
        got = await admit(self.service, self.signer, request.match_info["token"], self.clock())
        if isinstance(got, Refusal):
            return refused(got)
        info = got.game.info
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-cache",
                "X-Accel-Buffering": "no",  # (nginx: pass each event on at once)
            }
        )
        if request.version >= (1, 1):
            response.enable_chunked_encoding()  # (as aiohttp would; said, so Stream knows it)
        await response.prepare(request)
        try:
            await response.write(b"retry: 2000\n\n")  # (aiohttp sends the headers with it)
        except ConnectionResetError:
            return response
        stream = Stream(request, response)
        with self.hub.follow(info.id, info.version, stream.send, stream.chunked) as feed:
            if info.status == "running":
                now = await self.service.web_news(info.id)  # (moved before it was followed?)
                if now is not None and int(now["version"]) > info.version:
                    self.hub.moved(info.id, int(now["version"]))
                await feed.closed.wait()  # (the hub writes the events meanwhile)
        return response

    async def news(self, game_id: int, version: int) -> tuple[bytes, bool]:
        """The event line the live pages of a game are sent for `version`, and whether the
        game still runs: worked out and encoded once for all the pages following it."""
        key = (game_id, version)
        task = self._news.get(key)
        if task is None or (task.done() and task.exception() is not None):  # (tried again)
            task = self._news[key] = asyncio.ensure_future(self._tell(game_id, version))
            while len(self._news) > 256:
                self._news.pop(next(iter(self._news)))
        if task.done():
            return task.result()
        return await asyncio.shield(task)  # (one page closing does not cancel the others')

    async def _tell(self, game_id: int, version: int) -> tuple[bytes, bool]:
        news = await self.service.web_news(game_id)
        if news is None:
            news = {"version": version, "total": 0, "status": "finished"}
        return f"data: {json.dumps(news)}\n\n".encode(), news["status"] == "running"

    # ------------------------------------------------------------------ static
    async def static(self, request: web.Request) -> web.StreamResponse:
        found = self._static.get(request.match_info["name"])
        if found is None:
            return refused(Refusal(404, "Not found", "There is nothing at this address."))
        body, kind = found
        return web.Response(
            body=body, content_type=kind, headers={"Cache-Control": "public, max-age=300"}
        )


def _private(got: Admitted) -> str | None:
    """Personal pages are never kept by a shared cache."""
    return "private, no-store" if got.personal else None


def refused(refusal: Refusal) -> web.Response:
    return web.Response(
        status=refusal.status,
        text=html.render_message(refusal.title, refusal.text),
        content_type="text/html",
        headers={"Cache-Control": "no-store"},
    )


async def _robots(request: web.Request) -> web.StreamResponse:
    return web.Response(text="User-agent: *\nDisallow: /\n")


@web.middleware
async def _secured(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The security headers on every answer, and a page of our own for an unknown address."""
    try:
        response = await handler(request)
    except web.HTTPNotFound:
        response = refused(Refusal(404, "Not found", "There is nothing at this address."))
    except web.HTTPMethodNotAllowed:
        response = refused(Refusal(405, "Not allowed", "These pages can only be read."))
    if not response.prepared:
        response.headers.update(SECURITY)
    return response


async def start(site: Site, host: str, port: int) -> web.AppRunner:
    """Serve the pages on host:port; stop with `await runner.cleanup()`. A port that cannot
    be had is a StartupError (one line saying what to fix)."""
    runner = web.AppRunner(site.app(), access_log=None, shutdown_timeout=0.5)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError as exc:
        await runner.cleanup()
        if exc.errno == errno.EADDRINUSE:
            raise StartupError(
                f"WEB_PORT={port} is in use on {host}: another program (or another copy of the "
                "bot) listens there; pick a free port or leave WEB_PORT empty"
            ) from None
        raise StartupError(
            f"WEB_PORT={port} cannot be opened on WEB_HOST={host}: {exc.strerror or exc}; pick "
            "another port (1024 or above) or address, or leave WEB_PORT empty"
        ) from None
    log.info("the table on the web is served on http://%s:%d", host, port)
    return runner
