"""Discord refusing the bot's posts, with Discord's own answers, through the real bot: a
permission taken away (403 Missing Permissions), a channel deleted (404 Unknown Channel), a
turn message refused for its body (400 Invalid Form Body). Each time the people who must act
get a clear word, nothing is lost (the move is kept; a turn message that could not be posted
stays owed) and the game goes on; the refused request is not sent again and again."""

from __future__ import annotations

import pytest

from tests.e2e.driver import is_refusal, turn_version
from tests.e2e.fake_discord import SEND_MESSAGES, FakeDiscord, Request
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.helpers import no_vacation_days
from tests.e2e.test_clocks import PACE
from tests.e2e.test_game_flow import new_table

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

TOLD = "could not post the newest turn"


def told(fake: FakeDiscord, players: list[str]) -> dict[str, str]:
    """Player -> the direct message telling them a turn message was refused."""
    out = {}
    for name in players:
        for m in fake.dm_messages(name):
            if TOLD in m.content:
                out[name] = m.content
    return out


def posts(fake: FakeDiscord, channel: int, status: int) -> list[Request]:
    return [
        r
        for r in fake.requests_to("POST", rf"^/channels/{channel}/messages$")
        if r.status == status
    ]


async def test_a_turn_refused_for_a_missing_permission_is_told_and_the_game_goes_on(
    fake: FakeDiscord, bot: BotProcess
):
    no_vacation_days(bot, fake)
    table = await new_table(fake, ["alice", "bob"], pace=PACE)
    await table.start()
    ex = await table.play_components("alice")  # bob never answers: his clock runs out
    assert not is_refusal(ex), ex.text()
    shown = len(table.turn_messages())
    fake.deny_bot(table.channel, SEND_MESSAGES)
    words = await fake.wait_for(
        lambda: told(fake, ["alice", "bob"]), 40.0, what="the players to be told"
    )
    (refused,) = posts(fake, table.channel, 403)  # tried once, not again and again
    assert len(table.turn_messages()) == shown  # nothing reached the channel
    for text in words.values():
        assert "Missing Permissions" in text and "/play" in text and "Nothing is lost" in text
    assert "Discord refused the turn message: Missing Permissions" in bot.log()
    # The game goes on: answers to the players' own commands need no permission in the channel
    player = sorted(words)[0]
    before = table.version()
    ex = await table.play_command(player)
    assert not is_refusal(ex), ex.text()
    assert table.version() >= before + 2  # the automatic move was kept, and this one made
    fake.deny_bot(table.channel, 0)
    await table.play_to_end()
    assert "Traceback" not in bot.log()


async def test_a_turn_refused_because_the_channel_is_gone_is_told_once(
    fake: FakeDiscord, bot: BotProcess
):
    no_vacation_days(bot, fake)
    table = await new_table(fake, ["alice", "bob"], pace=PACE)
    await table.start()
    await table.play_components("alice")
    fake.delete_channel(table.channel)
    words = await fake.wait_for(
        lambda: told(fake, ["alice", "bob"]), 40.0, what="the players to be told"
    )
    assert all("its channel is gone" in text for text in words.values()), words
    (refused,) = posts(fake, table.channel, 404)
    assert refused.status == 404
    # the bot is well: another channel's game opens as usual
    other = await new_table(fake, ["carol", "dave"], channel="lounge")
    assert other.lobby is not None
    assert "Traceback" not in bot.log()


def public_turn_answer(r: Request) -> bool:
    """An interaction's public answer carrying an embed (a turn message)."""
    body = r.json or {}
    data = body.get("data") or {} if r.path.endswith("/callback") else body
    answer = r.path.endswith("/callback") or r.path.startswith("/webhooks/")
    return (
        r.method == "POST"
        and answer
        and bool(data.get("embeds"))
        and not int(data.get("flags") or 0) & 64
    )


TOO_LONG = {
    "data": {
        "embeds": {
            "0": {
                "description": {
                    "_errors": [
                        {
                            "code": "BASE_TYPE_MAX_LENGTH",
                            "message": "Must be 4096 or fewer in length.",
                        }
                    ]
                }
            }
        }
    }
}


async def test_a_turn_message_refused_for_its_body_tells_the_mover_the_move_is_in(
    fake: FakeDiscord, bot: BotProcess
):
    table = await new_table(fake, ["alice", "bob"])
    await table.start()  # (the opening bid is secret and simultaneous)
    await table.play_components("alice")  # (a quiet confirmation: no new turn message)
    before = table.version()
    refusal = fake.refuse(public_turn_answer, 400, 50035, "Invalid Form Body", TOO_LONG)
    ex = await table.play_command("bob")  # the bids are revealed: a new turn message
    # the move is in, and its turn message is posted in the channel on its own
    assert table.version() > before and posts(fake, table.channel, 200)
    assert len(refusal.refused) == 1
    words = [m for m in ex.messages() if "Your move is in" in m.text()]
    assert words and all(m.ephemeral for m in words)  # told privately
    assert "Invalid Form Body" in words[0].text()
    await table.play_to_end()
    assert table.finished()
    assert "Discord refused the turn message" in bot.log() and "Traceback" not in bot.log()


async def test_a_turn_rate_limited_past_discord_pys_retries_is_posted_later_once(
    fake: FakeDiscord, bot: BotProcess
):
    no_vacation_days(bot, fake)
    table = await new_table(fake, ["alice", "bob"], pace=PACE)
    await table.start()
    await table.play_components("alice")  # bob never answers: his clock runs out
    before = table.version()
    channel = table.channel

    def turn_post(r: Request) -> bool:
        return (
            r.method == "POST"
            and r.path == f"/channels/{channel}/messages"
            and bool((r.json or {}).get("embeds"))
        )

    # Discord answers 429 to each of discord.py's five tries
    limited = fake.refuse(turn_post, 429, 0, "You are being rate limited.", times=5)
    await fake.wait_for(lambda: table.version() > before, 60.0, what="the turn posted later")
    assert len(limited.refused) == 5
    assert "trying again in 5 s" in bot.log()
    versions = [turn_version(m) for m in table.turn_messages()]
    assert len(versions) == len(set(versions))  # posted once
    assert "Traceback" not in bot.log()


async def test_the_bots_own_answers_wait_out_a_429_and_arrive_once(
    fake: FakeDiscord, bot: BotProcess
):
    """The bot's own senders (bot/runtime/discord_http.py: interaction answers and follow-ups
    through discord.py's webhook adapter) honour Discord's retry_after as discord.py does."""
    table = await new_table(fake, ["alice", "bob"])
    await table.start()

    def answer(r: Request) -> bool:
        return r.method == "POST" and (
            r.path.endswith("/callback") or r.path.startswith("/webhooks/")
        )

    limited = fake.refuse(answer, 429, 0, "You are being rate limited.", times=4)
    await table.play_to_end()
    assert len(limited.refused) == 4
    retried = {r.path for r in limited.refused}
    answered = {r.path for r in fake.requests if r.path in retried and r.status in (200, 204)}
    assert answered == retried  # each refused answer was sent again, and taken
    versions = [v for m in table.turn_messages() if (v := turn_version(m)) is not None]
    assert versions == sorted(set(versions))  # every turn once, in order
    assert "Traceback" not in bot.log()
