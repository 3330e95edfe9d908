"""`/stats me|user|title|server`: figures and ratings, each answer one query (bot.service.stats)
and a small chart (render.charts) drawn off the event loop. Answers are public: stats are
for showing."""

from __future__ import annotations

from collections.abc import Awaitable

import discord
from discord import app_commands

from bot import catalog
from bot.discord import limits, messages
from bot.discord.checks import Responder
from bot.discord.choices import title_choices
from bot.discord.cog import Cog
from bot.errors import ServiceError
from bot.service.stats import Leader, Line, PersonStats, ServerStats, TitleStats
from render import charts
from render.core import RenderedImage

NO_PINGS = discord.AllowedMentions.none()
#: People listed on a leaderboard.
LEADERS = 10


def _num(x: float | None, digits: int = 1) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def _length(days: float) -> str:
    """A game's length: minutes, hours or days."""
    if days < 1 / 24:
        return f"{max(days * 1440, 1):.0f} min"
    if days < 1:
        return f"{days * 24:.1f} h"
    return f"{days:.1f} days"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def line_text(line: Line) -> str:
    """One title's figures of a person, in a few short lines."""
    parts = []
    if line.rating is not None:
        parts.append(f"Rating **{line.rating}** ({_plural(line.rated_games, 'rated game')})")
    parts.append(f"{line.played} played · {line.finished} finished · {_plural(line.won, 'win')}")
    if line.finished:
        parts.append(f"average place {_num(line.avg_place)} · score {_num(line.avg_score)}")
    parts.append(f"{_num(line.moves_per_day)} moves a day · {_plural(line.timeouts, 'time-out')}")
    return "\n".join(parts)


def person_embed(stats: PersonStats, name: str, here: str) -> discord.Embed:
    total = stats.total
    if not total.played:
        text = f"No finished game {here} yet."
    else:
        text = (
            f"{here.capitalize()}: {_plural(total.played, 'game')} played, "
            f"{total.finished} counted, {_plural(total.won, 'win')}; "
            f"average place {_num(total.avg_place)}."
        )
    embed = discord.Embed(
        title=limits.cut(f"Statistics · {name}", 256), description=text, colour=messages.COLOUR
    )
    for line in stats.titles[:10]:
        embed.add_field(name=line.title_name[:256], value=line_text(line)[:1024], inline=False)
    return embed


def leader_line(rank: int, x: Leader) -> str:
    return (
        f"{rank}. <@{x.user_id}> **{x.rating}** · {_plural(x.rated_games, 'rated game')}"
        f" · {_plural(x.won, 'win')}"
    )


def title_embed(stats: TitleStats, here: str) -> discord.Embed:
    lines = [leader_line(n, x) for n, x in enumerate(stats.leaders[:LEADERS], 1)]
    head = (
        f"{_plural(stats.finished, 'game')} finished {here}"
        + (f", {stats.ended} ended by a moderator" if stats.ended else "")
        + f"; {_plural(stats.people, 'person')} played."
    ).replace("persons", "people")
    body = "\n".join(lines) if lines else "Nobody is rated yet: finish a game with two people."
    return discord.Embed(
        title=limits.cut(f"{stats.title_name} · leaderboard", 256),
        description=limits.cut(f"{head}\n\n{body}", limits.EMBED_DESC_MAX),
        colour=messages.COLOUR,
    )


def server_embed(stats: ServerStats, name: str) -> discord.Embed:
    finished = sum(t.finished for t in stats.titles)
    embed = discord.Embed(
        title=limits.cut(f"Statistics · {name}", 256),
        description=(
            f"{_plural(finished, 'game')} finished, {_plural(stats.people, 'person')} played."
        ).replace("persons", "people"),
        colour=messages.COLOUR,
    )
    for t in stats.titles[:10]:
        ended = t.played - t.finished
        value = f"{t.finished} finished" + (f" · {ended} ended by a moderator" if ended else "")
        if t.finished:
            value += (
                f"\n{_length(t.days / t.finished)} a game"
                f" · {_num(t.moves / t.finished, 0)} moves a game"
            )
        if t.timeouts:
            value += f"\n{_plural(t.timeouts, 'time-out')}"
        embed.add_field(name=t.title_name[:256], value=value, inline=False)
    return embed


