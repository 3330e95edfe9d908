"""`Prepared` (bot.db.prepared) writes exactly what SQLAlchemy's own execution of the same
statement writes, on SQLite and PostgreSQL: the same rows (datetimes, JSON, booleans through
their types), the same row counts, the statements seen by the engine's listeners, and driver
errors raised as SQLAlchemy raises them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import bindparam, delete, event, insert, select, update
from sqlalchemy.exc import IntegrityError, StatementError

from bot.db.engine import make_engine, migrate
from bot.db.models import Action, Game, Seat
from bot.db.prepared import Prepared

ACTIONS = Action.__table__
GAMES = Game.__table__
WHEN = datetime(2026, 12, 5, 13, 14, 15, 123456, tzinfo=UTC)

_LOG = insert(ACTIONS)
_BUMP = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("b_id"), GAMES.c.status == "running")
    .values(version=bindparam("b_new"), updated_at=bindparam("b_now"))
)
_DROP = delete(ACTIONS).where(ACTIONS.c.game_id == bindparam("b_game"), ACTIONS.c.seq >= 2)


def _action(game_id: int, seq: int) -> dict:
    return {
        "game_id": game_id,
        "seq": seq,
        "seat_no": seq % 2,
        "choice_id": f"bid:{seq}",
        "user_id": None if seq % 2 else 7,
        "by_bot": bool(seq % 2),
        "version": seq,
        "events": [{"text": f"move {seq}", "to": None}],
        "undoable": seq == 1,
        "created_at": WHEN,
    }


async def _two_games(engine) -> tuple[int, int]:
    async with engine.begin() as conn:
        ids = []
        for channel in (1, 2):
            done = await conn.execute(
                insert(GAMES).values(
                    guild_id=1,
                    channel_id=channel,
                    title="bazaar",
                    rules_version="1",
                    seed=1,
                    seats=2,
                    status="running",
                    version=0,
                    created_by=1,
                )
            )
            ids.append(done.inserted_primary_key[0])
    return ids[0], ids[1]


def _stored(sync, game_id: int) -> tuple[list[tuple], tuple]:
    """The game's actions (all but their ids) and its version and update time."""
    actions = sync.execute(
        select(ACTIONS).where(ACTIONS.c.game_id == game_id).order_by(ACTIONS.c.seq)
    )
    game = sync.execute(select(GAMES.c.version, GAMES.c.updated_at).where(GAMES.c.id == game_id))
    keep = [c.name for c in ACTIONS.c if c.name not in ("id", "game_id")]
    return [tuple(r._mapping[k] for k in keep) for r in actions], tuple(game.one())


async def test_prepared_writes_what_sqlalchemy_writes(db_url):
    engine = make_engine(db_url)
    await migrate(engine)
    mine, theirs = await _two_games(engine)
    seen: list[str] = []
    event.listen(
        engine.sync_engine, "before_cursor_execute", lambda c, cur, sql, *a: seen.append(sql)
    )

    def both(sync) -> None:
        # the same statements, one game through Prepared and one through SQLAlchemy
        assert Prepared(_LOG).run(sync, [_action(mine, n) for n in (1, 2, 3)]) in (3, -1)
        sync.execute(_LOG, [_action(theirs, n) for n in (1, 2, 3)])
        bump = {"b_new": 4, "b_now": WHEN}
        assert Prepared(_BUMP).run(sync, {"b_id": mine, **bump}) == 1
        assert sync.execute(_BUMP, {"b_id": theirs, **bump}).rowcount == 1
        assert Prepared(_BUMP).run(sync, {"b_id": 10**9, **bump}) == 0  # no such game
        assert Prepared(_DROP).run(sync, {"b_game": mine}) == 2
        assert sync.execute(_DROP, {"b_game": theirs}).rowcount == 2

    async with engine.begin() as conn:
        await conn.run_sync(both)
    assert sum("INSERT INTO actions" in s for s in seen) == 2  # each way, seen once
    assert sum("UPDATE games" in s for s in seen) == 3

    async with engine.connect() as conn:
        prepared = await conn.run_sync(_stored, mine)
        plain = await conn.run_sync(_stored, theirs)
    assert prepared == plain
    assert len(prepared[0]) == 1 and prepared[1][0] == 4
    async with engine.connect() as conn:
        action = (await conn.execute(select(ACTIONS).where(ACTIONS.c.game_id == mine))).one()
    assert action.events == [{"text": "move 1", "to": None}]
    assert action.created_at.replace(tzinfo=UTC) == WHEN
    assert action.undoable is True and action.by_bot is True
    await engine.dispose()


