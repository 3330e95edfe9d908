"""Metrics and health (bot/metrics.py, bot/health.py): the real server on a loopback port,
scraped over HTTP; counters moved by the call sites in checks.py, timers.py and catalog.py;
/healthz against real SQLite engines; the games gauge over real rows."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import sqlite3
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import aiohttp
import discord
import pytest
from prometheus_client import CONTENT_TYPE_LATEST
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy.exc import OperationalError

from bot import catalog, metrics
from bot.db.engine import make_engine, migrate
from bot.discord import presses
from bot.discord.checks import guarded, report_error
from bot.discord.timers import Timers
from bot.errors import ServiceError, StaleError
from bot.health import check_health, count_games, gateway_latencies, start_server
from bot.service.queries import NO_GAME
from bot.startup import StartupError
from engine.rng import Rng
from engine.tidewater import TITLE as TIDEWATER
from tests.bot.test_database_trouble import FakeResponse
from tests.bot.test_service import ANA, BEN, CHAN, MOD, new_game, play_one, user_of
from tests.ports import free_port

#: First answers of the stub interactions below go to their `response` stubs.
pytestmark = pytest.mark.usefixtures("stub_answers")

HOST = "127.0.0.1"
#: A guild on shard 5 of 8 (Discord's rule: (id >> 22) % count).
GUILD_ON_5 = (8 * 1000 + 5) << 22


async def scrape(port: int) -> tuple[dict[tuple[str, frozenset], float], str, str]:
    """(sample name, labels) -> value, the body and its content type, from GET /metrics."""
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"http://{HOST}:{port}/metrics") as response,
    ):
        assert response.status == 200
        body = await response.text()
        ctype = response.headers["Content-Type"]
    samples = {}
    for family in text_string_to_metric_families(body):
        for s in family.samples:
            samples[(s.name, frozenset(s.labels.items()))] = s.value
    return samples, body, ctype


async def healthz(port: int) -> tuple[int, dict[str, Any]]:
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"http://{HOST}:{port}/healthz") as response,
    ):
        return response.status, await response.json()


def value(name: str, **labels: str) -> float:
    """A sample of the module registry (0 when it does not exist yet)."""
    return metrics.registry.get_sample_value(name, labels) or 0.0


async def no_games() -> dict[str, int]:
    return {}


async def all_well() -> dict:
    return {"ok": True}


@pytest.fixture(autouse=True)
def unsharded():
    metrics.configure(None)
    yield
    metrics.configure(None)


@pytest.fixture
async def server() -> AsyncIterator[int]:
    port = free_port()
    runner = await start_server(port, all_well, no_games)
    try:
        yield port
    finally:
        await runner.cleanup()


class StandInApp:
    def __init__(self, engine) -> None:
        self.engine = engine


class StandInShard:
    def __init__(self, closed: bool) -> None:
        self.closed = closed

    def is_closed(self) -> bool:
        return self.closed


class StandInBot:
    """What check_health reads of a BoardroomBot."""

    def __init__(self, engine, *, closed=False, ready=True, shards=None, latency=0.05) -> None:
        self.app = StandInApp(engine)
        self.closed = closed
        self.ready = ready
        if shards is not None:
            self.shards = shards
        self.latency = latency

    def is_closed(self) -> bool:
        return self.closed

    def is_ready(self) -> bool:
        return self.ready


class User:
    id = 9


class Interaction:
    """The parts of a discord.Interaction that report_error and guarded use."""

    type = discord.InteractionType.component
    channel_id = 7
    user = User()

    def __init__(self, guild_id: int | None) -> None:
        self.guild_id = guild_id
        self.extras: dict[str, Any] = {}
        self.response = FakeResponse()


# ---------------------------------------------------------------------------- the server
async def test_counters_move_in_the_scraped_output(server: int) -> None:
    before, body, ctype = await scrape(server)
    assert ctype == CONTENT_TYPE_LATEST
    for name in (
        "boardroom_decisions_total",
        "boardroom_refusals_total",
        "boardroom_turn_seconds",
        "boardroom_render_seconds",
        "boardroom_db_transaction_seconds",
        "boardroom_timers_fired_total",
        "boardroom_games",
        "boardroom_render_queue_depth",
        "boardroom_gateway_latency_seconds",
    ):
        assert f"# HELP {name} " in body, name

    metrics.decision("tidewater", 123)
    metrics.decision("tidewater", None)
    metrics.refusal("stale", None)
    metrics.turn("press:choice", None, 0.03)
    metrics.render("benares", 0.02)
    metrics.transaction("write", 0.004)
    metrics.timer_fired("reminder", None)
    metrics.error(None)
    after, _, _ = await scrape(server)

    def moved(name: str, **labels: str) -> float:
        key = (name, frozenset(labels.items()))
        return after.get(key, 0.0) - before.get(key, 0.0)

    assert moved("boardroom_decisions_total", title="tidewater", shard="0") == 2
    assert moved("boardroom_refusals_total", reason="stale", shard="0") == 1
    assert moved("boardroom_errors_total", shard="0") == 1
    assert moved("boardroom_turn_seconds_count", command="press:choice", shard="0") == 1
    assert moved("boardroom_turn_seconds_bucket", command="press:choice", shard="0", le="0.05") == 1
    assert (
        moved("boardroom_turn_seconds_bucket", command="press:choice", shard="0", le="0.025") == 0
    )
    assert moved("boardroom_render_seconds_count", title="benares") == 1
    assert moved("boardroom_db_transaction_seconds_count", kind="write") == 1
    assert moved("boardroom_timers_fired_total", kind="reminder", shard="0") == 1


async def test_only_loopback_is_served() -> None:
    port = free_port()
    runner = await start_server(port, all_well, no_games)
    try:
        assert runner.addresses == [(HOST, port)]
    finally:
        await runner.cleanup()
    with pytest.raises(aiohttp.ClientConnectionError):  # and it is gone once cleaned up
        await scrape(port)


async def test_shard_labels_follow_discords_rule(server: int) -> None:
    metrics.configure(8, latencies=lambda: [(0, 0.042), (5, float("nan"))])
    assert metrics.shard_label(GUILD_ON_5) == "5" and metrics.shard_label(None) == "0"
    before = value("boardroom_decisions_total", title="bazaar", shard="5")
    metrics.decision("bazaar", GUILD_ON_5)
    assert value("boardroom_decisions_total", title="bazaar", shard="5") == before + 1
    samples, _, _ = await scrape(server)
    latency = {
        dict(labels)["shard"]: v
        for (name, labels), v in samples.items()
        if name == "boardroom_gateway_latency_seconds"
    }
    assert latency == {"0": 0.042}  # shard 5 has not measured one yet
    metrics.configure(None)
    assert metrics.shard_label(GUILD_ON_5) == "0"


def test_gateway_latencies_of_one_client_and_of_shards() -> None:
    assert gateway_latencies(StandInBot(None, latency=0.1)) == [(0, 0.1)]
    assert gateway_latencies(StandInBot(None, latency=float("nan"))) == []

    class Sharded:
        latencies = [(0, 0.2), (1, float("inf")), (3, 0.05)]

    assert gateway_latencies(Sharded()) == [(0, 0.2), (3, 0.05)]


async def test_a_port_in_use_is_a_startup_error() -> None:
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(StartupError) as caught:
            await start_server(port, all_well, no_games)
    line = str(caught.value)
    assert line.startswith(f"METRICS_PORT={port} is in use: ") and "\n" not in line


# ---------------------------------------------------------------------------- /healthz
async def _served_health(bot: StandInBot) -> tuple[int, dict[str, Any]]:
    port = free_port()
    runner = await start_server(port, lambda: check_health(bot), no_games)
    try:
        return await healthz(port)
    finally:
        await runner.cleanup()


async def test_healthz_is_200_with_a_healthy_sqlite_database(tmp_path) -> None:
    catalog.stop_render_pool()  # RENDER_WORKERS=0: drawing in a thread
    engine = make_engine(f"sqlite+inline:///{tmp_path / 'ok.db'}")
    await migrate(engine)
    try:
        status, body = await _served_health(StandInBot(engine))
    finally:
        await engine.dispose()
    assert status == 200
    assert body["ok"] is body["gateway"] is body["database"] is body["render_workers"] is True


async def test_healthz_is_503_when_the_database_cannot_be_opened(tmp_path) -> None:
    catalog.stop_render_pool()
    folder = tmp_path / "gone"
    folder.mkdir()
    engine = make_engine(f"sqlite+inline:///{folder / 'boardroom.db'}")
    shutil.rmtree(folder)
    try:
        status, body = await _served_health(StandInBot(engine))
    finally:
        await engine.dispose()
    assert status == 503
    assert body["ok"] is False and body["database"] is False
    assert body["gateway"] is True and body["render_workers"] is True


async def test_healthz_is_503_when_the_gateway_or_a_shard_is_closed(tmp_path) -> None:
    catalog.stop_render_pool()
    engine = make_engine(f"sqlite+inline:///{tmp_path / 'ok.db'}")
    try:
        for bot in (
            StandInBot(engine, closed=True),
            StandInBot(engine, ready=False),
            StandInBot(engine, shards={0: StandInShard(False), 1: StandInShard(True)}),
        ):
            status, body = await _served_health(bot)
            assert (status, body["gateway"], body["database"]) == (503, False, True)
        status, body = await _served_health(
            StandInBot(engine, shards={0: StandInShard(False), 1: StandInShard(False)})
        )
        assert (status, body["gateway"]) == (200, True)
    finally:
        await engine.dispose()


async def test_healthz_says_when_a_render_worker_died(tmp_path) -> None:
    catalog.load()
    catalog.start_render_pool(1)
    engine = make_engine(f"sqlite+inline:///{tmp_path / 'ok.db'}")
    try:
        assert catalog.workers_alive()
        assert (await _served_health(StandInBot(engine)))[0] == 200
        for pid in catalog.worker_pids():
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while catalog.workers_alive() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert not catalog.workers_alive()
        status, body = await _served_health(StandInBot(engine))
        assert (status, body["render_workers"], body["database"]) == (503, False, True)
    finally:
        catalog.stop_render_pool()
        await engine.dispose()
    assert catalog.workers_alive()  # no pool: drawing in a thread again


async def test_a_failing_health_check_is_503_not_a_crash() -> None:
    async def broken() -> dict:
        raise RuntimeError("boom")

    port = free_port()
    runner = await start_server(port, broken, no_games)
    try:
        assert await healthz(port) == (503, {"ok": False, "error": "RuntimeError"})
    finally:
        await runner.cleanup()


# ---------------------------------------------------------------------------- games gauge
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_the_games_gauge_counts_stored_games(service) -> None:
    await new_game(service, channel=1)  # lobby
    await new_game(service, channel=2)  # lobby
    await new_game(service, channel=3)
    await service.start(3, ANA)  # running
    await new_game(service, channel=4)
    await service.start(4, ANA)
    await service.admin_end(4, MOD)  # ended by a moderator
    await service.create(
        guild_id=1, channel_id=5, user_id=ANA, title_slug="bazaar", seats=2, bots=1, seed=3
    )
    out = await service.start(5, ANA)
    mine = out.game.seat_of(ANA)
    assert mine is not None
    out = await service.admin_seat_to(5, MOD, mine.seat_no, None, "bot")
    assert out.game.status == "finished"

    engine = make_engine(service.db_url)  # type: ignore[attr-defined]
    assert await count_games(engine) == {"lobby": 2, "running": 1, "finished": 1, "ended": 1}
    port = free_port()
    runner = await start_server(port, all_well, lambda: count_games(engine), games_ttl=0.3)
    try:

        async def gauge() -> dict[str, float]:
            samples, _, _ = await scrape(port)
            return {
                dict(labels)["status"]: v
                for (name, labels), v in samples.items()
                if name == "boardroom_games"
            }

        assert await gauge() == {"lobby": 2, "running": 1, "finished": 1, "ended": 1}
        await new_game(service, channel=6)
        assert (await gauge())["lobby"] == 2  # counted at most every games_ttl seconds
        await asyncio.sleep(0.35)
        assert (await gauge())["lobby"] == 3
    finally:
        await runner.cleanup()
        await engine.dispose()


async def test_a_scrape_goes_on_when_the_games_cannot_be_counted(tmp_path) -> None:
    folder = tmp_path / "gone"
    folder.mkdir()
    engine = make_engine(f"sqlite+inline:///{folder / 'boardroom.db'}")
    shutil.rmtree(folder)
    port = free_port()
    runner = await start_server(port, all_well, lambda: count_games(engine))
    try:
        samples, _, _ = await scrape(port)  # 200: the last count (or zeros) stays
        assert ("boardroom_games", frozenset({("status", "running")})) in samples
    finally:
        await runner.cleanup()
        await engine.dispose()


# ---------------------------------------------------------------------------- render timing
async def test_render_seconds_are_observed_when_a_board_is_drawn() -> None:
    catalog.load()
    catalog.stop_render_pool()  # RENDER_WORKERS=0
    catalog.images.clear()
    state = TIDEWATER.encode(TIDEWATER.setup(11, 3, {}))
    count = value("boardroom_render_seconds_count", title="tidewater")
    total = value("boardroom_render_seconds_sum", title="tidewater")
    try:
        seen: list[int] = []
        drawing = asyncio.ensure_future(catalog.draw_board_async("tidewater", state))
        while not drawing.done():
            seen.append(catalog.queue_depth())
            await asyncio.sleep(0.001)
        image = drawing.result()
        assert image.data.startswith(b"\x89PNG")
        assert value("boardroom_render_seconds_count", title="tidewater") == count + 1
        assert value("boardroom_render_seconds_sum", title="tidewater") > total
        assert 1 in seen and catalog.queue_depth() == 0  # queued while drawn, then not
        await catalog.draw_board_async("tidewater", state)  # the same state: not drawn again
        assert value("boardroom_render_seconds_count", title="tidewater") == count + 1
    finally:
        catalog.images.clear()


# ---------------------------------------------------------------------------- call sites
def operational(message: str) -> OperationalError:
    return OperationalError("INSERT INTO games ...", {}, sqlite3.OperationalError(message))


async def test_report_error_counts_refusals_by_reason_and_errors() -> None:
    metrics.configure(8)
    cases = [
        (StaleError("old"), "stale"),
        (ServiceError(NO_GAME), "no_game"),
        (operational("database is locked"), "busy_database"),
        (operational("database or disk is full"), "disk_full"),
        (discord.app_commands.CheckFailure(), "not_allowed"),
    ]
    for exc, reason in cases:
        before = value("boardroom_refusals_total", reason=reason, shard="5")
        interaction = Interaction(GUILD_ON_5)
        await report_error(interaction, exc, "press:test")  # type: ignore[arg-type]
        assert interaction.response.sent, reason
        assert value("boardroom_refusals_total", reason=reason, shard="5") == before + 1, reason
    errors = value("boardroom_errors_total", shard="5")
    refused = sum(value("boardroom_refusals_total", reason=r, shard="5") for _, r in cases)
    await report_error(Interaction(GUILD_ON_5), RuntimeError("bug"), "x")  # type: ignore[arg-type]
    assert value("boardroom_errors_total", shard="5") == errors + 1
    assert sum(value("boardroom_refusals_total", reason=r, shard="5") for _, r in cases) == refused


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_real_refusals_of_the_service_get_their_reasons(service) -> None:
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)  # a sealed bid: both decide
    done = await play_one(service, out, Rng.from_seed(1))  # the first has decided
    first = user_of(out, out.prompts[0].seat)
    assert {p.seat for p in done.prompts} == {out.prompts[1].seat}
    second = user_of(out, out.prompts[1].seat)
    refused: list[str] = []
    for call in (
        service.act(CHAN, second, "no-such-move"),  # the rules refuse it
        service.act(CHAN, first, "anything"),  # waiting for the other
        service.act(CHAN + 1, ANA, "anything"),
        service.act(CHAN, second, out.prompts[1].choices[0].id, out.game.version - 1),
    ):
        with pytest.raises(ServiceError) as caught:
            await call
        refused.append(metrics.service_reason(caught.value))
    assert refused == ["illegal_move", "not_your_turn", "no_game", "stale"]
    assert metrics.service_reason(ServiceError("Pick `channel` or `server`.")) == "refused"


def test_press_refusals_get_their_reasons() -> None:
    assert metrics.press_reason(presses.NOT_MINE) == "bad_id"
    assert metrics.press_reason(presses.ONE_VALUE) == "bad_value"
    assert metrics.press_reason(presses.ELSEWHERE.format(channel=5)) == "foreign_channel"
    assert metrics.press_reason("⚠️ That game doesn't exist any more.") == "no_game"


async def test_guarded_handlers_time_the_turn_from_its_arrival() -> None:
    class Cog:
        @guarded("press:timed")
        async def press(self, interaction: Any) -> None:
            await asyncio.sleep(0.01)

    count = value("boardroom_turn_seconds_count", command="press:timed", shard="0")
    total = value("boardroom_turn_seconds_sum", command="press:timed", shard="0")
    interaction = Interaction(None)
    interaction.extras["t0"] = time.perf_counter() - 0.2  # arrived 200 ms ago
    await Cog().press(interaction)
    assert value("boardroom_turn_seconds_count", command="press:timed", shard="0") == count + 1
    assert value("boardroom_turn_seconds_sum", command="press:timed", shard="0") - total >= 0.21


class TimerClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class TimerBot:
    def __init__(self, service) -> None:
        self.service = service


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_fired_timers_are_counted_by_kind_and_shard(service) -> None:
    metrics.configure(8)
    clock = TimerClock()
    service.clock = clock
    service.reminder_after = timedelta(hours=24)
    await service.create(guild_id=GUILD_ON_5, channel_id=CHAN, user_id=ANA, title_slug="bazaar")
    await service.join(CHAN, BEN)
    await service.start(CHAN, ANA)
    clock.now += timedelta(hours=25)
    timers = Timers(TimerBot(service))  # type: ignore[arg-type]
    sent: list[int] = []

    async def send_reminder(info) -> None:
        sent.append(info.id)

    timers.send_reminder = send_reminder  # type: ignore[method-assign]
    before = value("boardroom_timers_fired_total", kind="reminder", shard="5")
    assert await timers.fire_due() >= 1
    await timers.drain()
    assert len(sent) == 1
    assert value("boardroom_timers_fired_total", kind="reminder", shard="5") == before + 1

    unknown = value("boardroom_timers_fired_total", kind="no-such-kind", shard="0")
    from bot.service import Fired

    await timers._handle(Fired(1, None, "no-such-kind", None, {}), {})
    assert value("boardroom_timers_fired_total", kind="no-such-kind", shard="0") == unknown + 1


async def test_decisions_count_once_their_transaction_commits(tmp_path) -> None:
    from bot.db.engine import sessionmaker

    engine = make_engine(f"sqlite+inline:///{tmp_path / 'tx.db'}")
    await migrate(engine)
    sessions = sessionmaker(engine)
    before = value("boardroom_decisions_total", title="tidewater", shard="0")
    writes = value("boardroom_db_transaction_seconds_count", kind="write")
    try:
        with contextlib.suppress(RuntimeError):
            async with sessions() as s, s.begin():
                metrics.decided(s, "tidewater", None)
                raise RuntimeError("rolled back")
        assert value("boardroom_decisions_total", title="tidewater", shard="0") == before
        async with sessions() as s:
            t0 = time.perf_counter()
            async with s.begin():
                metrics.decided(s, "tidewater", None)
                metrics.decided(s, "tidewater", None)
            metrics.committed(s, time.perf_counter() - t0)
        assert value("boardroom_decisions_total", title="tidewater", shard="0") == before + 2
        assert value("boardroom_db_transaction_seconds_count", kind="write") == writes + 1
    finally:
        await engine.dispose()
