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
    from bot.db.models import GuildSettings
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
#: How many vacation days in a row a clock may spend when a server set no limit.
DEFAULT_CLOCK_DAYS = 3
#: The most a server may allow in a row.
MAX_CLOCK_DAYS = 30
EXPIRY_POLICIES = ("automatic", "default", "pause")

#: Warning bits of `SeatClock.warned`.
HALF, ONE_HOUR = 1, 2
#: Timer events.
WARN_HALF, WARN_HOUR, EXPIRE = "half", "hour", "expire"
#: Two warnings this close together are sent as one (seconds).
COINCIDE = 60.0
#: In a game whose clocks wait through quiet hours, they wait at most this long a day (the
#: first hours of longer quiet hours), so nobody can stop their clock with quiet hours alone.
MAX_QUIET_WAIT = 12 * HOUR
#: A warning brought before quiet hours comes this long before they begin (seconds).
BEFORE_QUIET = 10 * 60.0
#: `quiet_clock:` -> does the clock run during its player's quiet hours?
QUIET_CLOCK = {"runs": True, "waits": False}

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


def clock_days(settings: GuildSettings | None) -> int:
    """The server's limit of vacation days a clock spends in a row."""
    if settings is None or settings.clock_days is None:
        return DEFAULT_CLOCK_DAYS
    return int(settings.clock_days)


def parse_policy(raw: str | None) -> str:
    policy = (raw or "automatic").strip().lower()
    if policy not in EXPIRY_POLICIES:
        raise ServiceError(
            f"When a clock runs out the game can go `automatic` (the automatic player takes "
            f"the seat), `default` (the rules' default decision) or `pause`; not `{raw}`."
        )
    return policy


def parse_quiet_clock(raw: str | None) -> bool:
    """`runs` (the default) or `waits` -> `Game.clock_in_quiet`."""
    value = (raw or "runs").strip().lower()
    if value not in QUIET_CLOCK:
        raise ServiceError(
            f"During quiet hours a clock either `runs` or `waits`; not `{str(raw)[:20]}`."
        )
    return QUIET_CLOCK[value]


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


def pace_text(pace: dict | None, policy: str = "automatic", in_quiet: bool = True) -> str:
    """The pace, what happens when a clock runs out, and whether clocks wait in quiet hours."""
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
    quiet = (
        "Clocks run during quiet hours."
        if in_quiet
        else f"Clocks wait during each player's quiet hours (at most {span(MAX_QUIET_WAIT)} a day)."
    )
    return f"{name}: {rule}. When a clock runs out, {then}. {quiet}"


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


def next_mark(remaining: float, warned: int) -> tuple[str, float, int]:
    """The next event of a clock with `remaining` seconds (warnings already sent in `warned`),
    as (event, seconds of running after which it comes, warning bits): a warning not yet sent
    that comes before the expiry, else the expiry. Two warnings close together are one."""
    marks: list[tuple[float, int]] = []
    if not warned & HALF and remaining > 2 * COINCIDE:
        marks.append((remaining / 2, HALF))
    if not warned & ONE_HOUR and remaining > HOUR + COINCIDE:
        marks.append((remaining - HOUR, ONE_HOUR))
    if not marks:
        return EXPIRE, remaining, 0
    marks.sort()
    at, bits = marks[0]
    for other, bit in marks[1:]:
        if other - at <= COINCIDE:
            bits |= bit
    return (WARN_HOUR if bits & ONE_HOUR else WARN_HALF), at, bits


