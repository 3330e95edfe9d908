"""The table on the web under load (issue 34): the real bot (WEB_PORT set, its render workers
counted) against the fake Discord of tests/e2e, on loopback, games played by simulated people.

    .venv/bin/python -m bench.web_load [--quick] [--title mombasa] [--json F]

1. Page first byte: `--viewers` viewers refresh a running game's page (about every
   `--refresh` s) for `--page-seconds` while `--games` games are played (a person thinks
   `--think` s on average). Floor, in the same loops: /static/table.css, between refreshes.
2. Live updates: `--live` live connections (server-sent events) spread over the games; for each
   move, the delay from the deciding interaction's answer, as the fake Discord recorded it, to
   each connection's `data:` line. The bot answers that interaction only after the commit (its
   work, the commit included, runs before the answer; a slow one is deferred first, and then
   its first edit counts), so the delay is a slight underestimate, by the answer's own time;
   the delay from the interaction's dispatch, before the commit, is an upper bound. The fake's
   records, not a poll of the game's version, which would add its own period.
3. Memory: the bot's and its workers' RSS and PSS before and with the live connections open.
4. CPU per decision, one decision at a time (bench.e2e_probe): the decisions of one game,
   `--probe-viewers` live pages following it for every other decision and none for the rest.
   Before it, a page and the floor are fetched one at a time, for the bot's CPU per request.

A full run takes about 3 minutes, `--quick` about 1.5.

The viewers, the fake Discord and the people run in this process on the same cores as the bot;
its CPU is reported. Targets are the issue's."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from bench import loop_lag, proc
from bench.e2e_load import sample_memory
from bench.e2e_probe import ENTRIES, SEEDED_BOT, _cpu, _workers, idle, random_forward, settle
from bench.web_clients import (
    Audience,
    Move,
    Views,
    alone,
    committed,
    deliveries,
    line,
    ms,
    view,
)
from bot.web.server import KEEP_ALIVE
from bot.web.tokens import Signer
from tests.e2e.driver import Table, is_refusal
from tests.e2e.fake_discord import Exchange, FakeDiscord
from tests.e2e.harness import ROOT, BotProcess

PEOPLE = ["alice", "bob", "carol", "dave", "erin", "frank"]
TARGETS = {"page_p95_ms": 50.0, "live_p95_ms": 1000.0, "memory_mib": 50.0, "cpu_ms": 0.5}


class Players:
    """Games played at a person's pace; every committed decision is kept as a `Move`."""

    def __init__(self, fake: FakeDiscord, args: argparse.Namespace) -> None:
        self.fake, self.args = fake, args
        self.tables: list[Table] = []
        self.moves: list[Move] = []
        self.stop = asyncio.Event()
        self.failures: list[BaseException] = []

    def table(self, name: str, slot: int) -> Table:
        people = [PEOPLE[(slot + k) % len(PEOPLE)] for k in range(self.args.people)]
        table = Table(self.fake, self.fake.add_channel(name), people)
        self.tables.append(table)
        return table

    async def set_up(self, table: Table) -> None:
        seats = len(table.players) + self.args.bots
        await table.open(table.players[0], title=self.args.title, seats=seats, bots=self.args.bots)
        await table.join_all()
        await table.start()

    async def decide(self, table: Table, rng: random.Random) -> Exchange:
        user = table.waiting()[0]
        policy = random_forward(rng)
        if rng.random() < 0.25:
            ex = await table.play_command(user, policy)
        else:
            ex = await table.play_components(user, policy)
        assert not is_refusal(ex), f"refused: {ex.text()}"
        self.moves.append(committed(table.game_id, ex))
        return ex

    async def play(self, table: Table, slot: int) -> None:
        rng = random.Random(slot)
        while not self.stop.is_set() and not table.finished():
            think = rng.uniform(0, 2 * self.args.think)
            try:
                await asyncio.wait_for(self.stop.wait(), think)
                return
            except TimeoutError:
                pass
            await self.decide(table, rng)

    async def start(self, games: int) -> list[asyncio.Task[None]]:
        tables = [self.table(f"web-{i}", i) for i in range(games)]
        await asyncio.gather(*(self.set_up(t) for t in tables))
        return [asyncio.create_task(self.play(t, i)) for i, t in enumerate(tables)]


def link_key(workdir: Path) -> Signer:
    """The links' key, as the bot made it at its start (`web_keys`, row 'links')."""
    with sqlite3.connect(workdir / "boardroom.db") as db:
        row = db.execute("SELECT key FROM web_keys WHERE name = 'links'").fetchone()
    assert row is not None, "no web key: did the bot start with WEB_PORT?"
    return Signer(bytes(row[0]))


