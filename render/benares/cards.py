"""Card faces for a seat's private hand."""

from __future__ import annotations

from PIL import Image

from render import canvas
from render.benares import style as st
from render.benares.palette import PALETTE

CARD_W, CARD_H = 250, 370
PER_ROW = 4
M, G = 16, 14
HEAD = 62
DEV_TITLE = {"market": "MARKET", "goods": "GOODS", "post": "TRADING POST", "income": "INCOME"}
PAWN_TEXT = {"benares": "Benares pawn", "calcutta": "Calcutta pawn", "advisor": "Financial Advisor"}


def draw_hand(view, co) -> Image.Image:
    cards = list(co.hand or [])
    rows = max(1, (len(cards) + PER_ROW - 1) // PER_ROW)
    cols = max(1, min(PER_ROW, len(cards)))
    width = max(M * 2 + cols * CARD_W + (cols - 1) * G, 620)
    height = M + HEAD + rows * (CARD_H + G) - G + M
    im = canvas.new((width, height), st.BG, PALETTE)
    colour = st.hex_rgb(co.colour)
    pen = st.Pen(im)
    pen.rect(M, M, width - M, M + HEAD - 10, fill=colour, radius=10)
    title = f"{co.label} · {co.colour_name} — your hand ({len(cards)} card{'s' if len(cards) != 1 else ''})"
    pen.fit(
        M + 14,
        M + (HEAD - 10) / 2,
        title,
        24,
        width - 2 * M - 28,
        st.ink_on(colour),
        True,
        anchor="lm",
    )
    open_spaces = [f"{sp.space} (×{sp.mult})" for sp in co.board if not sp.card]
    if open_spaces and view.phase == "action":
        note = "open spaces: " + ", ".join(open_spaces)
        room = width - 2 * M - 28 - st.text_w(title, st.font(24, True)) - 20
        if room > 160:
            pen.fit(
                width - M - 14, M + (HEAD - 10) / 2, note, 17, room, st.ink_on(colour), anchor="rm"
            )
    if not cards:
        return canvas.finish(im, PALETTE)
    for i, card in enumerate(cards):
        x = M + (i % PER_ROW) * (CARD_W + G)
        y = M + HEAD + (i // PER_ROW) * (CARD_H + G)
        draw_card(im, x, y, card)
    return canvas.finish(im, PALETTE)


def draw_card(im: Image.Image, x: float, y: float, card, zoom: float = 1.0) -> None:
    pen = st.Pen(im, x, y, zoom)
    w, h = CARD_W, CARD_H
    pen.rect(0, 0, w, h, fill=(252, 247, 234), outline=st.INK, width=3, radius=14)
    half = (h - 40) / 2
    # Development half
    dfill = st.KIND_FILL.get(card.dev_kind, st.MUTED)
    pen.rect(8, 8, w - 8, 8 + half, fill=st.lighter(dfill, 0.78), outline=dfill, width=3, radius=10)
    pen.rect(8, 8, w - 8, 40, fill=dfill, radius=10)
    pen.rect(8, 28, w - 8, 40, fill=dfill)
    pen.text(18, 24, "DEVELOP", 15, st.WHITE, True, anchor="lm")
    pen.text(
        w - 18,
        24,
        DEV_TITLE.get(card.dev_kind, card.dev_kind.upper()),
        13,
        st.WHITE,
        True,
        anchor="rm",
    )
    _dev_icon(pen, card, w / 2, 8 + 40 + 30)
    lines = st.wrap(card.dev_text, 22, w - 36, True)[:2]
    ty = 8 + 40 + 60 + 34 - (len(lines) - 1) * 12
    for j, line in enumerate(lines):
        pen.fit(w / 2, ty + j * 25, line, 22, w - 36, st.INK, True)
    # Logistics half
    lfill = st.KIND_FILL.get(card.log_kind, st.MUTED)
    ly = 8 + half + 8
    pen.rect(8, ly, w - 8, h - 32, fill=st.lighter(lfill, 0.78), outline=lfill, width=3, radius=10)
    pen.rect(8, ly, w - 8, ly + 32, fill=lfill, radius=10)
    pen.rect(8, ly + 20, w - 8, ly + 32, fill=lfill)
    pen.text(18, ly + 16, "LOGISTICS", 15, st.WHITE, True, anchor="lm")
    big = f"{card.log_kind.upper()} {card.log_qty}"
    ccy = (ly + 32 + h - 32) / 2
    if card.log_kind == "move":
        pen.sprite(st.boat(pen.w(46), st.KIND_FILL["move"], st.INK), 44, ccy)
    else:
        pen.rect(26, ccy - 18, 62, ccy + 18, fill=(196, 150, 96), outline=st.INK, width=2, radius=5)
        pen.line([(31, ccy - 13), (57, ccy + 13)], (120, 84, 50), 2)
        pen.line([(57, ccy - 13), (31, ccy + 13)], (120, 84, 50), 2)
    pen.fit(w / 2 + 24, ccy, big, 30, w - 100, st.INK, True)
    pen.text(w / 2, h - 16, card.id, 15, st.MUTED, True)


def _dev_icon(pen: st.Pen, card, cx: float, cy: float) -> None:
    kind, target = card.dev_kind, card.dev_target
    if kind == "goods":
        if target in st.GOODS_COLOURS:
            pen.crate(cx - 20, cy - 20, 40, target)
        else:  # wild: one crate of each good
            for i, g in enumerate(st.GOODS_COLOURS):
                pen.crate(cx - 58 + i * 30, cy - 13, 26, g)
    elif kind == "market":
        if target == "advisor":
            pen.sprite(st.advisor_piece(pen.w(40), (226, 120, 40), st.INK), cx, cy)
        elif target == "wild":
            for i, t in enumerate(("benares", "calcutta", "advisor")):
                px = cx - 40 + i * 40
                sprite = (
                    st.advisor_piece(pen.w(32), (226, 120, 40), st.INK)
                    if t == "advisor"
                    else st.pawn(pen.w(32), (226, 120, 40), st.INK)
                )
                pen.sprite(sprite, px, cy)
        else:
            pen.sprite(st.pawn(pen.w(40), (226, 120, 40), st.INK), cx - 30, cy)
            pen.text(
                cx + 14,
                cy,
                "BEN" if target == "benares" else "CAL",
                18,
                st.HEADER,
                True,
                anchor="lm",
            )
    elif kind == "post":
        kinds = list(st.POST_LETTER) if target == "any" else [target]
        size = 40 if len(kinds) == 1 else 30
        x0 = cx - (len(kinds) * (size + 4) - 4) / 2
        for i, k in enumerate(kinds):
            px = x0 + i * (size + 4)
            pen.rect(
                px,
                cy - size / 2,
                px + size,
                cy + size / 2,
                fill=st.POST_FILL.get(k, st.MUTED),
                outline=st.INK,
                width=2,
                radius=6,
            )
            pen.text(px + size / 2, cy, st.POST_LETTER.get(k, "?"), size // 2, st.WHITE, True)
    else:
        pen.sprite(st.disc(pen.w(44), (230, 190, 40), st.INK), cx, cy)
        pen.text(cx, cy + 1, "₹", 24, st.INK, True)
