"""The table on the web from Discord, through the real bot (WEB_PORT set) and the fake Discord:
`/game web` links the public page (fetched over HTTP from the bot's own server), `mine` a
player's own view, `revoke` ends it; an "ask" game has no public page and a stranger gets no
link; `/admin web off` closes the pages; the turn post and the final standings carry an "Open
the table" link button, and nothing changes when WEB_PORT is not set."""

from __future__ import annotations

import pytest

from tests.e2e.driver import Table, is_refusal
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.helpers import private
from tests.e2e.test_bad_input import BIG, NOT_MINE, assert_refused, button, with_component
from tests.e2e.test_game_flow import assert_clean, new_table
from tests.e2e.web_links import answer, fetch, link_in, links

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

TABLE = "Open the table"


async def started(fake: FakeDiscord, **opts: str) -> Table:
    table = await new_table(fake, ["alice", "bob"], **opts)
    await table.start()
    return table


async def test_game_web_links_the_public_page_and_the_players_own(
    fake: FakeDiscord, web_bot: BotProcess
):
    table = await started(fake, options="rounds=2")
    gid = table.game_id
    shown = await fake.slash("carol", "games", "game", "web")
    assert "on the web" in private(shown)
    public = link_in(shown, TABLE)
    assert f"br:{gid}:web" in answer(shown).custom_ids()  # "My view" beside it
    status, body = await fetch(public)
    assert status == 200 and "Bazaar" in body and "/mine.png" not in body
    # the turn post carries the same public link
    (button,) = links(table.turn_message())
    assert button["label"] == TABLE and button["url"] == public

    # a player's own view: by the command and by "My view"
    mine = await fake.slash("alice", "games", "game", "web", link="mine")
    assert "your hand" in private(mine)
    own = link_in(mine, "Open my view")
    status, body = await fetch(own)
    assert status == 200 and "/mine.png" in body
    pressed = await fake.press("alice", answer(shown), f"br:{gid}:web")
    assert not is_refusal(pressed) and "your hand" in private(pressed)
    assert (await fetch(link_in(pressed, "Open my view")))[0] == 200
    # a spectator's own view of an open game shows no hand
    theirs = await fake.slash("carol", "games", "game", "web", link="mine")
    status, body = await fetch(link_in(theirs, "Open my view"))
    assert status == 200 and "/mine.png" not in body

    # revoke: every personal link of alice's stops; a new one works
    revoked = await fake.slash("alice", "games", "game", "web", link="revoke")
    assert "stopped working" in private(revoked)
    status, body = await fetch(own)
    assert status == 403 and "revoked" in body
    again = await fake.slash("alice", "games", "game", "web", link="mine")
    assert (await fetch(link_in(again, "Open my view")))[0] == 200

    await table.play_to_end()
    final = table.turn_message()
    assert table.finished() and [b["url"] for b in links(final)] == [public]
    assert (await fetch(public))[0] == 200
    after = await fake.slash("carol", "games", "game", "web")  # the last game played here
    assert link_in(after, TABLE) == public
    assert_clean(fake, web_bot)


async def test_an_ask_game_has_no_public_page_and_no_link_for_a_stranger(
    fake: FakeDiscord, web_bot: BotProcess
):
    table = await started(fake, spectators="ask")
    gid = table.game_id
    assert links(table.turn_message()) == []  # no public page: no link on the turn post
    shown = await fake.slash("carol", "games", "game", "web")
    assert "no public page" in private(shown) and "My view" in shown.text()
    assert links(answer(shown)) == [] and answer(shown).custom_ids() == [f"br:{gid}:web"]
    refused = await fake.slash("carol", "games", "game", "web", link="mine")
    assert is_refusal(refused) and "`/game watch`" in private(refused)
    assert "Please ask" in refused.text() and "http" not in refused.text()
    pressed = await fake.press("carol", answer(shown), f"br:{gid}:web")
    assert is_refusal(pressed) and "`/game watch`" in private(pressed)
    mine = await fake.slash("bob", "games", "game", "web", link="mine")
    status, body = await fetch(link_in(mine, "Open my view"))
    assert status == 200 and "/mine.png" in body
    # made-up and foreign "My view" presses are refused politely, in time
    mine_id, shown_msg = f"br:{gid}:web", answer(shown)
    for bad, needle in ((f"br:{BIG}:web", NOT_MINE), ("br:987654:web", "doesn't exist")):
        data = with_component(shown_msg, mine_id, button(bad))
        assert_refused(await fake.press("bob", shown_msg, bad, message_data=data), needle)
    elsewhere = await fake.raw_component("bob", fake.channel("lounge"), mine_id, message=shown_msg)
    assert_refused(elsewhere, f"belongs to a game in <#{table.channel}>")
    assert_clean(fake, web_bot)


async def test_admin_web_off_closes_the_pages_and_game_web_says_so(
    fake: FakeDiscord, web_bot: BotProcess
):
    table = await started(fake)
    public = link_in(await fake.slash("carol", "games", "game", "web"), TABLE)
    own = link_in(await fake.slash("alice", "games", "game", "web", link="mine"), "Open my view")
    denied = await fake.slash("alice", "games", "admin", "web", setting="off")
    assert is_refusal(denied)
    assert (await fetch(public))[0] == 200
    off = await fake.slash("mod", "games", "admin", "web", setting="off")
    assert not off.ephemeral and "game pages on the web off" in off.text()
    for url in (public, own):
        status, body = await fetch(url)
        assert status == 403 and "turned this server's game pages off" in body
    said = await fake.slash("carol", "games", "game", "web")
    assert is_refusal(said) and "turned this server's game pages off" in private(said)
    assert is_refusal(await fake.slash("alice", "games", "game", "web", link="mine"))
    await table.play_components(table.waiting()[0])
    assert links(table.turn_message()) == []  # the next turn post leaves the link out
    on = await fake.slash("mod", "games", "admin", "web", setting="on")
    assert not on.ephemeral and "on the web on" in on.text()
    assert (await fetch(public))[0] == 200
    assert_clean(fake, web_bot)


async def test_without_web_port_nothing_links_to_the_web(fake: FakeDiscord, bot: BotProcess):
    table = await started(fake)
    assert links(table.turn_message()) == []
    for option in ("table", "mine", "revoke"):
        said = await fake.slash("alice", "games", "game", "web", link=option)
        assert (
            is_refusal(said)
            and "not turned its web pages on" in private(said)
            and "WEB_PORT" in said.text()
        )
    assert_clean(fake, bot)
