"""The spectators' and Play again buttons: persistent `DynamicItem`s like the others
(components.py), their ids parsed and checked the same way (`Checked`: numbers in range, the
game living in the channel of the press) before the handler of their route (the Watching
cog's) answers them."""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord
from discord import ui

from bot.discord import turn_menus
from bot.discord.custom_ids import AGAIN_TEMPLATE
from bot.discord.items import Checked
from bot.discord.presses import number, numbers
from bot.runtime import components_json
from bot.runtime.components_json import Components

#: "Allow" on a request to watch an "ask" game: `w:<watcher row id>`.
ALLOW_TEMPLATE = r"br:(?P<game>\d+):w:(?P<watcher>\d+)"
#: "Decline" beside it: `wd:<watcher row id>`.
DECLINE_TEMPLATE = r"br:(?P<game>\d+):wd:(?P<watcher>\d+)"


class _Answer(Checked):
    """**Allow** or **Decline** on a request to watch: `br:<game>:<tag>:<watcher row id>`."""

    label: ClassVar[str]
    emoji: ClassVar[str | None] = None
    style: ClassVar[discord.ButtonStyle]
    tag: ClassVar[str]
    allows: ClassVar[bool]

    def __init__(self, button: ui.Button, game_id: int, watcher_id: int, valid: bool = True):
        super().__init__(button)  # type: ignore[call-arg]  # ui.DynamicItem's, next in line
        self.game_id, self.watcher_id, self.valid = game_id, watcher_id, valid

    @classmethod
    def build(cls, game_id: int, watcher_id: int) -> components_json.Button:
        return components_json.Button(
            f"br:{game_id}:{cls.tag}:{watcher_id}", cls.label, cls.style, emoji=cls.emoji
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: ui.Button,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> Self:
        ids = numbers(match, "game", "watcher")
        game_id, watcher_id = ids or (0, 0)
        return cls(item, game_id, watcher_id, valid=ids is not None)

    async def callback(self, interaction: discord.Interaction) -> Any:
        await self.handler(interaction, self.game_id, self.watcher_id, self.allows)


# (`ignore[misc]`: _Answer.from_custom_id takes the Button discord.py passes, typed as any Item.)
class AllowButton(_Answer, ui.DynamicItem[ui.Button], template=ALLOW_TEMPLATE):  # type: ignore[misc]
    label, emoji, style, tag, allows = "Allow", "👀", discord.ButtonStyle.success, "w", True


class DeclineButton(_Answer, ui.DynamicItem[ui.Button], template=DECLINE_TEMPLATE):  # type: ignore[misc]
    label, style, tag, allows = "Decline", discord.ButtonStyle.secondary, "wd", False


class PlayAgainButton(Checked, ui.DynamicItem[ui.Button], template=AGAIN_TEMPLATE):
    def __init__(self, button: ui.Button, game_id: int, valid: bool = True) -> None:
        super().__init__(button)
        self.game_id, self.valid = game_id, valid

    build = staticmethod(turn_menus.again_button)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: ui.Button,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> PlayAgainButton:
        game_id = number(match["game"])
        return cls(item, game_id or 0, valid=game_id is not None)

    async def callback(self, interaction: discord.Interaction) -> Any:
        await self.handler(interaction, self.game_id)


WATCH_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (AllowButton, DeclineButton, PlayAgainButton)


def allow_view(game_id: int, watcher_id: int) -> Components:
    return Components(
        [AllowButton.build(game_id, watcher_id), DeclineButton.build(game_id, watcher_id)]
    )
