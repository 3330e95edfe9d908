"""What people read about an event: the sign-up message, the round's pairings, the standings
and the tables (pure: built from what the service returns)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot.discord.limits import CONTENT_MAX, EMBED_DESC_MAX, FIELD_MAX, cut
from bot.events.group_rounds import group_name, group_of
from bot.events.standings import Standing, bye_points
from bot.service.event_season import SEASON
from bot.service.events import EventInfo, RoundTable

COLOUR = discord.Colour.dark_gold()
#: The first line of a round's pairings post: found again in the channel (no second post).
PAIRINGS_HEAD = "**{name}** · round {round}"
STATUS = {
    "signup": "Sign-up is open: press **Join** to enter, **Leave** to drop out.",
    "running": "Under way: sign-up is closed.",
    "finished": "Finished.",
    "cancelled": "Cancelled: too few people signed up.",
}


def when(info: EventInfo) -> str:
    """Discord shows the time in each reader's own zone and as "in 3 hours"."""
    stamp = int(info.starts_at.timestamp())
    return f"<t:{stamp}:f> (<t:{stamp}:R>)"


def _hours(hours: float) -> str:
    if hours >= 24 and hours % 24 == 0:
        days = int(hours // 24)
        return f"{days} day{'s' if days != 1 else ''}"
    return f"{hours:g} hour{'s' if hours != 1 else ''}"


def _stamp(at: datetime) -> str:
    return f"<t:{int(at.timestamp())}:f> (<t:{int(at.timestamp())}:R>)"


def season_rule(info: EventInfo) -> str:
    """A season's rule in words (the sign-up post and the standings say it)."""
    best = f"best {info.best} game{'s' if info.best != 1 else ''}"
    return (
        f"Play any number of ordinary `/game new` games of {info.title_name} on this server, "
        f"in any channel, for {_hours(info.round_hours)} from sign-up's close. A game counts "
        "for the entrants in it when at least two entrants played it (a season is played "
        "among its entrants). Points by place at each game (2 per player beaten, shared "
        f"places split), summed over each entrant's {best}; ties go to more games counted, "
        "then the average share of the games' scores."
    )


def signup_embed(info: EventInfo) -> discord.Embed:
    embed = discord.Embed(
        title=cut(f"🏆 {info.name} · event #{info.id}", 256),
        description=STATUS.get(info.status, info.status),
        colour=COLOUR,
    )
    embed.add_field(name="Game", value=info.title_name, inline=True)
    if info.format == SEASON:
        _season_fields(embed, info)
    else:
        _round_fields(embed, info)
    embed.add_field(name="Entry", value=entry_rule(info), inline=True)
    people = "\n".join(f"{n}. <@{p}>" for n, p in enumerate(info.entrants, 1)) or "nobody yet"
    embed.add_field(
        name=f"Entrants ({len(info.entrants)})", value=cut(people, FIELD_MAX), inline=False
    )
    return embed


def entry_rule(info: EventInfo) -> str:
    """Who may join, in words."""
    rules = []
    if info.min_finished:
        rules.append(f"at least {info.min_finished} finished games on this server")
    if info.clean_last:
        rules.append(f"no clock run out in one's last {info.clean_last} games here")
    return "; ".join(rules) or "anyone may join"


def format_text(info: EventInfo) -> str:
    rounds = f"{info.rounds} round{'s' if info.rounds != 1 else ''}"
    if info.format != "groups":
        return f"Swiss, {rounds}"
    made = (
        f"{len(info.groups)} group{'s' if len(info.groups) != 1 else ''}, " if info.groups else ""
    )
    when = rounds if info.round else "rounds set at the start"
    return f"Round robin in groups of {info.group_size} ({made}{when})"


def _round_fields(embed: discord.Embed, info: EventInfo) -> None:
    """A Swiss or groups event's fields: its format, tables, sign-up and rounds."""
    embed.add_field(name="Format", value=format_text(info), inline=True)
    embed.add_field(name="Tables", value=f"{info.seats} seats", inline=True)
    if info.status == "signup":
        embed.add_field(name="Sign-up closes", value=when(info), inline=False)
    length = _hours(info.round_hours) if info.round_hours else "—"
    embed.add_field(name="Each round", value=f"up to {length}", inline=True)
    embed.add_field(name="Clock", value=info.pace or "none", inline=True)


def _season_fields(embed: discord.Embed, info: EventInfo) -> None:
    embed.add_field(name="Format", value=f"Season, best {info.best} games", inline=True)
    embed.add_field(name="Rule", value=cut(season_rule(info), FIELD_MAX), inline=False)
    if info.status == "signup":
        embed.add_field(name="Sign-up closes, the season starts", value=when(info), inline=False)
    if info.ends_at is not None and info.status in ("signup", "running"):
        embed.add_field(name="The season ends", value=_stamp(info.ends_at), inline=False)


def joined_text(info: EventInfo) -> str:
    """What someone who joined is told."""
    if info.format == SEASON:
        end = f", until {_stamp(info.ends_at)}" if info.ends_at is not None else ""
        return (
            f"You're in **{info.name}**. The season starts {when(info)}{end}: play "
            f"{info.title_name} games here with other entrants (`/game new`), and your best "
            f"{info.best} count."
        )
    return (
        f"You're in **{info.name}**. Round 1 is seated {when(info)}; "
        "your table gets its own thread, and you'll be pinged there."
    )


def bye_note(info: EventInfo) -> str:
    """What a bye scores: the average place's points (bot.events.standings.bye_points), not a
    win's."""
    return f"worth an average place: {_num(bye_points(info.seats))} pts"


def _mentions(people: Sequence[int]) -> str:
    return ", ".join(f"<@{p}>" for p in people)


def pairings_text(info: EventInfo, tables: Sequence[RoundTable]) -> str:
    """The round's tables with their threads, then the byes."""
    head = PAIRINGS_HEAD.format(name=info.name, round=info.round)
    lines = [f"{head}: the tables are open. Good luck!"]
    for t in tables:
        if t.bye:
            lines.append(f"Bye: {_mentions(t.people)} ({bye_note(info)} this round)")
        else:
            where = f" — <#{t.thread_id}>" if t.thread_id else ""
            lines.append(f"Table {t.number}: {_mentions(t.people)}{where}")
    return cut("\n".join(lines), CONTENT_MAX)


def tables_text(info: EventInfo, tables: Sequence[RoundTable]) -> str:
    """`/event tables`: the current round, each table's state."""
    if info.format == SEASON:
        return f"**{info.name}** is a season: the bot seats no tables. {season_rule(info)}"
    if not tables:
        return f"**{info.name}** has no tables yet: {STATUS.get(info.status, info.status)}"
    lines = [f"**{info.name}** · round {info.round} of {info.rounds}"]
    for t in tables:
        if t.bye:
            lines.append(f"Bye: {_mentions(t.people)}")
            continue
        state = {"seated": "opening", "playing": "playing", "over": "finished"}.get(t.status, "")
        where = f" — <#{t.thread_id}>" if t.thread_id else ""
        lines.append(f"Table {t.number}: {_mentions(t.people)}{where} ({state})")
    if info.round_deadline is not None and info.status == "running":
        lines.append(f"The round ends <t:{int(info.round_deadline.timestamp())}:R>.")
    return cut("\n".join(lines), CONTENT_MAX)


def _num(x: float) -> str:
    return f"{x:g}"


def standing_line(place: int, row: Standing, season: bool = False) -> str:
    byes = f", {row.byes} bye{'s' if row.byes != 1 else ''}" if row.byes else ""
    games = f"{row.games} game{'s' if row.games != 1 else ''}"
    if season:
        return (
            f"**{place}.** <@{row.id}> — {_num(row.points)} pts · {games} counted"
            f" · share {row.score_share:.0%}"
        )
    return (
        f"**{place}.** <@{row.id}> — {_num(row.points)} pts · opp. {_num(row.opponents_points)}"
        f" · share {row.score_share:.0%} · {games}{byes}"
    )


def standings_embed(
    info: EventInfo, rows: Sequence[Standing], final: bool = False
) -> discord.Embed:
    season = info.format == SEASON
    if final or info.status == "finished":
        title = "final standings"
    elif season:
        title = "season standings so far"
    elif info.status == "running":
        title = f"standings after round {info.round} of {info.rounds}"
    else:
        title = "standings"
    lines = "\n".join(
        _group_lines(info, rows)
        if info.groups
        else [standing_line(n, r, season) for n, r in enumerate(rows, 1)]
    )
    embed = discord.Embed(
        title=cut(f"🏆 {info.name} · {title}", 256),
        description=cut(lines, EMBED_DESC_MAX) or "Nobody has played yet.",
        colour=COLOUR,
    )
    embed.set_footer(
        text=f"Points by place at each game, over each entrant's best {info.best}; ties are "
        "broken by more games counted, then by the share of each game's score."
        if season
        else "Points by place at each table; ties are broken by opponents' points, then by "
        "the share of each table's score."
    )
    return embed


def in_groups(info: EventInfo, rows: Sequence[Standing]) -> list[list[Standing]]:
    """A `groups` event's standings split by group (each in standing order); anyone in no
    group last, in a list of their own."""
    out: list[list[Standing]] = [[] for _ in range(len(info.groups) + 1)]
    for row in rows:
        k = group_of(info.groups, row.id)
        out[len(info.groups) if k is None else k].append(row)
    return out


def _group_lines(info: EventInfo, rows: Sequence[Standing]) -> list[str]:
    """A heading per group, its entrants placed within it."""
    lines: list[str] = []
    for k, group in enumerate(in_groups(info, rows)):
        if group:
            name = f"Group {group_name(k)}" if k < len(info.groups) else "In no group"
            lines.append(f"__**{name}**__")
            lines += [standing_line(n, r) for n, r in enumerate(group, 1)]
    return lines


def place_of(
    rows: Sequence[Standing], user_id: int, info: EventInfo | None = None
) -> tuple[int, Standing] | None:
    """The person's place: in the standings, or, in a `groups` event (`info`), in their
    group."""
    if info is not None and info.groups:
        k = group_of(info.groups, user_id)
        if k is not None:
            rows = in_groups(info, rows)[k]
    for n, row in enumerate(rows, 1):
        if row.id == user_id:
            return n, row
    return None
