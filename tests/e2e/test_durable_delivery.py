"""Nothing acknowledged is lost, nothing is posted twice: the bot killed (SIGKILL) after a move
is committed but before its turn message reached Discord posts that message once at its next
start; the game then plays on."""

from __future__ import annotations

import asyncio
import signal

import pytest

from tests.e2e.driver import Table, choice_controls, is_turn_message, turn_version
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess, real_bot_available

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]


async def test_a_crash_between_commit_and_post_is_repaired_once(fake: FakeDiscord, bot: BotProcess):
    table = Table(fake, fake.channel("games"), ["alice"])
    await table.open("alice", title="tidewater", seats=2, bots=1)
    await table.start()
    turn = table.turn_message()
    version = table.version()
    move = next(c for c in choice_controls(turn) if not c[2].startswith(">"))

    # Discord stops answering the interaction callback: the bot has committed, not posted
    fake.hold = lambda rec: rec.method == "POST" and "/callback" in rec.path
    kind, custom_id, value = move
    if kind == "button":
        await fake.press("alice", turn, custom_id, wait=False)
    else:
        await fake.select("alice", turn, custom_id, [value], wait=False)
    await fake.wait_for(lambda: fake.held, 15, what="the held callback")
    await asyncio.sleep(0.3)  # (the commit is done before the answer is even tried)
    await bot.stop(signal.SIGKILL)
    fake.release_held()
    assert table.version() == version  # nothing reached the channel

    await bot.start()
    await fake.wait_for(lambda: table.version() > version, 20, what="the owed turn message")
    owed = table.version()
    await bot.restart()  # a second start owes nothing more
    await asyncio.sleep(1.0)
    posts = [m for m in fake.messages("games") if is_turn_message(m, table.game_id)]
    assert sum(1 for m in posts if turn_version(m) == owed) == 1
    # the game goes on from the repaired message
    await table.play_components("alice")
    assert table.version() > owed
    assert "Traceback" not in bot.log()
    failed = [r for r in fake.requests if r.status >= 400 and r not in fake.held]
    assert failed == [], [(r.method, r.path, r.status) for r in failed]
