"""Events (tournaments): a moderator opens one (`create_event`), people sign up and leave until
it starts, and its standings are worked out from its tables (bot.events.standings). The rounds
themselves are bot/service/event_rounds.py's.

An event is rows (`Event`, `EventEntry`, `EventTable`); its start is a durable timer
(`EVENT_START`), set in the transaction that creates it."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from bot import catalog
from bot.db.models import Event, EventEntry, EventTable
from bot.errors import ServiceError
from bot.events.standings import Bye, Standing, TableResult, standings
from bot.service.clock_rules import parse_pace, parse_policy
from bot.service.core import Core
from bot.service.event_season import BEST_DEFAULT, MAX_WINDOW_DAYS, SEASON, season_table, window
from bot.service.options import parse_options
from bot.service.queries import events as qe
from bot.service.queries.timers import add_timers

EVENT_START = "event_start"
EVENT_ADVANCE = "event_advance"
EVENT_DEADLINE = "event_deadline"
#: The formats `/event new` offers, and their labels (one place: each format adds its entry).
FORMATS = {
    "swiss": "Swiss: rounds of tables seated by standing",
    "groups": "Round robin in groups: everyone meets everyone in their group",
    SEASON: "Season: any games in a window, best results count",
}
#: A `groups` event's groups: from a table's size up to this many entrants.
MAX_GROUP_SIZE = 16
DEFAULT_GROUP_SIZE = 4
MAX_ROUNDS = 12
NOT_FOUND = "That event doesn't exist."


@dataclass(frozen=True)
class EventInfo:
    id: int
    guild_id: int | None
    channel_id: int
    name: str
    title: str
    title_name: str
    format: str
    seats: int
    rounds: int
    status: str
    round: int
    starts_at: datetime
    round_deadline: datetime | None
    #: Signed up and still in, in the order they joined; and those who dropped out.
    entrants: tuple[int, ...]
    dropped: tuple[int, ...]
    signup_message_id: int | None
    min_finished: int
    #: How long each round lasts (hours), and the tables' clock (None: no clock).
    round_hours: float = 0.0
    pace: str | None = None
    #: Entry rule: no clock run out in the person's last this many games here (0: none).
    clean_last: int = 0
    #: The role given to the winner(s) when it finishes (None: none).
    winner_role_id: int | None = None
    #: A `groups` event: the group size asked for, and its groups once started (each
    #: strongest first; empty before the start and for a Swiss event).
    group_size: int = 0
    groups: tuple[tuple[int, ...], ...] = ()
    #: A season: the games counted per entrant, and when its window ends.
    best: int = 0
    ends_at: datetime | None = None


@dataclass(frozen=True)
class RoundTable:
    """A table of the event's current round, as people see it (a bye has one person)."""

    number: int
    people: tuple[int, ...]
    thread_id: int | None
    status: str
    bye: bool


def describe_event(event: Event, entries: list[EventEntry]) -> EventInfo:
    title = catalog.title(event.title)
    return EventInfo(
        id=event.id,
        guild_id=event.guild_id,
        channel_id=event.channel_id,
        name=event.name,
        title=event.title,
        title_name=title.name if title else event.title,
        format=event.format,
        seats=event.seats,
        rounds=event.rounds,
        status=event.status,
        round=event.round,
        starts_at=event.starts_at,
        round_deadline=event.round_deadline,
        entrants=tuple(e.user_id for e in entries if not e.dropped),
        dropped=tuple(e.user_id for e in entries if e.dropped),
        signup_message_id=event.signup_message_id,
        min_finished=int((event.rules or {}).get("min_finished", 0)),
        clean_last=int((event.rules or {}).get("clean_last", 0)),
        round_hours=float(event.round_hours),
        pace=event.pace,
        winner_role_id=event.winner_role_id,
        group_size=int((event.rules or {}).get("group_size", 0)),
        groups=tuple(tuple(int(p) for p in g) for g in event.groups or ()),
        best=int((event.rules or {}).get("best", 0)),
        ends_at=window(event)[1] if event.format == SEASON else None,
    )


def results_of(tables: list[EventTable]) -> list[TableResult | Bye]:
    """The finished tables and byes, as the standings read them."""
    out: list[TableResult | Bye] = []
    for t in tables:
        if t.bye:
            out.append(Bye(int(t.people[0])))
        elif t.status == "over" and t.places is not None:
            out.append(
                TableResult(
                    entrants=tuple(int(p) for p in t.people),
                    places={int(k): int(v) for k, v in t.places.items()},
                    scores={int(k): int(v) for k, v in (t.scores or {}).items()},
                    seats=len(t.people),
                )
            )
    return out


