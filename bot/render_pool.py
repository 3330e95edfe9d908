"""Render worker processes, each fed over a pair of pipes of its own.

Why not `concurrent.futures.ProcessPoolExecutor`: with the "spawn" start method (the only safe
one for a process that runs threads and an event loop) it starts multiprocessing's resource
tracker, a third Python process of ~13 MiB, and every job passes through two more threads of
the bot (a queue feeder and a manager), about a tenth of the bot's CPU per decision in the
end-to-end benchmark. Here a job is one thread hop: a thread of a small pool, one per worker,
writes the pickled call to an idle worker's pipe and waits for its answer.

A frame is a pickle, then raw bytes outside it: a drawn image's PNG travels raw (the bot reads
it straight into the bytes it posts; pickled, it was copied once more on each side), and a view
travels as the msgpack bytes the bot already made for its cache key (`bot.catalog`).

A worker is `python -m bot.render_worker <bot pid> <titles> <renderers>`: it imports only what
drawing needs, and exits when the bot is gone (its request pipe closes, or see
`bot.render_worker.watch_parent`). A worker that dies is started again for the next job; one
that dies before it ever answered (it cannot even load the titles) breaks the pool: the caller
then draws in a thread, and `alive()` says so."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import pickle
import queue
import struct
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, BinaryIO

from render.core import RenderedImage

log = logging.getLogger(__name__)

HEADER = struct.Struct("!QQ")  # every frame: its pickle's length and its raw bytes' length
STOP_WAIT = 5.0  # seconds a worker gets to exit after its pipe closes


class WorkerDied(RuntimeError):
    """The worker process ended before it answered (the job may be tried elsewhere)."""


def write_frame(out: BinaryIO, obj: object, raw: bytes = b"") -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(HEADER.pack(len(data), len(raw)))
    out.write(data)
    if raw:
        out.write(raw)
    out.flush()


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
    """A worker's answer: (ok, value); an image as (True, its file name) and its bytes raw
    (only an image has raw bytes, and a PNG is never empty)."""
    if ok and isinstance(value, RenderedImage):
        write_frame(out, (ok, value.filename), value.data)
    else:
        write_frame(out, (ok, value))


def read_answer(inp: BinaryIO) -> tuple[bool, Any]:
    (ok, value), raw = read_frame(inp)
    return (True, RenderedImage(raw, value)) if raw else (ok, value)


#: A board's PNG fits in a pipe this large (Linux's default is 64 KiB): the worker writes it in
#: one go and the bot's thread wakes once to read it, not once per 64 KiB.
PIPE_SIZE = 1 << 20


def _widen(fd: int) -> None:
    """Make the pipe `PIPE_SIZE` bytes where the system allows (Linux; else as it is)."""
    with contextlib.suppress(ImportError, AttributeError, OSError):
        import fcntl  # (not on Windows)

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_SIZE)  # type: ignore[attr-defined]


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
        self.requests = os.fdopen(to_child_w, "wb")
        self.answers = os.fdopen(from_child_r, "rb")
        self.answered = False

    def call(self, fn: Callable[..., Any], args: tuple) -> Any:
        try:
            write_frame(self.requests, (fn, args))
            ok, value = read_answer(self.answers)
        except (EOFError, BrokenPipeError, OSError) as e:
            raise WorkerDied(f"render worker {self.process.pid} ended") from e
        self.answered = True
        if not ok:
            raise value
        return value

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        """Close its pipes (it exits at once when idle) and reap it."""
        for pipe in (self.requests, self.answers):
            with contextlib.suppress(OSError):
                pipe.close()
        try:
            self.process.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class RenderPool:
    """`size` workers and as many threads; a job waits in the thread pool's queue until one of
    them is free (first come, first served)."""

    def __init__(self, size: int, titles: list[str], renderers: list[str]) -> None:
        self._spec = (list(titles), list(renderers))
        self.workers = [Worker(*self._spec) for _ in range(size)]
        self._idle: queue.SimpleQueue[Worker] = queue.SimpleQueue()
        for w in self.workers:
            self._idle.put(w)
        self._threads = ThreadPoolExecutor(max_workers=size, thread_name_prefix="render")
        self.broken = False

    def submit(self, fn: Callable[..., Any], *args: object) -> Future[Any]:
        return self._threads.submit(self._run, fn, args)

    def _run(self, fn: Callable[..., Any], args: tuple) -> Any:
        worker = self._idle.get()  # (there are as many workers as threads: never waits)
        try:
            if not worker.alive():
                worker = self._replace(worker)
            try:
                return worker.call(fn, args)
            except WorkerDied:
                if not worker.answered:
                    self.broken = True
                raise
        finally:
            self._idle.put(worker)

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
        """Drop the jobs not started, finish the running ones, then stop the workers."""
        self._threads.shutdown(wait=True, cancel_futures=True)
        for w in self.workers:
            w.close()
