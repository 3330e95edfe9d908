"""Structured logs (issue 11): a line about a game carries its guild, shard and version, in JSON
and in text; a line about a live game's channel is tied to the game; the token never shows."""

from __future__ import annotations

import io
import json
import logging

import pytest

from bot import logs

GUILD = (1_500_000_000_000 << 22) | 7  # on shard (GUILD >> 22) % 4 == 0 of 4, 1 of 3


@pytest.fixture
def captured(monkeypatch):
    stream = io.StringIO()
    monkeypatch.setattr(logs, "FACTS", logs.GameFacts())  # (what other tests noted: gone)

    def run(fmt: str, shard_count: int = 4) -> tuple[logging.Logger, io.StringIO]:
        logs.setup("INFO", fmt, secret="tok.SECRET")
        handler = logging.getLogger().handlers[0]
        handler.setStream(stream)  # type: ignore[attr-defined]
        logs.FACTS.shard_count = shard_count
        return logging.getLogger("bot.test"), stream

    saved = logging.getLogger().handlers[:]
    yield run
    logging.getLogger().handlers[:] = saved


def test_a_json_line_about_a_game_names_its_guild_shard_and_version(captured) -> None:
    log, out = captured("json")
    logs.FACTS.note(41, GUILD, 900, 12)
    log.info("turn posted", extra={"game_id": 41})
    log.info("pressed", extra={"channel_id": 900, "user_id": 5})
    log.info("not about a game", extra={"channel_id": 901})
    first, second, third = (json.loads(x) for x in out.getvalue().splitlines())
    assert (first["game_id"], first["guild_id"], first["shard"], first["version"]) == (
        41,
        GUILD,
        (GUILD >> 22) % 4,
        12,
    )
    assert second["game_id"] == 41 and second["version"] == 12 and second["user_id"] == 5
    assert "game_id" not in third and "shard" not in third
    logs.FACTS.note(41, GUILD, 900, 13)  # a newer version, seen later
    log.info("again", extra={"game_id": 41})
    assert json.loads(out.getvalue().splitlines()[-1])["version"] == 13


def test_a_text_line_about_a_game_ends_with_its_tags_and_hides_the_token(captured) -> None:
    log, out = captured("text", shard_count=3)
    logs.FACTS.note(7, GUILD, 901, 3)
    log.info("posted with tok.SECRET", extra={"game_id": 7})
    log.info("a local game", extra={"game_id": 8})
    lines = out.getvalue().splitlines()
    assert lines[0].endswith(f"[game 7 v3 guild {GUILD} shard {(GUILD >> 22) % 3}]"), lines[0]
    assert "tok.SECRET" not in lines[0] and "[token]" in lines[0]
    assert lines[1].endswith("[game 8]")


def test_the_facts_forget_the_oldest_games_past_their_cap() -> None:
    facts = logs.GameFacts(cap=3)
    for n in range(5):
        facts.note(n, None, 100 + n, 1)
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "m", (), None)
    record.game_id = 0
    facts.add_to(record)
    assert not hasattr(record, "version")
    record.game_id = 4
    facts.add_to(record)
    assert record.version == 1 and not hasattr(record, "shard")  # no guild: no shard
