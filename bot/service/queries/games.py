"""Games' and seats' queries of the lobby, play again, substitutes, start-up repairs and the
read-only views."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import exists, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from bot.db.models import Action, Audit, Game, Seat, Substitute
from bot.shards import Shards

GAMES, SEATS = Game.__table__, Seat.__table__
_RUNNING = GAMES.c.status == "running"
#: Running games where an automatic player holds a seat.
_WITH_A_BOT = select(GAMES.c.id).where(
    _RUNNING,
    exists().where(
        SEATS.c.game_id == GAMES.c.id, SEATS.c.is_bot.is_(True), SEATS.c.until_version.is_(None)
    ),
)


async def live_here(s: AsyncSession, channel_id: int) -> Game | None:
    """The game live in the channel, if any."""
    return await s.scalar(select(Game).where(Game.live_channel_id == channel_id))


async def live_status(s: AsyncSession, channel_id: int) -> str | None:
    """The status of the game live in the channel, if any."""
    return await s.scalar(select(Game.status).where(Game.live_channel_id == channel_id))


async def set_lobby_message(s: AsyncSession, game_id: int, message_id: int) -> None:
    await s.execute(update(Game).where(Game.id == game_id).values(lobby_message_id=message_id))


async def tenures(s: AsyncSession, game_id: int) -> list[Seat]:
    """Every seat row the game ever had, in order."""
    return list(await s.scalars(select(Seat).where(Seat.game_id == game_id).order_by(Seat.id)))


async def audit_detail(s: AsyncSession, game_id: int, act: str) -> str | None:
    """The detail of the game's (first) audit row of `act`, if any."""
    return await s.scalar(
        select(Audit.detail).where(Audit.game_id == game_id, Audit.act == act).limit(1)
    )


async def game_count(s: AsyncSession) -> int:
    return int(await s.scalar(select(func.count()).select_from(Game)) or 0)


async def newest_live_actions(s: AsyncSession, game_id: int, limit: int) -> list[Action]:
    """The game's live moves, newest first (at most `limit`)."""
    rows = await s.scalars(
        select(Action)
        .where(Action.game_id == game_id, Action.undone_at_version.is_(None))
        .order_by(Action.seq.desc())
        .limit(limit)
    )
    return list(rows)


async def request_game(s: AsyncSession, request_id: int) -> int | None:
    """The game of a substitute request."""
    return await s.scalar(select(Substitute.game_id).where(Substitute.id == request_id))


async def live_requests(
    s: AsyncSession, game_id: int, seat_no: int, live: Iterable[str]
) -> list[Substitute]:
    """The seat's substitute requests in one of the `live` statuses."""
    rows = await s.scalars(
        select(Substitute).where(
            Substitute.game_id == game_id,
            Substitute.seat_no == seat_no,
            Substitute.status.in_(list(live)),
        )
    )
    return list(rows)


async def running_of_older_rules(
    c: AsyncConnection, shards: Shards, rules: Iterable[tuple[str, str]]
) -> list[int]:
    """The running games of this process stored under another rules version than the
    current one of their title ((slug, version) pairs)."""
    older = [
        (GAMES.c.title == slug) & (GAMES.c.rules_version != version) for slug, version in rules
    ]
    if not older:
        return []
    mine = shards.guilds(GAMES.c.guild_id)
    return list((await c.execute(select(GAMES.c.id).where(_RUNNING, or_(*older), mine))).scalars())


async def running_with_a_bot(c: AsyncConnection, shards: Shards) -> list[int]:
    """The running games of this process where an automatic player holds a seat."""
    mine = shards.guilds(GAMES.c.guild_id)
    return list((await c.execute(_WITH_A_BOT.where(mine))).scalars())
