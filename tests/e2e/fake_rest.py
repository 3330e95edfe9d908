"""The fake Discord's REST front door: every request under /api/v10 is recorded
(`fake.requests`), checked for the bot's token (webhook and interaction routes need none),
held if a test says so (`fake.hold`, `fake.hold_answer`), rate limited (`fake.rate_limits`),
refused if a test asked (`fake.refuse`), then routed to the handler of the first route whose
method and path match (each group's `routes()`: fake_lookups.py, fake_commands.py,
fake_webhooks.py, fake_channels.py, fake_threads.py); its result is answered as JSON (None:
204). Unknown routes get a JSON 404 and are kept in `fake.unknown_requests`; a handler's crash
is kept in `fake.handler_errors` and answered 400. Attachments are served from their URLs.
"""

from __future__ import annotations

import re
import time
import traceback
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import web

from tests.e2e.fake_http import json_response, read_body
from tests.e2e.fake_ratelimits import rate_limited
from tests.e2e.fake_records import Request

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord


class RouteGroup(Protocol):
    def routes(self) -> list[tuple[str, str, Callable[..., Any]]]: ...


class Rest:
    """The REST handlers of the fake's web server, and its route table."""

    def __init__(self, fake: FakeDiscord, groups: Iterable[RouteGroup]) -> None:
        self.fake = fake
        #: (method, path pattern, handler(rec, *path groups)); the first match answers
        self.routes = [(m, re.compile(p), h) for g in groups for m, p, h in g.routes()]

    async def attachment_handler(self, request: web.Request) -> web.StreamResponse:
        att = request.match_info["att"]
        for m in self.fake._messages.values():
            if att in m.files:
                return web.Response(body=m.files[att], content_type="application/octet-stream")
        raise web.HTTPNotFound()

    async def unknown_handler(self, request: web.Request) -> web.StreamResponse:
        rec = Request(request.method, request.path, dict(request.query), None, [], 404, time.time())
        self.fake.requests.append(rec)
        self.fake.unknown_requests.append(rec)
        self.fake._touch()
        return json_response({"message": "404: Not Found", "code": 0}, status=404)

    async def rest_handler(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        body, files = await read_body(request)
        rec = Request(request.method, path, dict(request.query), body, files, 0, time.time())
        self.fake.requests.append(rec)
        try:
            public = path.startswith(("/webhooks/", "/interactions/"))
            if not public and request.headers.get("Authorization") != f"Bot {self.fake.token}":
                return self.fake._error(rec, 401, 0, "401: Unauthorized")
            if self.fake.hold is not None and self.fake.hold(rec):  # no answer until `release_held`
                self.fake.held.append(rec)
                await self.fake._unheld.wait()
                return self.fake._error(rec, 503, 0, "503: held by the test")
            headers: dict[str, str] = {}
            if self.fake.rate_limits is not None:
                refused, headers = self.fake.rate_limits.take(request.method, path)
                if refused is not None:
                    rec.status = 429
                    return refused
            if (injected := self._injected(rec)) is not None:
                return injected
            for method, rx, handler in self.routes:
                if method != request.method:
                    continue
                m = rx.fullmatch(path)
                if m:
                    result = await handler(rec, *m.groups())
                    if self.fake.hold_answer is not None and self.fake.hold_answer(rec):
                        self.fake.held.append(rec)
                        await self.fake._unheld.wait()
                    if isinstance(result, web.StreamResponse):
                        rec.status = result.status
                        result.headers.update(headers)
                        return result
                    if result is None:
                        rec.status = 204
                        return web.Response(status=204, headers=headers)
                    rec.status = 200
                    answer = json_response(result)
                    answer.headers.update(headers)
                    return answer
            self.fake.unknown_requests.append(rec)
            return self.fake._error(rec, 404, 0, "404: Not Found")
        except Exception as exc:  # a bug in the fake: fail loudly, and with a 400 (no retries)
            self.fake.handler_errors.append((rec, traceback.format_exc()))
            return self.fake._error(rec, 400, 0, f"the fake Discord crashed: {exc!r}")
        finally:
            self.fake._touch()

    def _injected(self, rec: Request) -> web.Response | None:
        for r in self.fake.refusals:
            if (r.times is None or len(r.refused) < r.times) and r.match(rec):
                r.refused.append(rec)
                rec.status = r.status
                if r.status == 429:
                    return rate_limited(r.retry_after, is_global=False)
                body: dict[str, Any] = {"message": r.message, "code": r.code}
                if r.errors is not None:
                    body["errors"] = r.errors
                return json_response(body, status=r.status)
        return None
