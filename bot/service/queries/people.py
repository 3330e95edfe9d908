"""People's queries: their vacations, their pending digest, who has quiet hours."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Person, Timer, Vacation


def _on_server(guild_id: int | None) -> Any:
    return Vacation.guild_id.is_(None) if guild_id is None else Vacation.guild_id == guild_id


async def vacations(
    s: AsyncSession, user_ids: Iterable[int], guild_id: int | None, ending_after: datetime
) -> list[Vacation]:
    """The people's vacations taken with `/me away` on this server ending after the time."""
    rows = await s.scalars(
        select(Vacation)
        .where(
            Vacation.user_id.in_(list(user_ids)),
            _on_server(guild_id),
            Vacation.automatic.is_(False),
            Vacation.ends_at > ending_after.astimezone(UTC),
        )
        .order_by(Vacation.starts_at, Vacation.id)
    )
    return list(rows)


async def vacations_between(
    s: AsyncSession, user_id: int, guild_id: int | None, lo: datetime, hi: datetime
) -> list[Vacation]:
    """The person's vacations on this server (days spent by clocks too) overlapping lo..hi."""
    rows = await s.scalars(
        select(Vacation).where(
            Vacation.user_id == user_id,
            _on_server(guild_id),
            Vacation.ends_at > lo,
            Vacation.starts_at < hi,
        )
    )
    return list(rows)


async def digest_timer(s: AsyncSession, user_id: int, kind: str) -> Timer | None:
    """The person's pending digest timer (of `kind`), if any."""
    return await s.scalar(
        select(Timer)
        .where(
            Timer.kind == kind,
            Timer.game_id.is_(None),
            Timer.payload["user_id"].as_integer() == user_id,
        )
        .order_by(Timer.id)
        .limit(1)
    )


async def with_quiet_hours(s: AsyncSession, user_ids: list[int]) -> set[int]:
    """Who of the people has quiet hours."""
    rows = await s.scalars(
        select(Person.user_id).where(Person.user_id.in_(user_ids), Person.quiet_from.is_not(None))
    )
    return set(rows)
