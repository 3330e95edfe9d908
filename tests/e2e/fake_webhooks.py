"""The fake Discord's answers to the bot answering interactions: the interaction callback
(`POST /interactions/{id}/{token}/callback`: a message, a deferral, an update of the
component's message, autocomplete choices, a modal; refused late with `interaction_deadline`
or twice), follow-ups (`POST /webhooks/{app}/{token}`, the first after a deferral editing the
loading message) and the webhook's messages (`@original` or a follow-up: get, edit, delete).
Each is recorded on the interaction's `Exchange`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e import discord_limits as limits
from tests.e2e.fake_records import EPHEMERAL, Exchange, Message, Request

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord


class WebhookRoutes:
    """Interaction callbacks and the webhook routes of an interaction's token."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def routes(self) -> list[tuple[str, str, Callable[..., Any]]]:
        s = r"(\d+)"
        t = r"([^/]+)"
        return [
            ("POST", rf"/interactions/{s}/{t}/callback", self._callback),
            ("POST", rf"/webhooks/{s}/{t}", self._followup),
            ("GET", rf"/webhooks/{s}/{t}/messages/{t}", self._wh_get),
            ("PATCH", rf"/webhooks/{s}/{t}/messages/{t}", self._wh_edit),
            ("DELETE", rf"/webhooks/{s}/{t}/messages/{t}", self._wh_delete),
        ]

    def _exchange(self, rec: Request, token: str) -> Exchange | web.Response:
        ex = self.fake._by_token.get(token)
        if ex is None:
            return self.fake._error(rec, 404, 10015, "Unknown Webhook")
        return ex

    async def _callback(self, rec: Request, iid: str, token: str) -> Any:
        ex = self.fake.exchanges.get(int(iid))
        if ex is None or ex.token != token:
            return self.fake._error(rec, 404, 10062, "Unknown interaction")
        if ex.callback is not None:
            return self.fake._error(rec, 400, 40060, "Interaction has already been acknowledged.")
        body = rec.json or {}
        ctype = int(body.get("type", 0))
        data = body.get("data") or {}
        late = time.perf_counter() - ex.sent_at
        if self.fake.interaction_deadline is not None and late > self.fake.interaction_deadline:
            self.fake.late_callbacks.append(ex)
            return self.fake._error(rec, 404, 10062, "Unknown interaction")
        if bad := self.fake._invalid(rec, limits.callback(body, rec.files)):
            return bad
        if ctype in (4, 5, 7) and (
            refused := await self.fake.threads.before_send(
                rec, ex.channel_id, self.fake.app_id, ctype != 7
            )
        ):
            return refused
        ex.callback = {"type": ctype, "data": data}
        ex.callback_at = time.perf_counter()
        if ctype not in (5, 6):
            ex.answered_at = ex.callback_at
        ex.callback_files = rec.files
        message: Message | None = None
        if ctype in (4, 5):
            eph = bool(int(data.get("flags") or 0) & EPHEMERAL)
            message = self.fake._new_message(
                ex.channel_id,
                data,
                rec.files,
                ephemeral_for=ex.user_id if eph else None,
                interaction=ex,
                loading=ctype == 5,
            )
            ex.original_id = message.id
        elif ctype == 7:
            message = self.fake.message(ex.source_message_id) if ex.source_message_id else None
            if message is None:
                return self.fake._error(rec, 400, 50035, "Invalid Form Body (no message to update)")
            self.fake._edit(message, data, rec.files)
        elif ctype == 6:
            if ex.source_message_id is None:
                return self.fake._error(rec, 400, 50035, "Invalid Form Body (deferred update)")
        elif ctype not in (1, 8, 9):
            return self.fake._error(rec, 400, 50035, f"Invalid interaction response type {ctype}")
        if "with_response" not in rec.query:
            return None
        out: dict[str, Any] = {
            "interaction": {
                "id": str(ex.id),
                "type": ex.type,
                "response_message_loading": ctype == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": ctype},
        }
        if message is not None:
            out["interaction"]["response_message_id"] = str(message.id)
            out["resource"]["message"] = message.data
        return out

    async def _followup(self, rec: Request, app: str, token: str) -> Any:
        ex = self._exchange(rec, token)
        if isinstance(ex, web.Response):
            return ex
        if ex.callback is None:
            return self.fake._error(
                rec, 400, 10015, "Unknown Webhook (interaction not acknowledged)"
            )
        body = rec.json or {}
        if bad := self.fake._invalid(rec, limits.message(body, rec.files)):
            return bad
        if refused := await self.fake.threads.before_send(rec, ex.channel_id, self.fake.app_id):
            return refused
        eph = bool(int(body.get("flags") or 0) & EPHEMERAL)
        original = ex.original
        if ex.callback_type == 5 and original and original.loading:
            # The first follow-up after a deferred message is Edit Original: it edits the
            # loading message, the ephemeral flag ignored (the deferral's is kept), and fails
            # as that edit would once the loading message was deleted.
            if original.deleted:
                return self.fake._error(rec, 404, 10008, "Unknown Message")
            msg = original
            self.fake._edit(msg, body, rec.files)
        else:
            msg = self.fake._new_message(
                ex.channel_id,
                body,
                rec.files,
                ephemeral_for=ex.user_id if eph else None,
                interaction=ex,
            )
            ex.followup_ids.append(msg.id)
        ex.webhook_calls += 1
        ex.answered_at = ex.answered_at or time.perf_counter()
        return msg.data  # (Discord: for an interaction's follow-up, `wait` is always true)

    def _wh_message(self, rec: Request, ex: Exchange, mid: str) -> Message | web.Response:
        target = ex.original_id if mid == "@original" else int(mid)
        msg = self.fake._messages.get(target) if target else None
        if msg is None or msg.deleted:
            return self.fake._error(rec, 404, 10008, "Unknown Message")
        return msg

    async def _wh_get(self, rec: Request, app: str, token: str, mid: str) -> Any:
        ex = self._exchange(rec, token)
        if isinstance(ex, web.Response):
            return ex
        msg = self._wh_message(rec, ex, mid)
        return msg if isinstance(msg, web.Response) else msg.data

    async def _wh_edit(self, rec: Request, app: str, token: str, mid: str) -> Any:
        ex = self._exchange(rec, token)
        if isinstance(ex, web.Response):
            return ex
        msg = self._wh_message(rec, ex, mid)
        if isinstance(msg, web.Response):
            return msg
        if refused := self.fake._checked_edit(rec, msg):
            return refused
        ex.webhook_calls += 1
        ex.answered_at = ex.answered_at or time.perf_counter()
        return msg.data

    async def _wh_delete(self, rec: Request, app: str, token: str, mid: str) -> Any:
        ex = self._exchange(rec, token)
        if isinstance(ex, web.Response):
            return ex
        msg = self._wh_message(rec, ex, mid)
        if isinstance(msg, web.Response):
            return msg
        msg.deleted = True  # (answers nothing: a deleted "thinking…" leaves the defer unanswered)
        return None
