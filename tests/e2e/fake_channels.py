"""The fake Discord's channel routes: a channel, its messages (posted with Discord's checks:
closed DMs, missing permissions, empty messages, limits, `enforce_nonce`; listed, fetched,
edited, deleted), typing and pins, and opening a DM.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e import discord_limits as limits
from tests.e2e.fake_records import ATTACH_FILES, SEND_MESSAGES, VIEW_CHANNEL, Message, Request

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord

#: How long Discord remembers a message's nonce (`enforce_nonce`): "the past few minutes".
NONCE_WINDOW_S = 300.0


class ChannelRoutes:
    """Channels, their messages, and DMs."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def routes(self) -> list[tuple[str, str, Callable[..., Any]]]:
        s = r"(\d+)"
        return [
            ("POST", r"/users/@me/channels", self._create_dm),
            ("GET", rf"/channels/{s}", self._get_channel),
            ("GET", rf"/channels/{s}/messages", self._list_messages),
            ("POST", rf"/channels/{s}/messages", self._post_message),
            ("GET", rf"/channels/{s}/messages/{s}", self._get_message),
            ("PATCH", rf"/channels/{s}/messages/{s}", self._edit_message),
            ("DELETE", rf"/channels/{s}/messages/{s}", self._delete_message),
            ("POST", rf"/channels/{s}/typing", self._no_content),
            ("PUT", rf"/channels/{s}/pins/{s}", self._no_content),
            ("DELETE", rf"/channels/{s}/pins/{s}", self._no_content),
            ("PUT", rf"/channels/{s}/messages/pins/{s}", self._no_content),
            ("DELETE", rf"/channels/{s}/messages/pins/{s}", self._no_content),
        ]

    async def _no_content(self, rec: Request, *args: str) -> None:
        return None

    async def _create_dm(self, rec: Request) -> Any:
        uid = int((rec.json or {}).get("recipient_id", 0))
        user = next((u for u in self.fake.users.values() if int(u["id"]) == uid), None)
        if user is None:
            return self.fake._error(rec, 400, 50033, "Invalid Recipients")
        cid = self.fake.dm_channels.get(uid)
        if cid is None:
            cid = self.fake.new_id()
            self.fake.dm_channels[uid] = cid
            self.fake.channels[cid] = {
                "id": str(cid),
                "type": 1,
                "last_message_id": None,
                "recipients": [user],
                "flags": 0,
            }
            self.fake._by_channel[cid] = []
        return self.fake.channels[cid]

    def _may_post(self, rec: Request, cid: int) -> web.Response | None:
        """Refuse a bot's channel message as Discord does when a permission is missing."""
        ch = self.fake.channels[cid]
        if ch.get("type") not in (0, 5):
            return None  # (DMs; threads: fake_threads.py)
        perms = self.fake.channel_permissions(self.fake.app_id, cid)
        if not perms & VIEW_CHANNEL:
            return self.fake._error(rec, 403, 50001, "Missing Access")
        if not perms & SEND_MESSAGES or (rec.files and not perms & ATTACH_FILES):
            return self.fake._error(rec, 403, 50013, "Missing Permissions")
        return None

    async def _get_channel(self, rec: Request, cid: str) -> Any:
        return self.fake._check_channel(rec, cid) or self.fake.channels[int(cid)]

    async def _post_message(self, rec: Request, cid: str) -> Any:
        if err := self.fake._check_channel(rec, cid):
            return err
        ch = self.fake.channels[int(cid)]
        if ch["type"] == 1 and int(ch["recipients"][0]["id"]) in self.fake.dms_closed:
            return self.fake._error(rec, 403, 50007, "Cannot send messages to this user")
        if refused := self._may_post(rec, int(cid)):
            return refused
        body = rec.json or {}
        if (
            not body.get("content")
            and not body.get("embeds")
            and not rec.files
            and not body.get("components")
        ):
            return self.fake._error(rec, 400, 50006, "Cannot send an empty message")
        if bad := self.fake._invalid(rec, limits.message(body, rec.files)):
            return bad
        if body.get("enforce_nonce") and body.get("nonce") is not None:
            # Discord: the same author's message with this nonce in the last few minutes is
            # returned again instead of a new one
            for m in reversed(self.fake.messages(int(cid))):
                recent = time.perf_counter() - m.created_at < NONCE_WINDOW_S
                if recent and m.data.get("nonce") == str(body["nonce"]):
                    return m.data
        if refused := await self.fake.threads.before_send(rec, int(cid), self.fake.app_id):
            return refused
        msg = self.fake._new_message(int(cid), body, rec.files)
        return msg.data

    async def _list_messages(self, rec: Request, cid: str) -> Any:
        if err := self.fake._check_channel(rec, cid):
            return err
        limit = int(rec.query.get("limit", 50))
        msgs = [m.data for m in reversed(self.fake.messages(int(cid)))]
        if "before" in rec.query:
            msgs = [d for d in msgs if int(d["id"]) < int(rec.query["before"])]
        if "after" in rec.query:
            msgs = [d for d in msgs if int(d["id"]) > int(rec.query["after"])]
        return msgs[:limit]

    def _channel_message(self, rec: Request, cid: str, mid: str) -> Message | web.Response:
        msg = self.fake._messages.get(int(mid))
        if msg is None or msg.deleted or msg.channel_id != int(cid) or msg.ephemeral_for:
            return self.fake._error(rec, 404, 10008, "Unknown Message")
        return msg

    async def _get_message(self, rec: Request, cid: str, mid: str) -> Any:
        msg = self._channel_message(rec, cid, mid)
        return msg if isinstance(msg, web.Response) else msg.data

    async def _edit_message(self, rec: Request, cid: str, mid: str) -> Any:
        msg = self._channel_message(rec, cid, mid)
        if isinstance(msg, web.Response):
            return msg
        if refused := self.fake._checked_edit(rec, msg):
            return refused
        return msg.data

    async def _delete_message(self, rec: Request, cid: str, mid: str) -> Any:
        msg = self._channel_message(rec, cid, mid)
        if isinstance(msg, web.Response):
            return msg
        msg.deleted = True
        return None
