"""The table on the web, from Discord's side: the server started with the bot (WEB_PORT), the
names it shows (as seen in interactions), the live pages told of every move, and the links.

`/game web`, the **My view** button and `/admin web`, which hand out the links, are
web_commands.py's."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from bot.discord.names import SeenNames
from bot.web import live, server
from bot.web.tokens import Signer

if TYPE_CHECKING:
    from bot.discord.client import BoardroomBot
    from bot.results import GameInfo

log = logging.getLogger(__name__)
DAY = 86_400.0


class WebTable:
    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.settings = bot.settings
        self.names = SeenNames()
        self.hub = live.Hub()
        self.signer: Signer | None = None
        #: The servers whose pages a moderator turned off (`/admin web`): read at start-up,
        #: kept by `/admin web` (a server's commands reach the process serving its shard).
        self.pages_off: set[int] = set()
        self._runner: Any = None
        self._listener: asyncio.Task[None] | None = None

    @property
    def on(self) -> bool:
        return self.signer is not None

    async def start(self) -> None:
        """Serve the pages when WEB_PORT is set (a port in use: StartupError)."""
        port = self.settings.web_port
        if port is None:
            return
        signer = Signer(await self.service.web_key())
        self.pages_off = await self.service.web_pages_off()
        site = server.Site(self.service, signer, self.settings.public_url, self.names, self.hub)
        self._runner = await server.start(site, self.settings.web_host, port)
        self.signer = signer
        engine = self.bot.app.engine
        if engine.dialect.name == "postgresql":
            self.service.follow_moves(self.hub.moved, live.CHANNEL)
            self._listener = asyncio.create_task(live.listen(engine, self.hub))
        else:
            self.service.follow_moves(self.hub.moved, None)

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    # ------------------------------------------------------------------ links
    def public_link(self, game_id: int, move: int | None = None) -> str | None:
        """The game's public page (None: the pages are off)."""
        if self.signer is None:
            return None
        tail = "" if move is None else f"/{move}"
        return f"{self.settings.public_url}/g/{self.signer.public(game_id)}{tail}"

    def turn_link(self, info: GameInfo) -> str | None:
        """The link a turn post or final message carries: the public page of a started game
        open to spectators, on a server whose pages are on (else None)."""
        if info.spectators != "open" or info.status not in ("running", "finished"):
            return None
        if info.guild_id in self.pages_off:
            return None
        return self.public_link(info.id)

    def pages_set(self, guild_id: int, on: bool) -> None:
        """`/admin web` turned the server's pages on or off."""
        if on:
            self.pages_off.discard(guild_id)
        else:
            self.pages_off.add(guild_id)

    async def personal_link(self, game_id: int, user_id: int) -> str | None:
        """A link to the game's page with the person's own view, valid WEB_LINK_DAYS days."""
        if self.signer is None:
            return None
        links = await self.service.web_links(user_id)
        expires = int(time.time() + self.settings.web_link_days * DAY)
        token = self.signer.personal(game_id, user_id, links, expires)
        return f"{self.settings.public_url}/g/{token}"
