"""The statistics views' queries (`/stats`): each ONE statement over the derived tables
(`game_results`, `ratings`; see bot.db.stat_rows)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, String, and_, case, func, nullslast, select
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement

from bot.db.models import GameResult, Rating

RESULTS = GameResult.__table__
RATINGS = Rating.__table__


class month_of(FunctionElement):  # noqa: N801 (an SQL function)
    """'YYYY-MM' of a timestamp (UTC), in each dialect's words."""

    type = String()
    inherit_cache = True


@compiles(month_of)
def _month_sqlite(element: Any, compiler: Any, **kw: Any) -> str:
    return f"substr({compiler.process(element.clauses, **kw)}, 1, 7)"


@compiles(month_of, "postgresql")
def _month_pg(element: Any, compiler: Any, **kw: Any) -> str:
    return f"to_char(({compiler.process(element.clauses, **kw)}) AT TIME ZONE 'UTC', 'YYYY-MM')"


def _here(guild_id: int | None) -> Any:
    return RESULTS.c.guild_id == guild_id if guild_id is not None else True


def _as_int(flag: Any) -> Any:
    return case((flag, 1), else_=0)


_PERSON = (
    select(
        RESULTS.c.guild_id,
        RESULTS.c.title,
        RESULTS.c.status,
        RESULTS.c.counted,
        RESULTS.c.place,
        RESULTS.c.score,
        RESULTS.c.moves,
        RESULTS.c.timeouts,
        RESULTS.c.days,
        RESULTS.c.finished_at,
        RESULTS.c.rating_after,
        RATINGS.c.rating,
        RATINGS.c.games,
    )
    .select_from(
        RESULTS.outerjoin(
            RATINGS,
            and_(RATINGS.c.user_id == RESULTS.c.user_id, RATINGS.c.title == RESULTS.c.title),
        )
    )
    .order_by(RESULTS.c.finished_at, RESULTS.c.game_id)
)


def person_results(user_id: int) -> Select:
    """A person's result rows everywhere, with their rating of each title, oldest first."""
    return _PERSON.where(RESULTS.c.user_id == user_id)


def title_board(guild_id: int | None, slug: str) -> Select:
    """Per person who played the title here: games played and won, rating (best first);
    with the title's finished and ended games here on every row."""
    where = and_(_here(guild_id), RESULTS.c.title == slug)
    counted = RESULTS.c.counted.is_(True)
    per_person = (
        select(
            RESULTS.c.user_id,
            func.count().label("played"),
            func.sum(_as_int(and_(counted, RESULTS.c.place == 1))).label("won"),
        )
        .where(where)
        .group_by(RESULTS.c.user_id)
        .subquery("p")
    )
    games = select(func.count()).where(where, RESULTS.c.game_row.is_(True))
    finished = games.where(RESULTS.c.status == "finished").scalar_subquery()
    ended = games.where(RESULTS.c.status == "ended").scalar_subquery()
    return (
        select(
            per_person.c.user_id,
            per_person.c.played,
            per_person.c.won,
            RATINGS.c.rating,
            RATINGS.c.games,
            finished.label("finished"),
            ended.label("ended"),
        )
        .select_from(
            per_person.outerjoin(
                RATINGS,
                and_(RATINGS.c.user_id == per_person.c.user_id, RATINGS.c.title == slug),
            )
        )
        .order_by(nullslast(RATINGS.c.rating.desc()), per_person.c.played.desc())
    )


def server_games(guild_id: int | None) -> Select:
    """The server's games, moves, days and timeouts per title, status and month; with the
    count of people who played here on every row."""
    month = month_of(RESULTS.c.finished_at).label("month")
    game_row = RESULTS.c.game_row.is_(True)
    people = select(func.count(func.distinct(RESULTS.c.user_id))).where(_here(guild_id))
    return (
        select(
            RESULTS.c.title,
            RESULTS.c.status,
            month,
            func.sum(_as_int(game_row)).label("games"),
            func.sum(RESULTS.c.moves).label("moves"),
            func.sum(case((game_row, RESULTS.c.days), else_=0.0)).label("days"),
            func.sum(RESULTS.c.timeouts).label("timeouts"),
            people.scalar_subquery().label("people"),
        )
        .where(_here(guild_id))
        .group_by(RESULTS.c.title, RESULTS.c.status, month)
    )
