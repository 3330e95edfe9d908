"""The turn image (issue 32): what a turn post in the channel shows, 1200x900.

4:3 because Discord fits a channel image into about 400x300, so a 4:3 image fills that frame
whole (a third of its size) and a phone shows it 1170 px wide: every text here is at least
32 px, 31 px once fitted. It holds, from the spectator view only:

* the header: who acts now (colour, seat number and colour name) and what they are doing;
* the river map (render/benares/turn_map.py) with the last move glowing orange and, in each
  seat's colour, the route of every boat that moved since the seat to act last played;
* the standing: each seat's VP, rupees, Profit discs and hold, in turn order (final scores and
  ranking once over), the figures the last move touched glowing;
* what changed since the seat to act last played (`view.recent`): the latest step of its turn
  in progress, then each other seat's most important line; with the round and phase.

What the header says of the decision is drawn from the table, never from `prompt_text`: in the
"which action first" step the prompt changes while nothing on the table does, and the image
must then stay the same, byte for byte (the bot then posts no new image). Over whole games the
image changes exactly when the tall board does (tests/render/test_benares_turn.py).
"""

from __future__ import annotations

import functools
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

from render import canvas
from render.benares import sprites
from render.benares import style as st
from render.benares.palette import PALETTE
from render.benares.panels import PHASE_TEXT, ordinal
from render.benares.recent import FILLER, headline
from render.benares.turn_map import draw_turn_map, map_state, seat_colour

W, H = 1200, 900
M = 12  # outer margin
HEAD_H = 96
NEWS_H = 196
MAP_W = 800
MAP_BOX = (0, HEAD_H, MAP_W, H - NEWS_H)
SIDE_X = MAP_W + M
SIDE_W = W - SIDE_X - M
TEXT = 32  # the smallest text
BIG = 40
DOING = 36
GOLD: st.RGB = (255, 226, 160)
LIGHT: st.RGB = (255, 236, 200)
_SEAT = re.compile(r"^Seat (\d+)\b")
_PLAYS = re.compile(r" plays .* on space \d")


def draw_turn(view) -> Image.Image:
    im = canvas.new((W, H), st.BG, PALETTE)
    hl = set(view.last)
    x0, y0, x1, y1 = MAP_BOX
    size = (x1 - x0, y1 - y0)
    key = ("map", map_state(view, hl), size)
    im.paste(memo(key, lambda: draw_turn_map(view, size, hl)), (x0, y0))
    _header(im, view)
    _standing(im, view, hl)
    _news(im, view)
    return canvas.finish(im, PALETTE)


_MEMO: OrderedDict[Hashable, tuple[Image.Image, tuple[tuple[float, str], ...]]] = OrderedDict()
MEMO_SIZE = 24  # a map layer is 460 KB
_LOCK = threading.Lock()


