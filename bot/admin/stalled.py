"""`boardroom-admin stalled [--days N]`: the running games nobody moved in for N days (default:
each server's stall setting, `/admin stall_days`, 7 when not set), oldest first, one line
each. "The last move" is the game's last committed change (`games.updated_at`, set by every
version bump), as for the bot's stall detector."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TextIO

from sqlalchemy import select

from bot import catalog
from bot.admin.database import Database
from bot.db.models import Game, GuildSettings
from bot.errors import ServiceError
from bot.results import SeatInfo
from bot.service import GameService
from bot.service.stalls import DEFAULT_DAYS

GAMES = Game.__table__
GUILDS = GuildSettings.__table__


@dataclass(frozen=True)
class StalledGame:
    game_id: int
    title: str
    guild_id: int | None
    channel_id: int
    days: float
    paused: bool


async def stalled_games(db: Database, days: float | None, now: datetime) -> list[StalledGame]:
    """Running games whose last move is at least `days` old (None: the server's setting)."""
    query = (
        select(
            GAMES.c.id,
            GAMES.c.title,
            GAMES.c.guild_id,
            GAMES.c.channel_id,
            GAMES.c.updated_at,
            GAMES.c.paused_at,
            GUILDS.c.stall_days,
        )
        .select_from(GAMES.outerjoin(GUILDS, GUILDS.c.guild_id == GAMES.c.guild_id))
        .where(GAMES.c.status == "running")
        .order_by(GAMES.c.updated_at, GAMES.c.id)
    )
    async with db.engine.connect() as conn:
        rows = (await conn.execute(query)).all()
    found = []
    for row in rows:
        limit = days if days is not None else row.stall_days or DEFAULT_DAYS
        waited = (now - _aware(row.updated_at)) / timedelta(days=1)
        if waited >= limit:
            paused = row.paused_at is not None
            found.append(
                StalledGame(row.id, row.title, row.guild_id, row.channel_id, waited, paused)
            )
    return found


async def waits_for(service: GameService, game_id: int) -> str:
    """Whom the game waits for, as one phrase (read from its newest snapshot)."""
    try:
        info = await service.game_info(game_id)
    except ServiceError as exc:
        return f"unknown ({exc})"
    return ", ".join(_holder(h) for h in info.waiting) or "nobody"


def describe(game: StalledGame, waiting: str) -> str:
    title = catalog.title(game.title)
    name = f"{title.name} ({game.title})" if title is not None else game.title
    guild = game.guild_id if game.guild_id is not None else "none"
    paused = ", paused" if game.paused else ""
    return (
        f"game {game.game_id}: {name}, guild {guild}, channel {game.channel_id}, "
        f"{game.days:.1f} days since the last move{paused}, waits for {waiting}"
    )


async def run(db: Database, days: float | None, out: TextIO) -> int:
    service = db.service()
    found = await stalled_games(db, days, service.clock())
    for game in found:
        print(describe(game, await waits_for(service, game.game_id)), file=out)
    if not found:
        default = f"its server's stall days ({DEFAULT_DAYS} unless set)"
        limit = f"{days:g} days" if days is not None else default
        print(f"no running game has gone {limit} without a move", file=out)
    return 0


def _holder(seat: SeatInfo) -> str:
    who = "the automatic player" if seat.is_bot or seat.user_id is None else f"user {seat.user_id}"
    return f"{who} ({seat.label})"


def _aware(when: datetime) -> datetime:
    """SQLite hands datetimes back without a zone; they are stored in UTC."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)
