"""Started games written to the bot's database through the game service, in the benchmark's
own process, before the bot starts: what the bot would have stored after `/game new`, Join
and Start, with its turn message posted. Shared by bench.e2e_load and bench.dispatcher."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

    from bot.results import GameInfo
    from bot.service import GameService

#: Title options the benchmarks play with.
OPTIONS = {"bazaar": {"options": "rounds=2"}}


async def stored_service(db_url: str, **kwargs: Any) -> tuple[AsyncEngine, GameService]:
    """The game service on the bot's database (the test title loaded, the schema migrated);
    `kwargs` go to `GameService` (e.g. `clock`, `reminder_after`)."""
    from bot import catalog
    from bot.db.engine import make_engine, migrate, sessionmaker
    from bot.service import GameService

    catalog.load(["tests.titles.bazaar:TITLE"], ["tests.titles.bazaar_render:RENDERER"])
    engine = make_engine(db_url)
    await migrate(engine)
    return engine, GameService(sessionmaker(engine), **kwargs)


async def store_one(
    service: GameService,
    channel: int,
    title: str,
    users: list[int],
    *,
    bots: int = 1,
    guild_id: int | None = 1,
    pace: str | None = None,
    expiry: str | None = None,
) -> GameInfo:
    """One started game: `users` seated (the first opens it), `bots` automatic players."""
    await service.create(
        guild_id=guild_id,
        channel_id=channel,
        user_id=users[0],
        title_slug=title,
        seats=len(users) + bots,
        bots=bots,
        options=OPTIONS.get(title, {}).get("options", ""),
        pace=pace,
        expiry=expiry,
    )
    for user in users[1:]:
        await service.join(channel, user)
    outcome = await service.start(channel, users[0])
    service.posted(outcome.game.id, outcome.game.version, None)  # as if its turn was posted
    return outcome.game


async def store_games(db_url: str, channels: list[int], titles: list[str], user: int) -> float:
    """One started 2-seat game per channel (the user and one automatic player); seconds."""
    engine, service = await stored_service(db_url)
    t0 = time.perf_counter()
    for channel, title in zip(channels, titles, strict=True):
        await store_one(service, channel, title, [user])
    await service.flush_deliveries()  # (else the bot would post every one of them at start)
    stored = await service.game_count()
    await engine.dispose()
    assert stored >= len(channels), stored
    return time.perf_counter() - t0
