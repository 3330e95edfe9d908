"""The components we send as JSON (bot/runtime/components_json.py) are what discord.py would have sent for
the same buttons and selects in a ui.View: discord.py is the reference."""

from __future__ import annotations

import pytest
from discord import SelectOption, ui

from bot.discord import components as comp
from bot.discord import turn_menus
from bot.discord.turn_menus import again_view
from bot.discord.watch_buttons import AllowButton, DeclineButton, allow_view
from bot.runtime import components_json as sent
from engine.core import Choice, Prompt


def as_discord_py(view: sent.Components) -> list[dict]:
    """The same items as discord.py's own ui items in a View, rendered by discord.py."""
    reference = ui.View(timeout=None)
    for item in view.items:
        if isinstance(item, sent.LinkButton):
            reference.add_item(
                ui.Button(label=item.label, url=item.url, emoji=item.emoji, row=item.row)
            )
        elif isinstance(item, sent.Button):
            reference.add_item(
                ui.Button(
                    label=item.label,
                    custom_id=item.custom_id,
                    style=item.style,
                    emoji=item.emoji,
                    disabled=item.disabled,
                    row=item.row,
                )
            )
        else:
            options = [
                SelectOption(label=o.label, value=o.value, description=o.description)
                for o in item.options
            ]
            reference.add_item(
                ui.Select(
                    custom_id=item.custom_id,
                    placeholder=item.placeholder,
                    options=options,
                    min_values=1,
                    max_values=1,
                    row=item.row,
                )
            )
    return reference.to_components()


def prompts() -> list[Prompt]:
    """Menus of every layout: a few buttons (steps among them), a select, several pages with
    "More choices…", long labels."""
    few = [Choice("pass", "Pass"), Choice("card:1", "Play a card", step=True)]
    many = [Choice(f"c{i}", f"Choice {i}", step=i % 3 == 0) for i in range(12)]
    huge = [Choice(f"x{i}", f"A rather long label for choice number {i} " * 3) for i in range(90)]
    return [Prompt(0, "Pick", few), Prompt(1, "Pick one", many), Prompt(2, "Choose", huge)]


async def test_sent_components_are_discord_pys_own() -> None:
    views: list[sent.Components | None] = []
    for prompt in prompts():
        for hands in (True, False):
            views.append(turn_menus.turn_view(7, 12, [prompt], has_hands=hands))
        for page in (0, 1, 2):
            views.append(comp.private_view(7, 12, prompt, start_page=page))
    secret = [Prompt(0, "Bid", [Choice("1", "1")], secret=True), Prompt(1, "Bid", [], secret=True)]
    views.append(turn_menus.turn_view(7, 12, secret, has_hands=True))
    views += [comp.lobby_view(3), comp.rules_view("bazaar", 1, 4), again_view(5), allow_view(5, 9)]
    views.append(sent.Components(comp.SubstituteButton.build(5, 2, a) for a in ("take", "cancel")))
    views.append(sent.Components([comp.ReplayButton.build(5, 3, "b1", "◀", disabled=True)]))
    views.append(sent.Components([comp.HistoryButton.build("server", 2, "Older ▶", False)]))
    assert AllowButton.build(5, 9).emoji == "👀" and DeclineButton.build(5, 9).emoji is None
    assert len(views) == 23
    for view in views:
        assert view is not None
        assert view.to_components() == as_discord_py(view)


def test_rows_fill_as_discord_pys_and_overflow_is_refused() -> None:
    buttons = [sent.Button(f"b{i}", f"B{i}") for i in range(7)]
    rows = sent.Components(buttons).to_components()
    assert [len(r["components"]) for r in rows] == [5, 2]
    select = sent.Select("s", (sent.Option("A", "a"),), row=0)
    with pytest.raises(ValueError):
        sent.Components([*buttons[:1], select])  # a select takes a whole row
    with pytest.raises(ValueError):
        sent.Components([sent.Button(f"b{i}", "B") for i in range(26)])


URL = "https://table.example/g/AbC-d_9"


def test_a_link_button_is_discord_pys_own() -> None:
    """Discord's link style: a url and no custom id (no press comes back)."""
    link = sent.LinkButton(URL, "Open the table", emoji="🌐")
    assert link.to_dict() == {
        "type": 2,
        "style": 5,
        "disabled": False,
        "label": "Open the table",
        "url": URL,
        "emoji": {"id": None, "name": "🌐"},
    }
    views = [
        sent.Components([link]),
        sent.Components([sent.LinkButton(URL, "Open my view")]),
        sent.Components([comp.MyViewButton.build(5), turn_menus.table_link_button(URL)]),
        again_view(5, URL),
    ]
    for prompt in prompts():
        for hands in (True, False):
            views.append(turn_menus.turn_view(7, 12, [prompt], hands, True, table_url=URL))
    for view in views:
        assert view.to_components() == as_discord_py(view)


def test_the_turn_posts_link_sits_with_the_look_buttons_and_only_when_given() -> None:
    secret = [Prompt(0, "Bid", [Choice("1", "1")], secret=True), Prompt(1, "Bid", [], secret=True)]
    for prompts_now in ([*prompts()[2:]], secret, []):
        without = turn_menus.turn_view(7, 12, prompts_now, True, True).to_components()
        with_link = turn_menus.turn_view(7, 12, prompts_now, True, True, URL).to_components()
        assert with_link[:-1] == without[:-1]  # only the last row changes
        last = with_link[-1]["components"]
        assert last[:-1] == without[-1]["components"] and len(last) <= sent.ROW_WIDTH
        assert last[-1] == turn_menus.table_link_button(URL).to_dict()
        assert "custom_id" not in last[-1]
    assert again_view(5).to_components() == again_view(5, None).to_components()
    assert len(again_view(5, URL).to_components()[0]["components"]) == 2
