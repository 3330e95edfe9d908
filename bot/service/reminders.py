"""Turn reminders: games whose current decision has waited too long for a person."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import or_, select, update

from bot.db.models import Game, utcnow
from bot.results import GameInfo
from bot.service.base import ServiceCore


class ReminderCases(ServiceCore):
    async def due_reminders(self, idle_seconds: float) -> list[GameInfo]:
        """Running games whose current decision has waited longer than `idle_seconds` for at
        least one person, and whose players were not yet reminded of this decision."""
        cutoff = utcnow() - timedelta(seconds=idle_seconds)
        async with self._sessions() as s:
            ids = list(
                await s.scalars(
                    select(Game.id).where(
                        Game.status == "running",
                        Game.updated_at < cutoff,
                        or_(Game.reminded_version.is_(None), Game.reminded_version != Game.version),
                    )
                )
            )
        due = []
        for game_id in ids:
            info = await self.game_info(game_id)  # type: ignore[attr-defined]
            if any(not w.is_bot and w.user_id is not None for w in info.waiting):
                due.append(info)
        return due

    async def mark_reminded(self, game_id: int, version: int) -> None:
        async with self._tx() as s:
            await s.execute(
                update(Game)
                .where(Game.id == game_id)
                .values(reminded_version=version)
                .execution_options(synchronize_session=False)
            )
