"""Settings read from the environment and `.env` (every key is listed in `.env.example`).

An empty value (`DEV_GUILD_ID=`) means "not set", so a copy of `.env.example` works as it is.
A value that does not make sense is refused at start-up with one line naming the key and
what it should be (`load_settings`)."""

from __future__ import annotations

import os
import re
from functools import lru_cache

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from bot.shards import Shards
from bot.startup import ASYNC_URLS, StartupError

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_FORMATS = ("text", "json")
#: The async drivers the host runs on, each as its URL names it (bot.db.engine.make_engine).
DRIVERS = ("sqlite+inline", "sqlite+aiosqlite", "postgresql+asyncpg")
#: Keys whose values are never repeated in an error message.
SECRET_KEYS = ("discord_token", "database_url")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    #: The bot token from the Discord developer portal. Never logged.
    discord_token: SecretStr = SecretStr("")
    #: SQLAlchemy async URL: sqlite+inline:///file.db (or sqlite+aiosqlite:///file.db, slower)
    #: or postgresql+asyncpg://user@host/db
    database_url: str = "sqlite+inline:///boardroom.db"
    #: SQLite only: how long a write waits for another writer before giving up (seconds).
    database_busy_timeout: float = Field(default=10.0, gt=0, le=600)
    #: When set, slash commands are synced to this guild only (instant; handy while developing).
    dev_guild_id: int | None = Field(default=None, gt=0, lt=2**63)
    #: Comma-separated `module:ATTR` paths of extra titles / renderers (the test title).
    extra_titles: str = ""
    extra_renderers: str = ""
    #: Remind the players a game waits for after this many hours without a move (0: never).
    #: One reminder per decision; moderators can then hand the seat to the automatic player.
    turn_reminder_hours: float = Field(default=24.0, ge=0)
    #: Processes that draw board images (0: a thread of the bot process; not set: one per core
    #: beyond the first, 1 to 4). One keeps the event loop responsive on a two-core machine
    #: while boards are drawn; a board takes ~25 ms, so more than 4 rarely pays.
    render_workers: int | None = Field(default=None, ge=0, le=64)
    #: How many game states are kept in memory; others are loaded from their latest snapshot.
    state_cache_size: int = Field(default=64, ge=1)
    #: DEBUG, INFO, WARNING, ERROR.
    log_level: str = "INFO"
    #: "json" (one object per line) or "text".
    log_format: str = "text"
    #: Discord shards in all (not set: as Discord recommends, all served by this process).
    shard_count: int | None = Field(default=None, ge=1, le=65535)
    #: The shards this process serves, comma-separated (not set: all of them). Several
    #: processes, each with its own SHARD_IDS, share one PostgreSQL database.
    shard_ids: str = ""
    #: Prometheus metrics and /healthz on 127.0.0.1:METRICS_PORT (not set: off).
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    #: Measure the event loop's stalls for the metrics (bot.loop_watch): 100 wake-ups a
    #: second, about 1% of a core even when idle, so off unless asked for.
    loop_watch: bool = False
    #: The table on the web (bot.web): the port the bot serves game pages on (not set: off),
    #: the address it listens on, and the address players reach (behind a reverse proxy with
    #: TLS: docs/deploy.md). Personal links last WEB_LINK_DAYS days.
    web_port: int | None = Field(default=None, ge=1, le=65535)
    web_host: str = "127.0.0.1"
    public_url: str = ""
    web_link_days: float = Field(default=7.0, gt=0, le=365)

    @field_validator("database_url")
    @classmethod
    def _url(cls, value: str) -> str:
        try:
            driver = make_url(value.strip()).drivername
        except ArgumentError:
            raise ValueError(f"does not parse as a database URL; write {ASYNC_URLS}") from None
        if driver not in DRIVERS:
            raise ValueError(f"{driver!r} is not supported; write {ASYNC_URLS}")
        return value.strip()

    @field_validator("public_url")
    @classmethod
    def _public_url(cls, value: str) -> str:
        url = value.strip().rstrip("/")
        if url and not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", url):
            raise ValueError(
                "should be the address players reach, such as https://table.example.org"
            )
        return url

    @model_validator(mode="after")
    def _web_fits(self) -> Settings:
        if self.web_port is not None and not self.public_url:
            self.public_url = f"http://{self.web_host}:{self.web_port}"
        return self

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("log_format")
    @classmethod
    def _format(cls, value: str) -> str:
        fmt = value.strip().lower()
        if fmt not in LOG_FORMATS:
            raise ValueError(f"must be one of {', '.join(LOG_FORMATS)}")
        return fmt

    @field_validator("shard_ids")
    @classmethod
    def _shard_ids(cls, value: str) -> str:
        parts = [p.strip() for p in value.split(",") if p.strip()]
        if not all(p.isdigit() for p in parts):
            raise ValueError("should be shard numbers separated by commas, such as 0,1")
        if len(set(parts)) != len(parts):
            raise ValueError("names a shard twice")
        return ",".join(str(int(p)) for p in parts)

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        ids = self.shard_id_list()
        if ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards there are in all)")
        if max(ids) >= self.shard_count:
            raise ValueError(
                f"SHARD_IDS names shard {max(ids)}, but with SHARD_COUNT={self.shard_count} "
                f"they are numbered 0 to {self.shard_count - 1}"
            )
        return self

    def shard_id_list(self) -> list[int] | None:
        """SHARD_IDS as numbers (None: not set)."""
        return [int(p) for p in self.shard_ids.split(",")] if self.shard_ids else None

    def shards(self) -> Shards:
        ids = self.shard_id_list()
        return Shards(self.shard_count, tuple(ids) if ids is not None else None)

    def render_processes(self) -> int:
        """RENDER_WORKERS, or the default for this machine when it is not set."""
        if self.render_workers is not None:
            return self.render_workers
        return max(1, min(4, (os.cpu_count() or 2) - 1))

    def extra_title_paths(self) -> list[str]:
        return [p.strip() for p in self.extra_titles.split(",") if p.strip()]

    def extra_renderer_paths(self) -> list[str]:
        return [p.strip() for p in self.extra_renderers.split(",") if p.strip()]


def describe(error: ValidationError) -> str:
    """One line naming each bad key as it is written in `.env`, and what it should be."""
    parts = []
    for problem in error.errors():
        why = problem["msg"].removeprefix("Value error, ").replace("Input should", "should")
        if not problem["loc"]:  # a rule about several keys: its message names them
            parts.append(why)
            continue
        key = str(problem["loc"][0])
        shown = "" if key in SECRET_KEYS else f"={problem.get('input')!s}"
        parts.append(f"{key.upper()}{shown}: {why}")
    return "bad setting in .env or the environment: " + "; ".join(parts)


def load_settings(**overrides: object) -> Settings:
    """Settings, or a StartupError saying which key to fix (never a traceback)."""
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        raise StartupError(describe(exc)) from None


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return load_settings()