def winners_of(rows: list[Standing], groups: tuple[tuple[int, ...], ...] = ()) -> list[int]:
    """First place: everyone tied on points at the top (nobody before a game); with `groups`
    (a groups event), first place of each group, group after group."""
    if groups:
        return [w for g in groups for w in winners_of([r for r in rows if r.id in g])]
    if not rows or not rows[0].games and not rows[0].byes:
        return []
    return [r.id for r in rows if r.points == rows[0].points]


def _check_format(format: str, seats: int, rounds: int | None, group_size: int) -> int:
    """The event's rounds as stored at its creation (a `groups` event's: 0 until it starts)."""
    if format not in FORMATS:
        raise ServiceError(f"An event's format is one of: {', '.join(FORMATS)}.")
    if format == "groups":
        if rounds is not None:
            raise ServiceError(
                "A groups event's rounds follow from its groups (everyone meets everyone in "
                "their group): leave `rounds` out."
            )
        if not seats <= group_size <= MAX_GROUP_SIZE:
            raise ServiceError(
                f"A group has from a table's seats ({seats}) to {MAX_GROUP_SIZE} entrants."
            )
        return 0
    if rounds is None or not 1 <= rounds <= MAX_ROUNDS:
        raise ServiceError(f"A Swiss event has 1 to {MAX_ROUNDS} rounds.")
    return rounds


async def locked_event(s: AsyncSession, event_id: int) -> Event:
    """The event, its row locked to the end of the transaction (on PostgreSQL, one process
    moves an event at a time), or a polite refusal when there is no such event."""
    event = await qe.event(s, event_id, for_update=True)
    if event is None:
        raise ServiceError(NOT_FOUND)
    return event


