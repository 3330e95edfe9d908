"""Durable delivery, the service side: every committed version owes a turn message (recorded in
the decision's transaction). The publisher reports what it posted; marks are written with the
game's next decision, or in one batch by `flush_deliveries` (a posted delivery's row is
deleted). After a crash, `undelivered` lists what is still owed, rebuilt from the database."""

from __future__ import annotations

from bot.db.models import Delivery, Game
from bot.results import Outcome
from bot.service import queries as q
from bot.service.core import Core
from bot.service.decision import Decision
from bot.service.loader import title_of
from bot.service.queries.decision import mark_delivered
from engine.core import Event


class Deliveries:
    def __init__(self, core: Core, decision: Decision) -> None:
        self.core = core
        self.decision = decision

    async def flush_deliveries(self) -> int:
        """Write every outstanding delivery mark in one transaction; how many were written.
        On PostgreSQL it first takes each game's advisory lock, in game order, as a decision
        takes its game's: a decision marking the same game's newer post then waits for it (or
        it for the decision) instead of each holding rows the other needs (a deadlock). Marks
        not written (a busy database) are kept for the next flush."""
        if not self.core.unmarked:
            return 0
        items = sorted((g, v, m) for g, (v, m) in self.core.unmarked.items())
        self.core.unmarked.clear()
        try:
            async with self.core.tx() as s:
                if s.bind.dialect.name == "postgresql":
                    for game_id, _, _ in items:
                        await s.execute(q.GAME_LOCK, {"k": game_id})
                await mark_delivered(s, items)
        except BaseException:
            for game_id, version, message_id in items:
                self.core.posted(game_id, version, message_id)  # (unless a newer post came since)
            raise
        return len(items)

    async def undelivered(self) -> list[Outcome]:
        """The newest owed turn message of every game (older owed ones are superseded), with
        the events of that version's actions; owed rows of games that moved on since are
        queued as done."""
        await self.flush_deliveries()
        async with self.core.readers() as s:
            rows = await q.pending_deliveries(s, self.core.shards.games(Delivery.game_id))
        newest: dict[int, Delivery] = {}
        for row in rows:
            if row.game_id not in newest or newest[row.game_id].version < row.version:
                newest[row.game_id] = row
        owed: list[Outcome] = []
        for row in newest.values():
            outcome = await self._rebuild(row)
            if outcome is not None:
                owed.append(outcome)
            else:
                self.core.posted(row.game_id, row.version, None)
        return owed

    async def _rebuild(self, row: Delivery) -> Outcome | None:
        async with self.core.readers() as s:
            game = await s.get(Game, row.game_id)
            if game is None or game.version != row.version:
                return None  # the game moved on: a newer delivery (or none) replaces it
            title = title_of(game)
            state = (await self.core.state(s, game, title)).state
            actions = await q.actions_of_version(s, game.id, row.version)
            events = [
                Event(e["text"], e.get("private_to"), e.get("barrier", False))
                for a in actions
                for e in a.events
            ]
            seats = await q.holders(s, game.id)
            return await self.decision.outcome(s, game, seats, state, events, prefix=row.prefix)
