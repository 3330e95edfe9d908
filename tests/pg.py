"""PostgreSQL for the tests and benchmarks that use it (TEST_DATABASE_URL)."""

from __future__ import annotations

from sqlalchemy import text

from bot.db.engine import make_engine


async def clean_schema(url: str) -> None:
    """An empty `public` schema: whatever an earlier test or run left is gone."""
    engine = make_engine(url)
    async with engine.begin() as conn:
        await conn.execute(text("DROP SCHEMA public CASCADE"))
        await conn.execute(text("CREATE SCHEMA public"))
    await engine.dispose()
