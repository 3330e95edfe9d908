"""Pure formatting for Discord: custom ids, paging of choices, embeds and text within Discord's
limits. Nothing here talks to the network, so all of it is unit-tested."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.results import GameInfo, SeatInfo
from engine.core import Choice, Prompt, Result

# ---- Discord limits ------------------------------------------------------------------------
CONTENT_MAX = 2000
EMBED_DESC_MAX = 4096
EMBED_TOTAL_MAX = 6000
FIELD_MAX = 1024
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
OPTION_LABEL_MAX = 100
OPTION_DESC_MAX = 100
PLACEHOLDER_MAX = 150
SELECT_OPTIONS_MAX = 25
BUTTONS_PER_ROW = 5
ROWS_MAX = 5
AUTOCOMPLETE_MAX = 25
#: The turn message's summary stays well below the description limit, so the fields fit too.
SUMMARY_MAX = 3000

COLOUR = discord.Colour(0x2F6F8F)
DONE_COLOUR = discord.Colour(0xC9A227)
ERROR_COLOUR = discord.Colour(0xB03A2E)

# ---- custom ids ----------------------------------------------------------------------------
# Every component id starts with `br:` and carries the game id, and for turn components the
# state version it was built for, so a press on an old message is recognised (even after a
# restart) and refused politely.
_G = r"br:(?P<game>\d+)"
_GV = _G + r":(?P<version>\d+)"
#: Private menus (simultaneous or secret decisions) add `f<fingerprint of the presser's prompt>`:
#: other players deciding meanwhile bump the version, but the menu stays good as long as the
#: presser's own prompt is unchanged.
_FP = r"(?::f(?P<fp>[0-9a-f]{6}))?"
#: A choice button: `c:<choice id>` when it fits in 100 characters, else `i:<index in prompt>`.
CHOICE_TEMPLATE = _GV + _FP + r":(?P<kind>[ci]):(?P<ref>.+)"
#: A select menu of one page of choices; its values are the choice ids.
SELECT_TEMPLATE = _GV + _FP + r":s:(?P<page>\d+)"
#: "Decide privately": shows the presser's own prompt ephemerally.
PRIVATE_TEMPLATE = _GV + r":p"
#: "More choices…": shows the next pages of a long prompt ephemerally.
MORE_TEMPLATE = _GV + r":m:(?P<page>\d+)"
#: "Show my hand" (not tied to a version: a hand is always shown as it is now).
HAND_TEMPLATE = _G + r":h"
#: Lobby buttons.
LOBBY_TEMPLATE = _G + r":l:(?P<action>join|leave|start)"
#: Rules paging (not tied to a game).
RULES_TEMPLATE = r"br:r:(?P<slug>[A-Za-z0-9_.-]+):(?P<page>\d+)"


def prompt_fingerprint(prompt: Prompt) -> str:
    """Six hex digits that change whenever the prompt (seat, text or choices) changes."""
    raw = "\x00".join([str(prompt.seat), prompt.text, *(c.id for c in prompt.choices)])
    return hashlib.blake2b(raw.encode(), digest_size=3).hexdigest()


def _head(game_id: int, version: int, fingerprint: str | None) -> str:
    fp = f":f{fingerprint}" if fingerprint else ""
    return f"br:{game_id}:{version}{fp}"


def choice_custom_id(
    game_id: int, version: int, index: int, choice_id: str, fingerprint: str | None = None
) -> str:
    """The choice id itself when it fits, else its index in the prompt (resolved at press time
    against the same version or prompt, so the index cannot point at a different choice)."""
    head = _head(game_id, version, fingerprint)
    cid = f"{head}:c:{choice_id}"
    if len(cid) <= CUSTOM_ID_MAX and "\n" not in choice_id and choice_id:
        return cid
    return f"{head}:i:{index}"


def select_custom_id(game_id: int, version: int, page: int, fingerprint: str | None = None) -> str:
    return f"{_head(game_id, version, fingerprint)}:s:{page}"


def private_custom_id(game_id: int, version: int) -> str:
    return f"br:{game_id}:{version}:p"


def more_custom_id(game_id: int, version: int, page: int) -> str:
    return f"br:{game_id}:{version}:m:{page}"


def hand_custom_id(game_id: int) -> str:
    return f"br:{game_id}:h"


def lobby_custom_id(game_id: int, action: str) -> str:
    return f"br:{game_id}:l:{action}"


def rules_custom_id(slug: str, page: int) -> str:
    return f"br:r:{slug}:{page}"


@dataclass(frozen=True)
class ChoiceRef:
    """A parsed choice button: game, version, and how to find the choice."""

    game_id: int
    version: int
    kind: str  # "c": ref is the choice id; "i": ref is the index in the prompt
    ref: str
    #: Set on private menus: the fingerprint of the prompt the menu was built from.
    fingerprint: str | None = None

    def resolve(self, prompt: Prompt | None) -> str | None:
        """The choice id this button stands for (None: it no longer matches the prompt)."""
        if self.kind == "c":
            return self.ref
        if prompt is None or not self.ref.isdigit():
            return None
        index = int(self.ref)
        return prompt.choices[index].id if index < len(prompt.choices) else None


def parse_choice_custom_id(custom_id: str) -> ChoiceRef | None:
    m = re.fullmatch(CHOICE_TEMPLATE, custom_id)
    if m is None:
        return None
    return ChoiceRef(int(m["game"]), int(m["version"]), m["kind"], m["ref"], m["fp"])


# ---- paging choices --------------------------------------------------------------------------
@dataclass
class ChoicePage:
    number: int
    items: list[tuple[int, Choice]]  # (index in the prompt, choice)

    @property
    def first(self) -> int:
        return self.items[0][0] + 1

    @property
    def last(self) -> int:
        return self.items[-1][0] + 1


@dataclass
class Layout:
    """How one prompt's choices are laid out in one message."""

    buttons: list[tuple[int, Choice]] = field(default_factory=list)
    selects: list[ChoicePage] = field(default_factory=list)
    #: The page a "More choices…" button continues from (None: everything is shown).
    more_from: int | None = None


