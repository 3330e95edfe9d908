"""The metrics and health server on 127.0.0.1:METRICS_PORT (never on another interface):

- `GET /metrics`: `bot.metrics.registry` in Prometheus' text format; the games gauge is counted
  again first when its last count is older than GAMES_TTL seconds (one grouped COUNT);
- `GET /healthz`: `{"ok": ..., "gateway": ..., "database": ..., "render_workers": ...}` as
  JSON, status 200 when everything is fine, else 503.

The bot starts it in `setup_hook` (`start_server`) and stops it when closing
(`runner.cleanup()`)."""

from __future__ import annotations

import asyncio
import errno
import logging
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot import catalog, metrics
from bot.db.models import Game
from bot.startup import StartupError

log = logging.getLogger("bot.health")

HOST = "127.0.0.1"
#: The games gauge is counted at most this often (seconds).
GAMES_TTL = 15.0
#: How long the health check waits for the database (seconds).
DB_TIMEOUT = 2.0
#: How long counting the games may take before a scrape goes on without it (seconds).
GAMES_TIMEOUT = 2.0

GAMES = Game.__table__
_BY_STATUS = select(GAMES.c.status, func.count()).group_by(GAMES.c.status)
_SELECT_1 = text("SELECT 1")


async def count_games(engine: AsyncEngine) -> dict[str, int]:
    """Stored games by status (every status of `metrics.GAME_STATUSES` present)."""
    async with engine.connect() as conn:
        rows = (await conn.execute(_BY_STATUS)).all()
    counts = dict.fromkeys(metrics.GAME_STATUSES, 0)
    counts.update({str(status): int(n) for status, n in rows})
    return counts


async def database_ok(engine: AsyncEngine, timeout: float = DB_TIMEOUT) -> bool:
    """`SELECT 1` answered within `timeout` seconds."""

    async def select_1() -> None:
        async with engine.connect() as conn:
            await conn.execute(_SELECT_1)

    try:
        await asyncio.wait_for(select_1(), timeout)
    except Exception as exc:
        log.warning("health: the database does not answer (%s)", type(exc).__name__)
        return False
    return True


def gateway_ok(bot: Any) -> bool:
    """Connected and ready; with several shards (AutoShardedClient), none of them closed."""
    if bot.is_closed() or not bot.is_ready():
        return False
    shards = getattr(bot, "shards", None)
    if isinstance(shards, dict):
        return all(not shard.is_closed() for shard in shards.values())
    return True


def gateway_latencies(bot: Any) -> list[tuple[int, float]]:
    """(shard id, heartbeat latency in seconds) of the client's shards, measured ones only."""
    pairs = getattr(bot, "latencies", None)
    if pairs is None:
        pairs = [(getattr(bot, "shard_id", None) or 0, bot.latency)]
    return [(int(s), float(x)) for s, x in pairs if not (math.isnan(x) or math.isinf(x))]


async def check_health(bot: Any) -> dict[str, Any]:
    """What /healthz answers. `bot` needs `is_closed()`, `is_ready()`, `app.engine` (and
    `app.reader`, used when present: on SQLite the writer engine begins every transaction with
    BEGIN IMMEDIATE, which a health check must not take), and `shards` when sharded."""
    gateway = gateway_ok(bot)
    app = bot.app
    database = await database_ok(getattr(app, "reader", None) or app.engine)
    workers = catalog.workers_alive()
    return {
        "ok": gateway and database and workers,
        "gateway": gateway,
        "database": database,
        "render_workers": workers,
        "render_queue": catalog.queue_depth(),
    }


class _Games:
    """The games gauge, counted again when older than `ttl` (one count at a time)."""

    def __init__(self, count: Callable[[], Awaitable[dict[str, int]]], ttl: float) -> None:
        self.count = count
        self.ttl = ttl
        self.at = -math.inf
        self.lock = asyncio.Lock()

    async def refresh(self) -> None:
        if time.monotonic() - self.at < self.ttl:
            return
        async with self.lock:
            if time.monotonic() - self.at < self.ttl:
                return
            try:
                counts = await asyncio.wait_for(self.count(), GAMES_TIMEOUT)
            except Exception as exc:  # the last count stays; the scrape goes on
                log.warning("metrics: could not count the games (%s)", type(exc).__name__)
                return
            metrics.set_games(counts)
            self.at = time.monotonic()


def make_app(
    health: Callable[[], Awaitable[dict]],
    games: Callable[[], Awaitable[dict[str, int]]],
    games_ttl: float = GAMES_TTL,
) -> web.Application:
    counted = _Games(games, games_ttl)

    async def scrape(request: web.Request) -> web.Response:
        await counted.refresh()
        body = generate_latest(metrics.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def healthz(request: web.Request) -> web.Response:
        try:
            report = dict(await health())
        except Exception as exc:
            log.exception("health check failed")
            report = {"ok": False, "error": type(exc).__name__}
        return web.json_response(report, status=200 if report.get("ok") else 503)

    app = web.Application()
    app.router.add_get("/metrics", scrape)
    app.router.add_get("/healthz", healthz)
    return app


async def start_server(
    port: int,
    health: Callable[[], Awaitable[dict]],
    games: Callable[[], Awaitable[dict[str, int]]],
    *,
    games_ttl: float = GAMES_TTL,
) -> web.AppRunner:
    """Serve /metrics and /healthz on 127.0.0.1:`port`; stop with `await runner.cleanup()`.
    A port that cannot be had is a StartupError (one line saying what to fix)."""
    runner = web.AppRunner(
        make_app(health, games, games_ttl), access_log=None, shutdown_timeout=1.0
    )
    await runner.setup()
    try:
        await web.TCPSite(runner, HOST, port).start()
    except OSError as exc:
        await runner.cleanup()
        if exc.errno == errno.EADDRINUSE:
            raise StartupError(
                f"METRICS_PORT={port} is in use: another program (or another copy of the bot) "
                f"listens on {HOST}:{port}; pick a free port or leave METRICS_PORT empty"
            ) from None
        raise StartupError(
            f"METRICS_PORT={port} cannot be opened on {HOST}: {exc.strerror or exc}; pick another port "
            "(1024 or above) or leave METRICS_PORT empty"
        ) from None
    log.info("metrics and health on http://%s:%d/metrics and /healthz", HOST, port)
    return runner
