"""Fixtures for the end-to-end tests: a fake Discord per test and the bot as a subprocess."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import MINIMAL_BOT, REAL_BOT, BotProcess, real_bot_available


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as f:
        yield f


@pytest.fixture
async def minimal_bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    proc = BotProcess(fake, tmp_path, entry=MINIMAL_BOT)
    await proc.start()
    try:
        yield proc
    finally:
        await proc.stop()


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    if not real_bot_available():
        pytest.skip("the real bot (bot/__main__.py) or the bazaar test title is not there yet")
    proc = BotProcess(fake, tmp_path, entry=REAL_BOT)
    await proc.start()
    try:
        yield proc
    finally:
        await proc.stop()
        assert proc.proc is not None
