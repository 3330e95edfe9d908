"""What happens to an event's people outside the pairing: a moderator drops someone (the
automatic player takes their running table's seat; they are not seated again) or adds someone
(seated from the next round), and a round's deadline ends the tables still playing.

The stated rule for a deadline: each seat of a table still playing passes to the automatic
player, which plays the game to its end at once (the clocks' `automatic` expiry, for every
seat); its result counts like any other table's. Every act is audited."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Event, EventEntry, Game
from bot.errors import ServiceError
from bot.results import Outcome
from bot.service import queries as q
from bot.service.core import Core
from bot.service.events import EventInfo, describe_event, locked_event
from bot.service.moderation import Moderation
from bot.service.queries import events as qe

DEADLINE_ACT = "event-deadline"


class EventAdmin:
    def __init__(self, core: Core, moderation: Moderation) -> None:
        self.core = core
        self.moderation = moderation

    async def drop_entrant(
        self, event_id: int, user_id: int, actor: int
    ) -> tuple[EventInfo, Outcome | None]:
        """Drop a person from a running (or signing-up) event: not seated again; at a table
        still playing, the automatic player takes their seat (its outcome, to post)."""
        async with self.core.tx() as s:
            event = await locked_event(s, event_id)
            if event.status not in ("signup", "running"):
                raise ServiceError("This event is over.")
            found = await qe.entry(s, event_id, user_id)
            if found is None or found.dropped:
                raise ServiceError(f"<@{user_id}> is not in this event.")
            found.dropped = True
            await self.core.audit(s, None, actor, "event-drop", f"{event_id} {user_id}")
            await s.flush()
            info = describe_event(event, await qe.entries(s, event_id))
            game_id = await _playing_game(s, event, user_id)
        if game_id is None:
            return info, None
        return info, await self._to_automatic(game_id, user_id, actor, "event-drop")

    async def add_entrant(self, event_id: int, user_id: int, actor: int) -> EventInfo:
        """Add a person (or take a dropped one back): seated from the next round."""
        async with self.core.tx() as s:
            event = await locked_event(s, event_id)
            if event.status not in ("signup", "running"):
                raise ServiceError("This event is over.")
            found = await qe.entry(s, event_id, user_id)
            if found is not None and not found.dropped:
                raise ServiceError(f"<@{user_id}> is in this event already.")
            if event.groups is not None and all(user_id not in g for g in event.groups):
                raise ServiceError(
                    "This event's groups were made at its start: only someone of a group "
                    "(dropped) can be taken back."
                )
            if found is None:
                s.add(EventEntry(event_id=event_id, user_id=user_id))
            else:
                found.dropped = False
            await self.core.audit(s, None, actor, "event-add", f"{event_id} {user_id}")
            await s.flush()
            return describe_event(event, await qe.entries(s, event_id))

    async def reseat_entrant(
        self, event_id: int, user_id: int, actor: int
    ) -> tuple[EventInfo, Outcome | None]:
        """Take a dropped person back and give them their seat again at their table still
        playing (the automatic player held it meanwhile): its outcome, to post. Without such a
        table they are seated from the next round, as `add_entrant` does."""
        async with self.core.tx() as s:
            event = await locked_event(s, event_id)
            found = await qe.entry(s, event_id, user_id)
            if event.status != "running" or found is None or not found.dropped:
                raise ServiceError(
                    f"Only someone dropped from a running event can be re-seated; "
                    f"<@{user_id}> is not."
                )
            found.dropped = False
            await self.core.audit(s, None, actor, "event-reseat", f"{event_id} {user_id}")
            await s.flush()
            info = describe_event(event, await qe.entries(s, event_id))
            game_id = await _playing_game(s, event, user_id)
        if game_id is None:
            return info, None
        return info, await self._back_to(game_id, user_id, actor)

    async def _back_to(self, game_id: int, user_id: int, actor: int) -> Outcome | None:
        """The person's own seat in the game, from the automatic player, back to them."""
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            if game is None or game.status != "running":
                return None
            seat_no = (await qe.seats_of(s, game_id, [user_id])).get(user_id)
            holders = {x.seat_no: x for x in await q.holders(s, game_id)}
            holder = holders.get(seat_no) if seat_no is not None else None
            if seat_no is None or holder is None or not holder.is_bot:
                return None
            return await self.moderation.seat_to(s, game, actor, seat_no, user_id, "event-reseat")

    async def round_deadline(self, event_id: int, round_no: int) -> list[Outcome]:
        """The round's deadline: every table still playing is finished by the automatic
        players (the outcomes to post: each table's last). A later round's, or an event
        moved on since, is nothing."""
        async with self.core.readers() as s:
            event = await qe.event(s, event_id)
            if event is None or event.status != "running" or event.round != round_no:
                return []
            games = [
                (t.game_id, [int(p) for p in t.people])
                for t in await qe.tables(s, event_id, round_no)
                if t.status == "playing" and t.game_id is not None
            ]
        ended = []
        for game_id, people in games:
            last = None
            for person in people:
                try:
                    last = await self._to_automatic(game_id, person, 0, DEADLINE_ACT)
                except ServiceError:  # (already the automatic player's, or the game is over)
                    continue
            if last is not None:
                ended.append(last)
        return ended

    async def _to_automatic(self, game_id: int, user_id: int, actor: int, act: str) -> Outcome:
        return await to_automatic(self.core, self.moderation, game_id, user_id, actor, act)


async def to_automatic(
    core: Core, moderation: Moderation, game_id: int, user_id: int, actor: int, act: str
) -> Outcome:
    """The person's seat in the game passes to the automatic player (which moves on)."""
    async with core.lock(game_id), core.tx(game_id) as s:
        game = await s.get(Game, game_id)
        if game is None or game.status != "running":
            raise ServiceError("That table's game is over.")
        seat = next(
            (x for x in await q.holders(s, game_id) if x.user_id == user_id and not x.is_bot),
            None,
        )
        if seat is None:
            raise ServiceError(f"<@{user_id}> holds no seat there any more.")
        return await moderation.seat_to(s, game, actor, seat.seat_no, None, act)


async def _playing_game(s: AsyncSession, event: Event, user_id: int) -> int | None:
    """The game of the person's table of the current round, while it plays (None: none)."""
    for table in await qe.tables(s, event.id, event.round):
        if table.status == "playing" and user_id in [int(p) for p in table.people]:
            return table.game_id
    return None
