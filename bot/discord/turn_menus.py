"""The components a turn message is sent with, and the choices of a player's own menu: the
buttons and selects as JSON (bot.runtime.components_json), their custom ids (custom_ids.py), laid out by
menu_layout.py. Pure: the classes that route their presses (components.py, watch_buttons.py)
give these as their `build`."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord import custom_ids, limits, menu_layout
from bot.discord.turn_text import is_private_decision
from bot.runtime import components_json
from bot.runtime.components_json import ROW_WIDTH, Components
from engine.core import Choice, Prompt


def choice_button(
    game_id: int,
    version: int,
    index: int,
    choice: Choice,
    row: int | None = None,
    fingerprint: str | None = None,
) -> components_json.Button:
    return components_json.Button(
        custom_ids.choice_custom_id(game_id, version, index, choice.id, fingerprint),
        limits.cut(choice.label, limits.BUTTON_LABEL_MAX),
        menu_layout.choice_style(choice),
        row=row,
    )


def choice_select(
    game_id: int,
    version: int,
    prompt_text: str,
    page: menu_layout.ChoicePage,
    total: int,
    row: int,
    fingerprint: str | None = None,
) -> components_json.Select:
    options = tuple(
        limits.option(c.label, c.id, menu_layout.option_description(page, c)) for _, c in page.items
    )
    return components_json.Select(
        custom_ids.select_custom_id(game_id, version, page.number, fingerprint),
        options,
        menu_layout.select_placeholder(prompt_text, page, total),
        row=row,
    )


def private_button(game_id: int, version: int, row: int | None = None) -> components_json.Button:
    return components_json.Button(
        custom_ids.private_custom_id(game_id, version),
        "Decide privately",
        discord.ButtonStyle.success,
        emoji="🤫",
        row=row,
    )


def more_button(
    game_id: int, version: int, page: int, row: int | None = None
) -> components_json.Button:
    return components_json.Button(
        custom_ids.more_custom_id(game_id, version, page), "More choices…", row=row
    )


def hand_button(game_id: int, row: int | None = None) -> components_json.Button:
    return components_json.Button(
        custom_ids.hand_custom_id(game_id), "Show my hand", emoji="🂠", row=row
    )


def full_board_button(game_id: int, row: int | None = None) -> components_json.Button:
    return components_json.Button(custom_ids.full_board_custom_id(game_id), "Full board", row=row)


def text_board_button(game_id: int, row: int | None = None) -> components_json.Button:
    return components_json.Button(custom_ids.text_board_custom_id(game_id), "Text board", row=row)


def my_view_button(game_id: int, row: int | None = None) -> components_json.Button:
    return components_json.Button(
        custom_ids.my_view_custom_id(game_id), "My view", discord.ButtonStyle.primary, row=row
    )


def again_button(game_id: int) -> components_json.Button:
    return components_json.Button(
        custom_ids.again_custom_id(game_id), "Play again", discord.ButtonStyle.primary, emoji="🔁"
    )


#: The label of the link to a game's page on the web (bot/web).
TABLE_LABEL = "Open the table"


def table_link_button(url: str, row: int | None = None) -> components_json.LinkButton:
    """A link button to the game's page on the web (no press comes back: Discord opens it)."""
    return components_json.LinkButton(url, TABLE_LABEL, emoji="🌐", row=row)


def choice_items(
    game_id: int,
    version: int,
    prompt: Prompt,
    start_page: int = 0,
    rows: int = limits.ROWS_MAX - 1,
    fingerprint: str | None = None,
) -> list[components_json.Item]:
    """Buttons or select menus for one prompt, plus "More choices…" (on the last row) when it
    has more pages than fit."""
    plan = menu_layout.layout(prompt.choices, start_page, rows)
    fp = fingerprint
    items: list[components_json.Item] = []
    total = len(prompt.choices)
    for row, line in enumerate(plan.rows):
        if isinstance(line, menu_layout.ChoicePage):
            items.append(choice_select(game_id, version, prompt.text, line, total, row, fp))
        else:
            items.extend(
                choice_button(game_id, version, i, c, row=row, fingerprint=fp) for i, c in line
            )
    if plan.more_from is not None:
        items.append(more_button(game_id, version, plan.more_from, row=limits.ROWS_MAX - 1))
    return items


def turn_view(
    game_id: int,
    version: int,
    prompts: Sequence[Prompt],
    has_hands: bool,
    has_text_board: bool = False,
    table_url: str | None = None,
) -> Components:
    """The public turn message's components: the single open prompt's choices, or a "Decide
    privately" button when decisions are simultaneous or secret; "Show my hand" when the title
    has hands; "Full board"; "Text board" when it offers one; "Open the table" (a link to the
    game's page on the web) when `table_url` is given and the row has room (all on the last
    row, which holds at most "More choices…" besides)."""
    items: list[components_json.Item] = []
    last = limits.ROWS_MAX - 1
    if prompts:
        if is_private_decision(prompts):
            items.append(private_button(game_id, version, row=last))
        else:
            items.extend(choice_items(game_id, version, prompts[0]))
    if has_hands:
        items.append(hand_button(game_id, row=last))
    items.append(full_board_button(game_id, row=last))
    if has_text_board:
        items.append(text_board_button(game_id, row=last))
    if table_url and sum(item.row == last for item in items) < ROW_WIDTH:
        items.append(table_link_button(table_url, row=last))
    return Components(items)


def again_view(game_id: int, table_url: str | None = None) -> Components:
    """The final message's components: Play again, and the finished game's page on the web
    when it has one."""
    items: list[components_json.Item] = [again_button(game_id)]
    if table_url:
        items.append(table_link_button(table_url))
    return Components(items)
