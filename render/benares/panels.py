"""The header (whose turn, what just happened), the turn order, the Investment grid and the
supply."""

from __future__ import annotations

import re
from functools import lru_cache

from PIL import Image

from render import canvas
from render.benares import sprites
from render.benares import style as st
from render.benares.palette import PALETTE
from render.benares.recent import headline

MIN, KEY = st.MIN_TEXT, st.KEY_TEXT
INV_W = 980
LEVELS = ("I", "II", "III")
SECTOR_TITLE = {"fleet": "Fleet", "warehouses": "Warehouses", "bank": "Bank", "estates": "Estates"}
FIRST_RING = (255, 200, 0)
CELL_FILL = (246, 238, 224)
BADGE_FILL = (232, 222, 246)
GOLD = (255, 226, 160)
LIGHT = (255, 236, 200)


def ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th'."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


# ---- header -----------------------------------------------------------------------------------
PHASE_TEXT = {
    "boats": "SETUP · BOATS",
    "action": "ACTION PHASE",
    "administration": "ADMINISTRATION",
    "over": "GAME OVER",
}
HEAD_TOP = 112  # title row and phase / turn row
LINE_H = 30
MAX_LINES = 5
LAST_X = 42  # where the 'last' lines start in the header
#: Their width: the header is the page's panel width (980 px), less a margin each side.
LAST_W = 980 - LAST_X - 16


def _last_lines(view) -> tuple[str, list[list[str]]]:
    """The 'last' area: its title and, per entry, its wrapped lines (at most MAX_LINES rows);
    the first entry is drawn in bold, so it is measured in bold."""
    title, lines = headline(view)
    out: list[list[str]] = []
    rows = 0
    for i, line in enumerate(lines):
        bold = i == 0
        wrapped = st.wrap(line, MIN, LAST_W, bold)
        if len(wrapped) > 2:
            short = re.sub(r" \([^)]*\)", "", line)
            wrapped = st.wrap(short, MIN, LAST_W, bold)[:2]
            if len(st.wrap(short, MIN, LAST_W, bold)) > 2:
                wrapped[1] = st.cut(wrapped[1] + " …", LAST_W, MIN, bold)
        if rows + len(wrapped) > MAX_LINES:
            break
        out.append(wrapped)
        rows += len(wrapped)
    return title, out


def header_height(view) -> int:
    _title, entries = _last_lines(view)
    rows = sum(len(e) for e in entries)
    return HEAD_TOP + (LINE_H + 8 + rows * LINE_H if rows else 0) + 10


def draw_header(im: Image.Image, ox: int, oy: int, width: int, view, colours) -> int:
    """The header; returns its bottom edge."""
    pen = st.Pen(im, ox, oy)
    h = header_height(view)
    pen.rect(0, 0, width, h, fill=st.HEADER, radius=10)
    with pen.panel("header", 0, 0, width, h):
        pen.text(16, 30, view.title.upper(), KEY, GOLD, True, anchor="lm")
        rnd = "GAME OVER" if view.over else f"ROUND {view.round} of 2"
        pen.text(width - 16, 30, rnd, 26, GOLD, True, anchor="rm")
        phase = PHASE_TEXT.get(view.phase, view.phase.upper())
        if view.phase == "administration" and view.step:
            phase += f" · {view.step.upper()}"
        # who must decide now (or who won), right; the phase, left
        badge = ""
        col = st.MUTED
        if view.current is not None and not view.over:
            co = {c.seat: c for c in view.companies}[view.current]
            col = colours.get(view.current, st.MUTED)
            badge = f"▶ {co.label} · {co.colour_name} to play"
        elif view.over and view.ranking:
            co = {c.seat: c for c in view.companies}[view.ranking[0]]
            col = colours.get(co.seat, st.MUTED)
            badge = f"★ {co.label} · {co.colour_name} wins"
        right: float = width - 14
        if badge:
            tw = min(st.text_w(badge, st.font(26, True)) + 28, width * 0.62)
            pen.rect(right - tw, 62, right, 104, fill=col, outline=st.HIGHLIGHT, width=4, radius=8)
            pen.fit(right - tw / 2, 83, badge, 26, tw - 20, st.ink_on(col), True)
            right -= tw + 14
        if not view.over:
            pw = min(st.text_w(phase, st.font(MIN, True)) + 24, right - 14)
            pen.rect(14, 64, 14 + pw, 102, fill=(255, 240, 210), radius=8)
            pen.fit(14 + pw / 2, 83, phase, MIN, pw - 16, st.INK, True)
        title, entries = _last_lines(view)
        if entries:
            y = HEAD_TOP + 4
            pen.text(18, y + LINE_H / 2, title.upper(), MIN, GOLD, True, anchor="lm")
            y += LINE_H + 8
            for i, wrapped in enumerate(entries):
                pen.rect(20, y + 8, 30, y + LINE_H - 8, fill=st.HIGHLIGHT if i == 0 else GOLD)
                for line in wrapped:
                    pen.text(LAST_X, y + LINE_H / 2, line, MIN, LIGHT, i == 0, anchor="lm")
                    y += LINE_H
    return oy + h


