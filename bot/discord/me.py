"""People's own settings: `/me show|timezone|quiet|pings|palette|away|back|games`, and `/games`.
Every answer is private (ephemeral)."""

from __future__ import annotations

from collections.abc import Awaitable
from datetime import UTC

import discord
from discord import app_commands

from bot.discord import limits
from bot.discord.checks import Responder
from bot.discord.cog import Cog
from bot.discord.pings import games_text
from bot.errors import ServiceError
from bot.service.digest import DIGEST_AT
from bot.service.hours import zone, zone_names
from bot.service.people import MySettings, days_text
from render.contrast import HIGH, STANDARD

NO_PINGS = discord.AllowedMentions.none()
#: The longest texts Discord lets a person type (`max_length`), with room for stray spaces: an
#: IANA zone name (32 characters at most), a time of day (HH:MM, or `off`), a day (YYYY-MM-DD).
ZONE_MAX = 64
TIME_MAX = 10
DAY_MAX = 20
PING_LABELS = {
    "channel": "a mention in the game's channel",
    "dm": "a direct message",
    "both": "a channel mention and a direct message",
    "digest": f"one direct message a day ({DIGEST_AT} your time)",
}
PALETTE_LABELS = {
    STANDARD: "standard",
    HIGH: "high contrast (your hand or plan, the Full board button, replays)",
}


def settings_text(me: MySettings) -> str:
    """What `/me` answers: the change just made (if any), then every setting."""
    tz = zone(me.timezone)
    quiet = (
        f"{me.quiet_from}–{me.quiet_to} (pings wait until they end)"
        if me.quiet_from and me.quiet_to
        else "none"
    )
    if me.away_until is not None:
        back = me.away_until.astimezone(UTC)
        away = f"away until <t:{int(back.timestamp())}:f> (`/me back` to return early)"
    else:
        away = "not away"
    lines = [me.note, ""] if me.note else []
    lines += [
        "**Your settings** (the same on every server)",
        f"• Timezone: **{tz.key}**",
        f"• Quiet hours: {quiet}",
        f"• Pings: {PING_LABELS.get(me.pings, me.pings)}",
        f"• Images sent to you alone: {PALETTE_LABELS.get(me.palette, me.palette)}",
        "**On this server**",
        f"• Time away: {away}",
        f"• Vacation left this year: {days_text(me.days_left)} of {me.allowance}",
    ]
    return "\n".join(lines)


def zone_choices(typed: str) -> list[app_commands.Choice[str]]:
    """Up to 25 zone names matching what is typed (start of a part first)."""
    needle = typed.strip().lower().replace(" ", "_")
    names = zone_names()
    if not needle:
        picks = ["UTC", "Europe/London", "Europe/Berlin", "America/New_York"]
        picks += [n for n in names if n not in picks]
    else:
        starts = [n for n in names if any(p.startswith(needle) for p in n.lower().split("/"))]
        starts += [n for n in names if n.lower().startswith(needle) and n not in starts]
        picks = starts + [n for n in names if needle in n.lower() and n not in starts]
    return limits.suggestions((n, n) for n in picks)


def _on_a_server(interaction: discord.Interaction) -> None:
    if interaction.guild_id is None:
        raise ServiceError("Time away counts per server: use this on the server where you play.")


