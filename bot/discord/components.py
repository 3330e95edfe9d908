"""Buttons and select menus. Each kind is a `DynamicItem` class whose custom id carries what it
needs (game id, state version, choice), so a press on any message, even one posted before a
restart, is routed here (router.py). Each item only parses its id and calls the handler its
route gives it (a cog declares the route: `Router.add`), after the checks every press passes
(`Checked`, see presses.py): numbers in range, one value per select, and the game living in
the channel the press came from. Its `build` gives what a message is sent with: the
`components_json.Button` or `components_json.Select` (components_json.py; the turn message's are built in turn_menus.py)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.discord import custom_ids, turn_menus
from bot.discord.event_buttons import EventButton
from bot.discord.items import Checked, GameButton
from bot.discord.presses import number, numbers
from bot.discord.router import pressed_values
from bot.runtime import components_json
from bot.runtime.components_json import Components
from bot.service.drafts import fingerprint
from engine.core import Prompt

Interaction = discord.Interaction

# Each `from_custom_id` below takes the item its DynamicItem wraps (a Button or a Select), which
# is what discord.py passes; its stub types the argument as any Item, hence `ignore[override]`.


class ChoiceButton(Checked, ui.DynamicItem[ui.Button], template=custom_ids.CHOICE_TEMPLATE):
    def __init__(self, button: ui.Button, ref: custom_ids.ChoiceRef, valid: bool = True) -> None:
        super().__init__(button)
        self.ref = ref
        self.game_id = ref.game_id
        self.private = ref.fingerprint is not None
        self.valid = valid

    build = staticmethod(turn_menus.choice_button)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: ui.Button,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> ChoiceButton:
        ids = numbers(match, "game", "version")
        game_id, version = ids or (0, 0)
        ref = custom_ids.ChoiceRef(game_id, version, match["kind"], match["ref"], match["fp"])
        index_ok = match["kind"] != "i" or number(match["ref"]) is not None
        return cls(item, ref, valid=ids is not None and index_ok)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.ref)


class ChoiceSelect(Checked, ui.DynamicItem[ui.Select], template=custom_ids.SELECT_TEMPLATE):
    game_id: int  # always a game's

    def __init__(
        self,
        select: ui.Select,
        game_id: int,
        version: int,
        fingerprint: str | None = None,
        valid: bool = True,
    ) -> None:
        super().__init__(select)
        self.game_id = game_id
        self.version = version
        self.fingerprint = fingerprint
        self.private = fingerprint is not None
        self.valid = valid

    build = staticmethod(turn_menus.choice_select)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: ui.Select,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> ChoiceSelect:
        ids = numbers(match, "game", "version", "page")
        game_id, version, _ = ids or (0, 0, 0)
        return cls(item, game_id, version, match["fp"], valid=ids is not None)

    def pressed_values(self, interaction: Interaction) -> list[str]:
        return pressed_values(interaction)

    async def callback(self, interaction: Interaction) -> Any:
        (value,) = pressed_values(interaction)  # exactly one: checked before (`Checked`)
        ref = custom_ids.ChoiceRef(self.game_id, self.version, "c", value, self.fingerprint)
        await self.handler(interaction, ref)


class PrivateButton(Checked, ui.DynamicItem[ui.Button], template=custom_ids.PRIVATE_TEMPLATE):
    def __init__(self, button: ui.Button, game_id: int, version: int, valid: bool = True) -> None:
        super().__init__(button)
        self.game_id = game_id
        self.version = version
        self.valid = valid

    build = staticmethod(turn_menus.private_button)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: ui.Button,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> PrivateButton:
        ids = numbers(match, "game", "version")
        game_id, version = ids or (0, 0)
        return cls(item, game_id, version, valid=ids is not None)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.game_id, self.version)


class MoreButton(Checked, ui.DynamicItem[ui.Button], template=custom_ids.MORE_TEMPLATE):
    def __init__(
        self, button: ui.Button, game_id: int, version: int, page: int, valid: bool = True
    ) -> None:
        super().__init__(button)
        self.game_id = game_id
        self.version = version
        self.page = page
        self.valid = valid

    build = staticmethod(turn_menus.more_button)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: ui.Button,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> MoreButton:
        ids = numbers(match, "game", "version", "page")
        game_id, version, page = ids or (0, 0, 0)
        return cls(item, game_id, version, page, valid=ids is not None)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.game_id, self.version, self.page)


class HandButton(GameButton, ui.DynamicItem[ui.Button], template=custom_ids.HAND_TEMPLATE):
    build = staticmethod(turn_menus.hand_button)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.game_id)


class FullBoardButton(
    GameButton, ui.DynamicItem[ui.Button], template=custom_ids.FULL_BOARD_TEMPLATE
):
    """The whole board (the tall image, every panel) as it is now, only to the presser: the
    turn post's image shows the map, whose turn, what changed and the scores."""

    build = staticmethod(turn_menus.full_board_button)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.game_id)


