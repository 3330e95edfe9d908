"""The durable rows behind personal pings, in the `timers` table (no game: `game_id` is NULL,
so clearing a game's timers never drops them):

- `held_ping`: one ping held during its person's quiet hours, due when they end; payload
  {"user_id", "guild_id", "channel_id", "game_id", "version", "text", "icon", "mode"}.
- `digest`: one per person who chose the daily digest, due at DIGEST_AT their time (or when
  their quiet hours end, if that falls inside them); payload {"user_id", "items": [ping...]}:
  the pings collected since the last digest, sent as ONE direct message.

Both are claimed by the one dispatcher like every timer, so a restart loses none and sends
none twice."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Person, Timer
from bot.service.hours import aware, next_local, quiet_end, zone
from bot.service.queries import people as qp

HELD = "held_ping"
DIGEST = "digest"
#: When the daily digest goes out, in the person's zone.
DIGEST_AT = "09:00"
#: A digest keeps this many pings (the newest); older ones are counted, not kept.
MAX_ITEMS = 50


def digest_time(p: Person, now: datetime) -> datetime:
    """The person's next digest: DIGEST_AT their time, or the end of their quiet hours when
    DIGEST_AT falls inside them."""
    tz = zone(p.timezone)
    due = next_local(tz, DIGEST_AT, now)
    return quiet_end(tz, p.quiet_from, p.quiet_to, due) or due


async def digest_row(s: AsyncSession, user_id: int) -> Timer | None:
    """The person's pending digest timer, if any."""
    return await qp.digest_timer(s, user_id, DIGEST)


async def retime_digest(s: AsyncSession, p: Person, now: datetime) -> datetime | None:
    """Keep the person's digest timer in step with their settings (in the caller's
    transaction): set or moved when they take the digest; an empty one dropped when they
    leave it (collected pings still go out at its time). The due time set, if any."""
    row = await digest_row(s, p.user_id)
    if p.pings != DIGEST:
        if row is not None and not (row.payload or {}).get("items"):
            await s.delete(row)
        return None
    due = digest_time(p, now).astimezone(UTC)
    if row is None:
        s.add(Timer(kind=DIGEST, due_at=due, payload={"user_id": p.user_id, "items": []}))
    else:
        row.due_at = due
    await s.flush()
    return due


async def collect(s: AsyncSession, p: Person, item: dict[str, Any], now: datetime) -> datetime:
    """Add a ping to the person's next digest (creating its timer if a claim just took the
    last one); when that digest is due."""
    row = await digest_row(s, p.user_id)
    if row is None:
        row = Timer(kind=DIGEST, due_at=digest_time(p, now).astimezone(UTC), payload={})
        s.add(row)
    payload = dict(row.payload or {})
    items = list(payload.get("items") or []) + [item]
    dropped = int(payload.get("dropped") or 0) + max(0, len(items) - MAX_ITEMS)
    row.payload = {"user_id": p.user_id, "items": items[-MAX_ITEMS:], "dropped": dropped}
    await s.flush()
    return aware(row.due_at)


def hold(s: AsyncSession, item: dict[str, Any], due: datetime) -> None:
    """Hold a ping until `due` (the end of its person's quiet hours)."""
    s.add(Timer(kind=HELD, due_at=due.astimezone(UTC), payload=item))
