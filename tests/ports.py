"""Free loopback ports for what a test starts on a port of its own choosing (the bot's WEB_PORT
and METRICS_PORT, the health server) and for a port nothing listens on.

Asking the kernel for one (bind to port 0, close, hand the number on) leaves a moment in which
anything else may take it, and in a parallel run (pytest-xdist) something else is always busy:
another worker's fake Discord, aiohttp test server or outgoing connection gets its port from
that same ephemeral range. So the ports come from below it instead (20000-31999; the ephemeral
range is 32768-60999 on Linux, 49152-65535 on macOS and Windows), a block of its own for each
worker, taken in turn from a random place in the block, each one checked free when handed out."""

from __future__ import annotations

import itertools
import os
import random
import socket

HOST = "127.0.0.1"
FIRST = 20000
BLOCK = 500
BLOCKS = 24

_next = itertools.count(random.randrange(BLOCK))


def _block() -> int:
    """This process's block: its pytest-xdist worker number (gw0, gw1, ...), else 0."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker[2:]) % BLOCKS if worker[2:].isdigit() else 0


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind((HOST, port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A loopback port nothing is bound to, not handed out by this process lately (a server
    started on the last one may still be closing)."""
    base = FIRST + _block() * BLOCK
    for _ in range(BLOCK):
        port = base + next(_next) % BLOCK
        if _free(port):
            return port
    raise OSError(f"no free loopback port in {base}-{base + BLOCK - 1}")
