"""Drawing off the loop (bot/catalog.py): the same state, or the same view, is drawn once, and
render workers die with the bot, however it dies."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot import catalog
from engine.tidewater import TITLE as TIDEWATER
from render.core import RenderedImage

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def counted(monkeypatch):
    """catalog.draw_board / draw_hand, counting the real draws (in a thread: no pool)."""
    catalog.load()
    catalog.stop_render_pool()
    catalog.images.clear()
    catalog.drawn.clear()
    calls: list[tuple] = []
    board, hand = catalog.draw_board, catalog.draw_hand

    def draw_board(slug, view, area=None, palette="standard"):
        calls.append(("board", slug, area) + (() if palette == "standard" else (palette,)))
        return board(slug, view, area, palette)

    def draw_hand(slug, view, seat, palette="standard"):
        calls.append(("hand", slug, seat) + (() if palette == "standard" else (palette,)))
        return hand(slug, view, seat, palette)

    monkeypatch.setattr(catalog, "draw_board", draw_board)
    monkeypatch.setattr(catalog, "draw_hand", draw_hand)
    yield calls
    catalog.images.clear()
    catalog.drawn.clear()


async def test_the_same_state_is_drawn_once(counted) -> None:
    state = TIDEWATER.setup(1, 3, {})
    data = TIDEWATER.encode(state)
    first = await catalog.draw_board_async("tidewater", data)
    again = await catalog.draw_board_async("tidewater", data)
    # the same state encoded afresh (another request, another process) hits the cache too
    third = await catalog.draw_board_async("tidewater", TIDEWATER.encode(TIDEWATER.decode(data)))
    assert first is again is third
    assert counted == [("board", "tidewater", None)]
    # an area of the same state, or a changed state, is drawn
    await catalog.draw_board_async("tidewater", data, 1)
    TIDEWATER.apply(state, TIDEWATER.prompts(state)[0].seat, _first_choice(state))
    changed = await catalog.draw_board_async("tidewater", TIDEWATER.encode(state))
    assert changed.data != first.data
    assert counted[1:] == [("board", "tidewater", 1), ("board", "tidewater", None)]


async def test_the_palette_is_part_of_what_is_cached(counted) -> None:
    """A high-contrast board (`/me palette`) is its own image: neither cache hands the standard
    one for it, nor the other way round; each is drawn once."""
    from engine.benares import TITLE as BENARES
    from engine.rng import Rng

    state = BENARES.setup(2, 2, {})
    while not state.companies[0].hand:  # (cards are dealt after the boats)
        seat = BENARES.prompts(state)[0].seat
        BENARES.apply(state, seat, BENARES.bot_choice(state, seat, Rng.from_seed(1)))
    data = BENARES.encode(state)
    board = await catalog.draw_board_async("benares", data)
    high = await catalog.draw_board_async("benares", data, None, "high")
    hand = await catalog.draw_hand_async("benares", data, 0, "high")
    assert high.data != board.data and hand is not None
    assert await catalog.draw_board_async("benares", data, None, "high") is high
    assert await catalog.draw_board_async("benares", data) is board
    catalog.images.clear()  # the bot's cache gone: the worker's (by view) still tells them apart
    assert (await catalog.draw_board_async("benares", data, None, "high")).data == high.data
    assert (await catalog.draw_board_async("benares", data)).data == board.data
    assert counted == [
        ("board", "benares", None),
        ("board", "benares", None, "high"),
        ("hand", "benares", 0, "high"),
    ]


async def test_a_state_changed_only_where_the_view_does_not_look_is_not_drawn_again(counted):
    """Benares: the deck's order, and which cards seat 1 holds, are hidden from the spectator
    view (the board is not drawn again) and from seat 0's own view (nor is its hand); seat 1's
    hand, which changed, is."""
    from engine.benares import TITLE as BENARES
    from engine.rng import Rng

    state = BENARES.setup(2, 2, {})
    while not (state.deck and state.companies[1].hand):  # (cards are dealt after the boats)
        seat = BENARES.prompts(state)[0].seat
        BENARES.apply(state, seat, BENARES.bot_choice(state, seat, Rng.from_seed(1)))
    board = await catalog.draw_board_async("benares", BENARES.encode(state))
    hands = [await catalog.draw_hand_async("benares", BENARES.encode(state), s) for s in (0, 1)]
    state.deck.reverse()
    hand = state.companies[1].hand
    swap = next(c for c in state.deck if c not in hand)
    hand[0], state.deck[state.deck.index(swap)] = swap, hand[0]
    data = BENARES.encode(state)
    assert await catalog.draw_board_async("benares", data) is board
    assert await catalog.draw_hand_async("benares", data, 0) is hands[0]
    again = await catalog.draw_hand_async("benares", data, 1)
    assert again is not None and hands[1] is not None
    assert counted == [
        ("board", "benares", None),
        ("hand", "benares", 0),
        ("hand", "benares", 1),
        ("hand", "benares", 1),
    ]


async def test_hands_are_cached_per_seat(counted) -> None:
    from engine.benares import TITLE as BENARES

    data = BENARES.encode(BENARES.setup(2, 2, {}))
    for seat in (0, 1):
        a = await catalog.draw_hand_async("benares", data, seat)
        b = await catalog.draw_hand_async("benares", data, seat)
        assert a is b
    assert counted == [("hand", "benares", 0), ("hand", "benares", 1)]


def test_the_image_cache_is_bounded() -> None:
    cache = catalog.ImageCache(entries=3, max_bytes=1000)
    for i in range(5):
        cache.put(("k", i), RenderedImage(data=b"x" * 100, filename="board.png"))
    assert len(cache) == 3 and cache.get(("k", 0)) == (False, None)
    assert cache.get(("k", 4))[0]
    cache.put(("big",), RenderedImage(data=b"x" * 900, filename="board.png"))
    assert cache.bytes <= 1000 and cache.get(("big",))[0]
    cache.put(("huge",), RenderedImage(data=b"x" * 5000, filename="board.png"))
    assert cache.get(("huge",)) == (False, None)


def _first_choice(state) -> str:
    from engine.rng import Rng

    seat = TIDEWATER.prompts(state)[0].seat
    return TIDEWATER.bot_choice(state, seat, Rng.from_seed(1))


# ---- what travels to a worker and back ---------------------------------------------------------
def _states_of_every_title():
    """States of every title through a short game played by automatic players."""
    from engine import registry
    from engine.rng import Rng

    catalog.load(["tests.titles.bazaar:TITLE"], ["tests.titles.bazaar_render:RENDERER"])
    for title in registry.all_titles():
        state = title.setup(5, 3, {})
        for n in range(40):
            if title.result(state) is not None:
                break
            if n % 10 == 0:
                yield title, state
            seat = title.prompts(state)[0].seat
            title.apply(state, seat, title.bot_choice(state, seat, Rng.from_seed(n)))


def test_a_state_sent_to_a_worker_gives_the_views_the_bot_had() -> None:
    """States travel encoded as their snapshots are; the views a worker draws from must equal
    the ones the bot would build, public and a seat's, for every title."""
    slugs = set()
    for title, state in _states_of_every_title():
        data = title.encode(state)
        assert catalog._view(title.slug, data, None) == title.view(state, None)
        assert catalog._view(title.slug, data, 1) == title.view(state, 1)
        slugs.add(title.slug)
    assert {"tidewater", "benares", "mombasa", "bazaar"} <= slugs


