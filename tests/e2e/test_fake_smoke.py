"""Prove the fake Discord with a minimal discord.py bot (tests/e2e/minimal_bot.py) running as a
separate process: login, command sync, slash commands with files, components, autocomplete,
defers and follow-ups, DMs, permission checks, gateway resume and a process restart."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.e2e.fake_discord import EPHEMERAL, FakeDiscord
from tests.e2e.harness import BotProcess

pytestmark = pytest.mark.e2e


def open_png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img


async def test_login_and_command_sync_are_recorded(fake: FakeDiscord, minimal_bot: BotProcess):
    assert fake.identifies == 1
    paths = [r.path for r in fake.requests]
    assert "/users/@me" in paths
    assert "/oauth2/applications/@me" in paths
    sync = fake.command_syncs[-1]
    assert sync.method == "PUT" and sync.path == f"/applications/{fake.app_id}/commands"
    mini = fake.all_commands()["mini"]
    subs = {o["name"]: o for o in mini["options"]}
    assert {"hello", "dm", "slow", "post", "mod", "ask"} <= set(subs)
    assert [o["name"] for o in subs["hello"]["options"]] == ["name", "times"]
    assert fake.unknown_requests == [] and fake.handler_errors == []


async def test_slash_with_file_then_button_edits_the_message(
    fake: FakeDiscord, minimal_bot: BotProcess
):
    ex = await fake.slash("alice", "games", "mini", "hello", name="world", times=2)
    assert ex.callback_type == 4
    assert ex.callback_files and ex.callback_files[0][0] == "hello.png"
    msg = ex.original
    assert msg is not None and not msg.ephemeral
    assert msg.content == "hello world x2"
    assert open_png(msg.images()[0]).size == (160, 60)
    assert msg.custom_ids() == ["mini:bump:0"]
    assert fake.messages("games") == [msg]

    press = await fake.press("bob", msg, "mini:bump:0")
    assert press.callback_type == 7
    edited = fake.message(msg.id)
    assert edited.content == "bumped to 1 by bob"
    assert edited.custom_ids() == ["mini:bump:1"]
    assert len(edited.attachments) == 1  # replaced, not appended
    open_png(edited.images()[0])
    assert fake.unknown_requests == [] and fake.handler_errors == []


async def test_autocomplete_returns_choices(fake: FakeDiscord, minimal_bot: BotProcess):
    choices = await fake.autocomplete("alice", "games", "mini", "hello", focused="name", name="wa")
    assert choices == [{"name": "Walrus", "value": "walrus"}]


async def test_defer_edit_original_and_ephemeral_followup(
    fake: FakeDiscord, minimal_bot: BotProcess
):
    ex = await fake.slash("carol", "games", "mini", "slow")
    assert ex.callback_type == 5
    await fake.wait_for(lambda: len(ex.followups) == 1)
    assert ex.original.content == "done slowly" and not ex.original.loading
    assert len(ex.original.images()) == 1
    follow = ex.followups[0]
    assert follow.ephemeral and follow.ephemeral_for == int(fake.users["carol"]["id"])
    # ephemerals are invisible in the public channel view, visible to their owner
    assert follow not in fake.messages("games")
    assert follow in fake.messages("games", for_user="carol")


async def test_channel_post_and_edit(fake: FakeDiscord, minimal_bot: BotProcess):
    ex = await fake.slash("alice", "lounge", "mini", "post", text="hi all")
    # the first follow-up after a deferred (type 5) response fills the "thinking" message
    assert ex.callback_type == 5 and ex.followups == []
    assert ex.original.content == "posted" and ex.ephemeral
    public = fake.messages("lounge")
    assert [m.content for m in public] == ["hi all (edited)"]


async def test_dm_and_closed_dms(fake: FakeDiscord, minimal_bot: BotProcess):
    ex = await fake.slash("alice", "games", "mini", "dm")
    assert ex.ephemeral and "Sent you a DM" in ex.text()
    assert [m.content for m in fake.dm_messages("alice")] == [
        "psst, your secret hand: ace of spades"
    ]
    assert fake.messages("games") == []

    fake.dms_closed.add(int(fake.users["bob"]["id"]))
    ex = await fake.slash("bob", "games", "mini", "dm")
    assert ex.callback["data"]["flags"] & EPHEMERAL
    assert "can't DM" in ex.text()
    assert fake.dm_messages("bob") == []


async def test_member_permissions_reach_checks(fake: FakeDiscord, minimal_bot: BotProcess):
    denied = await fake.slash("stranger", "games", "mini", "mod")
    assert denied.text() == "moderators only"
    allowed = await fake.slash("mod", "games", "mini", "mod")
    assert allowed.text() == "hello moderator"


async def test_modal_open_and_submit(fake: FakeDiscord, minimal_bot: BotProcess):
    opened = await fake.slash("alice", "games", "mini", "ask")
    assert opened.callback_type == 9
    answered = await fake.submit_modal("alice", opened, {"mini:answer": "forty-two"})
    assert answered.ephemeral and answered.text() == "you said forty-two"


async def test_threads_work_like_channels(fake: FakeDiscord, minimal_bot: BotProcess):
    thread = fake.add_thread("side-game", "games")
    ex = await fake.slash("bob", thread, "mini", "hello", name="thread")
    assert ex.original.channel_id == thread
    assert fake.messages(thread) == [ex.original] and fake.messages("games") == []


async def test_gateway_resume_keeps_working(fake: FakeDiscord, minimal_bot: BotProcess):
    await fake.reconnect_gateway()
    await fake.wait_for(lambda: fake.resumes == 1 and fake.connected())
    ex = await fake.slash("alice", "games", "mini", "hello", name="again")
    assert ex.original.content == "hello again x1"


async def test_restart_keeps_persistent_buttons(fake: FakeDiscord, minimal_bot: BotProcess):
    ex = await fake.slash("alice", "games", "mini", "hello", name="world")
    await minimal_bot.restart()
    assert minimal_bot.starts == 2 and fake.identifies == 2
    press = await fake.press("dave", ex.original, "mini:bump:0")
    assert press.callback_type == 7
    assert fake.message(ex.original.id).content == "bumped to 1 by dave"


async def test_unknown_route_is_recorded(fake: FakeDiscord):
    import aiohttp

    async with aiohttp.ClientSession() as s:
        async with s.get(
            f"{fake.api_base}/guilds/1/bans", headers={"Authorization": f"Bot {fake.token}"}
        ) as r:
            assert r.status == 404
            assert (await r.json())["message"] == "404: Not Found"
        async with s.get(f"{fake.api_base}/users/@me") as r:
            assert r.status == 401
    assert [u.path for u in fake.unknown_requests] == ["/guilds/1/bans"]


async def test_late_interaction_answers_are_refused_like_discord(
    fake: FakeDiscord, minimal_bot: BotProcess
):
    fake.interaction_deadline = 0.0  # every answer is "too late"
    ex = await fake.slash("alice", "games", "mini", "hello", name="late", wait=False)
    await fake.wait_for(lambda: fake.late_callbacks == [ex])
    assert ex.callback is None and fake.messages("games") == []


def test_launcher_refuses_non_loopback_addresses():
    import subprocess
    import sys

    from tests.e2e.harness import ROOT

    code = """
import socket
from tests.e2e.launcher import guard_network
guard_network()
socket.getaddrinfo("localhost", 80)
socket.getaddrinfo("127.0.0.1", 80)
for attempt in (
    lambda: socket.getaddrinfo("discord.com", 443),
    lambda: socket.socket().connect(("10.0.0.1", 443)),
    lambda: socket.socket().connect_ex(("162.159.128.233", 443)),
):
    try:
        attempt()
    except OSError as exc:
        assert "e2e launcher: refusing" in str(exc), exc
    else:
        raise SystemExit("not refused")
print("ok")
"""
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=30
    )
    assert out.stdout.strip() == "ok", out.stderr
