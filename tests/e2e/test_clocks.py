"""Seat clocks through the real bot and the fake Discord, in real (short) time: a game with a
clock of a few seconds, where one player never answers: their clock runs out, the expiry is
announced with a new turn message and the automatic player takes the seat; `/game return`
hands it back at their next decision, and the game is played to the end."""

from __future__ import annotations

import sqlite3

import pytest

from tests.e2e.driver import is_refusal
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.test_game_flow import assert_clean, new_table

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

#: 10.8 s to start, +10.8 s a move, at most 21.6 s.
PACE = "custom:0.003/0.003/0.006"


async def test_a_player_times_out_and_the_automatic_player_takes_over(
    fake: FakeDiscord, bot: BotProcess
):
    # No vacation days on this server: a clock that runs out goes straight to the policy
    # (a vacation day would add 24 real hours).
    with sqlite3.connect(bot.workdir / "boardroom.db") as db:
        db.execute(
            "INSERT INTO guild_settings (guild_id, vacation_days, stall_days, substitute_approval)"
            " VALUES (?, 0, 7, 0)",
            (fake.guild_id,),
        )
    table = await new_table(fake, ["alice", "bob"], pace=PACE)
    assert table.lobby is not None
    clock = [f for e in table.lobby.embeds for f in e.get("fields", []) if f["name"] == "Clock"]
    assert clock and "custom" in clock[0]["value"], table.lobby.embeds
    await table.start()
    assert sorted(table.waiting()) == ["alice", "bob"]  # the opening bid is simultaneous
    ex = await table.play_components("alice")
    assert not is_refusal(ex), ex.text()
    status = await fake.slash("alice", table.channel, "game", "status")
    assert "left" in status.text(), status.text()

    def taken_over() -> bool:
        msg = table.turn_message()
        return msg is not None and "ran out" in msg.content and "automatic player" in msg.content

    await fake.wait_for(taken_over, 40.0, what="bob's clock to run out")
    bob = int(fake.users["bob"]["id"])
    assert f"<@{bob}>" in table.turn_message().content
    back = await fake.slash("bob", table.channel, "game", "return")
    assert not is_refusal(back) and "coming back" in back.text(), back.text()
    again = await fake.slash("bob", table.channel, "game", "return")
    assert is_refusal(again), again.text()
    # Play on: bob's seat stays with the automatic player until his next decision, which is
    # then his again (the turn message still names him: his own presses are refused before).
    movers: list[str] = []
    for _ in range(400):
        if table.finished():
            break
        for user in sorted(table.waiting()):  # alice first
            ex = await table.play_components(user)
            if not is_refusal(ex):
                movers.append(user)
                break
        else:
            raise AssertionError(f"nobody could move: {table.turn_message().text()!r}")
    assert table.finished() and "bob" in movers, movers
    assert_clean(fake, bot)
