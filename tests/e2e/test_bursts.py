"""Bursts against Discord's rate limits (tests/e2e/fake_ratelimits.py), through the real bot:
four games in one server played at once, as fast as the players can press, with a global
limit low enough that Discord answers 429. Every turn message arrives once and in order, none
is lost, and every 429 is waited out for its `retry_after` (discord.py's senders, which the
bot's own HTTP paths use, bot/runtime/discord_http.py). An event seating its tables at once is
the same kind of burst: test_events.py runs its whole event under these limits."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.driver import turn_version
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.test_game_flow import assert_clean, new_table

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

CHANNELS = {"general": ["alice", "bob"], "games": ["carol", "dave"], "lounge": ["erin", "frank"]}


@pytest.mark.rate_limits(scale=0.2, global_per_second=8)
async def test_many_games_in_one_server_at_once_post_every_turn_once_in_order(
    fake: FakeDiscord, bot: BotProcess
):
    tables = [await new_table(fake, players, channel=ch) for ch, players in CHANNELS.items()]
    await asyncio.gather(*(t.start() for t in tables))
    await asyncio.gather(*(t.play_to_end() for t in tables))
    for table in tables:
        versions = [v for m in table.turn_messages() if (v := turn_version(m)) is not None]
        assert len(versions) > 3 and versions == sorted(set(versions)), versions  # once, in order
        assert table.finished()
    limits = fake.rate_limits
    assert limits is not None and any(r.is_global for r in limits.limited), "no 429 met"
    assert limits.early == []  # every retry_after waited out
    assert_clean(fake, bot)
