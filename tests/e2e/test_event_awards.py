"""An event's standings image and winner role (issue 35), with the real bot and the fake
Discord: the final standings post carries the table as an image (alt text the standings in
words) and the winner role is given to first place; without Manage Roles the moderator is
warned at `/event new` and the final post says why the role was not given."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.driver import public_answer
from tests.e2e.fake_discord import BOT_PERMS, MANAGE_ROLES, FakeDiscord, Message
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.helpers import move_clock, settle, start_bot
from tests.e2e.test_events import PEOPLE, assert_clean, play_round

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

CONGRATS = re.compile(r"Congratulations, (.*)!")


async def run_event(
    fake: FakeDiscord, proc: BotProcess, role: str, meanwhile: Callable[[], None] = lambda: None
) -> tuple[Message, object]:
    """Open a one-round event of four with `role` as its winner role, play it (`meanwhile`
    called once it has started), and return the final standings post and the `/event new`
    exchange."""
    ex = await fake.slash(
        "mod", "games", "event", "new",
        name="Gold Cup", title="bazaar", seats=2, rounds=1, signup_hours=1, winner_role=role,
    )  # fmt: skip
    signup = await public_answer(ex)
    join = next(c for c in signup.custom_ids() if c.endswith(":join"))
    for name in PEOPLE:
        await fake.press(name, signup, join)
    await move_clock(proc, 3700)
    meanwhile()
    games = fake.channel("games")
    await play_round(fake, games, 1)

    def final() -> list[Message]:
        return [m for m in fake.messages(games) if "is over" in m.content]

    await fake.wait_for(final, 30, what="the final standings")
    await settle(proc, fake)
    (post,) = final()
    return post, ex


def assert_standings_image(post: Message) -> None:
    (attachment,) = post.attachments
    assert attachment["filename"] == "standings.png"
    assert attachment["description"].startswith("Gold Cup · Bazaar, final standings: 1. ")
    assert post.embeds[0]["image"]["url"] == "attachment://standings.png"
    (png,) = post.images()
    assert png.startswith(b"\x89PNG")


def winners_in(fake: FakeDiscord, post: Message) -> set[int]:
    found = CONGRATS.search(post.content)
    assert found is not None, post.content
    return {int(x) for x in re.findall(r"<@(\d+)>", found[1])}


async def test_the_final_post_shows_the_standings_and_the_winner_gets_the_role(
    fake: FakeDiscord, tmp_path: Path
):
    fake.bot_role["permissions"] = str(BOT_PERMS | MANAGE_ROLES)
    fake.bot_role["position"] = 5
    champion = fake.add_role("Champion")
    champion["position"] = 3  # below the bot's role
    proc = await start_bot(fake, tmp_path)
    try:
        post, ex = await run_event(fake, proc, "Champion")
        assert not any("⚠️" in m.text() for m in ex.followups)  # type: ignore[attr-defined]
        assert_standings_image(post)
        winners = winners_in(fake, post)
        assert winners and f"<@&{champion['id']}>" in post.content and "now ha" in post.content
        holders = {uid for uid, m in fake.members.items() if champion["id"] in m["roles"]}
        assert holders == winners
        shown = await public_answer(await fake.slash("alice", "games", "event", "standings"))
        assert [a["filename"] for a in shown.attachments] == ["standings.png"]
        assert_clean(fake, proc)
    finally:
        await proc.stop()


async def test_without_manage_roles_the_moderator_is_told_and_the_final_post_says_why(
    fake: FakeDiscord, tmp_path: Path
):
    fake.bot_role["position"] = 5
    champion = fake.add_role("Champion")
    champion["position"] = 3
    proc = await start_bot(fake, tmp_path)
    try:
        post, ex = await run_event(fake, proc, "Champion")
        warned = [m for m in ex.followups if "Manage Roles" in m.text()]  # type: ignore[attr-defined]
        assert warned and warned[0].ephemeral and "The event is open" in warned[0].text()
        assert_standings_image(post)
        assert "could not give" in post.content and "Manage Roles" in post.content
        assert not [m for m in fake.members.values() if champion["id"] in m["roles"]]
        assert fake.requests_to("PUT", r"/guilds/\d+/members/\d+/roles/\d+") == []
        assert_clean(fake, proc)
    finally:
        await proc.stop()


async def test_a_refusal_from_discord_is_said_in_the_final_post(fake: FakeDiscord, tmp_path: Path):
    """The bot saw Manage Roles, but it was taken away since (no update reached it): Discord
    answers 403 and the final post says so."""
    fake.bot_role["permissions"] = str(BOT_PERMS | MANAGE_ROLES)
    fake.bot_role["position"] = 5
    champion = fake.add_role("Champion")
    champion["position"] = 3
    proc = await start_bot(fake, tmp_path)
    try:

        def revoke() -> None:
            fake.bot_role["permissions"] = str(BOT_PERMS)

        post, _ = await run_event(fake, proc, "Champion", revoke)
        assert_standings_image(post)
        assert "could not give" in post.content and "Missing Permissions" in post.content
        refused = fake.requests_to("PUT", r"/guilds/\d+/members/\d+/roles/\d+")
        assert refused and {r.status for r in refused} == {403}
        assert not [m for m in fake.members.values() if champion["id"] in m["roles"]]
        assert "Traceback" not in proc.log()
    finally:
        await proc.stop()
