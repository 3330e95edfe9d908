"""Prove the fake Discord's threads (tests/e2e/fake_threads.py) against what Discord documents:
driven with discord.py's own HTTP client (the routes it calls), a bare gateway connection
(what the bot would be told) and, for interactions, the minimal bot."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from tests.e2e.fake_discord import MANAGE_THREADS, FakeDiscord
from tests.e2e.harness import BotProcess

pytestmark = pytest.mark.e2e


class RawGateway:
    """A bare gateway session: IDENTIFY, then every dispatch kept in `events`."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.events: list[tuple[str, dict[str, Any]]] = []
        self._session = aiohttp.ClientSession()
        self._task: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        ws = await self._session.ws_connect(self.fake.gateway_url)
        hello = await ws.receive_json()
        assert hello["op"] == 10
        identify = {"token": self.fake.token, "intents": 0, "properties": {}, "shard": [0, 1]}
        await ws.send_json({"op": 2, "d": identify})
        self._task = asyncio.create_task(self._read(ws))
        await self.fake.wait_for(lambda: self.named("GUILD_CREATE"), what="GUILD_CREATE")

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for msg in ws:
            payload = json.loads(msg.data)
            if payload.get("op") == 0:
                self.events.append((payload["t"], payload["d"]))
                self.fake._touch()

    def named(self, event: str) -> list[dict[str, Any]]:
        return [d for t, d in self.events if t == event]

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self._session.close()


@pytest.fixture(autouse=True)
async def fake_was_sound(fake: FakeDiscord) -> AsyncIterator[None]:
    """No request the fake did not know, no crash of its own, no body it refused."""
    yield
    assert fake.unknown_requests == [] and fake.handler_errors == [] and fake.invalid == []


@pytest.fixture
async def gateway(fake: FakeDiscord) -> AsyncIterator[RawGateway]:
    gw = RawGateway(fake)
    await gw.connect()
    try:
        yield gw
    finally:
        await gw.close()


@pytest.fixture
async def http(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Any]:
    """discord.py's HTTP client, logged in to the fake."""
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    client = discord.http.HTTPClient(asyncio.get_running_loop())
    await client.static_login(fake.token)
    try:
        yield client
    finally:
        await client.close()


def updates(gw: RawGateway, tid: int) -> list[dict[str, Any]]:
    return [d["thread_metadata"] for d in gw.named("THREAD_UPDATE") if d["id"] == str(tid)]


async def start_table(http: Any, fake: FakeDiscord, name: str, minutes: int = 60) -> int:
    th = await http.start_thread_without_message(
        fake.channel("games"), name=name, auto_archive_duration=minutes, type=11
    )
    return int(th["id"])


async def active_ids(http: Any, fake: FakeDiscord) -> list[int]:
    return [int(t["id"]) for t in (await http.get_active_threads(fake.guild_id))["threads"]]


async def test_thread_listed_archived_then_unarchived_by_a_message(
    fake: FakeDiscord, http: Any, gateway: RawGateway
):
    tid = await start_table(http, fake, "table-1")
    th = fake.channels[tid]
    assert th["type"] == 11 and th["parent_id"] == str(fake.channel("games"))
    await fake.wait_for(lambda: gateway.named("THREAD_CREATE"), what="THREAD_CREATE")
    assert gateway.named("THREAD_CREATE")[0]["newly_created"] is True
    active = await http.get_active_threads(fake.guild_id)
    assert [int(t["id"]) for t in active["threads"]] == [tid] and active["members"] == []

    created_at = th["thread_metadata"]["archive_timestamp"]
    fake.archive(tid)
    await fake.wait_for(lambda: updates(gateway, tid), what="THREAD_UPDATE (archived)")
    meta = updates(gateway, tid)[0]
    assert meta["archived"] is True and meta["archive_timestamp"] >= created_at
    assert await active_ids(http, fake) == []
    archived = await http.get_public_archived_threads(fake.channel("games"))
    assert [int(t["id"]) for t in archived["threads"]] == [tid]
    assert archived["has_more"] is False and archived["members"] == []

    msg = await http.send_message(tid, params=discord.http.handle_message_parameters("hi"))
    assert msg["channel_id"] == str(tid)
    assert updates(gateway, tid)[-1]["archived"] is False  # told before the answer
    assert not fake.channels[tid]["thread_metadata"]["archived"]
    assert await active_ids(http, fake) == [tid]
    assert (await http.get_public_archived_threads(fake.channel("games")))["threads"] == []
    assert [m.content for m in fake.messages(tid)] == ["hi"]


