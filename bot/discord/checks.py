"""Moderator checks, answering within Discord's 3 seconds, and turning errors into polite
ephemeral replies."""

from __future__ import annotations

import asyncio
import functools
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands
from sqlalchemy.exc import DBAPIError

from bot import metrics
from bot.errors import ServiceError
from bot.runtime import discord_http

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger("bot.discord")

T = TypeVar("T")
AnswerType = discord.InteractionResponseType
FALLBACK = "Something went wrong on my side; nothing was changed."
NOT_MODERATOR = (
    "Only moderators can do that: people with Manage Channels here, or the server's "
    "Boardroom moderator role."
)
#: Work that is not done this long after the interaction arrived is deferred (Discord allows
#: 3 s for the first answer).
BUDGET = 1.2
DB_BUSY = "The game database is busy; nothing was changed — please try again in a moment."
DB_FULL = "The server's disk is full; nothing was changed. Tell a moderator."
DB_IO = (
    "The game database could not be read or written (a disk error); nothing was changed — "
    "please try again in a moment, and tell a moderator if it keeps happening."
)
#: What the database says (lower case) -> the reply; such errors are logged without traceback.
DB_TROUBLE = (
    ("database is locked", DB_BUSY),
    ("database table is locked", DB_BUSY),
    ("database or disk is full", DB_FULL),
    ("disk i/o error", DB_IO),
)
#: The database's reply -> the refusal's reason in the metrics.
DB_REASONS = {DB_BUSY: "busy_database", DB_FULL: "disk_full", DB_IO: "database_io"}


async def is_moderator(interaction: discord.Interaction, service: GameService) -> bool:
    """Manage Channels in this channel, or the guild's configured moderator role."""
    if interaction.permissions.manage_channels:
        return True
    if interaction.guild_id is None:
        return False
    user = interaction.user
    role_ids = {r.id for r in getattr(user, "roles", ())}  # (a Member's; a User has none)
    if not role_ids:
        return False
    return await service.is_moderator_role(interaction.guild_id, sorted(role_ids))


