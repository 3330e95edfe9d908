"""Card faces for a seat's private hand, laid out for a phone (issue 12).

The image is at most 1000 px wide (a phone shows it 1170 px wide): three cards a row, as many
rows as the hand needs. No text is smaller than `SMALL` (26 px, 30 px on a phone) and the key
figures (the card count, the two actions of each card) are `KEY` px or more. Each card is a panel (`style.panel`), so the
tests can check that every text stays on its card. Drawn from the seat's own `CompanyView` only.
"""

from __future__ import annotations

from PIL import Image

from render import canvas
from render.benares import sprites
from render.benares import style as st
from render.benares.palette import PALETTE

W = 1000  # the widest the image gets
M, G = 12, 14  # outer margin, gap between cards
PER_ROW = 3
CARD_W = (W - 2 * M - (PER_ROW - 1) * G) // PER_ROW  # 316
CARD_H = 440
KEY = 26  # the smallest size of a key figure
#: The smallest text: a phone shows this 1000 px wide image 1170 px wide, so 26 px reads as
#: 30 px there (issue 32).
SMALL = 26
TITLE_SIZE = 32
NOTE_SIZE = SMALL
BAND = 44  # a card half's title band
PAD = 18  # text margin inside a card
CREAM: st.RGB = (252, 247, 234)
DEV_TITLE = {"market": "MARKET", "goods": "GOODS", "post": "POST", "income": "INCOME"}
PAWN_TEXT = {"benares": "Benares pawn", "calcutta": "Calcutta pawn", "advisor": "Financial Advisor"}


def _note_lines(view, co) -> list[str]:
    """The open spaces and their repetition numbers, wrapped to the header (action phase only)."""
    open_spaces = [f"{sp.space} (×{sp.mult})" for sp in co.board if not sp.card]
    if not open_spaces or view.phase != "action":
        return []
    note = "Open spaces: " + " · ".join(open_spaces)
    return st.wrap(note, NOTE_SIZE, W - 2 * M - 32)


def _head_height(notes: list[str]) -> int:
    return 16 + 44 + len(notes) * 32 + 12


def hand_size(view, co) -> tuple[int, int]:
    """(width, height) of the hand image."""
    n = len(co.hand or [])
    rows = (n + PER_ROW - 1) // PER_ROW
    return W, M + _head_height(_note_lines(view, co)) + rows * (CARD_H + G) + M - (G if n else 0)


