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
    PLAYER_INK,
    SPECIAL,
    WHITE,
    W,
    card_colours,
    chip,
    f,
    panel,
    reward_text,
    short_units,
)

CRATE = (190, 30, 30)
CARD_W, CARD_H = 132, 84
ROW_H = CARD_H + 36


def draw_card(
    d: Draw,
    face: Any,
    box: tuple[int, int, int, int],
    face_up: bool = True,
    lit: bool = False,
    least: int = 0,
) -> None:
    """A card face in `box`; `least`: the smallest font size (the private image is seen at
    1.3x on a phone and needs 24 px)."""
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
    size = max(least, 22 if len(head) <= 9 else 20)
    d.text(((x0 + x1) // 2, y0 + 6), head, fill=ink, font=f(size, True), anchor="ma")
    d.text((x0 + 10, y1 - 6), tail, fill=ink, font=f(30, True), anchor="ld")
    if face_up:
        crate = CRATE if ink == INK else ink
        d.text(
            (x1 - 8, y1 - 8),
            f"{face.crate}▪",
            fill=crate,
            font=f(max(least, 22), True),
            anchor="rd",
        )
    else:
        d.text((x1 - 8, y1 - 10), "used", fill=WHITE, font=f(max(least, 20), True), anchor="rd")


def market_height() -> int:
    return 44 + 3 * ROW_H + 34


def bonus_height(n: int) -> int:
    return 50 + (n + 3) // 4 * 76 + 6


def draw_market(d: Draw, v: Any, top: int) -> int:
    h = market_height()
    panel(d, (6, top, W - 6, top + h))
    d.text((16, top + 10), "Cards (price)", fill=INK, font=f(24, True), anchor="la")
    for dc in v.display:
        x = 16 + dc.col * (CARD_W + 8)
        y = top + 44 + dc.row * ROW_H
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
                (x + CARD_W // 2, y + CARD_H // 2),
                "empty",
                fill=MUTED,
                font=f(22),
                anchor="mm",
            )
    y = top + h - 10
    top_card = f", top {v.discard[-1].text}" if v.discard else ""
    lit = "discard" in v.last
    d.text(
        (16, y),
        f"Deck {v.deck_count} · Discard {len(v.discard)}{top_card}",
        fill=INK,
        font=f(22, True) if lit else f(22),
        anchor="ls",
    )
    # books: three rows A, B, C
    bx = 16 + 3 * (CARD_W + 8) + 4
    d.text((bx, top + 10), "Books", fill=INK, font=f(24, True), anchor="la")
    bw = (W - 12 - bx - 36) // 5
    for r, letter in enumerate(("A", "B", "C")):
        y = top + 44 + r * ROW_H
        lit = f"books:{letter}" in v.last
        d.text((bx + 14, y + 22), letter, fill=INK, font=f(30, True), anchor="ma")
        d.text(
            (bx + 14, y + 62),
            f"{v.book_supply.get(letter, 0)}",
            fill=MUTED,
            font=f(20),
            anchor="ma",
        )
        for i, b in enumerate(v.book_display.get(letter, [])[:5]):
            x = bx + 34 + i * bw
            draw_book(d, b, (x, y, x + bw - 5, y + CARD_H + 24), lit)
    return top + h


def draw_book(d: Draw, b: Any, box: tuple[int, int, int, int], lit: bool = False) -> None:
    """A book tile: its requirements (one per line) over its reward."""
    x0, y0, x1, y1 = box
    cx = (x0 + x1) // 2
    d.rounded_rectangle(
        box, radius=6, fill=WHITE, outline=HIGHLIGHT if lit else EDGE, width=4 if lit else 2
    )
    reqs = [short_units([r]) for r in b.req][:2]
    if len(reqs) == 1:
        reqs = reqs[0].split(" ")
    for k, line in enumerate(reqs):
        d.text((cx, y0 + 6 + k * 27), line, fill=INK, font=f(22, True), anchor="ma")
    d.rectangle((x0 + 4, y1 - 40, x1 - 4, y1 - 5), fill=SPECIAL)
    d.text((cx, y1 - 22), reward_text(b.reward), fill=INK, font=f(22, True), anchor="mm")


def draw_bonus(d: Draw, v: Any, top: int) -> int:
    board = [s for s in v.bonus_spaces if s.kind != "extra"]
    per_row = 4
    h = bonus_height(len(board))
    panel(d, (6, top, W - 6, top + h))
    d.text((16, top + 10), "Bonus spaces", fill=INK, font=f(24, True), anchor="la")
    held = {t: w for t, w in v.bonus_tiles.items()}
    bw = (W - 32) // per_row
    names = {p.seat: p.name for p in v.players}
    for i, s in enumerate(board):
        x = 16 + (i % per_row) * bw
        y = top + 44 + (i // per_row) * 76
        lit = f"space:{s.id}" in v.last
        head, sub = _space_lines(s, held, v.tile_faces, names)
        d.rounded_rectangle(
            (x, y, x + bw - 8, y + 68),
            radius=8,
            fill=PANEL,
            outline=HIGHLIGHT if lit else EDGE,
            width=4 if lit else 2,
        )
        d.text((x + 10, y + 20), head, fill=INK, font=f(22, True), anchor="lm")
        d.text((x + 10, y + 48), sub, fill=INK, font=f(20), anchor="lm")
        if s.occupant >= 0:
            p = v.players[s.occupant]
            seat = str(s.occupant + 1)
            chip(d, x + bw - 32, y + 34, PLAYER[p.colour], 17, seat, PLAYER_INK[p.colour], 18)
    return top + h


def _space_lines(
    s: Any, held: dict[str, str], faces: dict[str, list], names: dict[int, str]
) -> tuple[str, str]:
    """Two short lines for a bonus space: what it is, and what it gives."""
    label = s.label
    if s.kind == "majority":  # "Most bananas: +3"
        what, _, steps = label.removeprefix("Most ").partition(": ")
        return what.capitalize(), f"majority {steps}"
    if s.kind == "tile":
        t = label.split(" ")[-1]
        where = held.get(t, "space")
        sub = " / ".join(short_units([fc]) for fc in faces.get(t, []))
        if where.startswith("seat:"):
            return f"Tile {t}: {names.get(int(where[5:]), '?')}", sub
        return f"Tile {t}", sub
    if s.kind == "buy":
        return "Buy", "a card"
    if s.kind == "sell":
        return "Sell", label.removeprefix("Sell: ")
    if s.kind == "study":
        return "Study", label.removeprefix("Study: ")
    return label, ""
