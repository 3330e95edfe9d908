"""Nothing acknowledged is lost, nothing is posted twice: the bot killed (SIGKILL) after a move
is committed but before its turn message reached Discord posts that message once at its next
start; the game then plays on."""

from __future__ import annotations

import asyncio
import signal
import sqlite3

import pytest

from tests.e2e.driver import TURN_ID, Table, choice_controls, is_turn_message, turn_version
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


def _live_turn_messages(fake: FakeDiscord, table: Table) -> list[int]:
    """Ids of the game's messages that still carry turn components (buttons to decide with)."""
    return [
        m.id
        for m in fake.messages(table.channel)
        if any((t := TURN_ID.match(c)) and int(t["game"]) == table.game_id for c in m.custom_ids())
    ]


@pytest.mark.parametrize("heard", [True, False], ids=["answer-heard", "answer-lost"])
async def test_a_turn_message_posted_just_before_a_crash_is_not_posted_again(
    fake: FakeDiscord, bot: BotProcess, heard: bool
):
    """The turn message reaches Discord, then the bot is killed (SIGKILL) before the post is
    marked delivered (the marks wait for the next decision or a flush a few seconds later; the
    database is held locked here so that none can be written). `heard`: the bot had Discord's
    answer (the message's id) before the kill; else it died waiting for it. The next start
    finds the message in the channel and does not post it again; the previous turn message's
    buttons are removed; the game plays on from the one copy."""
    table = Table(fake, fake.channel("games"), ["alice"])
    await table.open("alice", title="tidewater", seats=2, bots=1)
    await table.start()
    before = table.turn_message()
    version = table.version()
    kind, custom_id, value = next(c for c in choice_controls(before) if not c[2].startswith(">"))

    # The answer that made the new turn message waits until released.
    fake.hold_answer = lambda rec: rec.method == "POST" and table.version() > version
    if kind == "button":
        await fake.press("alice", before, custom_id, wait=False)
    else:
        await fake.select("alice", before, custom_id, [value], wait=False)
    await fake.wait_for(lambda: fake.held, 15, what="the post of the new turn message")
    posted = table.turn_message()
    owed = table.version()
    assert owed > version
    holder = sqlite3.connect(bot.workdir / "boardroom.db", isolation_level=None, timeout=10)
    try:
        holder.execute("BEGIN EXCLUSIVE")  # no delivery mark can be written from now on
        if heard:
            fake.release_held()
            strip = f"/channels/{table.channel}/messages/{before.id}"
            await fake.wait_for(
                lambda: any(r.method == "PATCH" and r.path == strip for r in fake.requests),
                15,
                what="the previous turn message's buttons removed",
            )
        await bot.stop(signal.SIGKILL)
    finally:
        holder.rollback()
        holder.close()
    fake.release_held()

    await bot.start()
    await fake.wait_for(
        lambda: _live_turn_messages(fake, table) == [posted.id], 20, what="the repair"
    )
    await bot.restart()  # a second start owes nothing either
    await asyncio.sleep(1.0)
    posts = [m for m in table.turn_messages() if turn_version(m) == owed]
    assert [m.id for m in posts] == [posted.id]
    assert _live_turn_messages(fake, table) == [posted.id]
    await table.play_components("alice")
    assert table.version() > owed
    assert "Traceback" not in bot.log()
    failed = [r for r in fake.requests if r.status >= 400 and r not in fake.held]
    assert failed == [], [(r.method, r.path, r.status) for r in failed]
