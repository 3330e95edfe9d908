"""Spectators and Play again through the real bot and the fake Discord: `/game watch` (and
following a player), the DMs a spectator gets (the public board only, never a hand), the
Allow button of an "ask" game and `/admin spectators`, and the Play again button of a final
message; made-up, foreign and repeated presses are refused politely and change nothing."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.driver import Table, is_refusal
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.helpers import field, private
from tests.e2e.test_bad_input import BIG, NOT_MINE, assert_refused, button, with_component
from tests.e2e.test_game_flow import assert_clean, decode_image, new_table

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]


def uid(fake: FakeDiscord, who: str) -> int:
    return int(fake.users[who]["id"])


def hand_lines(fake: FakeDiscord, players: list[str]) -> set[str]:
    """Every line of the players' private DMs that states a hand or a private draw."""
    return {
        line
        for p in players
        for m in fake.dm_messages(p)
        for line in m.content.splitlines()
        if line.startswith(("Your hand", "You drew", "You bid"))
    }


def public_images(fake: FakeDiscord, channel: int) -> set[bytes]:
    return {img for m in fake.messages(channel) for img in m.images()}


def final_dm(fake: FakeDiscord, who: str) -> Message | None:
    return next((m for m in fake.dm_messages(who) if "is over" in m.content), None)


async def test_a_spectator_gets_the_public_board_and_the_standings_never_a_hand(
    fake: FakeDiscord, bot: BotProcess
):
    table = await new_table(fake, ["alice", "bob"], options="rounds=2")
    watched = await fake.slash("carol", "games", "game", "watch")
    assert "You're watching" in private(watched)
    refused = await fake.slash("alice", "games", "game", "watch")
    assert is_refusal(refused) and "You play in this game" in private(refused)
    follows = await fake.slash("dave", "games", "game", "watch", player="alice")
    assert f"<@{uid(fake, 'alice')}> moves" in private(follows)
    nobody = await fake.slash("erin", "games", "game", "watch", player="frank")
    assert is_refusal(nobody) and "doesn't play in this game" in nobody.text()
    await table.start()
    status = await fake.slash("erin", "games", "game", "status")
    assert "2 watching" in private(status) and "open" in status.text()

    await table.play_to_end()
    final = table.turn_message()
    assert final is not None and table.finished()
    dm = await fake.wait_for(lambda: final_dm(fake, "carol"), what="carol's final DM")
    assert "Bazaar · game #" in dm.content and "🥇" in dm.content
    assert str(final.id) in dm.content  # a link to the final message
    # the picture is the final public board (drawn from the spectator view), nothing else
    (image,) = dm.images()
    decode_image(image)
    assert image == final.images()[0]
    await fake.wait_for(lambda: final_dm(fake, "dave"), what="dave's final DM")

    # dave heard of alice's moves: public lines and public boards only
    notes = [m for m in fake.dm_messages("dave") if "moved." in m.content]
    assert notes and all(f"<@{uid(fake, 'alice')}>" in m.content for m in notes)
    assert not any("moved." in m.content for m in fake.dm_messages("carol"))
    shown = public_images(fake, table.channel)
    hands = hand_lines(fake, table.players)
    assert hands  # the players did get their hands, privately
    for who in ("carol", "dave"):
        for m in fake.dm_messages(who):
            assert all(img in shown for img in m.images()), "a spectator saw a private image"
            assert "Your hand" not in m.content and "You drew" not in m.content
            assert not any(line in m.content for line in hands)
    # the players themselves get no spectator DM
    assert final_dm(fake, "alice") is None and final_dm(fake, "bob") is None
    assert_clean(fake, bot)


