"""Per-decision CPU of the bot process and its render workers, measured one decision at a time.

Under load, many decisions overlap, so the bot's CPU can only be divided by their number. Here
one game is played alone: before a decision the CPU of the bot (every live thread, nanoseconds
from /proc/<pid>/task/*/schedstat) and of its render workers is read; the decision is taken
(menus, steps, autocomplete, the commit, the board, the post, stripping the old message, DMs);
once "Discord" has seen no request for a moment, the CPU is read again. The same is done for
the floor command, so the two can be compared.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench import proc
from engine.core import CHAIN, REPEAT
from tests.e2e.driver import Table, is_refusal
from tests.e2e.fake_discord import FakeDiscord

#: The real bot with its games' seeds fixed (bench/entries/seeded_bot.py: the directory goes on
#: PYTHONPATH after the checkout that runs), so that runs play the same games.
ENTRIES = Path(__file__).resolve().parent / "entries"
SEEDED_BOT = "seeded_bot:main"

#: No request to the fake for this long: the bot is done with what the last interaction caused.
QUIET = 0.15


def random_forward(rng: random.Random) -> Callable[[Sequence[str]], str]:
    """A person who picks any choice that moves on (never "back"/"cancel"), like the
    automatic player's random walk through the menus."""

    def pick(choices: Sequence[str]) -> str:
        forward = [c for c in choices if c not in ("back", "cancel")]
        return rng.choice(forward or list(choices))

    return pick


def plain_forward(rng: random.Random) -> Callable[[Sequence[str]], str]:
    """`random_forward` that never picks a chain (one choice making several moves:
    engine.core.CHAIN): every decision is one move, as in a version without chains."""
    forward = random_forward(rng)

    def pick(choices: Sequence[str]) -> str:
        plain = [c for c in choices if CHAIN not in c and REPEAT not in c]
        return forward(plain or list(choices))

    return pick


async def settle(fake: FakeDiscord, quiet: float = QUIET, limit: float = 10.0) -> None:
    """Wait until no request reached the fake for `quiet` seconds (at most `limit`)."""
    end = time.perf_counter() + limit
    seen = len(fake.requests)
    last = time.perf_counter()
    while time.perf_counter() < end:
        await asyncio.sleep(quiet / 5)
        if len(fake.requests) != seen:
            seen, last = len(fake.requests), time.perf_counter()
        elif time.perf_counter() - last >= quiet:
            return


async def idle(pid: int, quiet: float = 0.3, limit: float = 120.0) -> None:
    """Wait until the bot and its render workers use under 2% of a core for `quiet` seconds (at
    most `limit`): a finished game's background work (its timelapse, drawn and posted long
    after the final standings) is over."""
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        workers = _workers(pid)
        before = sum(_cpu(pid, workers))
        await asyncio.sleep(quiet)
        if sum(_cpu(pid, workers)) - before < 0.02 * quiet * 1e9:
            return


def _workers(pid: int) -> list[int]:
    return [c for c in proc.descendants(pid) if proc.kind(c) == "render worker"]


def _cpu(pid: int, workers: list[int]) -> tuple[int, int]:
    total = 0
    for w in workers:
        try:
            total += proc.cpu_ns(w)
        except FileNotFoundError:
            continue
    return proc.cpu_ns(pid), total


async def decide(table: Table, user: str, mode: str, policy: Callable) -> None:
    """One decision by `user`: with `/play` (mode "command") or the turn message's components."""
    if mode == "command":
        ex = await table.play_command(user, policy)
    else:
        ex = await table.play_components(user, policy)
    assert not is_refusal(ex), f"refused: {ex.text()}"


async def probe_decisions(
    fake: FakeDiscord,
    pid: int,
    new_table: Callable[[], Table],
    title: str,
    decisions: int,
    bots: int,
    options: dict[str, str],
    seed: int,
) -> dict[str, list[Any]]:
    """Take `decisions` decisions one by one, in games opened at `new_table()` one after the
    other. Returns bot and worker CPU seconds per decision, interactions and REST requests per
    decision, the bot's CPU seconds of each game's set-up, of each game's last decision, and of
    its end with its background work (the timelapse: waited for before the next game, so that
    it is counted there and not in the decisions it would overlap),
    and (under "routes") how many requests each route got in all."""
    await idle(pid)  # (the load before may have left a timelapse to draw)
    rng = random.Random(seed)
    policy = random_forward(rng)
    out: dict[str, list] = {
        "bot": [],
        "workers": [],
        "interactions": [],
        "requests": [],
        "setup": [],  # bot CPU of opening, joining and starting a game
        "last": [],  # bot CPU of the decisions that ended a game (standings, statistics)
        # ... and all it set off in the background (the timelapse): not in anyone's decision
        "end": [],
    }
    routes: Counter[str] = Counter()
    table: Table | None = None
    while len(out["bot"]) < decisions:
        if table is None or table.finished():
            table = new_table()
            seats = len(table.players) + bots
            bot0 = proc.cpu_ns(pid)
            await table.open(table.players[0], title=title, seats=seats, bots=bots, **options)
            await table.join_all()
            await table.start()
            await settle(fake)
            out["setup"].append((proc.cpu_ns(pid) - bot0) / 1e9)
            workers = _workers(pid)
            continue
        user = table.waiting()[0]
        before_ex, before_req = len(fake.exchanges), len(fake.requests)
        bot0, w0 = _cpu(pid, workers)
        await decide(table, user, "command" if rng.random() < 0.25 else "components", policy)
        await settle(fake)
        bot1, w1 = _cpu(pid, workers)
        out["bot"].append((bot1 - bot0) / 1e9)
        if table.finished():
            out["last"].append((bot1 - bot0) / 1e9)
            await idle(pid)
            out["end"].append((proc.cpu_ns(pid) - bot0) / 1e9)
        out["workers"].append((w1 - w0) / 1e9)
        out["interactions"].append(len(fake.exchanges) - before_ex)
        made = fake.requests[before_req:]
        out["requests"].append(len(made))
        routes.update(
            f"{r.method} {re.sub(r'[0-9]{3,}|itok[.][^/]+', '{id}', r.path)}" for r in made
        )
    out["routes"] = sorted(routes.items(), key=lambda kv: -kv[1])
    return out


async def probe_floor(
    fake: FakeDiscord, pid: int, channel: int, user: str, title: str, n: int
) -> dict[str, list[float]]:
    """`/game rules title:<title>` n times, one at a time: bot CPU and round trip of each."""
    out: dict[str, list[float]] = {"bot": [], "rtt": []}
    for _ in range(n):
        await settle(fake)
        bot0 = proc.cpu_ns(pid)
        ex = await fake.slash(user, channel, "game", "rules", title=title, timeout=30)
        assert not is_refusal(ex), ex.text()
        await settle(fake)
        out["bot"].append((proc.cpu_ns(pid) - bot0) / 1e9)
        out["rtt"].append(ex.answered_at - ex.sent_at)
    return out
