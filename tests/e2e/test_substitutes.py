"""Substitutes through the real bot and the fake Discord: a player asks, a volunteer takes the
seat with the **Take this seat** button (refusals private), and, with the server's approval
setting on, a moderator's request survives a restart and a moderator approves the volunteer."""

from __future__ import annotations

import re

import pytest

from tests.e2e.driver import is_refusal
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.test_game_flow import assert_clean, new_table, seat_number

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

SUB_ID = re.compile(r"^br:\d+:u:\d+:(take|approve|reject|cancel)$")


def buttons(msg: Message) -> dict[str, str]:
    """action -> custom id of the substitute buttons on a message."""
    return {m[1]: cid for cid in msg.custom_ids() if (m := SUB_ID.match(cid))}


def mention(fake: FakeDiscord, who: str) -> str:
    return f"<@{fake.users[who]['id']}>"


async def _refused(fake: FakeDiscord, who: str, msg: Message, custom_id: str, needle: str) -> None:
    ex = await fake.press(who, msg, custom_id)
    assert is_refusal(ex) and ex.ephemeral and needle in ex.text(), ex.text()


async def test_a_volunteer_takes_a_seat_by_button(fake: FakeDiscord, bot: BotProcess):
    table = await new_table(fake, ["alice", "bob"])
    table.players.append("carol")
    await table.start()
    seat = await seat_number(fake, "alice")

    refused = await fake.slash("carol", "games", "game", "substitute")
    assert refused.ephemeral and is_refusal(refused)  # not seated

    ex = await fake.slash("alice", "games", "game", "substitute")
    request = ex.original
    assert request is not None and not ex.ephemeral, ex.text()
    assert f"Seat {seat}" in request.text() and "needs a substitute" in request.text()
    assert request.pinged == set()
    ids = buttons(request)
    assert set(ids) == {"take", "cancel"}
    again = await fake.slash("alice", "games", "game", "substitute")
    assert again.ephemeral and "already has a substitute request" in again.text()

    await _refused(fake, "bob", request, ids["take"], "already play in this game")
    await _refused(fake, "carol", request, ids["cancel"], "Only the person who asked")

    version = table.version()
    took = await fake.press("carol", request, ids["take"])
    assert not is_refusal(took), took.text()
    await fake.wait_for(lambda: "taken over by" in fake.message(request.id).text())
    assert buttons(fake.message(request.id)) == {}
    carol = mention(fake, "carol")
    await fake.wait_for(
        lambda: any("takes over" in m.text() and carol in m.text() for m in fake.messages("games"))
    )
    await fake.wait_for(
        lambda: table.turn_message() is not None and carol in table.turn_message().text()
    )
    await fake.wait_for(lambda: any("Your hand" in m.content for m in fake.dm_messages("carol")))
    assert table.version() >= version
    status = await fake.slash("carol", "games", "game", "status")
    assert carol in status.text()

    # the seat is carol's: alice cannot play it, and the closed request refuses politely
    play = await fake.slash("alice", "games", "play", choice="bid:0")
    assert play.ephemeral and is_refusal(play)
    assert_clean(fake, bot)


async def test_approval_restart_and_moderators(fake: FakeDiscord, bot: BotProcess):
    table = await new_table(fake, ["alice", "bob"])
    table.players.append("dave")
    await table.start()
    seat = await seat_number(fake, "bob")

    denied = await fake.slash("alice", "games", "admin", "substitute", seat=seat)
    assert denied.ephemeral and is_refusal(denied)  # moderators only
    on = await fake.slash("mod", "games", "admin", "substitute_approval", setting="on")
    assert not is_refusal(on) and "approval" in on.text(), on.text()
    ex = await fake.slash("mod", "games", "admin", "substitute", seat=seat)
    request = ex.original
    assert request is not None and not ex.ephemeral, ex.text()
    assert mention(fake, "bob") in request.text()

    await bot.restart()  # the button is persistent: its id carries the request

    ids = buttons(fake.message(request.id))
    waiting = await fake.press("dave", request, ids["take"])
    assert not is_refusal(waiting), waiting.text()
    msg = fake.message(request.id)
    assert "volunteers" in msg.text() and mention(fake, "dave") in msg.text()
    ids = buttons(msg)
    assert set(ids) == {"approve", "reject", "cancel"}
    await _refused(fake, "dave", msg, ids["approve"], "Only moderators")
    await _refused(fake, "alice", msg, ids["reject"], "Only moderators")

    # rejected: open again; then approved for erin
    rejected = await fake.press("mod", msg, ids["reject"])
    assert not is_refusal(rejected), rejected.text()
    msg = fake.message(request.id)
    assert set(buttons(msg)) == {"take", "cancel"}
    table.players.append("erin")
    await fake.press("erin", msg, buttons(msg)["take"])
    msg = fake.message(request.id)
    approved = await fake.press("mod", msg, buttons(msg)["approve"])
    assert not is_refusal(approved), approved.text()
    await fake.wait_for(lambda: "taken over by" in fake.message(request.id).text())
    erin = mention(fake, "erin")
    await fake.wait_for(
        lambda: any("approved by" in m.text() and erin in m.text() for m in fake.messages("games"))
    )
    await fake.wait_for(lambda: any("Your hand" in m.content for m in fake.dm_messages("erin")))

    # the stall commands answer moderators privately
    days = await fake.slash("mod", "games", "admin", "stall_days", days=3)
    assert days.ephemeral and "3 days" in days.text()
    stalled = await fake.slash("mod", "games", "admin", "stalled")
    assert stalled.ephemeral and "No game on this server" in stalled.text()
    assert_clean(fake, bot)