async def test_a_secret_bid_reaches_followers_at_the_reveal_whatever_came_before(
    fake: FakeDiscord, bot: BotProcess
):
    """Alice confirms her bid (quiet: nobody is told); then carol starts following her and the
    bot restarts; bob's bid reveals both: carol hears of alice, dave (following bob since the
    start) of bob, and nobody heard anything before the reveal."""
    table = await new_table(fake, ["alice", "bob"], options="rounds=2")
    await fake.slash("dave", "games", "game", "watch", player="bob")
    await table.start()
    first = table.turn_message()
    ex = await table.play_components("alice")  # the opening bid is simultaneous and secret
    assert not is_refusal(ex) and table.turn_message().id == first.id  # quiet, edited in place
    follows = await fake.slash("carol", "games", "game", "watch", player="alice")
    assert f"<@{uid(fake, 'alice')}> moves" in private(follows)
    await asyncio.sleep(1)
    assert [m for who in ("carol", "dave") for m in fake.dm_messages(who)] == []
    await bot.restart()
    ex = await table.play_components("bob")  # reveals both bids
    assert not is_refusal(ex) and table.turn_message().id != first.id

    def note(who: str) -> Message | None:
        return next((m for m in fake.dm_messages(who) if "moved." in m.content), None)

    carol = await fake.wait_for(lambda: note("carol"), what="carol's note at the reveal")
    dave = await fake.wait_for(lambda: note("dave"), what="dave's note at the reveal")
    assert f"<@{uid(fake, 'alice')}>" in carol.content and "Bids revealed" in carol.content
    assert f"<@{uid(fake, 'bob')}>" in dave.content and "Bids revealed" in dave.content
    assert len([m for m in fake.dm_messages("carol") if "moved." in m.content]) == 1
    assert_clean(fake, bot)


async def test_closed_dms_of_a_spectator_never_stop_the_game(fake: FakeDiscord, bot: BotProcess):
    fake.dms_closed.add(uid(fake, "frank"))
    table = await new_table(fake, ["alice", "bob"], options="rounds=2")
    await fake.slash("frank", "games", "game", "watch", player="bob")
    await table.start()
    await table.play_to_end()
    await fake.wait_for(lambda: "spectator DM refused" in bot.log(), what="the refusal logged")
    assert table.finished() and fake.dm_messages("frank") == []
    assert "Traceback" not in bot.log()


async def test_ask_mode_waits_for_allow_and_moderators_close_it(fake: FakeDiscord, bot: BotProcess):
    table = Table(fake, fake.channel("games"), ["alice", "bob"])
    opened = await table.open("alice", seats=2, spectators="ask")
    assert "ask" in field(opened.original, "Spectators")
    await table.join_all()
    await table.start()
    gid = table.game_id

    asked = await fake.slash("carol", "games", "game", "watch")
    request = asked.original
    assert request is not None and not asked.ephemeral and "asks to watch" in request.text()
    assert request.pinged == set()
    allow, decline = request.custom_ids()
    assert allow.startswith(f"br:{gid}:w:") and decline.startswith(f"br:{gid}:wd:")
    again = await fake.slash("carol", "games", "game", "watch")
    assert "still waiting" in private(again)
    status = await fake.slash("carol", "games", "game", "status")
    assert "0 watching, 1 waiting for an Allow" in status.text()

    # only a seated player or a moderator allows; made-up and foreign ids are refused
    stranger = await fake.press("erin", request, allow)
    assert_refused(stranger, "Only the players of this game or a moderator")
    for bad, needle in ((f"br:{gid}:w:{BIG}", NOT_MINE), (f"br:{gid}:w:987654", "withdrawn")):
        ex = await fake.press(
            "bob", request, bad, message_data=with_component(request, allow, button(bad))
        )
        assert_refused(ex, needle)
    ex = await fake.raw_component("bob", fake.channel("lounge"), allow, message=request)
    assert_refused(ex, f"belongs to a game in <#{table.channel}>")
    as_shown = request.snapshot()  # what a client that did not refresh still shows
    ok = await fake.press("bob", request, allow)
    assert not is_refusal(ok), ok.text()
    shown = fake.message(request.id)
    assert "may watch" in shown.text() and shown.custom_ids() == []
    late = await fake.press("alice", request, allow, message_data=as_shown)
    assert late.ephemeral and is_refusal(late)
    status = await fake.slash("carol", "games", "game", "status")
    assert "1 watching" in status.text() and "waiting" not in field(
        status.messages()[-1], "Spectators"
    )

    # a request turned down: Decline by a player, the message says so; dave may ask again
    asked = await fake.slash("dave", "games", "game", "watch")
    request = asked.original
    assert request is not None
    allow, decline = request.custom_ids()
    assert_refused(await fake.press("erin", request, decline), "Only the players")
    no = await fake.press("alice", request, decline)
    assert not is_refusal(no), no.text()
    shown = fake.message(request.id)
    assert "declined by" in shown.text() and shown.custom_ids() == [] and shown.pinged == set()
    status = await fake.slash("carol", "games", "game", "status")
    assert "waiting" not in field(status.messages()[-1], "Spectators")
    again = await fake.slash("dave", "games", "game", "watch")
    assert again.original is not None and "asks to watch" in again.original.text()

    # a moderator closes the game to spectators: announced; only moderators may watch now
    denied = await fake.slash("alice", "games", "admin", "spectators", setting="closed")
    assert is_refusal(denied)
    closed = await fake.slash("mod", "games", "admin", "spectators", setting="closed")
    assert not closed.ephemeral and "1 spectator stopped watching" in closed.text()
    shut = await fake.slash("dave", "games", "game", "watch")
    assert "closed to spectators" in private(shut)
    assert "You're watching" in private(await fake.slash("mod", "games", "game", "watch"))
    status = await fake.slash("carol", "games", "game", "status")
    assert "closed" in field(status.messages()[-1], "Spectators")
    assert_clean(fake, bot)


