"""`boardroom-admin verify [--game ID]`: the log is the record and snapshots only a cache, so
replaying a game's whole log from setup must give exactly the state in its newest snapshot
(compared as the title encodes them); a lobby ended before it started has neither, and
matches. One line per game that does not match (or could not be checked), then a summary;
exit code 1 when any game does not match.

Each game is read in one transaction of its own (a consistent view while the bot plays on)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, TextIO

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot import catalog
from bot.admin.database import Database
from bot.db.engine import is_sqlite
from bot.db.models import Game
from bot.errors import ServiceError
from bot.service import queries as q
from bot.service.loader import replay_from_setup
from engine.core import Title, same_position

GAMES = Game.__table__
#: Games that have a log to replay.
PLAYED = ("running", "finished", "ended")


class Verdict(Enum):
    MATCH = "match"
    MISMATCH = "mismatch"
    SKIPPED = "skipped"


@dataclass(frozen=True)
class Checked:
    game_id: int
    title: str
    status: str
    verdict: Verdict
    why: str = ""

    def line(self) -> str:
        word = "MISMATCH" if self.verdict is Verdict.MISMATCH else self.verdict.value
        return f"game {self.game_id} ({self.title}, {self.status}): {word}: {self.why}"


async def check_game(s: AsyncSession, game: Game) -> Checked:
    """Replay the game's log from setup and compare it with its newest snapshot."""

    def verdict(v: Verdict, why: str = "") -> Checked:
        return Checked(game.id, game.title, game.status, v, why)

    if game.status not in PLAYED:
        return verdict(Verdict.SKIPPED, "not started: there is no log to replay")
    title = catalog.title(game.title)
    if title is None:
        return verdict(Verdict.SKIPPED, f"this installation does not offer {game.title}")
    if game.rules_version != title.rules_version:
        return verdict(
            Verdict.SKIPPED,
            f"stored under rules version {game.rules_version}, this installation plays "
            f"{title.rules_version}",
        )
    snap = await q.latest_snapshot(s, game.id)
    if snap is None:
        if game.status == "ended" and await q.top_seq(s, game.id) == 0:
            # Ended in its lobby (its last player left, or a moderator ended it): it never
            # started, so there is neither a log nor a snapshot, and nothing to disagree.
            return verdict(Verdict.MATCH, "ended before it started")
        return verdict(Verdict.MISMATCH, "the game started but has no snapshot")
    try:
        state, last_seq = await replay_from_setup(s, game, title)
    except ServiceError as exc:
        return verdict(Verdict.MISMATCH, str(exc))
    except SQLAlchemyError:
        raise
    except Exception as exc:  # the title's own code failed on this log
        return verdict(Verdict.MISMATCH, f"its log does not replay ({type(exc).__name__}: {exc})")
    where = f"the newest snapshot (version {snap.version})"
    if last_seq != snap.last_seq:
        return verdict(
            Verdict.MISMATCH,
            f"{where} holds the log up to action {snap.last_seq}, the log goes to {last_seq}",
        )
    problem = _differs(title, state, snap.state)
    if problem:
        return verdict(Verdict.MISMATCH, f"{where} {problem}")
    return verdict(Verdict.MATCH)


def _differs(title: Title, replayed: Any, stored: bytes) -> str:
    """Why the stored state is not the replayed one ("" when it is). Bytes first; a stored
    state encoded differently (an older encoder) is decoded and encoded again."""
    expected = title.encode(replayed)
    if expected == stored:
        return ""
    try:
        decoded = title.decode(stored)
        again = title.encode(decoded)
    except Exception as exc:
        return f"cannot be decoded ({type(exc).__name__})"
    if again == expected or same_position(title, replayed, decoded):
        return ""
    return "differs from the state its log replays to"


def _sessions(db: Database) -> async_sessionmaker:
    """Sessions whose reads all see one moment (SQLite: every read transaction does)."""
    engine = db.engine
    if not is_sqlite(db.url):
        engine = engine.execution_options(isolation_level="REPEATABLE READ")
    return async_sessionmaker(engine, expire_on_commit=False)


async def run(db: Database, game_id: int | None, out: TextIO) -> int:
    async with db.engine.connect() as conn:
        if game_id is None:
            ids = list(
                await conn.scalars(
                    select(GAMES.c.id).where(GAMES.c.status.in_(PLAYED)).order_by(GAMES.c.id)
                )
            )
        else:
            found = await conn.scalar(select(GAMES.c.id).where(GAMES.c.id == game_id))
            if found is None:
                raise ServiceError(f"there is no game {game_id} in {db.shown}")
            ids = [game_id]
    sessions = _sessions(db)
    counts = dict.fromkeys(Verdict, 0)
    for one in ids:
        async with sessions() as s, s.begin():
            game = await s.get(Game, one)
            if game is None:  # deleted meanwhile
                continue
            checked = await check_game(s, game)
        counts[checked.verdict] += 1
        if checked.verdict is not Verdict.MATCH:
            print(checked.line(), file=out)
    bad, total = counts[Verdict.MISMATCH], sum(counts.values())
    print(
        f"checked {total} game{'s' if total != 1 else ''}: "
        f"{counts[Verdict.MATCH]} match, {bad} mismatch{'es' if bad != 1 else ''}, "
        f"{counts[Verdict.SKIPPED]} skipped",
        file=out,
    )
    return 1 if bad else 0
