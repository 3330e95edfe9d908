"""Wiring shared by the Discord bot and the local CLI: database, migrations, titles, service."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncEngine

from bot import catalog
from bot.config import Settings
from bot.db.engine import is_sqlite, make_engine, migrate, sessionmaker
from bot.service import GameService


@dataclass
class App:
    settings: Settings
    engine: AsyncEngine
    reader: AsyncEngine
    service: GameService

    async def close(self) -> None:
        catalog.stop_render_pool()
        await self.engine.dispose()
        if self.reader is not self.engine:
            await self.reader.dispose()


async def build(settings: Settings) -> App:
    """Load the titles, migrate the database to the newest schema, and build the service."""
    catalog.load(settings.extra_title_paths(), settings.extra_renderer_paths())
    catalog.start_render_pool(
        settings.render_workers, settings.extra_title_paths(), settings.extra_renderer_paths()
    )
    url = settings.database_url
    engine = make_engine(url)
    await migrate(engine)
    reader = make_engine(url, writer=False) if is_sqlite(url) else engine
    service = GameService(
        sessionmaker(engine), cache_size=settings.state_cache_size, readers=sessionmaker(reader)
    )
    return App(settings=settings, engine=engine, reader=reader, service=service)
