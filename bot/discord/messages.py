"""Pure formatting for Discord: the smaller texts (a player's DM, their menu's text, the rules,
announcements), fitted within Discord's limits (`limits`). What a turn message says is in
`turn_text` (built into one message by `turn_message`), the lobby's and `/game status`'s
embeds in `game_status`, custom ids in `custom_ids`, the layout of choices in `menu_layout`.
Nothing here talks to the network or reads the service, so all of it is unit-tested."""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from bot.discord.limits import (
    ALT_MAX,
    CHOICE_NAME_MAX,
    CONTENT_MAX,
    EMBED_DESC_MAX,
    EMBED_TOTAL_MAX,
    cut,
)
from bot.results import GameInfo, SeatInfo
from engine.core import Prompt
from render.core import RenderedImage

#: The turn message's summary stays well below the description limit, so the fields fit too.
SUMMARY_MAX = 3000

COLOUR = discord.Colour(0x2F6F8F)
DONE_COLOUR = discord.Colour(0xC9A227)
ERROR_COLOUR = discord.Colour(0xB03A2E)

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
    return cut(text, CHOICE_NAME_MAX)


# ---- text helpers ------------------------------------------------------------------------------
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


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Shrink the description until the whole embed is within Discord's 6000 characters."""
    over = len(embed) - EMBED_TOTAL_MAX
    if over > 0 and embed.description:
        lines = embed.description.split("\n")
        embed.description = trim_lines(lines, max(0, len(embed.description) - over - 40))
    return embed


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


def image_kwargs(image: RenderedImage | None) -> dict[str, discord.File]:
    """`file=` for a message sending `image`, or nothing (discord.py refuses `file=None`)."""
    return {} if image is None else {"file": image_file(image)}


def moderators(role_id: int | None) -> str:
    """Whom a message for the moderators addresses: their role (pinged), or, with none set,
    how to set one."""
    if role_id:
        return f"<@&{role_id}>"
    return (
        "Moderators (no moderator role is set, so nobody was pinged: someone with Manage "
        "Server sets one with `/admin modrole`)"
    )
