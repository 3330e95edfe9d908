"""The checks every component press passes (bot/discord/presses.py): numbers in range, one
value per select, the game's channel (looked up once per game)."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.discord import custom_ids
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.presses import (
    ELSEWHERE,
    MAX_INT,
    NOT_MINE,
    ONE_VALUE,
    GameChannels,
    Presses,
    number,
    numbers,
)
from bot.discord.router import Router
from bot.discord.watch_buttons import WATCH_ITEMS
from bot.errors import ServiceError


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0", 0),
        ("42", 42),
        (str(MAX_INT), MAX_INT),
        (str(MAX_INT + 1), None),
        ("9" * 25, None),
        ("", None),
        (None, None),
        ("١٢", None),  # digits of another script: `\d` matches them, `int` accepts them
        ("-1", None),
        (" 1", None),
    ],
)
def test_number(text: str | None, value: int | None):
    assert number(text) == value


def test_numbers_fail_together():
    match = re.fullmatch(custom_ids.MORE_TEMPLATE, f"br:1:2:m:{'9' * 25}")
    assert match is not None
    assert numbers(match, "game", "version") == (1, 2)
    assert numbers(match, "game", "version", "page") is None


async def _handler(*args: object) -> None:
    """(never pressed here: these tests only match ids)"""


ROUTER = Router()
for _item in (*DYNAMIC_ITEMS, *WATCH_ITEMS):
    ROUTER.add(_item, _handler)


@pytest.mark.parametrize(
    "custom_id",
    [
        custom_ids.choice_custom_id(1, 2, 0, "pass"),
        custom_ids.choice_custom_id(1, 2, 3, "x" * 200),
        custom_ids.select_custom_id(1, 2, 0, "abcdef"),
        custom_ids.private_custom_id(1, 2),
        custom_ids.more_custom_id(1, 2, 1),
        custom_ids.hand_custom_id(1),
        custom_ids.lobby_custom_id(1, "join"),
        custom_ids.rules_custom_id("bazaar", 0),
    ],
)
def test_our_ids_are_ours(custom_id: str):
    assert ROUTER.match(custom_id) is not None


@pytest.mark.parametrize("custom_id", ["garbage", "br:abc", "br:1:2:zz", "br:1:l:dance", ""])
def test_other_ids_are_not(custom_id: str):
    assert ROUTER.match(custom_id) is None


class CountingService:
    def __init__(self, channels: dict[int, int]) -> None:
        self.channels = channels
        self.calls = 0

    async def channel_of(self, game_id: int) -> int:
        self.calls += 1
        if game_id not in self.channels:
            raise ServiceError("That game doesn't exist any more.")
        return self.channels[game_id]


async def test_a_games_channel_is_looked_up_once():
    service = CountingService({1: 100, 2: 200})
    channels = GameChannels(service, size=1)  # type: ignore[arg-type]
    assert [await channels.of(1), await channels.of(1)] == [100, 100]
    assert service.calls == 1
    await channels.of(2)  # evicts game 1 (size 1)
    await channels.of(1)
    assert service.calls == 3
    with pytest.raises(ServiceError):
        await channels.of(3)
    with pytest.raises(ServiceError):  # not remembered: the game may be created later
        await channels.of(3)
    assert service.calls == 5


def interaction(channel_id: int) -> Any:
    return SimpleNamespace(
        extras={},
        channel_id=channel_id,
        response=SimpleNamespace(is_done=lambda: False),
        type=discord.InteractionType.component,
    )


async def test_refusals_in_order():
    presses = Presses(CountingService({1: 100}))  # type: ignore[arg-type]

    async def refusal(channel: int, game: int | None, valid: bool = True, values=None):
        return await presses.refusal(interaction(channel), game, valid, values)

    assert await refusal(100, 1) is None
    assert await refusal(100, None) is None  # rules paging: no game, any channel
    assert await refusal(100, 1, valid=False) == NOT_MINE
    assert await refusal(100, 1, values=["a", "b"]) == ONE_VALUE
    assert await refusal(100, 1, values=[]) == ONE_VALUE
    assert await refusal(100, 1, values=["a"]) is None
    assert await refusal(555, 1) == ELSEWHERE.format(channel=100)
    assert "doesn't exist" in (await refusal(100, 2) or "")