def memo(key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
    """`draw()`, kept under `key` (with the texts it drew, recorded again on every use): the
    map and a seat's row are often the same from one turn to the next."""
    key = (key, canvas.is_reference())
    with _LOCK:  # (a bot without render workers draws in threads)
        hit = _MEMO.get(key)
        if hit is not None:
            _MEMO.move_to_end(key)
    if hit is None:
        with canvas.texts() as texts:
            image = draw()
        hit = (image, tuple(texts))
        with _LOCK:
            _MEMO[key] = hit
            while len(_MEMO) > MEMO_SIZE:
                _MEMO.popitem(last=False)
    for size, text in hit[1]:
        canvas.note_text(size, text)
    return hit[0]


def clear_caches() -> None:
    """Drop the kept layers (a test records the texts of a first draw)."""
    with _LOCK:
        _MEMO.clear()


def _by_seat(view) -> dict:
    return {c.seat: c for c in view.companies}


def doing(view) -> str:
    """What the seat to act is doing, from the table alone (see the module docstring)."""
    if view.over:
        best = _by_seat(view).get(view.ranking[0]) if view.ranking else None
        return f"wins with {best.score} VP" if best and best.score is not None else "wins"
    if view.phase == "boats":
        return "places their boat"
    if view.phase == "administration":
        return "invests or passes" if view.step == "investment" else "administration"
    co = _by_seat(view).get(view.current)
    if co is None:
        return ""
    mine = f"space:{co.seat}:"
    played = [h for h in view.last if h.startswith(mine)]
    if played:  # mid-turn: the card they just played is on their board
        n = int(played[0].rsplit(":", 1)[1])
        space = next((s for s in co.board if s.space == n), None)
        if space is not None and space.card is not None:
            return f"plays {space.card.dev_text} / {space.card.log_text}"
    turn = sum(1 for s in co.board if s.card is not None) + 1
    return f"plays a card (turn {min(turn, len(co.board))} of {len(co.board)})"


def stage(view) -> str:
    """Round and phase, e.g. "ROUND 2/2 · ACTION"."""
    if view.over:
        return "GAME OVER"
    phase = PHASE_TEXT.get(view.phase, view.phase.upper()).split(" · ")[0]
    return f"ROUND {view.round}/2 · {phase.split()[0]}"


def _header(im: Image.Image, view) -> None:
    pen = st.Pen(im)
    pen.rect(0, 0, W, HEAD_H, fill=st.HEADER)
    seat = view.ranking[0] if view.over and view.ranking else view.current
    if seat is None:
        return
    co = _by_seat(view)[seat]
    col = seat_colour(view, seat)
    badge = f"{'★' if view.over else '▶'} {co.label} · {co.colour_name}"
    bw = st.text_w(badge, st.font(BIG, True)) + 32
    pen.rect(M, 12, M + bw, HEAD_H - 12, fill=col, outline=st.HIGHLIGHT, width=4, radius=10)
    pen.text(M + bw / 2, HEAD_H / 2, badge, BIG, st.ink_on(col), True)
    room = W - 2 * M - bw - 24
    what = st.cut(doing(view), room, DOING, True)
    pen.text(M + bw + 18, HEAD_H / 2, what, DOING, LIGHT, True, anchor="lm")


ROW_GAP = 8


def _standing(im: Image.Image, view, hl: set[str]) -> None:
    """One card per seat, in turn order (ranking once over)."""
    by_seat = _by_seat(view)
    n = len(view.companies)
    order = [(view.first_player + i) % n for i in range(n)]
    if view.over and view.ranking:
        order = list(view.ranking)
    top, bottom = HEAD_H + M, H - NEWS_H - M
    row_h = int(min(150, (bottom - top - ROW_GAP * (n - 1)) / max(n, 1)))
    for i, seat in enumerate(order):
        co = by_seat[seat]
        big = co.score if view.over and co.score is not None else co.vp
        row = (
            seat,
            seat_colour(view, seat),
            ordinal(i + 1),
            view.current == seat and not view.over,
            (f"{big} VP", f"vp:{seat}" in hl),
            (f"₹{co.treasury}", f"treasury:{seat}" in hl),
            (f"{co.discs}●", f"discs:{seat}" in hl),
            (f"hold {sum(co.hold.values())}", f"hold:{seat}" in hl),
        )
        y = top + i * (row_h + ROW_GAP)
        im.paste(memo(("row", row, row_h), functools.partial(_row, row, row_h)), (SIDE_X, y))
    if bottom - (top + n * (row_h + ROW_GAP)) >= 60:  # room left (two or three seats): the key
        pen = st.Pen(im)
        y = bottom - 30
        pen.sprite(sprites.ring(44, st.HIGHLIGHT, 8), SIDE_X + 36, y)
        pen.text(SIDE_X + 72, y, "the last move", TEXT, st.HEADER, True, anchor="lm")


def _row(row: tuple, h: int) -> Image.Image:
    """A seat's card: chip with the seat number in its colour, VP and place, then
    ₹ · discs · hold; the figures the last move touched on an orange plate."""
    seat, col, place, cur, vp, *bits = row
    im = canvas.new((SIDE_W + 1, h + 1), st.BG, PALETTE)
    pen = st.Pen(im)
    pen.rect(0, 0, SIDE_W, h, fill=st.PANEL, outline=st.HIGHLIGHT if cur else st.PANEL_EDGE,
             width=6 if cur else 2, radius=10)  # fmt: skip
    chip = 64
    cx, cy = 14, 14
    pen.rect(cx, cy, cx + chip, cy + chip, fill=col, outline=st.INK, width=2, radius=10)
    pen.text(cx + chip / 2, cy + chip / 2 + 1, str(seat + 1), BIG, st.ink_on(col), True)
    _lit(pen, cx + chip + 16, cy + chip / 2, vp[0], BIG + 4, vp[1])
    pen.text(SIDE_W - 14, cy + chip / 2, ("▶ " if cur else "") + place, TEXT, st.HEADER, True,
             anchor="rm")  # fmt: skip
    ly = cy + chip + (h - chip - 14) / 2 + 2
    x = 16.0
    for text, lit in bits:
        x = _lit(pen, x, ly, text, TEXT, lit) + 26
    return im


def _lit(pen: st.Pen, x: float, y: float, text: str, size: int, lit: bool) -> float:
    """Bold text left-aligned at (x, y), on an orange plate when the last move touched it;
    returns where it ends."""
    w = st.text_w(text, st.font(size, True))
    if lit:
        pen.rect(x - 6, y - size * 0.62, x + w + 6, y + size * 0.62, fill=st.HIGHLIGHT, radius=8)
    pen.text(x, y, text, size, st.INK, True, anchor="lm")
    return x + w


NEWS_LINE = 42
NEWS_ROWS = 3


def pick(ranked: list[str], n: int) -> list[str]:
    """At most `n` of `ranked` (most important first), each seat's best line before any
    seat's second (the three seats that played since the acting one all get a line); a
    seat's best line tells what its card did rather than the card it played, if it can."""
    firsts: dict[str | None, int] = {}
    for plays in (False, True):  # what a card did before the card itself
        for i, line in enumerate(ranked):
            if bool(_PLAYS.search(line)) == plays:
                m = _SEAT.match(line)
                firsts.setdefault(m.group(1) if m else None, i)
    chosen = sorted(firsts.values())[:n]
    chosen += [i for i in range(len(ranked)) if i not in chosen][: n - len(chosen)]
    return [ranked[i] for i in sorted(chosen)]


def in_turn(view) -> str:
    """The latest line of the acting seat's turn in progress that changed the table, or ""."""
    if view.over:
        return ""
    for entry in reversed(view.recent):
        if entry.seat != view.current:
            return ""
        if not any(p.search(entry.text) for p in FILLER):
            return entry.text
    return ""


def news_lines(view) -> tuple[str, list[tuple[int | None, str]]]:
    """The title and at most NEWS_ROWS (seat, line) rows of what changed: the latest step of
    the turn in progress first, if any (so every public step of a turn changes the image),
    then the most important; a long line loses its brackets, then is cut."""
    title, ranked = headline(view, 99)
    now = in_turn(view)
    lines = pick(ranked, NEWS_ROWS)
    if now:
        lines = [now, *pick([r for r in ranked if r != now], NEWS_ROWS - 1)]
    width = W - 2 * M - 80
    rows: list[tuple[int | None, str]] = []
    for line in lines:
        m = _SEAT.match(line)
        seat = int(m.group(1)) - 1 if m else None
        if st.text_w(line, st.font(TEXT, len(rows) == 0)) > width:
            line = re.sub(r" \([^)]*\)", "", line)
        rows.append((seat, st.cut(line, width, TEXT, len(rows) == 0)))
    return title, rows


def _news(im: Image.Image, view) -> None:
    pen = st.Pen(im)
    top = H - NEWS_H
    pen.rect(0, top, W, H, fill=st.HEADER)
    title, rows = news_lines(view)
    if view.over:
        title = "Final moves"
    pen.text(M + 4, top + 28, title.upper(), TEXT, GOLD, True, anchor="lm")
    pen.text(W - M - 4, top + 28, stage(view), TEXT, GOLD, True, anchor="rm")
    y = top + 28 + 48
    seats = {c.seat for c in view.companies}
    for i, (seat, line) in enumerate(rows):
        if seat is not None and seat in seats:
            col = seat_colour(view, seat)
            pen.rect(M + 4, y - 17, M + 52, y + 17, fill=col, outline=GOLD, width=2, radius=6)
            pen.text(M + 28, y + 1, str(seat + 1), TEXT, st.ink_on(col), True)
        else:
            pen.rect(M + 20, y - 7, M + 34, y + 7, fill=st.HIGHLIGHT if i == 0 else GOLD)
        pen.text(M + 68, y, line, TEXT, st.HIGHLIGHT if i == 0 else LIGHT, i == 0, anchor="lm")
        y += NEWS_LINE
