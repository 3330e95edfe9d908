"""The host's own costs, in process, through `GameService` on a real SQLite file (no Discord,
no drawing): per committed decision of a real title, the write transactions and their
statements, the reads, the service's time and CPU; replaying a finished game from its log; and
the bytes a finished game takes in SQLite.

    .venv/bin/python -m bench.host_speed [--titles tidewater,benares] [--seats 4] [--games 2]

Each game is played in a fresh database by 1 person and `--seats - 1` automatic players. The
person's moves are the title's own automatic choice, sent through `act_in_game` as a typed
complete move would be; every few decisions the person first takes a draft step (a sub-menu)
and asks for their menu (what autocomplete and private menus read). After each commit the turn
message is reported posted (`posted`, as the Discord layer does), so the delivery mark rides
on the next decision's transaction as it does in the bot.

SQL is counted with SQLAlchemy events on the writer and the reader engines: a transaction is a
"begin" event; a statement is a "before_cursor_execute" (BEGIN itself, which the SQLite
engines send by hand, is counted apart). One more game per title runs the bot's own timer
dispatcher (`bot.discord.timers.Timers`, woken by every commit that sets a reminder) beside the
service, as the bot does; there, each decision counts with what the dispatcher does after it.

Targets (issue 7): 1 write transaction per decision, <= 2 reads for a cached game; a finished
4-seat Tidewater game <= 200 KB in SQLite; a whole game replayed from its log <= 30 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sqlite3
import statistics
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from sqlalchemy import event, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bench.stats import describe, summary
from bot import catalog
from bot.app import build
from bot.config import Settings
from bot.db.models import Action, Game
from bot.discord.timers import Timers
from bot.results import Outcome, Step
from bot.service import GameService
from bot.service.loader import apply_logged, replay_from_setup
from engine.core import Title
from engine.rng import Rng

CHANNEL, PERSON = 1, 1
COLD_AT = 20  # this decision finds the state cache empty (a game idle for long)
STEP_EVERY = 3  # every this many decisions, the person takes a draft step first


class SqlCount:
    """Transactions and statements on one engine since the last `take()`: "tx" (begin
    events), "commit", "rollback", "sql" (statements, BEGIN excepted) and "sql <VERB>"."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.n: Counter[str] = Counter()
        self.log: list[str] = []
        sync = engine.sync_engine
        self.open = 0  # transactions begun and not yet ended
        event.listen(sync, "begin", lambda conn: self._count("tx", +1))
        event.listen(sync, "commit", lambda conn: self._count("commit", -1))
        event.listen(sync, "rollback", lambda conn: self._count("rollback", -1))
        event.listen(sync, "before_cursor_execute", self._statement)

    def _count(self, what: str, opened: int) -> None:
        self.n.update([what])
        self.open += opened

    def _statement(self, conn, cursor, statement, *args) -> None:  # noqa: ANN001 (SQLAlchemy's)
        self.log.append(" ".join(statement.split())[:110])
        word = statement.lstrip().split(None, 1)[0].upper()
        if word != "BEGIN":
            self.n.update(["sql", f"sql {word}"])

    def take(self) -> Counter[str]:
        out, self.n = self.n, Counter()
        self.log = []
        return out


async def quiet(*counts: SqlCount, idle: float = 0.01) -> None:
    """Wait until no transaction is open and no statement was sent for `idle` seconds (the
    dispatcher is done: it may wait for the write lock in SQLite's busy handler first)."""
    seen = -1
    while True:
        now = sum(sum(c.n.values()) for c in counts)
        if now == seen and not any(c.open for c in counts):
            return
        seen = now
        await asyncio.sleep(idle)


def step_of(title: Title, state: object, seat: int) -> str | None:
    """A draft step on the seat's top-level menu, if there is one."""
    prompt = title.choices(state, seat, ())
    steps = [c.id for c in prompt.choices if c.step and c.id != "back"] if prompt else []
    return steps[0] if steps else None


