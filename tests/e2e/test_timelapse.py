"""The timelapse through the real bot: a whole bazaar game to its end, the final standings, then
the animated timelapse right after them (a reply, decodable, within 8 MB, drawn in the render
worker); restarts never post either twice nor lose the final standings."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import signal

import pytest
from PIL import Image

from tests.e2e.driver import Table
from tests.e2e.fake_discord import FakeDiscord, Message, Request
from tests.e2e.harness import BotProcess, real_bot_available

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

LIMIT = 8_000_000


def timelapses(fake: FakeDiscord, channel: int) -> list[Message]:
    return [
        m
        for m in fake.messages(channel)
        if any(a["filename"] == "timelapse.gif" for a in m.attachments)
    ]


def finals(table: Table) -> list[Message]:
    return [
        m
        for m in table.turn_messages()
        if any("final standings" in (e.get("title") or "") for e in m.embeds)
    ]


def carries_timelapse(rec: Request) -> bool:
    return rec.method == "POST" and any(name == "timelapse.gif" for name, _ in rec.files)


def carries_standings(rec: Request) -> bool:
    return rec.method in ("POST", "PATCH") and "final standings" in json.dumps(rec.json or {})


def assert_no_failures(fake: FakeDiscord, bot: BotProcess) -> None:
    assert fake.handler_errors == [] and fake.unknown_requests == [] and fake.invalid == []
    failed = [r for r in fake.requests if r.status >= 400 and r not in fake.held]
    assert failed == [], [(r.method, r.path, r.status) for r in failed]
    assert "Traceback" not in bot.log()


async def test_the_final_standings_then_the_timelapse(fake: FakeDiscord, bot: BotProcess):
    table = Table(fake, fake.channel("games"), ["alice", "bob"])
    await table.open("alice", seats=2, options="rounds=2")
    await table.join_all()
    await table.start()
    await table.play_to_end()
    (final,) = finals(table)
    assert all(a["filename"] != "timelapse.gif" for a in final.attachments)
    (posted,) = await fake.wait_for(
        lambda: timelapses(fake, table.channel), 30, what="the timelapse"
    )
    assert posted.id > final.id and not posted.embeds  # after it, and no turn message
    (data,) = posted.images()
    assert len(data) <= LIMIT
    im = Image.open(io.BytesIO(data))
    assert im.format == "GIF" and im.is_animated and im.n_frames > 2
    assert 200 <= im.width <= 800
    im.seek(im.n_frames - 1)
    im.load()
    assert (
        f"in {im.n_frames} frames" in posted.content and f"game #{table.game_id}" in posted.content
    )
    # a reply to the final standings, pinging nobody
    (sent,) = [r for r in fake.requests if carries_timelapse(r)]
    assert str(sent.json["message_reference"]["message_id"]) == str(final.id)
    assert posted.pinged == set()
    assert "timelapse posted" in bot.log()
    assert_no_failures(fake, bot)


async def test_a_crash_before_the_standings_are_posted_posts_each_once(
    fake: FakeDiscord, bot: BotProcess
):
    table = Table(fake, fake.channel("games"), ["alice"])
    await table.open("alice", seats=2, bots=1, options="rounds=2")
    await table.start()
    # the last move is committed, its final standings never reach Discord
    fake.hold = carries_standings
    playing = asyncio.create_task(table.play_to_end())
    await fake.wait_for(lambda: fake.held, 60, what="the held final standings")
    await asyncio.sleep(0.3)
    await bot.stop(signal.SIGKILL)
    fake.release_held()
    playing.cancel()
    with contextlib.suppress(BaseException):
        await playing
    assert finals(table) == [] and timelapses(fake, table.channel) == []

    await bot.start()  # the standings are owed: posted at start-up, then the timelapse
    await fake.wait_for(lambda: timelapses(fake, table.channel), 30, what="the timelapse")
    await bot.restart()  # a second start owes nothing more
    await asyncio.sleep(1.5)
    assert len(finals(table)) == 1 and len(timelapses(fake, table.channel)) == 1
    assert_no_failures(fake, bot)


async def test_a_crash_while_the_timelapse_is_posted_never_posts_it_twice(
    fake: FakeDiscord, bot: BotProcess
):
    table = Table(fake, fake.channel("games"), ["alice"])
    await table.open("alice", seats=2, bots=1, options="rounds=2")
    await table.start()
    fake.hold = carries_timelapse  # claimed, on its way: then the bot dies
    await table.play_to_end()
    await fake.wait_for(lambda: fake.held, 30, what="the held timelapse")
    await bot.stop(signal.SIGKILL)
    fake.release_held()

    await bot.start()
    await asyncio.sleep(2.0)
    # at most once: this timelapse is lost, and the final standings stand, once
    assert timelapses(fake, table.channel) == []
    assert len(finals(table)) == 1
    assert_no_failures(fake, bot)