async def test_locked_archived_thread_refuses_messages(
    fake: FakeDiscord, http: Any, gateway: RawGateway
):
    tid = await start_table(http, fake, "table-2")
    fake.archive(tid, locked=True)
    with pytest.raises(discord.HTTPException) as refused:
        await http.send_message(tid, params=discord.http.handle_message_parameters("late"))
    assert refused.value.status == 400 and refused.value.code == 50083
    assert fake.messages(tid) == [] and fake.channels[tid]["thread_metadata"]["archived"]

    # its creator may unarchive it; still locked, only MANAGE_THREADS may post or unlock
    th = await http.edit_channel(tid, archived=False)
    assert th["thread_metadata"] == {**th["thread_metadata"], "archived": False, "locked": True}
    with pytest.raises(discord.HTTPException) as locked:
        await http.send_message(tid, params=discord.http.handle_message_parameters("x"))
    assert locked.value.code == 160005
    with pytest.raises(discord.Forbidden):
        await http.edit_channel(tid, locked=False)
    fake.bot_role["permissions"] = str(int(fake.bot_role["permissions"]) | MANAGE_THREADS)
    th = await http.edit_channel(tid, locked=False, auto_archive_duration=1440)
    assert th["thread_metadata"]["locked"] is False
    assert th["thread_metadata"]["auto_archive_duration"] == 1440
    await http.send_message(tid, params=discord.http.handle_message_parameters("back"))
    await fake.wait_for(lambda: len(updates(gateway, tid)) == 3, what="three THREAD_UPDATEs")


async def test_archived_thread_edits_refused_and_patch_unarchives(fake: FakeDiscord, http: Any):
    tid = await start_table(http, fake, "table-3")
    msg = await http.send_message(tid, params=discord.http.handle_message_parameters("board"))
    fake.archive(tid)
    with pytest.raises(discord.HTTPException) as refused:
        await http.edit_message(tid, msg["id"], params=discord.http.handle_message_parameters("x"))
    assert refused.value.code == 50083
    with pytest.raises(discord.HTTPException) as renamed:
        await http.edit_channel(tid, name="renamed")
    assert renamed.value.code == 50083
    th = await http.edit_channel(tid, archived=False, name="table-3b")
    assert th["name"] == "table-3b" and not th["thread_metadata"]["archived"]
    await http.edit_message(tid, msg["id"], params=discord.http.handle_message_parameters("ok"))
    await http.edit_channel(tid, archived=True)
    assert fake.channels[tid]["thread_metadata"]["archived"]
    await http.delete_message(tid, msg["id"])  # deleting stays allowed


async def test_idle_threads_archive_after_their_duration(fake: FakeDiscord, http: Any):
    short = await start_table(http, fake, "short", minutes=60)
    long = await start_table(http, fake, "long", minutes=1440)
    assert fake.archive_idle(59) == []
    assert fake.archive_idle(1) == [short]
    await http.send_message(long, params=discord.http.handle_message_parameters("move"))
    assert fake.archive_idle(1439) == []  # the message was activity
    assert fake.archive_idle(1) == [long]
    assert await active_ids(http, fake) == []
    assert [e for e, _ in fake.thread_events] == ["THREAD_CREATE"] * 2 + ["THREAD_UPDATE"] * 2


async def test_archived_public_threads_page_by_archive_time(fake: FakeDiscord, http: Any):
    tids = [await start_table(http, fake, f"t{i}") for i in range(3)]
    for tid in tids:
        fake.archive_idle(1)  # distinct archive timestamps
        fake.archive(tid)
    games = fake.channel("games")
    first = await http.get_public_archived_threads(games, limit=2)
    assert [int(t["id"]) for t in first["threads"]] == [tids[2], tids[1]] and first["has_more"]
    before = first["threads"][-1]["thread_metadata"]["archive_timestamp"]
    rest = await http.get_public_archived_threads(games, before=before, limit=2)
    assert [int(t["id"]) for t in rest["threads"]] == [tids[0]] and not rest["has_more"]
    assert (await http.get_public_archived_threads(fake.channel("lounge")))["threads"] == []


