"""A small fake Discord (API v10 REST + gateway websocket) for end-to-end tests.

The real bot process (discord.py, unmodified) talks to this server on 127.0.0.1 through
`tests/e2e/launcher.py`. The fake records every request and keeps an in-memory model of the
messages each channel would show, so tests assert on what Discord would have received.

Users the tests act as live in `FakeDiscord.users` ("alice", "bob", "carol", "dave", "erin",
"frank" are players, "mod" has Manage Channels, "owner" owns the guild, "stranger" is just
another member). Tests inject interactions with `slash`, `autocomplete`, `press`, `select` and
`submit_modal`; each returns an `Exchange` that collects the
bot's callback and every webhook call made with that interaction's token.

`FakeDiscord` (here: its state, start and stop, waiting, gateway sessions, refusals) is made of:

- what tests call on the fake, as mixins: the guild and its people (`fake_guild.py`), the
  messages channels show (`fake_messages.py`), acting as people (`fake_interactions.py`);
- what the bot calls, as helper objects taking the fake: the gateway websocket
  (`fake_gateway.py`), the REST front door (`fake_rest.py`) and its route groups, each with
  its `routes()`: users, application and guild lookups (`fake_lookups.py`), application
  commands (`fake_commands.py`), interaction callbacks and webhooks (`fake_webhooks.py`),
  channels and their messages (`fake_channels.py`), threads (`fake_threads.py`);
- records and constants (`fake_records.py`), HTTP plumbing (`fake_http.py`), Discord's limits
  (`discord_limits.py`) and rate limits (`fake_ratelimits.py`).

Every name tests import from here (records, constants) is re-exported below.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import secrets
from collections.abc import Callable
from typing import Any, Self

from aiohttp import web

from tests.e2e import discord_limits as limits
from tests.e2e.fake_channels import NONCE_WINDOW_S, ChannelRoutes
from tests.e2e.fake_commands import CommandRoutes
from tests.e2e.fake_gateway import Gateway, GatewayServer
from tests.e2e.fake_guild import Guild
from tests.e2e.fake_http import json_response
from tests.e2e.fake_interactions import Interactions
from tests.e2e.fake_lookups import LookupRoutes
from tests.e2e.fake_messages import Messages
from tests.e2e.fake_ratelimits import RateLimits
from tests.e2e.fake_records import (
    ADMINISTRATOR,
    ALL_PERMS,
    ATTACH_FILES,
    BOOLEAN,
    BOT_PERMS,
    CHANNEL,
    CREATE_PUBLIC_THREADS,
    DISCORD_EPOCH_MS,
    EMBED_LINKS,
    EPHEMERAL,
    INTEGER,
    LOADING,
    MANAGE_CHANNELS,
    MANAGE_GUILD,
    MANAGE_MESSAGES,
    MANAGE_ROLES,
    MANAGE_THREADS,
    MEMBER_PERMS,
    MENTIONABLE,
    MOD_PERMS,
    NUMBER,
    READ_MESSAGE_HISTORY,
    ROLE,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USE_APPLICATION_COMMANDS,
    USER,
    VIEW_CHANNEL,
    Exchange,
    Message,
    Refusal,
    Request,
)
from tests.e2e.fake_rest import Rest
from tests.e2e.fake_threads import Threads
from tests.e2e.fake_webhooks import WebhookRoutes

__all__ = [
    "ADMINISTRATOR",
    "ALL_PERMS",
    "API_PREFIX",
    "ATTACH_FILES",
    "BOOLEAN",
    "BOT_PERMS",
    "CHANNEL",
    "CREATE_PUBLIC_THREADS",
    "DISCORD_EPOCH_MS",
    "EMBED_LINKS",
    "EPHEMERAL",
    "INTEGER",
    "LOADING",
    "MANAGE_CHANNELS",
    "MANAGE_GUILD",
    "MANAGE_MESSAGES",
    "MANAGE_ROLES",
    "MANAGE_THREADS",
    "MEMBER_PERMS",
    "MENTIONABLE",
    "MOD_PERMS",
    "NONCE_WINDOW_S",
    "NUMBER",
    "READ_MESSAGE_HISTORY",
    "ROLE",
    "SEND_MESSAGES",
    "SEND_MESSAGES_IN_THREADS",
    "STRING",
    "SUB_COMMAND",
    "SUB_COMMAND_GROUP",
    "USE_APPLICATION_COMMANDS",
    "USER",
    "VIEW_CHANNEL",
    "Exchange",
    "FakeDiscord",
    "Gateway",
    "Message",
    "Refusal",
    "Request",
]

API_PREFIX = "/api/v10"


class FakeDiscord(Guild, Messages, Interactions):
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
        #: the gateway websocket (tests/e2e/fake_gateway.py)
        self.gateway = GatewayServer(self)
        #: the REST front door and its routes, by what they answer (tests/e2e/fake_rest.py)
        self.rest = Rest(
            self,
            [
                LookupRoutes(self),
                CommandRoutes(self),
                WebhookRoutes(self),
                ChannelRoutes(self),
                self.threads,
            ],
        )
        self._build_guild()

    # ---- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> Self:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/gateway", self.gateway.ws_handler)
        app.router.add_route("GET", "/gateway/", self.gateway.ws_handler)
        app.router.add_route("GET", "/attachments/{att}/{name}", self.rest.attachment_handler)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.rest.rest_handler)
        app.router.add_route("*", "/{tail:.*}", self.rest.unknown_handler)
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

    # ---- queries -----------------------------------------------------------------------------
    def commands(self, guild_id: int | None = None) -> dict[str, dict[str, Any]]:
        """Registered commands by name: global plus (if given) that guild's."""
        out = dict(self.global_commands)
        if guild_id is not None:
            out.update(self.guild_commands.get(guild_id, {}))
        return out

    def all_commands(self) -> dict[str, dict[str, Any]]:
        return self.commands(self.guild_id)

    def requests_to(self, method: str, pattern: str) -> list[Request]:
        rx = re.compile(pattern)
        return [r for r in self.requests if r.method == method and rx.search(r.path)]

    # ---- gateway sessions --------------------------------------------------------------------
    def connected(self) -> bool:
        return any(s.identified and not s.ws.closed for s in self.sessions)

    async def wait_connected(self, timeout: float = 30.0) -> None:
        await self.wait_for(self.connected, timeout, what="the bot to IDENTIFY")

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

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send any gateway event to the connected bot."""
        await self._live_session().dispatch(event, data)

    async def reconnect_gateway(self, op: int = 7) -> None:
        """Ask the bot to reconnect (op 7 RECONNECT, or op 9 INVALID_SESSION with op=9)."""
        s = self._live_session()
        await s.send({"op": op, "d": False if op == 9 else None})

    # ---- REST answers ------------------------------------------------------------------------
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
        return json_response(limits.error_body(violations), status=400)

    def _checked_edit(self, rec: Request, msg: Message) -> web.Response | None:
        """Edit `msg` with the request's body as Discord does; Discord's refusal, if any."""
        body = rec.json or {}
        if bad := self._invalid(rec, limits.message(body, rec.files)):
            return bad
        if refused := self.threads.before_edit(rec, msg.channel_id):
            return refused
        self._edit(msg, body, rec.files)
        return None

    def _error(self, rec: Request, status: int, code: int, message: str) -> web.Response:
        rec.status = status
        return json_response({"message": message, "code": code}, status=status)

    def _check_channel(self, rec: Request, cid: str) -> Any:
        if int(cid) not in self.channels:
            return self._error(rec, 404, 10003, "Unknown Channel")
        return None

    # ---- threads (tests/e2e/fake_threads.py) -------------------------------------------------
    def add_thread(self, name: str, parent: str | int = "games") -> int:
        """A public thread under `parent` (dispatched as THREAD_CREATE if the bot is connected;
        else part of the guild's threads in GUILD_CREATE)."""
        return self.threads.add(name, self.channel(parent))

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
