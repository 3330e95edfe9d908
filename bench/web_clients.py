"""The web side of bench.web_load: viewers refreshing a game's page, live (server-sent events)
connections, and the matching of the moves committed to the events each connection received.

Every time is `time.perf_counter()` of this process, the clock the fake Discord stamps its
exchanges with, so a move's commit (seen by the fake) and an event's receipt compare."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urljoin

import aiohttp

from bench import proc
from bench.stats import summary
from tests.e2e.fake_discord import Exchange

BOARD = re.compile(r'<img src="([^"]+/board\.png)"')


@dataclass
class Views:
    """What the viewers measured: seconds to the first byte (the response's head), to the
    whole body, of the page and of the floor address, and of each new board image."""

    page: list[float] = field(default_factory=list)
    page_body: list[float] = field(default_factory=list)
    floor: list[float] = field(default_factory=list)
    images: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)


async def _get(session: aiohttp.ClientSession, url: str) -> tuple[int, float, float, bytes]:
    """Status, seconds to the head (aiohttp returns once the status line and headers are in:
    the first byte, as near as a client can tell), seconds to the whole body, the body."""
    t0 = time.perf_counter()
    async with session.get(url) as resp:
        t1 = time.perf_counter()
        body = await resp.read()
        return resp.status, t1 - t0, time.perf_counter() - t0, body


async def viewer(
    page_url: str, floor_url: str, until: float, refresh: float, rng: random.Random, out: Views
) -> None:
    """One person refreshing the page (about every `refresh` seconds; 0: back to back), with a
    floor request half-way between two refreshes, over one kept-alive connection as a browser
    would; a board image is fetched once per address (the page's images are cached for good)."""
    seen: set[str] = set()
    async with aiohttp.ClientSession() as session:
        await asyncio.sleep(rng.uniform(0, refresh))  # (the viewers do not all start at once)
        while time.perf_counter() < until:
            for url in (page_url, floor_url):
                try:
                    status, head, whole, body = await _get(session, url)
                except aiohttp.ClientError as exc:
                    out.errors[type(exc).__name__] += 1
                    continue
                if status != 200:
                    out.errors[f"HTTP {status}"] += 1
                elif url == floor_url:
                    out.floor.append(head)
                else:
                    out.page.append(head)
                    out.page_body.append(whole)
                    for img in BOARD.findall(body.decode(errors="replace")):
                        if img not in seen:
                            seen.add(img)
                            img = urljoin(page_url, img.replace("&amp;", "&"))
                            status, _, took, _ = await _get(session, img)
                            if status == 200:
                                out.images.append(took)
                            else:
                                out.errors[f"image HTTP {status}"] += 1
                if refresh:
                    await asyncio.sleep(rng.uniform(0.25, 0.75) * refresh)


async def view(
    page_url: str, floor_url: str, viewers: int, seconds: float, refresh: float
) -> Views:
    out = Views()
    until = time.perf_counter() + seconds
    rngs = [random.Random(i) for i in range(viewers)]
    await asyncio.gather(*(viewer(page_url, floor_url, until, refresh, r, out) for r in rngs))
    return out


async def one_at_a_time(pid: int, url: str, n: int) -> tuple[list[float], list[float]]:
    """`url` fetched `n` times, one at a time, over one connection: the bot's CPU seconds
    (every thread) and the seconds to the first byte of each."""
    cpu: list[float] = []
    head: list[float] = []
    async with aiohttp.ClientSession() as session:
        await _get(session, url)  # (the connection made, the caches warm)
        for _ in range(n):
            await asyncio.sleep(0.05)
            cpu0 = proc.cpu_ns(pid)
            status, took, _, _ = await _get(session, url)
            await asyncio.sleep(0.02)  # (the answer's last writes)
            assert status == 200, f"{url}: HTTP {status}"
            cpu.append((proc.cpu_ns(pid) - cpu0) / 1e9)
            head.append(took)
    return cpu, head


@dataclass
class Live:
    """One open live page: the events it received, (version, when)."""

    game_id: int
    events: list[tuple[int, float]] = field(default_factory=list)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    failed: str = ""


async def _follow(session: aiohttp.ClientSession, url: str, live: Live) -> None:
    try:
        async with session.get(url) as resp:
            if resp.status != 200:
                live.failed = f"HTTP {resp.status}"
                return
            async for line in resp.content:
                if line.startswith(b"data: "):
                    when = time.perf_counter()
                    live.events.append((json.loads(line[6:])["version"], when))
                elif line.startswith(b"retry:"):
                    live.ready.set()
    except aiohttp.ClientError as exc:
        live.failed = type(exc).__name__
    finally:
        live.ready.set()


class Audience:
    """Live connections opened over one unlimited connection pool; `close()` ends them."""

    def __init__(self) -> None:
        self.session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=0),
            timeout=aiohttp.ClientTimeout(total=None, sock_read=None, sock_connect=30),
        )
        self.lives: list[Live] = []
        self._tasks: list[asyncio.Task[None]] = []

    async def open(self, urls: dict[int, str], count: int, parallel: int = 50) -> float:
        """`count` connections spread evenly over the games of `urls` (game id -> live URL),
        `parallel` at a time; returns the seconds until every one had its first line."""
        t0 = time.perf_counter()
        games = list(urls)
        gate = asyncio.Semaphore(parallel)
        fresh = [Live(games[i % len(games)]) for i in range(count)]

        async def one(live: Live) -> None:
            async with gate:
                self._tasks.append(
                    asyncio.create_task(_follow(self.session, urls[live.game_id], live))
                )
                await live.ready.wait()

        await asyncio.gather(*(one(live) for live in fresh))
        self.lives += fresh
        return time.perf_counter() - t0

    def heard(self) -> int:
        """Events received so far, all connections together."""
        return sum(len(live.events) for live in self.lives)

    async def wait_heard(self, count: int, limit: float) -> None:
        """Until `heard()` reaches `count` (at most `limit` seconds)."""
        end = time.perf_counter() + limit
        while self.heard() < count and time.perf_counter() < end:
            await asyncio.sleep(0.002)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.session.close()


