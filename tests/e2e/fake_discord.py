"""A small fake Discord (API v10 REST + gateway websocket) for end-to-end tests.

The real bot process (discord.py, unmodified) talks to this server on 127.0.0.1 through
`tests/e2e/launcher.py`. The fake records every request and keeps an in-memory model of the
messages each channel would show, so tests assert on what Discord would have received.

Users the tests act as live in `FakeDiscord.users` ("alice", "bob", "carol", "dave", "erin",
"frank" are players, "mod" has Manage Channels, "owner" owns the guild, "stranger" is just
another member). Tests inject interactions with `slash`, `autocomplete`, `press`, `select` and
`submit_modal`; each returns an `Exchange` that collects the
bot's callback and every webhook call made with that interaction's token.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import secrets
import time
import traceback
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Self

from aiohttp import WSMsgType, web

from tests.e2e import discord_limits as limits
from tests.e2e.fake_ratelimits import RateLimits
from tests.e2e.fake_threads import Threads

DISCORD_EPOCH_MS = 1420070400000
API_PREFIX = "/api/v10"

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


def _now_iso() -> str:
    return datetime.now(UTC).isoformat()


# ---------------------------------------------------------------------------------------------
# records


#: How long Discord remembers a message's nonce (`enforce_nonce`): "the past few minutes".
NONCE_WINDOW_S = 300.0


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


# ---------------------------------------------------------------------------------------------
# the fake


class Gateway:
    """One websocket session."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.seq = 0
        self.session_id = secrets.token_hex(16)
        self.identified = False
        self.intents = 0
        #: [shard id, shard count] as IDENTIFY gave it ([0, 1] when it gave none)
        self.shard = (0, 1)
        self._zlib = zlib.compressobj() if compress else None
        self._lock = asyncio.Lock()

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload, separators=(",", ":"))
        async with self._lock:
            if self.ws.closed:
                return
            if self._zlib is not None:
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(text)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        await self.send({"op": 0, "t": event, "s": self.seq, "d": data})


@dataclass
class Refusal:
    """Discord refusing requests as it would for a reason the fake does not model (a field
    too long for a reason of Discord's own, a permission taken away...): the requests
    `match` accepts get `status` and Discord's body for `code` and `message` (`errors`: the
    nested errors object of a 400), at most `times` of them (None: all)."""

    match: Callable[[Request], bool]
    status: int
    code: int
    message: str
    errors: dict[str, Any] | None = None
    times: int | None = 1
    refused: list[Request] = field(default_factory=list)


