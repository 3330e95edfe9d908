"""Settings read from the environment and `.env` (every key is listed in `.env.example`)."""

from __future__ import annotations

from functools import lru_cache

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    #: The bot token from the Discord developer portal. Never logged.
    discord_token: SecretStr = SecretStr("")
    #: SQLAlchemy async URL: sqlite+aiosqlite:///file.db or postgresql+asyncpg://user@host/db
    database_url: str = "sqlite+aiosqlite:///boardroom.db"
    #: When set, slash commands are synced to this guild only (instant; handy while developing).
    dev_guild_id: int | None = None
    #: Comma-separated `module:ATTR` paths of extra titles / renderers (the test title).
    extra_titles: str = ""
    extra_renderers: str = ""
    #: Remind the players a game waits for after this many hours without a move (0: never).
    #: One reminder per decision; moderators can then hand the seat to the automatic player.
    turn_reminder_hours: float = 24.0
    #: Processes that draw board images (0: a thread of the bot process). One keeps the event
    #: loop responsive on a two-core machine while boards are drawn.
    render_workers: int = 1
    #: How many game states are kept in memory; others are loaded from their latest snapshot.
    state_cache_size: int = 64
    #: DEBUG, INFO, WARNING, ERROR.
    log_level: str = "INFO"
    #: "json" (one object per line) or "text".
    log_format: str = "text"

    def extra_title_paths(self) -> list[str]:
        return [p.strip() for p in self.extra_titles.split(",") if p.strip()]

    def extra_renderer_paths(self) -> list[str]:
        return [p.strip() for p in self.extra_renderers.split(",") if p.strip()]


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
