"""An event's standings table as an image (`/event standings`, the final standings post), drawn
in a fixed palette (render.canvas) and sized to read when Discord fits it in about 400 x 300:
1,100 px wide, landscape, no text under 28 px. Plain data in, PNG out, so it is drawn in a
render worker (bot.catalog).

Up to `ONE_COLUMN` entrants fill one column; more fill two columns of up to `PER_COLUMN`; past
`SHOWN` the rest are counted in a last line ("… and N more": the embed beside it lists all).
The top three carry a medal (a disc with a ribbon and their place in it), not colour alone."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.text_board import alt_text
from render import canvas
from render.charts import fit_text, ink_ramp, rgb_of
from render.core import RenderedImage, encode, font
from render.palette import Palette

WIDTH = 1100
HEAD_SIZE = 28
ONE_COLUMN = 10
PER_COLUMN = 12
SHOWN = 2 * PER_COLUMN
#: Alt text limit (Discord's attachment description).
ALT_MAX = 1024

BG = "#ffffff"
PANEL = "#f3f5f8"
INK = "#1f2933"
DIM = "#5a6675"
GRID = "#d5dbe2"
GOLD = "#e8b923"
SILVER = "#b8c0c8"
BRONZE = "#c98a4b"
RIBBON = "#2f6db5"
MEDALS = (GOLD, SILVER, BRONZE)
MEDAL_NAMES = ("gold", "silver", "bronze")

#: One entrant: (name, points, opponents' points, score share 0..1, games, byes); opponents'
#: points None where the event has none (a season: no tables seated).
Row = tuple[str, float, float | None, float, int, int]


def _palette() -> Palette:
    grounds = (BG, PANEL, *MEDALS)
    colours = [rgb_of(c) for c in (*grounds, INK, DIM, GRID, RIBBON)]
    for ink in (INK, DIM):
        for bg in grounds:
            colours += ink_ramp(ink, bg)
    return Palette(colours)


PALETTE = _palette()


def _num(x: float) -> str:
    return f"{x:g}"


def _played(games: int, byes: int) -> str:
    return f"{games}+{byes}" if byes else str(games)


class _Layout:
    """Where a table `width` wide at `left` puts its columns: the numbers right-aligned, each
    column as wide as its widest text, the name taking what is left."""

    def __init__(self, left: int, width: int, size: int, rows: Sequence[Row], full: bool) -> None:
        self.size = size
        self.left = left
        self.right = left + width
        self.place = left + 40  # centre of the place / medal
        self.name = left + 84
        bold, plain, small = font(size, True), font(size), font(HEAD_SIZE)

        def widest(face: Any, head: str, values: list[str]) -> int:
            return int(max([small.getlength(head)] + [face.getlength(v) for v in values]))

        #: The numbers' columns: (right edge, heading, the text of a row, bold).
        self.cells: list[tuple[int, str, Callable[[Row], str], bool]] = []
        cells = FULL if full else BRIEF
        if all(r[2] is None for r in rows):
            cells = [c for c in cells if c[0] != OPPONENTS]
        x = self.right - 14
        for head, text, strong in reversed(cells):
            self.cells.insert(0, (x, head, text, strong))
            x -= 26 + widest(bold if strong else plain, head, [text(r) for r in rows])
        self.name_room = x - self.name


OPPONENTS = "opp."
#: The numbers shown in one column, and in two (the embed beside lists them all).
BRIEF: list[tuple[str, Callable[[Row], str], bool]] = [
    ("pts", lambda r: _num(r[1]), True),
    (OPPONENTS, lambda r: _num(r[2] or 0), False),
]
FULL = BRIEF + [
    ("share", lambda r: f"{r[3]:.0%}", False),
    ("games", lambda r: _played(r[4], r[5]), False),
]


def _medal(d: canvas.Draw, cx: float, cy: float, r: float, place: int, face: Any) -> None:
    """A medal: two ribbon tails under a disc with the place number."""
    d.polygon([(cx - r * 0.9, cy), (cx - r * 0.2, cy), (cx - r * 0.5, cy + r * 1.3)], fill=RIBBON)
    d.polygon([(cx + r * 0.2, cy), (cx + r * 0.9, cy), (cx + r * 0.5, cy + r * 1.3)], fill=RIBBON)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MEDALS[place - 1], outline=INK, width=2)
    d.text((cx, cy), str(place), fill=INK, font=face, anchor="mm")


def _header(d: canvas.Draw, lay: _Layout, y: int) -> None:
    small = font(HEAD_SIZE)
    d.text((lay.place, y), "#", fill=DIM, font=small, anchor="mm")
    d.text((lay.name, y), "name", fill=DIM, font=small, anchor="lm")
    for x, label, _, _ in lay.cells:
        d.text((x, y), label, fill=DIM, font=small, anchor="rm")


def _row(d: canvas.Draw, lay: _Layout, y: int, h: int, place: int, row: Row) -> None:
    name = row[0]
    size = lay.size
    if place % 2 == 1:
        d.rectangle((lay.left, y, lay.right, y + h - 1), fill=PANEL)
    cy = y + h // 2
    bold, plain = font(size, True), font(size)
    if place <= 3:
        _medal(d, lay.place, cy - 3, h * 0.38, place, font(HEAD_SIZE, True))
    else:
        d.text((lay.place, cy), str(place), fill=INK, font=plain, anchor="mm")
    face = bold if place <= 3 else plain
    d.text((lay.name, cy), fit_text(name, face, lay.name_room), fill=INK, font=face, anchor="lm")
    for x, _, text, strong in lay.cells:
        d.text((x, cy), text(row), fill=INK, font=bold if strong else plain, anchor="rm")


def standings_image(name: str, game: str, stage: str, rows: Sequence[Row]) -> RenderedImage:
    """`stage`: "after round 2 of 3" or "final"; `rows` in standing order (all of them: the
    image shows the first `SHOWN` and counts the rest)."""
    shown = list(rows[:SHOWN])
    columns = 1 if len(shown) <= ONE_COLUMN else 2
    per = len(shown) if columns == 1 else -(-len(shown) // 2)
    size, h = (32, 58) if columns == 1 else (28, 50)
    notes = _notes(rows, len(rows) - len(shown), columns == 1)
    top = 144
    height = top + 50 + h * max(per, 1) + (56 if notes else 0) + 24
    image = canvas.new((WIDTH, height), BG, PALETTE)
    d = canvas.Draw(image, PALETTE)
    title = font(44, True)
    d.text((32, 26), fit_text(f"{name} · {game}", title, WIDTH - 64), fill=INK, font=title)
    d.text((32, 88), _stage(stage), fill=DIM, font=font(32))
    d.line((24, top - 12, WIDTH - 24, top - 12), fill=GRID, width=3)
    col_w = (WIDTH - 48) // columns
    for c in range(columns):
        part = shown[c * per : (c + 1) * per]
        left, width = 24 + c * col_w + (12 if c else 0), col_w - (12 if columns > 1 else 0)
        lay = _Layout(left, width, size, part, columns == 1)
        _header(d, lay, top + 20)
        for i, row in enumerate(part):
            _row(d, lay, top + 50 + i * h, h, c * per + i + 1, row)
    if not rows:
        d.text((32, top + 70), "Nobody has played yet.", fill=DIM, font=font(32))
    if notes:
        note = fit_text(notes, font(HEAD_SIZE), WIDTH - 64)
        d.text((32, top + 50 + h * per + 28), note, fill=DIM, font=font(HEAD_SIZE))
    alt = standings_alt(name, game, stage, rows)
    return encode(canvas.finish(image, PALETTE), "standings", alt)


def _stage(stage: str) -> str:
    return "final standings" if stage == "final" else f"standings {stage}"


def _notes(rows: Sequence[Row], more: int, full: bool) -> str:
    """The line under the table: how many are not shown, where the rest is, what "2+1"
    means."""
    notes = []
    if more:
        notes.append(f"… and {more} more")
    if not full:
        notes.append("score shares and games: in the list above")
    elif any(r[5] for r in rows):
        notes.append("games 2+1: 2 played and 1 bye")
    return " · ".join(notes)


def standings_alt(name: str, game: str, stage: str, rows: Sequence[Row]) -> str:
    """The standings in words, best first, as many entrants as fit in Discord's limit."""
    head = f"{name} · {game}, {_stage(stage)}"
    if not rows:
        return f"{head}: nobody has played yet."
    parts: list[str] = []
    for n, (who, points, opp, share, games, byes) in enumerate(rows, 1):
        medal = f" ({MEDAL_NAMES[n - 1]})" if n <= 3 else ""
        bye = f", {byes} bye{'s' if byes != 1 else ''}" if byes else ""
        parts.append(
            f"{n}. {who}{medal} {_num(points)} pts, "
            + ("" if opp is None else f"opponents {_num(opp)}, ")
            + f"share {share:.0%}, {games} game{'s' if games != 1 else ''}{bye}"
        )
    text = ""
    for k in range(len(parts), 0, -1):
        rest = len(parts) - k
        tail = f"; and {rest} more" if rest else ""
        text = f"{head}: {'; '.join(parts[:k])}{tail}."
        if len(text) <= ALT_MAX:
            break
    return alt_text([text], ALT_MAX)
