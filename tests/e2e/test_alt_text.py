"""Alt text through the real bot: every image it sends in a played game (turn boards, hands by
DM and by `/game hand`, `/game board`, `/game replay` frames, the timelapse, a `/stats` chart)
carries Discord's attachment description, non-empty and within 1,024 characters, and the fake
Discord keeps it on the message as Discord does."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.driver import public_answer
from tests.e2e.fake_discord import FakeDiscord, Message, Request
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.test_game_flow import assert_clean, new_table
from tests.e2e.test_replay import answer, buttons
from tests.e2e.test_timelapse import timelapses

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

ALT_MAX = 1024
IMAGES = (".png", ".gif")


def _attachments_sent(rec: Request) -> list[dict[str, Any]]:
    body = rec.json if isinstance(rec.json, dict) else {}
    data = body.get("data") if isinstance(body.get("data"), dict) else body
    return list(data.get("attachments") or [])


def images_sent(fake: FakeDiscord) -> list[tuple[str, str, dict[str, Any]]]:
    """(path, filename, its entry in the body's `attachments`) of every image uploaded."""
    out = []
    for rec in fake.requests:
        meta = {str(a.get("id")): a for a in _attachments_sent(rec)}
        for n, (filename, _) in enumerate(rec.files):
            if filename.endswith(IMAGES):
                out.append((rec.path, filename, meta.get(str(n), {})))
    return out


def image_attachments(msg: Message) -> list[dict[str, Any]]:
    return [a for a in msg.attachments if a["filename"].endswith(IMAGES)]


def described(entry: dict[str, Any]) -> bool:
    text = entry.get("description")
    return isinstance(text, str) and 0 < len(text.strip()) <= ALT_MAX


async def test_every_image_of_a_played_game_has_alt_text(fake: FakeDiscord, bot: BotProcess):
    table = await new_table(fake, ["alice", "bob"], options="rounds=2")
    await table.start()
    hand = (await fake.slash("bob", table.channel, "game", "hand")).messages()[-1]
    await table.play_to_end(mode=lambda n: "components")
    (turn,) = image_attachments(table.turn_messages()[1])
    running = await new_table(fake, ["dave", "erin"], channel="lounge")  # (`/game board` posts
    await running.start()  # in the channel: asked here, it would read as the newest turn message)
    board = await public_answer(await fake.slash("carol", "lounge", "game", "board"))
    area = await public_answer(await fake.slash("carol", "lounge", "game", "board", seat=1))
    await fake.wait_for(lambda: timelapses(fake, table.channel), 30, what="the timelapse")
    replay = answer(await fake.slash("alice", table.channel, "game", "replay"))
    await fake.press("alice", replay, buttons(replay)["◀ −1"]["custom_id"])
    stats = await public_answer(await fake.slash("alice", table.channel, "stats", "me"))

    sent = images_sent(fake)
    names = {filename for _, filename, _ in sent}
    assert {"board.png", "seat1.png", "hand.png", "timelapse.gif", "stats.png"} <= names
    assert len(sent) > table.moves // 2  # the turn boards too
    assert [(path, fn) for path, fn, entry in sent if not described(entry)] == []

    # Discord keeps the description on the message: each kind of image, in channels and DMs
    shown = [m for m in fake.all_messages() if image_attachments(m)]
    assert [m.id for m in shown if not all(map(described, image_attachments(m)))] == []
    for msg in (board, area, hand, fake.message(replay.id), stats):
        assert all(map(described, image_attachments(msg))), msg.attachments
    assert turn["description"].startswith("Bazaar")
    (chart,) = image_attachments(stats)
    assert chart["description"].startswith("Ratings of Alice: Bazaar ")
    assert_clean(fake, bot)
