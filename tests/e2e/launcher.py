"""Run the real bot against the fake Discord: `python tests/e2e/launcher.py <port> [module:func]`.

Points discord.py's REST base and gateway at 127.0.0.1:<port>, refuses any connection to a
non-loopback address (so a test can never reach the internet), then calls the entry point
(default `bot.__main__:main`) unchanged. Configuration comes from the environment, as in
production.
"""

from __future__ import annotations

import importlib
import ipaddress
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path

LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1", "ip6-localhost"}


def _is_loopback(host: object) -> bool:
    if host is None:
        return True  # AI_PASSIVE / local binds
    if isinstance(host, bytes):
        host = host.decode()
    host = str(host)
    if host in LOOPBACK_NAMES or host.startswith("/"):  # unix socket paths are local too
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


def guard_network() -> None:
    """Make name resolution and connects to anything but loopback fail loudly."""
    real_getaddrinfo = socket.getaddrinfo
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex

    def getaddrinfo(host, *args, **kwargs):  # type: ignore[no-untyped-def]
        if not _is_loopback(host):
            raise OSError(f"e2e launcher: refusing to resolve non-loopback host {host!r}")
        return real_getaddrinfo(host, *args, **kwargs)

    def check(address: object) -> None:
        if isinstance(address, tuple) and not _is_loopback(address[0]):
            raise OSError(f"e2e launcher: refusing to connect to {address!r}")

    def connect(self, address):  # type: ignore[no-untyped-def]
        check(address)
        return real_connect(self, address)

    def connect_ex(self, address):  # type: ignore[no-untyped-def]
        check(address)
        return real_connect_ex(self, address)

    socket.getaddrinfo = getaddrinfo  # type: ignore[assignment]
    socket.socket.connect = connect  # type: ignore[method-assign]
    socket.socket.connect_ex = connect_ex  # type: ignore[method-assign]


def die_with_parent() -> None:
    """Exit if the process that started us (the test run) goes away, so an interrupted test
    run never leaves a bot behind reconnecting forever."""
    import threading
    import time

    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(3)

    threading.Thread(target=watch, name="e2e-parent-watch", daemon=True).start()


def point_discord_at(port: int) -> None:
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")


def main(argv: list[str]) -> object:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        raise SystemExit(2)
    port = int(argv[1])
    entry = argv[2] if len(argv) > 2 else "bot.__main__:main"
    root = Path(__file__).resolve().parents[2]
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    guard_network()
    die_with_parent()
    point_discord_at(port)
    module_name, _, func = entry.partition(":")
    module = importlib.import_module(module_name)
    sys.argv = [module_name]
    target = getattr(module, func or "main")
    profile_to = os.environ.get("E2E_PROFILE")
    if not profile_to:
        return target()
    return _profiled(target, profile_to)


def _profiled(target: Callable[[], object], path: str) -> object:
    """Run under cProfile (main thread only) and write the stats to `path` on exit, including
    exit by SIGTERM (which is turned into SystemExit for this purpose only)."""
    import cProfile
    import signal
    import time

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    profiler = cProfile.Profile(time.thread_time)  # CPU, not waiting
    try:
        return profiler.runcall(target)
    except SystemExit:
        return 0
    finally:
        profiler.dump_stats(path)


if __name__ == "__main__":
    result = main(sys.argv)
    raise SystemExit(result if isinstance(result, int) else 0)
