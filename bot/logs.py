"""Structured logging: one JSON object per line (or plain text), never the token. Every line
about a game (one logged with its `game_id`, or with the channel of a live game) carries the
game's guild, shard and version as this process last saw them (`FACTS`)."""

from __future__ import annotations

import json
import logging
import sys
from collections import OrderedDict
from datetime import UTC, datetime

#: The fields a JSON line carries when its record has them.
FIELDS = ("game_id", "guild_id", "shard", "version", "channel_id", "user_id", "command", "ms")


class GameFacts:
    """Game id -> (guild, version), and live channel -> game, for the games this process
    touched lately (the oldest forgotten past `cap`)."""

    def __init__(self, cap: int = 4096) -> None:
        self.cap = cap
        self.shard_count = 1
        self._games: OrderedDict[int, tuple[int | None, int]] = OrderedDict()
        self._channels: dict[int, int] = {}

    def note(self, game_id: int, guild_id: int | None, channel_id: int, version: int) -> None:
        self._games[game_id] = (guild_id, version)
        self._games.move_to_end(game_id)
        self._channels[channel_id] = game_id
        if len(self._games) > self.cap:
            self._games.popitem(last=False)
        if len(self._channels) > self.cap:
            self._channels.pop(next(iter(self._channels)))

    def add_to(self, record: logging.LogRecord) -> None:
        game_id = getattr(record, "game_id", None)
        if game_id is None:
            channel = getattr(record, "channel_id", None)
            game_id = self._channels.get(channel) if channel is not None else None
            if game_id is None:
                return
            record.game_id = game_id
        facts = self._games.get(game_id)
        if facts is None:
            return
        guild_id, version = facts
        if not hasattr(record, "guild_id"):
            record.guild_id = guild_id
        if not hasattr(record, "version"):
            record.version = version
        if guild_id is not None and not hasattr(record, "shard"):
            record.shard = (guild_id >> 22) % self.shard_count


FACTS = GameFacts()


class GameFields(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        FACTS.add_to(record)
        return True


class TextFormatter(logging.Formatter):
    """Plain lines; one about a game ends with [game N v V guild G shard S]."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        game_id = getattr(record, "game_id", None)
        if game_id is None:
            return line
        tags = [f"game {game_id}"]
        for key, label in (("version", "v"), ("guild_id", "guild "), ("shard", "shard ")):
            value = getattr(record, key, None)
            if value is not None:
                tags.append(f"{label}{value}")
        return f"{line} [{' '.join(tags)}]"


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key in FIELDS:
            if hasattr(record, key):
                data[key] = getattr(record, key)
        if record.exc_info:
            data["exc"] = self.formatException(record.exc_info)
        return json.dumps(data, default=str)


class RedactFilter(logging.Filter):
    """Belt and braces: scrub the token from any message that would contain it."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if self.secret and self.secret in record.getMessage():
            record.msg = record.getMessage().replace(self.secret, "[token]")
            record.args = ()
        return True


def setup(level: str = "INFO", fmt: str = "text", secret: str = "") -> None:
    handler = logging.StreamHandler(sys.stderr)
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(TextFormatter())
    handler.addFilter(RedactFilter(secret))
    handler.addFilter(GameFields())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("discord").setLevel(max(logging.INFO, root.level))
    # Alembic announces each of its plugins at every start-up: noise, not news.
    logging.getLogger("alembic.runtime.plugins").setLevel(max(logging.WARNING, root.level))
