"""Discord's rate limits, as its documentation describes them
(https://discord.com/developers/docs/topics/rate-limits), for the fake Discord.

- Routes are limited per bucket: a route together with its top-level ("major") parameter, so
  posting in one channel does not use up another channel's allowance. Every answer of a
  limited route says where its bucket stands: `X-RateLimit-Limit`, `-Remaining`, `-Reset`
  (epoch seconds), `-Reset-After` (seconds) and `-Bucket` (an opaque id).
- Past the limit Discord answers 429 with `{"message": "You are being rate limited.",
  "retry_after": <seconds>, "global": false}`, a `Retry-After` header and
  `X-RateLimit-Scope: user`; the request did nothing.
- The global limit (50 requests a second for a bot) covers every route except the interaction
  endpoints (an interaction's answer, its follow-ups and their edits: "not bound to the bot's
  global rate limit"); its 429 says `"global": true` and carries `X-RateLimit-Global: true`.

Discord does not publish the per-route numbers ("they may change at any time"); clients must
read the headers. `RateLimits.discord()` uses what Discord has been seen to send for the
routes the bot uses (five messages per five seconds per channel, and so on), `scale` shortens
the windows for tests. A request sent into a bucket before the `retry_after` of a 429 it was
given has passed is kept in `early` (a client that ignores Discord's answer)."""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web


@dataclass(frozen=True)
class Limit:
    count: int
    per: float  # seconds


#: The interaction endpoints (callbacks; follow-ups and edits by the interaction's token).
INTERACTION_ENDPOINTS = ("/interactions/", "/webhooks/")

#: Route name -> (method, path pattern whose first group is the major parameter).
ROUTES: dict[str, tuple[str, re.Pattern[str]]] = {
    "post message": ("POST", re.compile(r"/channels/(\d+)/messages")),
    "edit message": ("PATCH", re.compile(r"/channels/(\d+)/messages/\d+")),
    "delete message": ("DELETE", re.compile(r"/channels/(\d+)/messages/\d+")),
    "create thread": ("POST", re.compile(r"/channels/(\d+)(?:/messages/\d+)?/threads")),
    "edit channel": ("PATCH", re.compile(r"/channels/(\d+)")),
    "webhook": ("*", re.compile(r"/webhooks/\d+/([^/]+)(?:/messages/[^/]+)?")),
    "member role": ("PUT", re.compile(r"/guilds/(\d+)/members/\d+/roles/\d+")),
    "open dm": ("POST", re.compile(r"/users/@me/(channels)")),
}


@dataclass
class _Bucket:
    limit: Limit
    reset_at: float = 0.0  # (time.monotonic)
    used: int = 0
    refused_until: float = 0.0  # the retry_after of the last 429 this bucket gave


@dataclass
class Limited:
    """One 429 the fake answered."""

    route: str
    major: str
    retry_after: float
    is_global: bool
    at: float


@dataclass
class RateLimits:
    """The limits a fake Discord enforces: per route (by name, see ROUTES) and global."""

    routes: dict[str, Limit]
    global_limit: Limit | None = Limit(50, 1.0)
    #: Every 429 answered, and every request a client sent before its retry_after had passed.
    limited: list[Limited] = field(default_factory=list)
    early: list[tuple[str, str, float]] = field(default_factory=list)
    _buckets: dict[tuple[str, str], _Bucket] = field(default_factory=dict)
    _global: _Bucket | None = None

    @classmethod
    def discord(cls, scale: float = 1.0, global_per_second: int = 50) -> RateLimits:
        """Discord's usual numbers; `scale` multiplies every window (0.2: five messages per
        second per channel instead of per five seconds)."""
        per = {
            "post message": Limit(5, 5.0),
            "edit message": Limit(5, 5.0),
            "delete message": Limit(5, 1.0),
            "create thread": Limit(10, 10.0),
            "edit channel": Limit(2, 10.0),
            "webhook": Limit(5, 2.0),
            "member role": Limit(10, 10.0),
            "open dm": Limit(10, 10.0),
        }
        return cls(
            {name: Limit(x.count, x.per * scale) for name, x in per.items()},
            Limit(global_per_second, 1.0),
        )

    @staticmethod
    def route_of(method: str, path: str) -> tuple[str, str] | None:
        """(route name, major parameter) of a request, or None for a route without its own
        limit."""
        for name, (verb, rx) in ROUTES.items():
            m = rx.fullmatch(path)
            if m and verb in ("*", method):
                return name, m[1]
        return None

    def take(self, method: str, path: str) -> tuple[web.Response | None, dict[str, str]]:
        """Count one request: (a 429 to answer instead of handling it, or None; the headers
        for the answer)."""
        now = time.monotonic()
        if self.global_limit is not None and not path.startswith(INTERACTION_ENDPOINTS):
            if self._global is None:
                self._global = _Bucket(self.global_limit)
            wait = self._spend(self._global, now)
            if wait is not None:
                return self._refuse("global", "", wait, now, is_global=True), {}
        found = self.route_of(method, path)
        if found is None or found[0] not in self.routes:
            return None, {}
        name, major = found
        bucket = self._buckets.setdefault(found, _Bucket(self.routes[name]))
        if now < bucket.refused_until:
            self.early.append((name, major, bucket.refused_until - now))
        wait = self._spend(bucket, now)
        if wait is not None:
            bucket.refused_until = now + wait
            return self._refuse(
                name, major, wait, now, headers=self._headers(name, bucket, now)
            ), {}
        return None, self._headers(name, bucket, now)

    @staticmethod
    def _spend(bucket: _Bucket, now: float) -> float | None:
        """Use one request of the bucket's window; None if allowed, else seconds to wait."""
        if now >= bucket.reset_at:
            bucket.reset_at, bucket.used = now + bucket.limit.per, 0
        if bucket.used < bucket.limit.count:
            bucket.used += 1
            return None
        return bucket.reset_at - now

    def _headers(self, name: str, bucket: _Bucket, now: float) -> dict[str, str]:
        after = max(bucket.reset_at - now, 0.0)
        return {
            "X-RateLimit-Limit": str(bucket.limit.count),
            "X-RateLimit-Remaining": str(max(bucket.limit.count - bucket.used, 0)),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(name.encode()).hexdigest()[:16],
        }

    def _refuse(
        self,
        name: str,
        major: str,
        wait: float,
        now: float,
        *,
        is_global: bool = False,
        headers: dict[str, str] | None = None,
    ) -> web.Response:
        self.limited.append(Limited(name, major, wait, is_global, now))
        return rate_limited(wait, is_global, headers)


def rate_limited(
    wait: float, is_global: bool, headers: dict[str, str] | None = None
) -> web.Response:
    """Discord's 429: wait `wait` seconds (`headers`: the bucket's, for a per-route limit)."""
    body = {
        "message": "You are being rate limited.",
        "retry_after": round(wait, 3),
        "global": is_global,
    }
    out = dict(headers or {})
    out["Retry-After"] = str(math.ceil(wait))
    out["X-RateLimit-Scope"] = "global" if is_global else "user"
    if is_global:
        out["X-RateLimit-Global"] = "true"
    out["Content-Type"] = "application/json"
    out["Via"] = "1.1 google"  # (discord.py takes a 429 without it for a Cloudflare ban)
    return web.Response(status=429, body=json.dumps(body).encode(), headers=out)


def describe(limited: list[Limited]) -> dict[str, Any]:
    """How many 429s each route gave (for a test's message)."""
    out: dict[str, int] = {}
    for r in limited:
        out[r.route] = out.get(r.route, 0) + 1
    return dict(out)