async def test_play_again_opens_a_lobby_for_the_same_people(fake: FakeDiscord, bot: BotProcess):
    table = await new_table(fake, ["alice", "bob"], options="rounds=2", pace="daily")
    await table.start()
    await table.play_to_end()
    final = table.turn_message()
    gid = table.game_id
    again = f"br:{gid}:again"
    assert final is not None and final.custom_ids() == [again]

    nosy = await fake.press("stranger", final, again)
    assert_refused(nosy, "Only the players of that game")
    for bad in (f"br:{BIG}:again", "br:987654:again"):
        ex = await fake.press(
            "bob", final, bad, message_data=with_component(final, again, button(bad))
        )
        assert_refused(ex, NOT_MINE if bad.startswith(f"br:{BIG}") else "doesn't exist")
    ex = await fake.raw_component("bob", fake.channel("lounge"), again, message=final)
    assert_refused(ex, f"belongs to a game in <#{table.channel}>")

    # a live game in the channel: refused, nothing changes
    other = await fake.slash("carol", "games", "game", "new", title="bazaar")
    assert other.original is not None
    busy = await fake.press("bob", final, again)
    assert_refused(busy, "already has a game")
    await fake.slash("mod", "games", "admin", "end")
    before = len(fake.messages("games"))

    pressed = await fake.press("bob", final, again)
    assert not is_refusal(pressed), pressed.text()
    lobby = pressed.original
    assert lobby is not None and not lobby.ephemeral
    assert "press **Join** to play again" in lobby.text()
    assert lobby.pinged == {uid(fake, "alice")}
    assert "lobby" in lobby.text().lower() and "rounds=2" in field(lobby, "Options")
    assert field(lobby, "Clock")  # the same pace
    assert f"<@{uid(fake, 'bob')}>" in field(lobby, "Players")
    new_gid = int(lobby.custom_ids()[0].split(":")[1])
    assert new_gid not in (gid, gid + 1)  # (gid + 1: the lobby the moderator ended)
    assert fake.message(final.id).custom_ids() == [again]  # the button stays: it answers

    second = await fake.press("alice", final, again)
    assert_refused(second, "already")
    assert len(fake.messages("games")) == before + 1

    # the invited join the new lobby with its own buttons and play
    replay = Table(fake, table.channel, ["bob", "alice"], game_id=new_gid, lobby=lobby)
    await replay.join_all()
    await replay.start()
    assert replay.turn_message() is not None
    assert_clean(fake, bot)