class FakeDiscord:
    """The fake server. Use `async with FakeDiscord() as fake:` or `start()`/`stop()`."""

    def __init__(
        self,
        token: str | None = None,
        heartbeat_interval_ms: int = 41250,
        shard_count: int = 1,
        rate_limits: RateLimits | None = None,
    ) -> None:
        self.token = token or "fake." + secrets.token_hex(12)
        #: Discord's rate limits (tests/e2e/fake_ratelimits.py); None: none enforced.
        self.rate_limits = rate_limits
        #: Refusals a test asked for (`refuse`): each answers the requests it matches.
        self.refusals: list[Refusal] = []
        #: Checked on leaving `async with`: no request broke a documented limit (a test that
        #: sends such requests on purpose clears `invalid`).
        self.check_limits = True
        #: what GET /gateway/bot recommends, and what an IDENTIFY's shard count must be
        self.shard_count = shard_count
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self._ids = itertools.count(1)
        self.app_id = self.new_id()
        self.bot_user = self._user(self.app_id, "Boardroom", bot=True)
        self.guild_id = self.new_id()
        #: every guild the bot is in (the first is `guild_id`; `add_guild` adds more)
        self.guild_ids: list[int] = [self.guild_id]
        self.guild_names: dict[int, str] = {self.guild_id: "Boardroom Test Guild"}
        self.users: dict[str, dict[str, Any]] = {}
        self.members: dict[int, dict[str, Any]] = {}
        self.roles: list[dict[str, Any]] = []
        self.channels: dict[int, dict[str, Any]] = {}
        self.channel_by_name: dict[str, int] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> dm channel id
        self.dms_closed: set[int] = set()
        self.global_commands: dict[str, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}
        self.command_syncs: list[Request] = []
        self.requests: list[Request] = []
        self.unknown_requests: list[Request] = []
        #: bodies Discord would have refused (400 Invalid Form Body): (request, errors)
        self.invalid: list[tuple[Request, list[str]]] = []
        #: seconds Discord allows for the first answer to an interaction (None: no limit)
        self.interaction_deadline: float | None = None
        self.late_callbacks: list[Exchange] = []
        #: exceptions raised by the fake's own handlers (request, traceback)
        self.handler_errors: list[tuple[Request, str]] = []
        #: Requests for which this returns True hang forever (a Discord that stops answering:
        #: used to crash the bot between its commit and its post); they are kept in `held`.
        self.hold: Callable[[Request], bool] | None = None
        #: Requests for which this returns True are handled (a message is made) but their
        #: answers wait until `release_held` (the bot killed after Discord made its message,
        #: before or after it heard so); they are kept in `held` too.
        self.hold_answer: Callable[[Request], bool] | None = None
        self.held: list[Request] = []
        self._unheld = asyncio.Event()
        self.gateway_ops: list[dict[str, Any]] = []  # what the bot sent on the gateway
        self._messages: dict[int, Message] = {}
        self._by_channel: dict[int, list[int]] = {}
        self.exchanges: dict[int, Exchange] = {}
        self._by_token: dict[str, Exchange] = {}
        self.sessions: list[Gateway] = []
        self.identifies = 0
        self.resumes = 0
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        #: threads: activity clock, archiving, their routes (tests/e2e/fake_threads.py)
        self.threads = Threads(self)
        self._build_guild()

    # ---- model setup ------------------------------------------------------------------------
    def new_id(self, shard: int | None = None) -> int:
        """A snowflake; with `shard`, one that Discord's rule `(id >> 22) % shard_count` puts
        on that shard (for guild ids)."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        if shard is not None:
            ms += (shard - ms) % self.shard_count
        return (ms << 22) | (next(self._ids) & 0x3FFFFF)

    def shard_of(self, guild_id: int | None) -> int:
        """The shard a guild's events go to (DMs: shard 0, as Discord does)."""
        return 0 if guild_id is None else (guild_id >> 22) % self.shard_count

    def add_guild(self, name: str, shard: int | None = None, channels: tuple[str, ...] = ()) -> int:
        """Another guild with the same members (on `shard` when given) and text channels
        `channels` (names must be unique across guilds). Dispatched as GUILD_CREATE to the
        session serving its shard, if one is connected."""
        gid = self.new_id(shard)
        self.guild_ids.append(gid)
        self.guild_names[gid] = name
        for channel in channels:
            self.add_channel(channel, guild_id=gid)
        session = self._session_for(gid)
        if session is not None:
            self._spawn(session.dispatch("GUILD_CREATE", self._guild_payload(gid)))
        return gid

    @staticmethod
    def _user(uid: int, name: str, bot: bool = False) -> dict[str, Any]:
        return {
            "id": str(uid),
            "username": name.lower(),
            "global_name": name,
            "discriminator": "0",
            "avatar": None,
            "bot": bot,
            "public_flags": 0,
            "flags": 0,
        }

    def _build_guild(self) -> None:
        gid = self.guild_id
        self.everyone_role = self._role(gid, "@everyone", MEMBER_PERMS, 0)
        self.mod_role = self._role(self.new_id(), "Moderator", MOD_PERMS, 1)
        self.bot_role = self._role(self.new_id(), "Boardroom", BOT_PERMS, 2, managed=True)
        self.roles = [self.everyone_role, self.mod_role, self.bot_role]
        self.add_member(self.bot_user, roles=[self.bot_role])
        for name in ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank"):
            self.add_user(name)
        self.add_user("Mod", moderator=True)
        self.add_user("Stranger")
        self.add_user("Owner")  # owns the guild: every permission
        for name in ("general", "games", "lounge", "quiet"):
            self.add_channel(name)

    def _role(self, rid: int, name: str, perms: int, pos: int, managed: bool = False) -> dict:
        return {
            "id": str(rid),
            "name": name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": pos,
            "permissions": str(perms),
            "managed": managed,
            "mentionable": False,
            "flags": 0,
        }

    def add_role(self, name: str, perms: int = 0) -> dict[str, Any]:
        """A new guild role (dispatched as GUILD_ROLE_CREATE if the bot is connected)."""
        role = self._role(self.new_id(), name, perms, len(self.roles))
        self.roles.append(role)
        session = self._session_for(self.guild_id)
        if session is not None:
            event = {"guild_id": str(self.guild_id), "role": role}
            self._spawn(session.dispatch("GUILD_ROLE_CREATE", event))
        return role

    def give_role(self, user: str | dict[str, Any], role: dict[str, Any]) -> None:
        self.members[int(self.user(user)["id"])]["roles"].append(role["id"])

    def add_member(self, user: dict[str, Any], roles: list[dict[str, Any]] = ()) -> dict:
        member = {
            "user": user,
            "nick": None,
            "avatar": None,
            "roles": [r["id"] for r in roles],
            "joined_at": _now_iso(),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
        }
        self.members[int(user["id"])] = member
        return member

    def add_user(self, name: str, moderator: bool = False) -> dict[str, Any]:
        """A guild member the tests can act as; `fake.users[name.lower()]`."""
        user = self._user(self.new_id(), name)
        self.users[name.lower()] = user
        self.add_member(user, roles=[self.mod_role] if moderator else [])
        return user

    def add_channel(
        self, name: str, parent_id: int | None = None, guild_id: int | None = None
    ) -> int:
        """A text channel of the guild (the first by default), dispatched as CHANNEL_CREATE if
        the bot is connected."""
        cid = self.new_id()
        gid = guild_id or self.guild_id
        ch = {
            "id": str(cid),
            "type": 0,
            "guild_id": str(gid),
            "name": name,
            "position": len(self.channels),
            "permission_overwrites": [],
            "topic": None,
            "nsfw": False,
            "parent_id": str(parent_id) if parent_id else None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        self.channels[cid] = ch
        self.channel_by_name[name] = cid
        self._by_channel[cid] = []
        session = self._session_for(gid)
        if session is not None:
            self._spawn(session.dispatch("CHANNEL_CREATE", ch))
        return cid

    def guild_of(self, channel: str | int) -> int | None:
        """The guild a channel belongs to (None: a DM)."""
        gid = self.channels[self.channel(channel)].get("guild_id")
        return int(gid) if gid else None

    def channel(self, name_or_id: str | int) -> int:
        if isinstance(name_or_id, int):
            return name_or_id
        return self.channel_by_name[name_or_id]

    def user(self, name_or_user: str | dict[str, Any]) -> dict[str, Any]:
        return self.users[name_or_user.lower()] if isinstance(name_or_user, str) else name_or_user

    def permissions_of(self, user_id: int) -> int:
        member = self.members.get(user_id)
        if member is None:
            return 0
        if user_id == int(self.users["owner"]["id"]):
            return ALL_PERMS
        perms = int(self.everyone_role["permissions"])
        for r in self.roles:
            if r["id"] in member["roles"]:
                perms |= int(r["permissions"])
        return perms

    def channel_permissions(self, user_id: int, cid: int) -> int:
        """`permissions_of` in one channel: less what a member overwrite of the channel (of a
        thread's parent, for a thread) denies, plus what it allows."""
        perms = self.permissions_of(user_id)
        if perms & ADMINISTRATOR:
            return ALL_PERMS
        ch = self.channels.get(cid) or {}
        if ch.get("type") in (10, 11, 12) and ch.get("parent_id"):
            ch = self.channels.get(int(ch["parent_id"])) or {}
        for o in ch.get("permission_overwrites") or []:
            if o["type"] == 1 and int(o["id"]) == user_id:
                perms = (perms & ~int(o["deny"])) | int(o["allow"])
        return perms

    def deny_bot(self, channel: str | int, perms: int) -> None:
        """A moderator takes `perms` from the bot in a channel (a member overwrite; 0: gives
        them back); Discord tells the bot with CHANNEL_UPDATE."""
        cid = self.channel(channel)
        ch = self.channels[cid]
        others = [o for o in ch["permission_overwrites"] if int(o["id"]) != self.app_id]
        if perms:
            others.append({"id": str(self.app_id), "type": 1, "allow": "0", "deny": str(perms)})
        ch["permission_overwrites"] = others
        session = self._session_for(self.guild_of(cid))
        if session is not None:
            self._spawn(session.dispatch("CHANNEL_UPDATE", ch))

    def delete_channel(self, channel: str | int) -> None:
        """A moderator deletes a channel: Discord tells the bot with CHANNEL_DELETE, and
        answers 404 Unknown Channel from then on."""
        cid = self.channel(channel)
        ch = self.channels.pop(cid)
        session = self._session_for(int(ch["guild_id"]) if ch.get("guild_id") else None)
        if session is not None:
            self._spawn(session.dispatch("CHANNEL_DELETE", ch))

    def _may_post(self, rec: Request, cid: int) -> web.Response | None:
        """Refuse a bot's channel message as Discord does when a permission is missing."""
        ch = self.channels[cid]
        if ch.get("type") not in (0, 5):
            return None  # (DMs; threads: fake_threads.py)
        perms = self.channel_permissions(self.app_id, cid)
        if not perms & VIEW_CHANNEL:
            return self._error(rec, 403, 50001, "Missing Access")
        if not perms & SEND_MESSAGES or (rec.files and not perms & ATTACH_FILES):
            return self._error(rec, 403, 50013, "Missing Permissions")
        return None

    def _roles_of(self, gid: int) -> list[dict[str, Any]]:
        """A guild's roles: the first guild's, with its own @everyone (whose id is the guild's)."""
        if gid == self.guild_id:
            return self.roles
        return [{**self.everyone_role, "id": str(gid)}, *self.roles[1:]]

    def _guild_payload(self, gid: int | None = None) -> dict[str, Any]:
        gid = gid or self.guild_id
        mine = [c for c in self.channels.values() if c.get("guild_id") == str(gid)]
        return {
            "id": str(gid),
            "name": self.guild_names[gid],
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": self.users["owner"]["id"],
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": self._roles_of(gid),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": _now_iso(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": list(self.members.values()),
            "channels": [c for c in mine if c["type"] in (0, 2, 4, 5)],
            "threads": [  # only the active ones (archived threads are not synced)
                c
                for c in mine
                if c["type"] in (10, 11, 12) and not c["thread_metadata"]["archived"]
            ],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    # ---- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> Self:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/gateway", self._ws_handler)
        app.router.add_route("GET", "/gateway/", self._ws_handler)
        app.router.add_route("GET", "/attachments/{att}/{name}", self._attachment_handler)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest_handler)
        app.router.add_route("*", "/{tail:.*}", self._unknown_handler)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        for s in self.sessions:
            with contextlib.suppress(Exception):
                await s.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(self, exc_type: type[BaseException] | None, *exc: object) -> None:
        await self.stop()
        if exc_type is None and self.check_limits:
            assert self.broken_limits() == [], "requests Discord would refuse"

    def broken_limits(self) -> list[str]:
        """Every request that broke a documented limit: a body Discord refuses (400 Invalid
        Form Body), or a request sent before the `retry_after` of a 429 had passed. The
        end-to-end fixtures check that there is none after every test."""
        out = [f"{r.method} {r.path}: {'; '.join(errors)}" for r, errors in self.invalid]
        if self.rate_limits is not None:
            out += [
                f"{route} {major}: sent {wait:.3f} s before retry_after"
                for route, major, wait in self.rate_limits.early
            ]
        return out

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ---- waiting -----------------------------------------------------------------------------
    def _touch(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks = getattr(self, "_tasks", set())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def wait_for(
        self, predicate: Callable[[], Any], timeout: float = 15.0, what: str = "a condition"
    ) -> Any:
        """Wait until `predicate()` is truthy (re-checked after every change); return it."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout=min(remaining, 1.0))

    def connected(self) -> bool:
        return any(s.identified and not s.ws.closed for s in self.sessions)

    async def wait_connected(self, timeout: float = 30.0) -> None:
        await self.wait_for(self.connected, timeout, what="the bot to IDENTIFY")

    def commands(self, guild_id: int | None = None) -> dict[str, dict[str, Any]]:
        """Registered commands by name: global plus (if given) that guild's."""
        out = dict(self.global_commands)
        if guild_id is not None:
            out.update(self.guild_commands.get(guild_id, {}))
        return out

    def all_commands(self) -> dict[str, dict[str, Any]]:
        return self.commands(self.guild_id)

    # ---- message queries ---------------------------------------------------------------------
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

    def requests_to(self, method: str, pattern: str) -> list[Request]:
        rx = re.compile(pattern)
        return [r for r in self.requests if r.method == method and rx.search(r.path)]

    # ---- injecting interactions ---------------------------------------------------------------
    def _find_command(self, name: str) -> dict[str, Any]:
        cmd = self.commands(self.guild_id).get(name)
        if cmd is None:
            raise KeyError(f"/{name} is not registered (have {sorted(self.all_commands())})")
        return cmd

    def _build_options(
        self,
        cmd: dict[str, Any],
        path: tuple[str, ...],
        kwargs: dict[str, Any],
        focused: str | None,
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        schema = cmd.get("options") or []
        outer: list[dict[str, Any]] = []
        target = outer
        for name in path:
            opt = next((o for o in schema if o["name"] == name), None)
            if opt is None or opt["type"] not in (SUB_COMMAND, SUB_COMMAND_GROUP):
                raise KeyError(f"/{cmd['name']} has no subcommand {name!r}")
            node = {"name": name, "type": opt["type"], "options": []}
            target.append(node)
            target = node["options"]
            schema = opt.get("options") or []
        resolved: dict[str, Any] = {}
        for key, value in kwargs.items():
            opt = next((o for o in schema if o["name"] == key), None)
            if opt is None:
                raise KeyError(f"/{cmd['name']} {' '.join(path)} has no option {key!r}")
            t = opt["type"]
            item: dict[str, Any] = {"name": key, "type": t}
            if focused != key:
                self._check_option(cmd["name"], opt, value)
            if t == ROLE:
                role = next(r for r in self.roles if value in (r["name"], r["id"], int(r["id"])))
                item["value"] = role["id"]
                resolved.setdefault("roles", {})[role["id"]] = role
            elif t == USER:
                u = self.user(value)
                item["value"] = u["id"]
                resolved.setdefault("users", {})[u["id"]] = u
                m = self.members.get(int(u["id"]))
                if m is not None:
                    rm = {k: v for k, v in m.items() if k != "user"}
                    rm["permissions"] = str(self.permissions_of(int(u["id"])))
                    resolved.setdefault("members", {})[u["id"]] = rm
            elif t == CHANNEL:
                cid = self.channel(value)
                item["value"] = str(cid)
                ch = self.channels[cid]
                resolved.setdefault("channels", {})[str(cid)] = {
                    "id": ch["id"],
                    "name": ch["name"],
                    "type": ch["type"],
                    "permissions": str(MEMBER_PERMS),
                }
            elif t == INTEGER:
                item["value"] = value if focused == key else int(value)
            elif t == NUMBER:
                item["value"] = value if focused == key else float(value)
            elif t == BOOLEAN:
                item["value"] = bool(value)
            else:
                item["value"] = str(value)
            if focused == key:
                item["focused"] = True
            target.append(item)
        if focused is not None and focused not in kwargs:
            target.append({"name": focused, "type": STRING, "value": "", "focused": True})
        if focused is None:
            missing = [o["name"] for o in schema if o.get("required") and o["name"] not in kwargs]
            if missing:
                raise ValueError(f"/{cmd['name']} {' '.join(path)}: required {missing} missing")
        return outer, resolved

    @staticmethod
    def _check_option(command: str, opt: dict[str, Any], value: Any) -> None:
        """What Discord's client would not let a user send: a value outside the option's
        choices or range."""
        choices = opt.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"/{command} {opt['name']}: {value!r} is not one of its choices")
        if opt["type"] in (INTEGER, NUMBER):
            lo, hi = opt.get("min_value"), opt.get("max_value")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise ValueError(f"/{command} {opt['name']}: {value} outside {lo}..{hi}")
        if opt["type"] == STRING:
            lo, hi = opt.get("min_length", 0), opt.get("max_length", 6000)
            if not lo <= len(str(value)) <= hi:
                raise ValueError(f"/{command} {opt['name']}: length outside {lo}..{hi}")

    def _channel_payload(self, cid: int) -> dict[str, Any]:
        return dict(self.channels[cid])

    def _base_interaction(
        self, itype: int, user: dict[str, Any], cid: int, data: dict[str, Any]
    ) -> dict[str, Any]:
        iid = self.new_id()
        token = "itok." + secrets.token_urlsafe(24)
        ch = self.channels[cid]
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.app_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "channel_id": str(cid),
            "channel": self._channel_payload(cid),
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "app_permissions": str(BOT_PERMS),
        }
        if ch["type"] == 1:  # DM
            payload["user"] = user
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": str(self.guild_id)}
        else:
            uid = int(user["id"])
            member = dict(self.members[uid])
            member["permissions"] = str(self.permissions_of(uid))
            gid = ch["guild_id"]
            payload.update(
                guild_id=gid,
                guild={"id": gid, "locale": "en-US", "features": []},
                guild_locale="en-US",
                member=member,
                context=0,
                authorizing_integration_owners={"0": gid},
            )
        return payload

    async def _inject(self, payload: dict[str, Any], source: int | None) -> Exchange:
        ex = Exchange(
            fake=self,
            id=int(payload["id"]),
            token=payload["token"],
            type=payload["type"],
            user_id=int((payload.get("member") or payload)["user"]["id"]),
            channel_id=int(payload["channel_id"]),
            payload=payload,
            source_message_id=source,
        )
        self.exchanges[ex.id] = ex
        self._by_token[ex.token] = ex
        gid = payload.get("guild_id")
        session = self._session_for(int(gid) if gid else None)
        if session is None:
            shard = self.shard_of(int(gid) if gid else None)
            raise RuntimeError(f"no bot is connected to the fake gateway for shard {shard}")
        ex.sent_at = time.perf_counter()
        await session.dispatch("INTERACTION_CREATE", payload)
        return ex

    def _session_for(self, guild_id: int | None) -> Gateway | None:
        """The newest live session serving the guild's shard (DMs: shard 0)."""
        shard = self.shard_of(guild_id)
        for s in reversed(self.sessions):
            if s.identified and not s.ws.closed and s.shard[0] == shard:
                return s
        return None

    def _live_session(self, guild_id: int | None = None) -> Gateway:
        """As `_session_for`, the first guild by default; an error if no bot serves it."""
        session = self._session_for(guild_id or self.guild_id)
        if session is None:
            shard = self.shard_of(guild_id or self.guild_id)
            raise RuntimeError(f"no bot is connected to the fake gateway for shard {shard}")
        return session

    def shards_connected(self) -> set[int]:
        """The shards some live session serves."""
        return {s.shard[0] for s in self.sessions if s.identified and not s.ws.closed}

    async def slash(
        self,
        user: str | dict,
        channel: str | int,
        command: str,
        /,
        *path: str,
        wait: bool = True,
        timeout: float = 15.0,
        **options: Any,
    ) -> Exchange:
        """Invoke `/command [group] [sub] option:value...` as `user` in `channel`.
        With `wait`, return once the bot has answered (see `Exchange.answered`)."""
        cmd = self._find_command(command)
        opts, resolved = self._build_options(cmd, path, options, None)
        data: dict[str, Any] = {"id": cmd["id"], "name": command, "type": 1, "options": opts}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        payload = self._base_interaction(2, self.user(user), self.channel(channel), data)
        ex = await self._inject(payload, None)
        if wait:
            await ex.wait_answered(timeout)
        return ex

    async def autocomplete(
        self,
        user: str | dict,
        channel: str | int,
        command: str,
        /,
        *path: str,
        focused: str,
        timeout: float = 15.0,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """Ask for autocomplete of option `focused` (its typed value in `options`, default "").
        Returns the choices the bot offered ([{name, value}])."""
        cmd = self._find_command(command)
        opts, _ = self._build_options(cmd, path, options, focused)
        data: dict[str, Any] = {"id": cmd["id"], "name": command, "type": 1, "options": opts}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        payload = self._base_interaction(4, self.user(user), self.channel(channel), data)
        ex = await self._inject(payload, None)
        await ex.wait_answered(timeout)
        return ex.autocomplete_choices

    async def press(
        self,
        user: str | dict,
        message: Message | int,
        custom_id: str,
        *,
        wait: bool = True,
        timeout: float = 15.0,
        message_data: dict[str, Any] | None = None,
    ) -> Exchange:
        """Press a button on `message`. The interaction carries the message as it is now, or
        `message_data` (an older `Message.snapshot()`, for a press racing an edit)."""
        return await self._component(user, message, custom_id, 2, None, wait, timeout, message_data)

    async def select(
        self,
        user: str | dict,
        message: Message | int,
        custom_id: str,
        values: list[str],
        *,
        wait: bool = True,
        timeout: float = 15.0,
        message_data: dict[str, Any] | None = None,
    ) -> Exchange:
        """Pick `values` in the string select `custom_id` on `message` (see `press`)."""
        msg = self.message(message) if isinstance(message, int) else message
        if msg is not None and message_data is not None:
            msg = Message(data=message_data, files={})
        comp = msg.component(custom_id) if msg else None
        ctype = comp.get("type", 3) if comp else 3
        if comp and ctype == 3:
            offered = {o["value"] for o in comp.get("options", [])}
            missing = [v for v in values if v not in offered]
            if missing:
                raise ValueError(f"{missing} not among the select's options {sorted(offered)}")
        return await self._component(
            user, message, custom_id, ctype, values, wait, timeout, message_data
        )

    async def submit_modal(
        self,
        user: str | dict,
        opened_by: Exchange,
        values: dict[str, str],
        *,
        wait: bool = True,
        timeout: float = 15.0,
    ) -> Exchange:
        """Submit the modal the bot answered `opened_by` with (callback type 9): text inputs by
        custom_id -> value."""
        assert opened_by.callback_type == 9, "that interaction was not answered with a modal"
        modal = opened_by.callback["data"]
        rows = []
        for row in modal.get("components") or []:
            inputs = row.get("components") or ([row["component"]] if "component" in row else [])
            for c in inputs:
                cid = c.get("custom_id")
                rows.append(
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": c.get("type", 4),
                                "custom_id": cid,
                                "value": values.get(cid, ""),
                            }
                        ],
                    }
                )
        data = {"custom_id": modal["custom_id"], "components": rows}
        payload = self._base_interaction(5, self.user(user), opened_by.channel_id, data)
        ex = await self._inject(payload, opened_by.source_message_id)
        if wait:
            await ex.wait_answered(timeout)
        return ex

    async def _component(
        self,
        user: str | dict,
        message: Message | int,
        custom_id: str,
        ctype: int,
        values: list[str] | None,
        wait: bool,
        timeout: float,
        message_data: dict[str, Any] | None,
    ) -> Exchange:
        msg = self.message(message) if isinstance(message, int) else message
        if msg is None:
            raise KeyError(f"no message {message}")
        msg = self.message(msg.id) or msg  # latest version
        shown = Message(data=message_data, files={}) if message_data is not None else msg
        if shown.component(custom_id) is None:
            raise KeyError(f"{custom_id!r} is not on message {msg.id}: {shown.custom_ids()}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if values is not None:
            data["values"] = list(values)
        payload = self._base_interaction(3, self.user(user), msg.channel_id, data)
        payload["message"] = shown.snapshot()
        ex = await self._inject(payload, msg.id)
        ex.original_id = msg.id
        if wait:
            await ex.wait_answered(timeout)
        return ex

    async def raw_component(
        self,
        user: str | dict,
        channel: str | int,
        custom_id: str,
        *,
        values: list[str] | None = None,
        component_type: int | None = None,
        message: Message | int | None = None,
        message_data: dict[str, Any] | None = None,
        wait: bool = True,
        timeout: float = 15.0,
    ) -> Exchange:
        """A component interaction no honest client would send: any `custom_id` (whether or not
        it is on `message`), any select `values`, from any `channel` (the message stays in its
        own). `message` defaults to none, and is sent as it is now or as `message_data` (e.g. a
        snapshot with a component's id rewritten); `component_type` is 3 with values, else 2."""
        msg = self.message(message) if isinstance(message, int) else message
        if msg is not None:
            msg = self.message(msg.id) or msg
            if message_data is not None:
                msg = Message(data=message_data, files={})
        ctype = component_type if component_type is not None else (3 if values is not None else 2)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if values is not None:
            data["values"] = list(values)
        payload = self._base_interaction(3, self.user(user), self.channel(channel), data)
        if msg is not None:
            payload["message"] = msg.snapshot()
        ex = await self._inject(payload, msg.id if msg is not None else None)
        if msg is not None:
            ex.original_id = msg.id
        if wait:
            await ex.wait_answered(timeout)
        return ex

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send any gateway event to the connected bot."""
        await self._live_session().dispatch(event, data)

    async def reconnect_gateway(self, op: int = 7) -> None:
        """Ask the bot to reconnect (op 7 RECONNECT, or op 9 INVALID_SESSION with op=9)."""
        s = self._live_session()
        await s.send({"op": op, "d": False if op == 9 else None})

    # ---- gateway -----------------------------------------------------------------------------
    async def _ws_handler(self, request: web.Request) -> web.StreamResponse:
        if request.remote not in ("127.0.0.1", "::1"):
            raise web.HTTPForbidden()
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        compress = request.query.get("compress") == "zlib-stream"
        session = Gateway(ws, compress)
        self.sessions.append(session)
        await session.send({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                await self._gateway_op(session, payload)
        finally:
            self._touch()
        return ws

    async def _gateway_op(self, s: Gateway, payload: dict[str, Any]) -> None:
        op, d = payload.get("op"), payload.get("d")
        if op != 1:
            self.gateway_ops.append(payload)
        if op == 1:
            await s.send({"op": 11})
        elif op == 2:
            if (d or {}).get("token") != self.token:
                await s.ws.close(code=4004, message=b"Authentication failed.")
                return
            shard = d.get("shard") or [0, 1]
            if not (0 <= shard[0] < shard[1]) or shard[1] != self.shard_count:
                await s.ws.close(code=4010, message=b"Invalid shard.")
                return
            s.shard = (int(shard[0]), int(shard[1]))
            s.intents = int(d.get("intents") or 0)
            s.identified = True
            self.identifies += 1
            guilds = [g for g in self.guild_ids if self.shard_of(g) == s.shard[0]]
            await s.dispatch(
                "READY",
                {
                    "v": 10,
                    "user": {**self.bot_user, "verified": True, "mfa_enabled": False},
                    "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                    "shard": list(s.shard),
                    "session_id": s.session_id,
                    "resume_gateway_url": self.gateway_url,
                    "application": {"id": str(self.app_id), "flags": 0},
                    "private_channels": [],
                    "relationships": [],
                    "presences": [],
                    "user_settings": {},
                    "guild_join_requests": [],
                    "geo_ordered_rtc_regions": [],
                },
            )
            for g in guilds:
                await s.dispatch("GUILD_CREATE", self._guild_payload(g))
            self._touch()
        elif op == 6:
            old = next(
                (x for x in self.sessions if x.session_id == (d or {}).get("session_id")), None
            )
            if old is None or (d or {}).get("token") != self.token:
                await s.send({"op": 9, "d": False})
                return
            s.session_id, s.seq, s.identified = old.session_id, old.seq, True
            s.shard = old.shard
            self.resumes += 1
            await s.dispatch("RESUMED", {})
            self._touch()
        elif op == 8:
            await s.dispatch(
                "GUILD_MEMBERS_CHUNK",
                {
                    "guild_id": str(self.guild_id),
                    "members": list(self.members.values()),
                    "chunk_index": 0,
                    "chunk_count": 1,
                    "not_found": [],
                    "nonce": (d or {}).get("nonce"),
                },
            )

    # ---- REST --------------------------------------------------------------------------------
    async def _attachment_handler(self, request: web.Request) -> web.StreamResponse:
        att = request.match_info["att"]
        for m in self._messages.values():
            if att in m.files:
                return web.Response(body=m.files[att], content_type="application/octet-stream")
        raise web.HTTPNotFound()

    async def _unknown_handler(self, request: web.Request) -> web.StreamResponse:
        rec = Request(request.method, request.path, dict(request.query), None, [], 404, time.time())
        self.requests.append(rec)
        self.unknown_requests.append(rec)
        self._touch()
        return _json_response({"message": "404: Not Found", "code": 0}, status=404)

    async def _read_body(self, request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
        ctype = request.content_type
        files: list[tuple[str, bytes]] = []
        body: Any = None
        if ctype.startswith("multipart/"):
            m = re.search(r'boundary="?([^";]+)"?', request.headers.get("Content-Type", ""))
            boundary = m[1] if m else ""
            indexed: list[tuple[int, str, bytes]] = []
            for name, filename, data in _multipart_parts(await request.read(), boundary):
                if name == "payload_json":
                    body = json.loads(data.decode())
                elif name.startswith("files["):
                    indexed.append((int(name[6:-1]), filename or name, data))
                elif name.startswith("file"):
                    indexed.append((len(indexed), filename or name, data))
            indexed.sort()
            files = [(fn, data) for _, fn, data in indexed]
        elif request.can_read_body:
            raw = await request.read()
            if raw:
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = raw.decode(errors="replace")
        return body, files

    async def _rest_handler(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        body, files = await self._read_body(request)
        rec = Request(request.method, path, dict(request.query), body, files, 0, time.time())
        self.requests.append(rec)
        try:
            public = path.startswith(("/webhooks/", "/interactions/"))
            if not public and request.headers.get("Authorization") != f"Bot {self.token}":
                return self._error(rec, 401, 0, "401: Unauthorized")
            if self.hold is not None and self.hold(rec):  # no answer until `release_held`
                self.held.append(rec)
                await self._unheld.wait()
                return self._error(rec, 503, 0, "503: held by the test")
            headers: dict[str, str] = {}
            if self.rate_limits is not None:
                refused, headers = self.rate_limits.take(request.method, path)
                if refused is not None:
                    rec.status = 429
                    return refused
            if (injected := self._injected(rec)) is not None:
                return injected
            for method, rx, handler in self._routes():
                if method != request.method:
                    continue
                m = rx.fullmatch(path)
                if m:
                    result = await handler(rec, *m.groups())
                    if self.hold_answer is not None and self.hold_answer(rec):
                        self.held.append(rec)
                        await self._unheld.wait()
                    if isinstance(result, web.StreamResponse):
                        rec.status = result.status
                        result.headers.update(headers)
                        return result
                    if result is None:
                        rec.status = 204
                        return web.Response(status=204, headers=headers)
                    rec.status = 200
                    answer = _json_response(result)
                    answer.headers.update(headers)
                    return answer
            self.unknown_requests.append(rec)
            return self._error(rec, 404, 0, "404: Not Found")
        except Exception as exc:  # a bug in the fake: fail loudly, and with a 400 (no retries)
            self.handler_errors.append((rec, traceback.format_exc()))
            return self._error(rec, 400, 0, f"the fake Discord crashed: {exc!r}")
        finally:
            self._touch()

    def refuse(
        self,
        match: Callable[[Request], bool],
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        times: int | None = 1,
    ) -> Refusal:
        """Answer the requests `match` accepts as Discord refuses them (see `Refusal`)."""
        refusal = Refusal(match, status, code, message, errors, times)
        self.refusals.append(refusal)
        return refusal

    def _injected(self, rec: Request) -> web.Response | None:
        for r in self.refusals:
            if (r.times is None or len(r.refused) < r.times) and r.match(rec):
                r.refused.append(rec)
                rec.status = r.status
                body: dict[str, Any] = {"message": r.message, "code": r.code}
                if r.errors is not None:
                    body["errors"] = r.errors
                return _json_response(body, status=r.status)
        return None

    def release_held(self) -> None:
        """Stop holding: held requests are answered 503 (their sender is usually gone); held
        answers (`hold_answer`) go out as they are."""
        self.hold = self.hold_answer = None
        self._unheld.set()

    def _invalid(self, rec: Request, violations: list[limits.Violation]) -> web.Response | None:
        """Discord's 400 answer when the body breaks a documented limit (None: it does not).
        Every such request is kept in `invalid`, which the tests' fixture checks is empty."""
        if not violations:
            return None
        self.invalid.append((rec, [str(v) for v in violations]))
        rec.status = 400
        return _json_response(limits.error_body(violations), status=400)

    def _error(self, rec: Request, status: int, code: int, message: str) -> web.Response:
        rec.status = status
        return _json_response({"message": message, "code": code}, status=status)

    def _routes(self) -> list[tuple[str, re.Pattern[str], Callable[..., Any]]]:
        if hasattr(self, "_route_table"):
            return self._route_table
        s = r"(\d+)"
        t = r"([^/]+)"
        table = [
            ("GET", r"/users/@me", self._get_me),
            ("GET", rf"/users/{s}", self._get_user),
            ("POST", r"/users/@me/channels", self._create_dm),
            ("GET", r"/gateway", self._get_gateway),
            ("GET", r"/gateway/bot", self._get_gateway_bot),
            ("GET", r"/oauth2/applications/@me", self._get_app),
            ("GET", r"/applications/@me", self._get_app),
            ("GET", rf"/applications/{s}/commands", self._get_commands),
            ("PUT", rf"/applications/{s}/commands", self._put_commands),
            ("POST", rf"/applications/{s}/commands", self._post_command),
            ("GET", rf"/applications/{s}/guilds/{s}/commands", self._get_guild_commands),
            ("PUT", rf"/applications/{s}/guilds/{s}/commands", self._put_guild_commands),
            ("POST", rf"/applications/{s}/guilds/{s}/commands", self._post_guild_command),
            ("POST", rf"/interactions/{s}/{t}/callback", self._callback),
            ("POST", rf"/webhooks/{s}/{t}", self._followup),
            ("GET", rf"/webhooks/{s}/{t}/messages/{t}", self._wh_get),
            ("PATCH", rf"/webhooks/{s}/{t}/messages/{t}", self._wh_edit),
            ("DELETE", rf"/webhooks/{s}/{t}/messages/{t}", self._wh_delete),
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
            ("POST", rf"/channels/{s}/threads", self._create_thread),
            ("POST", rf"/channels/{s}/messages/{s}/threads", self._create_thread_from),
            ("GET", rf"/guilds/{s}", self._get_guild),
            ("GET", rf"/guilds/{s}/channels", self._get_guild_channels),
            ("GET", rf"/guilds/{s}/roles", self._get_roles),
            ("GET", rf"/guilds/{s}/members/{s}", self._get_member),
            ("PUT", rf"/guilds/{s}/members/{s}/roles/{s}", self._add_member_role),
            *self.threads.routes(),
        ]
        self._route_table = [(m, re.compile(p), h) for m, p, h in table]
        return self._route_table

    async def _no_content(self, rec: Request, *args: str) -> None:
        return None

    # users, gateway, app
    async def _get_me(self, rec: Request) -> dict:
        return {**self.bot_user, "verified": True, "mfa_enabled": False}

    async def _get_user(self, rec: Request, uid: str) -> Any:
        if int(uid) == self.app_id:
            return self.bot_user
        for u in self.users.values():
            if u["id"] == uid:
                return u
        return self._error(rec, 404, 10013, "Unknown User")

    async def _get_gateway(self, rec: Request) -> dict:
        return {"url": self.gateway_url}

    async def _get_gateway_bot(self, rec: Request) -> dict:
        return {
            "url": self.gateway_url,
            "shards": self.shard_count,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    async def _get_app(self, rec: Request) -> dict:
        return {
            "id": str(self.app_id),
            "name": "Boardroom",
            "icon": None,
            "description": "",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.users["mod"],
            "summary": "",
            "verify_key": "00" * 32,
            "team": None,
            "flags": 0,
            "tags": [],
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "bot": self.bot_user,
        }

    async def _create_dm(self, rec: Request) -> Any:
        uid = int((rec.json or {}).get("recipient_id", 0))
        user = next((u for u in self.users.values() if int(u["id"]) == uid), None)
        if user is None:
            return self._error(rec, 400, 50033, "Invalid Recipients")
        cid = self.dm_channels.get(uid)
        if cid is None:
            cid = self.new_id()
            self.dm_channels[uid] = cid
            self.channels[cid] = {
                "id": str(cid),
                "type": 1,
                "last_message_id": None,
                "recipients": [user],
                "flags": 0,
            }
            self._by_channel[cid] = []
        return self.channels[cid]

    # commands
    def _store_commands(
        self, store: dict[str, dict[str, Any]], body: list[dict[str, Any]], guild_id: int | None
    ) -> list[dict[str, Any]]:
        store.clear()
        for c in body:
            self._store_command(store, c, guild_id)
        return list(store.values())

    def _store_command(
        self, store: dict[str, dict[str, Any]], c: dict[str, Any], guild_id: int | None
    ) -> dict[str, Any]:
        old = store.get(c["name"])
        cmd = {
            "id": old["id"] if old else str(self.new_id()),
            "application_id": str(self.app_id),
            "version": str(self.new_id()),
            "type": c.get("type", 1),
            "name": c["name"],
            "description": c.get("description", ""),
            "options": c.get("options", []),
            "default_member_permissions": c.get("default_member_permissions"),
            "dm_permission": c.get("dm_permission", True),
            "contexts": c.get("contexts"),
            "integration_types": c.get("integration_types", [0]),
            "nsfw": c.get("nsfw", False),
        }
        if guild_id is not None:
            cmd["guild_id"] = str(guild_id)
        store[c["name"]] = cmd
        return cmd

    async def _get_commands(self, rec: Request, app: str) -> list:
        return list(self.global_commands.values())

    async def _put_commands(self, rec: Request, app: str) -> Any:
        self.command_syncs.append(rec)
        if bad := self._invalid(rec, limits.commands(rec.json or [])):
            return bad
        return self._store_commands(self.global_commands, rec.json or [], None)

    async def _post_command(self, rec: Request, app: str) -> Any:
        self.command_syncs.append(rec)
        if bad := self._invalid(rec, limits.command(rec.json or {})):
            return bad
        return self._store_command(self.global_commands, rec.json, None)

    async def _get_guild_commands(self, rec: Request, app: str, gid: str) -> list:
        return list(self.guild_commands.get(int(gid), {}).values())

    async def _put_guild_commands(self, rec: Request, app: str, gid: str) -> Any:
        self.command_syncs.append(rec)
        if bad := self._invalid(rec, limits.commands(rec.json or [])):
            return bad
        store = self.guild_commands.setdefault(int(gid), {})
        return self._store_commands(store, rec.json or [], int(gid))

    async def _post_guild_command(self, rec: Request, app: str, gid: str) -> Any:
        self.command_syncs.append(rec)
        if bad := self._invalid(rec, limits.command(rec.json or {})):
            return bad
        store = self.guild_commands.setdefault(int(gid), {})
        return self._store_command(store, rec.json, int(gid))

    # messages
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
            "timestamp": _now_iso(),
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
                "content_type": _content_type(fn),
                "description": meta.get("description"),
            }
            size = _image_size(data)
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
        msg.data["edited_timestamp"] = _now_iso()
        msg.edits += 1

    def _check_channel(self, rec: Request, cid: str) -> Any:
        if int(cid) not in self.channels:
            return self._error(rec, 404, 10003, "Unknown Channel")
        return None

    async def _get_channel(self, rec: Request, cid: str) -> Any:
        return self._check_channel(rec, cid) or self.channels[int(cid)]

    async def _post_message(self, rec: Request, cid: str) -> Any:
        if err := self._check_channel(rec, cid):
            return err
        ch = self.channels[int(cid)]
        if ch["type"] == 1 and int(ch["recipients"][0]["id"]) in self.dms_closed:
            return self._error(rec, 403, 50007, "Cannot send messages to this user")
        if refused := self._may_post(rec, int(cid)):
            return refused
        body = rec.json or {}
        if (
            not body.get("content")
            and not body.get("embeds")
            and not rec.files
            and not body.get("components")
        ):
            return self._error(rec, 400, 50006, "Cannot send an empty message")
        if bad := self._invalid(rec, limits.message(body, rec.files)):
            return bad
        if body.get("enforce_nonce") and body.get("nonce") is not None:
            # Discord: the same author's message with this nonce in the last few minutes is
            # returned again instead of a new one
            for m in reversed(self.messages(int(cid))):
                recent = time.perf_counter() - m.created_at < NONCE_WINDOW_S
                if recent and m.data.get("nonce") == str(body["nonce"]):
                    return m.data
        if refused := await self.threads.before_send(rec, int(cid), self.app_id):
            return refused
        msg = self._new_message(int(cid), body, rec.files)
        return msg.data

    async def _list_messages(self, rec: Request, cid: str) -> Any:
        if err := self._check_channel(rec, cid):
            return err
        limit = int(rec.query.get("limit", 50))
        msgs = [m.data for m in reversed(self.messages(int(cid)))]
        if "before" in rec.query:
            msgs = [d for d in msgs if int(d["id"]) < int(rec.query["before"])]
        if "after" in rec.query:
            msgs = [d for d in msgs if int(d["id"]) > int(rec.query["after"])]
        return msgs[:limit]

    def _channel_message(self, rec: Request, cid: str, mid: str) -> Message | web.Response:
        msg = self._messages.get(int(mid))
        if msg is None or msg.deleted or msg.channel_id != int(cid) or msg.ephemeral_for:
            return self._error(rec, 404, 10008, "Unknown Message")
        return msg

    async def _get_message(self, rec: Request, cid: str, mid: str) -> Any:
        msg = self._channel_message(rec, cid, mid)
        return msg if isinstance(msg, web.Response) else msg.data

    async def _edit_message(self, rec: Request, cid: str, mid: str) -> Any:
        msg = self._channel_message(rec, cid, mid)
        if isinstance(msg, web.Response):
            return msg
        if bad := self._invalid(rec, limits.message(rec.json or {}, rec.files)):
            return bad
        if refused := self.threads.before_edit(rec, msg.channel_id):
            return refused
        self._edit(msg, rec.json or {}, rec.files)
        return msg.data

    async def _delete_message(self, rec: Request, cid: str, mid: str) -> Any:
        msg = self._channel_message(rec, cid, mid)
        if isinstance(msg, web.Response):
            return msg
        msg.deleted = True
        return None

    async def _create_thread(self, rec: Request, cid: str, from_mid: str | None = None) -> Any:
        if err := self._check_channel(rec, cid):
            return err
        body = rec.json or {}
        if refused := self.threads.check_parent(rec, int(cid), body):
            return refused
        if from_mid and int(from_mid) in self.channels:
            return self._error(
                rec, 400, 160004, "A thread has already been created for this message"
            )
        # from a message: the parent's kind of thread; without one, `type` defaults to a
        # private thread in API v9/v10 (Start Thread without Message)
        parent_kind = 10 if self.channels[int(cid)]["type"] == 5 else 11
        th = self._thread(
            int(cid),
            body["name"],
            int(from_mid) if from_mid else None,
            parent_kind if from_mid else int(body.get("type", 12)),
            body.get("auto_archive_duration", 1440),
        )
        await self.threads.dispatch("THREAD_CREATE", {**th, "newly_created": True})
        return th

    def _thread(
        self, parent: int, name: str, tid: int | None, ttype: int = 11, archive: int = 1440
    ) -> dict[str, Any]:
        tid = tid or self.new_id()
        th = {
            "id": str(tid),
            "type": ttype,
            "guild_id": self.channels[parent].get("guild_id") or str(self.guild_id),
            "name": name,
            "parent_id": str(parent),
            "owner_id": str(self.app_id),
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": archive,
                "archive_timestamp": _now_iso(),
                "locked": False,
            },
        }
        self.channels[tid] = th
        self.channel_by_name[name] = tid
        self._by_channel.setdefault(tid, [])
        self.threads.created(tid)
        return th

    def add_thread(self, name: str, parent: str | int = "games") -> int:
        """A public thread under `parent` (dispatched as THREAD_CREATE if the bot is connected;
        else part of the guild's threads in GUILD_CREATE)."""
        th = self._thread(self.channel(parent), name, None)
        th["owner_id"] = self.users["mod"]["id"]
        self._spawn(self.threads.dispatch("THREAD_CREATE", {**th, "newly_created": True}))
        return int(th["id"])

    def archive(self, thread: str | int, locked: bool = False) -> dict[str, Any]:
        """Archive a thread as Discord does after `auto_archive_duration` idle minutes (or a
        moderator, with `locked`): THREAD_UPDATE to the bot. See tests/e2e/fake_threads.py."""
        return self.threads.archive(self.channel(thread), locked)

    def archive_idle(self, minutes_passed: float) -> list[int]:
        """Let `minutes_passed` go by for the threads: those idle for their
        `auto_archive_duration` are archived (ids returned)."""
        return self.threads.archive_idle(minutes_passed)

    @property
    def thread_events(self) -> list[tuple[str, dict[str, Any]]]:
        """Every THREAD_CREATE / THREAD_UPDATE the fake dispatched (or would have)."""
        return self.threads.events

    async def _create_thread_from(self, rec: Request, cid: str, mid: str) -> Any:
        return await self._create_thread(rec, cid, mid)

    async def _get_guild(self, rec: Request, gid: str) -> Any:
        if int(gid) not in self.guild_ids:
            return self._error(rec, 404, 10004, "Unknown Guild")
        g = self._guild_payload(int(gid))
        for k in ("members", "channels", "threads", "presences", "voice_states"):
            g.pop(k, None)
        return g

    async def _get_guild_channels(self, rec: Request, gid: str) -> Any:
        return [c for c in self.channels.values() if c.get("guild_id") == gid]

    async def _get_roles(self, rec: Request, gid: str) -> Any:
        return self._roles_of(int(gid))

    async def _get_member(self, rec: Request, gid: str, uid: str) -> Any:
        m = self.members.get(int(uid))
        if m is None:
            return self._error(rec, 404, 10007, "Unknown Member")
        return m

    async def _add_member_role(self, rec: Request, gid: str, uid: str, rid: str) -> Any:
        """Add a role to a member (204), as Discord: the bot needs MANAGE_ROLES, and the role
        must be below its highest role (else 403, 50013 Missing Permissions)."""
        m = self.members.get(int(uid))
        role = next((r for r in self._roles_of(int(gid)) if r["id"] == rid), None)
        if m is None:
            return self._error(rec, 404, 10007, "Unknown Member")
        if role is None:
            return self._error(rec, 404, 10011, "Unknown Role")
        bot = self.members[int(self.bot_user["id"])]
        mine = [r for r in self.roles if r["id"] in bot["roles"]]
        highest = max((int(r["position"]) for r in mine), default=0)
        perms = self.permissions_of(int(self.bot_user["id"]))
        if not perms & (MANAGE_ROLES | ADMINISTRATOR) or int(role["position"]) >= highest:
            return self._error(rec, 403, 50013, "Missing Permissions")
        if rid not in m["roles"]:
            m["roles"].append(rid)
        return None

    # interactions
    def _exchange(self, rec: Request, token: str) -> Exchange | web.Response:
        ex = self._by_token.get(token)
        if ex is None:
            return self._error(rec, 404, 10015, "Unknown Webhook")
        return ex

    async def _callback(self, rec: Request, iid: str, token: str) -> Any:
        ex = self.exchanges.get(int(iid))
        if ex is None or ex.token != token:
            return self._error(rec, 404, 10062, "Unknown interaction")
        if ex.callback is not None:
            return self._error(rec, 400, 40060, "Interaction has already been acknowledged.")
        body = rec.json or {}
        ctype = int(body.get("type", 0))
        data = body.get("data") or {}
        late = time.perf_counter() - ex.sent_at
        if self.interaction_deadline is not None and late > self.interaction_deadline:
            self.late_callbacks.append(ex)
            return self._error(rec, 404, 10062, "Unknown interaction")
        if bad := self._invalid(rec, limits.callback(body, rec.files)):
            return bad
        if ctype in (4, 5, 7) and (
            refused := await self.threads.before_send(rec, ex.channel_id, self.app_id, ctype != 7)
        ):
            return refused
        ex.callback = {"type": ctype, "data": data}
        ex.callback_at = time.perf_counter()
        if ctype not in (5, 6):
            ex.answered_at = ex.callback_at
        ex.callback_files = rec.files
        message: Message | None = None
        if ctype in (4, 5):
            eph = bool(int(data.get("flags") or 0) & EPHEMERAL)
            message = self._new_message(
                ex.channel_id,
                data,
                rec.files,
                ephemeral_for=ex.user_id if eph else None,
                interaction=ex,
                loading=ctype == 5,
            )
            ex.original_id = message.id
        elif ctype == 7:
            message = self.message(ex.source_message_id) if ex.source_message_id else None
            if message is None:
                return self._error(rec, 400, 50035, "Invalid Form Body (no message to update)")
            self._edit(message, data, rec.files)
        elif ctype == 6:
            if ex.source_message_id is None:
                return self._error(rec, 400, 50035, "Invalid Form Body (deferred update)")
        elif ctype not in (1, 8, 9):
            return self._error(rec, 400, 50035, f"Invalid interaction response type {ctype}")
        if "with_response" not in rec.query:
            return None
        out: dict[str, Any] = {
            "interaction": {
                "id": str(ex.id),
                "type": ex.type,
                "response_message_loading": ctype == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": ctype},
        }
        if message is not None:
            out["interaction"]["response_message_id"] = str(message.id)
            out["resource"]["message"] = message.data
        return out

    async def _followup(self, rec: Request, app: str, token: str) -> Any:
        ex = self._exchange(rec, token)
        if isinstance(ex, web.Response):
            return ex
        if ex.callback is None:
            return self._error(rec, 400, 10015, "Unknown Webhook (interaction not acknowledged)")
        body = rec.json or {}
        if bad := self._invalid(rec, limits.message(body, rec.files)):
            return bad
        if refused := await self.threads.before_send(rec, ex.channel_id, self.app_id):
            return refused
        eph = bool(int(body.get("flags") or 0) & EPHEMERAL)
        original = ex.original
        if ex.callback_type == 5 and original and original.loading:
            # The first follow-up after a deferred message is Edit Original: it edits the
            # loading message, the ephemeral flag ignored (the deferral's is kept), and fails
            # as that edit would once the loading message was deleted.
            if original.deleted:
                return self._error(rec, 404, 10008, "Unknown Message")
            msg = original
            self._edit(msg, body, rec.files)
        else:
            msg = self._new_message(
                ex.channel_id,
                body,
                rec.files,
                ephemeral_for=ex.user_id if eph else None,
                interaction=ex,
            )
            ex.followup_ids.append(msg.id)
        ex.webhook_calls += 1
        ex.answered_at = ex.answered_at or time.perf_counter()
        return msg.data  # (Discord: for an interaction's follow-up, `wait` is always true)

    def _wh_message(self, rec: Request, ex: Exchange, mid: str) -> Message | web.Response:
        target = ex.original_id if mid == "@original" else int(mid)
        msg = self._messages.get(target) if target else None
        if msg is None or msg.deleted:
            return self._error(rec, 404, 10008, "Unknown Message")
        return msg

    async def _wh_get(self, rec: Request, app: str, token: str, mid: str) -> Any:
        ex = self._exchange(rec, token)
        if isinstance(ex, web.Response):
            return ex
        msg = self._wh_message(rec, ex, mid)
        return msg if isinstance(msg, web.Response) else msg.data

    async def _wh_edit(self, rec: Request, app: str, token: str, mid: str) -> Any:
        ex = self._exchange(rec, token)
        if isinstance(ex, web.Response):
            return ex
        msg = self._wh_message(rec, ex, mid)
        if isinstance(msg, web.Response):
            return msg
        if bad := self._invalid(rec, limits.message(rec.json or {}, rec.files)):
            return bad
        if refused := self.threads.before_edit(rec, msg.channel_id):
            return refused
        self._edit(msg, rec.json or {}, rec.files)
        ex.webhook_calls += 1
        ex.answered_at = ex.answered_at or time.perf_counter()
        return msg.data

    async def _wh_delete(self, rec: Request, app: str, token: str, mid: str) -> Any:
        ex = self._exchange(rec, token)
        if isinstance(ex, web.Response):
            return ex
        msg = self._wh_message(rec, ex, mid)
        if isinstance(msg, web.Response):
            return msg
        msg.deleted = True  # (answers nothing: a deleted "thinking…" leaves the defer unanswered)
        return None


# ---------------------------------------------------------------------------------------------
# Discord's limits on message bodies (https://discord.com/developers/docs/resources/message)


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


def _multipart_parts(raw: bytes, boundary: str) -> list[tuple[str, str | None, bytes]]:
    """(field name, filename, bytes) of a multipart/form-data body."""
    out: list[tuple[str, str | None, bytes]] = []
    for chunk in raw.split(b"--" + boundary.encode())[1:]:
        if chunk.startswith(b"--"):
            break
        head, _, data = chunk.partition(b"\r\n\r\n")
        if data.endswith(b"\r\n"):
            data = data[:-2]
        disposition = next(
            (
                line.decode()
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-disposition")
            ),
            "",
        )
        name = re.search(r'\bname="([^"]*)"', disposition)
        filename = re.search(r'\bfilename="([^"]*)"', disposition)
        out.append((name[1] if name else "", filename[1] if filename else None, data))
    return out


def _json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with exactly `application/json` (discord.py compares the header verbatim)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def _content_type(filename: str) -> str:
    ext = filename.rsplit(".", 1)[-1].lower()
    return {
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "webp": "image/webp",
        "gif": "image/gif",
        "txt": "text/plain; charset=utf-8",
        "json": "application/json",
    }.get(ext, "application/octet-stream")


def _image_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return None
