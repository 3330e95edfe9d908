"""The turn image (issue 32): what the turn post shows in the channel and on a phone.

1200 x 900 (4:3, so Discord's ~400 x 300 channel frame shows all of it at one third): the map on
the left 800 px with the area numbers the expand menus name; on the right the round, what is
being decided and by whom, every seat's cash (final score at the end) and, when one seat is to
play, what the others did since its last move (render/mombasa/recent.py: the most important
first, as many as fit, "+2 more" for the rest; else the last move in a few lines). The map rings
the areas those moves touched, the last move's strongest. The company key (letter, name, share value) sits in the south-west sea, which no area
reaches. Every text is 31 px or more, i.e. >= 30 px once fitted into a 1170 px phone screen.

Drawn from the public view only: planning shows who has planned, never what.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from PIL import Image

from engine.text_board import listed
from render import canvas
from render.canvas import Draw
from render.mombasa.board import headline
from render.mombasa.palette import PALETTE
from render.mombasa.recent import ranked, since_last_turn
from render.mombasa.style import (
    COMPANY,
    COMPANY_INK,
    COMPANY_SHORT,
    EDGE,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PLAYER,
    PLAYER_INK,
    f,
)
from render.mombasa.turn_map import KEY_BOX, MAP_W, TEXT, draw_turn_map

SIZE = (1200, 900)
PAD = 16
X0 = MAP_W + PAD  # the right column
ROW = 50  # a standings row
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


LINE = 40  # a row of the moves told
GAP = 10  # between two moves told


def draw_turn(v: Any) -> Image.Image:
    moves = since_last_turn(v)
    earlier = {i for m in moves for i in m.touched}
    im, d = draw_turn_map(SIZE, v, earlier)
    _key(d, v)
    y = _header(d, v)
    y = _standings(d, v, y + 10)
    if moves:
        _since(d, v, y + 12, moves)
    else:
        _last_move(d, v, y + 12)
    return canvas.finish(im, PALETTE)


# ---- the company key -------------------------------------------------------------------------
def _key(d: Draw, v: Any) -> None:
    """Each company's letter, name and share value, in the map's empty south-west sea."""
    x0, _, x1, y1 = KEY_BOX
    top = y1 - 4 * ROW - 16
    d.rounded_rectangle((x0, top, x1, y1), radius=10, fill=PANEL, outline=EDGE, width=2)
    last = set(v.last)
    for i, c in enumerate(v.companies):
        y = top + 8 + i * ROW + ROW // 2
        lit = f"base:{c.id}" in last
        if lit:
            d.rounded_rectangle((x0 + 4, y - 23, x1 - 4, y + 23), radius=8, fill=HIGHLIGHT)
        d.rounded_rectangle(
            (x0 + 10, y - 20, x0 + 50, y + 20), radius=5, fill=COMPANY[c.id], outline=EDGE, width=2
        )
        d.text(
            (x0 + 30, y),
            COMPANY_SHORT[c.id],
            fill=COMPANY_INK[c.id],
            font=f(TEXT, True),
            anchor="mm",
        )
        value = f"£{c.share_value}"
        vw = _length(value, font=f(TEXT, True))
        name = _fit(d, c.name, f(TEXT), int(x1 - 12 - vw - 10 - (x0 + 60)))
        d.text((x0 + 60, y), name, fill=INK, font=f(TEXT), anchor="lm")
        d.text((x1 - 12, y), value, fill=INK, font=f(TEXT, True), anchor="rm")


# ---- the right column ------------------------------------------------------------------------
def _header(d: Draw, v: Any) -> int:
    """Round and phase, then who must decide now; returns the y below."""
    if v.phase == "over":
        head = "Game over"
    elif v.phase == "start_tiles":
        head = "Setup"
    else:
        head = f"Round {v.round} of {v.rounds}"
    d.text((X0, 14), head, fill=INK, font=f(38, True), anchor="la")
    y = 70
    d.rounded_rectangle(
        (X0 - 6, y, SIZE[0] - 8, y + 64), radius=10, fill=PANEL, outline=HIGHLIGHT, width=5
    )
    text = _deciding(v)
    x = X0 + 8
    if v.phase == "action" and len(v.deciding) == 1:  # the player to play: their disc first
        p = v.players[v.deciding[0]]
        _disc(d, x + 22, y + 32, p)
        x += 54
    d.text(
        (x, y + 32),
        _fit(d, text, f(TEXT, True), SIZE[0] - 20 - x),
        fill=INK,
        font=f(TEXT, True),
        anchor="lm",
    )
    return y + 64


def _deciding(v: Any) -> str:
    """What is being decided now, and by whom (in a few words)."""
    if v.phase == "over":
        win = [p.name for p in v.players if p.place == 1]
        return f"{listed(win)} {'wins' if len(win) == 1 else 'tie'}"
    if v.phase == "action" and len(v.deciding) == 1:
        return f"{v.players[v.deciding[0]].name} to play"
    if v.phase == "planning":
        done = sum(p.planned for p in v.players)
        return f"Planned: {done} of {v.seats}"
    if v.phase == "start_tiles":
        done = sum(p.start_chosen for p in v.players)
        return f"Starting tiles: {done} of {v.seats}"
    if v.phase == "preparation":
        return "Choosing piles"
    return v.status.split(" · ")[-1]


def _disc(d: Draw, x: int, y: int, p: Any) -> None:
    """A seat's disc: its colour and its number."""
    d.ellipse((x - 22, y - 22, x + 22, y + 22), fill=PLAYER[p.colour], outline=INK, width=2)
    d.text((x, y), str(p.seat + 1), fill=PLAYER_INK[p.colour], font=f(TEXT, True), anchor="mm")