def paginate(choices: Sequence[Choice], size: int = SELECT_OPTIONS_MAX) -> list[ChoicePage]:
    items = list(enumerate(choices))
    return [
        ChoicePage(n, items[start : start + size])
        for n, start in enumerate(range(0, len(items), size))
    ]


def layout(choices: Sequence[Choice], start_page: int = 0, rows: int = ROWS_MAX - 1) -> Layout:
    """Buttons for a handful of choices, else select menus of 25: as many as `rows` allows, and
    when even that is not enough, one row fewer plus a "More choices…" button."""
    if not choices:
        return Layout()
    if start_page == 0 and len(choices) <= BUTTONS_PER_ROW:
        return Layout(buttons=list(enumerate(choices)))
    pages = paginate(choices)[start_page:]
    if len(pages) <= rows:
        return Layout(selects=pages)
    shown = pages[: rows - 1]
    return Layout(selects=shown, more_from=shown[-1].number + 1)


#: Choice ids that step back rather than forward get a quieter button.
RETREAT_IDS = frozenset({"back", "cancel", "undo"})


def choice_style(choice: Choice) -> discord.ButtonStyle:
    if choice.id in RETREAT_IDS:
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.primary


def select_placeholder(prompt_text: str, page: ChoicePage, total: int) -> str:
    groups: list[str] = []
    for _, c in page.items:
        if c.group and c.group not in groups:
            groups.append(c.group)
    if page.first == 1 and page.last == total:
        head = prompt_text or "Choose…"
    else:
        head = f"Choices {page.first}–{page.last} of {total}"
        if groups:
            head += ": " + (groups[0] if len(groups) == 1 else f"{groups[0]} … {groups[-1]}")
    return cut(head, PLACEHOLDER_MAX)


def autocomplete_matches(choices: Sequence[Choice], typed: str) -> list[tuple[str, str]]:
    """(name, value) pairs for `/play` autocomplete: every typed word must appear in the label
    (or group, or id). Whole-word hits come first, then word starts, then the rest, each in the
    prompt's order; at most 25."""
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
    return [(cut(c.label, OPTION_LABEL_MAX), c.id) for _, _, c in scored[:AUTOCOMPLETE_MAX]]


def find_choice(choices: Sequence[Choice], typed: str) -> str:
    """What `/play choice:` means when the user typed instead of picking: an id, or a label
    (case-insensitive, exact). Unknown text is passed through for the engine to refuse."""
    text = typed.strip()
    for c in choices:
        if c.id == text:
            return c.id
    low = text.lower()
    for c in choices:
        if c.label.lower() == low:
            return c.id
    hits = [c for c in choices if low and low in c.label.lower()]
    return hits[0].id if len(hits) == 1 else text


