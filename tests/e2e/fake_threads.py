"""Threads in the fake Discord, as Discord's API documents them (discord-api-docs,
docs/topics/threads.md and the JSON error codes of docs/topics/opcodes-and-status-codes.md):

- `POST /channels/{id}/threads` and `POST /channels/{id}/messages/{id}/threads`: starting a
  thread without or from a message (parent type 50024, name, `auto_archive_duration`, one
  thread per message 160004), THREAD_CREATE. `fake.add_thread` is a moderator starting one.
- `GET /guilds/{id}/threads/active`: the guild's threads that are not archived, newest id first.
- `GET /channels/{id}/threads/archived/public` (`before`: ISO8601 timestamp, `limit`): the
  channel's archived public threads, newest `archive_timestamp` first, with `has_more`.
- `PATCH /channels/{id}` on a thread: `name`, `archived`, `locked`, `auto_archive_duration`,
  `rate_limit_per_user`; on an archived thread only a request that unarchives it is allowed
  (50083); `locked` and unarchiving a locked thread need MANAGE_THREADS (or, for the latter,
  being its creator); THREAD_UPDATE on the gateway.
- Sending a message (REST, interaction responses, follow-ups) in an archived thread unarchives
  it (THREAD_UPDATE) unless it is locked: then 400 with code 50083. Editing a message in an
  archived thread is refused the same way. In a locked thread only MANAGE_THREADS may post
  (160005 "Thread is locked").
  Interactions do come from archived threads (discord/discord-api-docs issue 5517: a command
  used in a locked, archived thread gets its callback refused), so an interaction's answer
  goes through the same check.
- Archiving after `auto_archive_duration` minutes without activity is the tests' job:
  `fake.archive(thread)` or `fake.archive_idle(minutes)` ("activity": a message, unarchiving,
  changing the auto-archive time).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e import discord_limits as limits
from tests.e2e.fake_records import DISCORD_EPOCH_MS, now_iso

if TYPE_CHECKING:
    from collections.abc import Callable

    from tests.e2e.fake_discord import FakeDiscord
    from tests.e2e.fake_records import Request

MANAGE_CHANNELS = 1 << 4
MANAGE_THREADS = 1 << 34
SEND_MESSAGES_IN_THREADS = 1 << 38
THREAD_TYPES = (10, 11, 12)  # announcement, public, private thread
PUBLIC_THREAD_TYPES = (10, 11)

# JSON error codes (docs/topics/opcodes-and-status-codes.md)
MISSING_PERMISSIONS = 50013  # "You lack permissions to perform that action"
WRONG_CHANNEL_TYPE = 50024  # "Cannot execute action on this channel type"
INVALID_FORM_BODY = 50035
ARCHIVED_THREAD = 50083  # "Tried to perform an operation on an archived thread, ..."
THREAD_ALREADY_CREATED = 160004  # "A thread has already been created for this message"
THREAD_LOCKED = 160005  # "Thread is locked"
ARCHIVED_MESSAGE = (
    "Tried to perform an operation on an archived thread, such as editing a message or adding "
    "a user to the thread"
)


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat()


def _parse_time(value: str) -> float:
    """An ISO8601 timestamp (discord.py sends `datetime.isoformat()`) or a snowflake."""
    if value.isdigit():
        return ((int(value) >> 22) + DISCORD_EPOCH_MS) / 1000
    return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()


class Threads:
    """The fake's thread state: activity clock, archiving, and the thread routes."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        #: seconds `archive_idle` moved the threads' clock ahead of real time
        self.skew = 0.0
        #: thread id -> time of its last activity (threads' clock)
        self.activity: dict[int, float] = {}
        #: every THREAD_CREATE/THREAD_UPDATE the fake sent or would have sent (no bot connected)
        self.events: list[tuple[str, dict[str, Any]]] = []

    # ---- state -------------------------------------------------------------------------------
    def now(self) -> float:
        return time.time() + self.skew

    def is_thread(self, cid: int) -> bool:
        ch = self.fake.channels.get(cid)
        return ch is not None and ch.get("type") in THREAD_TYPES

    def meta(self, tid: int) -> dict[str, Any]:
        return self.fake.channels[tid]["thread_metadata"]

    def created(self, tid: int) -> None:
        """A new thread: stamp its metadata with the threads' clock."""
        now = self.now()
        self.activity[tid] = now
        self.meta(tid)["archive_timestamp"] = _iso(now)
        self.meta(tid).setdefault("create_timestamp", _iso(now))

    def record(self, event: str, thread: dict[str, Any]) -> dict[str, Any]:
        data = dict(thread, thread_metadata=dict(thread["thread_metadata"]))
        self.events.append((event, data))
        return data

    async def dispatch(self, event: str, thread: dict[str, Any]) -> None:
        data = self.record(event, thread)
        session = self.fake._session_for(int(thread["guild_id"]))
        if session is not None:
            await session.dispatch(event, data)
        self.fake._touch()

    def _set(self, tid: int, archived: bool | None = None, locked: bool | None = None) -> None:
        meta, now = self.meta(tid), self.now()
        if archived is not None and archived != meta["archived"]:
            meta["archived"] = archived
            meta["archive_timestamp"] = _iso(now)
            if not archived:
                self.activity[tid] = now  # unarchiving is activity
        if locked is not None:
            meta["locked"] = locked

    def archive(self, tid: int, locked: bool = False) -> dict[str, Any]:
        """What Discord does after `auto_archive_duration` idle minutes (or a moderator's
        archive, with `locked`): archived, `archive_timestamp` now, THREAD_UPDATE."""
        self._set(tid, archived=True, locked=locked or None)
        th = self.fake.channels[tid]
        self.fake._spawn(self.dispatch("THREAD_UPDATE", th))
        return th

    def archive_idle(self, minutes_passed: float) -> list[int]:
        """Move the threads' clock `minutes_passed` ahead and archive every active thread idle
        for at least its `auto_archive_duration`; return their ids."""
        self.skew += minutes_passed * 60
        now, done = self.now(), []
        for tid, ch in list(self.fake.channels.items()):
            if ch.get("type") not in THREAD_TYPES or ch["thread_metadata"]["archived"]:
                continue
            idle_min = (now - self.activity.get(tid, now)) / 60
            if idle_min >= ch["thread_metadata"]["auto_archive_duration"]:
                self.archive(tid)
                done.append(tid)
        return done

    # ---- checks used by the message routes --------------------------------------------------
    async def before_send(
        self, rec: Request, cid: int, user_id: int, new_message: bool = True
    ) -> web.Response | None:
        """A message is about to be created (or, for an interaction's update, edited) in `cid`
        by `user_id`: refuse it like Discord, or unarchive the thread (THREAD_UPDATE) and count
        it as activity."""
        if not self.is_thread(cid):
            return None
        perms = self.fake.permissions_of(user_id)
        meta = self.meta(cid)
        if not perms & SEND_MESSAGES_IN_THREADS:
            return self.fake._error(rec, 403, MISSING_PERMISSIONS, "Missing Permissions")
        if meta["locked"] and meta["archived"]:
            return self.fake._error(rec, 400, ARCHIVED_THREAD, ARCHIVED_MESSAGE)
        if meta["locked"] and not perms & MANAGE_THREADS:
            return self.fake._error(rec, 403, THREAD_LOCKED, "Thread is locked")
        if meta["archived"]:
            self._set(cid, archived=False)
            await self.dispatch("THREAD_UPDATE", self.fake.channels[cid])
        self.activity[cid] = self.now()
        th = self.fake.channels[cid]
        if not new_message:
            return None
        th["message_count"] = th.get("message_count", 0) + 1
        th["total_message_sent"] = th.get("total_message_sent", 0) + 1
        return None

    def before_edit(self, rec: Request, cid: int) -> web.Response | None:
        """Messages of an archived thread cannot be edited (deleting them is allowed)."""
        if self.is_thread(cid) and self.meta(cid)["archived"]:
            return self.fake._error(rec, 400, ARCHIVED_THREAD, ARCHIVED_MESSAGE)
        return None

    def check_parent(self, rec: Request, cid: int, body: dict[str, Any]) -> web.Response | None:
        """Start Thread: a text or announcement parent, a 1-100 character name, a documented
        auto-archive duration."""
        if self.fake.channels[cid].get("type") not in (0, 5):
            return self.fake._error(
                rec, 400, WRONG_CHANNEL_TYPE, "Cannot execute action on this channel type"
            )
        return self.fake._invalid(rec, limits.thread(body))

    # ---- starting threads --------------------------------------------------------------------
    async def _create_thread(self, rec: Request, cid: str, from_mid: str | None = None) -> Any:
        if err := self.fake._check_channel(rec, cid):
            return err
        body = rec.json or {}
        if refused := self.check_parent(rec, int(cid), body):
            return refused
        if from_mid and int(from_mid) in self.fake.channels:
            return self.fake._error(
                rec, 400, 160004, "A thread has already been created for this message"
            )
        # from a message: the parent's kind of thread; without one, `type` defaults to a
        # private thread in API v9/v10 (Start Thread without Message)
        parent_kind = 10 if self.fake.channels[int(cid)]["type"] == 5 else 11
        th = self._thread(
            int(cid),
            body["name"],
            int(from_mid) if from_mid else None,
            parent_kind if from_mid else int(body.get("type", 12)),
            body.get("auto_archive_duration", 1440),
        )
        await self.dispatch("THREAD_CREATE", {**th, "newly_created": True})
        return th

    def _thread(
        self, parent: int, name: str, tid: int | None, ttype: int = 11, archive: int = 1440
    ) -> dict[str, Any]:
        tid = tid or self.fake.new_id()
        th = {
            "id": str(tid),
            "type": ttype,
            "guild_id": self.fake.channels[parent].get("guild_id") or str(self.fake.guild_id),
            "name": name,
            "parent_id": str(parent),
            "owner_id": str(self.fake.app_id),
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": archive,
                "archive_timestamp": now_iso(),
                "locked": False,
            },
        }
        self.fake.channels[tid] = th
        self.fake.channel_by_name[name] = tid
        self.fake._by_channel.setdefault(tid, [])
        self.created(tid)
        return th

    def add(self, name: str, parent: int) -> int:
        """A public thread under `parent` that a moderator started (THREAD_CREATE if the bot is
        connected; else part of the guild's threads in GUILD_CREATE)."""
        th = self._thread(parent, name, None)
        th["owner_id"] = self.fake.users["mod"]["id"]
        self.fake._spawn(self.dispatch("THREAD_CREATE", {**th, "newly_created": True}))
        return int(th["id"])

    async def _create_thread_from(self, rec: Request, cid: str, mid: str) -> Any:
        return await self._create_thread(rec, cid, mid)

    # ---- routes ------------------------------------------------------------------------------
    def routes(self) -> list[tuple[str, str, Callable[..., Any]]]:
        s = r"(\d+)"
        return [
            ("POST", rf"/channels/{s}/threads", self._create_thread),
            ("POST", rf"/channels/{s}/messages/{s}/threads", self._create_thread_from),
            ("GET", rf"/guilds/{s}/threads/active", self._active),
            ("GET", rf"/channels/{s}/threads/archived/public", self._archived_public),
            ("PATCH", rf"/channels/{s}", self._edit_channel),
        ]

    async def _active(self, rec: Request, gid: str) -> Any:
        if int(gid) not in self.fake.guild_ids:
            return self.fake._error(rec, 404, 10004, "Unknown Guild")
        threads = [
            ch
            for cid, ch in self.fake.channels.items()
            if ch.get("guild_id") == gid and self.is_thread(cid) and not self.meta(cid)["archived"]
        ]
        threads.sort(key=lambda ch: int(ch["id"]), reverse=True)
        return {"threads": threads, "members": []}

    async def _archived_public(self, rec: Request, cid: str) -> Any:
        if err := self.fake._check_channel(rec, cid):
            return err
        limit = int(rec.query.get("limit") or 50)
        before = _parse_time(rec.query["before"]) if rec.query.get("before") else None
        found = []
        for tid, ch in self.fake.channels.items():
            if ch.get("parent_id") != cid or ch.get("type") not in PUBLIC_THREAD_TYPES:
                continue
            meta = self.meta(tid)
            at = _parse_time(meta["archive_timestamp"])
            if meta["archived"] and (before is None or at < before):
                found.append((at, ch))
        found.sort(key=lambda pair: pair[0], reverse=True)
        page = [ch for _, ch in found[:limit]]
        return {"threads": page, "members": [], "has_more": len(found) > limit}

    async def _edit_channel(self, rec: Request, cid: str) -> Any:
        if err := self.fake._check_channel(rec, cid):
            return err
        if not self.is_thread(int(cid)):
            return await self._edit_plain_channel(rec, int(cid))
        return await self._edit_thread(rec, int(cid))

    async def _edit_plain_channel(self, rec: Request, cid: int) -> Any:
        """Modify Channel on a guild channel: a few settings, MANAGE_CHANNELS, CHANNEL_UPDATE."""
        ch = self.fake.channels[cid]
        if ch["type"] == 1:
            return self.fake._error(rec, 400, 50003, "Cannot execute action on a DM channel")
        if not self.fake.permissions_of(self.fake.app_id) & MANAGE_CHANNELS:
            return self.fake._error(rec, 403, MISSING_PERMISSIONS, "Missing Permissions")
        body = rec.json or {}
        for key in (
            "name",
            "topic",
            "nsfw",
            "rate_limit_per_user",
            "default_auto_archive_duration",
        ):
            if key in body:
                ch[key] = body[key]
        session = self.fake._session_for(int(ch["guild_id"]))
        if session is not None:
            await session.dispatch("CHANNEL_UPDATE", ch)
        return ch

    async def _edit_thread(self, rec: Request, tid: int) -> Any:
        body = rec.json or {}
        th, meta = self.fake.channels[tid], self.meta(tid)
        perms = self.fake.permissions_of(self.fake.app_id)
        moderator = bool(perms & MANAGE_THREADS)
        creator = th.get("owner_id") == str(self.fake.app_id)
        if bad := self.fake._invalid(rec, limits.thread(body, creating=False)):
            return bad
        unarchive = body.get("archived") is False
        if meta["archived"] and not unarchive:
            return self.fake._error(rec, 400, ARCHIVED_THREAD, ARCHIVED_MESSAGE)
        needs_mod = "locked" in body or "rate_limit_per_user" in body
        needs_owner = any(k in body for k in ("name", "auto_archive_duration")) or (
            "archived" in body and not unarchive
        )
        if unarchive and meta["locked"] and body.get("locked") is not False:
            needs_owner = True
        if (needs_mod and not moderator) or (needs_owner and not (moderator or creator)):
            return self.fake._error(rec, 403, MISSING_PERMISSIONS, "Missing Permissions")
        for key in ("name", "rate_limit_per_user"):
            if key in body:
                th[key] = body[key]
        if (duration := body.get("auto_archive_duration")) is not None:
            meta["auto_archive_duration"] = duration
            meta["archive_timestamp"] = _iso(self.now())
            self.activity[tid] = self.now()  # changing the auto-archive time is activity
        self._set(
            tid,
            archived=bool(body["archived"]) if "archived" in body else None,
            locked=bool(body["locked"]) if "locked" in body else None,
        )
        await self.dispatch("THREAD_UPDATE", th)
        return th
