"""The real bot with METRICS_PORT set (issue 11): /healthz says the gateway, the database and the
render workers are fine, and /metrics counts the decisions, turns, renders and refusals that
were just played, on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import re
import socket
from pathlib import Path

import aiohttp
import pytest

from tests.e2e.driver import Table
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.helpers import start_bot
from tests.ports import free_port

pytestmark = pytest.mark.e2e


def _value(text: str, name: str, **labels: str) -> float:
    """The sum of a metric's samples whose labels include `labels`."""
    total = 0.0
    for line in text.splitlines():
        m = re.match(rf"^{name}(?:{{(.*)}})? (\S+)$", line)
        if m is None:
            continue
        have = dict(re.findall(r'(\w+)="([^"]*)"', m[1] or ""))
        if all(have.get(k) == v for k, v in labels.items()):
            total += float(m[2])
    return total


async def test_metrics_and_health_of_a_running_bot(fake: FakeDiscord, tmp_path: Path) -> None:
    port = free_port()
    bot = await start_bot(fake, tmp_path, METRICS_PORT=str(port))
    try:
        base = f"http://127.0.0.1:{port}"
        async with aiohttp.ClientSession() as http:
            table = Table(fake, fake.channel("games"), ["alice", "bob"])
            await table.open("alice", seats=2, options="rounds=2")
            await table.join_all()
            await table.start()
            for _ in range(3):
                await table.play_components(table.waiting()[0])
            ex = await fake.slash("stranger", table.channel, "play", choice="pass")
            assert ex.ephemeral  # (a refusal: not a player of this game)
            for _ in range(50):  # (ready once discord.py's wait for the guilds is over)
                async with http.get(f"{base}/healthz") as r:
                    health, status = await r.json(), r.status
                if status == 200:
                    break
                await asyncio.sleep(0.2)
            assert status == 200, health
            assert health["ok"] and health["gateway"] and health["database"], health
            assert health["render_workers"], health
            async with http.get(f"{base}/metrics") as r:
                assert r.status == 200
                text = await r.text()
        decisions = _value(text, "boardroom_decisions_total", title="bazaar", shard="0")
        assert decisions >= 4, text[:2000]  # the start and three moves, automatic ones apart
        assert _value(text, "boardroom_render_seconds_count", title="bazaar") >= 4
        assert _value(text, "boardroom_db_transaction_seconds_count", kind="write") >= 4
        assert _value(text, "boardroom_turn_seconds_count") >= 1
        assert _value(text, "boardroom_refusals_total") >= 1
        assert _value(text, "boardroom_games", status="running") == 1
        assert _listening_on(port) == {"127.0.0.1"}  # loopback only
    finally:
        await bot.stop()
    assert "Traceback" not in bot.log()


def _listening_on(port: int) -> set[str]:
    """The local addresses with a socket listening on `port` (from /proc/net/tcp{,6})."""
    found: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except FileNotFoundError:
            continue
        for row in rows:
            local, state = row.split()[1], row.split()[3]
            address, _, hex_port = local.partition(":")
            if state == "0A" and int(hex_port, 16) == port:
                raw = bytes.fromhex(address)[::-1] if len(address) == 8 else None
                found.add(socket.inet_ntoa(raw) if raw else f"ipv6:{address}")
    return found
