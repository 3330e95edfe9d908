"""Live pages: who follows which game, woken when a commit moves it on.

The service's core calls `Hub.moved` after each commit that bumps a game's version (in this
process: SQLite, one process). On PostgreSQL the commit NOTIFYs `CHANNEL` instead (delivered
by PostgreSQL at the commit, to every process), and `listen` hands what it hears to the hub, so
a page served by any process follows a game moved by any other."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

log = logging.getLogger(__name__)

#: The NOTIFY channel of the moves (payload "<game id>:<version>").
CHANNEL = "boardroom_moves"
#: Seconds before listening again after the connection was lost.
RETRY = 1.0


class Feed:
    """One open live page: the newest version heard of its game, and a wake-up."""

    __slots__ = ("version", "woken")

    def __init__(self, version: int) -> None:
        self.version = version
        self.woken = asyncio.Event()


class Hub:
    def __init__(self) -> None:
        self._feeds: dict[int, set[Feed]] = {}

    def moved(self, game_id: int, version: int) -> None:
        for feed in self._feeds.get(game_id, ()):
            if version > feed.version:
                feed.version = version
                feed.woken.set()

    @contextlib.contextmanager
    def follow(self, game_id: int, version: int) -> Iterator[Feed]:
        feed = Feed(version)
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
