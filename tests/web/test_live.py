"""Live pages hear of every commit that moves their game on: in this process (SQLite), and
through PostgreSQL's LISTEN/NOTIFY from any process (bot/web/live.py, Core.tx)."""

from __future__ import annotations

import asyncio

import pytest

from bot.db.engine import make_engine
from bot.web import live
from tests.bot.test_looking_back import decide
from tests.bot.test_service import ANA, CHAN, new_game


def test_the_hub_wakes_only_the_followers_of_the_game_moved():
    async def run() -> None:
        hub = live.Hub()
        with hub.follow(1, 5) as one, hub.follow(2, 5) as two:
            assert hub.following() == 2
            hub.moved(1, 6)
            hub.moved(1, 4)  # an older version changes nothing
            assert one.woken.is_set() and one.version == 6
            assert not two.woken.is_set() and two.version == 5
        assert hub.following() == 0
        live.heard(hub, "not:a-payload")  # ignored

    asyncio.run(run())


async def test_a_committed_move_reaches_the_hub(service):
    heard: list[tuple[int, int]] = []
    notify = live.CHANNEL if service.db_url.startswith("postgresql") else None
    service.follow_moves(lambda g, v: heard.append((g, v)), notify)
    hub = live.Hub()
    listener = None
    if notify is not None:  # what every process does on PostgreSQL
        engine = make_engine(service.db_url)
        listener = asyncio.create_task(live.listen(engine, hub))
        await asyncio.sleep(0.3)
    await new_game(service, players=(ANA, 2))
    out = await service.start(CHAN, ANA)
    with hub.follow(out.game.id, 0) as feed:
        user = out.game.holder(out.prompts[0].seat).user_id
        done = await decide(service, out, user)
        assert done.game.version > out.game.version
        if notify is None:
            assert heard[-1] == (out.game.id, done.game.version)
        else:
            assert heard == []  # told through PostgreSQL instead
            await asyncio.wait_for(feed.woken.wait(), 5)
            assert feed.version == done.game.version
    if listener is not None:
        listener.cancel()
        with pytest.raises(asyncio.CancelledError):
            await listener
        await engine.dispose()