def _standings(d: Draw, v: Any, top: int) -> int:
    """One row per seat: disc, name, a mark (✓ planned / chose, … still deciding, "out" passed)
    and cash; at the end, place and final score. The seats deciding now are outlined."""
    last = set(v.last)
    for i, p in enumerate(v.players):
        y = top + i * ROW + ROW // 2
        deciding = p.seat in v.deciding and v.phase != "over"
        if deciding:
            d.rounded_rectangle(
                (X0 - 6, y - 24, SIZE[0] - 8, y + 24), radius=8, outline=HIGHLIGHT, width=4
            )
        _disc(d, X0 + 20, y, p)
        if v.phase == "over" and p.final:
            money = f"£{p.final['total']}"
            mark = ORDINAL.get(p.place, str(p.place))
        else:
            money = f"£{p.cash}"
            mark = _mark(v, p)
        fnt = f(TEXT, True)
        mw = int(_length(money, font=fnt))
        right = SIZE[0] - PAD
        if f"cash:{p.seat}" in last and v.phase != "over":
            d.rounded_rectangle(
                (right - mw - 6, y - 20, right + 4, y + 20), radius=6, fill=HIGHLIGHT
            )
        d.text((right, y), money, fill=INK, font=fnt, anchor="rm")
        right -= mw + 12
        if mark:
            d.text((right, y), mark, fill=MUTED, font=f(TEXT, True), anchor="rm")
            right -= int(_length(mark, font=f(TEXT, True))) + 10
        x = X0 + 52
        d.text((x, y), _fit(d, p.name, f(TEXT), right - x), fill=INK, font=f(TEXT), anchor="lm")
    return top + len(v.players) * ROW


def _mark(v: Any, p: Any) -> str:
    if v.phase == "planning":
        return "✓" if p.planned else "…"
    if v.phase == "start_tiles":
        return "✓" if p.start_chosen else "…"
    if v.phase == "action" and p.passed:
        return "out"
    if v.phase == "preparation" and p.pile_choice > 0:
        return "✓"
    return ""


def _last_move(d: Draw, v: Any, top: int) -> None:
    """The last move in a few short lines (wrapped to the column), a highlight bar beside."""
    lines = move_lines(v)
    if not lines:
        return
    d.text((X0, top), "Last move", fill=MUTED, font=f(TEXT, True), anchor="la")
    y = top + 46
    width = SIZE[0] - PAD - X0 - 16
    fnt = f(TEXT)
    rows: list[str] = []
    for line in lines:
        rows += _wrap(line, fnt, width)
    room = (SIZE[1] - 10 - y) // 40
    if len(rows) > room:
        rows = rows[:room]
        rows[-1] = _fit(d, rows[-1] + "…", fnt, width)
    d.rectangle((X0, y + 4, X0 + 6, y + 40 * len(rows) - 8), fill=HIGHLIGHT)
    for row in rows:
        d.text((X0 + 16, y), row, fill=INK, font=fnt, anchor="la")
        y += 40


