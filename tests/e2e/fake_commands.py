"""The fake Discord's application command routes: the bot registering its commands (global or
per guild, all at once with PUT or one with POST, checked against Discord's limits; every call
kept in `fake.command_syncs`) and listing them. Registered commands are in
`fake.global_commands` and `fake.guild_commands`, which `fake.slash` reads their schema from.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tests.e2e import discord_limits as limits
from tests.e2e.fake_records import Request

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord


class CommandRoutes:
    """Registering and listing application commands."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def routes(self) -> list[tuple[str, str, Callable[..., Any]]]:
        s = r"(\d+)"
        return [
            ("GET", rf"/applications/{s}/commands", self._get_commands),
            ("PUT", rf"/applications/{s}/commands", self._put_commands),
            ("POST", rf"/applications/{s}/commands", self._post_command),
            ("GET", rf"/applications/{s}/guilds/{s}/commands", self._get_guild_commands),
            ("PUT", rf"/applications/{s}/guilds/{s}/commands", self._put_guild_commands),
            ("POST", rf"/applications/{s}/guilds/{s}/commands", self._post_guild_command),
        ]

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
            "id": old["id"] if old else str(self.fake.new_id()),
            "application_id": str(self.fake.app_id),
            "version": str(self.fake.new_id()),
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
        return list(self.fake.global_commands.values())

    async def _put_commands(self, rec: Request, app: str) -> Any:
        self.fake.command_syncs.append(rec)
        if bad := self.fake._invalid(rec, limits.commands(rec.json or [])):
            return bad
        return self._store_commands(self.fake.global_commands, rec.json or [], None)

    async def _post_command(self, rec: Request, app: str) -> Any:
        self.fake.command_syncs.append(rec)
        if bad := self.fake._invalid(rec, limits.command(rec.json or {})):
            return bad
        return self._store_command(self.fake.global_commands, rec.json, None)

    async def _get_guild_commands(self, rec: Request, app: str, gid: str) -> list:
        return list(self.fake.guild_commands.get(int(gid), {}).values())

    async def _put_guild_commands(self, rec: Request, app: str, gid: str) -> Any:
        self.fake.command_syncs.append(rec)
        if bad := self.fake._invalid(rec, limits.commands(rec.json or [])):
            return bad
        store = self.fake.guild_commands.setdefault(int(gid), {})
        return self._store_commands(store, rec.json or [], int(gid))

    async def _post_guild_command(self, rec: Request, app: str, gid: str) -> Any:
        self.fake.command_syncs.append(rec)
        if bad := self.fake._invalid(rec, limits.command(rec.json or {})):
            return bad
        store = self.fake.guild_commands.setdefault(int(gid), {})
        return self._store_command(store, rec.json, int(gid))
