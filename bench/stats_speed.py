"""`/stats` with 10,000 finished games stored: each view at the service level (its one query
and the shaping in Python), its chart drawn in this process (as a render worker draws it),
and the two beside the target; plus the recompute of all the statistics, and what recording
one more game costs at its end.

    .venv/bin/python -m bench.stats_speed [--games 10000] [--people 200] [--db URL]

The games are bulk-inserted rows shaped like real ones: the three real titles, 2-4 seats,
~200 people of differing skill on three servers (one large), 15-40 moves a seat, one game in
ten with an automatic player, 5% ended by a moderator, 8% with a seat changing hands (a
time-out with the automatic player standing in, or a substitute), a few shared places. The
statistics are then built by the recompute command's own code (`recompute_stats`).

Target (issue 10): `/stats` <= 150 ms with 10,000 finished games stored.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import func, insert, select

from bench.stats import describe, summary
from bot import catalog
from bot.db.engine import make_engine, migrate, sessionmaker
from bot.db.models import Action, Audit, Game, GameResult, Seat
from bot.db.stat_rows import record
from bot.discord.stats import person_chart_args
from bot.service import GameService
from render import charts

TITLES = ["tidewater", "benares", "mombasa"]
GUILDS = [(101, 0.6), (102, 0.3), (103, 0.1)]
TARGET_MS = 150.0
SAMPLES = 40


def _games(n: int, people: int, rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    """Rows of `n` finished (or ended) games, ids 1..n, one finishing every ~1.7 hours."""
    folks = list(range(10_000, 10_000 + people))
    skill = {p: rng.gauss(0, 1) for p in folks}
    out: dict[str, list[dict[str, Any]]] = {"games": [], "seats": [], "actions": [], "audit": []}
    t0 = datetime(2025, 1, 1, tzinfo=UTC)
    for gid in range(1, n + 1):
        title = rng.choice(TITLES)
        guild = rng.choices([g for g, _ in GUILDS], [w for _, w in GUILDS])[0]
        seats = rng.choice([2, 3, 3, 4, 4])
        bots = 1 if seats > 2 and rng.random() < 0.1 else 0
        who: list[int | None] = [*rng.sample(folks, seats - bots), *[None] * bots]
        ended = rng.random() < 0.05
        end = t0 + timedelta(hours=gid * 1.7 + rng.random())
        start = end - timedelta(days=rng.uniform(2, 30))
        per_seat = rng.randint(15, 40)
        moves = per_seat * seats
        # a seat changing hands at a random move (time-out to the automatic player, or a sub)
        change = rng.randrange(seats - bots) if rng.random() < 0.08 else None
        at = rng.randint(1, moves - 1)
        sub = rng.choice([None, rng.choice(folks)])
        if sub in who:
            sub = None
        result = _result(who, skill, rng)
        out["games"].append(
            {
                "id": gid,
                "guild_id": guild,
                "channel_id": guild * 1000 + gid % 40,
                "title": title,
                "rules_version": "1",
                "seed": gid,
                "options": {},
                "seats": seats,
                "status": "ended" if ended else "finished",
                "version": moves + 1,
                "created_by": who[0],
                "created_at": start - timedelta(days=1),
                "updated_at": end,
                "result": None if ended else result,
            }
        )
        out["seats"] += _seat_rows(gid, who, change, at, sub)
        step = (end - start) / moves
        for seq in range(1, moves + 1):
            s = (seq - 1) % seats
            u = who[s] if s != change or seq <= at else sub
            out["actions"].append(_action_row(gid, seq, s, u, start + step * seq))
        if ended:
            out["audit"].append({"game_id": gid, "actor_id": 1, "act": "end", "created_at": end})
    return out


def _result(who: list[int | None], skill: dict[int, float], rng: random.Random) -> dict[str, Any]:
    """A final result: places by skill plus luck (a few ties), scores to match."""
    noisy = {s: (skill[u] if u else 0.0) + rng.gauss(0, 1.2) for s, u in enumerate(who)}
    ranking = sorted(noisy, key=lambda s: -noisy[s])
    places: dict[str, int] = {}
    for pos, s in enumerate(ranking):
        tie = pos and rng.random() < 0.03
        places[str(s)] = places[str(ranking[pos - 1])] if tie else pos + 1
    return {
        "scores": {str(s): 100 - 10 * places[str(s)] + rng.randint(0, 9) for s in noisy},
        "ranking": ranking,
        "places": places,
        "details": "",
    }


def _seat_rows(
    gid: int, who: list[int | None], change: int | None, at: int, sub: int | None
) -> list[dict[str, Any]]:
    """One row per seat; the seat that changes hands at move `at` gets a second row, for the
    substitute (`sub`) or the automatic player standing in."""
    rows: list[dict[str, Any]] = []
    for s, u in enumerate(who):
        until = at if s == change else None
        rows.append(
            {
                "game_id": gid,
                "seat_no": s,
                "user_id": u,
                "is_bot": u is None,
                "since_version": 0,
                "until_version": until,
                "timeouts": 1 if until is not None and sub is None else 0,
                "stand_in_for": None,
            }
        )
        if until is not None:
            rows.append(
                {
                    "game_id": gid,
                    "seat_no": s,
                    "user_id": sub,
                    "is_bot": sub is None,
                    "since_version": at,
                    "until_version": None,
                    "timeouts": 0,
                    "stand_in_for": u if sub is None else None,
                }
            )
    return rows


def _action_row(gid: int, seq: int, seat: int, user: int | None, at: datetime) -> dict[str, Any]:
    return {
        "game_id": gid,
        "seq": seq,
        "seat_no": seat,
        "choice_id": "move",
        "user_id": user,
        "by_bot": user is None,
        "version": seq + 1,
        "events": [],
        "created_at": at,
    }


async def _store(svc: GameService, rows: dict[str, list[dict[str, Any]]]) -> float:
    t0 = time.perf_counter()
    tables = {"games": Game, "seats": Seat, "actions": Action, "audit": Audit}
    async with svc.core.tx() as s:
        for name, model in tables.items():
            data = rows[name]
            for n in range(0, len(data), 5000):
                await s.execute(insert(model), data[n : n + 5000])
    return time.perf_counter() - t0


async def _timed(fn: Any, *args: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = await fn(*args)
    return time.perf_counter() - t0, out


def _draw(fn: Any, *args: Any) -> float:
    t0 = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t0


async def run(games: int, people: int, db: str | None) -> dict[str, Any]:
    catalog.load()
    tmp = tempfile.mkdtemp(prefix="stats-bench-")
    url = db or f"sqlite+inline:///{Path(tmp) / 'stats.db'}"
    engine = make_engine(url)
    await migrate(engine)
    svc = GameService(sessionmaker(engine))
    rng = random.Random(10)
    rows = _games(games, people, rng)
    stored = await _store(svc, rows)
    recompute, (written, rated) = await _timed(svc.recompute_stats)
    async with svc.core.readers() as s:
        folks = list(await s.scalars(select(GameResult.user_id).distinct()))
        total = await s.scalar(select(func.count()).select_from(GameResult))
    report: dict[str, Any] = {
        "games": games,
        "actions": len(rows["actions"]),
        "game_results": total,
        "rated_games": rated,
        "store_s": round(stored, 1),
        "recompute_s": round(recompute, 2),
        "views": {},
    }
    sample = rng.sample(folks, min(SAMPLES, len(folks)))
    report["views"] = await _time_views(_view_cases(svc, sample))
    ends = await _record_at_end(svc, games, people)
    report["record_at_end"] = summary(ends)
    print(describe("record one finished game (in its transaction)", ends))
    print(
        f"stored {games} games ({len(rows['actions'])} actions) in {stored:.1f} s; "
        f"recompute: {written} rows, {rated} rated games in {recompute:.2f} s"
    )
    await engine.dispose()
    return report


Case = tuple[Callable[[Any], Awaitable[float]], list[Any]]


def _view_cases(svc: GameService, sample: list[int]) -> dict[str, Case]:
    """Each `/stats` view on the large server: a function of one argument that reads the view
    and draws its chart (returning the drawing's seconds), and the arguments to time it with."""
    big = GUILDS[0][0]

    async def person(user: int) -> float:
        found = await svc.person_stats(big, user)
        return _draw(charts.person_chart, *person_chart_args(found, "Somebody"))

    async def title(slug: str) -> float:
        found = await svc.title_stats(big, slug)
        rows_ = [(f"P{x.user_id % 1000}", x.rating, x.rated_games) for x in found.leaders[:10]]
        return _draw(charts.leaderboard_chart, f"{found.title_name} · leaderboard", rows_)

    async def server(_: Any) -> float:
        found = await svc.server_stats(big)
        stacks = [(t.title_name, found.per_month[t.title]) for t in found.titles]
        return _draw(charts.server_chart, "Games finished per month", found.months, stacks)

    return {
        "/stats me (a person)": (person, sample),
        "/stats title (leaderboard)": (title, [TITLES[n % 3] for n in range(SAMPLES)]),
        "/stats server": (server, list(range(SAMPLES))),
    }


async def _time_views(cases: dict[str, Case]) -> dict[str, dict]:
    """Each view's service time and chart time (after one warm-up call), printed and returned."""
    views: dict[str, dict] = {}
    for name, (fn, args) in cases.items():
        await fn(args[0])  # warm: fonts, caches, the query's plan
        service_s, chart_s = [], []
        for arg in args:
            t0 = time.perf_counter()
            drew = await fn(arg)
            service_s.append(time.perf_counter() - t0 - drew)
            chart_s.append(drew)
        both = [a + b for a, b in zip(service_s, chart_s, strict=True)]
        views[name] = {
            "service": summary(service_s),
            "chart": summary(chart_s),
            "total": summary(both),
        }
        print(describe(f"{name} service", service_s))
        print(describe(f"{name} chart", chart_s))
        print(describe(f"{name} total", both) + f"   (target <= {TARGET_MS:.0f} ms)")
    return views


async def _record_at_end(svc: GameService, games: int, people: int) -> list[float]:
    """One more game recorded at its end, with everything above stored (then rolled back),
    ten times: the seconds `record` took each time."""
    extra = _games(1, people, random.Random(99))
    for table in extra.values():
        for row in table:
            row["game_id" if "game_id" in row else "id"] = games + 1
    assert extra["games"][0]["status"] == "finished"
    ends: list[float] = []
    for _ in range(10):
        async with svc.core.writers() as s, s.begin():
            for name, model in {"games": Game, "seats": Seat, "actions": Action}.items():
                await s.execute(insert(model), extra[name])
            t0 = time.perf_counter()
            await s.run_sync(lambda sync: record(sync.connection(), games + 1))
            ends.append(time.perf_counter() - t0)
            await s.rollback()
    return ends


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--people", type=int, default=200)
    p.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    p.add_argument("--json", help="write the figures to this file")
    args = p.parse_args()
    report = asyncio.run(run(args.games, args.people, args.db))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