def _since(d: Draw, v: Any, top: int, moves: list[Any]) -> None:
    """The others' moves since the seat to play last played, the most important first, each
    beside a bar in its seat's colour: every move's best line first, then their next lines
    while there is room; the moves left over are counted ("+2 more")."""
    name = v.players[v.deciding[0]].name
    width = SIZE[0] - PAD - X0 - 16
    bold, fnt = f(TEXT, True), f(TEXT)
    d.text((X0, top), _fit(d, f"Since {name} played", bold, width + 16), fill=MUTED, font=bold)
    y = top + 46
    room = SIZE[1] - 10 - y
    told = ranked(moves, v.round)
    areas = tuple((a.name, a.number) for a in v.areas)
    best = [_short(lines[0], areas) for _, lines in told]
    for most in (4, 3, 2):  # each move's best line: in fewer rows when not all fit
        shown, used = _first_lines(best, fnt, width, most, room)
        if len(shown) == len(told):
            break
    if len(shown) == len(told):  # then the next lines, while there is room
        for (_, lines), block in zip(told, shown, strict=False):
            for line in lines[1:]:
                rows = _rows(_short(line, areas), fnt, width)
                if used + len(rows) * LINE > room:
                    break
                block.append(rows)
                used += len(rows) * LINE
    for (move, _), block in zip(told, shown, strict=False):
        rows = [r for line in block for r in line]
        p = v.players[move.seat]
        d.rectangle((X0, y + 4, X0 + 6, y + LINE * len(rows) - 8), fill=PLAYER[p.colour])
        for row in rows:
            d.text((X0 + 16, y), row, fill=INK, font=fnt, anchor="la")
            y += LINE
        y += GAP
    if len(shown) < len(told):
        d.text((X0 + 16, y), f"+{len(told) - len(shown)} more", fill=MUTED, font=bold)


def _first_lines(
    best: list[str], fnt: Any, width: int, most: int, room: int
) -> tuple[list[list[list[str]]], int]:
    """Per move, as many as fit in `room` px, the rows of its best line (at most `most`), and
    the px they take; a row is kept for "+n more" when not all fit."""
    shown: list[list[list[str]]] = []
    used = 0
    for i, line in enumerate(best):
        rows = _rows(line, fnt, width, most)
        more = LINE + GAP if i < len(best) - 1 else 0
        need = len(rows) * LINE + (GAP if shown else 0)
        if used + need + more > room:
            break
        shown.append([rows])
        used += need
    return shown, used


def _rows(line: str, fnt: Any, width: int, most: int = 3) -> list[str]:
    """`line` wrapped to `width` in at most `most` rows (the last cut with an ellipsis)."""
    rows = _wrap(line, fnt, width)
    if len(rows) > most:
        rows = rows[:most]
        rows[-1] = _fit(None, rows[-1] + "…", fnt, width)
    return rows


def move_lines(v: Any) -> list[str]:
    """The board's headline of the last move, without details in brackets or after a ';',
    each area named with its number first ('24 Zanzibar Coast'), as the map shows it."""
    if v.phase == "start_tiles" and not any(p.start_chosen for p in v.players):
        return ["New game: each player keeps one of two starting tiles."]
    areas = tuple((a.name, a.number) for a in v.areas)
    return [_short(line, areas) for line in headline(v)]


def _short(line: str, areas: tuple[tuple[str, int], ...]) -> str:
    """`line` without details in brackets, or after a ';' outside them; its areas numbered."""
    short = re.sub(r" \([^)]*\)", "", line).split(";")[0].rstrip(".") + "."
    return _numbered(short, areas)


def _numbered(text: str, areas: tuple[tuple[str, int], ...]) -> str:
    """`text` with its area names led by their numbers, joined by a no-break space so that a
    wrapped line never parts them."""
    pattern, number = _area_pattern(areas)
    return pattern.sub(lambda m: f"{number[m.group(0)]}\u00a0{m.group(0)}", text)


@lru_cache(maxsize=4)
def _area_pattern(areas: tuple[tuple[str, int], ...]) -> tuple[re.Pattern[str], dict[str, int]]:
    names = sorted((n for n, _ in areas), key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")
    return pattern, dict(areas)


def _wrap(text: str, fnt: Any, width: int) -> list[str]:
    """`text` in rows of `width`, broken at spaces: the words are measured one by one (each
    remembered), each row then whole (a row still too wide is cut)."""
    space = _length(" ", font=fnt)
    rows: list[list[str]] = []
    row: list[str] = []
    at = 0.0
    for word in text.split(" "):
        w = _length(word, font=fnt)
        if row and at + space + w > width:
            rows.append(row)
            row, at = [word], w
        else:
            at = at + space + w if row else w
            row.append(word)
    if row:
        rows.append(row)
    return [_fit(None, " ".join(r), fnt, width) for r in rows]


@lru_cache(maxsize=4096)
def _measure(text: str, size: int, bold: bool) -> float:
    return f(size, bold).getlength(text)


def _length(text: str, font: Any) -> float:
    """The width of `text` in `font` (remembered: the same names and lines come back every
    turn)."""
    return _measure(text, font.size, "Bold" in font.path)


def _fit(d: Draw | None, text: str, fnt: Any, width: int) -> str:
    """`text` cut to `width` with an ellipsis."""
    if _length(text, font=fnt) <= width:
        return text
    while text and _length(text + "…", font=fnt) > width:
        text = text[:-1]
    return text.rstrip(" ,;") + "…"
