"""The timer dispatcher at scale (issue 9, "Speed"): the real bot process against the fake
Discord, with `--games` stored games, idle, then `--timers` timers all due at one instant.

    .venv/bin/python -m bench.dispatcher [--games 10000] [--timers 1000] [--json F]
    .venv/bin/python -m bench.dispatcher --quick        # 1,000 games, 100 timers, 10 s idle

1. bench.timer_games stores the games through the game service before the bot starts (every
   game's reminder, stall and clock rows as the service writes them, due hours ahead; the
   `--timers` timer games' reminders, clock warnings and expiries due at one virtual instant V0,
   and one floor reminder due 12 s before it). The bot runs with BOARDROOM_CLOCK_OFFSET so that
   its clock reaches V0 `--lead` seconds after it is started.
2. Idle: once the bot is ready, for `--idle` seconds nothing happens: the CPU of the bot and
   its render workers, the HTTP requests the fake receives, and the SQL statements the bot
   sends (bench.sql_count: each statement counted, each one seen while idle run through
   SQLite's EXPLAIN QUERY PLAN to show it scans no table of games or timers).
3. The floor timer fires alone: its latency, due -> the fake sees the ping.
4. `--tables` games are played by people (bench.e2e_load's Load, thinking `--think` s), with
   the floor command `/game rules` every 0.2 s; then V0 comes: the time from V0 until the fake
   has seen every timer handled (its ping, its DM, or its new turn message); each must show
   exactly once (checked after 3 s more). First answers of the interactions sent meanwhile
   (from V0 until the last timer, at least `--window` s) give the p95; the same before V0.
   Also read: the CPU of the bot, its workers and this process meanwhile, how long the bot
   waited for a CPU others held (the machine is shared), its SQL statements.
5. Afterwards, a minimal discord.py bot idles as long: the floor of idle CPU.

`--py-spy F` records the bot during the burst (py-spy raw format); `--env E2E_PROFILE=F` runs
it under cProfile (tests/e2e/launcher.py); `--keep` keeps the database and the bot's log.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import proc
from bench.dispatcher_report import (
    FLOOR,
    costs_now,
    costs_since,
    cpu,
    cpu_fine,
    plans,
    report,
    scans,
)
from bench.e2e_load import Load, floor_loop
from bench.e2e_report import DEADLINE, ex_kind
from bench.stats import pct, summary
from bench.timer_games import Plan, store
from bot.discord.client import REPAIRS_DONE
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import MINIMAL_BOT, BotProcess, bot_env

ENTRY = "bench.sql_count:main"
COUNTS = "sql.json"  # where bench.sql_count writes the statement counts, in the workdir


class WatchingFake(FakeDiscord):
    """The fake Discord, also keeping every new message in order (so the benchmark reads only
    the new ones instead of scanning every channel)."""

    def __init__(self) -> None:
        super().__init__()
        self.posted: list[Message] = []

    def _new_message(self, *args: Any, **kwargs: Any) -> Message:
        msg = super()._new_message(*args, **kwargs)
        self.posted.append(msg)
        return msg


def perf_of(wall: float) -> float:
    """A time.time() instant on the perf_counter scale (the fake's timestamps)."""
    return wall + time.perf_counter() - time.time()


async def until(perf: float) -> None:
    await asyncio.sleep(max(0.0, perf - time.perf_counter()))


class Seen:
    """Follows the fake's new messages: which timers they show handled."""

    def __init__(self, fake: WatchingFake, plan: Plan) -> None:
        self.fake, self.plan, self.read = fake, plan, 0

    def poll(self) -> None:
        new = self.fake.posted[self.read :]
        self.read += len(new)
        for msg in new:
            self.plan.see(self.fake, msg)

    async def wait(self, dues: list, timeout: float) -> bool:
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            self.poll()
            if all(d.hits for d in dues):
                return True
            await asyncio.sleep(0.02)
        return False


async def sql_counts(bot: BotProcess, path: Path) -> dict[str, int]:
    """The bot's statement counts so far (SIGUSR1 -> bench.sql_count writes them)."""
    asked = time.time()
    os.kill(bot.pid, signal.SIGUSR1)
    for _ in range(500):
        await asyncio.sleep(0.02)
        if path.exists() and (got := json.loads(path.read_text()))["at"] >= asked:
            return got["counts"]
    raise TimeoutError("the bot did not write its SQL counts")


def diff(after: dict[str, int], before: dict[str, int]) -> dict[str, int]:
    return {k: n - before.get(k, 0) for k, n in after.items() if n > before.get(k, 0)}


async def py_spy(pid: int, path: str, at: float) -> asyncio.subprocess.Process:
    """py-spy recording the bot (raw, folded stacks) from `at` until sent SIGINT."""
    await until(at)
    return await asyncio.create_subprocess_exec(
        str(Path(sys.executable).parent / "py-spy"),
        *("record", "-p", str(pid), "--format", "raw", "--nonblocking", "-r", "200"),
        *("-o", path),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )


def answers(fake: FakeDiscord, t0: float, t1: float) -> dict[str, list[float]]:
    """First answers (s) of the interactions sent in [t0, t1): the floor's ("floor"), all the
    others' ("other") and the others' by kind."""
    out: dict[str, list[float]] = {"floor": [], "other": []}
    for ex in list(fake.exchanges.values()):
        if t0 <= ex.sent_at < t1 and ex.callback_at:
            kind, took = ex_kind(ex), ex.callback_at - ex.sent_at
            out["floor" if kind == FLOOR else "other"].append(took)
            if kind != FLOOR:
                out.setdefault(kind, []).append(took)
    return out


async def idle_floor(fake: FakeDiscord, workdir: Path, seconds: float) -> float:
    """A minimal discord.py bot's idle CPU (s per minute): the floor of idle CPU."""
    mini = await BotProcess(fake, workdir, entry=MINIMAL_BOT).start()
    await asyncio.sleep(3.0)
    c0 = cpu_fine(mini.pid)
    await asyncio.sleep(seconds)
    used = cpu_fine(mini.pid) - c0
    await mini.stop()
    return used * 60 / seconds


async def start_bot(
    fake: FakeDiscord, workdir: Path, plan: Plan, args: argparse.Namespace
) -> tuple[BotProcess, float, dict[str, float]]:
    """Start the bot, its clock set to reach V0 `--lead` s from now; wait for its start-up
    repairs. Returns the bot, V0 on the perf_counter scale, and the start-up times."""
    fire_wall = time.time() + args.lead
    env = {
        "BOARDROOM_CLOCK_OFFSET": f"{plan.v0.timestamp() - fire_wall:.6f}",
        "BENCH_SQL_COUNTS": str(workdir / COUNTS),
    }
    if args.render_workers:
        env["RENDER_WORKERS"] = str(args.render_workers)
    env.update(kv.split("=", 1) for kv in args.env)  # e.g. E2E_PROFILE=<file> (cProfile)
    bot = BotProcess(fake, workdir, entry=ENTRY, env=env)
    started = time.perf_counter()
    await bot.start(timeout=args.lead)
    fake.interaction_deadline = DEADLINE
    fire = perf_of(fire_wall)
    ready_s = time.perf_counter() - started
    while REPAIRS_DONE not in bot.log():  # the start-up check of every stored game
        await asyncio.sleep(0.2)
    repaired_s = time.perf_counter() - started
    print(f"bot ready in {ready_s:.1f} s, start-up repairs done in {repaired_s:.1f} s")
    return bot, fire, {"ready_s": ready_s, "repairs_done_s": repaired_s}


async def idle_phase(
    bot: BotProcess, fake: FakeDiscord, workdir: Path, idle: float, floor_due: float
) -> tuple[dict[str, Any], float]:
    """Nothing happens for `idle` s (ending 2 s before the floor timer): the bot's CPU, the
    requests it sends, its SQL statements and their query plans. Also returns the speed probe
    (ms) taken right after."""
    counts_path = workdir / COUNTS
    idle_end = min(time.perf_counter() + idle, floor_due - 2.0)
    window = idle_end - time.perf_counter()
    assert window >= min(5.0, idle) - 0.1, f"only {window:.1f} s left to be idle: raise --lead"
    sql0, req0 = await sql_counts(bot, counts_path), len(fake.requests)
    tree0, fine0, t0 = proc.tree(bot.pid), cpu_fine(bot.pid), time.perf_counter()
    await until(idle_end)
    tree1, fine1, req1 = proc.tree(bot.pid), cpu_fine(bot.pid), len(fake.requests)
    idle_s = time.perf_counter() - t0
    probe = proc.speed_probe_ms()
    idle_sql = diff(await sql_counts(bot, counts_path), sql0)
    qplans = plans(workdir / "boardroom.db", list(idle_sql))
    figures = {
        "seconds": idle_s,
        "cpu_s_per_min": (fine1 - fine0) * 60 / idle_s,
        "cpu_ticks_s_per_min": (cpu(tree1) - cpu(tree0)) * 60 / idle_s,
        "bot_cpu_s_per_min": (tree1.bot.cpu - tree0.bot.cpu) * 60 / idle_s,
        "requests": req1 - req0,
        "statements": idle_sql,
        "plans": qplans,
        "scans": scans(qplans),
        "memory": tree1.describe_memory(),
    }
    return figures, probe


def timer_figures(plan: Plan, fire: float, handled: bool) -> dict[str, Any]:
    """How many of the burst's timers were handled, once each, and when (s after V0)."""
    times = sorted(d.hits[0] - fire for d in plan.due if d.hits)
    kinds: dict[str, list[float]] = {}
    for d in plan.due:
        if d.hits:
            kinds.setdefault(d.kind, []).append(d.hits[0] - fire)
    return {
        "timers": len(plan.due),
        "handled": len(times),
        "missing": sum(not d.hits for d in plan.due),
        "twice": sum(len(d.hits) > 1 for d in plan.due),
        "fire_s": times[-1] if handled else None,
        "first_s": times[0] if times else None,
        "median_s": pct(times, 50),
        "last_by_kind_s": {k: max(v) for k, v in sorted(kinds.items())},
    }


def interaction_figures(fake: FakeDiscord, load: Load, fire: float, t_end: float) -> dict[str, Any]:
    """The first answers of the interactions sent during the burst, and the 4 s before it."""
    during, before = answers(fake, fire, t_end), answers(fake, fire - 4.0, fire)
    return {
        "interactions": summary(during["other"]),
        "interactions_by_kind": {
            k: summary(v) for k, v in during.items() if k not in ("floor", "other")
        },
        "floor": summary(during["floor"]),
        "interactions_before": summary(before["other"]),
        "floor_before": summary(before["floor"]),
        "late": len(fake.late_callbacks),
        "play_failures": [repr(f)[:200] for f in load.failures],
    }


async def burst_phase(
    fake: FakeDiscord,
    bot: BotProcess,
    plan: Plan,
    seen: Seen,
    args: argparse.Namespace,
    fire: float,
    counts_path: Path,
) -> tuple[dict[str, Any], float]:
    """People play `--tables` games and the floor command runs while every timer comes due at
    V0 (`fire`). Returns the burst's figures and the speed probe (ms) taken after it."""
    await until(fire - 8.0)
    ns = argparse.Namespace(title="tidewater", games=args.tables, people=2, bots=1)
    ns.think, ns.duration = args.think, 3600.0
    floor_rtts: list[float] = []
    load, stop = Load(fake, ns), asyncio.Event()
    playing = asyncio.create_task(load.run())
    floors = asyncio.create_task(floor_loop(fake, load, stop, 0.2, floor_rtts))
    spy = await py_spy(bot.pid, args.py_spy, fire - 0.5) if args.py_spy else None
    await until(fire)
    tree_b0, sql_b0 = proc.tree(bot.pid), await sql_counts(bot, counts_path)
    costs0 = costs_now(bot.pid)
    handled = await seen.wait(plan.due, args.fire_timeout)
    costs = costs_since(bot.pid, costs0)
    last = max((d.hits[0] for d in plan.due if d.hits), default=float("nan"))
    tree_b1 = proc.tree(bot.pid)
    if spy is not None:
        spy.send_signal(signal.SIGINT)
        await spy.wait()
    await until(fire + args.window)
    t_end = max(time.perf_counter(), last if handled else 0.0)
    load.deadline = 0.0
    stop.set()
    await asyncio.gather(playing, floors)
    await asyncio.sleep(3.0)
    seen.poll()
    probe = proc.speed_probe_ms()
    burst_sql = diff(await sql_counts(bot, counts_path), sql_b0)
    figures = {
        **timer_figures(plan, fire, handled),
        "bot_cpu_s": tree_b1.bot.cpu - tree_b0.bot.cpu,
        "workers_cpu_s": tree_b1.workers_cpu() - tree_b0.workers_cpu(),
        **costs,
        "statements": sum(burst_sql.values()),
        "top_statements": dict(sorted(burst_sql.items(), key=lambda kv: -kv[1])[:40]),
        **interaction_figures(fake, load, fire, t_end),
    }
    return figures, probe


async def run(args: argparse.Namespace) -> dict[str, Any]:
    workdir = Path(tempfile.mkdtemp(prefix="boardroom-dispatcher-"))
    counts_path = workdir / COUNTS
    out: dict[str, Any] = {"args": vars(args)}
    async with WatchingFake() as fake:
        url = bot_env(fake, workdir)["DATABASE_URL"]
        plan = await store(fake, url, args.games, args.timers)
        print(
            f"stored {plan.stored} games in {plan.seconds:.0f} s; due at V0: {plan.due_rows} "
            f"(+1 floor reminder before)"
        )
        assert sum(plan.due_rows.values()) == args.timers + 1, plan.due_rows
        bot, fire, out["startup"] = await start_bot(fake, workdir, plan, args)
        floor_due = fire - 12.0
        await asyncio.sleep(3.0)  # discord.py's guild-ready wait, the dispatcher's start-up
        seen = Seen(fake, plan)
        seen.poll()
        early = [d for d in plan.due if d.hits] + ([plan.floor] if plan.floor.hits else [])
        assert not early, f"{len(early)} timers fired before they were due"

        idle, probe = await idle_phase(bot, fake, workdir, args.idle, floor_due)
        out["speed_probe_ms"] = {"idle": probe}
        out["idle"] = idle

        # ---- one timer alone
        ok = await seen.wait([plan.floor], floor_due + 10.0 - time.perf_counter())
        out["single_timer_s"] = plan.floor.hits[0] - floor_due if ok else None

        burst, out["speed_probe_ms"]["after burst"] = await burst_phase(
            fake, bot, plan, seen, args, fire, counts_path
        )
        out["burst"] = burst
        errors = [ln for ln in bot.log().splitlines() if "ERROR" in ln or "Traceback" in ln]
        out["bot_log_errors"] = errors[:10]
        await bot.stop()
        if args.floor_bot:
            out["idle_floor_cpu_s_per_min"] = await idle_floor(fake, workdir, min(args.idle, 20))
    if not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    else:
        print(f"kept {workdir}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="stored games")
    ap.add_argument("--timers", type=int, default=1000, help="timers due at one instant")
    ap.add_argument("--idle", type=float, default=30.0, help="seconds of idle measured")
    ap.add_argument("--lead", type=float, default=90.0, help="seconds from start to V0")
    ap.add_argument("--tables", type=int, default=4, help="games played during the burst")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds before a move")
    ap.add_argument("--window", type=float, default=5.0, help="least seconds of play after V0")
    ap.add_argument("--fire-timeout", type=float, default=120.0)
    ap.add_argument("--render-workers", type=int, default=0, help="0: the bot's default")
    ap.add_argument("--no-floor-bot", dest="floor_bot", action="store_false")
    ap.add_argument("--quick", action="store_true", help="1,000 games, 100 timers, 10 s idle")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (DB, bot log)")
    ap.add_argument("--json", help="write the figures to this file")
    ap.add_argument("--env", action="append", default=[], help="KEY=VALUE for the bot")
    ap.add_argument("--py-spy", help="record the bot during the burst (py-spy raw) to this file")
    args = ap.parse_args()
    if args.quick:
        args.games, args.timers, args.idle, args.lead = 1000, 100, 10.0, 45.0
    r = asyncio.run(run(args))
    report(r)
    if args.json:
        Path(args.json).write_text(json.dumps(r, indent=1, default=str))


if __name__ == "__main__":
    main()
