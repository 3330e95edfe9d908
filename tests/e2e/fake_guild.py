"""The fake Discord's guild and its people: snowflakes, guilds, users and members, roles,
channels, permissions (roles, then a channel's member overwrites), and what moderators change
(a permission taken from the bot, a channel deleted), told to the bot on the gateway.

`Guild` is a mixin of `FakeDiscord`, whose `__init__` holds the state it works on (`users`,
`members`, `roles`, `channels`...): tests call these methods on the fake itself.
"""

from __future__ import annotations

import itertools
import time
from typing import TYPE_CHECKING, Any

from tests.e2e.fake_records import (
    ADMINISTRATOR,
    ALL_PERMS,
    BOT_PERMS,
    DISCORD_EPOCH_MS,
    MEMBER_PERMS,
    MOD_PERMS,
    now_iso,
)

if TYPE_CHECKING:
    from tests.e2e.fake_gateway import Gateway


class Guild:
    """The guild model (a mixin of `FakeDiscord`)."""

    if TYPE_CHECKING:  # what it uses of FakeDiscord (state set in its __init__)
        shard_count: int
        _ids: itertools.count[int]
        app_id: int
        bot_user: dict[str, Any]
        guild_id: int
        guild_ids: list[int]
        guild_names: dict[int, str]
        users: dict[str, dict[str, Any]]
        members: dict[int, dict[str, Any]]
        roles: list[dict[str, Any]]
        channels: dict[int, dict[str, Any]]
        channel_by_name: dict[str, int]
        _by_channel: dict[int, list[int]]

        def _session_for(self, guild_id: int | None) -> Gateway | None: ...
        def _spawn(self, coro: Any) -> None: ...

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
            "joined_at": now_iso(),
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
            "joined_at": now_iso(),
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
