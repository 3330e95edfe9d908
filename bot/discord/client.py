"""The Discord client: slash commands (`/game`, `/play`, `/admin`), persistent components, and one
error handler for everything."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from typing import Any

import discord
from discord import app_commands

from bot import health, logs, loop_watch, metrics
from bot.app import App
from bot.discord.admin import Admin
from bot.discord.checks import context, log_done, report_error
from bot.discord.clocks import Clocks
from bot.discord.event_moderation import EventModeration
from bot.discord.event_tables import EventTables
from bot.discord.events import Events
from bot.discord.info import Info
from bot.discord.lobby import Lobby
from bot.discord.me import Me
from bot.discord.play import STALE, Play
from bot.discord.pressed import has_component
from bot.discord.presses import NOT_MINE, Presses
from bot.discord.publish import TurnPoster
from bot.discord.replay import LookingBack
from bot.discord.router import Router
from bot.discord.stats import Stats
from bot.discord.substitutes import Substitutes
from bot.discord.timers import Timers
from bot.discord.watching import Watching
from bot.discord.web_commands import WebCommands
from bot.discord.web_table import WebTable
from bot.runtime.discord_http import gateway_url
from bot.startup import StartupError

log = logging.getLogger("bot.discord")

#: How long the start-up check of the gateway waits for a TCP connection.
GATEWAY_PROBE_TIMEOUT = 10.0
#: The log line that says the start-up repairs are over (benchmarks wait for it).
REPAIRS_DONE = "start-up repairs done"
#: At most this long, closing waits for the timers already claimed to be handled (seconds).
CLOSE_WAIT_S = 10.0


def _command_name(interaction: discord.Interaction) -> str:
    command = interaction.command
    return command.qualified_name if command is not None else "unknown"


class BoardroomTree(app_commands.CommandTree):
    """Times every command and answers every failure ephemerally."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        interaction.extras["t0"] = time.perf_counter()
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        name = _command_name(interaction)
        await report_error(interaction, error, name)
        _log_done(interaction, name, ok=False)


async def probe_gateway(timeout: float = GATEWAY_PROBE_TIMEOUT) -> None:
    """One TCP connection to Discord's gateway, closed at once: discord.py retries a gateway
    it cannot reach only after a first successful connection, so a first failure is reported
    here as a start-up problem (see bot.startup) instead."""
    url = gateway_url()
    host, port = url.host or "", url.port or 443
    loop = asyncio.get_running_loop()
    try:
        await asyncio.wait_for(loop.getaddrinfo(host, port, type=socket.SOCK_STREAM), timeout)
    except (OSError, TimeoutError):
        raise StartupError(
            f"cannot reach Discord's gateway: the name {host} does not resolve; check this "
            "machine's network and DNS settings"
        ) from None
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    except (OSError, TimeoutError) as exc:
        reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc) or "timed out"
        raise StartupError(
            f"cannot reach Discord's gateway at {host}:{port} ({reason}); check the network "
            "connection, firewall or proxy"
        ) from None
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()


def _log_done(interaction: discord.Interaction, name: str, ok: bool) -> None:
    t0 = interaction.extras.get("t0")
    ms = round((time.perf_counter() - t0) * 1000, 1) if t0 else None
    if t0:
        metrics.turn(name, interaction.guild_id, time.perf_counter() - t0)
    log_done(f"/{name} {'done' if ok else 'refused'}", ms, context(interaction, name, ms=ms))


