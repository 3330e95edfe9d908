"""The buttons and selects a message is sent with, built straight as Discord's JSON.

Presses come back by custom id (bot/discord/router.py), so what we send needs no discord.ui
object: no `View` (discord.py would store a view that is not finished, and it builds a future
and a timer for each), no `Button`/`Select` items, no `DynamicItem` wrapping each. Built as ui
items, the components of a decision (the turn message's, the private menu's at each step)
cost 0.14-0.18 ms of the bot's CPU per message (bench/entries/timed_bot.py, Mombasa), about
0.5 ms per decision. discord.py accepts `Components` wherever it takes a view: it reads only
the members below (`__discord_ui_view__` is how it recognises a view: a protocol of its
own, hence behind the wall). tests/runtime/test_components_json.py checks the JSON against
discord.py's own."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby
from typing import Any, ClassVar

import discord

#: Discord's limits: five action rows, five buttons (or one select) in a row.
ROWS = 5
ROW_WIDTH = 5


@dataclass(frozen=True, slots=True)
class Button:
    custom_id: str
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | None = None
    disabled: bool = False
    row: int | None = None

    width: ClassVar[int] = 1

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": 2, "style": self.style.value, "disabled": self.disabled}
        if self.label:
            out["label"] = self.label
        out["custom_id"] = self.custom_id
        if self.emoji is not None:
            out["emoji"] = {"id": None, "name": self.emoji}
        return out


@dataclass(frozen=True, slots=True)
class LinkButton:
    """A button that opens a web page (Discord's link style): no custom id, so no press ever
    comes back to the bot."""

    url: str
    label: str
    emoji: str | None = None
    row: int | None = None

    width: ClassVar[int] = 1

    @property
    def custom_id(self) -> None:
        """(None: a link button has no custom id; Discord refuses one.)"""
        return None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": 2, "style": discord.ButtonStyle.link.value}
        out["disabled"] = False
        if self.label:
            out["label"] = self.label
        out["url"] = self.url
        if self.emoji is not None:
            out["emoji"] = {"id": None, "name": self.emoji}
        return out


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    value: str
    description: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label, "value": self.value, "default": False}
        if self.description:
            out["description"] = self.description
        return out


@dataclass(frozen=True, slots=True)
class Select:
    """A select of one value."""

    custom_id: str
    options: tuple[Option, ...]
    placeholder: str | None = None
    row: int | None = None

    width: ClassVar[int] = ROW_WIDTH

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": 3,
            "custom_id": self.custom_id,
            "min_values": 1,
            "max_values": 1,
            "disabled": False,
            "required": True,
        }
        if self.placeholder:
            out["placeholder"] = self.placeholder
        out["options"] = [o.to_dict() for o in self.options]
        return out


Item = Button | Select | LinkButton


class Components:
    """A message's components, ready to send (in place of a discord.ui view): their presses
    come back through `Router.route`."""

    __discord_ui_view__: ClassVar[bool] = True  # (what discord.py checks a view by)
    timeout = None

    def __init__(self, items: Iterable[Item]) -> None:
        self.items = list(items)
        self._rows = _action_rows(self.items)

    def to_components(self) -> list[dict[str, Any]]:
        return self._rows

    def has_components_v2(self) -> bool:
        return False

    def is_finished(self) -> bool:
        """Nothing for discord.py to store or listen to."""
        return True

    def is_dispatchable(self) -> bool:
        return False


def _action_rows(items: list[Item]) -> list[dict[str, Any]]:
    """Items in their rows, as discord.py lays out a view: an item with a row goes there, one
    without goes to the first row with room for it; rows in order, items in the order given.
    ValueError if they do not fit."""
    used = [0] * ROWS
    placed: list[tuple[int, Item]] = []
    for item in items:
        if item.row is not None:
            row = item.row
        else:
            row = next((r for r in range(ROWS) if used[r] + item.width <= ROW_WIDTH), ROWS)
        if row >= ROWS or used[row] + item.width > ROW_WIDTH:
            name = item.custom_id or getattr(item, "url", "")
            raise ValueError(f"no room for {name!r} in the message's rows")
        used[row] += item.width
        placed.append((row, item))
    placed.sort(key=lambda p: p[0])  # (stable: the order given, within a row)
    return [
        {"type": 1, "components": [item.to_dict() for _, item in group]}
        for _, group in groupby(placed, key=lambda p: p[0])
    ]