def merged(spans: Iterable[tuple[datetime, datetime]]) -> list[tuple[datetime, datetime]]:
    """Absences sorted, with overlapping and touching ones joined."""
    out: list[tuple[datetime, datetime]] = []
    for a, b in sorted(x for x in spans if x[1] > x[0]):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def resume_at(start: datetime, need: float, spans: list[tuple[datetime, datetime]]) -> datetime:
    """When a clock running from `start` (from the end of the absence `start` falls in, if
    any) has run `need` seconds more, the absences (`spans`, merged) not counted. `need` 0 or
    less: already reached, `start`."""
    if need <= 0:
        return start
    t = start
    for a, b in spans:
        if b <= t:
            continue
        gap = max(0.0, (a - t).total_seconds())
        if need <= gap:
            break
        need -= gap
        t = b
    return t + timedelta(seconds=need)


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
    """The next event of a running clock, its owner's absences (vacations, and quiet hours
    where the game's clock waits through them) not counted: when it has run long enough. While
    they are away (`away_end`: the end of the vacation covering `now`), nothing is due before
    they are back."""
    spans = list(absences)
    start = max(now, since)
    if away_end is not None and away_end > start:
        spans.append((now, away_end))
        start = away_end
    spans = merged(spans)
    event, at, bits = next_mark(remaining, warned)
    return Next(event, resume_at(start, at - ran(since, now, spans), spans), bits)


def before_quiet(
    nxt: Next,
    expiry: datetime,
    warned: int,
    quiet: Iterable[tuple[datetime, datetime]],
    now: datetime,
) -> Next:
    """A warning due in quiet hours during which the clock runs out (it would be held until
    they end, too late) comes just before those quiet hours begin instead, as one ping for
    every warning not sent yet (`quiet`: the person's quiet hours, where the clock runs
    through them)."""
    if nxt.event == EXPIRE:
        return nxt
    lead = timedelta(seconds=BEFORE_QUIET)
    for a, b in quiet:
        if a - lead <= nxt.due < b and expiry < b:
            unsent = (HALF | ONE_HOUR) & ~warned
            return Next(WARN_HOUR if unsent & ONE_HOUR else WARN_HALF, max(a - lead, now), unsent)
    return nxt


def covering_end(spans: Iterable[tuple[datetime, datetime]], now: datetime) -> datetime | None:
    """The end of the absence covering `now` (back-to-back vacations count as one), or None."""
    cursor, found = now, False
    for start, end in sorted(spans):
        if start <= cursor < end:
            cursor, found = end, True
    return cursor if found else None


def horizon(now: datetime, remaining: float, away: float = 0.0) -> datetime:
    """How far ahead quiet hours are worth listing for a clock with `remaining` seconds and
    `away` seconds of vacations ahead: quiet hours stop it for at most half of each day, so
    its next event comes before this (capped at a year; a later one is re-planned then)."""
    return now + timedelta(seconds=min(2 * max(remaining, 0.0) + away + 2 * DAY, 366 * DAY))


def clock_lines(info: GameInfo) -> str:
    """The clock for the lobby and `/game status`: the pace, and each asked seat's time left
    (while paused: why, and the time each stopped clock keeps)."""
    lines = [pace_text(info.pace, info.expiry_policy, info.clock_in_quiet)]

    def label(n: int) -> str:
        holder = info.holder(n)
        return holder.label if holder is not None else f"Seat {n + 1}"

    if not info.paused:
        for n, (secs, running) in sorted(info.clocks.items()):
            if running:
                lines.append(f"{label(n)}: {span(secs)} left")
        return "\n".join(lines)
    if info.paused_seats:
        names = and_list([label(n) for n in info.paused_seats])
        whose = "clock" if len(info.paused_seats) == 1 else "clocks"
        lines.append(
            f"⏸️ Paused because the {whose} of {names} ran out: no clock runs until a "
            "moderator decides and uses `/admin resume`."
        )
    else:
        lines.append("⏸️ Paused by a moderator: no clock runs.")
    asked = [w.seat_no for w in info.waiting if not w.is_bot]
    for n in asked or sorted(info.clocks):
        holder = info.holder(n)
        if n not in info.clocks or holder is None or holder.is_bot:
            continue
        secs = info.clocks[n][0]
        if n in info.paused_seats and secs < 1:
            lines.append(f"{label(n)}: ran out")
        else:
            lines.append(f"{label(n)}: stopped with {span(secs)} left")
    return "\n".join(lines)


def and_list(items: list[str]) -> str:
    """`A`, `A and B`, `A, B and C`."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"
