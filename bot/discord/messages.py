"""Pure formatting for Discord: Discord's limits, and the texts and embeds of turn messages,
lobbies and standings within them. Custom ids are in `custom_ids`, the layout of choices in
`menu_layout`. Nothing here talks to the network, so all of it is unit-tested."""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from bot.results import GameInfo, SeatInfo
from bot.service.clock_rules import clock_lines
from bot.service.drafts import fingerprint
from bot.service.watching import SETTINGS as SPECTATOR_SETTINGS
from engine.core import Prompt, Result
from render.core import RenderedImage

# ---- Discord limits ------------------------------------------------------------------------
CONTENT_MAX = 2000
EMBED_DESC_MAX = 4096
EMBED_TOTAL_MAX = 6000
FIELD_MAX = 1024
#: An attachment's description (its alt text).
ALT_MAX = 1024
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
OPTION_LABEL_MAX = 100
OPTION_DESC_MAX = 100
PLACEHOLDER_MAX = 150
SELECT_OPTIONS_MAX = 25
BUTTONS_PER_ROW = 5
ROWS_MAX = 5
AUTOCOMPLETE_MAX = 25
CHOICE_VALUE_MAX = 100
#: The turn message's summary stays well below the description limit, so the fields fit too.
SUMMARY_MAX = 3000

COLOUR = discord.Colour(0x2F6F8F)
DONE_COLOUR = discord.Colour(0xC9A227)
ERROR_COLOUR = discord.Colour(0xB03A2E)

#: Six hex digits naming a menu (a prompt), carried by the ids of a player's own menus.
prompt_fingerprint = fingerprint

#: The file name stem of a turn message's board image (`board.png`).
BOARD_STEM = "board"


#: The value of the single autocomplete entry that explains why there is nothing to play.
NOTICE_VALUE = "…"


def nothing_to_play(info: GameInfo, user_id: int) -> str:
    """Why `/play` offers nothing to this user (plain text: autocomplete shows no markdown)."""
    if info.status == "lobby":
        text = "The game here has not started yet: press Start on the lobby message."
    elif info.status != "running":
        text = "The game here is over."
    elif info.seat_of(user_id) is None:
        text = "You're not playing in this game (you can watch the turn messages)."
    else:
        waiting = ", ".join(s.label for s in info.waiting) or "nobody"
        text = f"Nothing for you to decide now: waiting for {waiting}."
    return cut(text, OPTION_LABEL_MAX)


# ---- text helpers ------------------------------------------------------------------------------
def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


#: Where the lines a summary leaves out can be read.
LOG_HINT = " (see `/game log`)"


def trim_lines(lines: Sequence[str], limit: int, hint: str = "") -> str:
    """Join lines, keeping the newest ones that fit in `limit` characters; a first line says
    how many were left out (and `hint`: where to read them)."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = cut(line, limit)
        extra = len(line) + (1 if kept else 0)
        if size + extra > limit:
            break
        kept.append(line)
        size += extra
    dropped = len(lines) - len(kept)
    if dropped:
        marker = f"… {dropped} earlier line{'s' if dropped != 1 else ''}{hint}"
        while kept and size + len(marker) + 1 > limit:
            size -= len(kept.pop()) + 1
        kept.append(marker)
    return "\n".join(reversed(kept))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def seat_name(seat: SeatInfo | None, seat_no: int) -> str:
    return seat.mention if seat is not None else f"Seat {seat_no + 1} (empty)"


def waiting_humans(info: GameInfo) -> list[SeatInfo]:
    return [s for s in info.waiting if not s.is_bot and s.user_id is not None]


def turn_content(info: GameInfo, prefix: str = "") -> str:
    """The message text: pings the people who must decide now (embeds never ping)."""
    parts = [prefix] if prefix else []
    humans = waiting_humans(info)
    if info.status == "running" and humans:
        names = ", ".join(s.mention for s in humans)
        parts.append(f"Your move: {names}")
    return cut("\n".join(parts), CONTENT_MAX)


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Shrink the description until the whole embed is within Discord's 6000 characters."""
    over = len(embed) - EMBED_TOTAL_MAX
    if over > 0 and embed.description:
        lines = embed.description.split("\n")
        embed.description = trim_lines(lines, max(0, len(embed.description) - over - 40))
    return embed


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


def addressed_text(info: GameInfo, prompt: Prompt) -> str:
    """The prompt's text without a leading "Seat 1, " / "Seat 1: " when the message names the
    seat right before it anyway ("@Ana (Seat 1): Seat 1, your turn…" reads twice)."""
    holder = info.holder(prompt.seat)
    text = prompt.text
    if holder is None or not holder.label:
        return text
    for sep in (", ", ": "):
        head = holder.label + sep
        if text.startswith(head) and len(text) > len(head):
            rest = text[len(head) :]
            return rest[0].upper() + rest[1:]
    return text


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


