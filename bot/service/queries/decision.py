"""A decision's write: the statements one committed decision runs, together in one `run_sync`
(`write_decision`): the version bump, the logged actions, the snapshot, the turn message owed,
the game's timers (queries.timers) and the delivery mark of the turn message posted before it.
The bump (`bump`) and the delivery marks (`mark_delivered`) also serve alone."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, insert, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from bot.db.models import Action, Delivery, Game, Snapshot, utcnow
from bot.db.prepared import Prepared
from bot.errors import StaleError
from bot.service.queries.timers import clear_game_timers_now, set_game_timers

# The statements of a committed decision go to the tables (`Model.__table__`), not through the
# ORM: they are the hot path, and the ORM's unit of work cost more than the SQL itself. Each
# runs `Prepared` (bot.db.prepared): compiled once, executed on the driver's cursor.
GAMES = Game.__table__
ACTIONS = Action.__table__
SNAPSHOTS = Snapshot.__table__
DELIVERIES = Delivery.__table__


#: Where a write transaction's session lists the (game id, new version) of each bump.
MOVED = "games_moved"

# Built once: a statement object keeps its cache key, so executing it again costs no SQL
# construction (bound parameters carry the values; their names differ from the columns').
_BUMP_GAME = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("b_id"), GAMES.c.version == bindparam("b_expected"))
    .values(version=bindparam("b_new"), updated_at=bindparam("b_now"))
)
_BUMP = Prepared(_BUMP_GAME)


@functools.cache
def _bump_setting(columns: tuple[str, ...]) -> Prepared:
    """`_BUMP` that also sets `columns` (bound as `v_<column>`), built once per column set."""
    return Prepared(_BUMP_GAME.values({c: bindparam(f"v_{c}") for c in columns}))


async def bump(s: AsyncSession, game: Game, expected: int, **values: Any) -> int:
    """Advance the version (and set `values`), refusing if another writer got there first."""
    return await s.run_sync(bump_now, game, expected, values)


def bump_now(s: Session, game: Game, expected: int, values: dict[str, Any]) -> int:
    """`bump`, in a `run_sync` (see `write_decision`)."""
    new = expected + 1
    params = {"b_id": game.id, "b_expected": expected, "b_new": new, "b_now": utcnow()}
    if values:
        params.update({f"v_{k}": v for k, v in values.items()})
        done = _bump_setting(tuple(sorted(values))).run(s, params)
    else:
        done = _BUMP.run(s, params)
    if done != 1:
        raise StaleError("The game moved on while you were deciding; have another look.")
    s.info.setdefault(MOVED, []).append((game.id, new))  # (Core.tx tells the web table)
    # Record the new values as already stored (no second UPDATE when the game is attached).
    set_committed_value(game, "version", new)
    for key, value in values.items():
        set_committed_value(game, key, value)
    return new


_LOG_ACTIONS = Prepared(insert(ACTIONS))


_MOVE_SNAPSHOT = Prepared(
    update(SNAPSHOTS)
    .where(
        SNAPSHOTS.c.game_id == bindparam("b_game"),
        SNAPSHOTS.c.version == bindparam("b_previous"),
        SNAPSHOTS.c.checkpoint.is_(False),
    )
    .values(
        version=bindparam("b_version"),
        last_seq=bindparam("b_last_seq"),
        state=bindparam("b_state"),
        checkpoint=bindparam("b_checkpoint"),
        created_at=bindparam("b_now"),
    )
)
_INSERT_SNAPSHOT = Prepared(insert(SNAPSHOTS))


def replace_latest_snapshot(
    s: Session,
    game_id: int,
    previous: int,
    version: int,
    last_seq: int,
    state: bytes,
    checkpoint: bool,
) -> None:
    """The snapshot of `version` replaces the latest one (of `previous`), unless that one is a
    checkpoint (kept): then it is written beside it. One statement in the common case."""
    moved = _MOVE_SNAPSHOT.run(
        s,
        {
            "b_game": game_id,
            "b_previous": previous,
            "b_version": version,
            "b_last_seq": last_seq,
            "b_state": state,
            "b_checkpoint": checkpoint,
            "b_now": utcnow(),
        },
    )
    if moved != 1:
        _INSERT_SNAPSHOT.run(
            s,
            {
                "game_id": game_id,
                "version": version,
                "last_seq": last_seq,
                "state": state,
                "checkpoint": checkpoint,
            },
        )


_OWE_DELIVERY = Prepared(insert(DELIVERIES))
#: The turn message owed for a new version takes over the row of the one just posted: one
#: statement instead of an insert and a delete (`owe_turn_message`).
_PASS_ON_DELIVERY = Prepared(
    update(DELIVERIES)
    .where(
        DELIVERIES.c.game_id == bindparam("b_game"),
        DELIVERIES.c.version == bindparam("b_delivered"),
        DELIVERIES.c.kind == "turn",
    )
    .values(
        version=bindparam("b_version"), prefix=bindparam("b_prefix"), created_at=bindparam("b_now")
    )
)

_DELIVERED = Prepared(
    delete(DELIVERIES).where(
        DELIVERIES.c.game_id == bindparam("b_game"),
        DELIVERIES.c.version <= bindparam("b_version"),
        DELIVERIES.c.kind == "turn",
    )
)
_TURN_MESSAGE = Prepared(
    update(GAMES)
    .where(GAMES.c.id == bindparam("b_game"))
    .values(turn_message_id=bindparam("b_message"))
)


async def mark_delivered(s: AsyncSession, items: Sequence[tuple[int, int, int | None]]) -> None:
    """`items`: (game id, version, message id) of turn messages that were posted: their
    deliveries (and older ones of the game) are done, and the message is the game's current."""
    await s.run_sync(mark_delivered_now, items)


