"""How long the event loop was held by one piece of work (a stall): while anything runs on
the loop, no interaction is read and no answer sent.

A callback due every `TICK` seconds measures how late it runs (the lag) and how much CPU the
loop's thread used since the last one (busy: the lag without the time the machine gave the
process no core). Both are counted here in plain buckets and read by Prometheus at scrape
time (`boardroom_event_loop_lag_seconds`, `..._busy_seconds`, and the largest of each since
start). Waking the process 100 times a second costs about 1% of a core even when idle (about
3 ms of the bot's CPU per decision taken one at a time, bench.e2e_ab), so it runs only with
LOOP_WATCH=true; a tick does no more than count (a coroutine's sleep and two Prometheus
observations per tick cost a third more)."""

from __future__ import annotations

import asyncio
import bisect
import time
from collections.abc import Iterator

from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector

#: Seconds between ticks: a stall is measured to within this.
TICK = 0.01
#: Bucket bounds (seconds): 1 ms ... 1 s.
BOUNDS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)


class Buckets:
    """A histogram's counts, kept without locks (the loop's thread alone writes them)."""

    def __init__(self) -> None:
        self.counts = [0] * (len(BOUNDS) + 1)
        self.total = 0.0
        self.largest = 0.0

    def add(self, seconds: float) -> None:
        self.counts[bisect.bisect_left(BOUNDS, seconds)] += 1
        self.total += seconds
        self.largest = max(self.largest, seconds)

    def family(self, name: str, text: str) -> HistogramMetricFamily:
        cumulative, running = [], 0
        for bound, count in zip((*map(str, BOUNDS), "+Inf"), self.counts, strict=True):
            running += count
            cumulative.append((bound, running))
        return HistogramMetricFamily(name, text, buckets=cumulative, sum_value=self.total)


class LoopWatch(Collector):
    def __init__(self, tick: float = TICK) -> None:
        self.tick = tick
        self.lag = Buckets()
        self.busy = Buckets()
        self._handle: asyncio.TimerHandle | None = None
        self._due = self._cpu = 0.0

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._due, self._cpu = loop.time() + self.tick, time.thread_time()
        self._handle = loop.call_at(self._due, self._run, loop)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        now, cpu = loop.time(), time.thread_time()
        self.lag.add(max(0.0, now - self._due))
        self.busy.add(cpu - self._cpu)
        self._due, self._cpu = now + self.tick, cpu
        self._handle = loop.call_at(self._due, self._run, loop)

    def collect(self) -> Iterator[Metric]:
        yield self.lag.family(
            "boardroom_event_loop_lag_seconds",
            "How late the event loop ran a callback due now: the time work held it.",
        )
        yield self.busy.family(
            "boardroom_event_loop_busy_seconds",
            "CPU time the event loop's thread used per 10 ms tick.",
        )
        yield GaugeMetricFamily(
            "boardroom_event_loop_lag_max_seconds",
            "The largest event-loop lag since the bot started.",
            value=self.lag.largest,
        )
        yield GaugeMetricFamily(
            "boardroom_event_loop_busy_max_seconds",
            "The most CPU time the loop's thread used within one tick since the bot started: "
            "the longest work that held the loop, without the time the machine gave no core.",
            value=self.busy.largest,
        )


#: The bot's (registered in `bot.metrics.registry`; started and stopped by the client).
WATCH = LoopWatch()