async def page_phase(
    args: argparse.Namespace, bot: BotProcess, base: str, token: str, report: dict
) -> None:
    tree0, own0 = proc.tree(bot.pid), time.process_time()
    t0 = time.perf_counter()
    got: Views = await view(
        f"{base}/g/{token}",
        f"{base}/static/table.css",
        args.viewers,
        args.page_seconds,
        args.refresh,
    )
    wall = time.perf_counter() - t0
    tree1, own = proc.tree(bot.pid), time.process_time() - own0
    page, floor = ms(got.page), ms(got.floor)
    report["page"] = {
        "first_byte": page,
        "whole": ms(got.page_body),
        "floor_first_byte": floor,
        "board_images": ms(got.images),
        "pages_per_s": round(len(got.page) / wall, 1),
        "errors": dict(got.errors),
        "bot_cpu_pct": round(100 * (tree1.bot.cpu - tree0.bot.cpu) / wall, 1),
        "workers_cpu_pct": round(100 * (tree1.workers_cpu() - tree0.workers_cpu()) / wall, 1),
        "bench_cpu_pct": round(100 * own / wall, 1),
    }
    r = report["page"]
    print(f"\n1. page, {args.viewers} viewers, {wall:.0f} s, {r['pages_per_s']} pages/s:")
    print(line("  page first byte", page, TARGETS["page_p95_ms"]))
    print(line("  floor (/static/table.css) first byte", floor))
    if page.get("n") and floor.get("n"):
        print(f"  page minus floor, p50: {page['median'] - floor['median']:.1f} ms")
    print(line("  page, whole body", r["whole"]))
    print(line("  new board images, whole", r["board_images"]))
    print(
        f"  CPU: bot {r['bot_cpu_pct']}% of a core, workers {r['workers_cpu_pct']}%, "
        f"this process (viewers, fake, people) {r['bench_cpu_pct']}%; errors {r['errors'] or 0}"
    )


async def live_phase(
    args: argparse.Namespace, bot: BotProcess, players: Players, urls: dict[int, str], report: dict
) -> None:
    await asyncio.sleep(1.0)
    before = proc.tree(bot.pid)
    audience = Audience()
    opened = await audience.open(urls, args.live)
    ready = time.perf_counter()  # (the moves dispatched before are not counted)
    await asyncio.sleep(2.0)
    with_open = proc.tree(bot.pid)
    stop = asyncio.Event()
    peak: dict = {}
    sampler = sample_memory(bot, stop, peak)
    since = time.perf_counter()
    tree0, own0 = proc.tree(bot.pid), time.process_time()
    await asyncio.sleep(args.live_seconds)
    until = time.perf_counter()
    tree1, own = proc.tree(bot.pid), time.process_time() - own0
    await asyncio.sleep(3.0)  # (the last moves' events on their way)
    stop.set()
    await sampler
    failed = sum(1 for live in audience.lives if live.failed)
    moves = [m for m in players.moves if m.sent_at >= ready]
    got = deliveries(moves, audience.lives, since, until)
    await audience.close()
    await asyncio.sleep(1.0)
    after = proc.tree(bot.pid)
    wall = until - since
    mem = {
        "before_rss_mib": before.rss_total_kb() / 1024,
        "open_rss_mib": with_open.rss_total_kb() / 1024,
        "peak_rss_mib": peak.get("rss", 0) / 1024,
        "after_close_rss_mib": after.rss_total_kb() / 1024,
        "before_pss_mib": before.pss_total_kb() / 1024,
        "open_pss_mib": with_open.pss_total_kb() / 1024,
        "peak_pss_mib": peak.get("pss", 0) / 1024,
        "bot_rss_before_mib": before.bot.rss_kb / 1024,
        "bot_rss_open_mib": with_open.bot.rss_kb / 1024,
    }
    mem = {k: round(v, 1) for k, v in mem.items()}
    mem["growth_mib"] = round(mem["open_rss_mib"] - mem["before_rss_mib"], 1)
    mem["growth_peak_mib"] = round(mem["peak_rss_mib"] - mem["before_rss_mib"], 1)
    report["live"] = {
        "connections": args.live,
        "games": len(urls),
        "opened_in_s": round(opened, 2),
        "failed": failed,
        "moves": got.moves,
        "missed": got.missed,
        "from_answer": ms(got.from_answer),
        "from_dispatch": ms(got.from_dispatch),
        "bot_cpu_pct": round(100 * (tree1.bot.cpu - tree0.bot.cpu) / wall, 1),
        "bench_cpu_pct": round(100 * own / wall, 1),
    }
    report["memory"] = mem
    r = report["live"]
    print(
        f"\n2. live: {args.live} connections on {len(urls)} games (opened in {opened:.1f} s, "
        f"{failed} failed), {got.moves} moves in {wall:.0f} s, {got.missed} deliveries missed:"
    )
    print(
        line(
            "  commit (the deciding answer) -> data: line", r["from_answer"], TARGETS["live_p95_ms"]
        )
    )
    print(
        line(
            "  dispatch of the deciding interaction -> data: line (upper bound)", r["from_dispatch"]
        )
    )
    print(f"  CPU: bot {r['bot_cpu_pct']}% of a core, this process {r['bench_cpu_pct']}%")
    worst = sorted(got.worst, key=lambda w: -w[3])[:3]
    r["slowest_moves"] = [(g, v, round(at - since, 2), round(d * 1000, 1)) for g, v, at, d in worst]
    print(f"  slowest moves (game, version, s into the phase, ms): {r['slowest_moves']}")
    verdict = "met" if mem["growth_mib"] <= TARGETS["memory_mib"] else "MISSED"
    print(
        f"\n3. memory (bot + render workers): RSS {mem['before_rss_mib']} MiB before, "
        f"{mem['open_rss_mib']} MiB with {args.live} open (+{mem['growth_mib']} MiB)   "
        f"[target <= +{TARGETS['memory_mib']:g} MiB: {verdict}]"
    )
    print(
        f"  peak while moving {mem['peak_rss_mib']} MiB (+{mem['growth_peak_mib']}), after "
        f"closing {mem['after_close_rss_mib']} MiB; PSS {mem['before_pss_mib']} -> "
        f"{mem['open_pss_mib']} MiB (peak {mem['peak_pss_mib']}); bot alone RSS "
        f"{mem['bot_rss_before_mib']} -> {mem['bot_rss_open_mib']} MiB"
    )