class TextBoardButton(
    GameButton, ui.DynamicItem[ui.Button], template=custom_ids.TEXT_BOARD_TEMPLATE
):
    """The board as structured text, only to the presser (`/game board text:on`)."""

    build = staticmethod(turn_menus.text_board_button)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.game_id)


class MyViewButton(GameButton, ui.DynamicItem[ui.Button], template=custom_ids.MY_VIEW_TEMPLATE):
    """The presser's own link to the game's page on the web (`/game web`), only to them."""

    build = staticmethod(turn_menus.my_view_button)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.game_id)


class LobbyButton(Checked, ui.DynamicItem[ui.Button], template=custom_ids.LOBBY_TEMPLATE):
    LOOK = {
        "join": ("Join", discord.ButtonStyle.success),
        "leave": ("Leave", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.primary),
    }

    def __init__(self, button: ui.Button, game_id: int, action: str, valid: bool = True) -> None:
        super().__init__(button)
        self.game_id = game_id
        self.action = action
        self.valid = valid

    @classmethod
    def build(cls, game_id: int, action: str) -> components_json.Button:
        label, style = cls.LOOK[action]
        return components_json.Button(
            custom_ids.lobby_custom_id(game_id, action), label, style, row=0
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: ui.Button,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> LobbyButton:
        game_id = number(match["game"])
        return cls(item, game_id or 0, match["action"], valid=game_id is not None)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.game_id, self.action)


class RulesButton(Checked, ui.DynamicItem[ui.Button], template=custom_ids.RULES_TEMPLATE):
    def __init__(self, button: ui.Button, slug: str, page: int, valid: bool = True) -> None:
        super().__init__(button)
        self.slug = slug
        self.page = page
        self.valid = valid

    @classmethod
    def build(
        cls, slug: str, page: int, label: str, disabled: bool = False
    ) -> components_json.Button:
        return components_json.Button(
            custom_ids.rules_custom_id(slug, page), label, disabled=disabled, row=0
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: ui.Button,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> RulesButton:
        page = number(match["page"])
        return cls(item, match["slug"], page or 0, valid=page is not None)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.slug, self.page)


#: A substitute request's buttons (bot/discord/substitutes.py): `u:<request id>:<action>`.
SUBSTITUTE_TEMPLATE = r"br:(?P<game>\d+):u:(?P<req>\d+):(?P<action>take|approve|reject|cancel)"


class SubstituteButton(Checked, ui.DynamicItem[ui.Button], template=SUBSTITUTE_TEMPLATE):
    LOOK = {
        "take": ("Take this seat", discord.ButtonStyle.success),
        "approve": ("Approve", discord.ButtonStyle.success),
        "reject": ("Reject", discord.ButtonStyle.danger),
        "cancel": ("Cancel request", discord.ButtonStyle.secondary),
    }

    def __init__(
        self, button: ui.Button, game_id: int, request_id: int, action: str, valid: bool = True
    ) -> None:
        super().__init__(button)
        self.game_id, self.request_id, self.action, self.valid = game_id, request_id, action, valid

    @classmethod
    def build(cls, game_id: int, request_id: int, action: str) -> components_json.Button:
        label, style = cls.LOOK[action]
        return components_json.Button(f"br:{game_id}:u:{request_id}:{action}", label, style)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: ui.Button,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> SubstituteButton:
        ids = numbers(match, "game", "req")
        game_id, request_id = ids or (0, 0)
        return cls(item, game_id, request_id, match["action"], valid=ids is not None)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.request_id, self.action)


