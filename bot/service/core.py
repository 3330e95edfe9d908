"""The one core every use case runs on: sessions and write transactions (under a game's
advisory lock on PostgreSQL), per-game and per-channel locks, bare-connection reads (hot, and
cold for the looking-back reads), the state and row caches and drafts, the reads of a game over
them, the audit row of an act, the turn messages posted but not yet marked delivered, and the
timer wake-ups a commit owes."""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.orm import Session

from bot import metrics
from bot.db.models import Audit, Game, Seat, utcnow
from bot.errors import ServiceError
from bot.results import GameInfo
from bot.service import queries as q
from bot.service.describe import describe_game
from bot.service.drafts import Drafts
from bot.service.loader import Loaded, StateCache, load, title_of
from bot.service.queries.decision import MOVED
from bot.service.row_cache import RowCache
from bot.shards import ALL, Shards
from engine.core import Title

#: Where a write transaction's session keeps the delivery marks it took (`take_posted`).
_MARKS = "delivery_marks"
#: ... and the due times of the timers it set (`wake_after_commit`).
_DUES = "timer_dues"


def _commit_and_close(session: Session) -> None:
    """Commit and release the connection in one hand-over to the sync session: SQLAlchemy's
    `session.begin()` and `async with session` take three, and close in a task of its own
    under `asyncio.shield`: 0.05 ms more CPU per transaction warm, 0.3 ms per Mombasa decision
    in the bot (bench.e2e_ab)."""
    try:
        session.commit()
    finally:
        session.close()


