"""Pure formatting for Discord: custom ids, paging of choices, embeds and text within Discord's
limits. Nothing here talks to the network, so all of it is unit-tested."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.results import GameInfo, SeatInfo
from bot.service.clock_rules import clock_lines
from bot.service.drafts import fingerprint
from bot.service.watching import SETTINGS as SPECTATOR_SETTINGS
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
#: Private menus (a player's own: secret decisions and the steps of a move) add
#: `f<fingerprint of the menu>`: other players deciding meanwhile bump the version, but the menu
#: stays good as long as it is still the presser's menu.
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


#: Six hex digits naming a menu (a prompt), carried by the ids of a player's own menus.
prompt_fingerprint = fingerprint

#: The file name stem of a turn message's board image (`board.png`).
BOARD_STEM = "board"


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
    #: Set when the page holds (part of) one group of choices: its select is named after it.
    group: str | None = None
    #: (k, n) when the group is spread over n selects and this is the k-th.
    part: tuple[int, int] | None = None
    #: The only select of its message (the other rows are buttons).
    sole: bool = False

    @property
    def first(self) -> int:
        return self.items[0][0] + 1

    @property
    def last(self) -> int:
        return self.items[-1][0] + 1


#: One row of a message: a few buttons, or one select menu.
Row = list[tuple[int, Choice]] | ChoicePage


@dataclass
class Layout:
    """How one prompt's choices are laid out in one message."""

    buttons: list[tuple[int, Choice]] = field(default_factory=list)
    selects: list[ChoicePage] = field(default_factory=list)
    #: The page a "More choices…" button continues from (None: everything is shown).
    more_from: int | None = None
    #: The rows in display order (buttons and selects mixed); filled by `layout`.
    rows: list[Row] = field(default_factory=list)


def paginate(choices: Sequence[Choice], size: int = SELECT_OPTIONS_MAX) -> list[ChoicePage]:
    items = list(enumerate(choices))
    return [
        ChoicePage(n, items[start : start + size])
        for n, start in enumerate(range(0, len(items), size))
    ]


#: A group this small is shown as buttons (sharing a row with other small groups), not as a
#: select menu of its own: a one-entry dropdown is a pointless extra tap on a phone.
SMALL_GROUP = 2


def grouped_rows(choices: Sequence[Choice], rows: int) -> list[Row] | None:
    """One select per group of choices (named after the group), small groups as buttons, in
    the order the groups first appear. None when there are fewer than two groups or it needs
    more than `rows` rows."""
    groups: dict[str, list[tuple[int, Choice]]] = {}
    for item in enumerate(choices):
        groups.setdefault(item[1].group, []).append(item)
    if len(groups) < 2:
        return None
    out: list[Row] = []
    button_row: list[tuple[int, Choice]] | None = None
    selects = 0
    for name, items in groups.items():
        if len(items) <= SMALL_GROUP:
            if button_row is None or len(button_row) + len(items) > BUTTONS_PER_ROW:
                button_row = []
                out.append(button_row)
            button_row.extend(items)
            continue
        chunks = [
            items[k : k + SELECT_OPTIONS_MAX] for k in range(0, len(items), SELECT_OPTIONS_MAX)
        ]
        for k, chunk in enumerate(chunks):
            part = (k + 1, len(chunks)) if len(chunks) > 1 else None
            out.append(ChoicePage(selects, chunk, group=name, part=part))
            selects += 1
        if len(out) > rows:
            return None
    if len(out) > rows:
        return None
    pages = [r for r in out if isinstance(r, ChoicePage)]
    if len(pages) == 1:
        pages[0].sole = True
    return out


def layout(choices: Sequence[Choice], start_page: int = 0, rows: int = ROWS_MAX - 1) -> Layout:
    """Buttons for a handful of choices; else, when the choices come in groups that fit, one
    select per group (small groups as buttons); else select menus of 25: as many as `rows`
    allows, and when even that is not enough, one row fewer plus a "More choices…" button."""
    if not choices:
        return Layout()
    if start_page == 0 and len(choices) <= BUTTONS_PER_ROW:
        buttons = list(enumerate(choices))
        return Layout(buttons=buttons, rows=[buttons])
    if start_page == 0:
        grouped = grouped_rows(choices, rows)
        if grouped is not None:
            return Layout(
                buttons=[b for r in grouped if isinstance(r, list) for b in r],
                selects=[r for r in grouped if isinstance(r, ChoicePage)],
                rows=grouped,
            )
    pages = paginate(choices)[start_page:]
    if len(pages) <= rows:
        return Layout(selects=pages, rows=list(pages))
    shown = pages[: rows - 1]
    return Layout(selects=shown, more_from=shown[-1].number + 1, rows=list(shown))


#: Choice ids that step back rather than forward get a quieter button.
RETREAT_IDS = frozenset({"back", "cancel", "undo"})


def choice_style(choice: Choice) -> discord.ButtonStyle:
    if choice.id in RETREAT_IDS:
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.primary


#: A prompt text longer than this is not repeated as a placeholder (it is shown above).
PLACEHOLDER_TEXT_MAX = 80


def select_placeholder(prompt_text: str, page: ChoicePage, total: int) -> str:
    """What a closed select menu says: its group (and how many choices), the range of a long
    prompt's page, or the prompt itself when it is short."""
    count = len(page.items)
    question = first_question(prompt_text)
    if page.sole and page.part is None and question:
        return cut(question, PLACEHOLDER_MAX)
    if page.group is not None:
        head = page.group or "Other choices"
        if page.part is not None:
            head += f" ({page.part[0]}/{page.part[1]})"
        return cut(f"{head} · {count} choice{'s' if count != 1 else ''}", PLACEHOLDER_MAX)
    groups: list[str] = []
    for _, c in page.items:
        if c.group and c.group not in groups:
            groups.append(c.group)
    if page.first == 1 and page.last == total:
        if prompt_text and len(prompt_text) <= PLACEHOLDER_TEXT_MAX:
            head = prompt_text
        elif len(groups) == 1:
            head = f"{groups[0]} · {count} choices"
        else:
            head = f"Choose one of {count}…"
    else:
        head = f"Choices {page.first}–{page.last} of {total}"
        if groups:
            head += ": " + (groups[0] if len(groups) == 1 else f"{groups[0]} … {groups[-1]}")
    return cut(head, PLACEHOLDER_MAX)


def first_question(text: str, limit: int = 100) -> str | None:
    """The prompt's opening sentence when it is a short question ("Which ship sails?")."""
    m = re.match(r"(.+?[.?!])(\s|$)", text.strip())
    sentence = m[1] if m else text.strip()
    return sentence if sentence.endswith("?") and len(sentence) <= limit else None


def option_description(page: ChoicePage, choice: Choice) -> str | None:
    """An option's grey second line: its group, only where the select mixes several groups
    (a select of one group is named after it already)."""
    if not choice.group or page.group is not None:
        return None
    if len({c.group for _, c in page.items}) < 2:
        return None
    return cut(choice.group, OPTION_DESC_MAX)


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
) -> discord.Embed:
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
    embed.set_footer(text=f"Move {info.version} · /play to choose · /game log for the history")
    return fit_embed(embed)


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
