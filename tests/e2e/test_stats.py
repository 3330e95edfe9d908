"""`/stats` through the real bot: after a finished bazaar game, each view answers with a chart
image and the right counts."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from tests.e2e.driver import public_answer
from tests.e2e.fake_discord import Exchange, FakeDiscord
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.test_game_flow import assert_clean, new_table

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]


async def chart_of(ex: Exchange) -> tuple[dict, Image.Image]:
    msg = await public_answer(ex)
    (embed,) = msg.data["embeds"]
    assert embed["image"]["url"] == "attachment://stats.png"
    (data,) = msg.images()
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.width == 800 and img.height >= 200
    return embed, img


async def test_stats_after_a_finished_game(fake: FakeDiscord, bot: BotProcess):
    table = await new_table(fake, ["alice", "bob"], options="rounds=2")
    await table.start()
    await table.play_to_end()
    alice = int(fake.users["alice"]["id"])

    embed, _ = await chart_of(await fake.slash("alice", "games", "stats", "me"))
    assert "1 game played, 1 counted" in embed["description"]
    (field,) = embed["fields"]
    assert field["name"] == "Bazaar" or "bazaar" in field["name"].lower()
    assert "1 played · 1 finished" in field["value"] and "Rating **" in field["value"]

    embed, _ = await chart_of(await fake.slash("carol", "games", "stats", "user", user="bob"))
    assert "1 played · 1 finished" in embed["fields"][0]["value"]

    embed, _ = await chart_of(await fake.slash("carol", "games", "stats", "title", title="bazaar"))
    assert "1 game finished on this server" in embed["description"]
    assert f"<@{alice}>" in embed["description"]
    shown = [int(x) for x in re.findall(r"\*\*(\d+)\*\*", embed["description"])]
    assert sorted(shown) in ([1170, 1230], [1200, 1200])  # a win (K 60) or a shared place

    embed, _ = await chart_of(await fake.slash("bob", "games", "stats", "server"))
    assert "1 game finished, 2 people played." in embed["description"]

    nobody = await public_answer(await fake.slash("carol", "games", "stats", "me"))
    assert "No finished game on this server yet." in nobody.embeds[0]["description"]
    assert_clean(fake, bot)