class Core:
    """Sessions, locks, caches and the reads over them, shared by every use case."""

    def __init__(
        self,
        sessions: async_sessionmaker,
        cache_size: int = 64,
        readers: async_sessionmaker | None = None,
        *,
        reminder_after: timedelta | None = None,
        clock: Callable[[], datetime] = utcnow,
        shards: Shards = ALL,
        cold: async_sessionmaker | None = None,
    ) -> None:
        """`sessions` write (and may read); `readers`, when given, serve the read-only calls.
        `reminder_after`: ping the people a decision waits for after this long (None: never).
        `clock`: what time it is (tests pass their own). `shards`: the Discord shards this
        process serves; timers, owed deliveries and start-up repairs of other games are left
        to the processes serving theirs. `cold`: the sessions of the cold reads (stats, export,
        history, replay, timelapse); the readers' by default."""
        self.reminder_after = reminder_after
        self.clock = clock
        self.shards = shards
        #: Called with the due time of every timer a commit sets (the dispatcher's wake-up).
        self.on_timer: Callable[[datetime], None] | None = None
        #: Called after a commit with (game id, new version) of each game it moved on (the
        #: web table's live pages, bot.web.live). With `notify` set (PostgreSQL), the commit
        #: NOTIFYs that channel instead, and every process listening hears it.
        self.on_moved: Callable[[int, int], None] | None = None
        self.notify: str | None = None
        self.writers = sessions
        self.readers = readers or sessions
        self.cold = cold or self.readers
        self.read_engine: AsyncEngine = self.readers.kw["bind"]
        self._cold_engine: AsyncEngine = self.cold.kw["bind"]
        self.cache = StateCache(cache_size)
        self.rows = RowCache()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._channel_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self.drafts = Drafts()
        self._sqlite_writer = asyncio.Lock()
        #: Turn messages posted but not yet marked delivered: game id -> (version, message id).
        #: Marked in the game's next transaction, or by `flush_deliveries`.
        self.unmarked: dict[int, tuple[int, int | None]] = {}

    @asynccontextmanager
    async def tx(self, game_id: int | None = None) -> AsyncIterator[AsyncSession]:
        """A write transaction; with `game_id` on PostgreSQL, under the game's advisory lock
        (several processes on one database then take turns per game). Its time and its
        decisions are counted in the metrics once it has committed."""
        t0 = time.perf_counter()
        marks: list[tuple[int, int, int | None]] = []
        session: AsyncSession = self.writers()
        session.info[_MARKS] = marks
        dialect = session.bind.dialect.name
        # SQLite has one writer at a time: queue here, on the event loop, rather than in
        # SQLite's busy handler on a pool of blocked threads (which starves the loop under load).
        queue = self._sqlite_writer if dialect == "sqlite" else contextlib.nullcontext()
        try:
            async with queue:
                if game_id is not None and dialect == "postgresql":
                    await session.execute(q.GAME_LOCK, {"k": game_id})
                yield session  # (the session begins with its first statement)
                if self.notify is not None and dialect == "postgresql":
                    await self._notify(session)
                await session.run_sync(_commit_and_close)
        except BaseException:
            await session.close()  # (rolls back what was begun)
            for marked, version, message_id in marks:  # not written: mark them later
                self.posted(marked, version, message_id)
            raise
        else:
            metrics.committed(session, time.perf_counter() - t0)
            if self.on_timer is not None:  # only now can the dispatcher read them
                for due in session.info.get(_DUES, ()):
                    self.on_timer(due)
            if self.on_moved is not None and (self.notify is None or dialect != "postgresql"):
                for game_id, version in session.info.get(MOVED, ()):
                    self.on_moved(game_id, version)
        finally:  # committed or not, the cached rows it may have changed are gone
            if game_id is None:
                self.rows.clear()
            else:
                self.rows.drop(game_id)

    async def _notify(self, session: AsyncSession) -> None:
        """NOTIFY the games this transaction moved on: PostgreSQL delivers it at the commit."""
        for game_id, version in session.info.get(MOVED, ()):
            await session.execute(
                q.NOTIFY, {"channel": self.notify, "payload": f"{game_id}:{version}"}
            )

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def channel_lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._channel_locks.get(channel_id)
        if lock is None:
            lock = self._channel_locks[channel_id] = asyncio.Lock()
        return lock

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncConnection]:
        """A read on a bare connection, for the hot reads (a press, a menu, a hand): an ORM
        session costs more than the statement (a state loaded on a cache miss too)."""
        t0 = time.perf_counter()
        async with self.read_engine.connect() as conn:
            yield conn
        metrics.transaction("read", time.perf_counter() - t0)

    @asynccontextmanager
    async def cold_reading(self) -> AsyncIterator[AsyncConnection]:
        """A read on a bare connection of the cold sessions (the looking-back reads)."""
        t0 = time.perf_counter()
        async with self._cold_engine.connect() as conn:
            yield conn
        metrics.transaction("read", time.perf_counter() - t0)

    async def game_id(self, channel_id: int) -> int:
        cached = self.rows.live_game(channel_id)
        if cached is not None:
            return cached
        async with self.reading() as c:
            return await q.live_game_id(c, channel_id)

    async def row_and_state(
        self, game_id: int, *, fresh: bool = False
    ) -> tuple[Game | None, list[Seat], Loaded | None, bool]:
        """The game row, its seats and, for a running game, its current state: from this
        process's caches when they hold all of it (for menus and steps), else read (`fresh`:
        always; a commit decides on a fresh read). The last item: it came from the caches."""
        if not fresh:
            row = self.rows.get(game_id)
            if row is not None:
                kept = row.game
                if kept.status != "running":
                    return kept, row.seats, None, True
                loaded = self.cache.get(kept.id, kept.version)
                if loaded is not None:
                    return kept, row.seats, loaded, True
        async with self.reading() as c:
            generation = self.rows.generation()
            game, seats = await q.game_and_holders(c, game_id)
            if game is None:
                return None, [], None, False
            self.rows.put(generation, game, seats)
            loaded = None
            if game.status == "running":
                loaded = await self.state(c, game, title_of(game))
        return game, seats, loaded, False

    async def state(self, s: AsyncSession | AsyncConnection, game: Game, title: Title) -> Loaded:
        cached = self.cache.get(game.id, game.version)
        if cached is not None:
            return cached
        return await load(s, game, title, self.cache)

    async def current(
        self,
        s: AsyncSession | AsyncConnection,
        game_id: int,
        allowed: tuple[str, ...],
        refusal: str,
    ) -> tuple[Game, Title, Any, GameInfo]:
        """The game, its title, its current state and its summary, if its status allows."""
        game, seats = await q.game_and_holders(s, game_id)
        if game is None or game.status not in allowed:
            raise ServiceError(refusal)
        title = title_of(game)
        state = (await self.state(s, game, title)).state
        return game, title, state, describe_game(game, seats, state)

    @staticmethod
    async def audit(
        s: AsyncSession, game: Game | None, actor: int, act: str, detail: str = ""
    ) -> None:
        s.add(
            Audit(
                game_id=game.id if game else None,
                guild_id=game.guild_id if game else None,
                actor_id=actor,
                act=act,
                detail=detail,
            )
        )

    @staticmethod
    def wake_after_commit(s: AsyncSession, due: datetime) -> None:
        """A timer due at `due` is set in this transaction: `on_timer` hears of it once the
        transaction has committed (told earlier, the dispatcher could read the timers before
        the commit, miss this one, and sleep past it)."""
        s.info.setdefault(_DUES, []).append(due)

    def posted(self, game_id: int, version: int, message_id: int | None) -> None:
        """The turn message of `version` is posted (as message `message_id`)."""
        old = self.unmarked.get(game_id)
        if old is None or old[0] <= version:
            self.unmarked[game_id] = (version, message_id)

    def take_posted(self, s: AsyncSession, game_id: int) -> tuple[int, int | None] | None:
        """The game's last posted turn message, to mark delivered in this transaction (handed
        back by `tx` if the transaction does not commit)."""
        posted = self.unmarked.pop(game_id, None)
        if posted is not None:
            s.info.setdefault(_MARKS, []).append((game_id, *posted))
        return posted