class Responder:
    """Answers one interaction: directly when the work is quick (one REST call), else after a
    deferral. Public answers go to the channel; private ones are ephemeral.

    A command's deferral is always private: Discord keeps a deferral's visibility for the
    first answer after it, so a public "thinking…" could not carry a private answer (an error).
    A public answer after it is a follow-up of its own, the "thinking…" edited into a short
    private note."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.thinking = False  # a "thinking…" message is waiting to be replaced
        interaction.extras["responder"] = self
        #: When the interaction arrived (as near as we know): budgets count from here.
        self.t0: float = interaction.extras.setdefault("t0", time.perf_counter())

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Responder:
        found = interaction.extras.get("responder")
        return found if isinstance(found, Responder) else cls(interaction)

    @property
    def is_component(self) -> bool:
        return self.interaction.type == discord.InteractionType.component

    async def defer(self) -> None:
        response = self.interaction.response
        if response.is_done():
            return
        if self.is_component:
            await discord_http.answer(self.interaction, AnswerType.deferred_message_update)
        else:
            kind = AnswerType.deferred_channel_message
            await discord_http.answer(self.interaction, kind, ephemeral=True)
            self.thinking = True

    async def within(self, work: Awaitable[T], budget: float = BUDGET) -> T:
        """Await `work`; if it is not done `budget` seconds after the interaction arrived
        (several `within` calls share one budget), defer meanwhile: a timer starts the
        deferral beside the work, and it is sent before `within` returns. (Not a task for the
        work under `wait_for` and `shield`: most work is done at once, from caches, and that
        machinery cost 0.28 ms of the bot's CPU per Mombasa decision, two calls per press:
        bench.e2e_ab.)"""
        if self.interaction.response.is_done():
            return await work
        left = max(budget - (time.perf_counter() - self.t0), 0.0)
        loop = asyncio.get_running_loop()
        deferring: list[asyncio.Task[None]] = []
        timer = loop.call_later(left, lambda: deferring.append(loop.create_task(self.defer())))
        try:
            return await work
        finally:
            timer.cancel()
            if deferring:
                await deferring[0]

    async def public(self, **kwargs: Any) -> int | None:
        """Post a message everyone in the channel sees; returns its id when known."""
        it = self.interaction
        if not it.response.is_done():
            return await discord_http.answer(it, AnswerType.channel_message, with_id=True, **kwargs)
        if self.thinking:
            self.thinking = False
            await it.edit_original_response(content="✅ Done.")
        return await discord_http.followup(it, **kwargs)

    async def private(self, **kwargs: Any) -> None:
        """Answer the person only (ephemeral)."""
        it = self.interaction
        kwargs.pop("ephemeral", None)
        if not it.response.is_done():
            await discord_http.answer(it, AnswerType.channel_message, ephemeral=True, **kwargs)
            return
        if self.thinking:
            self.thinking = False
            await it.edit_original_response(**_as_edit(kwargs))
            return
        await discord_http.followup(it, ephemeral=True, **kwargs)

    async def update_source(self, **kwargs: Any) -> None:
        """Edit the message the pressed component is on (e.g. a private menu once used)."""
        it = self.interaction
        if not it.response.is_done():
            await discord_http.answer(it, AnswerType.message_update, **_as_edit(kwargs))
        else:
            await it.edit_original_response(**_as_edit(kwargs))

    async def finish(self) -> None:
        """Replace a leftover "thinking…" message."""
        if self.thinking:
            self.thinking = False
            await self.interaction.edit_original_response(content="✅ Done.")


def _as_edit(kwargs: dict[str, Any]) -> dict[str, Any]:
    """send_message arguments -> edit arguments (files become attachments)."""
    edit = dict(kwargs)
    files = []
    if "file" in edit:
        files.append(edit.pop("file"))
    files.extend(edit.pop("files", []) or [])
    if files:
        edit["attachments"] = files
    edit.pop("ephemeral", None)
    edit.pop("wait", None)
    return edit


def database_trouble(exc: BaseException) -> str | None:
    """The reply for a database that is busy (locked past the busy timeout), full or failing;
    None for any other error."""
    if not isinstance(exc, DBAPIError | sqlite3.Error):
        return None
    text = str(getattr(exc, "orig", None) or exc).lower()
    for needle, reply in DB_TROUBLE:
        if needle in text:
            return reply
    return None


def channel_of(interaction: discord.Interaction) -> int:
    """The channel the interaction came from (Discord sends it with every command and press
    the bot takes; without one there is no game to act on)."""
    channel_id = interaction.channel_id
    if channel_id is None:
        raise ServiceError("There is no game here: this works in a channel.")
    return channel_id


def context(interaction: discord.Interaction, command: str, **more: Any) -> dict[str, Any]:
    """Structured logging fields for one interaction."""
    fields = {
        "command": command,
        "channel_id": interaction.channel_id,
        "user_id": interaction.user.id if interaction.user else None,
    }
    fields.update(more)
    return fields


async def report_error(
    interaction: discord.Interaction,
    exc: BaseException,
    command: str,
    game_id: int | None = None,
) -> None:
    """ServiceError: its message, ephemerally. A busy, full or failing database: a clear reply
    and a warning line (no traceback: nothing is wrong with the bot). Anything else: logged
    with its traceback and a polite apology (no internals leak)."""
    if isinstance(exc, app_commands.CommandInvokeError | app_commands.TransformerError):
        cause = exc.__cause__
        exc = cause if cause is not None else getattr(exc, "original", exc)
    fields = context(interaction, command, game_id=game_id)
    guild_id = getattr(interaction, "guild_id", None)  # (for the metrics' shard)
    if isinstance(exc, ServiceError):
        log.info("refused: %s", exc, extra=fields)
        text = f"⚠️ {exc}"
        metrics.refusal(metrics.service_reason(exc), guild_id)
    elif isinstance(exc, app_commands.CheckFailure):
        text = f"⚠️ {exc}" if str(exc) else NOT_MODERATOR
        log.info("check failed: %s", text, extra=fields)
        metrics.refusal("not_allowed", guild_id)
    elif (trouble := database_trouble(exc)) is not None:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0][:200]
        log.warning("database trouble in %s: %s", command, reason, extra=fields)
        text = f"⚠️ {trouble}"
        metrics.refusal(DB_REASONS[trouble], guild_id)
    else:
        log.error("unexpected error in %s", command, exc_info=exc, extra=fields)
        text = FALLBACK
        metrics.error(guild_id)
    try:
        await Responder.of(interaction).private(content=text[:2000])
    except discord.HTTPException:
        log.warning("could not deliver an error reply", extra=fields)


#: An interaction answered slower than this (ms) is logged at INFO; others at DEBUG (every
#: press logged at INFO cost ~4% of the bot's CPU per decision, and the metrics count them).
SLOW_MS = 1000.0


def log_done(text: str, ms: float | None, fields: dict[str, Any]) -> None:
    """One line per finished interaction: INFO when it was slow, else DEBUG."""
    if ms is not None and ms >= SLOW_MS:
        log.info("%s (slow: %s ms)", text, ms, extra=fields)
    else:
        log.debug("%s", text, extra=fields)


def guarded(
    command: str,
) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    """Wrap a component handler `(self, interaction, ...)`: time it, log it, and answer any
    error ephemerally (command handlers get the same from the tree's `on_error`)."""

    def wrap(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(fn)
        async def inner(self: Any, interaction: discord.Interaction, *args: Any) -> Any:
            start = time.perf_counter()
            first = args[0] if args else None
            game_id = first if isinstance(first, int) else getattr(first, "game_id", None)
            try:
                return await fn(self, interaction, *args)
            except Exception as exc:
                await report_error(interaction, exc, command, game_id)
            finally:
                ms = round((time.perf_counter() - start) * 1000, 1)
                fields = context(interaction, command, ms=ms, game_id=game_id)
                t0 = interaction.extras.get("t0", start)  # (set on arrival by presses.py)
                metrics.turn(
                    command, getattr(interaction, "guild_id", None), time.perf_counter() - t0
                )
                log_done(f"{command} done", ms, fields)

        return inner

    return wrap