async def cpu_phase(
    args: argparse.Namespace, bot: BotProcess, players: Players, signer: Signer, base: str
) -> dict:
    """Decisions of one game one at a time, its `--probe-viewers` live pages open for every
    other decision and closed for the rest: bot and worker CPU of each (bench.e2e_probe's
    way). The same game on both sides, decision after decision, so the difference is the
    live pages' alone, not two games' (whose decisions cost more apart than the target)."""
    game = players.table("probe-0", 0)
    await players.set_up(game)
    cpu: dict[str, list[float]] = {"0": [], "n": [], "w0": [], "wn": []}
    rng = random.Random(5)
    workers = _workers(bot.pid)
    live = f"{base}/g/{signer.public(game.game_id)}/live"
    for i in range(2 * args.probe):
        if game.finished():
            break
        watched = i % 2 == 1
        audience = Audience() if watched else None
        if audience is not None:
            await audience.open({game.game_id: live}, args.probe_viewers)
        await idle(bot.pid)
        heard = audience.heard() if audience is not None else 0
        await settle(players.fake)
        bot0, w0 = _cpu(bot.pid, workers)
        await players.decide(game, rng)
        if audience is not None:  # (every live page told, as well as Discord)
            await audience.wait_heard(heard + args.probe_viewers, 10.0)
        await settle(players.fake)
        bot1, w1 = _cpu(bot.pid, workers)
        key = "n" if watched else "0"
        cpu[key].append((bot1 - bot0) / 1e9)
        cpu["w" + key].append((w1 - w0) / 1e9)
        if audience is not None:
            await audience.close()  # (the bot's handlers end as the connections close)
    n = args.probe_viewers
    med = {k: statistics.median(v) * 1000 if v else float("nan") for k, v in cpu.items()}
    extra = med["n"] + med["wn"] - med["0"] - med["w0"]
    print(f"\n4. CPU per decision, one at a time, alternating ({len(cpu['0'])} + {len(cpu['n'])}):")
    print(line("  bot, game with no live page", ms(cpu["0"])))
    print(line(f"  bot, game with {n} live page(s)", ms(cpu["n"])))
    print(line("  render workers, no live page", ms(cpu["w0"])))
    print(line(f"  render workers, {n} live page(s)", ms(cpu["wn"])))
    verdict = "met" if extra <= TARGETS["cpu_ms"] else "MISSED"
    print(
        f"  difference of the medians (bot + workers): {extra:+.2f} ms   "
        f"[target <= +{TARGETS['cpu_ms']:g} ms: {verdict}]"
    )
    return {
        "viewers": n,
        "bot_0": ms(cpu["0"]),
        "bot_n": ms(cpu["n"]),
        "workers_0": ms(cpu["w0"]),
        "workers_n": ms(cpu["wn"]),
        "difference_ms": round(extra, 3),
    }


