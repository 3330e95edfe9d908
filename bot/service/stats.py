"""Statistics and ratings (`/stats`): each view is ONE query over the derived tables
(`game_results`, `ratings`; see bot.db.stat_rows for what they hold and who counts), which the
transaction that ends a game writes (`Stats.game_over`, a listener of the decision) and `recompute_stats` rebuilds.

Ratings are per title across every server; the counts of a person, a title or a server are
those of the server asked about (everywhere when `guild_id` is None)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot import catalog
from bot.db.models import Game
from bot.db.stat_rows import rebuild, record
from bot.errors import ServiceError
from bot.ratings import START
from bot.service.core import Core
from bot.service.queries import stats as qs

#: A game counts at least this long for moves per day (a game played in minutes would
#: otherwise claim thousands of moves a day).
MIN_DAYS = 1 / 24
#: Months shown in the server chart.
MONTHS = 12


@dataclass
class Line:
    """One person's (or everyone's) figures for one title, or for all of them."""

    title: str
    title_name: str
    played: int = 0
    finished: int = 0
    won: int = 0
    place_sum: int = 0
    score_sum: int = 0
    moves: int = 0
    days: float = 0.0
    timeouts: int = 0
    rating: int | None = None
    rated_games: int = 0

    @property
    def avg_place(self) -> float | None:
        return self.place_sum / self.finished if self.finished else None

    @property
    def avg_score(self) -> float | None:
        return self.score_sum / self.finished if self.finished else None

    @property
    def moves_per_day(self) -> float | None:
        return self.moves / self.days if self.days > 0 else None


@dataclass
class PersonStats:
    user_id: int
    guild_id: int | None
    #: This server's figures per title (most played first), and for all titles.
    titles: list[Line]
    total: Line
    #: How often each place (1st, 2nd, ...) was taken in counted games here.
    places: list[int]
    #: Title -> [(time, rating)]: the start, then the rating after each rated game (anywhere).
    history: dict[str, list[tuple[datetime, int]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Leader:
    user_id: int
    rating: int
    rated_games: int
    played: int
    won: int


@dataclass
class TitleStats:
    title: str
    title_name: str
    guild_id: int | None
    #: Games of the title over here: played to the end, ended by a moderator.
    finished: int
    ended: int
    #: People who played it here, and the rated ones best first.
    people: int
    leaders: list[Leader]


@dataclass
class ServerStats:
    guild_id: int | None
    people: int
    #: Per title (most finished first): games finished, ended, moves and days of the finished.
    titles: list[Line]
    #: The last months with a finished game ("2026-11"), and per title the games in each.
    months: list[str]
    per_month: dict[str, list[int]]


def _name(slug: str) -> str:
    title = catalog.title(slug)
    return title.name if title else slug


def _utc(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


class Stats:
    """`/stats`; `game_over` is a listener of the decision that ends a game."""

    def __init__(self, core: Core) -> None:
        self.core = core

    async def game_over(self, s: AsyncSession, game: Game) -> None:
        """The game has just ended (finished, or by a moderator): write its statistics rows
        and ratings in the same transaction."""
        await s.flush()
        await s.run_sync(lambda sync: record(sync.connection(), game.id))

    async def recompute_stats(self) -> tuple[int, int]:
        """Rebuild the statistics from every game that is over, in the order they ended.
        Returns (rows written, games rated)."""
        async with self.core.tx() as s:
            return await s.run_sync(lambda sync: rebuild(sync.connection()))

    async def person_stats(self, guild_id: int | None, user_id: int) -> PersonStats:
        """A person's figures on this server, with their ratings (anywhere) over time."""
        async with self.core.cold_reading() as c:
            rows = (await c.execute(qs.person_results(user_id))).all()
        lines: dict[str, Line] = {}
        total = Line("all", "All games")
        places: list[int] = []
        history: dict[str, list[tuple[datetime, int]]] = {}
        ratings: dict[str, tuple[int, int]] = {}
        for r in rows:
            if r.rating is not None:
                ratings[r.title] = (r.rating, r.games)
            if r.rating_after is not None:
                points = history.setdefault(r.title, [])
                if not points:
                    points.append((_utc(r.finished_at), START))
                points.append((_utc(r.finished_at), r.rating_after))
            if guild_id is not None and r.guild_id != guild_id:
                continue
            line = lines.get(r.title) or lines.setdefault(r.title, Line(r.title, _name(r.title)))
            for one in (line, total):
                _add(one, r)
            if r.counted and r.place:
                places += [0] * (r.place - len(places))
                places[r.place - 1] += 1
        for slug, line in lines.items():
            line.rating, line.rated_games = ratings.get(slug, (None, 0))
        history = {t: points for t, points in history.items() if t in lines}
        ordered = sorted(lines.values(), key=lambda x: (-x.played, x.title_name))
        return PersonStats(user_id, guild_id, ordered, total, places, history)

    async def title_stats(self, guild_id: int | None, slug: str) -> TitleStats:
        """A title's leaderboard among the people who played it on this server."""
        if catalog.title(slug) is None:
            raise ServiceError(f"I don't know the game `{slug}`.")
        async with self.core.cold_reading() as c:
            rows = (await c.execute(qs.title_board(guild_id, slug))).all()
        leaders = [
            Leader(r.user_id, r.rating, r.games, r.played, int(r.won or 0))
            for r in rows
            if r.rating is not None
        ]
        first = rows[0] if rows else None
        return TitleStats(
            slug,
            _name(slug),
            guild_id,
            int(first.finished or 0) if first else 0,
            int(first.ended or 0) if first else 0,
            len(rows),
            leaders,
        )

    async def server_stats(self, guild_id: int | None) -> ServerStats:
        """This server's games per title, and per month."""
        async with self.core.cold_reading() as c:
            rows = (await c.execute(qs.server_games(guild_id))).all()
        lines: dict[str, Line] = {}
        per_month: dict[str, dict[str, int]] = defaultdict(dict)
        for r in rows:
            line = lines.get(r.title) or lines.setdefault(r.title, Line(r.title, _name(r.title)))
            games = int(r.games or 0)
            line.played += games
            line.timeouts += int(r.timeouts or 0)
            if r.status == "finished":
                line.finished += games
                line.moves += int(r.moves or 0)
                line.days += float(r.days or 0.0)
                per_month[r.title][r.month] = per_month[r.title].get(r.month, 0) + games
        months = sorted({m for counts in per_month.values() for m in counts})[-MONTHS:]
        ordered = sorted(lines.values(), key=lambda x: (-x.finished, x.title_name))
        return ServerStats(
            guild_id,
            int(rows[0].people) if rows else 0,
            ordered,
            months,
            {
                t.title: [per_month[t.title].get(m, 0) for m in months]
                for t in ordered
                if t.title in per_month
            },
        )


def _add(line: Line, r: Any) -> None:
    line.played += 1
    line.timeouts += r.timeouts or 0
    line.moves += r.moves
    line.days += max(r.days or 0.0, MIN_DAYS)
    if r.counted:
        line.finished += 1
        line.won += 1 if r.place == 1 else 0
        line.place_sum += r.place or 0
        line.score_sum += r.score or 0
