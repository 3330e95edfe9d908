"""The timer dispatcher: ONE task that sleeps until the earliest timer in the database (or until
a commit sets a sooner one), claims what is due in batches and hands each timer to the handler
of its kind, CONCURRENCY of them at once. A claimed timer is gone from the table, so it fires
once, also with several bot processes. While nothing is due it reads nothing (one indexed
`min(due_at)` when it wakes, at least once every MAX_SLEEP seconds).

Handlers: "reminder" pings the people a decision has waited on, once per decision, each the
way they chose (`bot.discord.pings`); moderators decide what happens next (`/admin bot`).
"held_ping" and "digest" (pings.py) send what quiet hours held and the daily digests."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from bot import metrics
from bot.discord.cog import Cog
from bot.discord.pings import ping_many, timer_handlers
from bot.results import GameInfo
from bot.service import Fired
from bot.service.clocks import CLOCK
from bot.service.mygames import jump_url
from bot.service.queries.timers import REMINDER
from bot.service.stalls import STALL

log = logging.getLogger("bot.discord.timers")

#: Never sleep longer than this (seconds): a timer set by another process is seen in time.
MAX_SLEEP = 60.0
#: Timers claimed in one transaction.
BATCH = 50
#: Timers handled at once at most. A handler waits on Discord and on the board renderer, and
#: meanwhile others work: 1,000 due timers took about a third less time than one at a time
#: (bench.dispatcher). More at once takes the event loop from people's interactions: with 8,
#: their first answers' p95 about doubled, for bursts no faster (the work is CPU-bound).
CONCURRENCY = 3


def reminder_text(info: GameInfo, hours: float) -> str:
    """What a turn reminder says to each person it pings (`bot.discord.pings` adds the
    mention, or sends it by DM)."""
    waited = f"{hours:g} hour{'s' if hours != 1 else ''}" if hours >= 1 else "a while"
    turn = "the latest turn message"
    if info.turn_message_id is not None:
        turn = f"[{turn}]({jump_url(info.guild_id, info.channel_id, info.turn_message_id)})"
    return (
        f"{info.title_name} (game #{info.id}) has been waiting for your move for "
        f"over {waited}. Use the buttons on {turn}, or `/play`."
    )


class Timers(Cog):
    def __init__(self, bot) -> None:  # type: ignore[no-untyped-def]
        super().__init__(bot)
        self._wake = asyncio.Event()
        #: When the timer slept for is due (None: no timer, or not sleeping).
        self._until: datetime | None = None
        #: Handlers by kind; reminders are checked a batch at a time (`fire_due`).
        self._handlers: dict[str, Callable[[Fired], Awaitable[None]]] = {
            STALL: lambda timer: self.bot.substitutes.stall_fired(timer),
            CLOCK: lambda timer: self.bot.clocks.fire(timer),
        }
        self._handlers.update(timer_handlers(bot))  # held pings and digests (pings.py)
        self._slots = asyncio.Semaphore(CONCURRENCY)
        #: Handlers under way (kept referenced until done).
        self._running: set[asyncio.Task[None]] = set()

    def handle(self, kind: str, handler: Callable[[Fired], Awaitable[None]]) -> None:
        """Fire timers of `kind` with `handler` (the client wires the events' in: one module
        of cogs knows the others)."""
        self._handlers[kind] = handler

    def start(self) -> asyncio.Task[None]:
        self.service.on_timer = self.sooner
        return asyncio.create_task(self.run())

    def sooner(self, due: datetime) -> None:
        """A commit set a timer: wake up if it is due before the one slept for (a reminder a
        day away usually is not: then nothing is read or written for it)."""
        if self._until is None or due < self._until:
            self._wake.set()

    async def run(self) -> None:
        await self.bot.wait_until_ready()
        with contextlib.suppress(Exception):
            await self.service.ensure_reminders()
        with contextlib.suppress(Exception):
            await self.service.ensure_stalls()
        with contextlib.suppress(Exception):
            await self.service.ensure_digests()
        while not self.bot.is_closed():
            self._wake.clear()  # (before the read: a wake-up during it is not lost)
            try:
                due = await self.service.next_timer_due()
                if due is not None and due <= self.service.clock():
                    await self.fire_due()
                    continue
                self._until = due
                delay = MAX_SLEEP if due is None else (due - self.service.clock()).total_seconds()
                delay = max(0.0, min(MAX_SLEEP, delay))
            except Exception:  # a busy database: try again soon
                log.warning("timer pass failed", exc_info=True)
                self._until, delay = None, 5.0
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), delay)

    async def fire_due(self) -> int:
        """Claim a batch of the timers due now and start handling each (at most CONCURRENCY
        at once); return once the last has started: how many were claimed. The batch's
        reminders are checked in one read."""
        fired = await self.service.claim_due_timers(limit=BATCH)
        reminders = [t for t in fired if t.kind == REMINDER]
        infos: dict[int, GameInfo] = {}
        if reminders:
            try:
                infos = await self.service.reminders_due(reminders)
            except Exception:
                log.exception("could not check %d reminders", len(reminders))
        for timer in fired:
            await self._slots.acquire()
            task = asyncio.create_task(self._handle(timer, infos))
            self._running.add(task)
            task.add_done_callback(self._finished)
        return len(fired)

    async def drain(self) -> None:
        """Wait for the handlers under way."""
        while self._running:
            await asyncio.gather(*self._running, return_exceptions=True)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        self._slots.release()

    async def _handle(self, timer: Fired, reminders: dict[int, GameInfo]) -> None:
        """One claimed timer, by its kind's handler (a reminder checked with its batch)."""
        metrics.timer_fired(timer.kind, getattr(reminders.get(timer.id), "guild_id", None))
        try:
            if timer.kind == REMINDER:
                info = reminders.get(timer.id)
                if info is not None:
                    await self.send_reminder(info)
                return
            handler = self._handlers.get(timer.kind)
            if handler is None:
                log.warning("no handler for timer kind %s", timer.kind)
                return
            await handler(timer)
        except Exception:
            log.exception("timer %s failed", timer.kind, extra={"game_id": timer.game_id})

    async def send_reminder(self, info: GameInfo) -> None:
        people = [w.user_id for w in info.waiting if not w.is_bot and w.user_id is not None]
        await ping_many(  # each by their own settings (quiet hours, DM, digest)
            self.bot,
            self.service,
            user_ids=people,
            guild_id=info.guild_id,
            channel_id=info.channel_id,
            game_id=info.id,
            text=reminder_text(info, self.bot.settings.turn_reminder_hours),
            icon="⏰",
            version=info.version,
        )
        log.info("turn reminder sent", extra={"game_id": info.id, "channel_id": info.channel_id})