async def run(args: argparse.Namespace) -> dict:
    report: dict = {"args": vars(args), "targets": TARGETS}
    workdir = Path(tempfile.mkdtemp(prefix="boardroom-web-load-"))
    async with FakeDiscord() as fake:
        port = loop_lag.free_port()
        env = {
            "RENDER_WORKERS": str(args.render_workers),
            "WEB_PORT": str(port),
            "BENCH_GAME_SEED": "1",
            "PYTHONPATH": os.pathsep.join((str(ROOT), str(ENTRIES))),
        }
        if args.profile:
            env["E2E_PROFILE"] = str(Path(args.profile).resolve())
        bot = BotProcess(fake, workdir, entry=args.entry, env=env)
        await bot.start()
        await asyncio.sleep(2.5)  # (discord.py's start-up: the guild ready timeout)
        base = f"http://127.0.0.1:{port}"
        signer = link_key(workdir)
        players = Players(fake, args)
        print(f"bot pid {bot.pid}, web on {base}; idle: {proc.tree(bot.pid).describe_memory()}")
        tasks = await players.start(args.games)
        token = signer.public(players.tables[0].game_id)
        await page_phase(args, bot, base, token, report)
        urls = {t.game_id: f"{base}/g/{signer.public(t.game_id)}/live" for t in players.tables}
        await live_phase(args, bot, players, urls, report)
        players.stop.set()
        for task in tasks:
            try:
                await task
            except Exception as exc:  # (reported, the other figures still stand)
                players.failures.append(exc)
        # The closed live pages' handlers wake at their keep-alive, and fail to write: let
        # that pass before measuring one thing at a time.
        await asyncio.sleep(KEEP_ALIVE + 2)
        await idle(bot.pid)
        page = f"{base}/g/{signer.public(players.tables[0].game_id)}"
        report["alone"] = await alone(bot.pid, page, base)
        report["cpu"] = await cpu_phase(args, bot, players, signer, base)
        errors = [ln for ln in bot.log().splitlines() if "ERROR" in ln or "Traceback" in ln]
        report["bot_log_errors"] = len(errors)
        report["player_failures"] = [repr(f) for f in players.failures]
        print(f"\nbot log error lines: {len(errors)}; players' failures: {len(players.failures)}")
        for text in errors[:5] + report["player_failures"][:3]:
            print("  ", text[:200])
        await bot.stop()
    if args.keep:
        print(f"kept {workdir}")
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return report


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="short phases, while developing")
    ap.add_argument("--title", default="mombasa")
    ap.add_argument("--games", type=int, default=5, help="games played meanwhile")
    ap.add_argument("--people", type=int, default=2, help="simulated people per game")
    ap.add_argument("--bots", type=int, default=1, help="automatic players per game")
    ap.add_argument("--think", type=float, default=4.0, help="a person's mean seconds per move")
    ap.add_argument("--viewers", type=int, default=50)
    ap.add_argument("--refresh", type=float, default=1.0, help="a viewer's mean seconds per page")
    ap.add_argument("--page-seconds", type=float, default=45.0)
    ap.add_argument("--live", type=int, default=500, help="live connections")
    ap.add_argument("--live-seconds", type=float, default=60.0)
    ap.add_argument(
        "--probe", type=int, default=30, help="decisions probed per side (with, without live pages)"
    )
    ap.add_argument("--probe-viewers", type=int, default=100)
    ap.add_argument("--render-workers", type=int, default=1)
    ap.add_argument("--json", help="write the figures to this file")
    ap.add_argument("--profile", help="run the bot under cProfile, stats written here")
    ap.add_argument("--entry", default=SEEDED_BOT, help="the bot's entry point (module:func)")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (DB and bot log)")
    return ap


def main() -> None:
    args = parser().parse_args()
    if args.quick:
        args.page_seconds, args.live_seconds, args.probe = 10.0, 15.0, 12
    report = asyncio.run(asyncio.wait_for(run(args), 1200))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, default=str))


if __name__ == "__main__":
    main()
