"""End-to-end load benchmark: the real bot process against the fake Discord (tests/e2e).

    .venv/bin/python bench/e2e_load.py [--games 50] [--stored 1000] [--rounds 2]

1. Stores `--stored` games in the bot's database (through the game service, before the bot
   starts: each is a started 2-seat bazaar game waiting for its human), then starts the bot and
   reads its RSS (VmRSS from /proc/<pid>/status).
2. Plays `--games` games at once, one per channel, each with two simulated people (buttons,
   select menus, private menus and `/play`) and one automatic player seat.
3. Meanwhile, sends a trivial command (`/game status`) every few milliseconds.

Prints the turn round trip (a deciding interaction dispatched -> the new public turn message,
with its board image, received by "Discord"), the trivial command's round trip (dispatch ->
answer), how many interactions were first answered later than Discord's 3 seconds, and the RSS.
The fake Discord and the simulated people share one process (and the machine) with the bot,
so the figures include their overhead too.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.e2e.driver import TURN_ID, Table, is_refusal  # noqa: E402
from tests.e2e.fake_discord import FakeDiscord  # noqa: E402
from tests.e2e.harness import BotProcess, bot_env  # noqa: E402


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (from /proc/<pid>/stat)."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ex_kind(ex) -> str:  # noqa: ANN001 - Exchange
    """A short name for what an interaction was: a command path or a component kind."""
    data = ex.payload.get("data") or {}
    if "custom_id" in data:
        cid = data["custom_id"]
        if ":l:" in cid:
            return "lobby " + cid.rsplit(":", 1)[1]
        m = TURN_ID.match(cid)
        kinds = {"p": "private menu", "s": "select", "c": "button", "i": "button", "m": "more"}
        return kinds.get(m["kind"], "component") if m else "component"
    names = [data.get("name", "?")]
    opts = data.get("options") or []
    while opts and opts[0].get("type") in (1, 2):
        names.append(opts[0]["name"])
        opts = opts[0].get("options") or []
    return ("autocomplete " if ex.type == 4 else "/") + " ".join(names)


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def describe(name: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    if not ms:
        return f"{name}: no samples"
    return (
        f"{name}: n={len(ms)} median={statistics.median(ms):.1f} ms p95={pct(ms, 95):.1f} ms "
        f"max={max(ms):.1f} ms"
    )


async def store_games(db_url: str, channels: list[int], user_id: int) -> float:
    """Create one started game per channel straight through the service (what the bot would
    have stored after `/game new` + Start): bazaar, the user and one automatic player."""
    from bot import catalog
    from bot.db.engine import make_engine, migrate, sessionmaker
    from bot.service import GameService

    catalog.load(["tests.titles.bazaar:TITLE"], ["tests.titles.bazaar_render:RENDERER"])
    engine = make_engine(db_url)
    await migrate(engine)
    service = GameService(sessionmaker(engine))
    t0 = time.perf_counter()
    for channel in channels:
        await service.create(
            guild_id=1,
            channel_id=channel,
            user_id=user_id,
            title_slug="bazaar",
            seats=2,
            bots=1,
            options={"rounds": "3"},
        )
        await service.start(channel, user_id)
    stored = await service.game_count()
    await engine.dispose()
    assert stored >= len(channels), stored
    return time.perf_counter() - t0


async def touch_all(fake: FakeDiscord, channels: list[int], parallel: int = 10) -> list[float]:
    """`/game status` once in every channel (loads each stored game); returns round trips."""
    rtts: list[float] = []
    queue = list(channels)

    async def worker() -> None:
        while queue:
            ch = queue.pop()
            ex = await fake.slash("alice", ch, "game", "status", timeout=60)
            assert not is_refusal(ex), ex.text()
            rtts.append(ex.answered_at - ex.sent_at)

    await asyncio.gather(*(worker() for _ in range(parallel)))
    return rtts


async def play_game(table: Table, seed: int, think: float, rounds: int) -> None:
    rng = random.Random(seed)
    await table.open(table.players[0], seats=3, bots=1, options=f"rounds={rounds}")
    await table.join_all()
    await table.start()
    # mostly components (as people do), sometimes /play
    await table.play_to_end(
        mode=lambda n: "command" if rng.random() < 0.25 else "components",
        think=(lambda: rng.uniform(0, 2 * think)) if think else None,
    )


async def trivial_commands(
    fake: FakeDiscord, tables: list[Table], stop: asyncio.Event, out: list[float]
) -> None:
    rng = random.Random(7)
    pending: set[asyncio.Task] = set()

    async def one(table: Table) -> None:
        ex = await fake.slash(table.players[0], table.channel, "game", "status", timeout=60)
        if not is_refusal(ex):
            out.append(ex.answered_at - ex.sent_at)

    while not stop.is_set():
        table = rng.choice(tables)
        if table.game_id:
            task = asyncio.create_task(one(table))
            pending.add(task)
            task.add_done_callback(pending.discard)
        await asyncio.sleep(0.05)
    await asyncio.gather(*pending, return_exceptions=True)


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--stored", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a person thinks before a move"
    )
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (DB and bot log)")
    args = ap.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="boardroom-e2e-load-"))
    async with FakeDiscord() as fake:
        channels = [fake.add_channel(f"table-{i}") for i in range(args.games)]
        stored_channels = [fake.add_channel(f"stored-{i}") for i in range(args.stored)]
        env = bot_env(fake, workdir)
        if args.stored:
            alice = int(fake.users["alice"]["id"])
            secs = await store_games(env["DATABASE_URL"], stored_channels, alice)
            print(f"stored {args.stored} started games in {secs:.1f} s")
        bot = BotProcess(fake, workdir)
        t0 = time.perf_counter()
        await bot.start()
        print(f"bot connected and synced in {time.perf_counter() - t0:.2f} s (pid {bot.pid})")
        await asyncio.sleep(2.5)  # let discord.py finish its start-up (guild ready timeout)
        rss_idle = bot.rss_kb()
        print(f"bot RSS with {args.stored} stored games, idle: {rss_idle / 1024:.1f} MiB")
        if args.stored:
            t0 = time.perf_counter()
            rtts = await touch_all(fake, stored_channels)
            rss_touched = bot.rss_kb()
            print(
                f"/game status in each of the {args.stored} stored games took "
                f"{time.perf_counter() - t0:.1f} s; bot RSS after: {rss_touched / 1024:.1f} MiB"
            )
            print(describe("  /game status round trip (10 at a time, no other load)", rtts))

        tables = [Table(fake, ch, ["alice", "bob"]) for ch in channels]
        stop = asyncio.Event()
        status_rtts: list[float] = []
        status_task = asyncio.create_task(trivial_commands(fake, tables, stop, status_rtts))
        t0 = time.perf_counter()
        bot_cpu0, own_cpu0 = cpu_seconds(bot.pid), time.process_time()
        rss_peak = 0

        async def sample_rss() -> None:
            nonlocal rss_peak
            while not stop.is_set():
                rss_peak = max(rss_peak, bot.rss_kb())
                await asyncio.sleep(0.5)

        sampler = asyncio.create_task(sample_rss())
        results = await asyncio.gather(
            *(play_game(t, i, args.think, args.rounds) for i, t in enumerate(tables)),
            return_exceptions=True,
        )
        wall = time.perf_counter() - t0
        bot_cpu = cpu_seconds(bot.pid) - bot_cpu0
        own_cpu = time.process_time() - own_cpu0
        stop.set()
        await status_task
        await sampler
        rss_after = bot.rss_kb()

        failures = [r for r in results if isinstance(r, BaseException)]
        turn_rtts = [x for t in tables for x in t.turn_rtts]
        moves = sum(t.moves for t in tables)
        finished = sum(t.finished() for t in tables)
        late = [
            ex
            for ex in fake.exchanges.values()
            if ex.callback_at and ex.callback_at - ex.sent_at > 3.0
        ]
        unanswered = [ex for ex in fake.exchanges.values() if not ex.callback_at]
        late_kinds: dict[str, int] = {}
        for ex in late:
            kind = ex_kind(ex)
            late_kinds[kind] = late_kinds.get(kind, 0) + 1
        print()
        print(
            f"{args.games} games at once: {finished} finished, {len(failures)} failed, "
            f"{moves} decisions in {wall:.1f} s ({moves / wall:.1f} decisions/s)"
        )
        for f in failures[:3]:
            print("  failure:", repr(f)[:300])
        print(
            f"CPU during the load: bot process {bot_cpu:.1f} s ({bot_cpu / wall:.0%} of one "
            f"core), fake Discord + simulated people {own_cpu:.1f} s ({own_cpu / wall:.0%})"
        )
        print(describe("turn round trip (interaction -> turn message with image)", turn_rtts))
        by: dict[str, list[float]] = {}
        for t in tables:
            for how, values in t.turn_rtts_by.items():
                by.setdefault(how, []).extend(values)
        for how in sorted(by):
            print(describe(f"  via {how}", by[how]))
        print(describe("trivial command round trip (/game status)", status_rtts))
        print(
            f"interactions: {len(fake.exchanges)}, first answered after 3 s: {len(late)}, "
            f"never answered: {len(unanswered)}"
        )
        if late_kinds:
            print("  late first answers by kind:", late_kinds)
        print(
            f"unknown routes called: {len(fake.unknown_requests)}; "
            f"HTTP errors returned: {sum(1 for r in fake.requests if r.status >= 400)}"
        )
        print(
            f"bot RSS: idle {rss_idle / 1024:.1f} MiB, peak during load {rss_peak / 1024:.1f} "
            f"MiB, after {rss_after / 1024:.1f} MiB"
        )
        errors = [ln for ln in bot.log().splitlines() if "ERROR" in ln or "Traceback" in ln]
        print(f"bot log error lines: {len(errors)}")
        for ln in errors[:5]:
            print("  ", ln[:200])
        await bot.stop()
    if args.keep:
        print(f"kept {workdir}")
    else:
        import shutil

        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
