"""Routing personal pings by each person's settings: sent now (as a channel mention, a direct
message, or both), held until their quiet hours end, or collected for their daily digest. The
held and collected ones are timer rows (see `bot.service.digest`), released by the one
dispatcher; the Discord layer (`bot.discord.pings`) does the sending."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Person
from bot.service import queries as q
from bot.service.clock_plans import ClockPlans
from bot.service.core import Core
from bot.service.digest import DIGEST, collect, hold, retime_digest
from bot.service.hours import quiet_end, zone
from bot.service.mygames import MyGame, MyGames
from bot.service.people import People, person
from bot.service.ping_news import FRESH, RAN_OUT, STALE, TRUE, fill, happened
from bot.service.queries import people as qp
from bot.service.queries.clocks import SEAT_CLOCK
from bot.service.timers import Fired


@dataclass(frozen=True)
class Ping:
    """A ping to send now."""

    user_id: int
    guild_id: int | None
    channel_id: int
    game_id: int | None
    text: str
    icon: str
    #: channel, dm or both
    mode: str


@dataclass(frozen=True)
class Digest:
    """One person's daily digest: the pings collected since the last one, and their games."""

    user_id: int
    pings: list[Ping]
    #: Older pings left out (a digest keeps the newest MAX_ITEMS).
    dropped: int = 0
    games: list[MyGame] = field(default_factory=list)


def _ping(item: dict[str, Any], mode: str) -> Ping:
    return Ping(
        user_id=int(item["user_id"]),
        guild_id=item.get("guild_id"),
        channel_id=int(item["channel_id"]),
        game_id=item.get("game_id"),
        text=str(item.get("text") or ""),
        icon=str(item.get("icon") or "🔔"),
        mode=mode,
    )


def _mode(p: Any) -> str:
    return "channel" if p is None else str(p.pings)


def _kept(p: Any, now: datetime) -> bool:
    """The person's pings are not sent now: collected for their digest, or held (quiet)."""
    if p is None:
        return False
    return (
        p.pings == DIGEST or quiet_end(zone(p.timezone), p.quiet_from, p.quiet_to, now) is not None
    )


async def _moot(s: AsyncSession, item: dict[str, Any]) -> bool:
    """A ping tied to a decision (`version` set) is moot once the game moved on or ended."""
    version, game_id = item.get("version"), item.get("game_id")
    if version is None or game_id is None:
        return False
    row = await qp.game_status(s, int(game_id))
    return row is None or row.status != "running" or row.version != int(version)


