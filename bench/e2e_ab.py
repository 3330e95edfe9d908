"""Bot CPU per decision of two versions of the bot, measured side by side.

    .venv/bin/python -m bench.e2e_ab --base /path/to/other/checkout --title tidewater

This machine's speed drifts by more than the changes worth measuring, so two bots run at
once, each against a fake Discord of its own: the checkout at `--base` and this one. They
play the same games (their seeds fixed: bench/entries/seeded_bot.py), one decision each in
turn (as `bench.e2e_probe` takes them), so a swing of the machine hits both alike; a game's end waits until its background work (the
timelapse) is done, so it overlaps no decision of either side. Reported: each side's median
bot CPU per committed decision and the ratio of this one to the base, per round of `--round`
decisions too.
`--plain`: the players never pick a chain (engine.core.CHAIN), so each decision is one move on
both sides (against a version without chains, a chain would count several moves as one).
A checkout to compare with: `git worktree add /tmp/base <commit>`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
from pathlib import Path

from bench import proc
from bench.e2e_probe import (
    ENTRIES,
    SEEDED_BOT,
    decide,
    idle,
    plain_forward,
    random_forward,
    settle,
)
from bench.stored import OPTIONS
from tests.e2e.driver import Table
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import ROOT, BotProcess


class Side:
    """One bot and the games it plays, one decision at a time."""

    def __init__(self, name: str, root: Path, title: str, seed: int, plain: bool = False) -> None:
        self.name, self.root, self.title, self.seed = name, root, title, seed
        self.rng = random.Random(seed)
        self.policy = (plain_forward if plain else random_forward)(self.rng)
        self.cpu: list[float] = []
        self.table: Table | None = None
        self.games = 0

    async def start(self) -> None:
        self.fake = await FakeDiscord().start()
        workdir = Path(tempfile.mkdtemp(prefix=f"boardroom-ab-{self.name}-"))
        self.bot = BotProcess(
            self.fake, workdir, entry=SEEDED_BOT, env={"RENDER_WORKERS": "1"}, root=self.root
        )
        self.bot.env["PYTHONPATH"] = os.pathsep.join((str(self.root), str(ENTRIES)))
        self.bot.env["BENCH_GAME_SEED"] = str(self.seed)
        await self.bot.start()
        await asyncio.sleep(2.5)  # discord.py's start-up (guild ready timeout)

    async def stop(self) -> None:
        await self.bot.stop()
        await self.fake.stop()

    async def decision(self) -> None:
        """One committed decision (a new game first when the last one ended)."""
        if self.table is None or self.table.finished():
            self.games += 1
            self.table = Table(
                self.fake, self.fake.add_channel(f"ab-{self.games}"), ["alice", "bob"]
            )
            await self.table.open(
                "alice", title=self.title, seats=3, bots=1, **OPTIONS.get(self.title, {})
            )
            await self.table.join_all()
            await self.table.start()
            await settle(self.fake)
        user = self.table.waiting()[0]
        before = proc.cpu_ns(self.bot.pid)
        mode = "command" if self.rng.random() < 0.25 else "components"
        await decide(self.table, user, mode, self.policy)
        await settle(self.fake)
        self.cpu.append((proc.cpu_ns(self.bot.pid) - before) / 1e9)
        if self.table.finished():  # its timelapse is drawn before either side goes on
            await idle(self.bot.pid)


def median_ms(xs: list[float]) -> float:
    return statistics.median(xs) * 1e3


async def run(args: argparse.Namespace) -> None:
    base = Side("base", Path(args.base).resolve(), args.title, args.seed, args.plain)
    this = Side("this", Path(args.this).resolve(), args.title, args.seed, args.plain)
    for side in (base, this):
        await side.start()
    try:
        for _ in range(args.warmup):
            await base.decision()
            await this.decision()
        base.cpu.clear()
        this.cpu.clear()
        for i in range(args.decisions):
            first, second = (base, this) if i % 2 == 0 else (this, base)
            await first.decision()
            await second.decision()
            if (i + 1) % args.round == 0:
                b, t = base.cpu[-args.round :], this.cpu[-args.round :]
                print(
                    f"  decisions {i + 2 - args.round}-{i + 1}: base {median_ms(b):.2f} ms, "
                    f"this {median_ms(t):.2f} ms ({median_ms(t) / median_ms(b):.2f}x)",
                    flush=True,
                )
    finally:
        for side in (base, this):
            await side.stop()
    base_ms, this_ms = median_ms(base.cpu), median_ms(this.cpu)
    print(
        f"{args.title}, {len(this.cpu)} decisions each: bot CPU per committed decision, median "
        f"base {base_ms:.2f} ms ({args.base}), this {this_ms:.2f} ms: {this_ms / base_ms:.2f}x"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="the other checkout (a git worktree)")
    ap.add_argument("--this", default=str(ROOT), help="the checkout compared with it")
    ap.add_argument(
        "--title", default="bazaar", choices=("bazaar", "tidewater", "benares", "mombasa")
    )
    ap.add_argument("--decisions", type=int, default=150)
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--round", type=int, default=50, help="report a median every N decisions")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument(
        "--plain",
        action="store_true",
        help="never pick a chain (one choice making several moves), so that every decision is "
        "one move on both sides, as against a version without chains",
    )
    asyncio.run(asyncio.wait_for(run(ap.parse_args()), 1800))


if __name__ == "__main__":
    main()
