"""The render pool's pipes (bot/render_pool.py), driven by the event loop without threads:
frames of any size arrive whole, a caller that stops waiting never leaves half an answer in a
pipe, calls wait their turn for a worker, and a worker that dies mid-call is reported."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest

from bot.render_pool import PIPE_SIZE, RenderPool, WorkerDied
from render.core import RenderedImage


@pytest.fixture
def pool():
    """A pool of one worker that loads no title (the calls below need none)."""
    made = RenderPool(1, [], [])
    yield made
    made.shutdown()


async def test_frames_larger_than_the_pipes_arrive_whole(pool) -> None:
    """A request and an answer three times the pipe's size: the request waits for room in
    the pipe, the answer is read in as many pieces as it arrives in."""
    data = os.urandom(3 * PIPE_SIZE)
    got = await asyncio.wait_for(pool.call(RenderedImage, data, "big.png"), 30)
    assert isinstance(got, RenderedImage)
    assert got.filename == "big.png" and got.data == data
    assert await pool.call(len, "abc") == 3  # and the pipes are clean afterwards


async def test_a_caller_that_stops_waiting_leaves_the_worker_ready(pool) -> None:
    """The answer to a cancelled call is read and dropped; the next call gets its own."""
    waited = asyncio.ensure_future(pool.call(time.sleep, 0.3))
    await asyncio.sleep(0.05)
    waited.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waited
    assert await asyncio.wait_for(pool.call(len, "abcd"), 30) == 4
    assert pool.alive()


async def test_calls_wait_for_the_worker_in_turn(pool) -> None:
    got = await asyncio.wait_for(asyncio.gather(*(pool.call(len, "x" * n) for n in range(8))), 30)
    assert got == list(range(8))


async def test_a_worker_killed_during_a_call_is_reported_and_replaced(pool) -> None:
    await pool.call(len, "")  # it has answered once: its death does not break the pool
    (pid,) = pool.pids()
    call = asyncio.ensure_future(pool.call(time.sleep, 30))
    await asyncio.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(WorkerDied):
        await asyncio.wait_for(call, 10)
    assert not pool.broken
    assert await asyncio.wait_for(pool.call(len, "ab"), 30) == 2
    assert pool.pids() != [pid]


async def test_stopping_the_pool_ends_a_call_under_way() -> None:
    pool = RenderPool(1, [], [])
    call = asyncio.ensure_future(pool.call(time.sleep, 30))
    await asyncio.sleep(0.1)
    pool.shutdown()
    with pytest.raises(WorkerDied):
        await asyncio.wait_for(call, 10)


def test_what_a_full_pipe_leaves_is_a_view_of_the_request_not_a_copy() -> None:
    """A request bigger than the pipe: what could not be written yet is returned as views
    into the request's own bytes (a copy of megabytes per wake of the event loop was most of
    the bot's CPU while a timelapse was sent), and writing them later finishes the request."""
    from bot.render_pool import write_parts

    r, w = os.pipe()
    os.set_blocking(w, False)
    try:
        data = os.urandom(4 * PIPE_SIZE)
        left = write_parts(w, [b"head", data])
        assert left and all(isinstance(v, memoryview) for v in left)
        assert left[-1].obj is data  # the request itself, not a copy of it
        received = bytearray()
        while left:
            received += os.read(r, 1 << 20)
            left = write_parts(w, left)
        while len(received) < len(data) + 4:
            received += os.read(r, 1 << 20)
        assert bytes(received) == b"head" + data
    finally:
        os.close(r)
        os.close(w)
