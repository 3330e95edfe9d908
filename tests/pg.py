"""PostgreSQL for the tests and benchmarks that use it (TEST_DATABASE_URL)."""

from __future__ import annotations

import asyncio
from collections.abc import MutableMapping

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ProgrammingError
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from bot.db.engine import make_engine


async def clean_schema(url: str) -> None:
    """An empty `public` schema: whatever an earlier test or run left is gone."""
    engine = make_engine(url)
    async with engine.begin() as conn:
        await conn.execute(text("DROP SCHEMA public CASCADE"))
        await conn.execute(text("CREATE SCHEMA public"))
    await engine.dispose()


async def create_database(url: str, name: str) -> None:
    """Create the database `name` on the server of `url` (connecting to `url`'s database),
    unless it exists."""
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            found = await conn.scalar(
                text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}
            )
            if found:
                return
            try:
                await conn.execute(text(f'CREATE DATABASE "{name}"'))
            except ProgrammingError as exc:  # (made meanwhile by another run)
                if "already exists" not in str(exc):
                    raise
    finally:
        await engine.dispose()


def worker_database(env: MutableMapping[str, str]) -> None:
    """Under pytest-xdist, each worker its own PostgreSQL database, so that workers never meet
    in one: TEST_DATABASE_URL's database name with the worker's id appended (`test` ->
    `test_gw0`, `test_gw1`, ...), created from TEST_DATABASE_URL when missing and kept for the
    next run (the tests empty or re-make its schema themselves, as they do `test`'s).
    TEST_DATABASE_URL in `env` is changed to it. Outside xdist, or without
    TEST_DATABASE_URL: nothing."""
    url, worker = env.get("TEST_DATABASE_URL"), env.get("PYTEST_XDIST_WORKER")
    if not url or not worker:
        return
    parsed = make_url(url)
    name = f"{parsed.database or 'postgres'}_{worker}"
    try:
        asyncio.run(create_database(url, name))
    except Exception as exc:
        raise RuntimeError(
            f"TEST_DATABASE_URL: could not create the database {name!r} for test worker "
            f"{worker} (the parallel test run gives each worker its own): {exc}"
        ) from exc
    env["TEST_DATABASE_URL"] = parsed.set(database=name).render_as_string(hide_password=False)
