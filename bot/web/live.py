"""Live pages: who follows which game, woken when a commit moves it on.

The service's core calls `Hub.moved` after each commit that bumps a game's version (in this
process: SQLite, one process). On PostgreSQL the commit NOTIFYs `CHANNEL` instead (delivered
by PostgreSQL at the commit, to every process), and `listen` hands what it hears to the hub, so
a page served by any process follows a game moved by any other."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.runtime import sse

log = logging.getLogger(__name__)

#: The NOTIFY channel of the moves (payload "<game id>:<version>").
CHANNEL = "boardroom_moves"
#: Seconds before listening again after the connection was lost.
RETRY = 1.0
#: The keep-alive comment.
PING = b": still here\n\n"


class Feed:
    """One open live page: where its events go, the newest version it was told of, and
    whether it has ended (gone, or told that the game is over)."""

    __slots__ = ("write", "chunked", "version", "closed")

    def __init__(self, write: Callable[[bytes], bool], chunked: bool, version: int) -> None:
        self.write = write
        self.chunked = chunked
        self.version = version
        self.closed = asyncio.Event()

    def send(self, frames: dict[bool, bytes]) -> None:
        if not self.write(frames[self.chunked]):
            self.closed.set()


#: What the pages of a game are told of a version: the event's bytes, and whether it runs on.
Teller = Callable[[int, int], Awaitable[tuple[bytes, bool]]]


class Hub:
    """The live pages of every game this process serves. A move is told to all the pages of
    its game by one task, in one pass over them (bot.runtime.sse: no coroutine per page)."""

    def __init__(self) -> None:
        self._feeds: dict[int, set[Feed]] = {}
        self._pending: dict[int, int] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        #: Worked out once per version for all the pages (bot.web.server sets it).
        self.tell: Teller | None = None

    def moved(self, game_id: int, version: int) -> None:
        if not self._feeds.get(game_id) or self.tell is None:
            return
        pending = self._pending.get(game_id)
        self._pending[game_id] = version if pending is None else max(pending, version)
        if pending is None:
            task = asyncio.create_task(self._fan_out(game_id, self.tell))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _fan_out(self, game_id: int, tell: Teller) -> None:
        """Tell the game's pages of its newest version (again while more moves come)."""
        try:
            while True:
                version = self._pending[game_id]
                line, running = await tell(game_id, version)
                frames = {False: line, True: sse.framed(line, True)}
                for feed in list(self._feeds.get(game_id, ())):
                    if version > feed.version:
                        feed.version = version
                        feed.send(frames)
                        if not running:
                            feed.closed.set()
                if self._pending[game_id] == version:
                    del self._pending[game_id]
                    return
        except Exception:
            self._pending.pop(game_id, None)
            log.exception("web: could not tell the live pages of game %s", game_id)

    def keep_alive(self) -> None:
        """A comment to every page: proxies keep the connection, and a closed page is found."""
        frames = {False: PING, True: sse.framed(PING, True)}
        for feeds in list(self._feeds.values()):
            for feed in list(feeds):
                feed.send(frames)

    @contextlib.contextmanager
    def follow(
        self, game_id: int, version: int, write: Callable[[bytes], bool], chunked: bool
    ) -> Iterator[Feed]:
        feed = Feed(write, chunked, version)
        self._feeds.setdefault(game_id, set()).add(feed)
        try:
            yield feed
        finally:
            feeds = self._feeds.get(game_id)
            if feeds is not None:
                feeds.discard(feed)
                if not feeds:
                    del self._feeds[game_id]

    def following(self) -> int:
        """How many pages follow a game now."""
        return sum(len(feeds) for feeds in self._feeds.values())


def heard(hub: Hub, payload: str) -> None:
    """One NOTIFY's payload, handed to the hub (a malformed one is ignored)."""
    game, _, version = payload.partition(":")
    if game.isdigit() and version.isdigit():
        hub.moved(int(game), int(version))


async def listen(engine: AsyncEngine, hub: Hub, channel: str = CHANNEL) -> None:
    """Forever (until cancelled): LISTEN on `channel` with a connection of the engine's own
    (asyncpg's listener API), and listen again after the connection is lost."""
    while True:
        try:
            async with engine.connect() as conn:
                raw = await conn.get_raw_connection()
                driver: Any = raw.driver_connection
                lost = asyncio.Event()

                def on_notify(_c: object, _pid: int, _channel: str, payload: str) -> None:
                    heard(hub, payload)

                driver.add_termination_listener(lambda _c, lost=lost: lost.set())
                await driver.add_listener(channel, on_notify)
                log.info("web: listening for moves on %s", channel)
                try:
                    await lost.wait()
                finally:
                    with contextlib.suppress(Exception):
                        await driver.remove_listener(channel, on_notify)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("web: listening for moves stopped (%s); again in %.0f s", exc, RETRY)
        await asyncio.sleep(RETRY)
