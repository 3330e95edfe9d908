"""What a turn message says in words: the text that pings who must decide, the turn embed
(what just happened, who is asked, the players, the board or the line standing for an
unchanged one), the summary and final standings of a finished game. Pure formatting, used by
the turn-message builder (turn_message.py) and, for a few lines, by the cogs."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord.limits import CONTENT_MAX, EMBED_DESC_MAX, FIELD_MAX, cut
from bot.discord.messages import (
    COLOUR,
    DONE_COLOUR,
    LOG_HINT,
    SUMMARY_MAX,
    addressed_text,
    fit_embed,
    ordinal,
    seat_name,
    trim_lines,
    waiting_humans,
)
from bot.results import GameInfo
from engine.core import Prompt, Result


def turn_content(info: GameInfo, prefix: str = "") -> str:
    """The message text: pings the people who must decide now (embeds never ping)."""
    parts = [prefix] if prefix else []
    humans = waiting_humans(info)
    if info.status == "running" and humans:
        names = ", ".join(s.mention for s in humans)
        parts.append(f"Your move: {names}")
    return cut("\n".join(parts), CONTENT_MAX)


def turn_embed(
    info: GameInfo,
    lines: Sequence[str],
    prompts: Sequence[Prompt],
    image_name: str | None,
    quiet: bool = False,
    same_board: str | None = None,
) -> discord.Embed:
    """`same_board`: the board did not change since that earlier turn message (a line saying
    so, with a link to it, stands where the image would)."""
    summary = trim_lines(list(lines), SUMMARY_MAX, LOG_HINT)
    if not summary and prompts and is_private_decision(prompts):
        summary = PRIVATE_STEP  # a secret pick: say so rather than show an empty summary
    embed = discord.Embed(
        title=cut(f"{info.title_name} · game #{info.id}", 256),
        description=summary or None,
        colour=COLOUR,
    )
    if info.status_line:
        embed.add_field(name="Now", value=cut(info.status_line, FIELD_MAX), inline=False)
    if prompts:
        embed.add_field(name="Waiting for", value=waiting_text(info, prompts, quiet), inline=False)
    if info.holders:
        embed.add_field(name="Players", value=players_line(info), inline=False)
    if image_name:
        embed.set_image(url=f"attachment://{image_name}")
    elif same_board is not None:
        embed.add_field(name="Board", value=cut(same_board, FIELD_MAX), inline=False)
    embed.set_footer(text=f"Move {info.version} · /play to choose · /game log for the history")
    return fit_embed(embed)


def board_unchanged(version: int, link: str) -> str:
    """The line that stands for a board identical to the one posted at `version`."""
    where = f"[the turn message of move {version}]({link})" if link else f"move {version}, above"
    return f"Unchanged since {where}: nothing on the table moved."


#: The summary of a turn message that follows a private pick (nothing public happened).
PRIVATE_STEP = "🤫 A private choice was made: the others learn it when the game reveals it."


def is_private_decision(prompts: Sequence[Prompt]) -> bool:
    """Several seats at once, or a secret choice: collected privately, never on the public
    message."""
    return len(prompts) > 1 or any(p.secret for p in prompts)


def decided_count(info: GameInfo, prompts: Sequence[Prompt], quiet: bool = False) -> str:
    """ "2 of 3 have decided" while a simultaneous secret decision is under way (several secret
    prompts, or the last ones after a quiet confirmation), else ""."""
    if not prompts or not all(p.secret for p in prompts) or len(prompts) >= info.seats:
        return ""
    if len(prompts) == 1 and not quiet:
        return ""
    return f"{info.seats - len(prompts)} of {info.seats} have decided."


def decided_text(info: GameInfo, prompts: Sequence[Prompt]) -> str:
    """The private answer to a confirmation that revealed nothing yet."""
    count = decided_count(info, prompts, quiet=True) or "The others are still deciding."
    return f"✅ Your decision is in; nobody sees it until everybody has decided. {count}"


def waiting_text(info: GameInfo, prompts: Sequence[Prompt], quiet: bool = False) -> str:
    if is_private_decision(prompts):
        count = decided_count(info, prompts, quiet)
        # While a simultaneous secret decision is under way, only how many have decided is
        # public: the line names everybody asked, not who is left.
        asked = [h.seat_no for h in info.holders] if count else [p.seat for p in prompts]
        names = ", ".join(seat_name(info.holder(n), n) for n in asked)
        text = f"{names}\nPress **Decide privately** (or use `/play`): nobody else sees your pick."
        if count:
            text = f"{count} {text}"
    else:
        p = prompts[0]
        text = f"{seat_name(info.holder(p.seat), p.seat)}: {addressed_text(info, p)}"
    return cut(text, FIELD_MAX)


def standings_text(info: GameInfo, result: Result) -> str:
    """One line per seat, best first: medal, place, who, score."""
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    rows = []
    for seat_no in result.ranking:
        place = result.places.get(seat_no, 0)
        score = result.scores.get(seat_no, 0)
        who = seat_name(info.holder(seat_no), seat_no)
        rows.append(f"{medals.get(place, '▫️')} **{ordinal(place)}** {who}: {score}")
    return "\n".join(rows)


def standings_embed(info: GameInfo, result: Result, image_name: str | None) -> discord.Embed:
    embed = discord.Embed(
        title=cut(f"{info.title_name} · game #{info.id} · final standings", 256),
        description=cut(standings_text(info, result), EMBED_DESC_MAX),
        colour=DONE_COLOUR,
    )
    if result.details:
        embed.add_field(name="Details", value=cut(result.details, FIELD_MAX), inline=False)
    if image_name:
        embed.set_image(url=f"attachment://{image_name}")
    return fit_embed(embed)


#: Above the final standings only the last moves are worth reading.
FINAL_SUMMARY_MAX = 1200


def summary_embed(info: GameInfo, lines: Sequence[str], limit: int = SUMMARY_MAX) -> discord.Embed:
    """What just happened: above the final standings, or for a game with no board to show
    (ended by a moderator)."""
    return discord.Embed(
        title=cut(f"{info.title_name} · game #{info.id}", 256),
        description=trim_lines(list(lines), limit, LOG_HINT) or None,
        colour=COLOUR,
    )


def players_line(info: GameInfo) -> str:
    """Who holds which seat, in one line, so log lines naming seats can be followed; who of
    them is away, and until when."""
    parts = []
    for n in range(info.seats):
        seat = info.holder(n)
        if seat is None:
            parts.append(f"Seat {n + 1}: empty")
        elif seat.is_bot or seat.user_id is None:
            parts.append(f"{seat.label}: 🤖")
        else:
            parts.append(f"{seat.label}: <@{seat.user_id}>{away_note(info, seat.user_id)}")
    return cut(" · ".join(parts), FIELD_MAX)


def away_note(info: GameInfo, user_id: int) -> str:
    """ " (away until <t:…:f>)" for a seated person who is away now, else ""."""
    back = info.away.get(user_id)
    return f" (away until <t:{int(back.timestamp())}:f>)" if back is not None else ""
