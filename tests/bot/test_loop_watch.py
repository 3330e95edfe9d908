"""The loop watch sees a piece of work that holds the event loop: as lateness, and as CPU
time when the work computes (a blocking wait is late without CPU); /metrics shows both."""

from __future__ import annotations

import asyncio
import time

from prometheus_client import generate_latest

from bot import metrics
from bot.loop_watch import BOUNDS, LoopWatch


def over(buckets, seconds: float) -> int:
    return sum(
        c for bound, c in zip((0.0, *BOUNDS), buckets.counts, strict=True) if bound >= seconds
    )


async def test_a_stall_is_seen_late_and_a_computation_also_busy():
    watch = LoopWatch()
    watch.start()
    try:
        await asyncio.sleep(0.05)
        time.sleep(0.08)  # holds the loop, using no CPU
        await asyncio.sleep(0.05)
        assert over(watch.lag, 0.05) == 1 and over(watch.busy, 0.05) == 0
        end = time.thread_time() + 0.08
        while time.thread_time() < end:  # holds the loop, computing
            pass
        await asyncio.sleep(0.05)
        assert over(watch.lag, 0.05) == 2 and over(watch.busy, 0.05) == 1
        assert watch.lag.largest >= 0.07 and watch.busy.largest >= 0.07
        ticks = sum(watch.lag.counts)
        assert 10 <= ticks <= 30  # (0.31 s in 10 ms ticks, four of them held)
    finally:
        watch.stop()
    await asyncio.sleep(0.03)
    assert sum(watch.lag.counts) == ticks  # stopped


def test_the_metrics_show_the_bots_watch():
    text = generate_latest(metrics.registry).decode()
    assert 'boardroom_event_loop_lag_seconds_bucket{le="0.05"}' in text
    assert "boardroom_event_loop_busy_max_seconds" in text