def lobby_embed(info: GameInfo, blurb: str = "") -> discord.Embed:
    seated = {s.seat_no: s for s in info.holders}
    if info.status == "lobby":
        # Seat numbers are only drawn at the start, so the lobby lists people, not seats.
        rows = [f"{n + 1}. {lobby_row(seated.get(n))}" for n in range(info.seats)]
    else:
        rows = [seat_name(seated.get(n), n) for n in range(info.seats)]
    filled = len(info.holders)
    state = {
        "lobby": (
            "Open: press **Join** to take a seat. Any seated player can press **Start** once "
            f"at least {info.min_seats} seats are taken (open seats are dropped); the seats "
            "are then drawn at random."
        ),
        "running": "Started: the seats below were drawn at random. Follow the turn messages.",
        "finished": "Finished.",
        "ended": "Closed.",
    }.get(info.status, info.status)
    embed = discord.Embed(
        title=cut(f"{info.title_name} · lobby · game #{info.id}", 256),
        description=cut(f"{blurb}\n\n{state}" if blurb else state, EMBED_DESC_MAX),
        colour=COLOUR,
    )
    embed.add_field(
        name="Seats", value=f"{filled}/{info.seats} (at least {info.min_seats})", inline=True
    )
    embed.add_field(name="Host", value=f"<@{info.created_by}>", inline=True)
    embed.add_field(name="Players", value=cut("\n".join(rows) or "—", FIELD_MAX), inline=False)
    options = ", ".join(f"{k}={v}" for k, v in info.options.items()) or "defaults"
    embed.add_field(name="Options", value=cut(options, FIELD_MAX), inline=False)
    if info.pace:
        embed.add_field(name="Clock", value=cut(clock_lines(info), FIELD_MAX), inline=False)
    embed.add_field(name="Spectators", value=spectators_text(info.spectators), inline=False)
    return embed


def spectators_text(setting: str, watching: int | None = None, waiting: int = 0) -> str:
    """The game's spectators setting, and (in `/game status`) how many watch."""
    text = SPECTATOR_SETTINGS.get(setting, setting)
    if watching is None:
        return text
    count = f"{watching} watching" + (f", {waiting} waiting for an Allow" if waiting else "")
    return f"{count} · {text}"


def lobby_row(seat: SeatInfo | None) -> str:
    if seat is None:
        return "*open seat*"
    if seat.is_bot or seat.user_id is None:
        return "🤖 automatic player"
    return f"<@{seat.user_id}>"


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


def status_embed(info: GameInfo) -> discord.Embed:
    embed = discord.Embed(
        title=cut(f"{info.title_name} · game #{info.id} · {info.status}", 256),
        description=cut(info.status_line, EMBED_DESC_MAX) or None,
        colour=COLOUR,
    )
    rows = [seat_name(info.holder(n), n) for n in range(info.seats)]
    embed.add_field(name="Seats", value=cut("\n".join(rows) or "—", FIELD_MAX), inline=False)
    if info.waiting:
        embed.add_field(
            name="Waiting for",
            value=cut(", ".join(s.mention for s in info.waiting), FIELD_MAX),
            inline=False,
        )
    if info.pace or info.paused:
        embed.add_field(name="Clock", value=cut(clock_lines(info), FIELD_MAX), inline=False)
    if info.away:
        away = [f"<@{uid}> until <t:{int(when.timestamp())}:f>" for uid, when in info.away.items()]
        embed.add_field(name="Away", value=cut("\n".join(away), FIELD_MAX), inline=False)
    if info.result is not None:
        embed.add_field(
            name="Final standings",
            value=cut(standings_text(info, info.result), FIELD_MAX),
            inline=False,
        )
    options = ", ".join(f"{k}={v}" for k, v in info.options.items()) or "defaults"
    embed.add_field(name="Options", value=cut(options, FIELD_MAX), inline=False)
    embed.set_footer(text=f"Move {info.version}")
    return embed


def rules_embed(title_name: str, pages: Sequence[str], index: int) -> discord.Embed:
    index = max(0, min(index, len(pages) - 1))
    embed = discord.Embed(
        title=cut(f"{title_name} · rules", 256),
        description=cut(pages[index], EMBED_DESC_MAX) if pages else "No rules written yet.",
        colour=COLOUR,
    )
    embed.set_footer(text=f"Page {index + 1} of {max(1, len(pages))}")
    return embed


def log_text(lines: Sequence[str]) -> str:
    if not lines:
        return "Nothing has happened yet."
    return trim_lines(list(lines), CONTENT_MAX)


def private_message(game: GameInfo, hand: str | None, lines: Sequence[str], intro: str = "") -> str:
    """A player's DM after a move: what only they may read, then their hand as it is now.
    `intro`: a first line (e.g. which seat they play, when they get a seat)."""
    parts = [f"**{game.title_name} · game #{game.id}** (in <#{game.channel_id}>)"]
    if intro:
        parts.append(intro)
    lines = [line for line in lines if line != hand]  # a deal often says the hand itself
    if lines:
        parts.append(trim_lines(list(lines), 800))
    if hand:
        parts.append(hand)
    return cut("\n".join(parts), CONTENT_MAX)


def seat_intro(seat: SeatInfo) -> str:
    """The first DM of a player: which seat is theirs (seats are drawn at the start)."""
    return (
        f"You play **{seat.label}**. Your private information comes here whenever it changes; "
        "`/game hand` shows it again."
    )


def announcement(actor_id: int, text: str) -> str:
    return cut(f"🛡️ Moderator <@{actor_id}>: {text}", CONTENT_MAX)


def private_prompt_text(info: GameInfo, prompt: Prompt) -> str:
    who = seat_name(info.holder(prompt.seat), prompt.seat)
    secret = ""
    if prompt.secret:
        secret = " Only you see this; others learn your pick when the game reveals it."
    return cut(f"**{who}**: {addressed_text(info, prompt)}{secret}", CONTENT_MAX)


def image_file(image: RenderedImage) -> discord.File:
    """A fresh `discord.File` of a drawn image (a File can be sent only once), its alt text
    (Discord's attachment description) the one written with it from the same view or data."""
    description = cut(image.description, ALT_MAX) if image.description else None
    return discord.File(io.BytesIO(image.data), image.filename, description=description)
