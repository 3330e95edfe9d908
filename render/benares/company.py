"""One company's board, full width: the header with its key figures, the six spaces with the
cards played, the Post track over the four Goods lanes (with each position's end-game VP under
them), the Agency column and the Concessions with what each gives, then boat, hold and
investments.

Everything that is the same all game (frame, name, space texts, lane grid) is drawn once per
company and cached; each board image pastes it and draws the state.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render import canvas
from render.benares import sprites
from render.benares import style as st
from render.benares.palette import PALETTE

MIN = st.MIN_TEXT
CO_W = 980
HEAD_H = 56
SPACE_Y, SPACE_H = 66, 192
BAND_H = 74
LANES_Y = SPACE_Y + SPACE_H + 12  # the column numbers
LANE_LABEL = 130
CELL = 54
POST_ROW_H = 48
LANE_H = 44
VP_ROW_H = 32  # the end-game VP of each lane position, under the lanes
GRID_X = 10 + LANE_LABEL
CONC_X = GRID_X + 9 * CELL + 12
CONC_W = CO_W - 12 - CONC_X
POST_Y = LANES_Y + 30
LANE_Y0 = POST_Y + POST_ROW_H + 4
VP_Y = LANE_Y0 + 4 * LANE_H + 2
FOOT_Y = VP_Y + VP_ROW_H + 34  # boat, hold, investments
FOOT_ROW = 46
SECTOR_SHORT = {"fleet": "Fleet", "warehouses": "Wareh.", "bank": "Bank", "estates": "Estates"}
DEV_FILL = (226, 214, 240)
LOG_FILL = (214, 230, 244)
AGENCY_FILL = (255, 226, 150)
VP_FILL = (250, 232, 170)
SPACE_FILL = (247, 240, 226)


def company_height() -> int:
    return FOOT_Y + FOOT_ROW + 8


def _space_x(i: int, n: int) -> tuple[float, float]:
    gap = 8
    sw = (CO_W - 20 - gap * (n - 1)) / n
    return 10 + i * (sw + gap), sw


def _bands(x: float, w: float):
    dev_box = (x + 5, SPACE_Y + 38, x + w - 5, SPACE_Y + 38 + BAND_H)
    log_box = (x + 5, SPACE_Y + 42 + BAND_H, x + w - 5, SPACE_Y + 42 + 2 * BAND_H)
    return dev_box, log_box


@lru_cache(maxsize=16)
def _static(
    label: str,
    colour_hex: str,
    spaces: tuple[tuple[int, int, str, str], ...],
    goods: tuple[str, ...],
    lane_vp: tuple[int, ...],
    reference: bool = False,
) -> Image.Image:
    h = company_height()
    im = canvas.new((CO_W + 1, h + 1), st.BG, PALETTE)
    pen = st.Pen(im)
    colour = st.hex_rgb(colour_hex)
    pen.rect(0, 0, CO_W, h, fill=st.PANEL, outline=st.PANEL_EDGE, width=3, radius=10)
    pen.rect(0, 0, CO_W, HEAD_H, fill=colour, radius=10)
    pen.rect(0, HEAD_H - 18, CO_W, HEAD_H, fill=colour)
    with pen.panel(f"company:{label}", 0, 0, CO_W, h):
        pen.text(16, HEAD_H / 2, label, 26, st.ink_on(colour), True, anchor="lm")
    n = len(spaces) or 6
    for i, (num, mult, dev, logi) in enumerate(spaces):
        x, w = _space_x(i, n)
        y = SPACE_Y
        pen.rect(
            x, y, x + w, y + SPACE_H, fill=SPACE_FILL, outline=st.PANEL_EDGE, width=2, radius=8
        )
        with pen.panel(f"space:{num}", x, y, x + w, y + SPACE_H):
            pen.text(x + 10, y + 19, str(num), 26, st.HEADER, True, anchor="lm")
            pen.rect(x + w - 52, y + 5, x + w - 6, y + 33, fill=st.HEADER, radius=6)
            pen.text(x + w - 29, y + 19, f"×{mult}", MIN, st.WHITE, True)
            dev_box, log_box = _bands(x, w)
            _band(pen, dev_box, dev, DEV_FILL)
            _band(pen, log_box, logi, LOG_FILL)
    with pen.panel(f"company:{label}", 0, 0, CO_W, h):
        for c in range(9):
            pen.text(GRID_X + c * CELL + CELL / 2, LANES_Y + 14, "start" if c == 0 else str(c),
                     MIN, st.MUTED, c > 0)  # fmt: skip
        pen.text(12, POST_Y + POST_ROW_H / 2, "Posts", MIN, st.HEADER, True, anchor="lm")
        pen.text(CONC_X + 4, LANES_Y + 14, "Concession", MIN, st.HEADER, True, anchor="lm")
        pen.text(CONC_X + 4, POST_Y + POST_ROW_H / 2, "(once each)", MIN, st.MUTED, anchor="lm")
    for c in range(1, 9):
        cx = GRID_X + c * CELL
        pen.rect(cx + 2, POST_Y + 2, cx + CELL - 2, POST_Y + POST_ROW_H - 2, fill=SPACE_FILL,
                 outline=st.FAINT, width=1, radius=4)  # fmt: skip
    y = LANE_Y0
    for good in goods:
        gc = st.GOODS_COLOURS.get(good, st.MUTED)
        pen.rect(10, y + 3, 10 + LANE_LABEL - 6, y + LANE_H - 3, fill=gc, outline=st.INK,
                 width=2, radius=5)  # fmt: skip
        with pen.panel(f"lane:{good}", 10, y + 3, 10 + LANE_LABEL - 6, y + LANE_H - 3):
            pen.fit(10 + (LANE_LABEL - 6) / 2, y + LANE_H / 2, good.title(), MIN,
                    LANE_LABEL - 14, st.GOODS_INK.get(good, st.INK), True)  # fmt: skip
        for c in range(9):
            cx = GRID_X + c * CELL
            pen.rect(cx + 2, y + 3, cx + CELL - 2, y + LANE_H - 3, outline=st.FAINT, width=1,
                     radius=4)  # fmt: skip
        y += LANE_H
    if lane_vp:
        with pen.panel(f"company:{label}", 0, 0, CO_W, h):
            cy = VP_Y + VP_ROW_H / 2
            pen.text(10 + (LANE_LABEL - 6) / 2, cy, "end VP", MIN, st.HEADER, True)
            for c, vp in enumerate(lane_vp[:9]):
                cx = GRID_X + c * CELL
                if vp:
                    pen.rect(cx + 8, VP_Y + 2, cx + CELL - 8, VP_Y + VP_ROW_H - 2, fill=VP_FILL,
                             radius=5)  # fmt: skip
                pen.text(cx + CELL / 2, cy, str(vp), MIN, st.INK if vp else st.MUTED, bool(vp))
    return im


def _band(pen: st.Pen, box, text: str, fill) -> None:
    """A company action of a space: its text, up to three lines."""
    x0, y0, x1, y1 = box
    pen.rect(x0, y0, x1, y1, fill=fill, radius=5)
    cw = x1 - x0 - 8
    lines = st.wrap(text, MIN, int(cw))[:3]
    cy = (y0 + y1) / 2
    for j, line in enumerate(lines):
        pen.fit((x0 + x1) / 2, cy + (j - (len(lines) - 1) / 2) * 23, line, MIN, cw, st.INK)


def draw_company(im: Image.Image, ox: float, oy: float, co, view, highlight: set[str]) -> None:
    """Draw company `co` (a CompanyView) with its top-left corner at (ox, oy)."""
    spaces = tuple((sp.space, sp.mult, sp.development, sp.logistics) for sp in co.board)
    label = f"{co.label} · {co.colour_name}"
    lane_vp = tuple(getattr(view, "goods_lane_vp", ()) or ())
    static = _static(label, co.colour, spaces, tuple(co.goods), lane_vp, canvas.is_reference())
    im.paste(static, (round(ox), round(oy)))
    pen = st.Pen(im, ox, oy)
    seat = co.seat
    h = company_height()
    current = view.current == seat and not view.over
    if current:
        pen.rect(0, 0, CO_W, h, outline=st.HIGHLIGHT, width=6, radius=10)
    with pen.panel(f"company:{seat}", 0, 0, CO_W, h):
        _head(pen, co, view, label, current, highlight)
        n = len(co.board) or 6
        for i, sp in enumerate(co.board):
            x, w = _space_x(i, n)
            if f"space:{seat}:{sp.space}" in highlight:
                pen.rect(x, SPACE_Y, x + w, SPACE_Y + SPACE_H, outline=st.HIGHLIGHT, width=5,
                         radius=8)  # fmt: skip
            if sp.card:
                with pen.panel(f"space:{seat}:{sp.space}", x, SPACE_Y, x + w, SPACE_Y + SPACE_H):
                    _card(pen, x, w, sp)
        _lanes(pen, co, view, seat, highlight)
        _foot(pen, co, view, seat, highlight)


def _head(pen: st.Pen, co, view, label: str, current: bool, highlight: set[str]) -> None:
    """Status tag after the name, key figures on the right. Over: the VP chip is the final
    score, the tag says how it splits (VP earned in play + end scoring)."""
    seat = co.seat
    over = view.over and co.score is not None
    tag = ""
    if over:
        tag = f"FINAL · {co.vp} in play + {co.score - co.vp} end"
    elif current:
        tag = "▶ TO PLAY"
    elif co.passed:
        tag = "passed"
    vp = co.score if over else co.vp
    stats = [
        (f"₹{co.treasury}", "treasury"),
        (f"{co.discs}●", "discs"),
        (f"{vp} VP", "vp"),
        (f"{co.hand_count} card{'s' if co.hand_count != 1 else ''}", ""),
    ]
    f = st.font(26, True)
    x = CO_W - 12
    for text, key in reversed(stats):
        w = st.text_w(text, f) + 18
        hl = key and f"{key}:{seat}" in highlight
        pen.rect(x - w, 8, x, HEAD_H - 8, fill=st.HIGHLIGHT if hl else st.WHITE, outline=st.INK,
                 width=2, radius=8)  # fmt: skip
        pen.text(x - w / 2, HEAD_H / 2, text, 26, st.INK, True)
        x -= w + 8
    if tag:
        x0 = 16 + st.text_w(label, st.font(26, True)) + 14
        room = x - 6 - x0
        tw = min(st.text_w(tag, st.font(MIN, True)) + 18, room)
        pen.rect(x0, 10, x0 + tw, HEAD_H - 10, fill=st.HIGHLIGHT if current else st.WHITE,
                 outline=st.INK, width=2, radius=8)  # fmt: skip
        pen.fit(x0 + tw / 2, HEAD_H / 2, tag, MIN, tw - 14, st.INK, True)


def _card(pen: st.Pen, x: float, w: float, sp) -> None:
    """The played card, covering the company action it hides (or the whole space for a Skip)."""
    card = sp.card
    dev_box, log_box = _bands(x, w)
    if sp.mode == "skip":
        box = (dev_box[0], dev_box[1], log_box[2], log_box[3])
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
    pen.rect(x0 - 3, y0 - 3, x1 + 3, y1 + 3, fill=fill, outline=st.INK, width=2, radius=6)
    cw = x1 - x0 - 8
    pen.fit((x0 + x1) / 2, y0 + 14, title, MIN, cw, st.WHITE, True)
    lines = st.wrap(body, MIN, int(cw), True)
    if len(lines) > 2:
        lines = [lines[0], st.cut(lines[1] + " …", cw, MIN, True)]
    for j, line in enumerate(lines):
        pen.fit((x0 + x1) / 2, y0 + 38 + j * 23, line, MIN, cw, st.WHITE, True)
    if sp.mode == "skip":
        pen.fit((x0 + x1) / 2, y1 - 40, card.dev_text, MIN, cw, (230, 224, 214))
        pen.fit((x0 + x1) / 2, y1 - 16, card.log_text, MIN, cw, (230, 224, 214))


def _lanes(pen: st.Pen, co, view, seat: int, highlight: set[str]) -> None:
    agency = co.agency_column
    y = POST_Y
    for c in range(1, 9):
        cx = GRID_X + c * CELL
        kind = co.post_track[c - 1] if c - 1 < len(co.post_track) else ""
        if f"post:{seat}:{c}" in highlight:
            pen.rect(cx + 2, y + 2, cx + CELL - 2, y + POST_ROW_H - 2, fill=st.HIGHLIGHT, radius=4)
        if kind:
            pf = st.POST_FILL.get(kind, st.MUTED)
            pen.rect(cx + 7, y + 5, cx + CELL - 7, y + POST_ROW_H - 5, fill=pf, outline=st.INK,
                     width=2, radius=5)  # fmt: skip
            pen.text(cx + CELL / 2, y + POST_ROW_H / 2, st.POST_LETTER.get(kind, "?"), MIN,
                     st.WHITE, True)  # fmt: skip
    y = LANE_Y0
    rows = len(co.goods)
    if 1 <= agency <= 8:  # the Agency markers: one column band across the lanes
        ax = GRID_X + agency * CELL
        pen.rect(ax, y - 2, ax + CELL, y + rows * LANE_H + 2, fill=AGENCY_FILL, outline=st.HEADER,
                 width=2, radius=4)  # fmt: skip
        pen.text(ax + CELL / 2, VP_Y + VP_ROW_H + 16, "▲ Agency", MIN, st.HEADER, True)
    for good, pos in co.goods.items():
        gc = st.GOODS_COLOURS.get(good, st.MUTED)
        mx = GRID_X + pos * CELL + CELL / 2
        my = y + LANE_H / 2
        if f"goods:{seat}:{good}" in highlight:
            pen.sprite(sprites.disc(LANE_H + 2, st.HIGHLIGHT, st.HIGHLIGHT), mx, my)
        pen.sprite(sprites.disc(36, gc, st.INK, 2), mx, my)
        pen.text(mx, my + 1, str(pos), MIN, st.GOODS_INK.get(good, st.INK), True)
        _concession(pen, y, good, co, view, seat, highlight)
        y += LANE_H


def _concession(pen: st.Pen, y: float, good: str, co, view, seat: int, highlight: set[str]):
    """One Concession box: its effect; green with a tick once used."""
    used = good in co.concessions_used
    hl = f"concession:{seat}:{good}" in highlight
    fill = st.HIGHLIGHT if hl else ((200, 230, 190) if used else st.WHITE)
    x0, y0, x1, y1 = CONC_X, y + 3, CONC_X + CONC_W, y + LANE_H - 3
    pen.rect(x0, y0, x1, y1, fill=fill, outline=st.INK if used else st.FAINT, width=2, radius=5)
    text = (getattr(view, "concession_text", None) or {}).get(good, "")
    text = text[:1].upper() + text[1:] if text else ("used" if used else "open")
    tx = x0 + 10
    if used:
        pen.text(x0 + 16, (y0 + y1) / 2, "✓", MIN, st.INK, True)
        tx = x0 + 32
    ink = st.MUTED if used and not hl else st.INK
    pen.fit(tx, (y0 + y1) / 2, text, MIN, x1 - tx - 6, ink, not used, anchor="lm")


def _foot(pen: st.Pen, co, view, seat: int, highlight: set[str]) -> None:
    """Boat and hold, what the Goods markers score now, then the investments."""
    f = st.font(MIN, True)
    y = FOOT_Y + FOOT_ROW / 2
    where = _space_name(view, co.boat) if co.boat else "not placed"
    text = f"Boat: {where}"
    pen.text(16, y, text, MIN, st.INK, True, anchor="lm")
    x = 16 + st.text_w(text, f) + 16
    crates = [g for g, n in co.hold.items() for _ in range(n)]
    cap = max(co.capacity, len(crates))
    s = 34
    if f"hold:{seat}" in highlight:
        pen.rect(x - 4, y - s / 2 - 4, x + cap * (s + 4) + 2, y + s / 2 + 4, fill=st.HIGHLIGHT,
                 radius=4)  # fmt: skip
    for i in range(cap):
        cx = x + i * (s + 4)
        if i < len(crates):
            pen.crate(cx, y - s / 2, s, crates[i], st.GOODS_SHORT.get(crates[i], "?"))
        else:
            pen.rect(cx + 2, y - s / 2 + 2, cx + s - 2, y + s / 2 - 2, outline=st.FAINT, width=2,
                     radius=3)  # fmt: skip
    lane_vp = getattr(view, "goods_lane_vp", None) or []
    if lane_vp and not view.over:  # what the Goods markers would score if the game ended now
        now = sum(lane_vp[min(max(p, 0), len(lane_vp) - 1)] for p in co.goods.values())
        pen.text(CONC_X + 4, VP_Y + VP_ROW_H / 2, f"goods now {now} VP", MIN, st.INK,
                 anchor="lm")  # fmt: skip
    bx = x + cap * (s + 4) + 24
    pen.text(bx, y, "Invested:", MIN, st.HEADER, True, anchor="lm")
    bx += st.text_w("Invested:", f) + 10
    for k, inv in enumerate(co.investments):
        sector, _, level = inv.partition(":")
        text = f"{SECTOR_SHORT.get(sector, sector.title())} {level}"
        tw = st.text_w(text, f) + 16
        more = len(co.investments) - k
        if bx + tw + (0 if more == 1 else 60) > CO_W - 12:
            pen.text(bx, y, f"+{more}", MIN, st.INK, True, anchor="lm")
            break
        hl = f"cell:{seat}:{sector}:{level}" in highlight
        pen.rect(bx, y - 17, bx + tw, y + 17, fill=st.HIGHLIGHT if hl else (232, 222, 246),
                 outline=st.INK, width=1, radius=5)  # fmt: skip
        pen.text(bx + tw / 2, y, text, MIN, st.INK, True)
        bx += tw + 8
    if not co.investments:
        pen.text(bx, y, "none yet", MIN, st.MUTED, anchor="lm")


def _space_name(view, sid: str) -> str:
    for sp in view.map_spaces:
        if sp.id == sid:
            return sp.name
    return sid
