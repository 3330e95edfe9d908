"""A database that is busy (locked past the busy timeout), full or failing is not a bug: the
person gets a clear, polite reply saying nothing was changed, and the log a warning line
without a traceback (bot/discord/checks.py `report_error`)."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from bot import catalog
from bot.db.engine import make_engine, migrate, sessionmaker
from bot.discord.checks import DB_BUSY, DB_FULL, DB_IO, database_trouble, report_error
from bot.errors import ServiceError
from bot.service import GameService
from tests.conftest import TEST_RENDERERS, TEST_TITLES

#: First answers of the stub interactions below go to their `response` stubs.
pytestmark = pytest.mark.usefixtures("stub_answers")


def operational(message: str) -> OperationalError:
    return OperationalError("INSERT INTO games ...", {}, sqlite3.OperationalError(message))


@pytest.mark.parametrize(
    ("message", "reply"),
    [
        ("database is locked", DB_BUSY),
        ("database table is locked", DB_BUSY),
        ("database or disk is full", DB_FULL),
        ("disk I/O error", DB_IO),
    ],
)
def test_database_trouble_has_a_clear_reply(message: str, reply: str):
    assert database_trouble(operational(message)) == reply
    assert database_trouble(sqlite3.OperationalError(message)) == reply


def test_other_errors_are_not_database_trouble():
    assert database_trouble(operational("no such table: games")) is None
    assert database_trouble(IntegrityError("INSERT", {}, sqlite3.IntegrityError("UNIQUE"))) is None
    assert database_trouble(ServiceError("database is locked")) is None
    assert database_trouble(RuntimeError("database is locked")) is None


class FakeResponse:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, **kwargs: Any) -> None:
        self.sent.append(kwargs)


def fake_interaction() -> Any:
    return SimpleNamespace(
        extras={},
        response=FakeResponse(),
        channel_id=7,
        user=SimpleNamespace(id=9),
        type=discord.InteractionType.component,
    )


@pytest.mark.parametrize(
    ("message", "reply"),
    [("database is locked", DB_BUSY), ("database or disk is full", DB_FULL)],
)
async def test_report_error_answers_privately_and_logs_one_warning(
    message: str, reply: str, caplog: pytest.LogCaptureFixture
):
    interaction = fake_interaction()
    with caplog.at_level(logging.INFO, logger="bot.discord"):
        await report_error(interaction, operational(message), "press:lobby", game_id=3)
    (sent,) = interaction.response.sent
    assert sent == {"ephemeral": True, "content": f"⚠️ {reply}"}
    (record,) = [r for r in caplog.records if r.name == "bot.discord"]
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert message in record.getMessage() and "INSERT" not in record.getMessage()


async def test_an_unexpected_error_still_gets_its_traceback(caplog: pytest.LogCaptureFixture):
    interaction = fake_interaction()
    with caplog.at_level(logging.INFO, logger="bot.discord"):
        await report_error(interaction, operational("no such table: games"), "press:lobby")
    (record,) = [r for r in caplog.records if r.name == "bot.discord"]
    assert record.levelno == logging.ERROR and record.exc_info is not None
    assert "Something went wrong" in interaction.response.sent[0]["content"]


async def test_a_database_locked_by_another_program(tmp_path: Path):
    """The real service on a SQLite file another program holds locked past the busy timeout:
    the write fails with "database is locked", which is mapped to the busy reply, and nothing
    was written; once the lock is gone the same call works."""
    catalog.load(TEST_TITLES, TEST_RENDERERS)
    path = tmp_path / "boardroom.db"
    url = f"sqlite+inline:///{path}"
    engine = make_engine(url, busy_timeout=0.2)
    reader = make_engine(url, writer=False, busy_timeout=0.2)
    await migrate(engine)
    service = GameService(sessionmaker(engine), readers=sessionmaker(reader))
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        with pytest.raises(OperationalError) as caught:
            await service.create(guild_id=1, channel_id=5, user_id=9, title_slug="bazaar")
        assert database_trouble(caught.value) == DB_BUSY
        assert await service.game_count() == 0  # readers still read, and nothing was written
        holder.rollback()
        info = await service.create(guild_id=1, channel_id=5, user_id=9, title_slug="bazaar")
        assert info.channel_id == 5 and await service.game_count() == 1
    finally:
        holder.close()
        await engine.dispose()
        await reader.dispose()