@pytest.fixture
def one_worker():
    """The titles loaded and a pool of one render worker, stopped afterwards."""
    catalog.load()
    catalog.images.clear()
    catalog.start_render_pool(1)
    yield
    catalog.stop_render_pool()
    catalog.images.clear()


async def test_a_board_drawn_by_a_worker_is_the_one_drawn_here(one_worker) -> None:
    """A drawn image comes back as its file name plus its bytes outside the pickle."""
    state = TIDEWATER.setup(4, 3, {})
    here = catalog.draw_board("tidewater", TIDEWATER.view(state, None))
    there = await catalog.draw_board_async("tidewater", TIDEWATER.encode(state))
    assert isinstance(there, RenderedImage) and there == here
    assert there.filename == "board.png" and there.data.startswith(b"\x89PNG")
    # its alt text comes with it, written from the same view
    assert there.description == TIDEWATER.alt_text(TIDEWATER.view(state, None))
    assert there.description.startswith("Tidewater Lines board. Round 1 of ")
    assert await catalog.off_loop(len, "abcd") == 4  # other answers are pickled whole


def test_a_view_that_does_not_encode_is_drawn_every_time(counted) -> None:
    """Where drawing runs, a view of plain data that msgpack cannot encode is drawn each time
    (no digest to know it by)."""
    view = TIDEWATER.view(TIDEWATER.setup(1, 3, {}), None)
    plain = object()
    first = catalog._unless_drawn(
        ("tidewater", "board"), plain, catalog.draw_board, "tidewater", view
    )
    second = catalog._unless_drawn(
        ("tidewater", "board"), plain, catalog.draw_board, "tidewater", view
    )
    assert first.data.startswith(b"\x89PNG") and first == second
    assert counted == [("board", "tidewater", None)] * 2
    assert len(catalog.drawn) == 0


# ---- the pool: errors, dead workers -----------------------------------------------------------
async def test_an_error_in_a_worker_reaches_the_caller_and_the_worker_stays(one_worker) -> None:
    import math

    (pid,) = catalog.worker_pids()
    with pytest.raises(ValueError, match="math domain error"):
        await catalog.off_loop(math.sqrt, -1.0)
    assert await catalog.off_loop(math.sqrt, 4.0) == 2.0
    assert catalog.worker_pids() == [pid] and catalog.workers_alive()


