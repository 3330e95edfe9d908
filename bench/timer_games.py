"""The games bench.dispatcher stores before the bot starts, all through the game service (in
this process, with an injected clock), so every row is what the bot itself would have written.

Time is virtual: `V0` (a day ahead of now) is the instant the burst of timers is due; the bot
later runs with BOARDROOM_CLOCK_OFFSET so that its clock reaches `V0` at a chosen real moment.
Each game is created with the clock set to when it would have started:

- timer games (`timers` of them, tidewater, two people and an automatic player), due at V0:
  40 % reminders (no clock, started 24 h before V0: the turn reminder pings the person asked),
  50 % clock warnings (pace `daily`, started 12 h before: the half-time warning), 10 % expiries
  (pace `fast`, started 2 h before; their one-hour warning is fired in-process at V0 - 1 h, by
  `clock_fired`, which plans the expiry for V0); the kinds in random order: 8 in 10 `automatic` (the automatic player moves,
  a board is drawn), 1 `default` (the rules' default decision), 1 `pause` (moderators pinged);
- one floor game: a reminder due 12 s before V0, alone (one timer's latency);
- background games (the rest up to `games`; tidewater and the test title), started 1 to 23 h
  before V0, a third with a `daily` clock: their reminders, stall timers and clock warnings are
  all due hours after V0.

People are a pool of fake users, two per game; every fifth takes pings by DM (`set_pings`). The
server spends no vacation days (`set_vacation_days 0`), so an expiry goes to its policy."""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from bench.stored import store_one, stored_service
from tests.e2e.fake_discord import FakeDiscord, Message

REMINDER_AFTER = timedelta(hours=24)  # the bot's TURN_REMINDER_HOURS default
FLOOR_LEAD = timedelta(seconds=12)
TITLE = "tidewater"
#: What the message a handled timer causes says, by kind.
MARKS = {"reminder": "has been waiting for your move", "warning": "left on your clock"}
EXPIRY_MARK = "ran out"
GAME_REF = re.compile(r"\(game #(\d+)\)")


class Clock:
    """The service's injected clock."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Due:
    """One timer due at V0 (or the floor's), and what the fake saw of it."""

    game_id: int
    channel: int
    kind: str  # reminder, warning, expiry-automatic, expiry-default, expiry-pause
    hits: list[float] = field(default_factory=list)  # perf_counter of each message showing it

    @property
    def mark(self) -> str:
        return MARKS.get(self.kind, EXPIRY_MARK)


@dataclass
class Plan:
    v0: datetime
    floor: Due
    due: list[Due]
    stored: int
    seconds: float
    due_rows: dict[str, int]
    by_channel: dict[int, Due] = field(default_factory=dict)
    by_game: dict[int, Due] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for d in [self.floor, *self.due]:
            self.by_channel[d.channel] = d
            self.by_game[d.game_id] = d

    def see(self, fake: FakeDiscord, msg: Message) -> Due | None:
        """Count `msg` if it shows a timer handled (in its game's channel, or a DM naming the
        game); the timer it shows."""
        due = self.by_channel.get(msg.channel_id)
        if due is None and fake.channels.get(msg.channel_id, {}).get("type") == 1:
            ref = GAME_REF.search(msg.content)
            due = self.by_game.get(int(ref[1])) if ref else None
        if due is None or due.mark not in msg.content:
            return None
        due.hits.append(msg.created_at)
        return due


def mix(timers: int) -> list[str]:
    expiries = round(timers * 0.1)
    reminders = round(timers * 0.4)
    kinds = ["reminder"] * reminders + ["warning"] * (timers - reminders - expiries)
    policies = ("automatic",) * 8 + ("default", "pause")
    kinds += [f"expiry-{policies[i % 10]}" for i in range(expiries)]
    return kinds


async def store(fake: FakeDiscord, db_url: str, games: int, timers: int, seed: int = 1) -> Plan:
    """Store the games (see the module's doc) in the bot's database; the plan of what is due."""
    from bot.db.models import Timer

    rng = random.Random(seed)
    v0 = datetime.now(UTC).replace(microsecond=0) + timedelta(days=1)
    clock = Clock(v0)
    engine, service = await stored_service(db_url, clock=clock, reminder_after=REMINDER_AFTER)
    t0 = time.perf_counter()
    guild = fake.guild_id
    pool = [int(fake.add_user(f"p{i}")["id"]) for i in range(max(10, games // 50))]
    await service.set_vacation_days(guild, int(fake.users["mod"]["id"]), 0)
    for uid in pool[::5]:
        await service.set_pings(uid, guild, "dm")

    async def one(kind: str, started: datetime, title: str = TITLE, **kw: object) -> Due:
        clock.now = started
        channel = fake.add_channel(f"g-{kind}-{len(fake.channels)}")
        users = rng.sample(pool, 2) if title == TITLE else [rng.choice(pool)]
        info = await store_one(service, channel, title, users, guild_id=guild, **kw)  # type: ignore[arg-type]
        return Due(info.id, channel, kind)

    floor = await one("reminder", v0 - REMINDER_AFTER - FLOOR_LEAD)
    due: list[Due] = []
    kinds = mix(timers)
    rng.shuffle(kinds)  # claimed in the order they were set: the kinds mixed, as on a server
    for kind in kinds:
        if kind == "reminder":
            due.append(await one(kind, v0 - REMINDER_AFTER))
        elif kind == "warning":
            due.append(await one(kind, v0 - timedelta(hours=12), pace="daily"))
        else:
            policy = kind.split("-", 1)[1]
            due.append(await one(kind, v0 - timedelta(hours=2), pace="fast", expiry=policy))
            # Its one-hour warning, an hour ago: claimed and handled by the service as the
            # bot would have (the ping is in the past), which plans the expiry for V0.
            clock.now = v0 - timedelta(hours=1)
            for timer in await service.claim_due_timers():
                assert timer.kind == "clock" and timer.game_id == due[-1].game_id, timer
                await service.clock_fired(timer.payload, timer.game_id)
    for i in range(max(0, games - timers - 1)):
        if i % 3 == 0:
            await one("background", v0 - timedelta(hours=rng.uniform(1, 11)), pace="daily")
        else:
            started = v0 - timedelta(hours=rng.uniform(1, 23))
            await one("background", started, TITLE if i % 3 == 1 else "bazaar")
    clock.now = v0
    await service.flush_deliveries()
    stored = await service.game_count()
    async with service.core.readers() as s:  # what is due by V0 (+ the clock's one second slack)
        rows = await s.execute(
            select(Timer.kind, func.count())
            .where(Timer.due_at <= v0 + timedelta(seconds=1))
            .group_by(Timer.kind)
        )
        due_rows = {kind: n for kind, n in rows}
    await engine.dispose()
    return Plan(v0, floor, due, stored, time.perf_counter() - t0, due_rows)
