"""What the fake Discord's channels show: the messages the bot made (posted, answered to an
interaction, followed up), with Discord's attachment semantics, edits, who a message pinged,
and the queries tests read them with (`message`, `messages`, `dm_messages`...).

`Messages` is a mixin of `FakeDiscord`, whose `__init__` holds the messages (`_messages`,
`_by_channel`). Every new message is made by `_new_message` (the REST routes call it on the
fake, so a subclass can watch them: bench/dispatcher.py).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tests.e2e.fake_http import content_type, image_size
from tests.e2e.fake_records import EPHEMERAL, LOADING, Exchange, Message, now_iso


class Messages:
    """The messages of every channel (a mixin of `FakeDiscord`)."""

    if TYPE_CHECKING:  # what it uses of FakeDiscord (state set in its __init__) and `Guild`
        _messages: dict[int, Message]
        _by_channel: dict[int, list[int]]
        app_id: int
        bot_user: dict[str, Any]
        guild_id: int
        users: dict[str, dict[str, Any]]
        channels: dict[int, dict[str, Any]]
        dm_channels: dict[int, int]

        @property
        def base_url(self) -> str: ...
        def new_id(self, shard: int | None = None) -> int: ...
        def channel(self, name_or_id: str | int) -> int: ...
        def user(self, name_or_user: str | dict[str, Any]) -> dict[str, Any]: ...

    def message(self, message_id: int | str) -> Message | None:
        return self._messages.get(int(message_id))

    def messages(
        self,
        channel: str | int,
        *,
        ephemeral: bool = False,
        for_user: str | dict | None = None,
        deleted: bool = False,
    ) -> list[Message]:
        """Messages in a channel, oldest first. Public ones only unless `ephemeral=True`
        (all ephemerals) or `for_user` (public + that user's ephemerals)."""
        cid = self.channel(channel)
        uid = int(self.user(for_user)["id"]) if for_user is not None else None
        out = []
        for mid in self._by_channel.get(cid, []):
            m = self._messages[mid]
            if m.deleted and not deleted:
                continue
            if m.ephemeral_for is not None and not ephemeral and m.ephemeral_for != uid:
                continue
            out.append(m)
        return out

    def all_messages(self) -> list[Message]:
        """Every message of every channel (DMs and ephemerals included), oldest first."""
        return [self._messages[i] for i in sorted(self._messages)]

    def dm_messages(self, user: str | dict) -> list[Message]:
        uid = int(self.user(user)["id"])
        cid = self.dm_channels.get(uid)
        return [] if cid is None else self.messages(cid)

    def last_message(self, channel: str | int, where: Callable[[Message], bool] | None = None):
        for m in reversed(self.messages(channel)):
            if where is None or where(m):
                return m
        return None

    def _new_message(
        self,
        cid: int,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
        *,
        ephemeral_for: int | None = None,
        interaction: Exchange | None = None,
        loading: bool = False,
    ) -> Message:
        mid = self.new_id()
        flags = int(body.get("flags") or 0)
        if loading:
            flags |= LOADING
        data: dict[str, Any] = {
            "id": str(mid),
            "channel_id": str(cid),
            "author": self.bot_user,
            "content": body.get("content") or "",
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts", False)),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": flags,
        }
        if body.get("nonce") is not None:
            data["nonce"] = str(body["nonce"])
        if self.channels[cid]["type"] != 1:
            data["guild_id"] = self.channels[cid]["guild_id"]
        if interaction is not None:
            data["webhook_id"] = str(self.app_id)
            data["application_id"] = str(self.app_id)
            data["type"] = 20 if interaction.type == 2 else 0
            user = self._interaction_user(interaction)
            data["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": user,
                "authorizing_integration_owners": {"0": str(self.guild_id)},
                "name": (interaction.payload.get("data") or {}).get("name"),
            }
        msg = Message(data=data, files={}, ephemeral_for=ephemeral_for)
        msg.pinged = _pings(data["content"], body.get("allowed_mentions"))
        data["mentions"] = [
            u for u in self.users.values() if int(u["id"]) in _mentions(data["content"])
        ]
        msg.interaction_id = interaction.id if interaction is not None else None
        self._attach(msg, body, files, replace=True)
        self._messages[mid] = msg
        self._by_channel.setdefault(cid, []).append(mid)
        self.channels[cid]["last_message_id"] = str(mid)
        return msg

    def _interaction_user(self, ex: Exchange) -> dict[str, Any]:
        return (ex.payload.get("member") or ex.payload)["user"]

    def _attach(
        self, msg: Message, body: dict[str, Any], files: list[tuple[str, bytes]], replace: bool
    ) -> None:
        """Apply Discord's attachment semantics: `attachments` in the body lists existing ones
        to keep (by id) and new uploads (by index); absent, uploads are added."""
        existing = {str(a["id"]): a for a in msg.data.get("attachments") or []}
        keep: list[dict[str, Any]] = []
        new_meta: dict[int, dict[str, Any]] = {}
        if "attachments" in body:
            for a in body["attachments"] or []:
                aid = str(a.get("id"))
                if aid in existing and not replace:
                    keep.append(existing[aid])
                else:
                    with contextlib.suppress(TypeError, ValueError):
                        new_meta[int(aid)] = a
        elif not replace:
            keep = list(existing.values())
        out = list(keep)
        for idx, (filename, data) in enumerate(files):
            meta = new_meta.get(idx, {})
            att_id = str(self.new_id())
            fn = meta.get("filename") or filename
            att = {
                "id": att_id,
                "filename": fn,
                "size": len(data),
                "url": f"{self.base_url}/attachments/{att_id}/{fn}",
                "proxy_url": f"{self.base_url}/attachments/{att_id}/{fn}",
                "content_type": content_type(fn),
                "description": meta.get("description"),
            }
            size = image_size(data)
            if size:
                att["width"], att["height"] = size
            msg.files[att_id] = data
            out.append(att)
        msg.data["attachments"] = out

    def _edit(self, msg: Message, body: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                value = body[key]
                if key == "flags":
                    value = (msg.data.get("flags", 0) & EPHEMERAL) | int(value or 0)
                msg.data[key] = value if value is not None else ([] if key != "content" else "")
        msg.data["flags"] = msg.data.get("flags", 0) & ~LOADING
        self._attach(msg, body, files, replace=False)
        msg.data["edited_timestamp"] = now_iso()
        msg.edits += 1


_MENTION = re.compile(r"<@!?(\d+)>")


def _mentions(content: str) -> set[int]:
    return {int(x) for x in _MENTION.findall(content or "")}


def _pings(content: str, allowed: dict[str, Any] | None) -> set[int]:
    """Who a new message notifies: user mentions in the content, filtered by allowed_mentions
    (absent: everybody mentioned)."""
    ids = _mentions(content)
    if allowed is None or "users" in (allowed.get("parse") or []):
        return ids
    return ids & {int(u) for u in allowed.get("users") or []}
