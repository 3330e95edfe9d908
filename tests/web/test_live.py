"""Live pages hear of every commit that moves their game on: in this process (SQLite), and
through PostgreSQL's LISTEN/NOTIFY from any process (bot/web/live.py, Core.tx)."""

from __future__ import annotations

import asyncio

import pytest

from bot.db.engine import make_engine
from bot.runtime import sse
from bot.web import live
from tests.bot.test_looking_back import decide
from tests.bot.test_service import ANA, CHAN, new_game


class Page:
    """A live page as the hub sees it: what was written to it, until it is gone."""

    def __init__(self, chunked: bool = False) -> None:
        self.got: list[bytes] = []
        self.gone = False
        self.chunked = chunked

    def write(self, data: bytes) -> bool:
        if self.gone:
            return False
        self.got.append(data)
        return True


async def told(game_id: int, version: int) -> tuple[bytes, bool]:
    return f"data: {game_id}:{version}\n\n".encode(), version < 9


async def test_the_hub_tells_only_the_pages_of_the_game_moved_once_per_version():
    hub = live.Hub()
    hub.tell = told
    one, two, three = Page(), Page(chunked=True), Page()
    with (
        hub.follow(1, 5, one.write, False) as f1,
        hub.follow(1, 5, two.write, True),
        hub.follow(2, 5, three.write, False),
    ):
        assert hub.following() == 3
        hub.moved(1, 6)
        hub.moved(1, 4)  # an older version changes nothing
        await asyncio.sleep(0.01)
        assert one.got == [b"data: 1:6\n\n"] and three.got == []
        assert two.got == [sse.framed(b"data: 1:6\n\n", True)]  # (an HTTP/1.1 chunk)
        one.gone = True
        hub.moved(1, 7)
        await asyncio.sleep(0.01)
        assert f1.closed.is_set() and len(two.got) == 2  # a page gone ends; the others go on
        hub.moved(1, 9)  # the game is over: its pages end once told
        await asyncio.sleep(0.01)
        assert two.got[-1].endswith(b"data: 1:9\n\n\r\n")
        hub.keep_alive()
        assert three.got == [live.PING]
    assert hub.following() == 0
    live.heard(hub, "not:a-payload")  # ignored


async def test_a_committed_move_reaches_the_hub(service):
    heard: list[tuple[int, int]] = []
    notify = live.CHANNEL if service.db_url.startswith("postgresql") else None
    service.follow_moves(lambda g, v: heard.append((g, v)), notify)
    hub = live.Hub()
    hub.tell = told
    page = Page()
    listener = None
    if notify is not None:  # what every process does on PostgreSQL
        engine = make_engine(service.db_url)
        listener = asyncio.create_task(live.listen(engine, hub))
        await asyncio.sleep(0.3)
    await new_game(service, players=(ANA, 2))
    out = await service.start(CHAN, ANA)
    with hub.follow(out.game.id, out.game.version, page.write, False) as feed:
        user = out.game.holder(out.prompts[0].seat).user_id
        done = await decide(service, out, user)
        assert done.game.version > out.game.version
        if notify is None:
            assert heard[-1] == (out.game.id, done.game.version)
        else:
            assert heard == []  # told through PostgreSQL instead
            for _ in range(100):
                if page.got:
                    break
                await asyncio.sleep(0.05)
            assert page.got == [f"data: {out.game.id}:{done.game.version}\n\n".encode()]
            assert feed.version == done.game.version
    if listener is not None:
        listener.cancel()
        with pytest.raises(asyncio.CancelledError):
            await listener
        await engine.dispose()