class Me(Cog):
    def register(self, tree: app_commands.CommandTree) -> None:
        me = app_commands.Group(name="me", description="Your own Boardroom settings.")
        self._register_settings(me)  # show, timezone, quiet
        self._register_pings_and_palette(me)
        self._register_time_away(me)  # away, back
        self._register_games(tree, me)  # /me games and /games
        tree.add_command(me)

    async def _answer(self, interaction: discord.Interaction, work: Awaitable[MySettings]) -> None:
        """Each `/me` command answers privately with every setting (after its change)."""
        responder = Responder(interaction)
        settings = await responder.within(work)
        await responder.private(content=settings_text(settings), allowed_mentions=NO_PINGS)

    def _register_settings(self, me: app_commands.Group) -> None:
        @me.command(name="show", description="Your settings and vacation days left.")
        async def show(interaction: discord.Interaction) -> None:
            await self._answer(
                interaction, self.service.my_settings(interaction.user.id, interaction.guild_id)
            )

        @me.command(name="timezone", description="Your timezone (for quiet hours and dates).")
        @app_commands.describe(zone="An IANA zone, e.g. Europe/Berlin (pick from the list)")
        async def timezone(
            interaction: discord.Interaction, zone: app_commands.Range[str, None, ZONE_MAX]
        ) -> None:
            await self._answer(
                interaction,
                self.service.set_timezone(interaction.user.id, interaction.guild_id, zone),
            )

        @timezone.autocomplete("zone")
        async def timezone_names(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return zone_choices(current)

        @me.command(name="quiet", description="Hours without pings (held until they end).")
        @app_commands.rename(start="from", end="to")
        @app_commands.describe(
            start="From HH:MM your time (e.g. 22:00), or `off`", end="To HH:MM (e.g. 08:00)"
        )
        async def quiet(
            interaction: discord.Interaction,
            start: app_commands.Range[str, None, TIME_MAX],
            end: app_commands.Range[str, None, TIME_MAX] | None = None,
        ) -> None:
            await self._answer(
                interaction,
                self.service.set_quiet(interaction.user.id, interaction.guild_id, start, end),
            )

    def _register_pings_and_palette(self, me: app_commands.Group) -> None:
        @me.command(name="pings", description="How pings reach you.")
        @app_commands.describe(mode="Channel mention, direct message, both, or a daily digest")
        @app_commands.choices(
            mode=[
                app_commands.Choice(name="mention in the game's channel", value="channel"),
                app_commands.Choice(name="direct message", value="dm"),
                app_commands.Choice(name="both", value="both"),
                app_commands.Choice(name="daily digest by direct message", value="digest"),
            ]
        )
        async def pings(interaction: discord.Interaction, mode: str) -> None:
            await self._answer(
                interaction,
                self.service.set_pings(interaction.user.id, interaction.guild_id, mode),
            )

        @me.command(name="palette", description="High contrast for images sent to you alone.")
        @app_commands.describe(
            choice="High contrast: darker ink on lighter grounds (your hand, Full board, replays)"
        )
        @app_commands.choices(
            choice=[
                app_commands.Choice(name="standard", value=STANDARD),
                app_commands.Choice(name="high contrast", value=HIGH),
            ]
        )
        async def palette(interaction: discord.Interaction, choice: str) -> None:
            await self._answer(
                interaction,
                self.service.set_palette(interaction.user.id, interaction.guild_id, choice),
            )

    def _register_time_away(self, me: app_commands.Group) -> None:
        """Vacations count per server: both commands refuse in a direct message."""

        @me.command(name="away", description="Go on vacation here: your clocks wait.")
        @app_commands.describe(
            until="The day you are back, YYYY-MM-DD (your timezone)",
            time="The time you are back that day, HH:MM (default 00:00)",
        )
        async def away(
            interaction: discord.Interaction,
            until: app_commands.Range[str, None, DAY_MAX],
            time: app_commands.Range[str, None, TIME_MAX] | None = None,
        ) -> None:
            _on_a_server(interaction)
            await self._answer(
                interaction,
                self.service.go_away(interaction.user.id, interaction.guild_id, until, time),
            )

        @me.command(name="back", description="End your vacation here now.")
        async def back(interaction: discord.Interaction) -> None:
            _on_a_server(interaction)
            await self._answer(
                interaction, self.service.come_back(interaction.user.id, interaction.guild_id)
            )

    def _register_games(self, tree: app_commands.CommandTree, me: app_commands.Group) -> None:
        @me.command(name="games", description="Every game you play here, with links.")
        async def me_games(interaction: discord.Interaction) -> None:
            await self.show_games(interaction)

        @tree.command(name="games", description="Every game you play here, with links.")
        async def games(interaction: discord.Interaction) -> None:
            await self.show_games(interaction)

    async def show_games(self, interaction: discord.Interaction) -> None:
        responder = Responder(interaction)
        user = interaction.user.id
        found = await responder.within(self.service.my_games(user, interaction.guild_id))
        where = "on this server" if interaction.guild_id else "anywhere"
        head = f"**Your games {where}** ({len(found)})\n" if found else ""
        await responder.private(
            content=head + games_text(found, user, links=interaction.guild_id is None),
            allowed_mentions=NO_PINGS,
        )
