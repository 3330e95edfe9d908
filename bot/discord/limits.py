"""Discord's documented limits on what the bot sends, and fitting text within them.

Text a person only reads (a choice's name, a select option's label or description) is cut to
fit. A value Discord sends back to the bot (a select option's value, a command choice's value)
is never cut: a cut value would not read back as what it was. Select values are short by
construction (choice ids, at most `engine.core.MAX_CHOICE_ID` = 60 characters, as
tests/engine/test_conformance.py checks for every title), so `option` raises at build time if
one is not; an autocomplete suggestion whose value does not fit (it echoes what was typed) is
left out (`suggestions`): the person may still send what they typed."""

from __future__ import annotations

from collections.abc import Iterable

from discord import app_commands

from bot.runtime import components_json

# ---- messages and embeds (https://discord.com/developers/docs/resources/message) -----------
CONTENT_MAX = 2000
EMBED_DESC_MAX = 4096
EMBED_TOTAL_MAX = 6000
FIELD_MAX = 1024
#: An attachment's description (its alt text).
ALT_MAX = 1024

# ---- components (https://discord.com/developers/docs/components/reference) ------------------
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
BUTTONS_PER_ROW = 5
ROWS_MAX = 5
SELECT_OPTIONS_MAX = 25
#: A select option's label, value and description: each 1-100 characters (a description may
#: be left out).
OPTION_LABEL_MAX = 100
OPTION_VALUE_MAX = 100
OPTION_DESC_MAX = 100
PLACEHOLDER_MAX = 150

# ---- application commands (https://discord.com/developers/docs/interactions/application-commands)
#: Choices of an option, and autocomplete suggestions: at most 25, each named with 1-100
#: characters, a string value at most 100.
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100


def cut(text: str, limit: int) -> str:
    """`text`, or its start and "…" within `limit` characters."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def name(text: str, limit: int = CHOICE_NAME_MAX) -> str:
    """A name or label Discord requires (1 to `limit` characters): cut, never empty."""
    return cut(text, limit) or "…"


def fits(value: str, limit: int = CHOICE_VALUE_MAX) -> bool:
    """A value Discord takes as it is (1 to `limit` characters)."""
    return 0 < len(value) <= limit


def value(text: str, limit: int = OPTION_VALUE_MAX) -> str:
    """A value the bot reads back, checked: ValueError when it does not fit (never cut)."""
    if not fits(text, limit):
        raise ValueError(f"{len(text)} characters do not fit in a value of 1-{limit}: {text!r}")
    return text


def choice(label: str, choice_value: str) -> app_commands.Choice[str]:
    """A command choice: its name cut to fit, its value checked (`value`)."""
    return app_commands.Choice(name=name(label), value=value(choice_value, CHOICE_VALUE_MAX))


def suggestions(pairs: Iterable[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Autocomplete suggestions from (name, value) pairs: names cut to fit, pairs whose value
    does not fit left out, at most 25."""
    out = [choice(label, v) for label, v in pairs if fits(v)]
    return out[:CHOICES_MAX]


def option(label: str, option_value: str, description: str | None = None) -> components_json.Option:
    """A select option: label and description cut to fit, the value checked (`value`)."""
    desc = cut(description, OPTION_DESC_MAX) if description else None
    return components_json.Option(
        name(label, OPTION_LABEL_MAX), value(option_value, OPTION_VALUE_MAX), desc
    )
