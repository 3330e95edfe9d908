"""The fake Discord's answers to what the bot asks about itself and its guilds: the bot's user
and other users, its application, where the gateway is (and how many shards), a guild, its
channels and roles, a member; and the one change to a member the bot makes, giving a role
(as Discord: MANAGE_ROLES and a role below the bot's highest).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tests.e2e.fake_records import ADMINISTRATOR, MANAGE_ROLES, Request

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord


class LookupRoutes:
    """Users, the application, the gateway's address, guilds, roles and members."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def routes(self) -> list[tuple[str, str, Callable[..., Any]]]:
        s = r"(\d+)"
        return [
            ("GET", r"/users/@me", self._get_me),
            ("GET", rf"/users/{s}", self._get_user),
            ("GET", r"/gateway", self._get_gateway),
            ("GET", r"/gateway/bot", self._get_gateway_bot),
            ("GET", r"/oauth2/applications/@me", self._get_app),
            ("GET", r"/applications/@me", self._get_app),
            ("GET", rf"/guilds/{s}", self._get_guild),
            ("GET", rf"/guilds/{s}/channels", self._get_guild_channels),
            ("GET", rf"/guilds/{s}/roles", self._get_roles),
            ("GET", rf"/guilds/{s}/members/{s}", self._get_member),
            ("PUT", rf"/guilds/{s}/members/{s}/roles/{s}", self._add_member_role),
        ]

    async def _get_me(self, rec: Request) -> dict:
        return {**self.fake.bot_user, "verified": True, "mfa_enabled": False}

    async def _get_user(self, rec: Request, uid: str) -> Any:
        if int(uid) == self.fake.app_id:
            return self.fake.bot_user
        for u in self.fake.users.values():
            if u["id"] == uid:
                return u
        return self.fake._error(rec, 404, 10013, "Unknown User")

    async def _get_gateway(self, rec: Request) -> dict:
        return {"url": self.fake.gateway_url}

    async def _get_gateway_bot(self, rec: Request) -> dict:
        return {
            "url": self.fake.gateway_url,
            "shards": self.fake.shard_count,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    async def _get_app(self, rec: Request) -> dict:
        return {
            "id": str(self.fake.app_id),
            "name": "Boardroom",
            "icon": None,
            "description": "",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.fake.users["mod"],
            "summary": "",
            "verify_key": "00" * 32,
            "team": None,
            "flags": 0,
            "tags": [],
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "bot": self.fake.bot_user,
        }

    async def _get_guild(self, rec: Request, gid: str) -> Any:
        if int(gid) not in self.fake.guild_ids:
            return self.fake._error(rec, 404, 10004, "Unknown Guild")
        g = self.fake._guild_payload(int(gid))
        for k in ("members", "channels", "threads", "presences", "voice_states"):
            g.pop(k, None)
        return g

    async def _get_guild_channels(self, rec: Request, gid: str) -> Any:
        return [c for c in self.fake.channels.values() if c.get("guild_id") == gid]

    async def _get_roles(self, rec: Request, gid: str) -> Any:
        return self.fake._roles_of(int(gid))

    async def _get_member(self, rec: Request, gid: str, uid: str) -> Any:
        m = self.fake.members.get(int(uid))
        if m is None:
            return self.fake._error(rec, 404, 10007, "Unknown Member")
        return m

    async def _add_member_role(self, rec: Request, gid: str, uid: str, rid: str) -> Any:
        """Add a role to a member (204), as Discord: the bot needs MANAGE_ROLES, and the role
        must be below its highest role (else 403, 50013 Missing Permissions)."""
        m = self.fake.members.get(int(uid))
        role = next((r for r in self.fake._roles_of(int(gid)) if r["id"] == rid), None)
        if m is None:
            return self.fake._error(rec, 404, 10007, "Unknown Member")
        if role is None:
            return self.fake._error(rec, 404, 10011, "Unknown Role")
        bot = self.fake.members[int(self.fake.bot_user["id"])]
        mine = [r for r in self.fake.roles if r["id"] in bot["roles"]]
        highest = max((int(r["position"]) for r in mine), default=0)
        perms = self.fake.permissions_of(int(self.fake.bot_user["id"]))
        if not perms & (MANAGE_ROLES | ADMINISTRATOR) or int(role["position"]) >= highest:
            return self.fake._error(rec, 403, 50013, "Missing Permissions")
        if rid not in m["roles"]:
            m["roles"].append(rid)
        return None
