"""What every press on a Boardroom component must pass before its handler runs:

- its custom id parses into numbers the database can hold (SQLite's signed 63 bits);
- a select carries exactly one value;
- a component of a player's own menu (its steps edit the message in place) comes from an
  ephemeral message: on a public one it would turn that message into the presser's menu;
- its game exists and lives in the channel the press came from (a thread is its own channel).

Each refusal is polite, private (ephemeral), sent within Discord's 3 seconds, and changes
nothing. The channel of a game never changes, so it is looked up once per game and kept."""

from __future__ import annotations

import contextlib
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot import metrics
from bot.discord.checks import Responder, context, report_error
from bot.discord.pressed import on_ephemeral
from bot.errors import ServiceError

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger("bot.discord.presses")

#: The largest integer SQLite (and PostgreSQL's BIGINT) can store.
MAX_INT = 2**63 - 1
NOT_MINE = (
    "⚠️ That button is not one of mine any more (perhaps it is from an older version of the "
    "bot). Use the newest message in the channel, or `/game status`."
)
ONE_VALUE = "⚠️ Please pick exactly one option from that menu; nothing was changed."
ELSEWHERE = "⚠️ That button belongs to a game in <#{channel}>; nothing was changed here."
NOT_PRIVATE = (
    "⚠️ That button belongs to a player's own private menu, not to a message everyone sees; "
    "nothing was changed. Use the turn message's buttons, or `/play`."
)


def number(text: str | None) -> int | None:
    """A number from a custom id, or None when it is not plain ASCII digits or would not fit
    in the database (`\\d` also matches other scripts' digits, which `int` accepts)."""
    if text is None or not re.fullmatch(r"[0-9]{1,19}", text):
        return None
    value = int(text)
    return value if value <= MAX_INT else None


def numbers(match: re.Match[str], *names: str) -> tuple[int, ...] | None:
    """The named groups of a custom id as numbers; None when any of them is unusable."""
    out = tuple(number(match[name]) for name in names)
    return None if any(n is None for n in out) else out  # type: ignore[return-value]


class GameChannels:
    """game id -> the channel it lives in, remembered (a game never moves)."""

    def __init__(self, service: GameService, size: int = 4096) -> None:
        self.service = service
        self.size = size
        self._known: OrderedDict[int, int] = OrderedDict()

    async def of(self, game_id: int) -> int:
        """Raises ServiceError when there is no such game."""
        known = self._known.get(game_id)
        if known is not None:
            self._known.move_to_end(game_id)
            return known
        channel = await self.service.channel_of(game_id)
        self._known[game_id] = channel
        while len(self._known) > self.size:
            self._known.popitem(last=False)
        return channel


class Presses:
    """The checks, shared by every component (see `components.Checked`)."""

    def __init__(self, service: GameService) -> None:
        self.channels = GameChannels(service)

    async def allow(
        self,
        interaction: discord.Interaction,
        game_id: int | None,
        *,
        valid: bool = True,
        values: Sequence[str] | None = None,
        private: bool = False,
    ) -> bool:
        """True: let the handler run. False: the press was answered with a refusal.
        `private`: the component belongs on a player's own (ephemeral) menu."""
        interaction.extras.setdefault("t0", time.perf_counter())
        try:
            refusal = await self.refusal(interaction, game_id, valid, values, private)
        except Exception as exc:  # e.g. the database is busy: answered politely too
            await report_error(interaction, exc, "press:check", game_id)
            return False
        if refusal is None:
            return True
        log.info("press refused: %s", refusal, extra=context(interaction, "press:check"))
        metrics.refusal(metrics.press_reason(refusal), interaction.guild_id)
        with contextlib.suppress(discord.HTTPException):
            await Responder.of(interaction).private(content=refusal)
        return False

    async def refusal(
        self,
        interaction: discord.Interaction,
        game_id: int | None,
        valid: bool,
        values: Sequence[str] | None,
        private: bool = False,
    ) -> str | None:
        if not valid:
            return NOT_MINE
        if values is not None and len(values) != 1:
            return ONE_VALUE
        if private and not on_ephemeral(interaction):
            return NOT_PRIVATE
        if game_id is None:  # not a game's component (rules paging)
            return None
        try:
            channel = await Responder.of(interaction).within(self.channels.of(game_id))
        except ServiceError as exc:  # "That game doesn't exist any more.", or why it can't load
            return f"⚠️ {exc}"
        if channel != interaction.channel_id:
            return ELSEWHERE.format(channel=channel)
        return None
