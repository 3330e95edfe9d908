"""Time in people's own zones: IANA zone names, "HH:MM" quiet hours (possibly across midnight)
and the next time a local clock shows a given hour. Pure functions of `now` (UTC)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.errors import ServiceError

DAY = timedelta(days=1)
_HHMM = re.compile(r"^\s*(\d{1,2})[:.h](\d{2})\s*$")


def aware(when: datetime) -> datetime:
    """SQLite hands datetimes back without a zone; they are stored in UTC."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    """Every IANA zone this machine knows, sorted (the timezone autocomplete)."""
    return tuple(sorted(available_timezones()))


def zone(name: str | None) -> ZoneInfo:
    """The zone of a stored name (UTC when it is unknown here)."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def parse_zone(name: str) -> str:
    """A zone name as the person typed it -> its IANA spelling, or a polite refusal."""
    typed = name.strip().replace(" ", "_")
    by_lower = {z.lower(): z for z in zone_names()}
    found = by_lower.get(typed.lower())
    if found is None:
        raise ServiceError(
            f"I don't know the timezone `{name[:64]}`. Pick one from the list as you type, "
            "e.g. `Europe/Berlin`, `America/New_York` or `UTC`."
        )
    return found


def parse_hhmm(value: str, what: str) -> str:
    """ "22:00", "7:30", "07.30" -> "HH:MM", or a polite refusal."""
    m = _HHMM.match(value or "")
    if m is None or int(m[1]) > 23 or int(m[2]) > 59:
        raise ServiceError(
            f"`{value[:20]}` is not a time for `{what}`: write it as HH:MM, e.g. 22:00."
        )
    return f"{int(m[1]):02d}:{int(m[2]):02d}"


def _seconds(hhmm: str) -> int:
    hours, minutes = hhmm.split(":")
    return int(hours) * 3600 + int(minutes) * 60


def local_at(day: date, hhmm: str, tz: ZoneInfo) -> datetime:
    """`hhmm` on `day` in `tz`, in UTC."""
    secs = _seconds(hhmm)
    return datetime.combine(day, time(secs // 3600, secs % 3600 // 60), tzinfo=tz).astimezone(UTC)


def quiet_end(tz: ZoneInfo, start: str | None, end: str | None, now: datetime) -> datetime | None:
    """If `now` is inside the quiet hours `start`-`end` (local "HH:MM", possibly across
    midnight), when they end (UTC); else None."""
    if not start or not end or start == end:
        return None
    local = now.astimezone(tz)
    t = local.hour * 3600 + local.minute * 60 + local.second + local.microsecond / 1e6
    f, e = _seconds(start), _seconds(end)
    if f < e:
        if not f <= t < e:
            return None
        day = local.date()
    elif t >= f:
        day = local.date() + DAY
    elif t < e:
        day = local.date()
    else:
        return None
    ends = local_at(day, end, tz)
    return ends if ends > now else None


def next_local(tz: ZoneInfo, hhmm: str, now: datetime) -> datetime:
    """The next time after `now` that the clock in `tz` shows `hhmm` (UTC)."""
    local = now.astimezone(tz)
    when = local_at(local.date(), hhmm, tz)
    return when if when > now else local_at(local.date() + DAY, hhmm, tz)


def quiet_spans(
    tz: ZoneInfo,
    start: str | None,
    end: str | None,
    since: datetime,
    until: datetime,
    longest: timedelta | None = None,
) -> list[tuple[datetime, datetime]]:
    """The quiet periods `start`-`end` (local "HH:MM", possibly across midnight) that overlap
    [since, until], in UTC and in order; each cut to `longest` when given. Each day's period
    is placed on the local calendar, so DST changes move it as the person's clock does."""
    if not start or not end or start == end or until <= since:
        return []
    across = _seconds(end) <= _seconds(start)
    day, last = since.astimezone(tz).date() - DAY, until.astimezone(tz).date()
    out: list[tuple[datetime, datetime]] = []
    while day <= last:
        a = local_at(day, start, tz)
        b = local_at(day + DAY if across else day, end, tz)
        if longest is not None:
            b = min(b, a + longest)
        if b > a and b > since and a < until:
            out.append((a, b))
        day += DAY
    return out
