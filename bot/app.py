"""Wiring shared by the Discord bot and the local CLI: database, migrations, titles, service."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncEngine

from bot import catalog
from bot.config import Settings
from bot.db.engine import make_engine, migrate, sessionmaker
from bot.service import GameService


@dataclass
class App:
    settings: Settings
    engine: AsyncEngine
    service: GameService

    async def close(self) -> None:
        await self.engine.dispose()


async def build(settings: Settings) -> App:
    """Load the titles, migrate the database to the newest schema, and build the service."""
    catalog.load(settings.extra_title_paths(), settings.extra_renderer_paths())
    engine = make_engine(settings.database_url)
    await migrate(engine)
    service = GameService(sessionmaker(engine), cache_size=settings.state_cache_size)
    return App(settings=settings, engine=engine, service=service)
