"""The fixed choices and suggestions of slash-command options that several command areas share
(`/game new` offers the clock's and the spectators' settings, `/game rules` and `/stats` the
titles), kept here so no command area imports another."""

from __future__ import annotations

from discord import app_commands

from bot import catalog


def title_choices() -> list[app_commands.Choice[str]]:
    """The offered titles, for the `title:` option (Discord allows 25)."""
    return [app_commands.Choice(name=t.name[:100], value=t.slug) for t in catalog.offered()][:25]


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
    """Autocomplete for `pace:`: the presets, and the custom form as typed."""
    typed = current.strip().lower()
    out = [app_commands.Choice(name=n, value=n) for n in PACE_CHOICES if typed in n]
    custom = typed if typed.startswith("custom:") else "custom:48/12/72"
    out.append(app_commands.Choice(name=f"{custom} (hours: start/plus/cap)", value=custom))
    return out[:25]


SPECTATOR_CHOICES = [
    app_commands.Choice(name="open: anyone may watch (default)", value="open"),
    app_commands.Choice(name="ask: a player or a moderator allows each spectator", value="ask"),
    app_commands.Choice(name="closed: only moderators may watch", value="closed"),
]
