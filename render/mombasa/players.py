"""One panel per player board: cash, hand size, plan status, action slots with their discard piles,
diamond and bookkeeping tracks (books, ink jar), bonus markers, track bonuses and shares."""

from __future__ import annotations

from typing import Any

from render.canvas import Draw
from render.mombasa.market import draw_card
from render.mombasa.style import (
    COMPANY,
    COMPANY_INK,
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
    reward_text,
    short_units,
)

PLAYER_H = 350
SLOT_W = 166
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def _state_word(v: Any, p: Any) -> str:
    if v.phase == "start_tiles":
        return "tile chosen" if p.start_chosen else "choosing tile"
    if v.phase == "planning":
        return "✓ planned" if p.planned else "planning…"
    if v.phase == "action":
        if p.passed:
            return "passed"
        return "TO PLAY" if v.turn == p.seat else ""
    if v.phase == "preparation" and p.pile_choice > 0:
        return f"takes pile {p.pile_choice}"
    if v.phase == "over" and p.final:
        return f"{ORDINAL.get(p.place, p.place)} · £{p.final['total']}"
    return ""


def _lit_text(d: Draw, xy: tuple[int, int], text: str, lit: bool, fnt: Any, anchor: str) -> None:
    """Text, on a highlight band when the last move changed it."""
    if lit:
        box = d.d.textbbox(xy, text, font=fnt, anchor=anchor)
        d.rounded_rectangle(
            (box[0] - 5, box[1] - 4, box[2] + 5, box[3] + 4), radius=6, fill=HIGHLIGHT
        )
    d.text(xy, text, fill=INK, font=fnt, anchor=anchor)


def draw_player(d: Draw, v: Any, p: Any, top: int) -> int:
    bottom = top + PLAYER_H - 8
    now = p.seat in v.deciding and v.phase != "over"
    last = set(v.last)
    panel(d, (6, top, W - 6, bottom), lit=now)
    _header(d, v, p, top, last)
    for i, sl in enumerate(p.slots):  # slots with the discard pile above each
        _slot(d, v, p, i, sl, top, last)
    _tiles(d, v, p, top, last)
    _tracks(d, p, top, last)
    _bonuses(d, p, top, last)
    _shares(d, p, top)
    return top + PLAYER_H


def _header(d: Draw, v: Any, p: Any, top: int, last: set[str]) -> None:
    """Seat, name and colour (a star for the start player), cash, hand size, what it does now."""
    s = p.seat
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
    _lit_text(d, (216, top + 45), f"£{p.cash}", f"cash:{s}" in last, f(36, True), "ls")
    _lit_text(d, (330, top + 44), f"hand {p.hand_size}", f"hand:{s}" in last, f(26), "ls")
    word = _state_word(v, p)
    d.text(
        (W - 18, top + 44),
        word,
        fill=INK if word != "TO PLAY" else (190, 30, 30),
        font=f(26, True),
        anchor="rs",
    )


