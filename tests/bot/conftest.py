"""Fixtures shared by the bot's unit tests."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.runtime import discord_http

Kind = discord.InteractionResponseType


async def _answer_through_response(
    it: Any,
    kind: discord.InteractionResponseType,
    *,
    ephemeral: bool = False,
    with_id: bool = False,
    **kwargs: Any,
) -> int | None:
    """`discord_http.answer` for a stub interaction: the call discord.py's own answer makes, so a stub
    `response` records it (the real requests are checked end to end, tests/e2e)."""
    response = it.response
    if kind is Kind.channel_message:
        sent = await response.send_message(ephemeral=ephemeral, **kwargs)
        return sent.message_id if with_id else None
    elif kind is Kind.message_update:
        await response.edit_message(**kwargs)
    elif kind is Kind.deferred_message_update:
        await response.defer()
    else:
        await response.defer(thinking=True, ephemeral=ephemeral)
    return None


async def _followup_through_stub(it: Any, **kwargs: Any) -> int:
    """`discord_http.followup` for a stub interaction: its `followup` stub records it."""
    return (await it.followup.send(wait=True, **kwargs)).id


@pytest.fixture
def stub_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers and follow-ups of stub interactions go to their `response` and `followup`
    stubs."""
    monkeypatch.setattr(discord_http, "answer", _answer_through_response)
    monkeypatch.setattr(discord_http, "followup", _followup_through_stub)
