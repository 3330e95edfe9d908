"""Durable timers: rows in the `timers` table, set in the transaction of the decision they
belong to, claimed (deleted, returning the row) before anything is done with them, so each
fires once even with several processes on one database. Time comes from `self.core.clock`, which
tests replace, so nothing ever sleeps to test a timer.

Here: claiming, and the "reminder" kind (ping the people a decision waits for, once per
decision), checked a claimed batch at a time in one read. The other kinds are handled where
they are set (clocks, stalls, digest)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Seat, Timer
from bot.results import GameInfo
from bot.service import queries as q
from bot.service.core import Core
from bot.service.describe import describe_game
from bot.service.loader import prompts_of, title_of
from bot.service.queries import timers as qt
from bot.service.queries.timers import REMINDER, SPENT

__all__ = ["REMINDER", "Fired", "Timers"]


@dataclass(frozen=True)
class Fired:
    """A claimed timer: it is gone from the table; acting on it is the claimer's job."""

    id: int
    game_id: int | None
    kind: str
    version: int | None
    payload: dict


class Timers:
    def __init__(self, core: Core) -> None:
        self.core = core

    async def next_timer_due(self) -> datetime | None:
        async with self.core.readers() as s:
            due = await qt.next_due(s, self.core.shards)
        return _aware(due) if due is not None else None

    async def claim_due_timers(self, limit: int = 50) -> list[Fired]:
        """Take the timers due by now off the table (one transaction) and return them. A
        claimed reminder leaves a spent row behind (due at `SPENT`), moved by the game's next
        decision like any reminder."""
        now = self.core.clock()
        async with self.core.tx() as s:
            rows = await qt.claim_due(s, now, self.core.shards, limit)
            fired = [Fired(*row) for row in rows]
            spent = [f for f in fired if f.kind == REMINDER and f.game_id is not None]
            if spent:  # (so that no start-up backfill sets them again: one per decision)
                await qt.add_timers(
                    s,
                    [
                        {
                            "game_id": f.game_id,
                            "kind": REMINDER,
                            "due_at": SPENT,
                            "version": f.version,
                            "payload": f.payload,
                        }
                        for f in spent
                    ],
                )
            return fired

    async def reminder_due(self, fired: Fired) -> GameInfo | None:
        """The game a claimed reminder is about, if it still waits on the same decision for a
        person (None: it moved on, ended, or waits on nobody who could be pinged)."""
        return (await self.reminders_due([fired])).get(fired.id)

    async def reminders_due(self, fired: list[Fired]) -> dict[int, GameInfo]:
        """`reminder_due` for a claimed batch, in one read (the games and their seats in two
        statements): timer id -> the game, for the reminders still to send. A reminder names
        the seats its decision asked; one from before that loads the game's state."""
        ids = {f.game_id for f in fired if f.game_id is not None}
        if not ids:
            return {}
        out: dict[int, GameInfo] = {}
        async with self.core.readers() as s:
            games = await q.games_by_id(s, ids)
            seats = await q.holders_of(s, sorted(games))
            for f in fired:
                game = games.get(f.game_id)  # type: ignore[arg-type]
                if game is None or game.status != "running" or game.version != f.version:
                    continue
                try:  # whom it waits for: the seats and the prompts, nothing else
                    info = await self._reminded(s, game, seats.get(game.id, []), f.payload)
                except Exception:
                    continue
                if any(not w.is_bot and w.user_id is not None for w in info.waiting):
                    out[f.id] = info
        return out

    async def _reminded(
        self, s: AsyncSession, game: Game, seats: list[Seat], payload: dict | None
    ) -> GameInfo:
        asked = (payload or {}).get("asked")
        if isinstance(asked, list):  # the same version: the same seats are asked
            info = describe_game(game, seats, None)
            return replace(info, waiting=[h for h in info.holders if h.seat_no in set(asked)])
        title = title_of(game)
        loaded = await self.core.state(s, game, title)
        return describe_game(game, seats, loaded.state, prompts=prompts_of(title, loaded))

    async def ensure_reminders(self) -> int:
        """Running games with no reminder (a database from before timers): one each, due a
        reminder period after their last move; how many were set."""
        if self.core.reminder_after is None:
            return 0
        async with self.core.tx() as s:
            games = await qt.running_without_reminder(s, self.core.shards)
            for game in games:
                s.add(
                    Timer(
                        game_id=game.id,
                        kind=REMINDER,
                        due_at=_aware(game.updated_at) + self.core.reminder_after,
                        version=game.version,
                        payload={},
                    )
                )
        return len(games)


def _aware(when: datetime) -> datetime:
    """SQLite hands datetimes back without a zone; they are stored in UTC."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)