def draw_hand(view, co) -> Image.Image:
    cards = list(co.hand or [])
    notes = _note_lines(view, co)
    head = _head_height(notes)
    width, height = hand_size(view, co)
    im = canvas.new((width, height), st.BG, PALETTE)
    colour = st.hex_rgb(co.colour)
    ink = st.ink_on(colour)
    pen = st.Pen(im)
    with pen.panel("header", M, M, width - M, M + head):
        pen.rect(M, M, width - M, M + head, fill=colour, radius=12)
        n = len(cards)
        title = f"{co.label} · {co.colour_name} — your hand ({n} card{'s' if n != 1 else ''})"
        _fit(pen, M + 16, M + 16 + 22, title, TITLE_SIZE, width - 2 * M - 32, ink, "lm")
        for j, line in enumerate(notes):
            pen.text(M + 16, M + 16 + 44 + 16 + j * 32, line, NOTE_SIZE, ink, False, anchor="lm")
    top = M + head + G
    for i, card in enumerate(cards):
        x = M + (i % PER_ROW) * (CARD_W + G)
        y = top + (i // PER_ROW) * (CARD_H + G)
        draw_card(im, x, y, card)
    return canvas.finish(im, PALETTE)


def _fit(pen: st.Pen, x, y, text, size, max_w, fill, anchor="mm") -> None:
    """Bold text shrunk (down to KEY) to fit max_w, then cut."""
    sz = st.fit_size(text, int(max_w * pen.z), pen.w(size), True, min_size=pen.w(KEY))
    text = st.cut(text, max_w * pen.z, sz, True)
    st.ctext(pen.d, pen.p(x, y), text, sz, fill, True, anchor)


def _dev_lines(text: str, max_w: int) -> tuple[int, list[str]]:
    """The Development text in at most two lines, at the largest size from 30 down to KEY."""
    for size in range(30, KEY - 1, -1):
        lines = st.wrap(text, size, max_w, True)
        f = st.font(size, True)
        if len(lines) <= 2 and all(f.getlength(ln) <= max_w for ln in lines):
            return size, lines
    return KEY, st.wrap(text, KEY, max_w, True)[:2]


def draw_card(im: Image.Image, x: float, y: float, card, zoom: float = 1.0) -> None:
    pen = st.Pen(im, x, y, zoom)
    w, h = CARD_W, CARD_H
    with pen.panel(f"card:{card.id}", 0, 0, w, h):
        _draw_card(pen, card, w, h)


def _draw_card(pen: st.Pen, card, w: int, h: int) -> None:
    pen.rect(0, 0, w, h, fill=CREAM, outline=st.INK, width=3, radius=16)
    dev_b = 8 + 200
    # Development half
    dfill = st.KIND_FILL.get(card.dev_kind, st.MUTED)
    pen.rect(8, 8, w - 8, dev_b, fill=st.lighter(dfill, 0.78), outline=dfill, width=3, radius=12)
    pen.rect(8, 8, w - 8, 8 + BAND, fill=dfill, radius=12)
    pen.rect(8, 8 + BAND - 14, w - 8, 8 + BAND, fill=dfill)
    pen.text(PAD, 8 + BAND / 2, "DEVELOP", SMALL, st.WHITE, True, anchor="lm")
    room = w - 2 * PAD - st.text_w("DEVELOP", st.font(pen.w(SMALL), True)) / pen.z - 12
    kind = DEV_TITLE.get(card.dev_kind, card.dev_kind.upper())
    _fit(pen, w - PAD, 8 + BAND / 2, kind, SMALL, room, st.WHITE, "rm")
    _dev_icon(pen, card, w / 2, 8 + BAND + 40)
    size, lines = _dev_lines(card.dev_text, w - 2 * PAD)
    gap = size + 6
    ty = 8 + BAND + 80 + 36 - (len(lines) - 1) * gap / 2
    for j, line in enumerate(lines):
        _fit(pen, w / 2, ty + j * gap, line, size, w - 2 * PAD, st.INK)
    # Logistics half
    lfill = st.KIND_FILL.get(card.log_kind, st.MUTED)
    ly, lb = dev_b + 8, h - 44
    pen.rect(8, ly, w - 8, lb, fill=st.lighter(lfill, 0.78), outline=lfill, width=3, radius=12)
    pen.rect(8, ly, w - 8, ly + BAND, fill=lfill, radius=12)
    pen.rect(8, ly + BAND - 14, w - 8, ly + BAND, fill=lfill)
    pen.text(PAD, ly + BAND / 2, "LOGISTICS", SMALL, st.WHITE, True, anchor="lm")
    ccy = (ly + BAND + lb) / 2
    if card.log_kind == "move":
        pen.sprite(sprites.boat(pen.w(64), st.KIND_FILL["move"], st.INK), 54, ccy)
    else:
        pen.rect(28, ccy - 26, 80, ccy + 26, fill=(196, 150, 96), outline=st.INK, width=2, radius=6)
        pen.line([(34, ccy - 20), (74, ccy + 20)], (120, 84, 50), 3)
        pen.line([(74, ccy - 20), (34, ccy + 20)], (120, 84, 50), 3)
    big = f"{card.log_kind.upper()} {card.log_qty}"
    _fit(pen, (96 + w - PAD) / 2, ccy, big, 46, w - PAD - 96, st.INK)
    pen.text(w / 2, h - 22, card.id, SMALL, st.MUTED, True)


def _dev_icon(pen: st.Pen, card, cx: float, cy: float) -> None:
    kind, target = card.dev_kind, card.dev_target
    if kind == "goods":
        if target in st.GOODS_COLOURS:
            pen.crate(cx - 26, cy - 26, 52, target)
        else:  # wild: one crate of each good
            n = len(st.GOODS_COLOURS)
            for i, g in enumerate(st.GOODS_COLOURS):
                pen.crate(cx - (n * 46 - 6) / 2 + i * 46, cy - 20, 40, g)
    elif kind == "market":
        if target == "advisor":
            pen.sprite(sprites.advisor_piece(pen.w(54), (226, 120, 40), st.INK), cx, cy)
        elif target == "wild":
            for i, t in enumerate(("benares", "calcutta", "advisor")):
                sprite = (
                    sprites.advisor_piece(pen.w(46), (226, 120, 40), st.INK)
                    if t == "advisor"
                    else sprites.pawn(pen.w(46), (226, 120, 40), st.INK)
                )
                pen.sprite(sprite, cx - 60 + i * 60, cy)
        else:
            pen.sprite(sprites.pawn(pen.w(54), (226, 120, 40), st.INK), cx - 40, cy)
            label = "BEN" if target == "benares" else "CAL"
            pen.text(cx - 4, cy, label, KEY, st.HEADER, True, anchor="lm")
    elif kind == "post":
        kinds = list(st.POST_LETTER) if target == "any" else [target]
        size = 54 if len(kinds) == 1 else 48
        x0 = cx - (len(kinds) * (size + 6) - 6) / 2
        for i, k in enumerate(kinds):
            px = x0 + i * (size + 6)
            pen.rect(
                px,
                cy - size / 2,
                px + size,
                cy + size / 2,
                fill=st.POST_FILL.get(k, st.MUTED),
                outline=st.INK,
                width=2,
                radius=7,
            )
            letter = st.POST_LETTER.get(k, "?")
            pen.text(px + size / 2, cy, letter, max(SMALL, size // 2), st.WHITE, True)
    else:
        pen.sprite(sprites.disc(pen.w(56), (230, 190, 40), st.INK), cx, cy)
        pen.text(cx, cy + 1, "₹", 30, st.INK, True)
