"""What the bot does, counted for Prometheus: decisions, refusals, how long turns, boards and
database transactions take, timers, games by status, the render queue and the gateway's latency.

Everything lives in ONE registry of this module (`registry`, not prometheus_client's global
one), served with /healthz by `bot.health` on 127.0.0.1:METRICS_PORT. The call sites use the
small functions below; each costs a dict lookup and an increment (the `.labels(...)` children
are kept in small dicts), so counting a decision adds no measurable CPU to it.

Shard labels follow Discord's rule (`bot.shards.shard_of`) once `configure(shard_count)` was
called; before that, and for games without a guild, everything is shard "0". This module
imports only prometheus_client: the render workers import it too (through `bot.catalog`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from bot import loop_watch

registry = CollectorRegistry()

#: Interaction received -> answered (5 ms ... 5 s, and beyond).
TURN_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: A board drawn and encoded (~25 ms), queueing for a worker included.
RENDER_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: One database transaction (SQLite: microseconds to a busy timeout of seconds).
DB_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0)
#: The statuses the games gauge always shows (0 when there are none).
GAME_STATUSES = ("lobby", "running", "finished", "ended")

DECISIONS = Counter(
    "boardroom_decisions",
    "Decisions committed (a move, and the automatic moves after it, as one new version).",
    ["title", "shard"],
    registry=registry,
)
REFUSALS = Counter(
    "boardroom_refusals",
    "Requests answered with a polite refusal, by reason (nothing was changed).",
    ["reason", "shard"],
    registry=registry,
)
ERRORS = Counter(
    "boardroom_errors",
    "Unexpected errors answered with an apology (each logged with its traceback).",
    ["shard"],
    registry=registry,
)
TURNS = Histogram(
    "boardroom_turn_seconds",
    "From an interaction's arrival until it was answered, by command.",
    ["command", "shard"],
    buckets=TURN_BUCKETS,
    registry=registry,
)
RENDERS = Histogram(
    "boardroom_render_seconds",
    "A board or hand drawn and encoded off the event loop (waiting for a worker included).",
    ["title"],
    buckets=RENDER_BUCKETS,
    registry=registry,
)
TRANSACTIONS = Histogram(
    "boardroom_db_transaction_seconds",
    "Database transactions that completed, by kind (write: queueing for the writer included).",
    ["kind"],
    buckets=DB_BUCKETS,
    registry=registry,
)
TIMERS = Counter(
    "boardroom_timers_fired",
    "Timers claimed and handed to their handler, by kind.",
    ["kind", "shard"],
    registry=registry,
)

# ---------------------------------------------------------------------------- shards
_count = 1
_shard_of: Callable[[int | None, int], int] | None = None
#: Where the gateway's latencies come from at scrape time: (shard id, seconds) pairs.
_latencies: Callable[[], Iterable[tuple[int, float]]] | None = None


def configure(
    shard_count: int | None,
    latencies: Callable[[], Iterable[tuple[int, float]]] | None = None,
) -> None:
    """Label by Discord's shard of `shard_count` (None or 1: everything is shard "0"), and
    read the gateway's latencies from `latencies` at scrape time (None: no latency gauge).
    May be called again (once the client knows its shard count): the cached label children
    are dropped."""
    global _count, _shard_of, _latencies
    from bot.shards import shard_of  # (not at import: it loads SQLAlchemy; workers import us)

    _count = max(1, shard_count or 1)
    _shard_of = shard_of
    _latencies = latencies
    for cache in _CACHES:
        cache.clear()


def _shard(guild_id: int | None) -> int:
    if guild_id is None or _count == 1 or _shard_of is None:
        return 0
    return _shard_of(guild_id, _count)


def shard_label(guild_id: int | None) -> str:
    """The shard label of a guild's events ("0" for none, or before `configure`)."""
    return str(_shard(guild_id))


# ---------------------------------------------------------------------------- call sites
_decisions: dict[tuple[str, int], Any] = {}
_refusals: dict[tuple[str, int], Any] = {}
_errors: dict[int, Any] = {}
_turns: dict[tuple[str, int], Any] = {}
_renders: dict[str, Any] = {}
_transactions: dict[str, Any] = {}
_timers: dict[tuple[str, int], Any] = {}
_CACHES: tuple[dict, ...] = (_decisions, _refusals, _errors, _turns, _timers)


def decision(title: str, guild_id: int | None) -> None:
    """One decision committed in a game of `title`."""
    key = (title, _shard(guild_id))
    child = _decisions.get(key)
    if child is None:
        child = _decisions[key] = DECISIONS.labels(title, str(key[1]))
    child.inc()


#: Where `decided` keeps a transaction's decisions until `committed` counts them.
_PENDING = "boardroom.decisions"


def decided(session: Any, title: str, guild_id: int | None) -> None:
    """A decision in `session`'s transaction (anything with an `info` dict, such as an
    AsyncSession): counted by `committed(session, ...)` once the transaction has committed,
    and never when it rolls back."""
    session.info.setdefault(_PENDING, []).append((title, guild_id))


def committed(session: Any, seconds: float) -> None:
    """`session`'s write transaction committed after `seconds`: time it, count its decisions."""
    transaction("write", seconds)
    pending = session.info.pop(_PENDING, None)
    if pending:
        for title, guild_id in pending:
            decision(title, guild_id)


