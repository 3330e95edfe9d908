"""Start-up problems the person running the bot must fix. Each becomes ONE plain line saying
what to fix (never a traceback, never the token, never a database password) and a non-zero
exit code. `python -m bot` asks `database_problem` / `discord_problem` about any exception
raised while it starts; None means "not a known start-up problem" (a bug: let it surface)."""

from __future__ import annotations

import sqlite3

from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import make_url

#: The exit code of a bot that could not start.
EXIT_CODE = 2

ASYNC_URLS = "sqlite+inline:///boardroom.db or postgresql+asyncpg://user:pass@host/db"


class StartupError(Exception):
    """A problem found at start-up; its message is the one line shown, saying what to fix."""


def where(url: str) -> str:
    """The database as it may be shown: the SQLite file, or the URL without its password."""
    try:
        parsed = make_url(url)
    except sa_exc.ArgumentError:
        return "DATABASE_URL"
    if parsed.get_backend_name() == "sqlite":
        return (parsed.database or "(in memory)").removeprefix("file:")
    return parsed.render_as_string(hide_password=True)


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0][:200] if text else type(exc).__name__


#: SQLite's messages (lower case) -> what to do, for the file `{db}`.
_SQLITE_HINTS = (
    (
        "database is locked",
        "the database {db} is locked by another program (another copy of the bot?): stop it "
        "and start again",
    ),
    (
        "readonly database",
        "the database {db} is read-only: let the user running the bot write to it and to its "
        "folder, or change DATABASE_URL",
    ),
    (
        "unable to open database file",
        "cannot open the database file {db}: check that its folder exists and that the user "
        "running the bot may write there, or change DATABASE_URL",
    ),
    ("database or disk is full", "the disk holding the database {db} is full: free some space"),
    ("disk i/o error", "disk I/O error on the database {db}: check the disk and its file system"),
    (
        "file is not a database",
        "{db} is not a SQLite database (or it is damaged): restore it from a backup, or point "
        "DATABASE_URL at another file",
    ),
)


def database_problem(exc: BaseException, url: str) -> str | None:
    """What to fix when loading the titles, migrating or opening the database failed."""
    if isinstance(exc, StartupError):
        return str(exc)
    db = where(url)
    refused = _postgres_problem(exc, url)
    if refused is not None:
        return refused
    if isinstance(exc, sa_exc.ArgumentError | sa_exc.NoSuchModuleError):
        return f"DATABASE_URL is not a database URL Boardroom can use: write {ASYNC_URLS}"
    if isinstance(exc, sa_exc.InvalidRequestError) and "async" in str(exc):
        return f"DATABASE_URL needs an async driver: write {ASYNC_URLS}"
    if isinstance(exc, sa_exc.DBAPIError | sqlite3.Error):
        text = _first_line(exc).lower()
        for needle, hint in _SQLITE_HINTS:
            if needle in text:
                return hint.format(db=db)
        return f"cannot use the database {db}: {_first_line(exc)}"
    if isinstance(exc, OSError):
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else _first_line(exc)
        return f"cannot reach the database server {db}: {reason}; check that it runs"
    return None


def _postgres_error(exc: BaseException) -> Exception | None:
    """The PostgreSQL server's (or asyncpg's) own error behind `exc`: raised as it is while
    connecting, wrapped by SQLAlchemy in a statement."""
    try:
        import asyncpg
    except ImportError:  # (PostgreSQL is not installed: nothing of it to find)
        return None
    seen: set[int] = set()
    found: BaseException | None = exc
    while found is not None and id(found) not in seen:
        if isinstance(found, asyncpg.PostgresError | asyncpg.InterfaceError):
            return found
        seen.add(id(found))
        found = getattr(found, "orig", None) or found.__cause__ or found.__context__
    return None


def _postgres_problem(exc: BaseException, url: str) -> str | None:
    """What to fix when the PostgreSQL server refused the connection or a start-up statement:
    a database that does not exist, an unknown user, a wrong password, ..."""
    import asyncpg

    error = _postgres_error(exc)
    if error is None:
        return None
    parsed = make_url(url)
    server = f"{parsed.host or 'localhost'}:{parsed.port or 5432}"
    said = _first_line(error)
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        name = parsed.database or "(none)"
        return (
            f'the PostgreSQL server {server} has no database "{name}": fix the database name '
            f"in DATABASE_URL, or create it (createdb {name})"
        )
    if isinstance(error, asyncpg.InvalidPasswordError):
        return (
            f'the PostgreSQL server {server} refused the password of user "{parsed.username}": '
            "fix the password in DATABASE_URL"
        )
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
        return (
            f'the PostgreSQL server {server} refused user "{parsed.username}" ({said}): fix '
            "the user name in DATABASE_URL, or let that user in"
        )
    if isinstance(error, asyncpg.CannotConnectNowError | asyncpg.TooManyConnectionsError):
        return f"the PostgreSQL server {server} cannot take a connection now ({said}): try again"
    if isinstance(error, asyncpg.InsufficientPrivilegeError):
        return (
            f'user "{parsed.username}" may not do what the bot needs in {where(url)} ({said}): '
            "let it create and change tables there, or use the database's owner"
        )
    return f"cannot use the database {where(url)}: {said}"


def discord_problem(exc: BaseException) -> str | None:
    """What to fix when logging in to Discord or opening its gateway failed."""
    import aiohttp  # here, so that the settings and the database need no Discord imports
    import discord

    if isinstance(exc, StartupError):
        return str(exc)
    if isinstance(exc, discord.LoginFailure) or (
        isinstance(exc, discord.ConnectionClosed) and exc.code == 4004
    ):
        return (
            "Discord refused DISCORD_TOKEN (mistyped, or reset since): copy a fresh token from "
            "the developer portal (Bot → Reset Token) into .env"
        )
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return "Discord refused the gateway intents this bot asks for; check the Bot tab"
    if isinstance(exc, discord.Forbidden):
        return (
            f"Discord refused a start-up request ({exc.status}: {exc.text or 'forbidden'}): "
            "if DEV_GUILD_ID is set, invite the bot to that server with the applications.commands "
            "scope (see README), or clear DEV_GUILD_ID"
        )
    if isinstance(exc, discord.HTTPException):
        return (
            f"Discord answered a start-up request with {exc.status} ({exc.text or 'no reason'}): "
            "try again in a while"
        )
    if isinstance(exc, discord.GatewayNotFound | discord.ConnectionClosed):
        return "Discord's gateway did not accept the connection: try again in a while"
    if isinstance(exc, aiohttp.ClientConnectorDNSError):
        return (
            f"cannot reach Discord: the name {exc.host} does not resolve; check this machine's "
            "network and DNS settings"
        )
    if isinstance(exc, aiohttp.ClientConnectorError):
        reason = exc.os_error.strerror or str(exc.os_error)
        return (
            f"cannot reach Discord at {exc.host}:{exc.port} ({reason}); check the network "
            "connection, firewall or proxy"
        )
    if isinstance(exc, aiohttp.ClientError | OSError):
        return (
            f"cannot reach Discord ({_first_line(exc)}); check the network connection, firewall "
            "or proxy"
        )
    return None
