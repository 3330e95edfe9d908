"""The arithmetic of seat clocks, without a database: paces (presets and `custom:S/I/C`), the
time a clock has run (absences not counted), the next event of a running clock (half-time
warning, one-hour warning, expiry) and how time left is written."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.errors import ServiceError

if TYPE_CHECKING:
    from bot.results import GameInfo

HOUR = 3600.0
DAY = 24 * HOUR
#: The longest allowance a custom pace may give (seconds).
LONGEST = 90 * DAY

#: name -> (start, increment, cap) in seconds.
PRESETS: dict[str, tuple[float, float, float]] = {
    "relaxed": (3 * DAY, DAY, 5 * DAY),
    "daily": (DAY, 12 * HOUR, 36 * HOUR),
    "fast": (2 * HOUR, HOUR, 4 * HOUR),
}
PACE_NAMES = (*PRESETS, "none")
EXPIRY_POLICIES = ("automatic", "default", "pause")

#: Warning bits of `SeatClock.warned`.
HALF, ONE_HOUR = 1, 2
#: Timer events.
WARN_HALF, WARN_HOUR, EXPIRE = "half", "hour", "expire"
#: Two warnings this close together are sent as one (seconds).
COINCIDE = 60.0

PACE_HELP = (
    "Pace can be `relaxed` (3 days, +1 day a move, at most 5 days), `daily` (24 h, +12 h, at "
    "most 36 h), `fast` (2 h, +1 h, at most 4 h), `none` (no clock), or `custom:START/PLUS/CAP` "
    "in hours, e.g. `custom:48/12/72`."
)


def parse_pace(raw: str | None) -> dict | None:
    """`daily` / `custom:48/12/72` -> the stored pace (seconds); `none` or nothing -> None."""
    text = (raw or "none").strip().lower()
    if text in ("", "none"):
        return None
    if text in PRESETS:
        start, inc, cap = PRESETS[text]
        return {"name": text, "start": start, "increment": inc, "cap": cap}
    head, sep, body = text.partition(":")
    if head != "custom" or not sep:
        raise ServiceError(f"I don't know the pace `{raw}`. {PACE_HELP}")
    parts = body.replace(" ", "").split("/")
    try:
        if len(parts) != 3:
            raise ValueError
        start, inc, cap = (float(p) * HOUR for p in parts)
    except ValueError:
        raise ServiceError(
            f"A custom pace is three numbers of hours, `custom:START/PLUS/CAP` (e.g. "
            f"`custom:48/12/72`); `{raw}` is not."
        ) from None
    if start <= 0 or inc < 0 or cap < start or cap > LONGEST:
        raise ServiceError(
            "In `custom:START/PLUS/CAP` the start must be above 0, the increment 0 or more, "
            f"and the cap at least the start and at most {LONGEST / DAY:g} days."
        )
    return {"name": "custom", "start": start, "increment": inc, "cap": cap}


def parse_policy(raw: str | None) -> str:
    policy = (raw or "automatic").strip().lower()
    if policy not in EXPIRY_POLICIES:
        raise ServiceError(
            f"When a clock runs out the game can go `automatic` (the automatic player takes "
            f"the seat), `default` (the rules' default decision) or `pause`; not `{raw}`."
        )
    return policy


def span(seconds: float) -> str:
    """`13 h 20 min`, `2 d 4 h`, `45 s`."""
    seconds = max(0.0, seconds)
    if seconds < 60:
        return f"{int(seconds)} s"
    minutes = int(seconds // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h" if hours else f"{days} d"
    if hours:
        return f"{hours} h {mins} min" if mins else f"{hours} h"
    return f"{mins} min"


def pace_text(pace: dict | None, policy: str = "automatic") -> str:
    if not pace:
        return "No clock (reminders only)."
    name = pace.get("name", "custom")
    rule = (
        f"{span(pace['start'])} to start, +{span(pace['increment'])} a move, "
        f"at most {span(pace['cap'])}"
    )
    then = {
        "automatic": "the automatic player takes over (`/game return` to come back)",
        "default": "the rules' default decision is made",
        "pause": "the game pauses for a moderator",
    }.get(policy, policy)
    return f"{name}: {rule}. When a clock runs out, {then}."


def overlap(
    since: datetime, until: datetime, absences: Iterable[tuple[datetime, datetime]]
) -> float:
    """Seconds of [since, until] covered by the absences (which may overlap each other)."""
    cuts = sorted((max(a, since), min(b, until)) for a, b in absences)
    total, edge = 0.0, since
    for a, b in cuts:
        a = max(a, edge)
        if b > a:
            total += (b - a).total_seconds()
            edge = b
    return total


def ran(
    since: datetime, now: datetime, absences: Iterable[tuple[datetime, datetime]] = ()
) -> float:
    """How long a clock running since `since` (maybe in the future) has run by `now`."""
    if now <= since:
        return 0.0
    return (now - since).total_seconds() - overlap(since, now, absences)


@dataclass(frozen=True)
class Next:
    """The next event of a running clock: `bits` are the warnings it covers."""

    event: str
    due: datetime
    bits: int = 0


def next_event(remaining: float, since: datetime, warned: int) -> Next:
    """The next event of a clock started at `since` with `remaining` seconds (warnings already
    sent in `warned`): a warning not yet sent that comes before the expiry, else the expiry."""
    expiry = since + timedelta(seconds=remaining)
    marks: list[tuple[datetime, int]] = []
    if not warned & HALF and remaining > 2 * COINCIDE:
        marks.append((since + timedelta(seconds=remaining / 2), HALF))
    if not warned & ONE_HOUR and remaining > HOUR + COINCIDE:
        marks.append((expiry - timedelta(seconds=HOUR), ONE_HOUR))
    if not marks:
        return Next(EXPIRE, expiry)
    marks.sort()
    due, bits = marks[0]
    for other, bit in marks[1:]:
        if (other - due).total_seconds() <= COINCIDE:
            bits |= bit
    return Next(WARN_HOUR if bits & ONE_HOUR else WARN_HALF, due, bits)


def left(
    remaining: float,
    since: datetime | None,
    now: datetime,
    absences: Iterable[tuple[datetime, datetime]] = (),
) -> float:
    """Seconds a clock has left by `now` (a stopped clock: what it kept)."""
    if since is None:
        return remaining
    return remaining - ran(since, now, absences)


def plan(
    remaining: float,
    since: datetime,
    warned: int,
    now: datetime,
    absences: Iterable[tuple[datetime, datetime]] = (),
    away_end: datetime | None = None,
) -> Next:
    """The next event of a running clock, with its owner's absences not counted: as if it had
    started without them, and (when they are away now) resumed at the end of the absence."""
    absences = list(absences)
    used = remaining - left(remaining, since, now, absences)
    start = away_end if away_end is not None and away_end > now else now
    return next_event(remaining, start - timedelta(seconds=used), warned)


def clock_lines(info: GameInfo) -> str:
    """The clock for the lobby and `/game status`: the pace, and each asked seat's time left."""
    lines = [pace_text(info.pace, info.expiry_policy)]
    if info.paused:
        lines.append("⏸️ Paused by a moderator: no clock runs.")
    for n, (secs, running) in sorted(info.clocks.items()):
        if running:
            holder = info.holder(n)
            label = holder.label if holder is not None else f"Seat {n + 1}"
            lines.append(f"{label}: {span(secs)} left")
    return "\n".join(lines)