def refusal(reason: str, guild_id: int | None) -> None:
    """A request refused politely (`reason`: a short slug such as `stale`, `busy_database`)."""
    key = (reason, _shard(guild_id))
    child = _refusals.get(key)
    if child is None:
        child = _refusals[key] = REFUSALS.labels(reason, str(key[1]))
    child.inc()


def error(guild_id: int | None) -> None:
    """An unexpected error, answered with an apology."""
    shard = _shard(guild_id)
    child = _errors.get(shard)
    if child is None:
        child = _errors[shard] = ERRORS.labels(str(shard))
    child.inc()


def turn(command: str, guild_id: int | None, seconds: float) -> None:
    """An interaction for `command` answered `seconds` after it arrived."""
    key = (command, _shard(guild_id))
    child = _turns.get(key)
    if child is None:
        child = _turns[key] = TURNS.labels(command, str(key[1]))
    child.observe(seconds)


def render(title: str, seconds: float) -> None:
    """A drawing for `title` took `seconds` (submitted to the render pool -> image back)."""
    child = _renders.get(title)
    if child is None:
        child = _renders[title] = RENDERS.labels(title)
    child.observe(seconds)


def transaction(kind: str, seconds: float) -> None:
    """A database transaction of `kind` ("write" or "read") completed in `seconds`."""
    child = _transactions.get(kind)
    if child is None:
        child = _transactions[kind] = TRANSACTIONS.labels(kind)
    child.observe(seconds)


def timer_fired(kind: str, guild_id: int | None) -> None:
    """A timer of `kind` was claimed and handed to its handler."""
    key = (kind, _shard(guild_id))
    child = _timers.get(key)
    if child is None:
        child = _timers[key] = TIMERS.labels(kind, str(key[1]))
    child.inc()


# ---------------------------------------------------------------------------- refusal reasons
#: The start of a refusal's text -> its reason (texts written in bot.service and presses.py;
#: tests/bot/test_metrics.py checks them against the real constants).
_TEXT_REASONS = (
    ("It's not your turn.", "not_your_turn"),
    ("You have nothing to decide right now.", "not_your_turn"),
    ("There is no game in this channel.", "no_game"),
    ("That game doesn't exist any more.", "no_game"),
    ("You're not playing in this game.", "not_seated"),
    ("That game is not running any more.", "not_running"),
)
#: By exception class name (bot.errors.StaleError, bot.service.play.MenuMoved).
_CLASS_REASONS = {"StaleError": "stale", "MenuMoved": "stale_menu"}


def service_reason(exc: BaseException) -> str:
    """The reason slug of a ServiceError (the class, then the rules' refusal, then its text)."""
    for cls in type(exc).__mro__:
        found = _CLASS_REASONS.get(cls.__name__)
        if found is not None:
            return found
    # The rules' IllegalAction is re-raised as a ServiceError `from None`: still the context.
    if type(exc.__context__).__name__ == "IllegalAction":
        return "illegal_move"
    text = str(exc)
    for start, reason in _TEXT_REASONS:
        if text.startswith(start):
            return reason
    return "refused"


#: presses.py's refusals, by their start: not one of our ids, not one value, another channel.
_PRESS_REASONS = (
    ("⚠️ That button is not one of mine", "bad_id"),
    ("⚠️ Please pick exactly one option", "bad_value"),
    ("⚠️ That button belongs to a game in <#", "foreign_channel"),
)


def press_reason(text: str) -> str:
    """The reason slug of a refusal `bot.discord.presses.Presses.refusal` answered with."""
    for start, reason in _PRESS_REASONS:
        if text.startswith(start):
            return reason
    return "no_game"  # its game is gone (or cannot be loaded)


# ---------------------------------------------------------------------------- read at scrape
_games: dict[str, int] = dict.fromkeys(GAME_STATUSES, 0)


def set_games(counts: dict[str, int]) -> None:
    """The games by status, as last counted (`bot.health` refreshes them before a scrape)."""
    global _games
    fresh = dict.fromkeys(GAME_STATUSES, 0)
    fresh.update(counts)
    _games = fresh


class _AtScrape(Collector):
    """The gauges read when scraped: games by status, the render queue, gateway latency."""

    def collect(self) -> Iterator[Metric]:
        games = GaugeMetricFamily(
            "boardroom_games",
            "Stored games by status (counted every few seconds).",
            labels=["status"],
        )
        for status, n in sorted(_games.items()):
            games.add_metric([status], n)
        yield games
        from bot import catalog  # (loaded long before the first scrape)

        yield GaugeMetricFamily(
            "boardroom_render_queue_depth",
            "Drawings submitted to the render pool (or thread) and not finished.",
            value=catalog.queue_depth(),
        )
        latency = GaugeMetricFamily(
            "boardroom_gateway_latency_seconds",
            "The gateway's heartbeat latency, by shard (absent until measured).",
            labels=["shard"],
        )
        try:
            pairs = list(_latencies()) if _latencies is not None else []
        except Exception:  # a client half closed: no latency this time
            pairs = []
        for shard, seconds in pairs:
            if not (math.isnan(seconds) or math.isinf(seconds)):
                latency.add_metric([str(shard)], seconds)
        yield latency


registry.register(_AtScrape())
registry.register(loop_watch.WATCH)
