"""Acting as people in the fake Discord: `slash` commands and their `autocomplete`, `press`
on a button, `select` in a menu, `submit_modal`, and `raw_component` (what no honest client
would send). Options are typed from the registered command's schema and checked as Discord's
client would; each interaction is dispatched on the gateway (INTERACTION_CREATE) and returns
the `Exchange` that collects what the bot answered with its token (fake_webhooks.py).

`Interactions` is a mixin of `FakeDiscord`: tests call `fake.slash(...)` and the rest on the
fake itself.
"""

from __future__ import annotations

import secrets
import time
from typing import TYPE_CHECKING, Any, cast

from tests.e2e.fake_records import (
    BOOLEAN,
    BOT_PERMS,
    CHANNEL,
    INTEGER,
    MEMBER_PERMS,
    NUMBER,
    ROLE,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER,
    Exchange,
    Message,
)

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord
    from tests.e2e.fake_gateway import Gateway


class Interactions:
    """Injecting interactions as people would (a mixin of `FakeDiscord`)."""

    if TYPE_CHECKING:  # what it uses of FakeDiscord (state set in its __init__) and its mixins
        app_id: int
        guild_id: int
        members: dict[int, dict[str, Any]]
        roles: list[dict[str, Any]]
        channels: dict[int, dict[str, Any]]
        exchanges: dict[int, Exchange]
        _by_token: dict[str, Exchange]

        def commands(self, guild_id: int | None = None) -> dict[str, dict[str, Any]]: ...
        def all_commands(self) -> dict[str, dict[str, Any]]: ...
        def _session_for(self, guild_id: int | None) -> Gateway | None: ...
        def new_id(self, shard: int | None = None) -> int: ...
        def shard_of(self, guild_id: int | None) -> int: ...
        def channel(self, name_or_id: str | int) -> int: ...
        def user(self, name_or_user: str | dict[str, Any]) -> dict[str, Any]: ...
        def permissions_of(self, user_id: int) -> int: ...
        def message(self, message_id: int | str) -> Message | None: ...

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
            fake=cast("FakeDiscord", self),  # (a mixin of it)
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
