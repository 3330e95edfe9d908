"""One company's board: six spaces with the cards played, Treasury, Profit discs, VP, the Post
track over the four Goods lanes (with each position's end-game VP under them), the Agency column,
the Concessions with what each gives, hold and investments.

Everything that is the same all game (frame, name, space texts, lane grid, Treasury cells) is
drawn once per company and zoom and cached; each board image pastes it and draws the state.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render import canvas
from render.benares import style as st
from render.benares.palette import PALETTE

CO_W, CO_H = 780, 472
SPACE_Y, SPACE_H = 56, 150
LANES_Y = 218
LANE_LABEL = 88
CELL = 37
POST_ROW_H = 40
LANE_H = 36
VP_ROW_H = 20  # the end-game VP of each lane position, under the lanes
GRID_X = 10 + LANE_LABEL
CONC_X = GRID_X + 9 * CELL + 6
CONC_W = 105  # a Concession box: status mark and its effect, one part a line
SIDE_X = CONC_X + CONC_W + 4
SIDE_W = CO_W - 10 - SIDE_X
LANE_Y0 = LANES_Y + 18 + POST_ROW_H + 2
SECTOR_SHORT = {"fleet": "Fleet", "warehouses": "Wareh.", "bank": "Bank", "estates": "Estates"}


def _space_x(i: int, n: int) -> tuple[float, float]:
    gap = 6
    sw = (CO_W - 20 - gap * (n - 1)) / n
    return 10 + i * (sw + gap), sw


@lru_cache(maxsize=16)
def _static(
    label: str,
    colour_hex: str,
    spaces: tuple[tuple[int, int, str, str], ...],
    goods: tuple[str, ...],
    lane_vp: tuple[int, ...],
    zoom: float,
    reference: bool = False,
) -> Image.Image:
    im = canvas.new((round(CO_W * zoom) + 1, round(CO_H * zoom) + 1), st.BG, PALETTE)
    pen = st.Pen(im, 0, 0, zoom)
    colour = st.hex_rgb(colour_hex)
    pen.rect(0, 0, CO_W, CO_H, fill=st.PANEL, outline=st.PANEL_EDGE, width=3, radius=10)
    pen.rect(0, 0, CO_W, 48, fill=colour, radius=10)
    pen.rect(0, 30, CO_W, 48, fill=colour)
    pen.text(14, 24, label, 22, st.ink_on(colour), True, anchor="lm")
    # spaces with both company actions
    n = len(spaces) or 6
    for i, (num, mult, dev, logi) in enumerate(spaces):
        x, w = _space_x(i, n)
        y, h = SPACE_Y, SPACE_H
        pen.rect(x, y, x + w, y + h, fill=(247, 240, 226), outline=st.PANEL_EDGE, width=2, radius=8)
        pen.text(x + 8, y + 15, str(num), 20, st.HEADER, True, anchor="lm")
        pen.rect(x + w - 44, y + 4, x + w - 6, y + 26, fill=st.HEADER, radius=6)
        pen.text(x + w - 25, y + 15, f"×{mult}", 16, st.WHITE, True)
        dev_box, log_box = _bands(x, w)
        _band(pen, dev_box, "DEV", dev, (226, 214, 240))
        _band(pen, log_box, "LOGI", logi, (214, 230, 244))
    # Post track and Goods lanes grid
    y0 = LANES_Y
    for c in range(9):
        pen.text(
            GRID_X + c * CELL + CELL / 2,
            y0 + 8,
            "start" if c == 0 else str(c),
            11 if c == 0 else 13,
            st.MUTED,
            True,
        )
    y = y0 + 18
    pen.text(12, y + POST_ROW_H / 2, "POSTS", 15, st.HEADER, True, anchor="lm")
    for c in range(1, 9):
        cx = GRID_X + c * CELL
        pen.rect(
            cx + 2,
            y + 2,
            cx + CELL - 2,
            y + POST_ROW_H - 2,
            fill=(247, 240, 226),
            outline=st.FAINT,
            width=1,
            radius=4,
        )
    pen.text(CONC_X + CONC_W / 2, y + POST_ROW_H / 2 - 7, "Concession", 13, st.HEADER, True)
    pen.text(CONC_X + CONC_W / 2, y + POST_ROW_H / 2 + 8, "once each", 10, st.MUTED)
    y = LANE_Y0
    for good in goods:
        gc = st.GOODS_COLOURS.get(good, st.MUTED)
        pen.rect(
            10,
            y + 3,
            10 + LANE_LABEL - 6,
            y + LANE_H - 3,
            fill=gc,
            outline=st.INK,
            width=2,
            radius=5,
        )
        pen.fit(
            10 + (LANE_LABEL - 6) / 2,
            y + LANE_H / 2,
            good.title(),
            14,
            LANE_LABEL - 12,
            st.GOODS_INK.get(good, st.INK),
            True,
        )
        for c in range(9):
            cx = GRID_X + c * CELL
            pen.rect(
                cx + 2, y + 3, cx + CELL - 2, y + LANE_H - 3, outline=st.FAINT, width=1, radius=4
            )
        y += LANE_H
    _vp_row(pen, y, lane_vp)
    # side column labels and Treasury cells
    pen.text(SIDE_X, LANES_Y + 8, "TREASURY", 13, st.HEADER, True, anchor="lm")
    cw = SIDE_W / 5
    for v in range(10):
        cx, cy = _treasury_cell(v)
        pen.rect(
            cx + 1, cy, cx + cw - 1, cy + 26, fill=st.WHITE, outline=st.FAINT, width=1, radius=4
        )
        pen.text(cx + cw / 2, cy + 13, str(v), 13, st.INK)
    return im


def _vp_row(pen: st.Pen, y: float, lane_vp: tuple[int, ...]) -> None:
    """'END VP' and what a Goods marker on each position scores at the end of the game."""
    if not lane_vp:
        return
    cy = y + VP_ROW_H / 2 + 1
    pen.text(10 + (LANE_LABEL - 6) / 2, cy, "end VP", 12, st.HEADER, True)
    for c, vp in enumerate(lane_vp[:9]):
        cx = GRID_X + c * CELL
        if vp:
            pen.rect(cx + 7, y + 3, cx + CELL - 7, y + VP_ROW_H - 1, fill=(250, 232, 170), radius=5)
        pen.text(cx + CELL / 2, cy, str(vp), 12, st.INK if vp else st.MUTED, bool(vp))


def _treasury_cell(v: int) -> tuple[float, float]:
    cw = SIDE_W / 5
    return SIDE_X + (v % 5) * cw, LANES_Y + 18 + (v // 5) * 28


def _bands(x: float, w: float):
    band_h = (SPACE_H - 34) / 2
    dev_box = (x + 5, SPACE_Y + 30, x + w - 5, SPACE_Y + 30 + band_h - 3)
    log_box = (x + 5, SPACE_Y + 30 + band_h, x + w - 5, SPACE_Y + SPACE_H - 5)
    return dev_box, log_box


def draw_company(
    im: Image.Image,
    ox: float,
    oy: float,
    co,
    view,
    highlight: set[str],
    zoom: float = 1.0,
) -> None:
    """Draw company `co` (a CompanyView) with its top-left corner at (ox, oy)."""
    spaces = tuple((sp.space, sp.mult, sp.development, sp.logistics) for sp in co.board)
    label = f"{co.label} · {co.colour_name}"
    lane_vp = tuple(getattr(view, "goods_lane_vp", ()) or ())
    static = _static(
        label, co.colour, spaces, tuple(co.goods), lane_vp, zoom, canvas.is_reference()
    )
    im.paste(static, (round(ox), round(oy)))
    pen = st.Pen(im, ox, oy, zoom)
    seat = co.seat
    current = view.current == seat and not view.over
    if current:
        pen.rect(0, 0, CO_W, CO_H, outline=st.HIGHLIGHT, width=6, radius=10)
    # ---- header: status tag and the numbers that matter most
    tag = ""
    if view.over and co.score is not None:
        tag = f"FINAL {co.score} VP"
    elif current:
        tag = "▶ TO PLAY"
    elif co.passed:
        tag = "passed"
    if tag:
        tw = st.text_w(tag, st.font(16, True)) + 18
        x0 = 14 + st.text_w(label, st.font(22, True)) + 14
        pen.rect(
            x0,
            10,
            x0 + tw,
            38,
            fill=st.HIGHLIGHT if current else st.WHITE,
            outline=st.INK,
            width=2,
            radius=8,
        )
        pen.text(x0 + tw / 2, 24, tag, 16, st.INK, True)
    stats = [
        (f"₹{co.treasury}", "treasury"),
        (f"{co.discs} disc{'s' if co.discs != 1 else ''}", "discs"),
        (f"{co.vp} VP", "vp"),
        (f"{co.hand_count} card{'s' if co.hand_count != 1 else ''}", ""),
    ]
    x = CO_W - 12
    for text, key in reversed(stats):
        w = st.text_w(text, st.font(20, True)) + 16
        hl = key and f"{key}:{seat}" in highlight
        pen.rect(
            x - w,
            8,
            x,
            40,
            fill=st.HIGHLIGHT if hl else st.WHITE,
            outline=st.INK,
            width=2,
            radius=8,
        )
        pen.text(x - w / 2, 24, text, 20, st.INK, True)
        x -= w + 8
    # ---- cards played into the spaces
    n = len(co.board) or 6
    for i, sp in enumerate(co.board):
        x, w = _space_x(i, n)
        if f"space:{seat}:{sp.space}" in highlight:
            pen.rect(x, SPACE_Y, x + w, SPACE_Y + SPACE_H, outline=st.HIGHLIGHT, width=5, radius=8)
        if sp.card:
            _card(pen, x, w, sp)
    _lanes(pen, co, view, seat, highlight)
    _side(pen, co, view, seat, highlight)


def _card(pen: st.Pen, x: float, w: float, sp) -> None:
    """The played card, covering the company action it hides (or the whole space for a Skip)."""
    card = sp.card
    dev_box, log_box = _bands(x, w)
    if sp.mode == "skip":
        box = (x + 5, SPACE_Y + 30, x + w - 5, SPACE_Y + SPACE_H - 5)
        title, body = "SKIP", "+₹3"
        fill = (90, 80, 70)
    elif sp.mode == "logistics":
        box = dev_box  # the card covers the company Development action
        title, body = "LOGISTICS", card.log_text
        fill = st.KIND_FILL.get(card.log_kind, st.MUTED)
    else:
        box = log_box  # the card covers the company Logistics action
        title, body = "DEVELOP", f"{card.dev_text} ×{sp.mult}"
        fill = st.KIND_FILL.get(card.dev_kind, st.MUTED)
    x0, y0, x1, y1 = box
    pen.rect(x0 - 2, y0 - 2, x1 + 2, y1 + 2, fill=fill, outline=st.INK, width=2, radius=6)
    cw = x1 - x0 - 8
    pen.fit(x0 + 5, y0 + 11, f"{card.id} {title}", 12, cw, st.WHITE, True, anchor="lm")
    lines = st.wrap(body, 15, int(cw), True)[:2]
    cy = (y0 + 22 + y1) / 2
    for j, line in enumerate(lines):
        pen.fit((x0 + x1) / 2, cy + (j - (len(lines) - 1) / 2) * 17, line, 15, cw, st.WHITE, True)
    if sp.mode == "skip":
        pen.fit(
            (x0 + x1) / 2, y1 - 14, f"{card.dev_text} / {card.log_text}", 11, cw, (230, 224, 214)
        )


def _band(pen: st.Pen, box, tag: str, text: str, fill) -> None:
    x0, y0, x1, y1 = box
    pen.rect(x0, y0, x1, y1, fill=fill, radius=5)
    pen.text(x0 + 4, y0 + 9, tag, 10, st.MUTED, True, anchor="lm")
    cw = x1 - x0 - 6
    size = 14 if len(st.wrap(text, 14, int(cw))) <= 2 else 12
    lines = st.wrap(text, size, int(cw))[:3]
    cy = (y0 + 16 + y1) / 2
    for j, line in enumerate(lines):
        pen.fit((x0 + x1) / 2, cy + (j - (len(lines) - 1) / 2) * (size + 2), line, size, cw, st.INK)


def _lanes(pen: st.Pen, co, view, seat: int, highlight: set[str]) -> None:
    agency = co.agency_column
    y = LANES_Y + 18
    for c in range(1, 9):
        cx = GRID_X + c * CELL
        kind = co.post_track[c - 1] if c - 1 < len(co.post_track) else ""
        if f"post:{seat}:{c}" in highlight:
            pen.rect(cx + 2, y + 2, cx + CELL - 2, y + POST_ROW_H - 2, fill=st.HIGHLIGHT, radius=4)
        if kind:
            pf = st.POST_FILL.get(kind, st.MUTED)
            pen.rect(
                cx + 6,
                y + 6,
                cx + CELL - 6,
                y + POST_ROW_H - 6,
                fill=pf,
                outline=st.INK,
                width=2,
                radius=5,
            )
            pen.text(
                cx + CELL / 2, y + POST_ROW_H / 2, st.POST_LETTER.get(kind, "?"), 17, st.WHITE, True
            )
    y = LANE_Y0
    rows = len(co.goods)
    if 1 <= agency <= 8:  # the Agency markers: one column band across the lanes
        ax = GRID_X + agency * CELL
        pen.rect(
            ax,
            y - 2,
            ax + CELL,
            y + rows * LANE_H + 2,
            fill=(255, 226, 150),
            outline=st.HEADER,
            width=2,
            radius=4,
        )
        for r in range(rows):
            pen.text(ax + CELL - 7, y + r * LANE_H + 9, "A", 10, st.HEADER, True)
        label_y = y + rows * LANE_H + VP_ROW_H + 9
        pen.text(ax + CELL / 2, label_y, "Agency", 11, st.HEADER, True)
    for good, pos in co.goods.items():
        gc = st.GOODS_COLOURS.get(good, st.MUTED)
        mx = GRID_X + pos * CELL + CELL / 2
        my = y + LANE_H / 2
        if f"goods:{seat}:{good}" in highlight:
            pen.sprite(st.disc(pen.w(CELL + 4), st.HIGHLIGHT, st.HIGHLIGHT), mx, my)
        pen.sprite(st.disc(pen.w(26), gc, st.INK, max(1, pen.w(2))), mx, my)
        pen.text(mx, my + 1, str(pos), 13, st.GOODS_INK.get(good, st.INK), True)
        _concession(pen, y, good, co, view, seat, highlight)
        y += LANE_H
    lane_vp = getattr(view, "goods_lane_vp", None) or []
    if lane_vp:  # what the Goods markers would score if the game ended now
        now = sum(lane_vp[min(max(p, 0), len(lane_vp) - 1)] for p in co.goods.values())
        pen.text(CONC_X + CONC_W / 2, y + VP_ROW_H / 2 + 1, f"goods now {now} VP", 12, st.INK)


def _concession(pen: st.Pen, y: float, good: str, co, view, seat: int, highlight: set[str]):
    """One Concession box: its effect (one part a line); green with a tick once used."""
    used = good in co.concessions_used
    hl = f"concession:{seat}:{good}" in highlight
    fill = st.HIGHLIGHT if hl else ((200, 230, 190) if used else st.WHITE)
    x0, y0, x1, y1 = CONC_X, y + 2, CONC_X + CONC_W, y + LANE_H - 2
    pen.rect(x0, y0, x1, y1, fill=fill, outline=st.INK if used else st.FAINT, width=2, radius=5)
    text = (getattr(view, "concession_text", None) or {}).get(good, "")
    if not text:  # an older view without the texts: status only
        pen.text((x0 + x1) / 2, (y0 + y1) / 2, "✓ used" if used else "open", 13, st.INK, used)
        return
    tx = x0 + 4
    if used:
        pen.text(x0 + 10, (y0 + y1) / 2, "✓", 15, st.INK, True)
        tx = x0 + 19
    ink = st.MUTED if used and not hl else st.INK
    lines = text.split(", ")[:2] if len(text.split(", ")) <= 2 else [text]
    cw = x1 - tx - 3
    cy = (y0 + y1) / 2
    for j, line in enumerate(lines):
        ly = cy + (j - (len(lines) - 1) / 2) * 13
        pen.fit(tx, ly, line[:1].upper() + line[1:], 11, cw, ink, True, anchor="lm")


def _side(pen: st.Pen, co, view, seat: int, highlight: set[str]) -> None:
    x0, w = SIDE_X, SIDE_W
    x1 = x0 + w
    hl_t = f"treasury:{seat}" in highlight
    if 0 <= co.treasury <= 9:
        cx, cy = _treasury_cell(co.treasury)
        cw = w / 5
        pen.rect(
            cx + 1,
            cy,
            cx + cw - 1,
            cy + 26,
            fill=st.HIGHLIGHT if hl_t else (60, 140, 70),
            outline=st.INK,
            width=2,
            radius=4,
        )
        pen.text(cx + cw / 2, cy + 13, f"₹{co.treasury}", 15, st.INK if hl_t else st.WHITE, True)
    y = LANES_Y + 18 + 56 + 8
    where = _space_name(view, co.boat) if co.boat else "not placed"
    pen.fit(x0, y + 8, f"Boat: {where}", 14, w, st.INK, True, anchor="lm")
    y += 20
    crates = [g for g, n in co.hold.items() for _ in range(n)]
    cap = max(co.capacity, len(crates))
    s = min(26, (w - 4) / max(cap, 1) - 3)
    if f"hold:{seat}" in highlight:
        pen.rect(x0 - 3, y - 3, x0 + cap * (s + 3) + 2, y + s + 3, fill=st.HIGHLIGHT, radius=4)
    for i in range(cap):
        cx = x0 + i * (s + 3)
        if i < len(crates):
            pen.crate(cx, y, s, crates[i], st.GOODS_SHORT.get(crates[i], "?"))
        else:
            pen.rect(cx + 2, y + 2, cx + s - 2, y + s - 2, outline=st.FAINT, width=2, radius=3)
    y += s + 10
    pen.text(x0, y + 6, "INVESTED", 13, st.HEADER, True, anchor="lm")
    y += 16
    bx, by = x0, y
    for inv in co.investments:
        sector, _, level = inv.partition(":")
        text = f"{SECTOR_SHORT.get(sector, sector.title())} {level}"
        tw = st.text_w(text, st.font(13, True)) + 10
        if bx + tw > x1:
            bx, by = x0, by + 24
        hl = f"cell:{seat}:{sector}:{level}" in highlight
        pen.rect(
            bx,
            by,
            bx + tw,
            by + 21,
            fill=st.HIGHLIGHT if hl else (232, 222, 246),
            outline=st.INK,
            width=1,
            radius=5,
        )
        pen.text(bx + tw / 2, by + 11, text, 13, st.INK, True)
        bx += tw + 4
    if not co.investments:
        pen.text(x0, y + 10, "none yet", 13, st.MUTED, anchor="lm")


def _space_name(view, sid: str) -> str:
    for sp in view.map_spaces:
        if sp.id == sid:
            return sp.name
    return sid
