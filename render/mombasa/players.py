"""One panel per player board: cash, hand size, plan status, action slots with their discard piles,
diamond and bookkeeping tracks (books, ink jar), bonus markers, track bonuses and shares."""

from __future__ import annotations

from typing import Any

from render.canvas import Draw
from render.mombasa.market import draw_card
from render.mombasa.style import (
    COMPANY,
    COMPANY_SHORT,
    EDGE,
    FAINT,
    HIGHLIGHT,
    INK,
    LOCKED,
    MUTED,
    PANEL,
    PLAYER,
    PLAYER_INK,
    WHITE,
    W,
    chip,
    f,
    panel,
)

PLAYER_H = 322
SLOT_W = 166


def _state_word(v: Any, p: Any) -> str:
    if v.phase == "start_tiles":
        return "tile chosen" if p.start_chosen else "choosing tile"
    if v.phase == "planning":
        return "plan confirmed" if p.planned else "planning…"
    if v.phase == "action":
        if p.passed:
            return "passed"
        return "TO PLAY" if v.turn == p.seat else ""
    if v.phase == "preparation" and p.pile_choice > 0:
        return f"takes pile {p.pile_choice}"
    return ""


def draw_player(d: Draw, v: Any, p: Any, top: int) -> int:
    bottom = top + PLAYER_H - 8
    now = p.seat in v.deciding and v.phase != "over"
    panel(d, (6, top, W - 6, bottom), lit=now)
    colour = PLAYER[p.colour]
    d.rounded_rectangle((14, top + 8, 200, top + 50), radius=8, fill=colour)
    tag = "★ " if p.seat == v.start_player else ""
    d.text(
        (107, top + 29),
        f"{tag}{p.seat + 1} {p.name}",
        fill=PLAYER_INK[p.colour],
        font=f(26, True),
        anchor="mm",
    )
    lit_cash = f"cash:{p.seat}" in v.last
    d.text(
        (214, top + 46),
        f"£{p.cash}",
        fill=HIGHLIGHT if lit_cash else INK,
        font=f(38, True),
        anchor="ls",
    )
    d.text((330, top + 44), f"hand {p.hand_size}", fill=INK, font=f(26), anchor="ls")
    word = _state_word(v, p)
    d.text(
        (W - 18, top + 44),
        word,
        fill=INK if word != "TO PLAY" else (190, 30, 30),
        font=f(26, True),
        anchor="rs",
    )
    # slots with the discard pile above each
    for i, s in enumerate(p.slots):
        x = 14 + i * (SLOT_W + 8)
        pile = p.piles[i]
        py = top + 58
        lit_pile = f"pile:{p.seat}:{i + 1}" in v.last
        d.rounded_rectangle(
            (x, py, x + SLOT_W, py + 30),
            radius=6,
            fill=FAINT,
            outline=HIGHLIGHT if lit_pile else FAINT,
            width=3,
        )
        ptxt = f"{len(pile)}: {pile[-1].text}" if pile else "pile empty"
        if p.pile_choice == i + 1:
            ptxt = "▲ " + ptxt
        d.text((x + 6, py + 15), ptxt, fill=INK, font=f(20), anchor="lm")
        sy = py + 36
        box = (x, sy, x + SLOT_W, sy + 84)
        lit = f"slot:{p.seat}:{i + 1}" in v.last
        if s.locked:
            d.rounded_rectangle(box, radius=8, fill=LOCKED, outline=EDGE, width=2)
            d.text(
                (x + SLOT_W // 2, sy + 42),
                f"{i + 1} locked",
                fill=WHITE,
                font=f(22, True),
                anchor="mm",
            )
        elif s.card is None:
            d.rounded_rectangle(
                box, radius=8, fill=PANEL, outline=HIGHLIGHT if lit else EDGE, width=2
            )
            hidden = v.phase == "planning" and p.planned
            d.text(
                (x + SLOT_W // 2, sy + 42),
                "?" if hidden else f"{i + 1}",
                fill=MUTED,
                font=f(28, True),
                anchor="mm",
            )
        else:
            draw_card(d, s.card, box, s.face_up, lit)
    # the held bonus tile
    ty = top + 186
    if p.tile:
        txt = f"Tile {p.tile}"
        if p.tile_in_area and p.tile_face >= 0:
            fc = v.tile_faces[p.tile][p.tile_face]
            txt += f" in area: {fc[0]} {fc[1]}" + ("" if p.tile_face_up else " (used)")
        d.text((14, ty + 16), txt, fill=INK, font=f(22, True), anchor="lm")
    # diamond and ink-jar tracks, books
    y = top + 222
    lit = f"diamond:{p.seat}" in v.last
    d.text(
        (14, y + 14),
        f"◆ {p.diamond}/15",
        fill=HIGHLIGHT if lit else INK,
        font=f(26, True),
        anchor="lm",
    )
    lit = f"ink:{p.seat}" in v.last
    d.text(
        (170, y + 14), f"Ink {p.ink}", fill=HIGHLIGHT if lit else INK, font=f(26, True), anchor="lm"
    )
    bx = 290
    for b in p.books:
        x = bx + (b.position - 1) * 46
        lit = f"book:{p.seat}:{b.position}" in v.last
        if b.tile is not None:
            fill, ink = (WHITE, INK) if b.face_up else (LOCKED, WHITE)
            letter = b.tile.letter if b.tile.letter != "S" else "S"
        elif b.left_empty:
            fill, ink, letter = FAINT, MUTED, "×"
        else:
            fill, ink, letter = PANEL, FAINT, ""
        d.rectangle(
            (x, y, x + 40, y + 30),
            fill=fill,
            outline=HIGHLIGHT if lit else EDGE,
            width=3 if lit else 1,
        )
        if letter:
            d.text((x + 20, y + 15), letter, fill=ink, font=f(20, True), anchor="mm")
        if b.position == p.ink:
            d.line((x + 2, y + 34, x + 38, y + 34), fill=INK, width=5)
    # markers, track bonuses, shares
    y = top + 276
    placed = f" ({len(p.markers_placed)} out)" if p.markers_placed else ""
    d.text((14, y + 14), f"Markers {p.markers}{placed}", fill=INK, font=f(24, True), anchor="lm")
    x = 290
    d.text((x, y + 14), "Bonus", fill=INK, font=f(22, True), anchor="lm")
    x += 72
    for comp, index, active in p.bonuses:
        col = COMPANY[comp]
        if active:
            chip(d, x + 16, y + 14, col, 16, f"{COMPANY_SHORT[comp]}{index + 1}", WHITE, 16)
        else:  # pending: hollow
            d.ellipse((x, y - 2, x + 32, y + 30), fill=WHITE, outline=col, width=4)
            d.text(
                (x + 16, y + 14),
                f"{COMPANY_SHORT[comp]}{index + 1}",
                fill=col,
                font=f(16, True),
                anchor="mm",
            )
        x += 38
    if not p.bonuses:
        d.text((x, y + 14), "–", fill=MUTED, font=f(22), anchor="lm")
    x = 568
    d.text((x, y + 14), "Shares", fill=INK, font=f(22, True), anchor="lm")
    x += 80
    for comp, n in p.shares.items():
        d.rounded_rectangle((x, y, x + 56, y + 30), radius=6, fill=COMPANY[comp])
        d.text(
            (x + 28, y + 15),
            f"{COMPANY_SHORT[comp]} {n}",
            fill=WHITE,
            font=f(20, True),
            anchor="mm",
        )
        x += 60
    return top + PLAYER_H
