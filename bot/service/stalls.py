"""The stall detector: a running game with no completed move for N days (the server's
`stall_days`, default 7) pings its moderators once.

Each decision sets the game's one `stall` timer in its own transaction (from
`Decision.timers`): due N days later, for that version, carrying when the move was made.
The dispatcher claims it when due; `stall_due` checks the game has not moved since and reports
it once. The claimed timer is then put back as a marker that never fires (due at `PINGED`): it
keeps when the last move was, says the moderators were told, and is replaced by the game's next
decision like any stall timer. Nothing scans the games on a schedule.

`/admin stalled` lists the server's games whose stall timer is due or has fired."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, GuildSettings
from bot.errors import ServiceError
from bot.results import GameInfo
from bot.service import queries as q
from bot.service.core import Core
from bot.service.describe import describe_game
from bot.service.loader import title_of
from bot.service.queries import timers as qt
from bot.service.queries.timers import SPENT, set_game_timer
from bot.service.timers import Fired

#: The timer kind of the stall detector.
STALL = "stall"
#: The due time of a stall timer that has fired: the game is stalled, its moderators were told.
PINGED = SPENT
DEFAULT_DAYS = 7
#: `/admin stalled` lists at most this many games.
LIST_MAX = 20


@dataclass(frozen=True)
class Stalled:
    """A stalled game: since when nobody moved, and who would ping the moderators."""

    game: GameInfo
    since: datetime
    days: float
    mod_role_id: int | None
    paused: bool = False


class Stalls:
    """The stall detector; `stall_timer` is a listener of every decision."""

    def __init__(self, core: Core) -> None:
        self.core = core

    async def stall_timer(
        self, s: AsyncSession, game: Game
    ) -> dict[str, tuple[datetime, dict[str, Any]]]:
        """The new decision's stall timer (the server's setting is cached), to set with its
        other timers. Days away: the dispatcher, awake at least once a minute, needs no
        wake-up call for it."""
        now = self.core.clock()
        due = now + timedelta(days=await self._stall_days(s, game.guild_id))
        return {STALL: (due, _payload(now))}

    async def stall_due(self, fired: Fired) -> Stalled | None:
        """A claimed stall timer: the stalled game to report, once (None: it moved since, is
        over, or the setting grew: then the timer is set again for the new time)."""
        if fired.game_id is None or "since" not in (fired.payload or {}):
            return None
        since = datetime.fromisoformat(fired.payload["since"])
        async with self.core.lock(fired.game_id), self.core.tx(fired.game_id) as s:
            game = await s.get(Game, fired.game_id)
            if game is None or game.status != "running" or game.version != fired.version:
                return None
            if await _told(s, game.id):  # reported already (by another claimer)
                return None
            settings = await s.get(GuildSettings, game.guild_id) if game.guild_id else None
            days = _days(settings)
            now = self.core.clock()
            if since + timedelta(days=days) > now:  # the server allows longer now
                await _put(s, game.id, since + timedelta(days=days), game.version, since)
                return None
            await _put(s, game.id, PINGED, game.version, since)
            waited = (now - since) / timedelta(days=1)
            await self.core.audit(s, game, 0, "stalled", f"no move for {waited:.1f} days")
            info = await self._stalled_info(s, game)
        role = settings.mod_role_id if settings else None
        return Stalled(info, since, waited, role, paused=game.paused_at is not None)

    async def stalled_games(self, guild_id: int) -> list[Stalled]:
        """The server's running games with no completed move for its `stall_days` (oldest
        first)."""
        now = self.core.clock()
        async with self.core.readers() as s:
            settings = await s.get(GuildSettings, guild_id)
            days = _days(settings)
            rows = await qt.due_timers_of_server(s, guild_id, STALL, now)
            found: list[Stalled] = []
            role = settings.mod_role_id if settings else None
            for game, payload in rows:
                since = datetime.fromisoformat((payload or {}).get("since", now.isoformat()))
                if since + timedelta(days=days) > now:
                    continue
                info = await self._stalled_info(s, game)
                waited = (now - since) / timedelta(days=1)
                found.append(Stalled(info, since, waited, role, paused=game.paused_at is not None))
        found.sort(key=lambda x: x.since)
        return found[:LIST_MAX]

    async def stall_setting(self, guild_id: int | None) -> int:
        """The server's `stall_days`."""
        async with self.core.readers() as s:
            settings = await s.get(GuildSettings, guild_id) if guild_id is not None else None
            return _days(settings)

    async def set_stall_days(self, guild_id: int, actor: int, days: int) -> int:
        """Set the server's `stall_days`; its running games' stall timers follow (a game no
        longer stalled under the new setting is reported again when it is); how many."""
        if not 1 <= days <= 365:
            raise ServiceError("Give a number of days from 1 to 365.")
        async with self.core.tx() as s:
            settings = await s.get(GuildSettings, guild_id)
            if settings is None:
                s.add(GuildSettings(guild_id=guild_id, stall_days=days))
            else:
                settings.stall_days = days
            await self.core.audit(s, None, actor, "stall-days", str(days))
            rows = await qt.timers_of_server(s, guild_id, STALL)
            now = self.core.clock()
            for timer_id, due_at, payload in rows:
                since = (payload or {}).get("since")
                if since is None:
                    continue
                due = datetime.fromisoformat(since) + timedelta(days=days)
                if _aware(due_at) >= PINGED and due <= now:
                    continue  # still stalled, and the moderators were told
                await qt.move_timer(s, timer_id, due)
                self.core.wake_after_commit(s, due)
        self._stall_cache()[guild_id] = days
        return len(rows)

    async def ensure_stalls(self) -> int:
        """Running games with no stall timer (a database from before the detector): one each,
        counted from their last change; how many were set."""
        async with self.core.tx() as s:
            games = await qt.running_without_timer(s, self.core.shards, STALL)
            for game in games:
                days = await self._stall_days(s, game.guild_id)
                since = _aware(game.updated_at)
                await _put(s, game.id, since + timedelta(days=days), game.version, since)
        return len(games)

    # ------------------------------------------------------------------ inside
    #: guild id -> its `stall_days`, as this process last read or set it.
    _stall_days_of: dict[int | None, int] | None = None

    def _stall_cache(self) -> dict[int | None, int]:
        if self._stall_days_of is None:
            self._stall_days_of = {}
        return self._stall_days_of

    async def _stalled_info(self, s: AsyncSession, game: Game) -> GameInfo:
        """The game's summary, with whom it waits for."""
        state = (await self.core.state(s, game, title_of(game))).state
        return describe_game(game, await q.holders(s, game.id), state)

    async def _stall_days(self, s: AsyncSession, guild_id: int | None) -> int:
        """The server's setting, read once per process (and kept current by `set_stall_days`;
        another process's change is caught when the timer fires)."""
        cache = self._stall_cache()
        days = cache.get(guild_id)
        if days is None:
            settings = await s.get(GuildSettings, guild_id) if guild_id is not None else None
            days = cache[guild_id] = _days(settings)
        return days


async def _put(s: AsyncSession, game_id: int, due: datetime, version: int, since: datetime) -> None:
    """The game's one stall timer, replacing the last one (in the caller's transaction)."""
    await s.run_sync(set_game_timer, game_id, STALL, due, version, _payload(since))


def _payload(since: datetime) -> dict[str, Any]:
    return {"since": since.isoformat()}


async def _told(s: AsyncSession, game_id: int) -> bool:
    due = await qt.timer_due(s, game_id, STALL)
    return due is not None and _aware(due) >= PINGED


def _days(settings: GuildSettings | None) -> int:
    if settings is None or settings.stall_days is None:
        return DEFAULT_DAYS
    return settings.stall_days


def _aware(when: datetime) -> datetime:
    """SQLite hands datetimes back without a zone; they are stored in UTC."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)