class Events:
    def __init__(self, core: Core) -> None:
        self.core = core

    async def create_event(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        actor: int,
        name: str,
        title_slug: str,
        seats: int,
        rounds: int | None,
        starts_in_hours: float,
        round_hours: float,
        options: str | None = None,
        pace: str | None = None,
        expiry: str | None = None,
        min_finished: int = 0,
        clean_last: int = 0,
        seed: int | None = None,
        winner_role_id: int | None = None,
        format: str = "swiss",
        group_size: int | None = None,
        window_days: float = 0.0,
        best: int = BEST_DEFAULT,
    ) -> EventInfo:
        """An event: sign-up now, round 1 seated `starts_in_hours` from now, each round's
        unfinished tables ended `round_hours` after it was seated. `format`: swiss (`rounds`
        rounds), groups (round robins in groups of `group_size`, by default 4 or the seats if
        more; the rounds follow from the groups, at the start) or a season (from the sign-up's
        close for `window_days`, each entrant's best `best` games count:
        bot/service/event_season.py; `seats`, `rounds` and `round_hours` are not read).
        Entry rules: at least `min_finished` games finished on this server, and no clock run
        out in the last `clean_last` games there (0: no rule)."""
        title = catalog.title(title_slug)
        if title is None:
            names = ", ".join(t.slug for t in catalog.offered())
            raise ServiceError(f"I don't know the game `{title_slug}`. I can host: {names}.")
        if format not in FORMATS:
            raise ServiceError(f"An event's format is one of: {', '.join(FORMATS)}.")
        rules = {"min_finished": max(0, min_finished), "clean_last": max(0, clean_last)}
        if format == SEASON:
            if not 1 <= window_days <= MAX_WINDOW_DAYS or not 1 <= best <= 100:
                raise ServiceError(
                    f"A season lasts 1 to {MAX_WINDOW_DAYS} days and counts each entrant's "
                    "best 1 to 100 games."
                )
            seats, rounds, round_hours = title.max_seats, 0, window_days * 24
            rules["best"] = best
        if not title.min_seats <= seats <= title.max_seats:
            raise ServiceError(
                f"{title.name} tables seat {title.min_seats} to {title.max_seats}, not {seats}."
            )
        group_size = max(DEFAULT_GROUP_SIZE, seats) if group_size is None else group_size
        if format != SEASON:
            rounds = _check_format(format, seats, rounds, group_size)
        long = MAX_WINDOW_DAYS if format == SEASON else 90
        if not 0 <= starts_in_hours <= 24 * 60 or not 1 <= round_hours <= 24 * long:
            raise ServiceError("Sign-up lasts up to 60 days, and a round from 1 hour to 90 days.")
        name = " ".join(name.split())[:100] or f"{title.name} event"
        parsed = parse_options(title, options)
        parse_pace(pace)  # (checked here; each table's game reads it again)
        now = self.core.clock()
        async with self.core.tx() as s:
            event = Event(
                guild_id=guild_id,
                channel_id=channel_id,
                name=name,
                title=title.slug,
                format=format,
                seats=seats,
                rounds=rounds,
                options=parsed,
                pace=pace,
                expiry_policy=parse_policy(expiry),
                starts_at=now + timedelta(hours=starts_in_hours),
                round_hours=round_hours,
                rules={**rules, **({"group_size": group_size} if format == "groups" else {})},
                seed=seed if seed is not None else secrets.randbits(62),
                created_by=actor,
                winner_role_id=winner_role_id,
            )
            s.add(event)
            await s.flush()
            await add_timers(
                s,
                [
                    {
                        "game_id": None,
                        "kind": EVENT_START,
                        "due_at": event.starts_at,
                        "payload": {"event": event.id},
                    }
                ],
            )
            self.core.wake_after_commit(s, event.starts_at)
            await self.core.audit(s, None, actor, "event-new", f"{event.id} {name}")
            return describe_event(event, [])

    async def set_signup_message(self, event_id: int, message_id: int) -> None:
        async with self.core.tx() as s:
            event = await qe.event(s, event_id)
            if event is not None:
                event.signup_message_id = message_id

    async def event_info(self, event_id: int) -> EventInfo:
        async with self.core.readers() as s:
            event = await qe.event(s, event_id)
            if event is None:
                raise ServiceError(NOT_FOUND)
            return describe_event(event, await qe.entries(s, event_id))

    async def join_event(self, event_id: int, user_id: int) -> EventInfo:
        async with self.core.tx() as s:
            event = await locked_event(s, event_id)
            if event.status != "signup":
                raise ServiceError("Sign-up for this event is closed.")
            need = int((event.rules or {}).get("min_finished", 0))
            if need and await qe.finished_games(s, event.guild_id, user_id) < need:
                raise ServiceError(
                    f"This event is open to people who finished at least {need} games on "
                    "this server."
                )
            clean = int((event.rules or {}).get("clean_last", 0))
            if clean and await qe.recent_timeouts(s, event.guild_id, user_id, clean):
                raise ServiceError(
                    f"This event is open to people whose clock has not run out in their last "
                    f"{clean} games on this server."
                )
            found = await qe.entry(s, event_id, user_id)
            if found is not None and not found.dropped:
                raise ServiceError("You're signed up already.")
            if found is None:
                s.add(EventEntry(event_id=event_id, user_id=user_id))
            else:
                found.dropped = False
            await s.flush()
            return describe_event(event, await qe.entries(s, event_id))

    async def leave_event(self, event_id: int, user_id: int) -> EventInfo:
        """Leave during sign-up (once it runs, a moderator drops people: `drop_entrant`)."""
        async with self.core.tx() as s:
            event = await locked_event(s, event_id)
            if event.status != "signup":
                raise ServiceError(
                    "The event has started: ask a moderator to drop you (your table goes on "
                    "with the automatic player)."
                )
            found = await qe.entry(s, event_id, user_id)
            if found is None or found.dropped:
                raise ServiceError("You're not signed up.")
            await s.delete(found)
            await s.flush()
            return describe_event(event, await qe.entries(s, event_id))

    async def event_standings(self, event_id: int) -> tuple[EventInfo, list[Standing]]:
        """The standings so far: points by place, then opponents' points, then score share (a
        season: from the window's games, bot.events.season)."""
        async with self.core.readers() as s:
            event = await qe.event(s, event_id)
            if event is None:
                raise ServiceError(NOT_FOUND)
            info = describe_event(event, await qe.entries(s, event_id))
            if event.format == SEASON:
                return info, await season_table(s, event, list(info.entrants))
            rows = standings(results_of(await qe.tables(s, event_id)))
        seen = {r.id for r in rows}
        rows += [Standing(i) for i in info.entrants if i not in seen]
        return info, rows

    async def channel_event(self, channel_id: int) -> EventInfo:
        """The newest event of the channel, or of the event a table thread belongs to."""
        async with self.core.readers() as s:
            event = await qe.newest_in_channel(s, channel_id) or await qe.of_thread(s, channel_id)
            if event is None:
                raise ServiceError("There is no event in this channel yet.")
            return describe_event(event, await qe.entries(s, event.id))

    async def running_events(self) -> list[int]:
        """The running events of this process's shards (the start-up repair's)."""
        async with self.core.readers() as s:
            return await qe.running(s, self.core.shards)

    async def final_unposted(self) -> list[int]:
        """Finished events whose final standings a crash kept from being posted."""
        async with self.core.readers() as s:
            return await qe.final_unposted(s, self.core.shards)

    async def final_posted(self, event_id: int) -> None:
        async with self.core.tx() as s:
            event = await qe.event(s, event_id)
            if event is not None:
                event.final_posted = True

    async def round_tables(self, event_id: int) -> tuple[EventInfo, list[RoundTable]]:
        """The event and its current round's tables and byes, in number order."""
        async with self.core.readers() as s:
            event = await qe.event(s, event_id)
            if event is None:
                raise ServiceError(NOT_FOUND)
            info = describe_event(event, await qe.entries(s, event_id))
            rows = await qe.tables(s, event_id, event.round) if event.round else []
            return info, [
                RoundTable(t.number, tuple(int(p) for p in t.people), t.thread_id, t.status, t.bye)
                for t in rows
            ]
