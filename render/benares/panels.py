"""The Investment grid, the supplies and turn order, and the header."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render import canvas
from render.benares import style as st
from render.benares.palette import PALETTE

INV_W, INV_H = 1000, 268
SUP_W, SUP_H = 560, 268
LEVELS = ("I", "II", "III")
SECTOR_TITLE = {"fleet": "Fleet", "warehouses": "Warehouses", "bank": "Bank", "estates": "Estates"}


#: what an Investment cell shows that stays put all game (owners count: it narrows the text)
Cell = tuple[str, str, int, int, int, str, int]


def draw_investment(
    im: Image.Image, ox: float, oy: float, view, highlight: set[str], colours
) -> None:
    """The grid: frame, cells and their texts come from a cached layer; drawn on top are the
    cells the last move touched (in the highlight colour) and the owners' discs."""
    cells: tuple[Cell, ...] = tuple(
        (c.sector, c.level, c.cost, c.vp, c.first_buyer_bonus, c.text, len(c.owners))
        for c in view.investment
    )
    im.paste(_investment_static(cells, canvas.is_reference()), (round(ox), round(oy)))
    pen = st.Pen(im, ox, oy)
    label_w, sectors, levels, row_h, col_w = _grid(cells)
    by_key = {(c.sector, c.level): c for c in view.investment}
    for r, sector in enumerate(sectors):
        y = 44 + r * row_h
        for i, level in enumerate(levels):
            c = by_key.get((sector, level))
            if c is None:
                continue
            x = label_w + 6 + i * col_w
            if any(h.startswith("cell:") and h.endswith(f":{sector}:{level}") for h in highlight):
                cell = next(k for k in cells if k[0] == sector and k[1] == level)
                _cell(pen, x, y, col_w, row_h, cell, st.HIGHLIGHT)
            ox2 = x + col_w - 6 - 14 - 26 * (len(c.owners) - 1)
            for j, seat in enumerate(c.owners):
                col = colours.get(seat, st.MUTED)
                cx = ox2 + j * 26
                if c.first_buyer == seat:
                    pen.sprite(st.disc(pen.w(30), (255, 200, 0), st.INK, 1), cx, y + row_h / 2)
                pen.sprite(st.disc(pen.w(22), col, st.INK), cx, y + row_h / 2)
                pen.text(cx, y + row_h / 2 + 1, str(seat + 1), 12, st.ink_on(col), True)
                if c.first_buyer == seat:
                    pen.text(cx, y + row_h / 2 - 17, "★", 12, st.HEADER, True)


def _grid(cells: tuple[Cell, ...]) -> tuple[int, list[str], list[str], float, float]:
    sectors: list[str] = []
    for c in cells:
        if c[0] not in sectors:
            sectors.append(c[0])
    levels = [lv for lv in LEVELS if any(c[1] == lv for c in cells)] or list(LEVELS)
    label_w = 130
    row_h = (INV_H - 44 - 8) / max(1, len(sectors))
    col_w = (INV_W - 14 - label_w) / len(levels)
    return label_w, sectors, levels, row_h, col_w


@lru_cache(maxsize=4)
def _investment_static(cells: tuple[Cell, ...], reference: bool = False) -> Image.Image:
    im = canvas.new((INV_W + 1, INV_H + 1), st.BG, PALETTE)
    pen = st.Pen(im)
    pen.rect(0, 0, INV_W, INV_H, fill=st.PANEL, outline=st.PANEL_EDGE, width=3, radius=10)
    pen.text(14, 22, "INVESTMENT GRID", 22, st.HEADER, True, anchor="lm")
    pen.text(INV_W - 14, 22, "cost in Profit discs · ★ first buyer", 15, st.MUTED, anchor="rm")
    label_w, sectors, levels, row_h, col_w = _grid(cells)
    by_key = {(c[0], c[1]): c for c in cells}
    for r, sector in enumerate(sectors):
        y = 44 + r * row_h
        pen.rect(8, y + 2, label_w, y + row_h - 2, fill=st.HEADER, radius=6)
        pen.fit(
            8 + (label_w - 8) / 2,
            y + row_h / 2,
            SECTOR_TITLE.get(sector, sector.title()),
            18,
            label_w - 16,
            st.WHITE,
            True,
        )
        for i, level in enumerate(levels):
            c = by_key.get((sector, level))
            if c is not None:
                _cell(pen, label_w + 6 + i * col_w, y, col_w, row_h, c, (246, 238, 224))
    return im


