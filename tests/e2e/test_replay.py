"""Looking back through the real bot: `/game replay` stepped through with its buttons (the
private answer edited in place), bad replay ids refused politely, `/game history` with links to
final messages, and `/game export` as a JSON attachment without the seed or private lines."""

from __future__ import annotations

import json
import re

import pytest

from tests.e2e.driver import Table
from tests.e2e.fake_discord import Exchange, FakeDiscord, Message
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.test_bad_input import (
    BIG,
    NOT_MINE,
    assert_clean_log,
    assert_refused,
    button,
    with_component,
)

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

SHOWN = re.compile(r"move (\d+) of (\d+)|the start")


async def finished_table(fake: FakeDiscord, channel: str = "games") -> Table:
    table = Table(fake, fake.channel(channel), ["alice", "bob"])
    await table.open("alice", seats=2, options="rounds=4")
    await table.join_all()
    await table.start()
    await table.play_to_end(mode=lambda n: "components")
    return table


def answer(ex: Exchange) -> Message:
    """The private message an interaction answered with."""
    assert ex.ephemeral, ex.describe()
    (msg,) = ex.messages()
    return msg


def shown_move(msg: Message) -> tuple[int, int | None]:
    title = msg.embeds[0]["title"]
    found = SHOWN.search(title)
    assert found is not None, title
    return (0, None) if found[0] == "the start" else (int(found[1]), int(found[2]))


def buttons(msg: Message) -> dict[str, dict]:
    """The replay buttons by label."""
    return {c["label"]: c for c in msg.flat_components() if ":y:" in c.get("custom_id", "")}


async def step(fake: FakeDiscord, msg: Message, label: str) -> Message:
    ex = await fake.press("alice", msg, buttons(msg)[label]["custom_id"])
    assert not ex.text().startswith("⚠️"), ex.text()
    return fake.message(msg.id)


async def test_replay_is_stepped_through_with_its_buttons_in_place(
    fake: FakeDiscord, bot: BotProcess
):
    table = await finished_table(fake)
    opened = await fake.slash("alice", table.channel, "game", "replay")
    msg = answer(opened)
    move, total = shown_move(msg)
    assert move == total and total > 12
    assert msg.images() and msg.images()[0][:8] == b"\x89PNG\r\n\x1a\n"
    assert buttons(msg)["+1 ▶"]["disabled"] and buttons(msg)["+10 ▶▶"]["disabled"]

    msg = await step(fake, msg, "◀ −1")
    assert shown_move(msg) == (total - 1, total)
    msg = await step(fake, msg, "◀◀ −10")
    assert shown_move(msg) == (total - 11, total)
    msg = await step(fake, msg, "+1 ▶")
    assert shown_move(msg) == (total - 10, total)
    msg = await step(fake, msg, "+10 ▶▶")
    assert shown_move(msg) == (total, total)
    assert msg.edits >= 4 and msg.images()  # one private message, edited with each new board

    start = answer(await fake.slash("alice", table.channel, "game", "replay", move=0))
    assert shown_move(start) == (0, None)
    assert buttons(start)["◀ −1"]["disabled"] and not buttons(start)["+1 ▶"]["disabled"]
    too_far = await fake.slash("alice", table.channel, "game", "replay", move=total + 1)
    assert too_far.ephemeral and f"from 0 (the start) to {total}" in too_far.text()
    assert_clean_log(bot)


async def test_replay_buttons_refuse_garbled_foreign_and_unknown_ids(
    fake: FakeDiscord, bot: BotProcess
):
    table = await finished_table(fake)
    msg = answer(await fake.slash("alice", table.channel, "game", "replay"))
    gid = table.game_id
    real = buttons(msg)["◀ −1"]["custom_id"]

    garbled = (f"br:{gid}:y:1:zz", f"br:{BIG}:y:1:b1", f"br:{gid}:y:{BIG}:b1", "br:h:x:1")
    for custom_id in garbled:  # as a client would send it: on the message pressed
        shown = with_component(msg, real, button(custom_id))
        ex = await fake.press("alice", msg, custom_id, message_data=shown)
        assert_refused(ex, NOT_MINE)
        assert_refused(await fake.raw_component("alice", table.channel, custom_id))
    unknown = "br:987654321:y:1:b1"
    ex = await fake.press(
        "alice", msg, unknown, message_data=with_component(msg, real, button(unknown))
    )
    assert_refused(ex, "doesn't exist")
    ex = await fake.raw_component("alice", fake.channel("lounge"), real, message=msg)
    assert_refused(ex, f"<#{table.channel}>")
    # a button whose move is past the record (moves taken back since) shows the latest
    past = f"br:{gid}:y:10000:f10"
    ex = await fake.press("alice", msg, past, message_data=with_component(msg, real, button(past)))
    move, total = shown_move(fake.message(msg.id))
    assert move == total and not ex.text().startswith("⚠️")
    assert_clean_log(bot)


async def test_history_lists_finished_games_with_links_to_their_final_messages(
    fake: FakeDiscord, bot: BotProcess
):
    table = await finished_table(fake)
    final = table.turn_message()
    assert final is not None
    listed = answer(await fake.slash("bob", table.channel, "game", "history"))
    text = listed.text()
    link = f"https://discord.com/channels/{fake.guild_id}/{table.channel}/{final.id}"
    assert f"game #{table.game_id}" in text and link in text
    assert "Won by" in text and "moves" in text
    bob = fake.users["bob"]["id"]
    assert f"<@{bob}>" in text and listed.pinged == set()

    elsewhere = answer(await fake.slash("bob", "lounge", "game", "history"))
    assert "No finished games in this channel yet" in elsewhere.text()
    server = answer(await fake.slash("bob", "lounge", "game", "history", scope="server"))
    assert f"game #{table.game_id}" in server.text() and f"<#{table.channel}>" in server.text()
    assert_clean_log(bot)


async def test_export_attaches_the_public_record_without_seed_or_private_lines(
    fake: FakeDiscord, bot: BotProcess
):
    running = Table(fake, fake.channel("lounge"), ["carol", "dave"])
    await running.open("carol", seats=2)
    await running.join_all()
    await running.start()
    refused = await fake.slash("carol", running.channel, "game", "export")
    assert refused.ephemeral and "Only finished games" in refused.text()
    by_mod = answer(await fake.slash("mod", running.channel, "game", "export"))
    assert json.loads(by_mod.images()[0])["status"] == "running"

    table = await finished_table(fake)
    msg = answer(await fake.slash("alice", table.channel, "game", "export"))
    (attachment,) = msg.attachments
    assert attachment["filename"] == f"bazaar-game-{table.game_id}.json"
    record = json.loads(msg.images()[0])
    assert "seed" not in record and record["status"] == "finished"
    assert record["title"] == "bazaar" and record["moves"]
    logged = [line for m in record["moves"] for line in m["log"]]
    assert any("Bids revealed" in line for line in logged)
    assert not any(line.startswith(("You drew", "You bid")) for line in logged)
    private = {
        line
        for name in ("alice", "bob")
        for dm in fake.dm_messages(name)
        for line in dm.text().splitlines()
        if line.startswith(("You drew", "You bid"))
    }
    assert private and not (private & set(logged))
    assert_clean_log(bot)
