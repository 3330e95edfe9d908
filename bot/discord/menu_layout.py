"""How a prompt's choices are laid out in one message: buttons, a select per group, pages of
25; the placeholders and descriptions of selects; `/play` autocomplete matches and the values
they carry."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.discord.limits import (
    BUTTONS_PER_ROW,
    CHOICE_VALUE_MAX,
    CHOICES_MAX,
    PLACEHOLDER_MAX,
    ROWS_MAX,
    SELECT_OPTIONS_MAX,
    cut,
    fits,
)
from engine.core import Choice


# ---- paging choices --------------------------------------------------------------------------
@dataclass
class ChoicePage:
    number: int
    items: list[tuple[int, Choice]]  # (index in the prompt, choice)
    #: Set when the page holds (part of) one group of choices: its select is named after it.
    group: str | None = None
    #: (k, n) when the group is spread over n selects and this is the k-th.
    part: tuple[int, int] | None = None
    #: The only select of its message (the other rows are buttons).
    sole: bool = False

    @property
    def first(self) -> int:
        return self.items[0][0] + 1

    @property
    def last(self) -> int:
        return self.items[-1][0] + 1


#: One row of a message: a few buttons, or one select menu.
Row = list[tuple[int, Choice]] | ChoicePage


@dataclass
class Layout:
    """How one prompt's choices are laid out in one message."""

    buttons: list[tuple[int, Choice]] = field(default_factory=list)
    selects: list[ChoicePage] = field(default_factory=list)
    #: The page a "More choices…" button continues from (None: everything is shown).
    more_from: int | None = None
    #: The rows in display order (buttons and selects mixed); filled by `layout`.
    rows: list[Row] = field(default_factory=list)


def paginate(choices: Sequence[Choice], size: int = SELECT_OPTIONS_MAX) -> list[ChoicePage]:
    items = list(enumerate(choices))
    return [
        ChoicePage(n, items[start : start + size])
        for n, start in enumerate(range(0, len(items), size))
    ]


#: A group this small is shown as buttons (sharing a row with other small groups), not as a
#: select menu of its own: a one-entry dropdown is a pointless extra tap on a phone.
SMALL_GROUP = 2


def grouped_rows(choices: Sequence[Choice], rows: int) -> list[Row] | None:
    """One select per group of choices (named after the group), small groups as buttons, in
    the order the groups first appear. None when there are fewer than two groups or it needs
    more than `rows` rows."""
    groups: dict[str, list[tuple[int, Choice]]] = {}
    for item in enumerate(choices):
        groups.setdefault(item[1].group, []).append(item)
    if len(groups) < 2:
        return None
    out: list[Row] = []
    button_row: list[tuple[int, Choice]] | None = None
    selects = 0
    for name, items in groups.items():
        if len(items) <= SMALL_GROUP:
            if button_row is None or len(button_row) + len(items) > BUTTONS_PER_ROW:
                button_row = []
                out.append(button_row)
            button_row.extend(items)
            continue
        chunks = [
            items[k : k + SELECT_OPTIONS_MAX] for k in range(0, len(items), SELECT_OPTIONS_MAX)
        ]
        for k, chunk in enumerate(chunks):
            part = (k + 1, len(chunks)) if len(chunks) > 1 else None
            out.append(ChoicePage(selects, chunk, group=name, part=part))
            selects += 1
        if len(out) > rows:
            return None
    if len(out) > rows:
        return None
    pages = [r for r in out if isinstance(r, ChoicePage)]
    if len(pages) == 1:
        pages[0].sole = True
    return out


def layout(choices: Sequence[Choice], start_page: int = 0, rows: int = ROWS_MAX - 1) -> Layout:
    """Buttons for a handful of choices; else, when the choices come in groups that fit, one
    select per group (small groups as buttons); else select menus of 25: as many as `rows`
    allows, and when even that is not enough, one row fewer plus a "More choices…" button."""
    if not choices:
        return Layout()
    if start_page == 0 and len(choices) <= BUTTONS_PER_ROW:
        buttons = list(enumerate(choices))
        return Layout(buttons=buttons, rows=[buttons])
    if start_page == 0:
        grouped = grouped_rows(choices, rows)
        if grouped is not None:
            return Layout(
                buttons=[b for r in grouped if isinstance(r, list) for b in r],
                selects=[r for r in grouped if isinstance(r, ChoicePage)],
                rows=grouped,
            )
    pages = paginate(choices)[start_page:]
    if len(pages) <= rows:
        return Layout(selects=pages, rows=list(pages))
    shown = pages[: rows - 1]
    return Layout(selects=shown, more_from=shown[-1].number + 1, rows=list(shown))


