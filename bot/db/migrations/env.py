"""Alembic environment: runs on the connection the host hands over (see bot.db.engine.migrate),
or, from the command line, on DATABASE_URL."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from bot.db.models import Base

target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def _run_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return

    from bot.config import get_settings
    from bot.db.engine import make_engine

    async def _main() -> None:
        engine = make_engine(get_settings().database_url)
        async with engine.begin() as conn:
            await conn.run_sync(_run)
        await engine.dispose()

    asyncio.run(_main())


_run_online()
