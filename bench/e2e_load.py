"""End-to-end load benchmark: the real bot process (and its render workers) against the fake
Discord of tests/e2e, playing the real titles or the test title.

    .venv/bin/python -m bench.e2e_load --title bazaar --games 50 --think 4 --duration 60
    .venv/bin/python -m bench.e2e_load --title mixed --games 50 --think 4 --duration 60
    .venv/bin/python -m bench.e2e_load --title bazaar --games 50 --think 0 --duration 45
    .venv/bin/python -m bench.e2e_load --title tidewater --games 20 --stored 1000 --duration 0

1. `--stored N` started games are written to the bot's database through the game service
   before the bot starts (each waits for its person), then `/game status` is run once in each.
2. `--games` games are played at once, one per channel, each by `--people` simulated people
   and `--bots` automatic players, deciding with buttons, select menus, private menus and step
   menus, or with `/play` after autocomplete; a person thinks `--think` seconds on average
   (uniform 0..2x; 0: saturated). With `--duration S`, a finished game is replaced by a new
   one until S seconds have passed; with `--duration 0`, each game is played once to its end.
3. Meanwhile the floor command, `/game rules title:<t>` (neither database nor renderer), is
   sent every `--floor-every` seconds.
4. Afterwards (`--probe`), decisions of one more game are taken one at a time, to read the bot's
   and the workers' CPU per decision, and the floor command's, without overlap (a game's end
   waits for its background work, the timelapse, which is reported on its own line).

New games' seeds come from `--game-seed` (bench/entries/seeded_bot.py), so that two runs play
the same games; `--game-seed 0` draws them as production does.

"Committed decisions" are completed moves (a commit and a new turn message); the automatic
players' moves are made in the same transaction and are not counted. The fake Discord and the
simulated people run in this process, on the same 2 cores as the bot: their CPU is reported.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bench import loop_lag, proc
from bench.e2e_load_args import parser
from bench.e2e_probe import (
    ENTRIES,
    SEEDED_BOT,
    decide,
    probe_decisions,
    probe_floor,
    random_forward,
)
from bench.e2e_report import DEADLINE, summarise
from bench.stats import describe, summary
from bench.stored import OPTIONS, store_games
from tests.e2e.driver import Table, is_refusal
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import MINIMAL_BOT, REAL_BOT, ROOT, BotProcess, bot_env

PEOPLE = ["alice", "bob", "carol", "dave", "erin", "frank"]


def title_of(args: argparse.Namespace, i: int) -> str:
    if args.title == "mixed":
        return "tidewater" if i % 2 == 0 else "benares"
    return args.title


async def touch_all(fake: FakeDiscord, channels: list[int], parallel: int = 10) -> list[float]:
    """`/game status` once in every channel (loads each stored game); returns round trips."""
    rtts: list[float] = []
    queue = list(channels)

    async def worker() -> None:
        while queue:
            ex = await fake.slash("alice", queue.pop(), "game", "status", timeout=60)
            assert not is_refusal(ex), ex.text()
            rtts.append(ex.answered_at - ex.sent_at)

    await asyncio.gather(*(worker() for _ in range(parallel)))
    return rtts


class Load:
    """The games being played, the tables they were played at, and when to stop."""

    def __init__(self, fake: FakeDiscord, args: argparse.Namespace) -> None:
        self.fake = fake
        self.args = args
        self.tables: list[Table] = []
        self.title: dict[int, str] = {}  # channel -> title slug
        self.failures: list[BaseException] = []
        self.deadline = time.perf_counter() + args.duration if args.duration else float("inf")

    def add_channel(self, slot: int, round_no: int) -> int:
        """The channel of a new table (bench.shards_load spreads them over guilds)."""
        return self.fake.add_channel(f"table-{slot}-{round_no}")

    def new_table(self, slot: int, round_no: int) -> Table:
        people = [PEOPLE[(slot + k) % len(PEOPLE)] for k in range(self.args.people)]
        channel = self.add_channel(slot, round_no)
        table = Table(self.fake, channel, people)
        self.title[channel] = title_of(self.args, slot)
        self.tables.append(table)
        return table

    async def slot(self, slot: int) -> None:
        rng = random.Random(slot)
        policy = random_forward(rng)
        think = self.args.think
        round_no = 0
        while time.perf_counter() < self.deadline:
            table = self.new_table(slot, round_no)
            round_no += 1
            if think:  # games do not all open at the same instant
                await asyncio.sleep(rng.uniform(0, think))
            title = self.title[table.channel]
            seats = len(table.players) + self.args.bots
            await table.open(
                table.players[0],
                title=title,
                seats=seats,
                bots=self.args.bots,
                **OPTIONS.get(title, {}),
            )
            await table.join_all()
            await table.start()
            while not table.finished() and time.perf_counter() < self.deadline:
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                    if time.perf_counter() >= self.deadline:
                        break
                user = table.waiting()[0]
                mode = "command" if rng.random() < 0.25 else "components"
                await decide(table, user, mode, policy)
            if not self.args.duration:
                return

    async def run(self) -> None:
        results = await asyncio.gather(
            *(self.slot(i) for i in range(self.args.games)), return_exceptions=True
        )
        self.failures = [r for r in results if isinstance(r, BaseException)]


async def floor_loop(
    fake: FakeDiscord, load: Load, stop: asyncio.Event, every: float, out: list[float]
) -> None:
    rng = random.Random(7)
    pending: set[asyncio.Task] = set()

    async def one(table: Table) -> None:
        user = rng.choice(PEOPLE)
        title = load.title[table.channel]
        ex = await fake.slash(user, table.channel, "game", "rules", title=title, timeout=60)
        if not is_refusal(ex) and ex.answered_at:
            out.append(ex.answered_at - ex.sent_at)

    while not stop.is_set():
        if load.tables:
            task = asyncio.create_task(one(rng.choice(load.tables)))
            pending.add(task)
            task.add_done_callback(pending.discard)
        await asyncio.sleep(every)
    await asyncio.gather(*pending, return_exceptions=True)


def sample_memory(bot: BotProcess, stop: asyncio.Event, peak: dict) -> asyncio.Task:
    """Every second, the bot's and its children's memory; the highest total is kept."""

    async def loop() -> None:
        while not stop.is_set():
            t = proc.tree(bot.pid)
            if t.rss_total_kb() > peak.get("rss", 0):
                peak.update(rss=t.rss_total_kb(), at=t.describe_memory())
            peak["pss"] = max(peak.get("pss", 0), t.pss_total_kb())
            await asyncio.sleep(1.0)

    return asyncio.create_task(loop())


def mib(tree: proc.Tree) -> dict[str, float | str]:
    return {
        "rss_mib": tree.rss_total_kb() / 1024,
        "pss_mib": tree.pss_total_kb() / 1024,
        "bot_rss_mib": tree.bot.rss_kb / 1024,
        "detail": tree.describe_memory(),
    }


async def stored_phase(
    fake: FakeDiscord, bot: BotProcess | None, args: argparse.Namespace, chans: list[int]
) -> None:
    """Before the bot starts (`bot` None): store the games; after: touch each once."""
    if bot is None:
        kinds = [
            title_of(args, i) if args.stored_title == "same" else args.stored_title
            for i in range(args.stored)
        ]
        alice = int(fake.users["alice"]["id"])
        url = bot_env(fake, Path(args.workdir))["DATABASE_URL"]
        secs = await store_games(url, chans, kinds, alice)
        print(
            f"stored {args.stored} started games ({', '.join(sorted(set(kinds)))}) in {secs:.1f} s"
        )
        return
    t0 = time.perf_counter()
    rtts = await touch_all(fake, chans)
    print(
        f"/game status in each stored game: {time.perf_counter() - t0:.1f} s; "
        f"after: {proc.tree(bot.pid).describe_memory()}"
    )
    print(describe("  /game status round trip (10 at a time)", rtts))


async def load_phase(fake: FakeDiscord, bot: BotProcess, args: argparse.Namespace) -> dict:
    load = Load(fake, args)
    stop = asyncio.Event()
    floor: list[float] = []
    floor_task = asyncio.create_task(floor_loop(fake, load, stop, args.floor_every, floor))
    peak: dict = {}
    sampler = sample_memory(bot, stop, peak)
    ex_before = len(fake.exchanges)
    t0 = time.perf_counter()
    tree0, own0 = proc.tree(bot.pid), time.process_time()
    await load.run()
    wall = time.perf_counter() - t0
    tree1, own = proc.tree(bot.pid), time.process_time() - own0
    stop.set()
    await floor_task
    await sampler
    report = summarise(fake, load, wall, tree0, tree1, own, floor, ex_before)
    after = proc.tree(bot.pid)
    print(
        f"memory at the peak of the load: {peak.get('at')} (PSS peak {peak.get('pss', 0) / 1024:.1f} MiB)"
    )
    print(f"memory after the load: {after.describe_memory()}")
    report["memory_after"] = mib(after)
    report["memory_peak"] = {"rss_mib": peak.get("rss", 0) / 1024, "detail": peak.get("at")}
    return report


async def run(args: argparse.Namespace) -> dict:
    report: dict = {"args": vars(args)}
    args.workdir = tempfile.mkdtemp(prefix="boardroom-e2e-load-")
    async with FakeDiscord() as fake:
        chans = [fake.add_channel(f"stored-{i}") for i in range(args.stored)]
        if args.stored:
            await stored_phase(fake, None, args, chans)
        port = loop_lag.free_port()
        extra = {
            "RENDER_WORKERS": str(args.render_workers),
            "METRICS_PORT": str(port),
            # (its 100 wake-ups a second would add to every CPU figure: only when asked)
            "LOOP_WATCH": "true" if args.loop_watch else "false",
        }
        extra.update(kv.split("=", 1) for kv in args.env)
        if args.profile:
            extra["E2E_PROFILE"] = str(Path(args.profile).resolve())
        entry = args.entry
        if args.game_seed and entry == REAL_BOT:
            entry = SEEDED_BOT
        if (ENTRIES / f"{entry.partition(':')[0]}.py").exists():  # (bench/entries: seeds fixed)
            extra["BENCH_GAME_SEED"] = str(args.game_seed or 1)
            extra.setdefault("PYTHONPATH", os.pathsep.join((str(ROOT), str(ENTRIES))))
        bot = BotProcess(fake, Path(args.workdir), entry=entry, env=extra)
        await bot.start()
        await asyncio.sleep(2.5)  # let discord.py finish its start-up (guild ready timeout)
        fake.interaction_deadline = DEADLINE  # later first answers are refused, as Discord does
        idle = proc.tree(bot.pid)
        print(f"bot pid {bot.pid}, idle with {args.stored} stored games: {idle.describe_memory()}")
        report["memory_idle"] = mib(idle)
        if args.loop_watch:
            report["loop_lag_start"] = await loop_lag.read(port)
            print("start-up:", loop_lag.describe(report["loop_lag_start"]))
        started = await loop_lag.read(port)
        if args.stored:
            await stored_phase(fake, bot, args, chans)
            report["memory_touched"] = mib(proc.tree(bot.pid))
        before = await loop_lag.read(port)
        if args.loop_watch and args.stored:
            report["loop_lag_stored"] = loop_lag.during(started, before)
            print("touching the stored games:", loop_lag.describe(report["loop_lag_stored"]))
        report.update(await load_phase(fake, bot, args))
        if args.loop_watch:
            report["loop_lag_load"] = loop_lag.during(before, await loop_lag.read(port))
            print("during the load phase:", loop_lag.describe(report["loop_lag_load"]))
        if args.probe:
            report["probe"] = await probe(fake, bot, args)
        if args.loop_watch:
            report["loop_lag"] = await loop_lag.read(port)
            print("since start:", loop_lag.describe(report["loop_lag"]))
        errors = [ln for ln in bot.log().splitlines() if "ERROR" in ln or "Traceback" in ln]
        print(f"bot log error lines: {len(errors)}")
        for ln in errors[:5]:
            print("  ", ln[:200])
        report["bot_log_errors"] = len(errors)
        await bot.stop()
        if args.floor_bot:  # the memory floor: Python + discord.py, no database, no titles
            mini = BotProcess(fake, Path(args.workdir), entry=MINIMAL_BOT)
            await mini.start()
            await asyncio.sleep(2.5)
            report["minimal_bot_rss_mib"] = proc.rss_kb(mini.pid) / 1024
            print(
                f"floor: a minimal discord.py bot, idle: RSS {report['minimal_bot_rss_mib']:.1f} MiB"
            )
            await mini.stop()
    if args.keep:
        print(f"kept {args.workdir}")
    else:
        shutil.rmtree(args.workdir, ignore_errors=True)
    return report


async def probe(fake: FakeDiscord, bot: BotProcess, args: argparse.Namespace) -> dict:
    titles = ["tidewater", "benares"] if args.title == "mixed" else [args.title]
    out: dict = {}
    for i, title in enumerate(titles):
        tables: list[Table] = []

        def new_table(title: str = title, tables: list[Table] = tables) -> Table:
            channel = fake.add_channel(f"probe-{title}-{len(tables)}")
            tables.append(Table(fake, channel, PEOPLE[: args.people]))
            return tables[-1]

        got = await probe_decisions(
            fake,
            bot.pid,
            new_table,
            title,
            args.probe // len(titles),
            args.bots,
            OPTIONS.get(title, {}),
            seed=100 + i,
        )
        floor = await probe_floor(fake, bot.pid, tables[-1].channel, "alice", title, 30)
        print(f"\nprobe, {title}, one decision at a time:")
        print(describe("  bot CPU per committed decision", got["bot"]))
        print(describe("  render workers' CPU per decision", got["workers"]))
        print(describe("  bot CPU per game set-up (new, joins, start)", got["setup"]))
        print(describe("  bot CPU of a game's last decision", got["last"]))
        print(describe("  ... with its background work (timelapse)", got["end"]))
        print(f"  interactions per decision: median {statistics.median(got['interactions'])}")
        by_count: dict[int, list[float]] = {}
        for cpu, count in zip(got["bot"], got["interactions"], strict=True):
            by_count.setdefault(count, []).append(cpu)
        for count, cpus in sorted(by_count.items()):
            print(describe(f"    bot CPU of decisions taken in {count} interactions", cpus))
        n = len(got["requests"])
        print(f"  REST requests per decision: mean {sum(got['requests']) / n:.2f}")
        for route, count in got["routes"][:8]:
            print(f"    {count / n:5.2f}  {route}")
        alone = [x for t in tables for x in t.turn_rtts]
        print(describe("  turn round trip, alone", alone))
        print(describe("  bot CPU per floor command (/game rules)", floor["bot"]))
        print(describe("  floor round trip, alone", floor["rtt"]))
        out[title] = {
            "bot_cpu": summary(got["bot"]),
            "workers_cpu": summary(got["workers"]),
            "setup_cpu": summary(got["setup"]),
            "last_cpu": summary(got["last"]),
            "end_cpu": summary(got["end"]),
            "interactions": statistics.median(got["interactions"]),
            "bot_cpu_by_interactions": {n: summary(c) for n, c in sorted(by_count.items())},
            "requests": sum(got["requests"]) / len(got["requests"]),
            "turn_rtt": summary(alone),
            "floor_cpu": summary(floor["bot"]),
            "floor_rtt": summary(floor["rtt"]),
        }
    return out


def main() -> None:
    args = parser(__doc__.splitlines()[0]).parse_args()
    report = asyncio.run(
        asyncio.wait_for(run(args), args.duration + 1200 if args.duration else 1800)
    )
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, default=str))


if __name__ == "__main__":
    main()
