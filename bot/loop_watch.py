"""How long the event loop was held by one piece of work (a stall): while anything runs on
the loop, no interaction is read and no answer sent. A task sleeps `TICK` seconds over and
over and measures how late it wakes; the lateness is counted in the metrics
(`boardroom_event_loop_lag_seconds`, and the largest since start). 100 wake-ups a second cost
about 1 ms of CPU per second."""

from __future__ import annotations

import asyncio
import time

from bot import metrics

#: Seconds between wake-ups: a stall is measured to within this.
TICK = 0.01


async def watch(tick: float = TICK) -> None:
    """Run until cancelled."""
    loop = asyncio.get_running_loop()
    while True:
        start, cpu = loop.time(), time.thread_time()
        await asyncio.sleep(tick)
        metrics.loop_lag(max(0.0, loop.time() - start - tick), time.thread_time() - cpu)
