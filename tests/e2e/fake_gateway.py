"""The fake Discord's gateway: the websocket the bot connects to (HELLO, heartbeats,
IDENTIFY -> READY + GUILD_CREATE per guild of its shard, RESUME, member chunks, zlib-stream).

`Gateway` is one websocket session; `GatewayServer(fake)` accepts them and answers their ops.
The sessions and what the bot sent stay on the fake (`fake.sessions`, `fake.gateway_ops`,
`fake.identifies`, `fake.resumes`), which also picks the session serving a guild's shard.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import zlib
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord


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


class GatewayServer:
    """The websocket endpoint (`/gateway`) and the ops of its sessions."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    async def ws_handler(self, request: web.Request) -> web.StreamResponse:
        if request.remote not in ("127.0.0.1", "::1"):
            raise web.HTTPForbidden()
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        compress = request.query.get("compress") == "zlib-stream"
        session = Gateway(ws, compress)
        self.fake.sessions.append(session)
        await session.send({"op": 10, "d": {"heartbeat_interval": self.fake.heartbeat_interval_ms}})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                await self._gateway_op(session, payload)
        finally:
            self.fake._touch()
        return ws

    async def _gateway_op(self, s: Gateway, payload: dict[str, Any]) -> None:
        op, d = payload.get("op"), payload.get("d")
        if op != 1:
            self.fake.gateway_ops.append(payload)
        if op == 1:
            await s.send({"op": 11})
        elif op == 2:
            if (d or {}).get("token") != self.fake.token:
                await s.ws.close(code=4004, message=b"Authentication failed.")
                return
            shard = d.get("shard") or [0, 1]
            if not (0 <= shard[0] < shard[1]) or shard[1] != self.fake.shard_count:
                await s.ws.close(code=4010, message=b"Invalid shard.")
                return
            s.shard = (int(shard[0]), int(shard[1]))
            s.intents = int(d.get("intents") or 0)
            s.identified = True
            self.fake.identifies += 1
            guilds = [g for g in self.fake.guild_ids if self.fake.shard_of(g) == s.shard[0]]
            await s.dispatch(
                "READY",
                {
                    "v": 10,
                    "user": {**self.fake.bot_user, "verified": True, "mfa_enabled": False},
                    "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                    "shard": list(s.shard),
                    "session_id": s.session_id,
                    "resume_gateway_url": self.fake.gateway_url,
                    "application": {"id": str(self.fake.app_id), "flags": 0},
                    "private_channels": [],
                    "relationships": [],
                    "presences": [],
                    "user_settings": {},
                    "guild_join_requests": [],
                    "geo_ordered_rtc_regions": [],
                },
            )
            for g in guilds:
                await s.dispatch("GUILD_CREATE", self.fake._guild_payload(g))
            self.fake._touch()
        elif op == 6:
            old = next(
                (x for x in self.fake.sessions if x.session_id == (d or {}).get("session_id")), None
            )
            if old is None or (d or {}).get("token") != self.fake.token:
                await s.send({"op": 9, "d": False})
                return
            s.session_id, s.seq, s.identified = old.session_id, old.seq, True
            s.shard = old.shard
            self.fake.resumes += 1
            await s.dispatch("RESUMED", {})
            self.fake._touch()
        elif op == 8:
            await s.dispatch(
                "GUILD_MEMBERS_CHUNK",
                {
                    "guild_id": str(self.fake.guild_id),
                    "members": list(self.fake.members.values()),
                    "chunk_index": 0,
                    "chunk_count": 1,
                    "not_found": [],
                    "nonce": (d or {}).get("nonce"),
                },
            )
