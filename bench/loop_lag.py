"""The bot's event-loop stalls, read from its /metrics (bot.loop_watch): the largest since
start and how many wake-ups were late by more than each bucket."""

from __future__ import annotations

import socket

import aiohttp


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def read(port: int) -> dict[str, float]:
    """`largest_ms`, `ticks`, and `over_<ms>` (wake-ups later than that) from the bot."""
    url = f"http://127.0.0.1:{port}/metrics"
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        text = await response.text()
    out: dict[str, float] = {}
    for name, key in (("lag", ""), ("busy", "busy_")):
        out.update(_histogram(text, f"boardroom_event_loop_{name}_seconds", key))
    for line in text.splitlines():
        if line.startswith("boardroom_event_loop_lag_max_seconds "):
            out["largest_ms"] = float(line.split()[1]) * 1000
        elif line.startswith("boardroom_event_loop_busy_max_seconds "):
            out["largest_busy_ms"] = float(line.split()[1]) * 1000
    return out


def _histogram(text: str, name: str, key: str) -> dict[str, float]:
    """`<key>ticks` and `<key>over_<ms>ms` (ticks above each bucket) of a histogram."""
    buckets: dict[float, float] = {}
    ticks = 0.0
    for line in text.splitlines():
        if line.startswith(f"{name}_bucket"):
            bound = line.split('le="', 1)[1].split('"', 1)[0]
            if bound != "+Inf":
                buckets[float(bound)] = float(line.split()[1])
        elif line.startswith(f"{name}_count "):
            ticks = float(line.split()[1])
    out = {f"{key}ticks": ticks}
    for le, below in sorted(buckets.items()):
        out[f"{key}over_{le * 1000:g}ms"] = ticks - below
    return out


def during(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    """The wake-ups between two reads (the largest is since start: it may be older)."""
    out = {k: after[k] - before.get(k, 0) for k in after if not k.startswith("largest")}
    out.update((k, v) for k, v in after.items() if k.startswith("largest"))
    return out


def describe(lag: dict[str, float]) -> str:
    return (
        f"event-loop stalls: largest {lag.get('largest_ms', float('nan')):.1f} ms late "
        f"(CPU held {lag.get('largest_busy_ms', float('nan')):.1f} ms); "
        f"wake-ups late by > 50 ms: {lag.get('over_50ms', 0):.0f}, "
        f"> 25 ms: {lag.get('over_25ms', 0):.0f}, of {lag.get('ticks', 0):.0f}; ticks in which "
        f"the loop's thread used > 50 ms of CPU: {lag.get('busy_over_50ms', 0):.0f}, "
        f"> 25 ms: {lag.get('busy_over_25ms', 0):.0f}"
    )