# ---- turn order ------------------------------------------------------------------------------
def order_height() -> int:
    return 168


def draw_order(im: Image.Image, ox: int, oy: int, width: int, view, colours) -> int:
    """Turn order (or the final ranking) with each company's VP, money, discs and hold."""
    pen = st.Pen(im, ox, oy)
    h = order_height()
    pen.rect(0, 0, width, h, fill=st.PANEL, outline=st.PANEL_EDGE, width=3, radius=10)
    n = len(view.companies)
    by_seat = {c.seat: c for c in view.companies}
    order = [(view.first_player + i) % n for i in range(n)]
    if view.over and view.ranking:
        order = list(view.ranking)
    with pen.panel("order", 0, 0, width, h):
        title = "FINAL SCORES" if view.over else "TURN ORDER"
        pen.text(16, 24, title, 24, st.HEADER, True, anchor="lm")
        note = "final VP: in play + end scoring" if view.over else "VP so far · ₹ · discs ● · hold"
        pen.fit(width - 16, 24, note, MIN, width - 260, st.MUTED, anchor="rm")
    cw = (width - 24 + 8) / max(n, 1)
    y = 46
    for i, seat in enumerate(order):
        co = by_seat[seat]
        col = colours.get(seat, st.MUTED)
        x = 12 + i * cw
        cur = view.current == seat and not view.over
        pen.rect(x, y, x + cw - 8, h - 10, fill=col, outline=st.HIGHLIGHT if cur else st.INK,
                 width=5 if cur else 2, radius=8)  # fmt: skip
        ink = st.ink_on(col)
        mid = x + (cw - 8) / 2
        with pen.panel(f"order:{seat}", x, y, x + cw - 8, h - 10):
            head = f"{ordinal(i + 1)} {co.label}"
            pen.fit(mid, y + 20, ("▶ " if cur else "") + head, MIN, cw - 24, ink, True)
            if view.over and co.score is not None:
                pen.text(mid, y + 56, f"{co.score} VP", 34, ink, True)
                pen.fit(mid, y + 92, f"{co.vp} in play + {co.score - co.vp} end", MIN, cw - 24,
                        ink, True)  # fmt: skip
            else:
                pen.text(mid, y + 56, f"{co.vp} VP", KEY, ink, True)
                stats = f"₹{co.treasury} · {co.discs}● · hold {sum(co.hold.values())}"
                pen.fit(mid, y + 92, stats, MIN, cw - 24, ink, True)
    return oy + h


# ---- the Investment grid -----------------------------------------------------------------------
#: what an Investment cell shows that stays put all game
Cell = tuple[str, str, int, int, int, str]
INV_TOP = 50
INV_ROW = 132
LABEL_W = 164


