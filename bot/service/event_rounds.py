"""An event's rounds: seating a round (bot.events.pairing, in one transaction with its table
rows), opening each table as an ordinary game in its thread, recording a table's result in the
transaction that ends its game (a decision listener), and moving on once every table of the
round is over (a durable `EVENT_ADVANCE` timer, set in that same transaction).

Every step can be repeated after a crash and does nothing twice: a round is seated once (its
rows are the record), a table's game is adopted if it was made before the crash (a thread has
one live game), and `advance_event` only moves an event whose round is complete."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from bot import catalog
from bot.db.models import Event, EventTable, Game
from bot.errors import ServiceError
from bot.events import group_rounds
from bot.events.pairing import Entrant, Seating, swiss
from bot.events.standings import standings
from bot.results import Outcome
from bot.service import queries as q
from bot.service.core import Core
from bot.service.event_admin import to_automatic
from bot.service.event_season import SEASON, begin_season, window
from bot.service.events import (
    EVENT_ADVANCE,
    EVENT_DEADLINE,
    NOT_FOUND,
    EventInfo,
    describe_event,
    locked_event,
    results_of,
)
from bot.service.lobby import Lobby
from bot.service.moderation import Moderation
from bot.service.queries import events as qe
from bot.service.queries.timers import add_timers
from engine.rng import Rng


@dataclass(frozen=True)
class TableToOpen:
    """A seated table whose game is not running yet: its thread's name and its people."""

    table_id: int
    event_id: int
    round: int
    number: int
    people: tuple[int, ...]
    channel_id: int
    guild_id: int | None
    thread_name: str
    thread_id: int | None


@dataclass(frozen=True)
class Advance:
    """What a step did: `seated` a new round, `started` a season, `finished` the event,
    `cancelled` it, or `nothing`."""

    what: str
    event: EventInfo


