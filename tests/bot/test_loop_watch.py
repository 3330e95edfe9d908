"""The loop watch sees a piece of work that holds the event loop: as lateness, and as CPU
time when the work computes (a blocking wait is late without CPU)."""

from __future__ import annotations

import asyncio
import time

from bot import loop_watch, metrics


def _ticks_over(histogram, bound: float) -> float:
    total = above = 0.0
    for sample in histogram.collect()[0].samples:
        if sample.name.endswith("_count"):
            total = sample.value
        elif sample.name.endswith("_bucket") and sample.labels["le"] == str(bound):
            above = sample.value
    return total - above


async def test_a_stall_is_seen_late_and_a_computation_also_busy():
    late0 = _ticks_over(metrics.LOOP_LAG, 0.05)
    busy0 = _ticks_over(metrics.LOOP_BUSY, 0.05)
    watcher = asyncio.create_task(loop_watch.watch())
    try:
        await asyncio.sleep(0.05)
        time.sleep(0.08)  # holds the loop, using no CPU
        await asyncio.sleep(0.05)
        assert _ticks_over(metrics.LOOP_LAG, 0.05) - late0 >= 1
        assert _ticks_over(metrics.LOOP_BUSY, 0.05) == busy0
        end = time.thread_time() + 0.08
        while time.thread_time() < end:  # holds the loop, computing
            pass
        await asyncio.sleep(0.05)
        assert _ticks_over(metrics.LOOP_BUSY, 0.05) - busy0 >= 1
    finally:
        watcher.cancel()
