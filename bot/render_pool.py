"""Render worker processes, each fed over a pair of pipes of its own, driven from the event loop.

Why not `concurrent.futures.ProcessPoolExecutor`: with the "spawn" start method (the only safe
one for a process that runs threads and an event loop) it starts multiprocessing's resource
tracker, a third Python process of ~13 MiB, and every job passes through two more threads of
the bot (a queue feeder and a manager), about a tenth of the bot's CPU per decision in the
end-to-end benchmark. Here a job uses no thread at all: the pickled call is written to an idle
worker's pipe, and the event loop reads the answer as it arrives (`loop.add_reader`). A thread
per job waiting on the pipe, as before, cost about 0.3 ms of the bot's CPU per drawing in thread
wake-ups and hand-overs (bench.e2e_load --probe).

A frame is a pickle, then raw bytes outside it: a drawn image's PNG travels raw (the bot reads
it straight into the bytes it posts; pickled, it was copied once more on each side), and a view
travels as the msgpack bytes the bot already made for its cache key (`bot.catalog`).

A worker is `python -m bot.render_worker <bot pid> <titles> <renderers>`: it imports only what
drawing needs, and exits when the bot is gone (its request pipe closes, or see
`bot.render_worker.watch_parent`). A worker that dies is started again for the next job; one
that dies before it ever answered (it cannot even load the titles) breaks the pool: the caller
then draws in a thread, and `alive()` says so."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import pickle
import struct
import subprocess
import sys
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, BinaryIO

from render.core import RenderedImage

log = logging.getLogger(__name__)

HEADER = struct.Struct("!QQ")  # every frame: its pickle's length and its raw bytes' length
STOP_WAIT = 5.0  # seconds a worker gets to exit after its pipe closes


class WorkerDied(RuntimeError):
    """The worker process ended before it answered (the job may be tried elsewhere)."""


def frame(obj: object, raw: bytes = b"") -> list[bytes]:
    """A frame's parts: header, pickle, raw bytes (written with one `writev`, so the reader
    wakes once for a whole answer, not once per part)."""
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    return [HEADER.pack(len(data), len(raw)), data, raw]


def write_parts(fd: int, parts: Sequence[bytes | memoryview]) -> list[memoryview]:
    """Write `parts` to `fd` (blocking: all of it); what is left (non-blocking: the pipe was
    full), as views into `parts`: a big request (a timelapse's frames, megabytes) goes out
    64 KiB per wake of the event loop, and copying what was left each time cost more than
    all the rest of a decision (12% of the bot's CPU in bench.e2e_load --probe, Mombasa)."""
    views = [memoryview(p) for p in parts if p]
    while views:
        try:
            done = os.writev(fd, views)
        except BlockingIOError:
            break
        while views and done >= len(views[0]):
            done -= len(views.pop(0))
        if views:
            views[0] = views[0][done:]
    return views


def write_frame(out: BinaryIO, obj: object, raw: bytes = b"") -> None:
    out.flush()
    write_parts(out.fileno(), frame(obj, raw))


def read_frame(inp: BinaryIO) -> tuple[Any, bytes]:
    """The next frame's object and raw bytes; EOFError when the other side is gone."""
    head = inp.read(HEADER.size)
    if len(head) < HEADER.size:
        raise EOFError
    size, raw_size = HEADER.unpack(head)
    data = inp.read(size)
    raw = inp.read(raw_size) if raw_size else b""
    if len(data) < size or len(raw) < raw_size:
        raise EOFError
    return pickle.loads(data), raw


def write_answer(out: BinaryIO, ok: bool, value: object) -> None:
    """A worker's answer: (ok, value); an image as (True, (its file name, its description)) and
    its bytes raw
    (only an image has raw bytes, and a PNG is never empty)."""
    if ok and isinstance(value, RenderedImage):
        write_frame(out, (ok, (value.filename, value.description)), value.data)
    else:
        write_frame(out, (ok, value))


def answer_of(obj: tuple[bool, Any], raw: bytes) -> tuple[bool, Any]:
    ok, value = obj
    return (True, RenderedImage(raw, *value)) if raw else (ok, value)


#: A board's PNG fits in a pipe this large (Linux's default is 64 KiB): the worker writes it in
#: one go and the event loop wakes once to read it, not once per 64 KiB; and a big request (a
#: timelapse's frames) goes in 1 MiB per wake of the event loop.
PIPE_SIZE = 1 << 20


def _widen(fd: int) -> None:
    """Make the pipe `PIPE_SIZE` bytes where the system allows (Linux; else as it is)."""
    with contextlib.suppress(ImportError, AttributeError, OSError):
        import fcntl  # (not on Windows)

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_SIZE)  # type: ignore[attr-defined]


class _Exchange:
    """One call to a worker, driven by the event loop's callbacks: write the request (waiting
    for room in the pipe if it is full), then read the answer's header, pickle and raw bytes as
    they arrive. It runs to its end even if the caller stops waiting (a cancelled drawing),
    so the pipe is never left holding half an answer; `done` is called with the outcome."""

    def __init__(
        self,
        worker: Worker,
        loop: asyncio.AbstractEventLoop,
        request: list[bytes],
        done: Callable[[tuple[bool, Any] | BaseException], None],
    ) -> None:
        self.worker, self.loop, self.done = worker, loop, done
        self.want, self.stage = HEADER.size, "header"
        self.chunks: list[bytes] = []
        self.got = 0
        self.obj: Any = None
        self.raw_size = 0
        self.left = write_parts(worker.request_fd, request)
        if self.left:
            loop.add_writer(worker.request_fd, self._writable)
        else:
            loop.add_reader(worker.answer_fd, self._readable)

    def _writable(self) -> None:
        try:
            self.left = write_parts(self.worker.request_fd, self.left)
        except OSError as e:
            self.loop.remove_writer(self.worker.request_fd)
            return self._end(WorkerDied(f"render worker {self.worker.process.pid} ended: {e}"))
        if not self.left:
            self.loop.remove_writer(self.worker.request_fd)
            self.loop.add_reader(self.worker.answer_fd, self._readable)

    def _readable(self) -> None:
        fd = self.worker.answer_fd
        while True:
            try:
                chunk = os.read(fd, self.want - self.got)
            except BlockingIOError:
                return
            except OSError as e:
                chunk = b""
                log.debug("reading a render worker's answer: %s", e)
            if not chunk:
                self.loop.remove_reader(fd)
                return self._end(WorkerDied(f"render worker {self.worker.process.pid} ended"))
            self.chunks.append(chunk)
            self.got += len(chunk)
            if self.got == self.want and self._next_stage():
                self.loop.remove_reader(fd)
                return self._end(answer_of(self.obj, self._take()))

    def _take(self) -> bytes:
        data = self.chunks[0] if len(self.chunks) == 1 else b"".join(self.chunks)
        self.chunks, self.got = [], 0
        return data

    def _next_stage(self) -> bool:
        """The part read so far is complete: go on to the next; True when the frame is done."""
        if self.stage == "header":
            size, self.raw_size = HEADER.unpack(self._take())
            self.stage, self.want = "pickle", size
            return False
        if self.stage == "pickle":
            self.obj = pickle.loads(self._take())
            if self.raw_size:
                self.stage, self.want = "raw", self.raw_size
                return False
            self.chunks = [b""]
        return True

    def _end(self, outcome: tuple[bool, Any] | BaseException) -> None:
        self.worker.answered = self.worker.answered or not isinstance(outcome, BaseException)
        self.done(outcome)


class Worker:
    """One worker process and the two pipes to it (requests in, answers out)."""

    def __init__(self, titles: list[str], renderers: list[str]) -> None:
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        args = [str(os.getpid()), str(to_child_r), str(from_child_w)]
        args += [json.dumps(titles), json.dumps(renderers)]
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "bot.render_worker", *args],
                pass_fds=(to_child_r, from_child_w),
                stdin=subprocess.DEVNULL,
            )
        finally:
            os.close(to_child_r)
            os.close(from_child_w)
        _widen(from_child_r)
        _widen(to_child_w)
        for fd in (to_child_w, from_child_r):
            with contextlib.suppress(OSError):  # (Windows: see `start`)
                os.set_blocking(fd, False)
        self.request_fd, self.answer_fd = to_child_w, from_child_r
        self.answered = False
        self.busy: asyncio.AbstractEventLoop | None = None  # the loop a call is running on
        self._done: Callable[[tuple[bool, Any] | BaseException], None] | None = None

    def start(
        self,
        loop: asyncio.AbstractEventLoop,
        fn: Callable[..., Any],
        args: tuple,
        done: Callable[[tuple[bool, Any] | BaseException], None],
    ) -> None:
        """Send `fn(*args)`; `done` gets (ok, value) or WorkerDied, once. A loop that cannot
        watch pipes (Windows' proactor) gets WorkerDied before any answer: the pool is then
        broken, and drawing happens in a thread."""
        self.busy, self._done = loop, done
        try:
            _Exchange(self, loop, frame((fn, args)), self._end)
        except (OSError, NotImplementedError) as e:  # (BrokenPipeError: it is gone)
            self._end(WorkerDied(f"render worker {self.process.pid} cannot be asked: {e!r}"))

    def _end(self, outcome: tuple[bool, Any] | BaseException) -> None:
        done, self.busy, self._done = self._done, None, None
        if done is not None:
            done(outcome)

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        """Close its pipes (it exits at once when idle) and reap it; a call under way ends
        with WorkerDied."""
        if self.busy is not None:
            if not self.busy.is_closed():
                self.busy.remove_reader(self.answer_fd)
                self.busy.remove_writer(self.request_fd)
            self._end(WorkerDied("the render pool was stopped"))
        for fd in (self.request_fd, self.answer_fd):
            with contextlib.suppress(OSError):
                os.close(fd)
        try:
            self.process.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class RenderPool:
    """`size` workers; a call waits (first come, first served) until one of them is idle."""

    def __init__(self, size: int, titles: list[str], renderers: list[str]) -> None:
        self._spec = (list(titles), list(renderers))
        self.workers = [Worker(*self._spec) for _ in range(size)]
        self._idle: deque[Worker] = deque(self.workers)
        self._waiting: deque[asyncio.Future[Worker]] = deque()
        self.broken = False
        self.closed = False

    async def call(self, fn: Callable[..., Any], *args: object) -> Any:
        """`fn(*args)` in a worker; WorkerDied if the worker ended before it answered."""
        worker = await self._take()
        if not worker.alive() and not self.broken:
            worker = self._replace(worker)
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[bool, Any]] = loop.create_future()

        def done(outcome: tuple[bool, Any] | BaseException) -> None:
            back = worker
            if isinstance(outcome, WorkerDied) and not self.closed:
                if not worker.answered:
                    self.broken = True
                else:  # (its process may not look dead yet: replace it now)
                    back = self._replace(worker)
            self._give_back(back)
            if answer.done() or answer.get_loop().is_closed():  # the caller stopped waiting
                return
            if isinstance(outcome, BaseException):
                answer.set_exception(outcome)
            else:
                answer.set_result(outcome)

        worker.start(loop, fn, args, done)
        ok, value = await answer
        if not ok:
            raise value
        return value

    async def _take(self) -> Worker:
        if self._idle:
            return self._idle.popleft()
        waiter = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        return await waiter

    def _give_back(self, worker: Worker) -> None:
        if self.closed:
            return
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done() and not waiter.get_loop().is_closed():
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    def _replace(self, dead: Worker) -> Worker:
        log.warning(
            "render worker %s had ended (code %s); starting another",
            dead.process.pid,
            dead.process.returncode,
        )
        dead.close()
        fresh = Worker(*self._spec)
        self.workers[self.workers.index(dead)] = fresh
        return fresh

    def alive(self) -> bool:
        return not self.broken and all(w.alive() for w in self.workers)

    def pids(self) -> list[int]:
        return [w.process.pid for w in self.workers]

    def shutdown(self) -> None:
        """Stop the workers; calls waiting for one, or running, end with WorkerDied."""
        self.closed = True
        for waiter in self._waiting:
            if not waiter.done() and not waiter.get_loop().is_closed():
                waiter.set_exception(WorkerDied("the render pool was stopped"))
        self._waiting.clear()
        for w in self.workers:
            w.close()
