"""The fake Discord's records and Discord's constants it speaks in.

A `Request` the bot made, a `Message` a channel shows, the `Exchange` of one injected
interaction (everything the bot answered with its token), a `Refusal` a test asked for; and
the permission bits, message flags and application command option types of Discord's API.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tests.e2e import discord_limits as limits

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions)
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
MANAGE_MESSAGES = 1 << 13
MANAGE_ROLES = 1 << 28
CREATE_PUBLIC_THREADS = 1 << 35
MANAGE_THREADS = 1 << 34
SEND_MESSAGES_IN_THREADS = 1 << 38
ADMINISTRATOR = 1 << 3

MEMBER_PERMS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)
MOD_PERMS = MEMBER_PERMS | MANAGE_CHANNELS | MANAGE_MESSAGES | CREATE_PUBLIC_THREADS
BOT_PERMS = MEMBER_PERMS | MANAGE_MESSAGES | CREATE_PUBLIC_THREADS | MANAGE_CHANNELS

ALL_PERMS = (1 << 51) - 1

EPHEMERAL = 1 << 6
LOADING = 1 << 7

# Option types of application commands
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class Request:
    """One HTTP request the bot made."""

    method: str
    path: str  # without the /api/v10 prefix
    query: dict[str, str]
    json: Any  # parsed JSON body or payload_json, else None
    files: list[tuple[str, bytes]]  # (filename, bytes) of multipart uploads
    status: int = 0
    at: float = 0.0


@dataclass
class Message:
    """What a channel shows. `data` is the wire object Discord would return."""

    data: dict[str, Any]
    files: dict[str, bytes]  # attachment id -> bytes
    ephemeral_for: int | None = None
    interaction_id: int | None = None
    deleted: bool = False
    edits: int = 0
    created_at: float = field(default_factory=time.perf_counter)
    #: users Discord notified when the message was posted (mentions allowed to ping)
    pinged: set[int] = field(default_factory=set)

    @property
    def id(self) -> int:
        return int(self.data["id"])

    @property
    def channel_id(self) -> int:
        return int(self.data["channel_id"])

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.data.get("embeds") or []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.data.get("components") or []

    @property
    def attachments(self) -> list[dict[str, Any]]:
        return self.data.get("attachments") or []

    @property
    def ephemeral(self) -> bool:
        return bool(self.data.get("flags", 0) & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.data.get("flags", 0) & LOADING)

    def text(self) -> str:
        """Content plus every embed's title, description, fields and footer, newline-joined."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((e.get("footer") or {}).get("text") or "")
            parts.append((e.get("author") or {}).get("name") or "")
        parts += _component_texts(self.components)
        return "\n".join(p for p in parts if p)

    def flat_components(self) -> list[dict[str, Any]]:
        """Every interactive component (buttons, selects), rows flattened."""
        return list(limits.walk(self.components))

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.flat_components() if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for c in self.flat_components():
            if c.get("custom_id") == custom_id:
                return c
        return None

    def snapshot(self) -> dict[str, Any]:
        """A copy of the message as it is now (e.g. to press a button a client still shows
        after the bot removed it: `press(..., message_data=old)`)."""
        return json.loads(json.dumps(self.data))

    def images(self) -> list[bytes]:
        """Bytes of the attachments, in order."""
        return [self.files[str(a["id"])] for a in self.attachments if str(a["id"]) in self.files]


def _component_texts(components: Iterable[dict[str, Any]]) -> list[str]:
    out = []
    for c in components:
        if c.get("type") == 10:  # text display (components v2)
            out.append(c.get("content") or "")
        if c.get("type") in (1, 9, 17):
            out += _component_texts(c.get("components") or [])
    return out


@dataclass
class Exchange:
    """One injected interaction and everything the bot answered with its token."""

    fake: FakeDiscord
    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    payload: dict[str, Any]
    source_message_id: int | None = None  # the message a component sits on
    callback: dict[str, Any] | None = None  # {"type": n, "data": {...}}
    callback_files: list[tuple[str, bytes]] = field(default_factory=list)
    original_id: int | None = None  # the message @original points at
    followup_ids: list[int] = field(default_factory=list)
    webhook_calls: int = 0
    sent_at: float = 0.0  # perf_counter when dispatched on the gateway
    callback_at: float = 0.0  # when the interaction callback arrived
    answered_at: float = 0.0  # when `answered()` first became true

    @property
    def callback_type(self) -> int | None:
        return None if self.callback is None else self.callback["type"]

    @property
    def deferred(self) -> bool:
        return self.callback_type in (5, 6)

    def answered(self) -> bool:
        """True once the bot gave a visible answer: a non-deferred callback, or a defer
        followed by at least one edit or follow-up."""
        if self.callback is None:
            return False
        return not self.deferred or self.webhook_calls > 0

    async def wait_answered(self, timeout: float = 15.0) -> Exchange:
        await self.fake.wait_for(self.answered, timeout, what=f"an answer to {self.describe()}")
        return self

    def describe(self) -> str:
        data = self.payload.get("data", {})
        return f"interaction {self.id} type {self.type} {data.get('name') or data.get('custom_id')}"

    @property
    def original(self) -> Message | None:
        return self.fake.message(self.original_id) if self.original_id else None

    @property
    def followups(self) -> list[Message]:
        return [m for i in self.followup_ids if (m := self.fake.message(i)) is not None]

    def messages(self) -> list[Message]:
        """The original response (if it is a message this interaction created) + follow-ups."""
        out: list[Message] = []
        orig = self.original
        if orig is not None and orig.interaction_id == self.id:
            out.append(orig)
        return out + self.followups

    @property
    def ephemeral(self) -> bool:
        """The answer was visible to the invoking user only (a message deleted since, such
        as a public "thinking…" removed for a private answer, was visible to nobody)."""
        msgs = [m for m in self.messages() if not m.deleted]
        if msgs:
            return all(m.ephemeral for m in msgs)
        if self.callback is None:
            return False
        return bool((self.callback.get("data") or {}).get("flags", 0) & EPHEMERAL)

    def text(self) -> str:
        """Every text the bot answered with (callback data, original, follow-ups)."""
        parts = []
        for m in self.messages():
            parts.append(m.text())
        if self.callback_type == 7 and self.source_message_id:
            m = self.fake.message(self.source_message_id)
            if m is not None:
                parts.append(m.text())
        return "\n".join(p for p in parts if p)

    @property
    def autocomplete_choices(self) -> list[dict[str, Any]]:
        if self.callback_type != 8:
            return []
        return (self.callback.get("data") or {}).get("choices") or []


@dataclass
class Refusal:
    """Discord refusing requests as it would for a reason the fake does not model (a field
    too long for a reason of Discord's own, a permission taken away...): the requests
    `match` accepts get `status` and Discord's body for `code` and `message` (`errors`: the
    nested errors object of a 400), at most `times` of them (None: all). A 429 is Discord's
    rate-limited answer (a per-route one, with `retry_after`)."""

    match: Callable[[Request], bool]
    status: int
    code: int
    message: str
    errors: dict[str, Any] | None = None
    times: int | None = 1
    #: For a 429: the seconds Discord asks the client to wait (its body's `retry_after`).
    retry_after: float = 0.05
    refused: list[Request] = field(default_factory=list)