#: Choice ids that step back rather than forward get a quieter button.
RETREAT_IDS = frozenset({"back", "cancel", "undo"})


def choice_style(choice: Choice) -> discord.ButtonStyle:
    if choice.id in RETREAT_IDS:
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.primary


#: A prompt text longer than this is not repeated as a placeholder (it is shown above).
PLACEHOLDER_TEXT_MAX = 80


def select_placeholder(prompt_text: str, page: ChoicePage, total: int) -> str:
    """What a closed select menu says: its group (and how many choices), the range of a long
    prompt's page, or the prompt itself when it is short."""
    count = len(page.items)
    question = first_question(prompt_text)
    if page.sole and page.part is None and question:
        return cut(question, PLACEHOLDER_MAX)
    if page.group is not None:
        head = page.group or "Other choices"
        if page.part is not None:
            head += f" ({page.part[0]}/{page.part[1]})"
        return cut(f"{head} · {count} choice{'s' if count != 1 else ''}", PLACEHOLDER_MAX)
    groups: list[str] = []
    for _, c in page.items:
        if c.group and c.group not in groups:
            groups.append(c.group)
    if page.first == 1 and page.last == total:
        if prompt_text and len(prompt_text) <= PLACEHOLDER_TEXT_MAX:
            head = prompt_text
        elif len(groups) == 1:
            head = f"{groups[0]} · {count} choices"
        else:
            head = f"Choose one of {count}…"
    else:
        head = f"Choices {page.first}–{page.last} of {total}"
        if groups:
            head += ": " + (groups[0] if len(groups) == 1 else f"{groups[0]} … {groups[-1]}")
    return cut(head, PLACEHOLDER_MAX)


def first_question(text: str, limit: int = 100) -> str | None:
    """The prompt's opening sentence when it is a short question ("Which ship sails?")."""
    m = re.match(r"(.+?[.?!])(\s|$)", text.strip())
    sentence = m[1] if m else text.strip()
    return sentence if sentence.endswith("?") and len(sentence) <= limit else None


def option_description(page: ChoicePage, choice: Choice) -> str | None:
    """An option's grey second line: its group, only where the select mixes several groups
    (a select of one group is named after it already). Cut to fit by `limits.option`."""
    if not choice.group or page.group is not None:
        return None
    if len({c.group for _, c in page.items}) < 2:
        return None
    return choice.group


def autocomplete_matches(choices: Sequence[Choice], typed: str) -> list[tuple[str, str]]:
    """(name, value) pairs for `/play` autocomplete (`limits.suggestions` cuts the names): every
    typed word must appear in the label (or group, or id). Whole-word hits come first, then word
    starts, then the rest, each in the prompt's order; at most 25."""
    words = typed.lower().split()
    scored: list[tuple[int, int, Choice]] = []
    for n, c in enumerate(choices):
        hay = f"{c.label} {c.group} {c.id}".lower()
        if not all(w in hay for w in words):
            continue
        tokens = re.findall(r"\w+", hay)
        score = 0
        for w in words:
            if w in tokens:
                continue
            score += 1 if any(t.startswith(w) for t in tokens) else 2
        scored.append((score, n, c))
    scored.sort(key=lambda x: (x[0], x[1]))
    return [(c.label, c.id) for _, _, c in scored[:CHOICES_MAX]]


#: A `/play` value picked from the list: `@<game version>:<choice id>`, so a `/play` sent again
#: (after the player moved) is refused instead of played at a later turn.
_PICKED = re.compile(r"@([0-9]{1,18}):(.+)", re.DOTALL)


def picked_value(version: int, choice_id: str) -> str:
    """The value of an autocomplete entry: the choice id with the game version it was offered
    at (the bare id when that would not fit in Discord's 100 characters)."""
    value = f"@{version}:{choice_id}"
    return value if fits(value, CHOICE_VALUE_MAX) else choice_id


def read_picked(value: str) -> tuple[int | None, str]:
    """(the version it was offered at, the choice id) of a `/play` value picked from the list;
    (None, the text) for one typed by hand (an id or a label, as it was typed)."""
    found = _PICKED.fullmatch(value)
    if found is None:
        return None, value
    return int(found[1]), found[2]
