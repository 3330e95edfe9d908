"""The derived statistics (`game_results`, `ratings`), built from the games themselves: their
seat tenures, live actions and results. The same code records a game in the transaction that
ends it (`record`), rebuilds everything in order (`rebuild`: the recompute command, and the
backfill of migration 0007), so a recompute gives exactly what the incremental path wrote.

Synchronous Core on a `Connection` (the async service calls it through `run_sync`), over
lightweight table clauses that name only the columns used here: a later migration that adds a
column to these tables does not change what this code, run by migration 0007, sends.

Who counts (the tenure ruling): a person is in a game's statistics ("played") when they held
one of its seats for at least one version once it started. Their row is for the seat where
they made the most live moves. The game *counts* for them (finished, won, places, scores,
rating) only when it was played to the end (not ended by a moderator) and they made at least
half of that seat's live moves (their own moves, not the automatic player's or another
person's); if two people made exactly half, the one who held the seat last counts. Automatic
players are never rated. A game is rated for the people it counts for when at least two
people count."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from bot.ratings import Standing, after

OVER = ("finished", "ended")
CHUNK = 500

GAMES = sa.table(
    "games",
    sa.column("id", sa.Integer),
    sa.column("guild_id", sa.BigInteger),
    sa.column("channel_id", sa.BigInteger),
    sa.column("title", sa.String),
    sa.column("seats", sa.Integer),
    sa.column("status", sa.String),
    sa.column("version", sa.Integer),
    sa.column("result", sa.JSON),
    sa.column("updated_at", sa.DateTime(timezone=True)),
)
SEATS = sa.table(
    "seats",
    sa.column("id", sa.Integer),
    sa.column("game_id", sa.Integer),
    sa.column("seat_no", sa.Integer),
    sa.column("user_id", sa.BigInteger),
    sa.column("is_bot", sa.Boolean),
    sa.column("since_version", sa.Integer),
    sa.column("until_version", sa.Integer),
    sa.column("timeouts", sa.Integer),
)
ACTIONS = sa.table(
    "actions",
    sa.column("game_id", sa.Integer),
    sa.column("seat_no", sa.Integer),
    sa.column("user_id", sa.BigInteger),
    sa.column("undone_at_version", sa.Integer),
    sa.column("created_at", sa.DateTime(timezone=True)),
)
AUDIT = sa.table(
    "audit",
    sa.column("game_id", sa.Integer),
    sa.column("act", sa.String),
    sa.column("created_at", sa.DateTime(timezone=True)),
)
RESULT_COLUMNS: dict[str, type[sa.types.TypeEngine[Any]] | sa.types.TypeEngine[Any]] = {
    "game_id": sa.Integer,
    "guild_id": sa.BigInteger,
    "channel_id": sa.BigInteger,
    "title": sa.String,
    "user_id": sa.BigInteger,
    "seat_no": sa.Integer,
    "status": sa.String,
    "game_row": sa.Boolean,
    "counted": sa.Boolean,
    "place": sa.Integer,
    "score": sa.Integer,
    "players": sa.Integer,
    "moves": sa.Integer,
    "seat_moves": sa.Integer,
    "timeouts": sa.Integer,
    "started_at": sa.DateTime(timezone=True),
    "finished_at": sa.DateTime(timezone=True),
    "days": sa.Float,
    "rating_before": sa.Integer,
    "rating_after": sa.Integer,
}
RESULTS = sa.table("game_results", *(sa.column(k, t) for k, t in RESULT_COLUMNS.items()))
RATINGS = sa.table(
    "ratings",
    sa.column("user_id", sa.BigInteger),
    sa.column("title", sa.String),
    sa.column("rating", sa.Integer),
    sa.column("games", sa.Integer),
    sa.column("updated_at", sa.DateTime(timezone=True)),
)

Row = dict[str, Any]


# ---------------------------------------------------------------------------- reading games
def _games(conn: Connection, ids: Sequence[int]) -> list[Any]:
    live = (ACTIONS.c.game_id == GAMES.c.id) & ACTIONS.c.undone_at_version.is_(None)
    first = sa.select(sa.func.min(ACTIONS.c.created_at)).where(live).scalar_subquery()
    ended = (
        sa.select(sa.func.max(AUDIT.c.created_at))
        .where(AUDIT.c.game_id == GAMES.c.id, AUDIT.c.act == "end")
        .scalar_subquery()
    )
    query = sa.select(
        GAMES.c.id,
        GAMES.c.guild_id,
        GAMES.c.channel_id,
        GAMES.c.title,
        GAMES.c.seats,
        GAMES.c.status,
        GAMES.c.result,
        GAMES.c.updated_at,
        first.label("started_at"),
        ended.label("ended_at"),
    ).where(GAMES.c.id.in_(ids), GAMES.c.status.in_(OVER), GAMES.c.version > 0)
    return list(conn.execute(query))


def _tenures(conn: Connection, ids: Sequence[int]) -> dict[int, list[Any]]:
    query = (
        sa.select(SEATS)
        .where(SEATS.c.game_id.in_(ids), SEATS.c.is_bot.is_(False), SEATS.c.user_id.is_not(None))
        .order_by(SEATS.c.id)
    )
    out: dict[int, list[Any]] = defaultdict(list)
    for t in conn.execute(query):
        out[t.game_id].append(t)
    return out


def _move_counts(
    conn: Connection, ids: Sequence[int]
) -> dict[int, dict[tuple[int, int | None], int]]:
    """Game -> (seat, person or None for the automatic player) -> live moves."""
    query = (
        sa.select(ACTIONS.c.game_id, ACTIONS.c.seat_no, ACTIONS.c.user_id, sa.func.count())
        .where(ACTIONS.c.game_id.in_(ids), ACTIONS.c.undone_at_version.is_(None))
        .group_by(ACTIONS.c.game_id, ACTIONS.c.seat_no, ACTIONS.c.user_id)
    )
    out: dict[int, dict[tuple[int, int | None], int]] = defaultdict(dict)
    for game_id, seat_no, user_id, n in conn.execute(query):
        out[game_id][(seat_no, user_id)] = int(n)
    return out


def game_rows(conn: Connection, ids: Sequence[int]) -> list[Row]:
    """The `game_results` rows of the games `ids` that are over (no ratings yet), by game."""
    games = _games(conn, ids)
    if not games:
        return []
    found = [g.id for g in games]
    tenures, counts = _tenures(conn, found), _move_counts(conn, found)
    rows: list[Row] = []
    for g in sorted(games, key=lambda g: g.id):
        rows += _rows_of(g, tenures.get(g.id, []), counts.get(g.id, {}))
    return rows


def _rows_of(g: Any, tenures: list[Any], counts: dict[tuple[int, int | None], int]) -> list[Row]:
    held = [t for t in tenures if t.until_version is None or t.until_version > t.since_version]
    seat_total: dict[int, int] = defaultdict(int)
    for (seat_no, _), n in counts.items():
        seat_total[seat_no] += n
    last: dict[tuple[int, int], int] = {(t.seat_no, t.user_id): t.id for t in held}

    def weight(seat_no: int, user_id: int) -> tuple[int, int]:
        return counts.get((seat_no, user_id), 0), last.get((seat_no, user_id), -1)

    finished = g.status == "finished"
    result = g.result or {}
    finished_at = g.updated_at if finished or g.ended_at is None else g.ended_at
    days = _days(g.started_at, finished_at)
    rows: list[Row] = []
    for user_id in dict.fromkeys(t.user_id for t in held):
        seat_no = max(
            {t.seat_no for t in held if t.user_id == user_id}, key=lambda s: weight(s, user_id)
        )
        moves, total = counts.get((seat_no, user_id), 0), seat_total.get(seat_no, 0)
        rivals = {t.user_id for t in held if t.seat_no == seat_no}
        best = max(rivals, key=lambda u: weight(seat_no, u))
        place = result.get("places", {}).get(str(seat_no)) if finished else None
        score = result.get("scores", {}).get(str(seat_no)) if finished else None
        rows.append(
            {
                "game_id": g.id,
                "guild_id": g.guild_id,
                "channel_id": g.channel_id,
                "title": g.title,
                "user_id": user_id,
                "seat_no": seat_no,
                "status": g.status,
                "game_row": not rows,
                "counted": finished and total > 0 and best == user_id and 2 * moves >= total,
                "place": place,
                "score": score,
                "players": g.seats,
                "moves": moves,
                "seat_moves": total,
                "timeouts": sum(t.timeouts or 0 for t in tenures if t.user_id == user_id),
                "started_at": g.started_at,
                "finished_at": finished_at,
                "days": days,
                "rating_before": None,
                "rating_after": None,
            }
        )
    return rows


def _days(start: datetime | None, end: datetime | None) -> float:
    if start is None or end is None:
        return 0.0
    return max(0.0, (end - start).total_seconds() / 86400)


# ---------------------------------------------------------------------------- rating them
def rate_game(rows: list[Row], standings: dict[int, Standing]) -> dict[int, Standing]:
    """Set the rating columns of one game's rows from the people's `standings` before it;
    returns the rated people's standings after it (empty: the game is not rated)."""
    places = {r["user_id"]: r["place"] for r in rows if r["counted"] and r["place"] is not None}
    if len(places) < 2:
        return {}
    new = after(standings, places)
    for r in rows:
        if r["user_id"] in new:
            r["rating_before"] = standings.get(r["user_id"], Standing()).rating
            r["rating_after"] = new[r["user_id"]].rating
    return new