def _cell(pen: st.Pen, x: float, y: float, col_w: float, row_h: float, c: Cell, fill) -> None:
    """One Investment cell: its level badge with the cost in discs, its VP and its effect."""
    _sector, level, cost, vp_n, bonus, text, owners = c
    pen.rect(
        x,
        y + 2,
        x + col_w - 6,
        y + row_h - 2,
        fill=fill,
        outline=st.PANEL_EDGE,
        width=1,
        radius=6,
    )
    pen.rect(
        x + 5,
        y + 7,
        x + 47,
        y + row_h - 7,
        fill=(232, 222, 246),
        outline=st.INK,
        width=1,
        radius=5,
    )
    pen.text(x + 26, y + row_h / 2 - 9, level, 17, st.INK, True)
    pen.text(x + 26, y + row_h / 2 + 11, f"{cost}●", 13, st.INK, True)
    vp = f"{vp_n} VP" + (f" (+{bonus} first)" if bonus else "")
    tx = x + 54
    tw = col_w - 6 - 58 - 26 * owners
    lines = st.wrap(text, 12, int(tw))[:2] if text else []
    vy = y + row_h / 2 - 7 * len(lines)
    pen.fit(tx, vy, vp, 16, tw, st.INK, True, anchor="lm")
    for j, line in enumerate(lines):
        pen.fit(tx, vy + 17 + j * 14, line, 12, tw, st.MUTED, anchor="lm")


def draw_supplies(im: Image.Image, ox: float, oy: float, view, colours) -> None:
    pen = st.Pen(im, ox, oy)
    pen.rect(0, 0, SUP_W, SUP_H, fill=st.PANEL, outline=st.PANEL_EDGE, width=3, radius=10)
    pen.text(14, 22, "SUPPLY", 22, st.HEADER, True, anchor="lm")
    pen.text(SUP_W - 14, 22, f"deck: {view.deck_count} cards", 16, st.MUTED, True, anchor="rm")
    # crates
    y = 52
    pen.text(14, y + 14, "Crates", 16, st.INK, True, anchor="lm")
    x = 96
    for good, n in view.crate_supply.items():
        pen.crate(x, y, 28, good)
        pen.text(x + 34, y + 14, f"{good.title()} {n}", 15, st.INK, anchor="lm")
        x += 34 + st.text_w(f"{good.title()} {n}", st.font(15)) + 16
    # posts
    y = 96
    pen.text(14, y + 15, "Posts", 16, st.INK, True, anchor="lm")
    x = 96
    for kind, n in view.post_supply.items():
        pen.rect(
            x,
            y,
            x + 30,
            y + 30,
            fill=st.POST_FILL.get(kind, st.MUTED),
            outline=st.INK,
            width=2,
            radius=5,
        )
        pen.text(x + 15, y + 15, st.POST_LETTER.get(kind, "?"), 17, st.WHITE, True)
        pen.text(x + 36, y + 15, f"×{n}", 17, st.INK, True, anchor="lm")
        x += 86
    # turn order and scores at a glance
    y = 142
    pen.text(14, y + 10, "Turn order" if not view.over else "Final", 16, st.INK, True, anchor="lm")
    n = len(view.companies)
    by_seat = {c.seat: c for c in view.companies}
    order = [(view.first_player + i) % n for i in range(n)]
    if view.over and view.ranking:
        order = list(view.ranking)
    y += 26
    cw = (SUP_W - 28) / max(n, 1)
    for i, seat in enumerate(order):
        co = by_seat[seat]
        col = colours.get(seat, st.MUTED)
        x = 14 + i * cw
        cur = view.current == seat and not view.over
        pen.rect(
            x,
            y,
            x + cw - 8,
            y + 88,
            fill=col,
            outline=st.HIGHLIGHT if cur else st.INK,
            width=5 if cur else 2,
            radius=8,
        )
        ink = st.ink_on(col)
        head = f"{i + 1}. {co.label}" if not view.over else f"#{i + 1} {co.label}"
        pen.fit(x + (cw - 8) / 2, y + 16, head, 16, cw - 16, ink, True)
        if view.over and co.score is not None:
            pen.text(x + (cw - 8) / 2, y + 46, f"{co.score} VP", 24, ink, True)
        else:
            pen.text(x + (cw - 8) / 2, y + 44, f"{co.vp} VP", 20, ink, True)
            pen.fit(
                x + (cw - 8) / 2,
                y + 70,
                f"₹{co.treasury} · {co.discs}● · hold {sum(co.hold.values())}",
                14,
                cw - 16,
                ink,
                True,
            )
        if view.first_player == seat and not view.over:
            pen.text(x + cw - 14, y + 8, "1st", 11, ink, True, anchor="ra")