@dataclass(frozen=True)
class Move:
    """A committed decision: its game, when its deciding interaction was dispatched, and when
    the bot answered it (its first visible answer, sent only after the commit)."""

    game_id: int
    sent_at: float
    answered_at: float


def committed(game_id: int, ex: Exchange) -> Move:
    """The deciding interaction's answer: the callback when it came after the work (the usual
    case: it carries the result), else (deferred first) the first edit or follow-up."""
    answer = ex.answered_at if ex.deferred else ex.callback_at
    return Move(game_id, ex.sent_at, answer or ex.answered_at)


@dataclass
class Delivery:
    from_answer: list[float] = field(default_factory=list)
    from_dispatch: list[float] = field(default_factory=list)
    missed: int = 0
    moves: int = 0
    #: per move: (game id, version, dispatched at, its slowest connection's delay from the answer)
    worst: list[tuple[int, int, float, float]] = field(default_factory=list)


def deliveries(moves: list[Move], lives: list[Live], since: float, until: float) -> Delivery:
    """For each move dispatched in [since, until) on a followed game (`moves`: only those
    dispatched after every connection was open, in order): its version is the lowest
    one, above the previous move's, that any connection of the game heard after the dispatch;
    each connection's delay is to its first event of that version or later."""
    out = Delivery()
    by_game: dict[int, list[Live]] = {}
    for live in lives:
        if not live.failed:
            by_game.setdefault(live.game_id, []).append(live)
    last: dict[int, int] = {}
    for move in sorted(moves, key=lambda m: m.sent_at):
        followers = by_game.get(move.game_id, [])
        heard = [
            v
            for live in followers
            for v, when in live.events
            if when >= move.sent_at and v > last.get(move.game_id, -1)
        ]
        if not heard:
            if followers and since <= move.sent_at < until:
                out.missed += len(followers)
            continue
        version = last[move.game_id] = min(heard)
        if not since <= move.sent_at < until:
            continue
        out.moves += 1
        slowest = float("-inf")
        for live in followers:
            got = [when for v, when in live.events if v >= version and when >= move.sent_at]
            if not got:
                out.missed += 1
                continue
            out.from_answer.append(got[0] - move.answered_at)
            out.from_dispatch.append(got[0] - move.sent_at)
            slowest = max(slowest, got[0] - move.answered_at)
        out.worst.append((move.game_id, version, move.sent_at, slowest))
    return out


def ms(values: list[float]) -> dict[str, float]:
    return summary(values)


def line(name: str, s: dict, target: float | None = None, key: str = "p95") -> str:
    if not s.get("n"):
        return f"{name}: no samples"
    text = (
        f"{name}: n={s['n']} p50={s['median']:.1f} ms p95={s['p95']:.1f} ms max={s['max']:.1f} ms"
    )
    if target is not None:
        verdict = "met" if s[key] <= target else "MISSED"
        text += f"   [target {key} <= {target:g} ms: {verdict}]"
    return text


async def alone(pid: int, page: str, base: str) -> dict:
    """The page and the floor, one request at a time: the bot's CPU for each."""
    n = 30
    page_cpu, page_head = await one_at_a_time(pid, page, n)
    floor_cpu, floor_head = await one_at_a_time(pid, f"{base}/static/table.css", n)
    print(f"\none request at a time, no other load ({n} each):")
    print(line("  bot CPU per page", ms(page_cpu)))
    print(line("  bot CPU per floor request (/static/table.css)", ms(floor_cpu)))
    print(line("  page first byte, alone", ms(page_head)))
    print(line("  floor first byte, alone", ms(floor_head)))
    return {
        "alone_page_cpu": ms(page_cpu),
        "alone_floor_cpu": ms(floor_cpu),
        "alone_page_first_byte": ms(page_head),
        "alone_floor_first_byte": ms(floor_head),
    }