def _upsert_ratings(conn: Connection, title: str, new: dict[int, Standing], at: datetime) -> None:
    if not new:
        return
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    stmt = dialect.insert(RATINGS)
    stmt = stmt.on_conflict_do_update(
        index_elements=["user_id", "title"],
        set_={
            "rating": stmt.excluded.rating,
            "games": stmt.excluded.games,
            "updated_at": stmt.excluded.updated_at,
        },
    )
    conn.execute(
        stmt,
        [
            {"user_id": u, "title": title, "rating": s.rating, "games": s.games, "updated_at": at}
            for u, s in new.items()
        ],
    )


def _lock(conn: Connection, *tables: str) -> None:
    """On PostgreSQL, one writer of the ratings at a time (SQLite has one writer anyway)."""
    if conn.dialect.name == "postgresql":
        conn.execute(sa.text(f"LOCK TABLE {', '.join(tables)} IN SHARE ROW EXCLUSIVE MODE"))


def record(conn: Connection, game_id: int) -> list[Row]:
    """Write the statistics of a game that has just ended (in its transaction)."""
    rows = game_rows(conn, [game_id])
    if not rows:
        return rows
    rated = [r["user_id"] for r in rows if r["counted"]]
    if len(rated) >= 2:
        title = rows[0]["title"]
        _lock(conn, "ratings")
        query = sa.select(RATINGS.c.user_id, RATINGS.c.rating, RATINGS.c.games).where(
            RATINGS.c.title == title, RATINGS.c.user_id.in_(rated)
        )
        standings = {u: Standing(r, n) for u, r, n in conn.execute(query)}
        _upsert_ratings(conn, title, rate_game(rows, standings), rows[0]["finished_at"])
    conn.execute(sa.insert(RESULTS), rows)
    return rows


