"""SQLite for SQLAlchemy's async engine, run on the event loop's own thread.

The stock `aiosqlite` driver sends every cursor call to a worker thread and back (three or four
thread hops per statement), which cost about 0.35 ms of CPU per statement here, against 0.01 ms
for the statement itself (`bench/db_driver.py`). SQLite in WAL mode with `synchronous=NORMAL`
answers in microseconds and never waits on the network, so this driver calls `sqlite3` directly.

The one wait SQLite can impose is another process holding the write lock. SQLite's own busy
handler would then block the whole event loop, so the connection's busy timeout is 0 and a
statement refused with "database is locked" is retried after an asyncio sleep (which yields to
other tasks) until the configured timeout has passed. Retrying is safe: a statement refused with
SQLITE_BUSY did nothing, and the writers take the lock with their first statement (BEGIN
IMMEDIATE), so no transaction is ever half done when it waits.

Use it with the URL `sqlite+inline:///file.db` (the default). A `sqlite+aiosqlite` URL runs
aiosqlite, as it says; the cold reads (statistics, export, history, replay) run on aiosqlite
whatever the URL, so that a long query never holds the event loop (`bot.db.engine`).
tests/runtime/test_inline_sqlite.py compares its rows and errors with aiosqlite's.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sqlalchemy.connectors.asyncio import AsyncAdapt_dbapi_module
from sqlalchemy.dialects import registry
from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite
from sqlalchemy.engine.interfaces import AdaptedConnection
from sqlalchemy.pool import AsyncAdaptedQueuePool, StaticPool
from sqlalchemy.util.concurrency import await_only

T = TypeVar("T")

#: First and longest pause between two tries of a statement refused with "database is locked".
FIRST_PAUSE = 0.002
LONGEST_PAUSE = 0.1


async def _handed_back() -> None:
    """Awaited once per statement: SQLAlchemy's async engine checks that its driver awaited
    something (a greenlet switch, no thread hop), to catch sync drivers used by mistake."""


def _locked(error: sqlite3.OperationalError) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(error) or "busy" in str(error)


class InlineCursor:
    """A DBAPI cursor whose rows are fetched at once (as SQLAlchemy's aiosqlite cursor does)."""

    server_side = False

    def __init__(self, connection: InlineConnection) -> None:
        self._connection = connection
        self.arraysize = 1
        self.rowcount = -1
        self.lastrowid: int | None = None
        self.description: Any = None
        self._rows: deque[Any] = deque()

    def execute(self, operation: str, parameters: Sequence[Any] | None = None) -> None:
        self._connection.await_(_handed_back())
        raw = self._connection.retrying(
            lambda: self._connection.driver.execute(operation, parameters or ())
        )
        self._take(raw)

    def executemany(self, operation: str, seq_of_parameters: Sequence[Sequence[Any]]) -> None:
        self._connection.await_(_handed_back())
        raw = self._connection.retrying(
            lambda: self._connection.driver.executemany(operation, seq_of_parameters)
        )
        self._take(raw)

    def _take(self, raw: sqlite3.Cursor) -> None:
        try:
            if raw.description:
                self.description = raw.description
                self.lastrowid = self.rowcount = -1
                self._rows = deque(raw.fetchall())
            else:
                self.description = None
                self.lastrowid = raw.lastrowid
                self.rowcount = raw.rowcount
        finally:
            raw.close()

    async def _async_soft_close(self) -> None:
        return

    def setinputsizes(self, *inputsizes: Any) -> None:
        pass

    def __iter__(self) -> Any:
        while self._rows:
            yield self._rows.popleft()

    def fetchone(self) -> Any:
        return self._rows.popleft() if self._rows else None

    def fetchmany(self, size: int | None = None) -> list[Any]:
        size = self.arraysize if size is None else size
        return [self._rows.popleft() for _ in range(min(size, len(self._rows)))]

    def fetchall(self) -> list[Any]:
        rows = list(self._rows)
        self._rows.clear()
        return rows

    def close(self) -> None:
        self._rows.clear()


class InlineConnection(AdaptedConnection):
    """The adapted connection SQLAlchemy's async engine drives; `driver` is the sqlite3 one."""

    await_ = staticmethod(await_only)
    __slots__ = ("dbapi", "busy_timeout")
    # AdaptedConnection types this as an asyncio driver's connection; here it is sqlite3's own.
    _connection: sqlite3.Connection  # type: ignore[assignment]

    def __init__(self, dbapi: InlineDBAPI, connection: sqlite3.Connection, busy: float) -> None:
        self.dbapi = dbapi
        self._connection = connection
        self.busy_timeout = busy

    @property
    def driver(self) -> sqlite3.Connection:
        return self._connection

    def retrying(self, call: Callable[[], T]) -> T:
        """`call()`, tried again after a pause while another process holds the lock."""
        deadline = time.monotonic() + self.busy_timeout
        pause = FIRST_PAUSE
        while True:
            try:
                return call()
            except sqlite3.OperationalError as error:
                if not _locked(error) or time.monotonic() + pause > deadline:
                    raise
            self.await_(asyncio.sleep(pause))
            pause = min(pause * 2, LONGEST_PAUSE)

    @property
    def isolation_level(self) -> str | None:
        return self._connection.isolation_level

    @isolation_level.setter
    def isolation_level(self, value: str | None) -> None:
        # sqlite3 takes "" too (the stubs list only its three keywords); SQLAlchemy sets it.
        self._connection.isolation_level = value  # type: ignore[assignment]

    def create_function(self, *args: Any, **kw: Any) -> None:
        self._connection.create_function(*args, **kw)

    def cursor(self, server_side: bool = False) -> InlineCursor:
        return InlineCursor(self)

    def execute(self, *args: Any, **kw: Any) -> Any:
        return self.retrying(lambda: self._connection.execute(*args, **kw))

    def rollback(self) -> None:
        self._connection.rollback()

    def commit(self) -> None:
        self.retrying(self._connection.commit)

    def close(self) -> None:
        self._connection.close()

    def terminate(self) -> None:
        self._connection.close()


class InlineDBAPI(AsyncAdapt_dbapi_module):
    """The DBAPI module SQLAlchemy sees: sqlite3's names, with connections adapted."""

    def __init__(self) -> None:
        self.sqlite = sqlite3
        self.paramstyle = "qmark"
        for name in (
            "DatabaseError",
            "Error",
            "IntegrityError",
            "NotSupportedError",
            "OperationalError",
            "ProgrammingError",
            "sqlite_version",
            "sqlite_version_info",
            "PARSE_COLNAMES",
            "PARSE_DECLTYPES",
            "Binary",
        ):
            setattr(self, name, getattr(sqlite3, name))

    def connect(self, database: str, **kw: Any) -> InlineConnection:
        busy = float(kw.pop("timeout", 5.0))
        kw.pop("async_fallback", None)
        kw["check_same_thread"] = False
        connection = sqlite3.connect(database, timeout=0, **kw)
        return InlineConnection(self, connection, busy)


class InlineSQLiteDialect(SQLiteDialect_pysqlite):
    driver = "inline"
    supports_statement_cache = True
    is_async = True
    has_terminate = True
    supports_server_side_cursors = False
    #: What opens a transaction: `make_engine` sets "BEGIN IMMEDIATE" on a writer engine.
    begin_statement = "BEGIN"

    def do_begin(self, dbapi_connection: Any) -> None:
        """Open the transaction ourselves (the connection runs with isolation_level None),
        straight on sqlite3: a writer waits here, without blocking, for another writer."""
        raw = dbapi_connection.driver
        dbapi_connection.retrying(lambda: raw.execute(self.begin_statement))

    @classmethod
    def import_dbapi(cls) -> InlineDBAPI:  # type: ignore[override]
        return InlineDBAPI()

    @classmethod
    def get_pool_class(cls, url: Any) -> type:
        return AsyncAdaptedQueuePool if cls._is_url_file_db(url) else StaticPool

    def do_terminate(self, dbapi_connection: Any) -> None:
        dbapi_connection.terminate()

    def is_disconnect(self, e: Any, connection: Any, cursor: Any) -> bool:
        if isinstance(e, sqlite3.ProgrammingError) and "closed" in str(e):
            return True
        return super().is_disconnect(e, connection, cursor)


registry.register("sqlite.inline", __name__, "InlineSQLiteDialect")
