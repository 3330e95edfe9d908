"""The web table's queries: the signing key, a server's pages setting, a person's link number."""

from __future__ import annotations

import secrets

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from bot.db.models import Action, Game, GuildSettings, Person, Watcher, WebKey

KEY_NAME = "links"
_KEY = select(WebKey.key).where(WebKey.name == KEY_NAME)


async def key(s: AsyncSession) -> bytes | None:
    return await s.scalar(_KEY)


async def make_key(s: AsyncSession) -> bytes:
    """The signing key, made now if there is none (a process that lost the race to make it
    reads the winner's)."""
    found = await key(s)
    if found is not None:
        return bytes(found)
    try:
        async with s.begin_nested():
            s.add(WebKey(name=KEY_NAME, key=secrets.token_bytes(32)))
    except IntegrityError:
        pass
    made = await key(s)
    assert made is not None
    return bytes(made)


async def pages_on(c: AsyncConnection, guild_id: int | None) -> bool:
    """Does the server serve its game pages (`/admin web`; yes unless turned off)?"""
    if guild_id is None:
        return True
    on = await c.scalar(select(GuildSettings.web_pages).where(GuildSettings.guild_id == guild_id))
    return on is not False


async def guilds_off(c: AsyncConnection) -> set[int]:
    """The servers whose game pages a moderator turned off."""
    rows = await c.scalars(select(GuildSettings.guild_id).where(GuildSettings.web_pages.is_(False)))
    return set(rows)


async def links_of(c: AsyncConnection | AsyncSession, user_id: int) -> int:
    """The number the person's current personal links carry (0 until they first revoke)."""
    found = await c.scalar(select(Person.web_links).where(Person.user_id == user_id))
    return int(found or 0)


async def may_watch(c: AsyncConnection, game_id: int, user_id: int) -> bool:
    """Has the person been let in to watch the game (an allowed `Watcher` row)?"""
    found = await c.scalar(
        select(Watcher.id)
        .where(Watcher.game_id == game_id, Watcher.user_id == user_id, Watcher.allowed.is_(True))
        .limit(1)
    )
    return found is not None


async def spectators(c: AsyncConnection, game_id: int) -> str | None:
    """The game's spectators setting (None: no such game)."""
    return await c.scalar(select(Game.spectators).where(Game.id == game_id))


async def advance_links(s: AsyncSession, user_id: int) -> int:
    """Advance the person's link number (their row made if need be); the new number."""
    person = await s.get(Person, user_id)
    if person is None:
        person = Person(user_id=user_id, timezone="UTC", pings="channel", palette="standard")
        s.add(person)
    person.web_links = (person.web_links or 0) + 1
    await s.flush()
    return person.web_links


async def set_pages(s: AsyncSession, guild_id: int, on: bool) -> None:
    settings = await s.get(GuildSettings, guild_id)
    if settings is None:
        s.add(GuildSettings(guild_id=guild_id, web_pages=on))
    else:
        settings.web_pages = on


async def news(c: AsyncConnection, game_id: int) -> tuple[int, str, int] | None:
    """The game's version, status and live move count (None: no such game): what a live page
    is told when the game moves on."""
    row = (await c.execute(select(Game.version, Game.status).where(Game.id == game_id))).first()
    if row is None:
        return None
    moves = await c.scalar(
        select(func.count())
        .select_from(Action)
        .where(Action.game_id == game_id, Action.undone_at_version.is_(None))
    )
    return int(row.version), str(row.status), int(moves or 0)