class EventRounds:
    def __init__(self, core: Core, lobby: Lobby, moderation: Moderation) -> None:
        self.core = core
        self.lobby = lobby
        self.moderation = moderation

    # ------------------------------------------------------------------ starting and moving on
    async def start_event(self, event_id: int) -> Advance:
        """Close the sign-up and seat round 1 (too few entrants: the event is cancelled)."""
        async with self.core.tx() as s:
            event = await locked_event(s, event_id)
            entries = await qe.entries(s, event_id)
            if event.status != "signup":
                return Advance("nothing", describe_event(event, entries))
            title = catalog.title(event.title)
            need = title.min_seats if title and event.format != SEASON else 2
            if sum(not e.dropped for e in entries) < max(2, need):
                event.status = "cancelled"
                await s.flush()
                return Advance("cancelled", describe_event(event, entries))
            if event.format == SEASON:
                await begin_season(self.core, s, event)
                return Advance("started", describe_event(event, entries))
            event.status = "running"
            if event.format == "groups":
                await self._make_groups(s, event, [e.user_id for e in entries if not e.dropped])
            await self._seat(s, event)
            return Advance("seated", describe_event(event, await qe.entries(s, event_id)))

    async def advance_event(self, event_id: int) -> Advance:
        """Once every table of the round is over: seat the next round, or finish the event."""
        async with self.core.tx() as s:
            event = await locked_event(s, event_id)
            tables = await qe.tables(s, event_id, event.round)
            if (
                event.status != "running"
                or event.format == SEASON  # (no rounds: its end is `end_season`'s)
                or any(t.status != "over" for t in tables)
            ):
                return Advance("nothing", describe_event(event, await qe.entries(s, event_id)))
            if event.round >= event.rounds:
                event.status = "finished"
                event.round_deadline = None
                await s.flush()
                return Advance("finished", describe_event(event, await qe.entries(s, event_id)))
            await self._seat(s, event)
            return Advance("seated", describe_event(event, await qe.entries(s, event_id)))

    async def end_season(self, event_id: int) -> Advance:
        """A season's end (its timer): once its window is over, the event is finished."""
        async with self.core.tx() as s:
            event = await locked_event(s, event_id)
            entries = await qe.entries(s, event_id)
            if (
                event.format != SEASON
                or event.status != "running"
                or self.core.clock() < window(event)[1]
            ):
                return Advance("nothing", describe_event(event, entries))
            event.status = "finished"
            event.round_deadline = None
            await s.flush()
            return Advance("finished", describe_event(event, entries))

    async def _make_groups(self, s: AsyncSession, event: Event, people: list[int]) -> None:
        """A `groups` event's start: its groups balanced by rating (kept on the event), and its
        rounds, the longest group's round robin."""
        ratings = await qe.ratings(s, event.title, people)
        size = int((event.rules or {}).get("group_size", event.seats))
        made = group_rounds.make_groups(
            {p: float(ratings.get(p, 0)) for p in people}, size, event.seed
        )
        event.groups = made
        plans = group_rounds.schedules(made, event.seats, event.seed)
        event.rounds = group_rounds.round_count(plans)

    async def _seat(self, s: AsyncSession, event: Event) -> None:
        """Seat the next round: its tables and byes as rows, its deadline as a timer."""
        round_no = event.round + 1
        if event.format == "groups":
            seating = await self._group_seating(s, event, round_no)
        else:
            seating = await self._swiss_seating(s, event, round_no)
        number = 0
        for number, people in enumerate(seating.tables, 1):
            s.add(EventTable(event_id=event.id, round=round_no, number=number, people=list(people)))
        for k, who in enumerate(seating.byes, number + 1):
            s.add(
                EventTable(
                    event_id=event.id,
                    round=round_no,
                    number=k,
                    people=[who],
                    bye=True,
                    status="over",
                )
            )
        event.round = round_no
        now = self.core.clock()
        event.round_deadline = now + timedelta(hours=event.round_hours)
        timer = {"event": event.id, "round": round_no}
        timers: list[dict] = [
            {
                "game_id": None,
                "kind": EVENT_DEADLINE,
                "due_at": event.round_deadline,
                "payload": timer,
            }
        ]
        if not seating.tables:  # (only byes: no table's end will move the event on)
            timers.append(
                {
                    "game_id": None,
                    "kind": EVENT_ADVANCE,
                    "due_at": now,
                    "payload": {"event": event.id},
                }
            )
        await add_timers(s, timers)
        self.core.wake_after_commit(s, now if not seating.tables else event.round_deadline)
        await s.flush()

    async def _group_seating(self, s: AsyncSession, event: Event, round_no: int) -> Seating:
        """A `groups` round: each group's round of its schedule, without those dropped."""
        active = {e.user_id for e in await qe.entries(s, event.id) if not e.dropped}
        plans = group_rounds.schedules(event.groups or [], event.seats, event.seed)
        title = catalog.title(event.title)
        need = title.min_seats if title else event.seats
        return group_rounds.group_round(plans, round_no, active, need)

    async def _swiss_seating(self, s: AsyncSession, event: Event, round_no: int) -> Seating:
        """A Swiss round from the standings so far."""
        entries = [e for e in await qe.entries(s, event.id) if not e.dropped]
        done = await qe.tables(s, event.id)
        table = standings(results_of(done))
        points = {r.id: r.points for r in table}
        byes = {r.id: r.byes for r in table}
        met: dict[int, set[int]] = {}
        for t in done:
            for p in t.people:
                met.setdefault(int(p), set()).update(int(x) for x in t.people if x != p)
        ratings = await qe.ratings(s, event.title, (e.user_id for e in entries))
        entrants = [
            Entrant(
                e.user_id,
                points.get(e.user_id, 0.0),
                float(ratings.get(e.user_id, 0)),
                byes.get(e.user_id, 0),
                frozenset(met.get(e.user_id, ())),
            )
            for e in entries
        ]
        title = catalog.title(event.title)
        seed = Rng.from_seed(event.seed).fork(round_no).next64()
        return swiss(entrants, event.seats, seed, title.min_seats if title else None)

    # ------------------------------------------------------------------ tables
    async def tables_to_open(self, event_id: int) -> list[TableToOpen]:
        """The round's tables seated but not yet playing (after a crash too)."""
        async with self.core.readers() as s:
            event = await qe.event(s, event_id)
            if event is None:
                raise ServiceError(NOT_FOUND)
            rows = await qe.tables(s, event_id, event.round)
            return [
                TableToOpen(
                    t.id,
                    event.id,
                    t.round,
                    t.number,
                    tuple(int(p) for p in t.people),
                    event.channel_id,
                    event.guild_id,
                    thread_name(event, t),
                    t.thread_id,
                )
                for t in rows
                if t.status == "seated" and not t.bye
            ]

    async def open_table(self, table_id: int, thread_id: int) -> Outcome | None:
        """Start the table's game in its thread, every entrant seated (its clocks running).
        Repeated after a crash, it adopts the game already made in the thread."""
        async with self.core.tx() as s:
            table = await qe.table(s, table_id)
            if table is None:
                raise ServiceError("That table doesn't exist.")
            event = await qe.event(s, table.event_id)
            assert event is not None
            table.thread_id = thread_id
            game_id = table.game_id
        people = [int(p) for p in table.people]
        if game_id is None:
            game_id = await self._make_game(event, table, thread_id, people)
        async with self.core.readers() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            seated = {x.user_id for x in await q.holders(s, game_id)}
            status = game.status
        for person in people:
            if person not in seated and status == "lobby":
                await self.lobby.join(thread_id, person)
        out = None  # (started before a crash: its first turn message is owed, and posted)
        if status == "lobby":
            out = await self.lobby.start(thread_id, people[0], is_moderator=True)
        out = await self._dropped_to_automatic(table.event_id, game_id, people) or out
        async with self.core.tx() as s:
            row = await qe.table(s, table_id)
            if row is not None and row.status == "seated":
                row.status = "playing"
        return out

    async def _dropped_to_automatic(
        self, event_id: int, game_id: int, people: list[int]
    ) -> Outcome | None:
        """Those dropped after the round was seated, before their table opened: the automatic
        player takes their seat (as `drop_entrant` does at a table playing). The last outcome,
        to post; None if nobody was."""
        async with self.core.readers() as s:
            gone = {e.user_id for e in await qe.entries(s, event_id) if e.dropped}
        out = None
        for person in people:
            if person in gone:
                try:
                    out = await to_automatic(
                        self.core, self.moderation, game_id, person, 0, "event-drop"
                    )
                except ServiceError:  # (theirs already, or the game is over)
                    continue
        return out

    async def _make_game(
        self, event: Event, table: EventTable, thread_id: int, people: list[int]
    ) -> int:
        try:
            info = await self.lobby.create(
                guild_id=event.guild_id,
                channel_id=thread_id,
                user_id=people[0],
                title_slug=event.title,
                seats=len(people),
                options=dict(event.options or {}),
                seed=Rng.from_seed(event.seed).fork(1000 + table.id).next64() >> 2,
                pace=event.pace,
                expiry=event.expiry_policy,
            )
            game_id = info.id
        except ServiceError:  # made before a crash: the thread's live game is the table's
            async with self.core.readers() as s:
                game_id = await q.live_game_id(s, thread_id)
        async with self.core.tx() as s:
            row = await qe.table(s, table.id)
            assert row is not None
            row.game_id = game_id
        return game_id

    async def table_over(self, s: AsyncSession, game: Game) -> None:
        """A decision listener: a game that ends an event's table writes the table's result,
        and once the round's last table is over, the event's move on is due (a timer)."""
        table = await qe.table_of_game(s, game.id)
        if table is None or table.status == "over":
            return
        people = [int(p) for p in table.people]
        seats = await qe.seats_of(s, game.id, people)
        raw = game.result or {}
        places = {int(k): int(v) for k, v in (raw.get("places") or {}).items()}
        scores = {int(k): int(v) for k, v in (raw.get("scores") or {}).items()}
        # (a game a moderator ended has no result: its entrants share the place)
        table.places = {str(p): places.get(seats.get(p, -1), 1) for p in people}
        table.scores = {str(p): scores.get(seats.get(p, -1), 0) for p in people}
        table.status = "over"
        await s.flush()
        rest = await qe.tables(s, table.event_id, table.round)
        if all(t.status == "over" for t in rest):
            now = self.core.clock()
            await add_timers(
                s,
                [
                    {
                        "game_id": None,
                        "kind": EVENT_ADVANCE,
                        "due_at": now,
                        "payload": {"event": table.event_id},
                    }
                ],
            )
            self.core.wake_after_commit(s, now)


def thread_name(event: Event, table: EventTable) -> str:
    """The thread of a table: unique in its channel, found again by name after a crash."""
    return f"{event.name[:60]} · round {table.round} · table {table.number}"