#: Replay navigation (bot/discord/replay.py): `y:<move shown>:<button>`, the button (back 10,
#: back 1, forward 1, forward 10) keeping the ids on one message distinct at the ends.
REPLAY_TEMPLATE = r"br:(?P<game>\d+):y:(?P<move>\d+):(?P<step>b10|b1|f1|f10)"


class ReplayButton(Checked, ui.DynamicItem[ui.Button], template=REPLAY_TEMPLATE):
    def __init__(self, button: ui.Button, game_id: int, move: int, valid: bool = True) -> None:
        super().__init__(button)
        self.game_id, self.move, self.valid = game_id, move, valid

    @classmethod
    def build(
        cls, game_id: int, move: int, step: str, label: str, disabled: bool
    ) -> components_json.Button:
        return components_json.Button(f"br:{game_id}:y:{move}:{step}", label, disabled=disabled)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: ui.Button,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> ReplayButton:
        ids = numbers(match, "game", "move")
        game_id, move = ids or (0, 0)
        return cls(item, game_id, move, valid=ids is not None)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.game_id, self.move)


#: `/game history` paging: `br:h:<c(hannel)|s(erver)>:<page>`, of the press's own channel or
#: server (no game: nothing to check against a channel).
HISTORY_TEMPLATE = r"br:h:(?P<scope>c|s):(?P<page>\d+)"


class HistoryButton(Checked, ui.DynamicItem[ui.Button], template=HISTORY_TEMPLATE):
    def __init__(self, button: ui.Button, scope: str, page: int, valid: bool = True) -> None:
        super().__init__(button)
        self.scope, self.page, self.valid = scope, page, valid

    @classmethod
    def build(cls, scope: str, page: int, label: str, disabled: bool) -> components_json.Button:
        return components_json.Button(f"br:h:{scope[0]}:{page}", label, disabled=disabled)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: ui.Button,  # type: ignore[override]
        match: re.Match[str],
        /,
    ) -> HistoryButton:
        page = number(match["page"])
        scope = "server" if match["scope"] == "s" else "channel"
        return cls(item, scope, page or 0, valid=page is not None)

    async def callback(self, interaction: Interaction) -> Any:
        await self.handler(interaction, self.scope, self.page)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    ChoiceButton,
    ChoiceSelect,
    PrivateButton,
    MoreButton,
    HandButton,
    FullBoardButton,
    TextBoardButton,
    MyViewButton,
    LobbyButton,
    EventButton,
    RulesButton,
    SubstituteButton,
    ReplayButton,
    HistoryButton,
)


# ---- views ---------------------------------------------------------------------------------
def private_view(game_id: int, version: int, prompt: Prompt, start_page: int = 0) -> Components:
    """A player's own menu (ephemeral): its ids carry the prompt's fingerprint, so it stays
    usable while others decide."""
    fp = fingerprint(prompt)
    return Components(turn_menus.choice_items(game_id, version, prompt, start_page, fingerprint=fp))


def lobby_view(game_id: int) -> Components:
    return Components([LobbyButton.build(game_id, a) for a in ("join", "leave", "start")])


def rules_view(slug: str, page: int, total: int) -> Components | None:
    if total <= 1:
        return None
    return Components(
        [
            RulesButton.build(slug, max(page - 1, 0), "◀", disabled=page == 0),
            RulesButton.build(slug, min(page + 1, total - 1), "▶", disabled=page >= total - 1),
        ]
    )
