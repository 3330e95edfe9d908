"""Fixtures for the end-to-end tests: a fake Discord per test and the bot as a subprocess."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_ratelimits import RateLimits
from tests.e2e.harness import MINIMAL_BOT, REAL_BOT, BotProcess, real_bot_available
from tests.ports import free_port


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):  # noqa: ANN201
    """Remember each phase's report on the item, so fixtures can tell that a test failed."""
    report = yield
    setattr(item, f"e2e_{report.when}", report)
    return report


def _dump_log_if_failed(request: pytest.FixtureRequest, proc: BotProcess) -> None:
    report = getattr(request.node, "e2e_call", None)
    if report is not None and report.failed:
        print(f"\n----- bot log ({proc.log_path}), last 6000 characters -----")
        print(proc.log()[-6000:])


@pytest.fixture
async def fake(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """A fake Discord for the test. It fails the test if any request broke one of Discord's
    documented limits (`FakeDiscord.broken_limits`). `@pytest.mark.rate_limits(scale=...)`
    turns Discord's rate limits on (`RateLimits.discord`)."""
    marker = request.node.get_closest_marker("rate_limits")
    limits = RateLimits.discord(*marker.args, **marker.kwargs) if marker else None
    async with FakeDiscord(rate_limits=limits) as f:
        yield f
        report = getattr(request.node, "e2e_call", None)
        f.check_limits = report is None or not report.failed


@asynccontextmanager
async def running(proc: BotProcess, request: pytest.FixtureRequest) -> AsyncIterator[BotProcess]:
    """The bot process started, stopped afterwards (its log printed if the test failed)."""
    await proc.start()
    try:
        yield proc
    finally:
        await proc.stop()
        _dump_log_if_failed(request, proc)


@pytest.fixture
async def minimal_bot(
    fake: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[BotProcess]:
    async with running(BotProcess(fake, tmp_path, entry=MINIMAL_BOT), request) as proc:
        yield proc


@pytest.fixture
async def bot(
    fake: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[BotProcess]:
    if not real_bot_available():
        pytest.skip("the real bot (bot/__main__.py) or the bazaar test title is not there yet")
    async with running(BotProcess(fake, tmp_path, entry=REAL_BOT), request) as proc:
        yield proc


@pytest.fixture
async def web_bot(
    fake: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[BotProcess]:
    """The real bot serving its web pages on a free loopback port (WEB_PORT)."""
    env = {"WEB_PORT": str(free_port())}
    async with running(BotProcess(fake, tmp_path, env=env), request) as proc:
        yield proc
