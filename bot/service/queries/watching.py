"""Spectators' queries (`Watcher` rows): who watches or follows whom in a game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from sqlalchemy import CursorResult, distinct, func, select, update
from sqlalchemy import delete as delete_
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Action, Game, Watcher

_QUIET = {"synchronize_session": False}


async def followed_in_live_games(s: AsyncSession, live: Iterable[str]) -> list[tuple[int, int]]:
    """(game, player) of every allowed follow of a player in a game of the `live` statuses."""
    rows = await s.execute(
        select(Watcher.game_id, Watcher.player_id)
        .join(Game, Game.id == Watcher.game_id)
        .where(
            Watcher.allowed.is_(True),
            Watcher.player_id.is_not(None),
            Game.status.in_(list(live)),
        )
    )
    return [(int(g), int(p)) for g, p in rows]


async def followed_players(s: AsyncSession, game_id: int) -> set[int]:
    """The players followed (allowed) in the game."""
    followed = await s.scalars(
        select(distinct(Watcher.player_id)).where(
            Watcher.game_id == game_id,
            Watcher.allowed.is_(True),
            Watcher.player_id.is_not(None),
        )
    )
    return {p for p in followed if p is not None}


async def rows_of(s: AsyncSession, game_id: int, user_id: int) -> list[Watcher]:
    """The person's watcher rows in the game."""
    rows = await s.scalars(
        select(Watcher).where(Watcher.game_id == game_id, Watcher.user_id == user_id)
    )
    return list(rows)


async def delete(
    s: AsyncSession,
    game_id: int,
    user_id: int | None = None,
    *,
    player_id: int | None = None,
    waiting_only: bool = False,
) -> int:
    """Delete the game's watcher rows (the person's, only following `player_id`, only
    waiting ones, when given); how many."""
    query = delete_(Watcher).where(Watcher.game_id == game_id)
    if user_id is not None:
        query = query.where(Watcher.user_id == user_id)
    if player_id is not None:
        query = query.where(Watcher.player_id == player_id)
    if waiting_only:
        query = query.where(Watcher.allowed.is_(False))
    done = await s.execute(query.execution_options(**_QUIET))
    return int(cast(CursorResult[Any], done).rowcount)  # a DELETE gives a CursorResult


async def allow(s: AsyncSession, game_id: int, user_id: int | None = None) -> None:
    """Allow the game's waiting requests (the person's, when given)."""
    query = update(Watcher).where(Watcher.game_id == game_id)
    if user_id is not None:
        query = query.where(Watcher.user_id == user_id)
    else:
        query = query.where(Watcher.allowed.is_(False))
    await s.execute(query.values(allowed=True).execution_options(**_QUIET))


async def spectators_setting(s: AsyncSession, game_id: int) -> str | None:
    return await s.scalar(select(Game.spectators).where(Game.id == game_id))


async def counts(s: AsyncSession, game_id: int) -> dict[bool, int]:
    """People watching (True) and people waiting for an Allow (False)."""
    rows = await s.execute(
        select(Watcher.allowed, func.count(distinct(Watcher.user_id)))
        .where(Watcher.game_id == game_id)
        .group_by(Watcher.allowed)
    )
    return {bool(allowed): int(n) for allowed, n in rows}


async def allowed_people(s: AsyncSession, game_id: int) -> list[int]:
    """Everyone allowed to watch the game, in order."""
    rows = await s.scalars(
        select(distinct(Watcher.user_id))
        .where(Watcher.game_id == game_id, Watcher.allowed.is_(True))
        .order_by(Watcher.user_id)
    )
    return list(rows)


async def watching_count(s: AsyncSession, game_id: int) -> int:
    """How many people watch the game (requests still waiting for an Allow not counted)."""
    return int(
        await s.scalar(
            select(func.count(distinct(Watcher.user_id))).where(
                Watcher.game_id == game_id, Watcher.allowed.is_(True)
            )
        )
        or 0
    )


async def followers_of_moves(
    s: AsyncSession, game_id: int, after_version: int, upto_version: int
) -> list[tuple[int, int]]:
    """(spectator, followed player) of the players who made a live move committed in the
    versions (after_version, upto_version]."""
    rows = await s.execute(
        select(Watcher.user_id, Action.user_id)
        .join(
            Action,
            (Action.game_id == Watcher.game_id) & (Action.user_id == Watcher.player_id),
        )
        .where(
            Watcher.game_id == game_id,
            Watcher.allowed.is_(True),
            Action.version > after_version,
            Action.version <= upto_version,
            Action.undone_at_version.is_(None),
        )
        .distinct()
    )
    return [(int(w), int(p)) for w, p in rows]
