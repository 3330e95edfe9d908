"""A render worker process (started by `bot.render_pool`): answers pickled calls, one at a time.

    python -m bot.render_worker <bot pid> <request fd> <answer fd> <titles json> <renderers json>

It loads the same titles and renderers as the bot and imports nothing else of it (no Discord,
no database): only what the functions it is asked to run need."""

from __future__ import annotations

import ctypes
import json
import logging
import os
import signal
import sys
import threading
import time

from bot import catalog
from bot.render_pool import read_frame, write_answer

log = logging.getLogger(__name__)

DEATH_POLL = 0.5  # seconds between a worker's checks that the bot is still there
_DEATH_SIGNAL = signal.SIGUSR2
_PR_SET_PDEATHSIG = 1


def watch_parent(parent: int) -> None:
    """Exit this process when `parent` is no longer its parent.

    Between jobs the worker notices at once (its request pipe closes); during a long job
    (a timelapse) it would not. On Linux the kernel signals the worker the moment its parent
    dies (PR_SET_PDEATHSIG); that also fires when the parent *thread* that started the worker
    ends, so the handler checks that the parent really changed. A thread polling the parent's
    pid covers everything else (other systems, a signal that could not be set)."""

    def gone() -> bool:
        return os.getppid() != parent

    def on_signal(signum: int, frame: object) -> None:
        if gone():
            os._exit(0)

    if sys.platform.startswith("linux"):
        try:
            signal.signal(_DEATH_SIGNAL, on_signal)
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(_PR_SET_PDEATHSIG, int(_DEATH_SIGNAL), 0, 0, 0) != 0:
                log.debug("prctl(PR_SET_PDEATHSIG) failed: errno %s", ctypes.get_errno())
        except (OSError, AttributeError, ValueError):
            log.debug("no parent-death signal; polling only", exc_info=True)
    if gone():  # the bot died before the signal was set up
        os._exit(0)

    def poll() -> None:
        while not gone():
            time.sleep(DEATH_POLL)
        os._exit(0)

    threading.Thread(target=poll, name="render-parent-watch", daemon=True).start()


def serve(requests_fd: int, answers_fd: int) -> None:
    """Answer calls until the bot closes the request pipe."""
    with os.fdopen(requests_fd, "rb") as requests, os.fdopen(answers_fd, "wb") as answers:
        while True:
            try:
                (fn, args), _ = read_frame(requests)
            except EOFError:
                return
            try:
                ok, value = True, fn(*args)
            except Exception as e:  # the bot re-raises it
                ok, value = False, e
            try:
                write_answer(answers, ok, value)
            except BrokenPipeError:
                return
            except Exception as e:  # (the exception itself would not pickle)
                write_answer(answers, False, RuntimeError(f"{type(e).__name__}: {e}"))


def main(argv: list[str]) -> None:
    parent, requests_fd, answers_fd = (int(a) for a in argv[:3])
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the bot's to handle
    watch_parent(parent)
    catalog.load(json.loads(argv[3]), json.loads(argv[4]))
    serve(requests_fd, answers_fd)


if __name__ == "__main__":
    main(sys.argv[1:])
