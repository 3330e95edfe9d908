"""Several bot processes, one per Discord shard, on one PostgreSQL, against one process on
SQLite (issue 11): the same load as bench.e2e_load, measured side by side in one run.

    .venv/bin/python -m bench.shards_load --configs sqlite:1,postgres:1,postgres:2,postgres:3 \
        --games 50 --think 0 --duration 30
    .venv/bin/python -m bench.shards_load --configs sqlite:1,postgres:2 --games 50 --think 4

Each configuration gets a fresh fake Discord with one guild per shard (the tables spread over
them in turn) and a fresh database (PostgreSQL: the `public` schema of --postgres dropped and
created again). N processes get SHARD_COUNT=N and SHARD_IDS=i; one process runs unsharded.
CPU is counted for every bot process with its render workers, and for the PostgreSQL server
(all its processes, read from /proc, so the database's own work is not hidden), beside the
floor command (`/game rules`: neither database nor renderer) sent meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import tempfile
import time
from pathlib import Path

from bench import proc
from bench.e2e_load import Load, floor_loop
from bench.stats import describe, summary
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import REAL_BOT, BotProcess
from tests.pg import clean_schema

DEFAULT_PG = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"


class ShardedLoad(Load):
    """bench.e2e_load's load, its tables spread over the guilds (one per shard)."""

    def __init__(self, fake: FakeDiscord, args: argparse.Namespace, guilds: list[int]) -> None:
        super().__init__(fake, args)
        self.guilds = guilds

    def add_channel(self, slot: int, round_no: int) -> int:
        guild = self.guilds[slot % len(self.guilds)]
        return self.fake.add_channel(f"table-{slot}-{round_no}", guild_id=guild)


def postgres_cpu() -> float:
    """CPU seconds of every PostgreSQL server process on this machine."""
    total = 0.0
    for pid_dir in Path("/proc").iterdir():
        if not pid_dir.name.isdigit():
            continue
        try:
            if (pid_dir / "comm").read_text().strip() in ("postgres", "postmaster"):
                total += proc.cpu_seconds(int(pid_dir.name))
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total


def tree_cpu(pids: list[int]) -> tuple[float, float]:
    """(bots' CPU, their render workers' CPU) in seconds."""
    bots = workers = 0.0
    for pid in pids:
        t = proc.tree(pid)
        bots += t.bot.cpu
        workers += t.workers_cpu()
    return bots, workers


async def run_config(backend: str, count: int, args: argparse.Namespace) -> dict:
    workdir = Path(tempfile.mkdtemp(prefix=f"boardroom-shards-{backend}{count}-"))
    fake = FakeDiscord(shard_count=count)
    await fake.start()
    guilds = [fake.add_guild(f"Guild {i}", shard=i) for i in range(count)]
    procs: list[BotProcess] = []
    try:
        if backend == "postgres":
            await clean_schema(args.postgres)
        for i in range(count):
            env = {"RENDER_WORKERS": str(args.render_workers)}
            if backend == "postgres":
                env["DATABASE_URL"] = args.postgres
            if count > 1:
                env.update(SHARD_COUNT=str(count), SHARD_IDS=str(i))
            where = workdir / f"p{i}"
            where.mkdir()
            procs.append(await BotProcess(fake, where, entry=REAL_BOT, env=env).start())
        await asyncio.sleep(2.5)  # (discord.py's guild-ready wait)
        return await measure(fake, procs, guilds, backend, count, args)
    finally:
        for p in procs:
            await p.stop()
        await fake.stop()
        for p in procs:  # a traceback is a bug: show where
            if "Traceback" in p.log():
                tail = p.log()[p.log().index("Traceback") - 400 :][:3000]
                print(f"--- traceback in {p.log_path} ---\n{tail}")
        shutil.rmtree(workdir, ignore_errors=True)


async def measure(
    fake: FakeDiscord,
    procs: list[BotProcess],
    guilds: list[int],
    backend: str,
    count: int,
    args: argparse.Namespace,
) -> dict:
    load = ShardedLoad(fake, args, guilds)
    stop = asyncio.Event()
    floor: list[float] = []
    floor_task = asyncio.create_task(floor_loop(fake, load, stop, args.floor_every, floor))
    pids = [p.pid for p in procs]
    bots0, workers0 = tree_cpu(pids)
    pg0, own0 = postgres_cpu(), time.process_time()
    t0 = time.perf_counter()
    await load.run()
    wall = time.perf_counter() - t0
    bots1, workers1 = tree_cpu(pids)
    pg1, own1 = postgres_cpu(), time.process_time()
    stop.set()
    await floor_task
    moves = sum(t.moves for t in load.tables)
    turn = [x for t in load.tables for x in t.turn_rtts]
    per = 1000 / max(moves, 1)
    memory = sum(proc.tree(pid).rss_total_kb() for pid in pids) / 1024
    errors = sum("Traceback" in p.log() for p in procs)
    name = f"{count} process{'es' if count > 1 else ''} on {backend}"
    print(
        f"\n{name}: {moves} decisions in {wall:.1f} s = {moves / wall:.1f}/s; "
        f"{len(load.failures)} failed games; late first answers {len(fake.late_callbacks)}"
    )
    print(
        f"  CPU per decision: bots {(bots1 - bots0) * per:.1f} ms, render workers "
        f"{(workers1 - workers0) * per:.1f} ms, PostgreSQL server {(pg1 - pg0) * per:.1f} ms, "
        f"fake Discord + people {(own1 - own0) * per:.1f} ms; memory (bots + workers) "
        f"RSS {memory:.0f} MiB; processes with a traceback: {errors}"
    )
    print(describe("  turn round trip", turn))
    print(describe("  floor /game rules round trip", floor))
    return {
        "config": name,
        "decisions_per_s": moves / wall,
        "decisions": moves,
        "failures": [repr(f)[:200] for f in load.failures],
        "late": len(fake.late_callbacks),
        "bot_cpu_ms": (bots1 - bots0) * per,
        "workers_cpu_ms": (workers1 - workers0) * per,
        "postgres_cpu_ms": (pg1 - pg0) * per,
        "driver_cpu_ms": (own1 - own0) * per,
        "rss_mib": memory,
        "turn_rtt": summary(turn),
        "floor_rtt": summary(floor),
        "tracebacks": errors,
    }


async def run(args: argparse.Namespace) -> list[dict]:
    print(f"speed probe: {proc.speed_probe_ms():.1f} ms (a fixed Python loop; lower is faster)")
    out = []
    for config in args.configs.split(","):
        backend, _, n = config.partition(":")
        out.append(await run_config(backend, int(n or 1), args))
    print(f"speed probe: {proc.speed_probe_ms():.1f} ms")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configs", default="sqlite:1,postgres:1,postgres:2")
    ap.add_argument("--postgres", default=DEFAULT_PG, help="PostgreSQL URL (its schema is wiped)")
    ap.add_argument("--title", default="bazaar")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--people", type=int, default=2)
    ap.add_argument("--bots", type=int, default=1)
    ap.add_argument("--think", type=float, default=0.0)
    ap.add_argument("--duration", type=float, default=30.0)
    ap.add_argument("--floor-every", type=float, default=0.2)
    ap.add_argument("--render-workers", type=int, default=1)
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args()
    report = asyncio.run(run(args))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, default=str))


if __name__ == "__main__":
    main()