# ---- text helpers ------------------------------------------------------------------------------
def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def trim_lines(lines: Sequence[str], limit: int) -> str:
    """Join lines, keeping the newest ones that fit in `limit` characters."""
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
        marker = f"… ({dropped} earlier line{'s' if dropped != 1 else ''})"
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
) -> discord.Embed:
    embed = discord.Embed(
        title=cut(f"{info.title_name} · game #{info.id}", 256),
        description=trim_lines(list(lines), SUMMARY_MAX) or None,
        colour=COLOUR,
    )
    if info.status_line:
        embed.add_field(name="Now", value=cut(info.status_line, FIELD_MAX), inline=False)
    if prompts:
        embed.add_field(name="Waiting for", value=waiting_text(info, prompts), inline=False)
    if image_name:
        embed.set_image(url=f"attachment://{image_name}")
    embed.set_footer(text=f"Move {info.version} · /play to choose · /game log for the history")
    return fit_embed(embed)


def is_private_decision(prompts: Sequence[Prompt]) -> bool:
    """Several seats at once, or a secret choice: collected privately, never on the public
    message."""
    return len(prompts) > 1 or any(p.secret for p in prompts)


def waiting_text(info: GameInfo, prompts: Sequence[Prompt]) -> str:
    if is_private_decision(prompts):
        names = ", ".join(seat_name(info.holder(p.seat), p.seat) for p in prompts)
        text = f"{names}\nPress **Decide privately** (or use `/play`): nobody else sees your pick."
    else:
        p = prompts[0]
        text = f"{seat_name(info.holder(p.seat), p.seat)}: {p.text}"
    return cut(text, FIELD_MAX)


def standings_embed(info: GameInfo, result: Result, image_name: str | None) -> discord.Embed:
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    rows = []
    for seat_no in result.ranking:
        place = result.places.get(seat_no, 0)
        score = result.scores.get(seat_no, 0)
        who = seat_name(info.holder(seat_no), seat_no)
        rows.append(f"{medals.get(place, '▫️')} **{ordinal(place)}** {who}: {score}")
    embed = discord.Embed(
        title=cut(f"{info.title_name} · game #{info.id} · final standings", 256),
        description=cut("\n".join(rows), EMBED_DESC_MAX),
        colour=DONE_COLOUR,
    )
    if result.details:
        embed.add_field(name="Details", value=cut(result.details, FIELD_MAX), inline=False)
    if image_name:
        embed.set_image(url=f"attachment://{image_name}")
    return fit_embed(embed)


def summary_embed(info: GameInfo, lines: Sequence[str]) -> discord.Embed:
    """What just happened, for a game with no board to show (ended by a moderator)."""
    return discord.Embed(
        title=cut(f"{info.title_name} · game #{info.id}", 256),
        description=trim_lines(list(lines), SUMMARY_MAX) or None,
        colour=COLOUR,
    )


def lobby_embed(info: GameInfo, blurb: str = "") -> discord.Embed:
    seated = {s.seat_no: s for s in info.holders}
    rows = [seat_name(seated.get(n), n) for n in range(info.seats)]
    filled = len(info.holders)
    state = {
        "lobby": "Open: press **Join**; any player can press **Start**.",
        "running": "Started.",
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
    return embed


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


def private_message(game: GameInfo, hand: str | None, lines: Sequence[str]) -> str:
    """A player's DM after a move: what only they may read, then their hand as it is now."""
    parts = [f"**{game.title_name} · game #{game.id}** (in <#{game.channel_id}>)"]
    if lines:
        parts.append(trim_lines(list(lines), 800))
    if hand:
        parts.append(hand)
    return cut("\n".join(parts), CONTENT_MAX)


def announcement(actor_id: int, text: str) -> str:
    return cut(f"🛡️ Moderator <@{actor_id}>: {text}", CONTENT_MAX)


def private_prompt_text(info: GameInfo, prompt: Prompt) -> str:
    who = seat_name(info.holder(prompt.seat), prompt.seat)
    secret = ""
    if prompt.secret:
        secret = " Only you see this; others learn your pick when the game reveals it."
    return cut(f"**{who}**: {prompt.text}{secret}", CONTENT_MAX)
