"""Who of a game's people is away for its new turn message: one read with every decision, in
the decision's own transaction (sync: in its `run_sync`)."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, or_, select
from sqlalchemy.orm import Session

from bot.db.models import Vacation
from bot.db.prepared import Prepared
from bot.service.clock_rules import covering_end
from bot.service.hours import aware

# Built once per number of people (this read runs with every decision): the columns only, no
# ORM objects, run on the driver's cursor (bot.db.prepared; `or_`, as an IN list would be
# expanded at each execution).
_VACATIONS = Vacation.__table__


@functools.cache
def _away(people: int, on_server: bool) -> Prepared:
    v = _VACATIONS.c
    where = v.guild_id == bindparam("guild") if on_server else v.guild_id.is_(None)
    return Prepared(
        select(v.user_id, v.starts_at, v.ends_at).where(
            or_(*(v.user_id == bindparam(f"id{i}") for i in range(people))),
            v.ends_at > bindparam("after"),
            v.automatic.is_(False),
            where,
        )
    )


def away_map(
    s: Session, user_ids: Iterable[int], guild_id: int | None, now: datetime
) -> dict[int, datetime]:
    """user id -> when they are back, for those of `user_ids` away at `now` (one query; sync,
    in a `run_sync`: a decision runs it with its own statements)."""
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    params: dict[str, Any] = {f"id{i}": uid for i, uid in enumerate(ids)}
    params["after"] = now.astimezone(UTC)
    if guild_id is not None:
        params["guild"] = guild_id
    rows = _away(len(ids), guild_id is not None).rows(s, params)
    out: dict[int, datetime] = {}
    for uid in ids:
        spans = [(aware(start), aware(end)) for who, start, end in rows if who == uid]
        end = covering_end(spans, now)
        if end is not None:
            out[uid] = end
    return out