def rebuild(conn: Connection) -> tuple[int, int]:
    """Rebuild both tables from every game that is over, rating games in the order they
    ended. Returns (rows written, games rated)."""
    _lock(conn, "ratings", "game_results")
    conn.execute(sa.delete(RESULTS))
    conn.execute(sa.delete(RATINGS))
    ids = list(
        conn.scalars(
            sa.select(GAMES.c.id)
            .where(GAMES.c.status.in_(OVER), GAMES.c.version > 0)
            .order_by(GAMES.c.id)
        )
    )
    rows: list[Row] = []
    for n in range(0, len(ids), CHUNK):
        rows += game_rows(conn, ids[n : n + CHUNK])
    rows.sort(key=lambda r: (r["finished_at"], r["game_id"]))  # stable: seat order kept
    standings: dict[str, dict[int, Standing]] = defaultdict(dict)
    changed: dict[tuple[str, int], datetime] = {}
    rated = 0
    for game in _by_game(rows):
        table = standings[game[0]["title"]]
        new = rate_game(game, table)
        if new:
            rated += 1
            table.update(new)
            for u in new:
                changed[(game[0]["title"], u)] = game[0]["finished_at"]
    for n in range(0, len(rows), CHUNK):
        conn.execute(sa.insert(RESULTS), rows[n : n + CHUNK])
    ratings = [
        {
            "user_id": u,
            "title": t,
            "rating": s.rating,
            "games": s.games,
            "updated_at": changed[(t, u)],
        }
        for t, table in standings.items()
        for u, s in table.items()
    ]
    for n in range(0, len(ratings), CHUNK):
        conn.execute(sa.insert(RATINGS), ratings[n : n + CHUNK])
    return len(rows), rated


def _by_game(rows: Iterable[Row]) -> Iterable[list[Row]]:
    game: list[Row] = []
    for r in rows:
        if game and r["game_id"] != game[0]["game_id"]:
            yield game
            game = []
        game.append(r)
    if game:
        yield game