class BoardroomBot(discord.AutoShardedClient):
    """Needs no privileged intent: only `guilds` (no members, no message content).

    Discord's sharding: with SHARD_COUNT and SHARD_IDS this process opens one gateway
    connection per shard it serves; without them, as many as Discord recommends, all here."""

    def __init__(self, app: App) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        settings = app.settings
        # Boardroom never joins a voice channel: no warning at every start that the voice
        # libraries (PyNaCl, davey) are not installed.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            shard_count=settings.shard_count,
            shard_ids=settings.shard_id_list(),  # type: ignore[arg-type]  # None (all) is its default
        )
        self.app = app
        self.service = app.service
        self.settings = app.settings
        self.tree = BoardroomTree(self)
        self.turns = TurnPoster(self)
        self.lobby = Lobby(self)
        self.play = Play(self)
        self.info = Info(self)
        self.looking_back = LookingBack(self)
        self.admin = Admin(self)
        self.substitutes = Substitutes(self)
        self.me = Me(self)
        self.stats = Stats(self)
        self.clocks = Clocks(self)
        self.events = Events(self)
        self.event_tables = EventTables(self)
        self.event_moderation = EventModeration(self)
        self.timers = Timers(self)
        self.watching = Watching(self)
        self.web = WebTable(self)
        self.turns.table_link = self.web.turn_link
        self.web_commands = WebCommands(self)
        self.presses = Presses(app.service)
        self.router = Router(self.presses)  # (each cog adds its routes as it registers)
        self._timer_task: asyncio.Task[None] | None = None
        self._flush_task: asyncio.Task[None] | None = None
        self._metrics_runner: Any = None  # the /metrics and /healthz server (bot.health)
        self._closing = asyncio.Event()
        self._register()

    def _register(self) -> None:
        game = app_commands.Group(name="game", description="Boardroom games in this channel.")
        self.lobby.register(game)
        self.play.register(self.tree, game)
        self.info.register(game)
        self.looking_back.register(game)
        self.clocks.register(game)
        self.substitutes.register(game)
        self.watching.register(game)
        self.web_commands.register(game)
        self.tree.add_command(game)
        self.admin.register(self.tree)
        self.me.register(self.tree)
        self.stats.register(self.tree)
        event = app_commands.Group(
            name="event",
            description="Tournaments: Swiss events, round robins in groups, or seasons.",
            guild_only=True,
        )
        self.events.register(event)
        self.event_moderation.register_into(event)  # drop, add
        self.tree.add_command(event)
        for kind, handler in self.event_tables.timer_handlers().items():
            self.timers.handle(kind, handler)

    async def setup_hook(self) -> None:
        # (before the sync: a METRICS_PORT in use stops the start-up with one line)
        metrics.configure(self.shard_count, lambda: health.gateway_latencies(self))
        if self.settings.metrics_port is not None:
            self._metrics_runner = await health.start_server(
                self.settings.metrics_port,
                lambda: health.check_health(self),
                lambda: health.count_games(self.app.reader),
            )
        await self.web.start()  # (WEB_PORT in use: one line too)
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands%s", len(synced), f" to guild {guild_id}" if guild_id else "")
        self._timer_task = self.timers.start()
        if self.settings.loop_watch:
            loop_watch.WATCH.start()
        # Durable delivery: post what a crash left owed (after letting automatic players move
        # where a game waits on one), then keep marking posts delivered. Interactions are
        # answered meanwhile: with 10,000 stored games the check takes seconds.
        self.turns.spawn(self._repair())
        self._flush_task = asyncio.create_task(self.turns.flush_forever())

    async def _repair(self) -> None:
        resumed = owed = 0
        try:
            resumed = await self.service.resume_bots()
        except Exception:
            log.exception("could not resume the automatic players")
        try:
            owed = await self.turns.repair()
        except Exception:
            log.exception("could not post the owed turn messages")
        events = 0
        try:
            if await self._ready_unless_closing():  # (threads are looked for among the server's)
                events = await self.event_tables.repair()
        except Exception:
            log.exception("could not repair the running events")
        log.info(
            "%s: automatic players moved in %d game%s, %d owed turn message%s posted, "
            "%d running event%s checked",
            REPAIRS_DONE,
            resumed,
            "s"[: resumed != 1],
            owed,
            "s"[: owed != 1],
            events,
            "s"[: events != 1],
        )

    async def on_ready(self) -> None:
        # (an AutoShardedClient learns its shard count as it connects)
        logs.FACTS.shard_count = self.shard_count or 1
        metrics.configure(self.shard_count, lambda: health.gateway_latencies(self))
        user = self.user
        shards = self.app.service.shards
        served = shards.describe() if not shards.everything else f"{self.shard_count} shard(s)"
        log.info("ready as %s (%s), serving %s", user, user.id if user else "?", served)

    async def connect(self, *, reconnect: bool = True) -> None:
        if self.ws is None:
            await probe_gateway()
        try:
            await super().connect(reconnect=reconnect)
        except AttributeError:
            if self.ws is None:  # discord.py could not retry a first connection that failed
                raise StartupError(
                    "could not open Discord's gateway connection: try again in a while"
                ) from None
            raise

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every press is routed to its item (router.py). A press no item takes gets a polite
        answer instead of none: a custom id that is not one of ours (an older format, or made
        up), or a component no longer on its message (stripped after a newer turn, or never
        there)."""
        self.web.names.saw(interaction)
        if interaction.type != discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        found = self.router.match(custom_id)
        if found is None:
            text, what = NOT_MINE, "a component that is not ours"
        elif has_component(interaction, custom_id):
            await self.router.route(interaction, *found)
            return
        else:
            text, what = f"⚠️ {STALE}", "a missing component"
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(text, ephemeral=True)
        log.info("press on %s", what, extra=context(interaction, "press:unknown"))
        metrics.refusal("bad_id" if text == NOT_MINE else "stale", interaction.guild_id)

    async def on_app_command_completion(
        self, interaction: discord.Interaction, command: Any
    ) -> None:
        _log_done(interaction, command.qualified_name, ok=True)

    async def _ready_unless_closing(self) -> bool:
        """Wait until the gateway is ready; False if the bot closes first (it never connected:
        the start-up repair must not keep the bot from stopping)."""
        ready = asyncio.ensure_future(self.wait_until_ready())
        closing = asyncio.ensure_future(self._closing.wait())
        await asyncio.wait({ready, closing}, return_when=asyncio.FIRST_COMPLETED)
        for waiting in (ready, closing):
            waiting.cancel()
        return self.is_ready() and not self._closing.is_set()

    async def close(self) -> None:
        self._closing.set()
        loop_watch.WATCH.stop()
        for task in (self._timer_task, self._flush_task):
            if task is not None:
                task.cancel()
        with contextlib.suppress(TimeoutError):  # timers claimed are handled before closing
            await asyncio.wait_for(self.timers.drain(), CLOSE_WAIT_S)
        await self.turns.drain()
        await self.web.stop()
        if self._metrics_runner is not None:
            runner, self._metrics_runner = self._metrics_runner, None
            await runner.cleanup()
        await super().close()
