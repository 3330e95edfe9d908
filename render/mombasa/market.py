"""The card display (prices), deck and discard pile, the book display, the bonus spaces and tiles."""

from __future__ import annotations

from typing import Any

from render.canvas import Draw
from render.mombasa.style import (
    EDGE,
    FAINT,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PLAYER,
    WHITE,
    W,
    card_colours,
    chip,
    f,
    panel,
    reward_text,
    short_units,
)

CARD_W, CARD_H = 142, 84


def draw_card(
    d: Draw, face: Any, box: tuple[int, int, int, int], face_up: bool = True, lit: bool = False
) -> None:
    x0, y0, x1, y1 = box
    if face is None:
        d.rounded_rectangle(box, radius=8, fill=FAINT, outline=EDGE, width=2)
        return
    fill, ink = card_colours(face)
    if not face_up:
        fill, ink = (120, 110, 96), WHITE
    d.rounded_rectangle(
        box, radius=8, fill=fill, outline=HIGHLIGHT if lit else EDGE, width=5 if lit else 2
    )
    words = face.text.split(" ")
    head, tail = " ".join(words[:-1]), words[-1]
    size = 22 if len(head) <= 9 else 20
    d.text(((x0 + x1) // 2, y0 + 6), head, fill=ink, font=f(size, True), anchor="ma")
    d.text((x0 + 10, y1 - 6), tail, fill=ink, font=f(30, True), anchor="ld")
    d.text(
        (x1 - 8, y1 - 8),
        f"{face.crate}▪",
        fill=(190, 30, 30) if face_up else ink,
        font=f(22, True),
        anchor="rd",
    )
    if not face_up:
        d.text(((x0 + x1) // 2, (y0 + y1) // 2 + 4), "used", fill=WHITE, font=f(20), anchor="mm")


def market_height() -> int:
    return 3 * (CARD_H + 34) + 60


def bonus_height(n: int) -> int:
    return 50 + (n + 3) // 4 * 64 + 10


def draw_market(d: Draw, v: Any, top: int) -> int:
    h = market_height()
    panel(d, (6, top, W - 6, top + h))
    d.text((16, top + 10), "Cards (price)", fill=INK, font=f(24, True), anchor="la")
    mods = {0: "+1", 1: "+0", 2: "−1"}
    for dc in v.display:
        x = 16 + dc.col * (CARD_W + 8)
        y = top + 44 + dc.row * (CARD_H + 34)
        if dc.row == 0:
            pass
        lit = f"display:{dc.row}:{dc.col}" in v.last
        draw_card(d, dc.card, (x, y, x + CARD_W, y + CARD_H), lit=lit)
        if dc.card is not None:
            d.text(
                (x + CARD_W // 2, y + CARD_H + 3),
                f"£{dc.price}",
                fill=INK,
                font=f(26, True),
                anchor="ma",
            )
        else:
            d.text(
                (x + CARD_W // 2, y + CARD_H + 3),
                f"({mods[dc.col]})",
                fill=MUTED,
                font=f(20),
                anchor="ma",
            )
    y = top + h - 14
    top_card = v.discard[-1].text if v.discard else "empty"
    d.text(
        (16, y),
        f"Deck {v.deck_count} · Discard {len(v.discard)} (top: {top_card})",
        fill=INK,
        font=f(20),
        anchor="ls",
    )
    # books: three rows A, B, C
    bx = 16 + 3 * (CARD_W + 8) + 10
    d.text((bx, top + 10), "Books", fill=INK, font=f(24, True), anchor="la")
    bw = (W - 16 - bx - 50) // 5
    for r, letter in enumerate(("A", "B", "C")):
        y = top + 44 + r * (CARD_H + 34)
        lit = f"books:{letter}" in v.last
        d.text((bx, y + 20), letter, fill=INK, font=f(30, True), anchor="la")
        d.text(
            (bx + 2, y + 58), f"{v.book_supply.get(letter, 0)}", fill=MUTED, font=f(20), anchor="la"
        )
        for i, b in enumerate(v.book_display.get(letter, [])[:5]):
            x = bx + 40 + i * bw
            d.rounded_rectangle(
                (x, y, x + bw - 6, y + CARD_H + 24),
                radius=6,
                fill=WHITE,
                outline=HIGHLIGHT if lit else EDGE,
                width=4 if lit else 2,
            )
            reqs = [short_units([r]) for r in b.req][:2]
            if len(reqs) == 1:
                reqs = [reqs[0].split(" ")[0], reqs[0].split(" ")[1]]
            for k, line in enumerate(reqs):
                d.text(
                    (x + (bw - 6) // 2, y + 6 + k * 26),
                    line,
                    fill=INK,
                    font=f(20, True),
                    anchor="ma",
                )
            d.rectangle((x + 4, y + 62, x + bw - 10, y + CARD_H + 18), fill=(255, 226, 130))
            d.text(
                (x + (bw - 6) // 2, y + 85),
                reward_text(b.reward),
                fill=INK,
                font=f(20, True),
                anchor="mm",
            )
    return top + h


def draw_bonus(d: Draw, v: Any, top: int) -> int:
    board = [s for s in v.bonus_spaces if s.kind != "extra"]
    per_row = 4
    h = bonus_height(len(board))
    panel(d, (6, top, W - 6, top + h))
    d.text((16, top + 10), "Bonus spaces", fill=INK, font=f(24, True), anchor="la")
    held = {t: w for t, w in v.bonus_tiles.items()}
    bw = (W - 32) // per_row
    for i, s in enumerate(board):
        x = 16 + (i % per_row) * bw
        y = top + 44 + (i // per_row) * 64
        lit = f"space:{s.id}" in v.last
        label = s.label.replace("Most ", "").replace("expansion", "exp.")
        if s.kind == "tile":
            t = s.label.split(" ")[-1]
            where = held.get(t, "space")
            faces = v.tile_faces.get(t, [])
            label = f"{t} " + "/".join(short_units([fc]) for fc in faces)
            if where.startswith("seat:"):
                label += " (held)"
        d.rounded_rectangle(
            (x, y, x + bw - 8, y + 56),
            radius=8,
            fill=PANEL,
            outline=HIGHLIGHT if lit else EDGE,
            width=4 if lit else 2,
        )
        d.text((x + 10, y + 28), label, fill=INK, font=f(20, True), anchor="lm")
        if s.occupant >= 0:
            p = v.players[s.occupant]
            chip(d, x + bw - 30, y + 28, PLAYER[p.colour], 16)
    return top + h