async def test_what_prepared_cannot_run_goes_through_sqlalchemy(db_url):
    """A column default left to SQLAlchemy (`created_at` not given) and a value left out."""
    engine = make_engine(db_url)
    await migrate(engine)
    mine, _ = await _two_games(engine)
    given = _action(mine, 1)
    del given["created_at"]

    async with engine.begin() as conn:
        await conn.run_sync(lambda sync: Prepared(_LOG).run(sync, [given]))
    async with engine.connect() as conn:
        stored = (await conn.execute(select(ACTIONS.c.created_at))).scalar_one()
    assert stored is not None  # the column's default, filled in by SQLAlchemy

    def without_value(sync) -> None:
        Prepared(_BUMP).run(sync, {"b_id": mine, "b_new": 2})  # no b_now

    with pytest.raises(StatementError, match="b_now"):
        async with engine.begin() as conn:
            await conn.run_sync(without_value)
    await engine.dispose()


async def test_a_driver_error_is_raised_as_sqlalchemy_raises_it(db_url):
    engine = make_engine(db_url)
    await migrate(engine)
    mine, _ = await _two_games(engine)

    def twice(sync) -> None:
        Prepared(_LOG).run(sync, [_action(mine, 1)])
        Prepared(_LOG).run(sync, [_action(mine, 1)])  # the same seq again

    with pytest.raises(IntegrityError):
        async with engine.begin() as conn:
            await conn.run_sync(twice)
    async with engine.connect() as conn:  # rolled back, and the connection still works
        assert (await conn.execute(select(ACTIONS.c.id))).all() == []
    await engine.dispose()


async def test_prepared_reads_what_sqlalchemy_reads(db_url):
    """The hot read of a game and its seats: every value as SQLAlchemy gives it (datetimes,
    JSON, booleans, NULLs of the outer join)."""
    from bot.service.queries import _GAME_AND_HOLDERS

    engine = make_engine(db_url)
    await migrate(engine)
    mine, _ = await _two_games(engine)
    async with engine.begin() as conn:
        await conn.execute(update(GAMES).values(options={"deck": [1, 2]}, result=None))
        for seat_no, user in ((0, 7), (1, None)):
            seat = {"game_id": mine, "seat_no": seat_no, "user_id": user, "is_bot": user is None}
            await conn.execute(insert(Seat.__table__).values(**seat, joined_at=WHEN))
    statement = _GAME_AND_HOLDERS.statement

    def both(sync):
        return _GAME_AND_HOLDERS.rows(sync, {"game_id": mine}), [
            tuple(r) for r in sync.execute(statement, {"game_id": mine})
        ]

    async with engine.connect() as conn:
        prepared, plain = await conn.run_sync(both)
    assert [tuple(r) for r in prepared] == plain
    assert len(plain) == 2 and plain[0][0] == mine
    assert {"deck": [1, 2]} in plain[0] and True in plain[1] and False in plain[0]
    async with engine.connect() as conn:
        prepared, plain = await conn.run_sync(
            lambda sync: (
                _GAME_AND_HOLDERS.rows(sync, {"game_id": 10**9}),
                sync.execute(statement, {"game_id": 10**9}).all(),
            )
        )
    assert prepared == plain == []
    await engine.dispose()
