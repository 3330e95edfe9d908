"""The fixed choices and suggestions of slash-command options that several command areas share
(`/game new` offers the clock's and the spectators' settings, `/game rules` and `/stats` the
titles), kept here so no command area imports another."""

from __future__ import annotations

from discord import app_commands

from bot import catalog
from bot.discord import limits

#: The longest `pace:` Discord lets a person type (`max_length`): `custom:48/12/72` is 15
#: characters; room for decimals and stray spaces.
PACE_MAX = 40
#: The longest game `options:` (`max_length`): every option of a title written out
#: (`name=value, ...`) is 53 characters at most today; no longer than an autocomplete value
#: (100), so each text typed can be suggested back as it is.
OPTIONS_MAX = limits.CHOICE_VALUE_MAX


def title_choices() -> list[app_commands.Choice[str]]:
    """The offered titles, for the `title:` option (Discord allows 25)."""
    choices = [limits.choice(t.name, t.slug) for t in catalog.offered()]
    return choices[: limits.CHOICES_MAX]


PACE_CHOICES = ["relaxed", "daily", "fast", "none"]


EXPIRY_CHOICES = [
    app_commands.Choice(name="automatic player takes over (default)", value="automatic"),
    app_commands.Choice(name="the rules' default decision", value="default"),
    app_commands.Choice(name="pause the game for a moderator", value="pause"),
]


QUIET_CLOCK_CHOICES = [
    app_commands.Choice(name="the clock runs during quiet hours (default)", value="runs"),
    app_commands.Choice(name="the clock waits during each player's quiet hours", value="waits"),
]


def pace_suggestions(current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for `pace:`: the presets, and the custom form as typed (when it fits in
    `PACE_MAX`; else its example)."""
    typed = current.strip().lower()
    pairs = [(n, n) for n in PACE_CHOICES if typed in n]
    fits = typed.startswith("custom:") and limits.fits(typed, PACE_MAX)
    custom = typed if fits else "custom:48/12/72"
    pairs.append((f"{custom} (hours: start/plus/cap)", custom))
    return limits.suggestions(pairs)


SPECTATOR_CHOICES = [
    app_commands.Choice(name="open: anyone may watch (default)", value="open"),
    app_commands.Choice(name="ask: a player or a moderator allows each spectator", value="ask"),
    app_commands.Choice(name="closed: only moderators may watch", value="closed"),
]