PHASE_TEXT = {
    "boats": "SETUP · BOATS",
    "action": "ACTION PHASE",
    "administration": "ADMINISTRATION",
    "over": "GAME OVER",
}


def header_height(view) -> int:
    return 66 + 26 * min(3, len(view.last_text))


def draw_header(im: Image.Image, ox: float, oy: float, width: int, view, colours) -> None:
    pen = st.Pen(im, ox, oy)
    h = header_height(view)
    pen.rect(0, 0, width, h, fill=st.HEADER, radius=10)
    pen.text(16, 30, view.title.upper(), 28, (255, 226, 160), True, anchor="lm")
    phase = PHASE_TEXT.get(view.phase, view.phase.upper())
    if view.phase == "administration" and view.step:
        phase += f" · {view.step.upper()}"
    chip = f"ROUND {view.round} of 2 · {phase}" if not view.over else "GAME OVER"
    x = 16 + st.text_w(view.title.upper(), st.font(28, True)) + 24
    tw = st.text_w(chip, st.font(20, True)) + 24
    pen.rect(x, 12, x + tw, 48, fill=(255, 240, 210), radius=8)
    pen.text(x + tw / 2, 30, chip, 20, st.INK, True)
    if view.current is not None and not view.over:
        co = {c.seat: c for c in view.companies}[view.current]
        col = colours.get(view.current, st.MUTED)
        label = f"▶ {co.label} · {co.colour_name} to play"
        tw = st.text_w(label, st.font(22, True)) + 28
        pen.rect(
            width - 14 - tw, 10, width - 14, 50, fill=col, outline=st.HIGHLIGHT, width=4, radius=8
        )
        pen.text(width - 14 - tw / 2, 30, label, 22, st.ink_on(col), True)
    elif view.over and view.ranking:
        win = view.ranking[0]
        co = {c.seat: c for c in view.companies}[win]
        label = f"★ {co.label} · {co.colour_name} wins"
        tw = st.text_w(label, st.font(22, True)) + 28
        pen.rect(
            width - 14 - tw,
            10,
            width - 14,
            50,
            fill=colours.get(win, st.MUTED),
            outline=st.HIGHLIGHT,
            width=4,
            radius=8,
        )
        pen.text(width - 14 - tw / 2, 30, label, 22, st.ink_on(colours.get(win, st.MUTED)), True)
    y = 64
    lines = view.last_text[-3:]
    for i, line in enumerate(lines):
        prefix = "Last: " if i == 0 else "· "
        pen.fit(
            18, y + 12 + i * 26, prefix + line, 19, width - 36, (255, 236, 200), i == 0, anchor="lm"
        )