class Pings:
    def __init__(self, core: Core, plans: ClockPlans, people: People, mine: MyGames) -> None:
        self.core = core
        self.plans = plans
        self.people = people
        self.mine = mine

    async def route_pings(
        self,
        user_ids: Iterable[int],
        *,
        guild_id: int | None,
        channel_id: int,
        game_id: int | None,
        text: str,
        icon: str = "🔔",
        version: int | None = None,
        seat: int | None = None,
        template: str | None = None,
    ) -> list[Ping]:
        """The pings to send now; the others are held (quiet hours) or collected (digest), in
        one transaction. When nobody's are (the usual case), one read and nothing written.
        A clock warning gives its `seat` and its `template` (`ping_news.LEFT` for the time
        left): a kept one states the time left when it goes out."""
        now = self.core.clock()
        clock = {"seat": seat, "template": template} if seat is not None and template else {}
        items: list[dict[str, Any]] = [
            {
                "user_id": uid,
                "guild_id": guild_id,
                "channel_id": channel_id,
                "game_id": game_id,
                "version": version,
                "text": text,
                "icon": icon,
                **clock,
            }
            for uid in dict.fromkeys(user_ids)
        ]
        if not items:
            return []
        async with self.core.readers() as s:
            rows = await s.execute(qp.PEOPLE_OF, {"ids": [i["user_id"] for i in items]})
            settings = {r.user_id: r for r in rows}
        if not any(_kept(settings.get(i["user_id"]), now) for i in items):
            return [_ping(i, _mode(settings.get(i["user_id"]))) for i in items]
        sent: list[Ping] = []
        wake: list[datetime] = []
        async with self.core.tx() as s:
            for item in items:
                ping = await self._route(s, await person(s, item["user_id"]), item, now, wake)
                if ping is not None:
                    sent.append(ping)
        for due in wake:
            self.people.wake_for(due)
        return sent

    async def _route(
        self,
        s: AsyncSession,
        p: Person | None,
        item: dict[str, Any],
        now: datetime,
        wake: list[datetime],
    ) -> Ping | None:
        mode = p.pings if p is not None else "channel"
        if p is not None and mode == DIGEST:
            wake.append(await collect(s, p, item, now))
            return None
        until = quiet_end(zone(p.timezone), p.quiet_from, p.quiet_to, now) if p else None
        if until is not None:
            hold(s, {**item, "mode": mode}, until)
            wake.append(until)
            return None
        return _ping(item, mode)

    async def held_ping_due(self, fired: Fired) -> list[Ping]:
        """A claimed held ping: to send now by the person's settings as they are now (held
        again if they moved their quiet hours, collected if they took the digest since);
        nothing if it became moot."""
        item = dict(fired.payload or {})
        if "user_id" not in item or "channel_id" not in item:
            return []
        now = self.core.clock()
        wake: list[datetime] = []
        async with self.core.tx() as s:
            if await _moot(s, item) or await self._fresh(s, item) != TRUE:
                return []  # (the channel was told what happened, mentioning them)
            p = await person(s, int(item["user_id"]))
            if p is None:
                return [_ping(item, str(item.get("mode") or "channel"))]
            ping = await self._route(s, p, item, now, wake)
        for due in wake:
            self.people.wake_for(due)
        return [ping] if ping is not None else []

    async def _fresh(self, s: AsyncSession, item: dict[str, Any]) -> str:
        """Is a kept clock warning still TRUE (its clock runs, for the same person, with time
        left: its text is made again with the time left now), STALE, or has its clock RAN_OUT
        (what became of it may not be done yet)? Other pings are always TRUE."""
        if item.get("seat") is None or not item.get("template") or item.get("game_id") is None:
            return TRUE
        game = await s.get(Game, int(item["game_id"]))
        if game is None or game.paused_at is not None or not game.pace:
            return STALE
        seat_no, uid = int(item["seat"]), int(item["user_id"])
        row = await s.scalar(SEAT_CLOCK, {"game": game.id, "seat": seat_no})
        holder = next((x for x in await q.holders(s, game.id) if x.seat_no == seat_no), None)
        if row is None or row.running_since is None or holder is None:
            return STALE
        if holder.is_bot or holder.user_id != uid:
            return STALE
        left = await self.plans.left(s, game, row, uid)
        if left < FRESH:
            return RAN_OUT
        item["text"] = fill(str(item["template"]), left)
        return TRUE

    async def digest_due(self, fired: Fired) -> Digest | None:
        """A claimed digest timer: the next one is set (while the person keeps the digest),
        and what to send now (None: nothing to say)."""
        payload = dict(fired.payload or {})
        if "user_id" not in payload:
            return None
        uid = int(payload["user_id"])
        now = self.core.clock()
        due = None
        async with self.core.tx() as s:
            p = await person(s, uid)
            if p is not None:
                due = await retime_digest(s, p, now)
            pings: list[Ping] = []
            for item in payload.get("items") or []:
                if not isinstance(item, dict):
                    continue
                fresh = STALE if await _moot(s, item) else await self._fresh(s, item)
                if fresh != TRUE:
                    text = await happened(s, item, ran_out=fresh == RAN_OUT)
                    if text is None or any(x.text == text for x in pings):
                        continue  # (two warnings of one clock: told once)
                    item = {**item, "text": text}
                pings.append(_ping(item, "dm"))
        self.people.wake_for(due)
        games = [g for g in await self.mine.my_games(uid, None) if g.status == "running"]
        if not pings and not games:
            return None
        return Digest(uid, pings, int(payload.get("dropped") or 0), games)

    async def ensure_digests(self) -> int:
        """People who take the digest but have no digest timer (a crash between a claim and
        the next one): one each; how many were set."""
        now = self.core.clock()
        set_ = 0
        async with self.core.tx() as s:
            people = await qp.taking(s, DIGEST)
            if not people:
                return 0
            have = {
                int((t.payload or {}).get("user_id") or 0)
                for t in await qp.people_timers(s, DIGEST)
            }
            for p in people:
                if p.user_id not in have:
                    await retime_digest(s, p, now)
                    set_ += 1
        return set_