def _with_image(embed: discord.Embed, image: RenderedImage) -> dict:
    embed.set_image(url=f"attachment://{image.filename}")
    file = messages.image_file(image)
    return {"embed": embed, "file": file, "allowed_mentions": NO_PINGS}


def person_chart_args(stats: PersonStats, name: str) -> tuple:
    """What `charts.person_chart` draws (plain data, for a worker process): each title's
    ratings placed by the person's rated games in the order played."""
    games = sorted({when for points in stats.history.values() for when, _ in points[1:]})
    order = {when: n for n, when in enumerate(games, 1)}
    series = []
    for slug, points in sorted(stats.history.items(), key=lambda kv: -len(kv[1])):
        title = catalog.title(slug)
        rated = [(order[when], r) for when, r in points[1:]]
        plain = [(rated[0][0] - 1, points[0][1]), *rated]
        series.append((title.name if title else slug, plain))
    span = (games[0].timestamp(), games[-1].timestamp()) if games else None
    return (name, series, list(stats.places), span)


class Stats(Cog):
    def register(self, tree: app_commands.CommandTree) -> None:
        stats = app_commands.Group(name="stats", description="Statistics and ratings.")

        @stats.command(name="me", description="Your games, places and ratings.")
        async def me(interaction: discord.Interaction) -> None:
            await self.person(interaction, interaction.user)

        @stats.command(name="user", description="Someone's games, places and ratings.")
        @app_commands.describe(user="Whose statistics")
        async def user(interaction: discord.Interaction, user: discord.User) -> None:
            await self.person(interaction, user)

        @stats.command(name="title", description="A game's leaderboard on this server.")
        @app_commands.describe(title="Which game")
        @app_commands.choices(title=title_choices())
        async def title(interaction: discord.Interaction, title: str) -> None:
            await self.leaderboard(interaction, title)

        @stats.command(name="server", description="This server's games, per game and month.")
        async def server(interaction: discord.Interaction) -> None:
            await self.server(interaction)

        tree.add_command(stats)

    def _here(self, interaction: discord.Interaction) -> str:
        return "on this server" if interaction.guild_id is not None else "anywhere"

    async def _answer(self, interaction: discord.Interaction, work: Awaitable[dict]) -> None:
        responder = Responder(interaction)
        await responder.public(**await responder.within(work))

    async def person(self, interaction: discord.Interaction, who: discord.abc.User) -> None:
        if who.bot:
            raise ServiceError("Automatic players and bots have no statistics.")

        async def work() -> dict:
            found = await self.service.person_stats(interaction.guild_id, who.id)
            name = who.display_name
            image = await catalog.off_loop(charts.person_chart, *person_chart_args(found, name))
            return _with_image(person_embed(found, name, self._here(interaction)), image)

        await self._answer(interaction, work())

    async def leaderboard(self, interaction: discord.Interaction, slug: str) -> None:
        async def work() -> dict:
            found = await self.service.title_stats(interaction.guild_id, slug)
            rows = [
                (self._name(interaction, x.user_id), x.rating, x.rated_games)
                for x in found.leaders[:LEADERS]
            ]
            heading = f"{found.title_name} · leaderboard"
            image = await catalog.off_loop(charts.leaderboard_chart, heading, rows)
            return _with_image(title_embed(found, self._here(interaction)), image)

        await self._answer(interaction, work())

    async def server(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise ServiceError("Use this on a server.")

        async def work() -> dict:
            found = await self.service.server_stats(interaction.guild_id)
            stacks = [
                (t.title_name, found.per_month[t.title])
                for t in found.titles
                if t.title in found.per_month
            ]
            image = await catalog.off_loop(
                charts.server_chart, "Games finished per month", found.months, stacks
            )
            guild = interaction.guild
            name = guild.name if guild is not None and guild.name else "this server"
            return _with_image(server_embed(found, name), image)

        await self._answer(interaction, work())

    def _name(self, interaction: discord.Interaction, user_id: int) -> str:
        """A display name the bot knows without asking Discord (else none: the chart shows
        the rank, the embed beside it the mention)."""
        guild = interaction.guild
        member = guild.get_member(user_id) if guild is not None else None
        known = member or self.bot.get_user(user_id)
        return known.display_name if known is not None else ""
