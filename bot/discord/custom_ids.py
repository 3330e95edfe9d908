"""Custom ids of Boardroom's components: building them and reading them back. Every id starts
with `br:` and carries the game id, and for turn components the state version it was built
for, so a press on an old message is recognised (even after a restart) and refused politely."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.discord.limits import CUSTOM_ID_MAX
from engine.core import Prompt

_G = r"br:(?P<game>\d+)"
_GV = _G + r":(?P<version>\d+)"
#: Private menus (a player's own: secret decisions and the steps of a move) add
#: `f<fingerprint of the menu>`: other players deciding meanwhile bump the version, but the menu
#: stays good as long as it is still the presser's menu.
_FP = r"(?::f(?P<fp>[0-9a-f]{6}))?"
#: A choice button: `c:<choice id>` when it fits in 100 characters, else `i:<index in prompt>`.
CHOICE_TEMPLATE = _GV + _FP + r":(?P<kind>[ci]):(?P<ref>.+)"
#: A select menu of one page of choices; its values are the choice ids.
SELECT_TEMPLATE = _GV + _FP + r":s:(?P<page>\d+)"
#: "Decide privately": shows the presser's own prompt ephemerally.
PRIVATE_TEMPLATE = _GV + r":p"
#: "More choices…": shows the next pages of a long prompt ephemerally.
MORE_TEMPLATE = _GV + r":m:(?P<page>\d+)"
#: "Show my hand" (not tied to a version: a hand is always shown as it is now).
HAND_TEMPLATE = _G + r":h"
#: "Text board": the board as text for a screen reader (not tied to a version either).
TEXT_BOARD_TEMPLATE = _G + r":tb"
#: "Full board": the whole tall board, only to the presser (not tied to a version either).
FULL_BOARD_TEMPLATE = _G + r":fb"
#: "My view": the presser's personal link to the game's page on the web (bot/web).
MY_VIEW_TEMPLATE = _G + r":web"
#: Lobby buttons.
LOBBY_TEMPLATE = _G + r":l:(?P<action>join|leave|start)"
#: "Play again" on a finished game's final message.
AGAIN_TEMPLATE = _G + r":again"
#: An event's sign-up buttons (not tied to a game): `br:e:<event>:join|leave`.
EVENT_TEMPLATE = r"br:e:(?P<event>\d+):(?P<action>join|leave)"
#: Rules paging (not tied to a game).
RULES_TEMPLATE = r"br:r:(?P<slug>[A-Za-z0-9_.-]+):(?P<page>\d+)"


def _head(game_id: int, version: int, fingerprint: str | None) -> str:
    fp = f":f{fingerprint}" if fingerprint else ""
    return f"br:{game_id}:{version}{fp}"


def choice_custom_id(
    game_id: int, version: int, index: int, choice_id: str, fingerprint: str | None = None
) -> str:
    """The choice id itself when it fits, else its index in the prompt (resolved at press time
    against the same version or prompt, so the index cannot point at a different choice)."""
    head = _head(game_id, version, fingerprint)
    cid = f"{head}:c:{choice_id}"
    if len(cid) <= CUSTOM_ID_MAX and "\n" not in choice_id and choice_id:
        return cid
    return f"{head}:i:{index}"


def select_custom_id(game_id: int, version: int, page: int, fingerprint: str | None = None) -> str:
    return f"{_head(game_id, version, fingerprint)}:s:{page}"


def private_custom_id(game_id: int, version: int) -> str:
    return f"br:{game_id}:{version}:p"


def more_custom_id(game_id: int, version: int, page: int) -> str:
    return f"br:{game_id}:{version}:m:{page}"


def hand_custom_id(game_id: int) -> str:
    return f"br:{game_id}:h"


def text_board_custom_id(game_id: int) -> str:
    return f"br:{game_id}:tb"


def full_board_custom_id(game_id: int) -> str:
    return f"br:{game_id}:fb"


def my_view_custom_id(game_id: int) -> str:
    return f"br:{game_id}:web"


def lobby_custom_id(game_id: int, action: str) -> str:
    return f"br:{game_id}:l:{action}"


def again_custom_id(game_id: int) -> str:
    return f"br:{game_id}:again"


def event_custom_id(event_id: int, action: str) -> str:
    return f"br:e:{event_id}:{action}"


def rules_custom_id(slug: str, page: int) -> str:
    return f"br:r:{slug}:{page}"


def ids_in(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """The custom ids of a message's components, from its action rows as Discord sends them
    (`ActionRow.to_dict()`, or ours: `Components.to_components()`)."""
    return [c["custom_id"] for row in rows for c in row.get("components", ()) if "custom_id" in c]


@dataclass(frozen=True)
class ChoiceRef:
    """A parsed choice button: game, version, and how to find the choice."""

    game_id: int
    version: int
    kind: str  # "c": ref is the choice id; "i": ref is the index in the prompt
    ref: str
    #: Set on private menus: the fingerprint of the prompt the menu was built from.
    fingerprint: str | None = None

    def index(self) -> int | None:
        """The index in the prompt this button stands for (None: it names its choice id, or
        its index is not a number)."""
        return int(self.ref) if self.kind == "i" and self.ref.isdigit() else None

    def resolve(self, prompt: Prompt | None) -> str | None:
        """The choice id this button stands for (None: it no longer matches the prompt)."""
        if self.kind == "c":
            return self.ref
        if prompt is None or not self.ref.isdigit():
            return None
        index = int(self.ref)
        return prompt.choices[index].id if index < len(prompt.choices) else None


def parse_choice_custom_id(custom_id: str) -> ChoiceRef | None:
    m = re.fullmatch(CHOICE_TEMPLATE, custom_id)
    if m is None:
        return None
    return ChoiceRef(int(m["game"]), int(m["version"]), m["kind"], m["ref"], m["fp"])
