"""Presses are routed by custom id (bot/discord/router.py), never by discord.py's view store:
every view we send is stopped, so discord.py neither stores it nor dispatches its presses
(a press handled twice would be answered twice)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.discord import components as comp
from bot.discord import custom_ids
from bot.discord.router import Router, pressed_values
from bot.discord.turn_menus import again_view, turn_view
from bot.discord.watch_buttons import WATCH_ITEMS, allow_view
from engine.core import Choice, Prompt

ROOT = Path(__file__).resolve().parents[2]


async def _handler(*args: object) -> None:
    """(never pressed here: these tests only match ids)"""


ROUTER = Router()
for _item in (*comp.DYNAMIC_ITEMS, *WATCH_ITEMS):
    ROUTER.add(_item, _handler)


async def test_every_view_we_send_is_stopped() -> None:
    prompt = Prompt(0, "Pick", [Choice(f"c{i}", f"Choice {i}") for i in range(30)])
    views = [
        turn_view(7, 3, [prompt], has_hands=True),
        comp.private_view(7, 3, prompt),
        comp.lobby_view(7),
        comp.rules_view("bazaar", 0, 3),
        again_view(7),
        allow_view(7, 9),
    ]
    for view in views:
        assert view is not None and view.to_components()
        assert view.is_finished()  # (discord.py stores only a view that is not)
        assert not view.is_dispatchable()


def test_views_are_only_built_as_sent_components() -> None:
    """One way to build a view: `sent.Components` (a discord.ui view would be stored and
    its presses dispatched by discord.py as well)."""
    found = []
    for path in (ROOT / "bot").rglob("*.py"):
        if re.search(r"\bui\.View\(", path.read_text()):
            found.append(path.name)
    assert found == []


def test_each_id_goes_to_its_item() -> None:
    cases = {
        custom_ids.choice_custom_id(1, 2, 0, "pass"): comp.ChoiceButton,
        custom_ids.select_custom_id(1, 2, 0, "abcdef"): comp.ChoiceSelect,
        custom_ids.private_custom_id(1, 2): comp.PrivateButton,
        custom_ids.more_custom_id(1, 2, 1): comp.MoreButton,
        custom_ids.hand_custom_id(1): comp.HandButton,
        custom_ids.lobby_custom_id(1, "join"): comp.LobbyButton,
        custom_ids.rules_custom_id("bazaar", 0): comp.RulesButton,
        "br:1:again": WATCH_ITEMS[2],
    }
    for custom_id, cls in cases.items():
        found = ROUTER.match(custom_id)
        assert found is not None and found[0] is cls, custom_id


def test_a_selects_values_come_from_the_press() -> None:
    class Press:
        data = {"custom_id": "x", "component_type": 3, "values": ["a", "b"]}

    assert pressed_values(Press()) == ["a", "b"]  # type: ignore[arg-type]
    Press.data = {"custom_id": "x", "component_type": 2}
    assert pressed_values(Press()) == []  # type: ignore[arg-type]


def test_a_press_counts_only_if_its_component_is_on_its_message() -> None:
    """`has_component` reads the pressed message's components as discord.py built them: the
    same id AND the same kind of component, in any row."""
    from types import SimpleNamespace

    import discord

    from bot.discord.pressed import has_component

    rows = [
        {
            "type": 1,
            "components": [{"type": 2, "style": 1, "custom_id": "br:1:2:p", "label": "Decide"}],
        },
        {"type": 1, "components": [{"type": 3, "custom_id": "br:1:2:s:0", "options": []}]},
    ]

    def press(custom_id: str, kind: int, message: list[dict] | None) -> SimpleNamespace:
        data = {"custom_id": custom_id, "component_type": kind}
        built = None
        if message is not None:
            built = SimpleNamespace(components=[discord.ActionRow(r) for r in message])  # type: ignore[arg-type]
        return SimpleNamespace(data=data, message=built)

    assert has_component(press("br:1:2:p", 2, rows), "br:1:2:p")  # type: ignore[arg-type]
    assert has_component(press("br:1:2:s:0", 3, rows), "br:1:2:s:0")  # type: ignore[arg-type]
    assert not has_component(press("br:1:2:s:0", 2, rows), "br:1:2:s:0")  # type: ignore[arg-type]
    assert not has_component(press("br:1:3:p", 2, rows), "br:1:3:p")  # type: ignore[arg-type]
    assert not has_component(press("br:1:2:p", 2, []), "br:1:2:p")  # type: ignore[arg-type]
    assert not has_component(press("br:1:2:p", 2, None), "br:1:2:p")  # type: ignore[arg-type]
