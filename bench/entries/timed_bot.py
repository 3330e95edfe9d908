"""The real bot (seeds fixed, as seeded_bot.py) with the CPU time of chosen functions added up:
where a decision's CPU goes inside the bot, per call, as the bot runs them.

    .venv/bin/python -m bench.e2e_load --title mombasa --games 1 --duration 0 --probe 200 \\
        --entry timed_bot:main --env BENCH_TIMED=/tmp/timed.json
    .venv/bin/python bench/entries/timed_bot.py /tmp/timed.json 200     # the table, per decision

Why: the same engine call costs about twice as much in the bot as in `bench.fingerprint`
(Mombasa's automatic player: 0.65 against 0.29 ms; a board's view packed for the render worker:
0.1 against 0.015 ms), because between two decisions other work has taken the CPU's caches. A
profiler changes what it measures (cProfile inflates small Python calls many times over; a
SIGPROF sampler gets a sample per 4 ms of CPU); this wraps only the functions named and reads
the thread's CPU clock (CLOCK_THREAD_CPUTIME_ID) around each call. A time is exclusive: what
nested wrapped functions took is not counted twice. Only synchronous functions are wrapped
(an `async def` would be timed up to its first await), and a function imported by name
(`from m import f`) before this runs keeps its unwrapped self. An `async def` named in `ASYNC`
is timed over each of its steps (from one resumption to its next await), so its figure is the
CPU it took between awaits, its awaited callees included unless they are wrapped too.

More functions to time: BENCH_TIMED_EXTRA, specs separated by spaces, a coroutine function's
prefixed with `async:` (`--env "BENCH_TIMED_EXTRA=logging:Logger._log async:bot.runtime.discord_http:answer"`).

Every 2 s the totals (and the whole run's counts) go to the JSON file named by BENCH_TIMED:
they include the set-up and load of the run, so divide by the run's decisions with care.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: `module:Class.method` or `module:function`, besides every title's engine calls (`ENGINE`).
HOST = (
    "bot.render_pool:_Exchange._readable",
    "bot.render_pool:frame",
    "bot.render_pool:write_parts",
    "bot.catalog:state_key",
    "bot.discord.turn_message:build",
    "bot.discord.turn_menus:turn_view",
    "bot.discord.components:private_view",
    "bot.discord.turn_text:turn_embed",
    "discord.state:ConnectionState.parse_interaction_create",
    "discord.utils:_from_json",
    "discord.http:handle_message_parameters",
)
#: Coroutine functions, timed step by step (`timed_async`).
ASYNC = (
    "discord.gateway:DiscordWebSocket.received_message",
    "discord.client:Client._run_event",
    "discord.app_commands.tree:CommandTree._call",
    "discord.http:HTTPClient.request",
    "discord.webhook.async_:AsyncWebhookAdapter.request",
    "aiohttp.client:ClientSession._request",
    "aiohttp.client_ws:ClientWebSocketResponse.receive",
    "bot.service.play:Play._commit",
    "bot.service.decision:Decision.decide",
    "bot.service.decision:Decision.outcome",
    "bot.discord.publish:TurnPoster.post",
    "bot.discord.private_dms:PrivateDelivery.deliver_private",
    "sqlalchemy.ext.asyncio.session:AsyncSession.execute",
    "sqlalchemy.ext.asyncio.session:AsyncSession.scalar",
    "sqlalchemy.ext.asyncio.session:AsyncSession.run_sync",
    "sqlalchemy.ext.asyncio.session:AsyncSession.commit",
    "sqlalchemy.ext.asyncio.session:AsyncSession.close",
)
SYNC_EXTRA = ("aiohttp.client_proto:ResponseHandler.data_received",)
ENGINE = ("bot_choice", "apply", "view", "prompts", "choices", "encode", "copy", "private_text")

NANOS: Counter[str] = Counter()
CALLS: Counter[str] = Counter()
_local = threading.local()  # .nested, per open wrapped call: the time its wrapped callees took


def _stack() -> list[int]:
    stack = getattr(_local, "nested", None)
    if stack is None:
        stack = _local.nested = []
    return stack


def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        CALLS[name] += 1
        stack = _stack()
        t0 = time.thread_time_ns()
        stack.append(0)
        try:
            return fn(*args, **kwargs)
        finally:
            _done(name, stack, t0)

    return wrapper


def _done(name: str, stack: list[int], t0: int) -> None:
    took = time.thread_time_ns() - t0
    NANOS[name] += took - stack.pop()
    if stack:
        stack[-1] += took


class _Steps:
    """Awaits a coroutine, timing each step of it as a call of `name` (see `timed_async`)."""

    def __init__(self, name: str, coro: Any) -> None:
        self.name, self.coro = name, coro

    def __await__(self) -> Any:
        steps = self.coro.__await__()
        value: Any = None
        error: BaseException | None = None
        while True:
            stack = _stack()
            t0 = time.thread_time_ns()
            stack.append(0)
            try:
                yielded = steps.throw(error) if error is not None else steps.send(value)
            except StopIteration as stop:
                return stop.value
            finally:
                _done(self.name, stack, t0)
            try:
                value, error = (yield yielded), None
            except BaseException as e:  # (thrown in: cancellation)
                value, error = None, e


def timed_async(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        CALLS[name] += 1
        return await _Steps(name, fn(*args, **kwargs))

    return wrapper


def wrap(owner: Any, attr: str, name: str, how: Callable[..., Any] = timed) -> None:
    setattr(owner, attr, how(name, getattr(owner, attr)))


def wrap_spec(spec: str, how: Callable[..., Any] = timed) -> None:
    module_name, _, path = spec.partition(":")
    owner: Any = importlib.import_module(module_name)
    *outer, attr = path.split(".")
    for part in outer:
        owner = getattr(owner, part)
    wrap(owner, attr, spec, how)


def wrap_titles() -> None:
    from engine import registry

    registry.load_builtin()
    for title in registry.all_titles():
        cls = type(title)
        for attr in ENGINE:
            if attr in vars(cls):  # (a method the title defines, not the base's default)
                wrap(cls, attr, f"{title.slug}.{attr}")


def _dump(path: str) -> None:
    while True:
        time.sleep(2)
        data = {"nanos": dict(NANOS), "calls": dict(CALLS)}
        with open(f"{path}.tmp", "w") as out:
            json.dump(data, out)
        os.replace(f"{path}.tmp", path)


def main() -> None:
    wrap_titles()
    extra = os.environ.get("BENCH_TIMED_EXTRA", "").split()
    for spec in HOST + SYNC_EXTRA + tuple(s for s in extra if not s.startswith("async:")):
        wrap_spec(spec)
    for spec in ASYNC + tuple(s[6:] for s in extra if s.startswith("async:")):
        wrap_spec(spec, timed_async)
    threading.Thread(target=_dump, args=(os.environ["BENCH_TIMED"],), daemon=True).start()
    from seeded_bot import main as run

    run()


def report(path: str, decisions: int) -> None:
    data = json.loads(Path(path).read_text())
    total = 0
    print(f"{'ms per decision':>16} {'calls':>7} {'ms per call':>12}  function")
    for name, nanos in sorted(data["nanos"].items(), key=lambda kv: -kv[1]):
        calls = data["calls"][name]
        total += nanos
        print(
            f"{nanos / 1e6 / decisions:16.3f} {calls / decisions:7.2f} "
            f"{nanos / 1e6 / calls:12.3f}  {name}"
        )
    print(f"{total / 1e6 / decisions:16.3f} {'':7} {'':12}  in all")


if __name__ == "__main__":
    report(sys.argv[1], int(sys.argv[2]))