def _slot(d: Draw, v: Any, p: Any, i: int, sl: Any, top: int, last: set[str]) -> None:
    """Action slot i: its discard pile's size and top card above, its card (or lock) below."""
    s = p.seat
    x = 14 + i * (SLOT_W + 8)
    pile = p.piles[i]
    py = top + 58
    lit_pile = f"pile:{s}:{i + 1}" in last
    d.rounded_rectangle(
        (x, py, x + SLOT_W, py + 30),
        radius=6,
        fill=FAINT,
        outline=HIGHLIGHT if lit_pile else FAINT,
        width=3,
    )
    if pile:  # the pile's size on a dark badge, then its top card
        n = f"{len(pile)}"
        bw = 14 + 12 * len(n)
        d.rounded_rectangle((x + 3, py + 3, x + 3 + bw, py + 27), radius=5, fill=EDGE)
        d.text((x + 3 + bw // 2, py + 15), n, fill=WHITE, font=f(20, True), anchor="mm")
        top_txt = ("▲ " if p.pile_choice == i + 1 else "") + pile[-1].text
        d.text((x + bw + 9, py + 15), top_txt, fill=INK, font=f(20), anchor="lm")
    else:
        d.text((x + 8, py + 15), "no pile", fill=MUTED, font=f(20), anchor="lm")
    sy = py + 36
    box = (x, sy, x + SLOT_W, sy + 84)
    lit = f"slot:{s}:{i + 1}" in last
    if sl.locked:
        d.rounded_rectangle(box, radius=8, fill=LOCKED, outline=EDGE, width=2)
        d.text(
            (x + SLOT_W // 2, sy + 42),
            f"{i + 1} locked",
            fill=WHITE,
            font=f(22, True),
            anchor="mm",
        )
    elif sl.card is None:
        d.rounded_rectangle(
            box, radius=8, fill=PANEL, outline=HIGHLIGHT if lit else EDGE, width=5 if lit else 2
        )
        hidden = v.phase == "planning" and p.planned
        d.text(
            (x + SLOT_W // 2, sy + 42),
            "?" if hidden else f"{i + 1} empty",
            fill=MUTED,
            font=f(28 if hidden else 22, True),
            anchor="mm",
        )
    else:
        draw_card(d, sl.card, box, sl.face_up, lit)


def _tiles(d: Draw, v: Any, p: Any, top: int, last: set[str]) -> None:
    """The held bonus tile and the kept starting tile (book 1)."""
    s = p.seat
    ty = top + 198
    if p.tile:
        txt = f"Tile {p.tile}"
        if p.tile_in_area and p.tile_face >= 0:
            kind, n = v.tile_faces[p.tile][p.tile_face]
            txt += f" in area: {kind} {n}" + ("" if p.tile_face_up else " (used)")
        elif v.phase != "over":
            txt += " (for next round)"
        _lit_text(d, (14, ty), txt, f"tilecard:{s}" in last, f(22, True), "lm")
    start = p.books[0].tile if p.books and p.books[0].tile is not None else None
    if start is not None and start.letter == "S":
        code = start.id.removeprefix("start:")
        txt = f"Start book {code}: {short_units(start.req)} → {reward_text(start.reward)}"
        if not p.books[0].face_up:
            txt += " ✓"
        d.text((W - 18, ty), txt, fill=INK, font=f(22), anchor="rm")


def _tracks(d: Draw, p: Any, top: int, last: set[str]) -> None:
    """The diamond and ink-jar tracks, and the books."""
    s = p.seat
    y = top + 222
    _lit_text(d, (14, y + 15), f"◆ {p.diamond}/15", f"diamond:{s}" in last, f(26, True), "lm")
    _lit_text(d, (164, y + 15), f"Ink {p.ink}", f"ink:{s}" in last, f(26, True), "lm")
    bx = 290
    for b in p.books:
        x = bx + (b.position - 1) * 46
        lit = f"book:{s}:{b.position}" in last
        if b.tile is not None:
            fill, ink = (WHITE, INK) if b.face_up else (LOCKED, WHITE)
            letter = b.tile.letter
        elif b.left_empty:
            fill, ink, letter = FAINT, MUTED, "×"
        else:
            fill, ink, letter = PANEL, FAINT, ""
        d.rectangle(
            (x, y, x + 40, y + 30),
            fill=HIGHLIGHT if lit else fill,
            outline=EDGE,
            width=1,
        )
        if letter:
            d.text((x + 20, y + 15), letter, fill=ink, font=f(20, True), anchor="mm")
        if b.position == p.ink:  # the ink jar stands here
            d.polygon([(x + 20, y + 33), (x + 10, y + 43), (x + 30, y + 43)], fill=INK)


def _bonuses(d: Draw, p: Any, top: int, last: set[str]) -> None:
    """Bonus markers and track bonuses (a hollow chip: active from next round)."""
    s = p.seat
    y = top + 268
    placed = f" ({len(p.markers_placed)} out)" if p.markers_placed else ""
    _lit_text(
        d, (14, y + 15), f"Markers {p.markers}{placed}", f"markers:{s}" in last, f(24, True), "lm"
    )
    x = 290
    lit = f"bonus:{s}" in last
    _lit_text(d, (x, y + 15), "Bonuses", lit, f(22, True), "lm")
    x += 116
    for comp, index, active in p.bonuses:
        col = COMPANY[comp]
        label = f"{COMPANY_SHORT[comp]}{index + 1}"
        if active:
            chip(d, x + 17, y + 15, col, 17, label, COMPANY_INK[comp], 17)
        else:  # pending (active from next round): hollow, a ring in the company colour
            d.ellipse((x, y - 2, x + 34, y + 32), fill=WHITE, outline=INK, width=1)
            d.ellipse((x + 1, y - 1, x + 33, y + 31), outline=col, width=4)
            d.text((x + 17, y + 15), label, fill=INK, font=f(17, True), anchor="mm")
        x += 40
    if not p.bonuses:
        d.text((x, y + 15), "none", fill=MUTED, font=f(22), anchor="lm")
    elif any(not a for _, _, a in p.bonuses):
        d.text((x + 4, y + 15), "○ = next round", fill=MUTED, font=f(20), anchor="lm")


def _shares(d: Draw, p: Any, top: int) -> None:
    """Shares; at the end, the score's parts."""
    y = top + 306
    d.text((14, y + 15), "Shares", fill=INK, font=f(22, True), anchor="lm")
    x = 104
    for comp, n in p.shares.items():
        d.rounded_rectangle((x, y, x + 60, y + 30), radius=6, fill=COMPANY[comp], outline=INK)
        d.text(
            (x + 30, y + 15),
            f"{COMPANY_SHORT[comp]} {n}",
            fill=COMPANY_INK[comp],
            font=f(22, True),
            anchor="mm",
        )
        x += 66
    if p.final:
        sh = sum(
            val
            for k, val in p.final.items()
            if k not in ("cash", "diamonds", "bookkeeping", "total")
        )
        txt = f"£{p.final['cash']} cash + £{sh} shares + £{p.final['diamonds']} ◆ + £{p.final['bookkeeping']} books"
        d.text((W - 18, y + 15), txt, fill=INK, font=f(20), anchor="rm")