def mark_delivered_now(s: Session, items: Sequence[tuple[int, int, int | None]]) -> None:
    """`mark_delivered`, in a `run_sync`."""
    for game_id, version, message_id in items:
        _DELIVERED.run(s, {"b_game": game_id, "b_version": version})
        if message_id is not None:
            _TURN_MESSAGE.run(s, {"b_game": game_id, "b_message": message_id})


@dataclass
class DecisionRows:
    """What one decision writes besides its version bump (see `write_decision`)."""

    game: Game
    previous: int  # the version it was decided on
    values: dict[str, Any]  # set with the bump
    actions: list[dict[str, Any]]  # the logged actions
    last_seq: int
    state: bytes  # the new snapshot
    checkpoint: bool
    prefix: str  # of the owed turn message
    timers: dict[str, tuple[datetime, dict[str, Any]]] | None  # None: clear the game's timers
    delivered: int | None  # the version whose turn message was posted, if not marked yet


def write_decision(s: Session, w: DecisionRows) -> int:
    """A decision's statements, in one `AsyncSession.run_sync`: one greenlet switch for all of
    them rather than one per awaited statement, and none of the async session's wrapping
    around each (about half the cost of a statement; bench.e2e_load --probe). Returns the new
    version; StaleError if another writer got there first (nothing is then written)."""
    game_id = w.game.id
    version = bump_now(s, w.game, w.previous, w.values)
    if w.actions:
        _LOG_ACTIONS.run(s, w.actions)
    replace_latest_snapshot(s, game_id, w.previous, version, w.last_seq, w.state, w.checkpoint)
    owe_turn_message(s, game_id, version, w.prefix, w.delivered)
    if w.timers is None:
        clear_game_timers_now(s, game_id)
    else:
        set_game_timers(s, game_id, version, w.timers)
    return version


def owe_turn_message(
    s: Session, game_id: int, version: int, prefix: str, delivered: int | None
) -> None:
    """Record the turn message owed for `version`; `delivered`: the version whose turn message
    was posted since the last decision (not marked yet), whose row and older ones go. In the
    usual case its row is the one owed, and becomes the new one in place."""
    if delivered is not None:
        params = {
            "b_game": game_id,
            "b_delivered": delivered,
            "b_version": version,
            "b_prefix": prefix,
            "b_now": utcnow(),
        }
        if _PASS_ON_DELIVERY.run(s, params) == 1:
            return
        mark_delivered_now(s, [(game_id, delivered, None)])  # (its message id: with the bump)
    params = {"game_id": game_id, "version": version, "kind": "turn", "prefix": prefix}
    _OWE_DELIVERY.run(s, params)