async def test_start_thread_follows_the_documented_rules(fake: FakeDiscord):
    base, headers = fake.api_base, {"Authorization": f"Bot {fake.token}"}
    games = fake.channel("games")
    async with aiohttp.ClientSession(headers=headers) as s:

        async def post(path: str, body: dict[str, Any]) -> tuple[int, Any]:
            async with s.post(base + path, json=body) as r:
                return r.status, await r.json()

        status, th = await post(f"/channels/{games}/threads", {"name": "private"})
        assert status == 200 and th["type"] == 12  # no `type`: a private thread (v9/v10)
        status, err = await post(
            f"/channels/{games}/threads", {"name": "x", "type": 11, "auto_archive_duration": 30}
        )
        assert status == 400 and err["code"] == 50035
        assert [e for _, e in fake.invalid] == [
            ["auto_archive_duration: Value must be one of (60, 1440, 4320, 10080)."]
        ]
        fake.invalid.clear()
        status, err = await post(f"/channels/{th['id']}/threads", {"name": "nested"})
        assert status == 400 and err["code"] == 50024
        status, msg = await post(f"/channels/{games}/messages", {"content": "start here"})
        path = f"/channels/{games}/messages/{msg['id']}/threads"
        status, from_msg = await post(path, {"name": "from message"})
        assert status == 200 and from_msg["id"] == msg["id"] and from_msg["type"] == 11
        status, err = await post(path, {"name": "again"})
        assert status == 400 and err["code"] == 160004


async def test_guild_create_syncs_only_active_threads(fake: FakeDiscord):
    kept, gone = fake.add_thread("kept"), fake.add_thread("gone")
    fake.archive(gone)
    gw = RawGateway(fake)
    await gw.connect()
    try:
        threads = gw.named("GUILD_CREATE")[0]["threads"]
        assert [int(t["id"]) for t in threads] == [kept]
    finally:
        await gw.close()


async def test_interactions_from_a_thread(fake: FakeDiscord, minimal_bot: BotProcess):
    thread = fake.add_thread("table-9", "games")
    ex = await fake.slash("bob", thread, "mini", "hello", name="thread")
    assert ex.payload["channel_id"] == str(thread)
    channel = ex.payload["channel"]
    assert channel["type"] == 11 and channel["parent_id"] == str(fake.channel("games"))
    assert ex.payload["guild_id"] == str(fake.guild_id)
    original = ex.original
    assert original is not None and original.channel_id == thread
    press = await fake.press("carol", original, "mini:bump:0")
    assert press.payload["channel_id"] == str(thread) and press.payload["channel"]["type"] == 11
    assert (fake.message(original.id) or original).content == "bumped to 1 by carol"

    fake.archive(thread)  # an answer in an archived, unlocked thread unarchives it
    again = await fake.slash("bob", thread, "mini", "hello", name="again")
    assert again.original is not None and again.original.channel_id == thread
    assert not fake.channels[thread]["thread_metadata"]["archived"]
    assert [m["archived"] for e, m in _metas(fake, thread) if e == "THREAD_UPDATE"] == [
        True,
        False,
    ]

    fake.archive(thread, locked=True)  # locked: Discord refuses the answer (50083)
    late = await fake.slash("bob", thread, "mini", "hello", name="locked", wait=False)
    await fake.wait_for(
        lambda: [r for r in fake.requests_to("POST", "/interactions/") if r.status == 400],
        what="the refused callback",
    )
    assert late.callback is None and fake.messages(thread)[-1].content == "hello again x1"


def _metas(fake: FakeDiscord, tid: int) -> list[tuple[str, dict[str, Any]]]:
    return [(e, d["thread_metadata"]) for e, d in fake.thread_events if d["id"] == str(tid)]