def investment_height(view) -> int:
    sectors = {c.sector for c in view.investment}
    return INV_TOP + INV_ROW * max(1, len(sectors)) + 8


def _grid(cells: tuple[Cell, ...]) -> tuple[list[str], list[str], float]:
    sectors: list[str] = []
    for c in cells:
        if c[0] not in sectors:
            sectors.append(c[0])
    levels = [lv for lv in LEVELS if any(c[1] == lv for c in cells)] or list(LEVELS)
    col_w = (INV_W - 12 - LABEL_W - 6) / len(levels)
    return sectors, levels, col_w


def _cell_x(i: int, col_w: float) -> float:
    return LABEL_W + 12 + i * col_w


def draw_investment(im: Image.Image, ox: int, oy: int, view, highlight: set[str], colours) -> int:
    """The grid: frame, cells and their texts come from a cached layer; drawn on top are the
    cells the last move touched (in the highlight colour) and the owners' discs."""
    cells: tuple[Cell, ...] = tuple(
        (c.sector, c.level, c.cost, c.vp, c.first_buyer_bonus, c.text) for c in view.investment
    )
    im.paste(_investment_static(cells, canvas.is_reference()), (round(ox), round(oy)))
    pen = st.Pen(im, ox, oy)
    sectors, levels, col_w = _grid(cells)
    by_key = {(c.sector, c.level): c for c in view.investment}
    for r, sector in enumerate(sectors):
        y = INV_TOP + r * INV_ROW
        for i, level in enumerate(levels):
            c = by_key.get((sector, level))
            if c is None:
                continue
            x = _cell_x(i, col_w)
            if any(h.startswith("cell:") and h.endswith(f":{sector}:{level}") for h in highlight):
                cell = next(k for k in cells if k[0] == sector and k[1] == level)
                with pen.panel(f"cell:{sector}:{level}", x, y, x + col_w - 6, y + INV_ROW - 4):
                    _cell(pen, x, y, col_w, cell, st.HIGHLIGHT)
            # owners: discs along the cell's foot, right-aligned; gold ring = first buyer
            cy = y + INV_ROW - 26
            for j, seat in enumerate(reversed(c.owners)):
                cx = x + col_w - 6 - 24 - j * 38
                col = colours.get(seat, st.MUTED)
                if c.first_buyer == seat:
                    pen.sprite(sprites.disc(40, FIRST_RING, st.INK, 1), cx, cy)
                pen.sprite(sprites.disc(30, col, st.INK), cx, cy)
                with pen.panel(f"cell:{sector}:{level}", x, y, x + col_w - 6, y + INV_ROW - 4):
                    pen.text(cx, cy + 1, str(seat + 1), MIN, st.ink_on(col), True)
    return oy + investment_height(view)


@lru_cache(maxsize=4)
def _investment_static(cells: tuple[Cell, ...], reference: bool = False) -> Image.Image:
    sectors, levels, col_w = _grid(cells)
    h = INV_TOP + INV_ROW * max(1, len(sectors)) + 8
    im = canvas.new((INV_W + 1, h + 1), st.BG, PALETTE)
    pen = st.Pen(im)
    pen.rect(0, 0, INV_W, h, fill=st.PANEL, outline=st.PANEL_EDGE, width=3, radius=10)
    with pen.panel("investment", 0, 0, INV_W, h):
        pen.text(16, 26, "INVESTMENT GRID", 24, st.HEADER, True, anchor="lm")
        pen.text(INV_W - 16, 26, "cost in Profit discs ●", MIN, st.MUTED, anchor="rm")
    by_key = {(c[0], c[1]): c for c in cells}
    for r, sector in enumerate(sectors):
        y = INV_TOP + r * INV_ROW
        pen.rect(10, y + 2, LABEL_W + 4, y + INV_ROW - 4, fill=st.HEADER, radius=6)
        with pen.panel(f"sector:{sector}", 10, y + 2, LABEL_W + 4, y + INV_ROW - 4):
            name = SECTOR_TITLE.get(sector, sector.title())
            pen.fit(
                10 + (LABEL_W - 6) / 2, y + INV_ROW / 2, name, MIN, LABEL_W - 14, st.WHITE, True
            )
        for i, level in enumerate(levels):
            c = by_key.get((sector, level))
            if c is not None:
                x = _cell_x(i, col_w)
                with pen.panel(f"cell:{sector}:{level}", x, y, x + col_w - 6, y + INV_ROW - 4):
                    _cell(pen, x, y, col_w, c, CELL_FILL)
    return im