async def test_a_dead_worker_is_replaced_for_the_next_drawing(one_worker) -> None:
    data = TIDEWATER.encode(TIDEWATER.setup(3, 3, {}))
    (pid,) = catalog.worker_pids()
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while catalog.workers_alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not catalog.workers_alive()
    image = await catalog.draw_board_async("tidewater", data)
    assert image.data.startswith(b"\x89PNG")
    (fresh,) = catalog.worker_pids()
    assert fresh != pid and catalog.workers_alive()


async def test_a_worker_that_cannot_load_the_titles_breaks_the_pool() -> None:
    from bot.render_pool import RenderPool, WorkerDied

    pool = RenderPool(1, ["no_such_module_here:TITLE"], [])
    try:
        with pytest.raises(WorkerDied):
            await asyncio.wait_for(pool.call(catalog._ready), 30)
        assert pool.broken and not pool.alive()
    finally:
        pool.shutdown()


async def test_with_a_broken_pool_drawing_happens_in_a_thread(monkeypatch) -> None:
    from bot.render_pool import RenderPool

    catalog.load()
    catalog.stop_render_pool()
    monkeypatch.setattr(catalog, "_pool", RenderPool(1, ["no_such_module_here:TITLE"], []))
    try:
        catalog._pool.broken = True
        before = list(catalog._pool.workers)
        assert await catalog.off_loop(len, "abc") == 3
        assert catalog._pool.workers == before  # no worker was asked (none started again)
        assert not catalog.workers_alive()
    finally:
        catalog._pool.shutdown()


def test_stopping_the_pool_ends_its_workers() -> None:
    catalog.start_render_pool(2)
    pids = catalog.worker_pids()
    assert len(pids) == 2
    started = {pid: _processes()[pid][2] for pid in pids}
    catalog.stop_render_pool()
    assert not any(_alive(pid, t) for pid, t in started.items())
    assert catalog.worker_pids() == [] and catalog.render_workers() == 0


# ---- workers die with the bot -----------------------------------------------------------------
BOT = """
import asyncio, os, sys
import discord, sqlalchemy  # a bot's own imports: a worker must not import them again
from bot import catalog
from engine.tidewater import TITLE

if __name__ == "__main__":
    catalog.load()
    catalog.start_render_pool(1)
    state = TITLE.encode(TITLE.setup(1, 3, {}))
    image = asyncio.run(catalog.draw_board_async("tidewater", state))
    assert image.data.startswith(b"\\x89PNG")
    print("ready", flush=True)
    sys.stdin.read()  # until killed
"""


def _processes() -> dict[int, tuple[int, str, str]]:
    """pid -> (parent pid, state, start time) of every process we can see."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        out[int(entry.name)] = (int(fields[1]), fields[0], fields[19])
    return out


def _descendants(root: int) -> dict[int, str]:
    procs = _processes()
    found: dict[int, str] = {}
    todo = [root]
    while todo:
        parent = todo.pop()
        for pid, (ppid, _, started) in procs.items():
            if ppid == parent and pid not in found:
                found[pid] = started
                todo.append(pid)
    return found


def _alive(pid: int, started: str) -> bool:
    info = _processes().get(pid)
    return info is not None and info[2] == started and info[1] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_render_workers_exit_when_the_bot_is_killed(tmp_path) -> None:
    script = tmp_path / "bot_like.py"
    script.write_text(BOT)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    bot = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = bot.stdout.readline()
        assert line.strip() == "ready", bot.stderr.read()
        children = _descendants(bot.pid)
        assert children, "the pool started no worker"
        workers = [
            p for p in children if b"bot.render_worker" in Path(f"/proc/{p}/cmdline").read_bytes()
        ]
        assert workers
        for pid in workers:  # the worker imported what drawing needs, not the bot's script
            maps = Path(f"/proc/{pid}/maps").read_text()
            assert "_imaging" in maps
            assert "sqlalchemy" not in maps and "aiohttp" not in maps
        os.kill(bot.pid, signal.SIGKILL)
        bot.wait(10)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            left = [pid for pid, started in children.items() if _alive(pid, started)]
            if not left:
                break
            time.sleep(0.1)
        assert not left, f"still running after the bot died: {left}"
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait(10)
        for pipe in (bot.stdin, bot.stdout, bot.stderr):
            pipe.close()


PARENT = """
import os, subprocess, sys
child = subprocess.Popen([sys.executable, "-c", sys.argv[1], str(os.getpid())])
print(child.pid, flush=True)
sys.stdin.read()
"""
CHILD = """
import sys, time
sys.platform = "elsewhere"  # no parent-death signal: the polling thread alone
from bot import render_worker
render_worker.DEATH_POLL = 0.05
render_worker.watch_parent(int(sys.argv[1]))
time.sleep(60)
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_without_the_death_signal_a_worker_still_notices() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, CHILD],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        child = int(parent.stdout.readline())
        started = _processes()[child][2]
        time.sleep(0.5)  # (it imports bot.catalog, then watches)
        assert _alive(child, started)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 5
        while _alive(child, started) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(child, started)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait(10)
        parent.stdin.close()
        parent.stdout.close()