class BotStandIn:
    """What the bot's timer dispatcher (bot.discord.timers.Timers) uses of the bot, so the
    real dispatcher can run here and its work after each commit be counted."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.closed = False
        self.settings = Settings()

    async def wait_until_ready(self) -> None:
        return None

    def is_closed(self) -> bool:
        return self.closed


async def play(
    title_slug: str, seats: int, seed: int, out: dict[str, list], dispatcher: bool = False
) -> dict:
    """One game from lobby to final standings in a fresh database; per-call figures are
    appended to `out`; returns the finished game's figures. With `dispatcher`, the bot's
    timer dispatcher runs too, and each decision's count includes what it does after the
    commit (it is woken by the commit, so the two overlap)."""
    tmp = tempfile.TemporaryDirectory()
    path = Path(tmp.name) / "b.db"
    app = await build(Settings(database_url=f"sqlite+inline:///{path}", render_workers=0))
    svc = app.service
    writes, reads = SqlCount(app.engine), SqlCount(app.reader)
    stand_in = BotStandIn(svc)
    timers = Timers(stand_in).start() if dispatcher else None
    await svc.create(
        guild_id=None,
        channel_id=CHANNEL,
        user_id=PERSON,
        title_slug=title_slug,
        seats=seats,
        bots=seats - 1,
        seed=seed,
    )
    outcome = await svc.start(CHANNEL, PERSON)
    game_id, title = outcome.game.id, catalog.title(title_slug)
    mine = outcome.game.seat_of(PERSON)
    assert title is not None and mine is not None
    seat = mine.seat_no
    rng = Rng.from_seed(seed)
    decisions = 0
    message_id = 10**12
    svc.posted(game_id, outcome.game.version, message_id)
    while outcome.game.status == "running":
        loaded, cold = await state_for_move(svc, game_id, outcome.game.version, decisions)
        state = title.copy(loaded)
        choice = title.bot_choice(state, seat, rng.fork(decisions))
        step = step_of(title, state, seat) if decisions % STEP_EVERY == 1 and not cold else None
        writes.take(), reads.take()
        if step is not None and timers is None:
            await draft_step(svc, game_id, step, writes, reads, out)
        t0, c0 = time.perf_counter(), time.process_time()
        done = await svc.act_in_game(game_id, PERSON, choice)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        assert not isinstance(done, Step), f"{choice} is a step"
        outcome = done
        if timers is not None:  # the decision and what the timer dispatcher does after it
            await quiet(writes, reads)
            out["bot_writes"].append(writes.take())
            out["bot_reads"].append(reads.take())
        else:
            record_decision(out, outcome, decisions, cold, (wall, cpu), writes, reads)
        message_id += 1
        svc.posted(game_id, outcome.game.version, message_id)  # the turn message was posted
        decisions += 1
    finished = await finished_figures(svc, game_id, title)
    finished["decisions"] = decisions
    if timers is not None:
        stand_in.closed = True
        timers.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await timers
    await app.close()
    finished.update(sqlite_size(path))
    tmp.cleanup()
    return finished


async def state_for_move(
    svc: GameService, game_id: int, version: int, decisions: int
) -> tuple[object, bool]:
    """The state the person's next move is chosen from, and whether the move will find the
    state cache cold (emptied at decision COLD_AT, as for a game idle for long)."""
    if decisions == COLD_AT:
        svc.core.cache.clear()
    loaded = svc.core.cache.get(game_id, version)
    cold = loaded is None
    if cold:  # what a move would find: the latest snapshot (read apart, not counted)
        await svc.prompt_in_game(game_id, PERSON)
        loaded = svc.core.cache.get(game_id, version)
        svc.core.cache.clear()
    assert loaded is not None
    return loaded.state, cold


async def draft_step(
    svc: GameService,
    game_id: int,
    step: str,
    writes: SqlCount,
    reads: SqlCount,
    out: dict[str, list],
) -> None:
    """The person takes a draft step (a sub-menu), then reads their menu: each one timed and
    its SQL counted."""
    t0 = time.perf_counter()
    got = await svc.act_in_game(game_id, PERSON, step)
    out["step_ms"].append((time.perf_counter() - t0) * 1000)
    assert isinstance(got, Step), got
    out["step_reads"].append(reads.take())
    out["step_writes"].append(writes.take())
    t0 = time.perf_counter()
    await svc.prompt_in_game(game_id, PERSON)
    out["menu_ms"].append((time.perf_counter() - t0) * 1000)
    out["menu_reads"].append(reads.take())
    writes.take()


def record_decision(
    out: dict[str, list],
    outcome: Outcome,
    decisions: int,
    cold: bool,
    took: tuple[float, float],
    writes: SqlCount,
    reads: SqlCount,
) -> None:
    """A committed decision's time and CPU (`took`, s) and its SQL, under "cold" or "warm"
    (the state cache); the first warm one with events from the fifth on is the SQL sample."""
    wall, cpu = took
    key = "cold" if cold else "warm"
    if not cold and decisions >= 5 and outcome.events and not out["sample_sql"]:
        out["sample_sql"] = [f"read:  {x}" for x in reads.log] + [f"write: {x}" for x in writes.log]
    out[f"{key}_ms"].append(wall * 1000)
    out[f"{key}_cpu_ms"].append(cpu * 1000)
    out[f"{key}_reads"].append(reads.take())
    out[f"{key}_writes"].append(writes.take())
    out["actions"].append(len(outcome.events))


async def finished_figures(svc: GameService, game_id: int, title: Title) -> dict:
    """Replay the finished game from its log: with the reads, and the rules alone."""
    with_reads, rules_only = [], []
    async with svc.core.readers() as s:
        game = await s.get(Game, game_id)
        rows = list(
            await s.scalars(
                select(Action)
                .where(Action.game_id == game_id, Action.undone_at_version.is_(None))
                .order_by(Action.seq)
            )
        )
        final = None
        for _ in range(10):
            t0 = time.perf_counter()
            final, _ = await replay_from_setup(s, game, title)
            with_reads.append((time.perf_counter() - t0) * 1000)
        for _ in range(10):
            t0 = time.perf_counter()
            state = title.setup(game.seed, game.seats, dict(game.options or {}))
            for a in rows:
                apply_logged(title, state, a)
            rules_only.append((time.perf_counter() - t0) * 1000)
    assert await svc.replay_matches_snapshot(game_id), "replay differs from the final snapshot"
    assert title.result(final) is not None
    return {
        "actions": len(rows),
        "replay_ms": statistics.median(with_reads),
        "replay_rules_ms": statistics.median(rules_only),
    }


def sqlite_size(path: Path) -> dict:
    """File size after VACUUM, and what the game's actions, snapshots and deliveries take
    (tables and their indexes, from the dbstat virtual table)."""
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute("VACUUM")
    names = {}
    for name, tbl in con.execute("SELECT name, tbl_name FROM sqlite_master"):
        names[name] = tbl
    used: Counter[str] = Counter()
    payload: Counter[str] = Counter()
    for name, pgsize, pay in con.execute("SELECT name, pgsize, payload FROM dbstat"):
        used[names.get(name, name)] += pgsize
        payload[names.get(name, name)] += pay
    mine = ("actions", "snapshots", "deliveries")
    rows = {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in mine}
    con.close()
    return {
        "file_kb": path.stat().st_size / 1000,
        "game_rows_kb": sum(used[t] for t in mine) / 1000,
        "game_payload_kb": sum(payload[t] for t in mine) / 1000,
        "by_table_kb": {t: round(used[t] / 1000, 1) for t in mine},
        "rows": rows,
    }


def show_counts(name: str, counts: list[Counter]) -> None:
    if not counts:
        return
    keys = sorted({k for c in counts for k in c})
    parts = []
    for k in keys:
        values = [c.get(k, 0) for c in counts]
        lo, hi = min(values), max(values)
        parts.append(f"{k} {statistics.median(values):g}" + (f" ({lo}-{hi})" if lo != hi else ""))
    print(f"  {name} (median, range over {len(counts)}): {', '.join(parts)}")


def median_of(counts: list[Counter], key: str) -> float:
    return statistics.median([c.get(key, 0) for c in counts]) if counts else float("nan")


async def run(titles: list[str], seats: int, games: int, show_sql: bool) -> dict:
    report: dict = {}
    for slug in titles:
        out: dict[str, list] = defaultdict(list)
        finished = [await play(slug, seats, seed, out) for seed in range(1, games + 1)]
        await play(slug, seats, 1, out, dispatcher=True)
        print(f"\n{slug}, {seats} seats (1 person + {seats - 1} automatic players), {games} games")
        print(describe("  committed decision, cached game: service time", out["warm_ms"], 1, "ms"))
        print(describe("  committed decision, cached game: CPU", out["warm_cpu_ms"], 1, "ms"))
        print(
            f"  actions per decision (the person's + the automatic players'): median "
            f"{statistics.median(out['actions']):g}, max {max(out['actions'])}"
        )
        show_counts("writer, per cached decision", out["warm_writes"])
        show_counts("reader, per cached decision", out["warm_reads"])
        show_counts("writer, decision + the bot's timer dispatcher", out["bot_writes"])
        show_counts("reader, decision + the bot's timer dispatcher", out["bot_reads"])
        print(describe("  committed decision, cold cache: service time", out["cold_ms"], 1, "ms"))
        show_counts("writer, per cold decision", out["cold_writes"])
        show_counts("reader, per cold decision", out["cold_reads"])
        print(describe("  draft step (a sub-menu): service time", out["step_ms"], 1, "ms"))
        show_counts("writer, per step", out["step_writes"])
        show_counts("reader, per step", out["step_reads"])
        print(describe("  the person's menu (autocomplete, private menu)", out["menu_ms"], 1, "ms"))
        show_counts("reader, per menu", out["menu_reads"])
        if show_sql:
            print("  the SQL of one cached decision:")
            for line in out["sample_sql"]:
                print(f"    {line}")
        for g in finished:
            print(
                f"  finished game: {g['decisions']} decisions, {g['actions']} actions; replay "
                f"from its log {g['replay_ms']:.1f} ms (rules alone {g['replay_rules_ms']:.1f} "
                f"ms); SQLite after VACUUM {g['file_kb']:.0f} KB, of which actions + "
                f"snapshots + deliveries {g['game_rows_kb']:.0f} KB {g['by_table_kb']} "
                f"(payload {g['game_payload_kb']:.0f} KB; rows {g['rows']})"
            )
        report[slug] = {
            "decision_ms": summary(out["warm_ms"], 1),
            "decision_cpu_ms": summary(out["warm_cpu_ms"], 1),
            "write_tx": median_of(out["warm_writes"], "tx"),
            "write_tx_max": max(c.get("tx", 0) for c in out["warm_writes"]),
            "write_sql": median_of(out["warm_writes"], "sql"),
            "read_tx": median_of(out["warm_reads"], "tx"),
            "read_sql": median_of(out["warm_reads"], "sql"),
            "read_sql_max": max(c.get("sql", 0) for c in out["warm_reads"]),
            "cold_read_sql": median_of(out["cold_reads"], "sql"),
            "bot_write_tx": median_of(out["bot_writes"], "tx"),
            "bot_read_sql": median_of(out["bot_reads"], "sql"),
            "step_read_sql": median_of(out["step_reads"], "sql"),
            "step_write_tx": median_of(out["step_writes"], "tx"),
            "games": finished,
        }
    return report


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--titles", default="tidewater,benares")
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--show-sql", action="store_true", help="print one decision's statements")
    p.add_argument("--json", help="write the figures to this file")
    args = p.parse_args()
    titles = [t for t in args.titles.split(",") if t]
    report = asyncio.run(run(titles, args.seats, args.games, args.show_sql))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