def _cell(pen: st.Pen, x: float, y: float, col_w: float, c: Cell, fill) -> None:
    """One Investment cell: its level badge with the cost in discs, its VP and its effect."""
    _sector, level, cost, vp_n, bonus, text = c
    x1, y1 = x + col_w - 6, y + INV_ROW - 4
    pen.rect(x, y + 2, x1, y1, fill=fill, outline=st.PANEL_EDGE, width=1, radius=6)
    pen.rect(x + 6, y + 8, x + 58, y + 70, fill=BADGE_FILL, outline=st.INK, width=1, radius=5)
    pen.text(x + 32, y + 25, level, 24, st.INK, True)
    pen.text(x + 32, y + 54, f"{cost}●", MIN, st.INK, True)
    vp = f"{vp_n} VP" + (f" +{bonus} first" if bonus else "")
    tx = x + 66
    tw = x1 - tx - 6
    pen.fit(tx, y + 24, vp, 26, tw, st.INK, True, anchor="lm")
    if not text:
        return
    lines = st.wrap(text, MIN, int(tw))
    if len(lines) > 2:
        lines = st.wrap(re.sub(r" \([^)]*\)", "", text), MIN, int(tw))
    if len(lines) > 2:
        lines = [lines[0], st.cut(lines[1] + " …", tw, MIN)]
    for j, line in enumerate(lines):
        pen.text(tx, y + 52 + j * 26, line, MIN, st.MUTED, anchor="lm")


# ---- supply ------------------------------------------------------------------------------------
def supply_height() -> int:
    return 150


def draw_supplies(im: Image.Image, ox: int, oy: int, width: int, view) -> int:
    pen = st.Pen(im, ox, oy)
    h = supply_height()
    pen.rect(0, 0, width, h, fill=st.PANEL, outline=st.PANEL_EDGE, width=3, radius=10)
    f = st.font(MIN)
    with pen.panel("supply", 0, 0, width, h):
        pen.text(16, 26, "SUPPLY", 24, st.HEADER, True, anchor="lm")
        pen.text(width - 16, 26, f"deck: {view.deck_count} cards", MIN, st.MUTED, True,
                 anchor="rm")  # fmt: skip
        y = 70
        pen.text(16, y, "Crates", MIN, st.INK, True, anchor="lm")
        x = 120
        for good, n in view.crate_supply.items():
            pen.crate(x, y - 16, 32, good)
            label = f"{good.title()} {n}"
            pen.text(x + 40, y, label, MIN, st.INK, anchor="lm")
            x += 40 + st.text_w(label, f) + 26
        y = 118
        pen.text(16, y, "Posts", MIN, st.INK, True, anchor="lm")
        x = 120
        for kind, n in view.post_supply.items():
            pen.rect(x, y - 17, x + 34, y + 17, fill=st.POST_FILL.get(kind, st.MUTED),
                     outline=st.INK, width=2, radius=5)  # fmt: skip
            pen.text(x + 17, y, st.POST_LETTER.get(kind, "?"), MIN, st.WHITE, True)
            pen.text(x + 42, y, f"×{n}", MIN, st.INK, True, anchor="lm")
            x += 110
    return oy + h
