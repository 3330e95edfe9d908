"""The season format: entrants sign up as usual; from the sign-up's close, for `window_days`,
every game of the event's title finished on this server (any channel, an ordinary `/game new`
game, not an event's table) that at least two entrants played counts for those entrants;
points by place, summed over each one's best `best` games (bot.events.season). The bot seats
no table: the season's end is a durable timer (`EVENT_SEASON_END`), set when it starts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Event
from bot.events.season import SeasonGame, season_standings
from bot.events.standings import Standing
from bot.service.core import Core
from bot.service.queries import events as qe
from bot.service.queries.timers import add_timers

SEASON = "season"
EVENT_SEASON_END = "event_season_end"
#: A season's games counted per entrant, when the moderator does not say.
BEST_DEFAULT = 10
MAX_WINDOW_DAYS = 366


def window(event: Event) -> tuple[datetime, datetime]:
    """The season's window: from the sign-up's close for `round_hours` (its `window_days`)."""
    start = _aware(event.starts_at)
    return start, start + timedelta(hours=float(event.round_hours))


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


async def begin_season(core: Core, s: AsyncSession, event: Event) -> None:
    """The season runs: no round, no table; its end is a timer (due at once if already past)."""
    event.status = "running"
    end = window(event)[1]
    event.round_deadline = end
    await add_timers(
        s,
        [
            {
                "game_id": None,
                "kind": EVENT_SEASON_END,
                "due_at": end,
                "payload": {"event": event.id},
            }
        ],
    )
    core.wake_after_commit(s, end)
    await s.flush()


async def season_table(s: AsyncSession, event: Event, entrants: list[int]) -> list[Standing]:
    """The season's standings from the games' results (`game_results` and the games' result)."""
    since, until = window(event)
    rows = await qe.season_games(s, event.guild_id, event.title, entrants, since, until)
    games: dict[int, SeasonGame] = {}
    for game_id, user, seat, seats, result in rows:
        if game_id not in games:
            raw = result or {}
            games[game_id] = SeasonGame(
                seats=seats,
                places={int(k): int(v) for k, v in (raw.get("places") or {}).items()},
                scores={int(k): int(v) for k, v in (raw.get("scores") or {}).items()},
                people={},
            )
        games[game_id].people[user] = seat
    best = int((event.rules or {}).get("best", BEST_DEFAULT))
    return season_standings(games.values(), entrants, best)
