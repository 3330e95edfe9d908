"""The four company panels: base (coins, covered spaces, share value), track with every marker,
capital calls, special spaces with their bonus and arrival order, extra bonus spaces."""

from __future__ import annotations

from typing import Any

from render.canvas import Draw
from render.mombasa.style import (
    CALL,
    COMPANY,
    COMPANY_INK,
    EDGE,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PLAYER,
    PLAYER_INK,
    SPECIAL,
    WHITE,
    W,
    chip,
    f,
    panel,
)

PANEL_H = 262
CELL_W = 69
CELL_H = 78
TRACK_X = 196


def _cell_xy(space: int) -> tuple[int, int, int]:
    """(x, y-offset row, row index) of track space `space` (two rows: 0-9, 10-18)."""
    row = 0 if space <= 9 else 1
    col = space if row == 0 else space - 10
    return TRACK_X + col * CELL_W, row * (CELL_H + 8), row


def draw_company(d: Draw, v: Any, c: Any, top: int) -> int:
    bottom = top + PANEL_H - 8
    lit_base = f"base:{c.id}" in v.last
    panel(d, (6, top, W - 6, bottom), lit=lit_base)
    _header(d, c, top)
    _base(d, c, top)
    _track(d, c, top)
    _markers(d, v, c, top)
    _specials(d, v, c, top)
    return top + PANEL_H


def _header(d: Draw, c: Any, top: int) -> None:
    """Name in the company colour, share value and track side."""
    colour = COMPANY[c.id]
    ink = COMPANY_INK[c.id]
    d.rounded_rectangle((14, top + 8, 188, top + 46), radius=8, fill=colour, outline=EDGE, width=2)
    d.text((101, top + 27), c.name, fill=ink, font=f(26, True), anchor="mm")
    d.text((16, top + 78), f"£{c.share_value}", fill=INK, font=f(40, True), anchor="ls")
    d.text((186, top + 78), f"{c.side}", fill=MUTED, font=f(24, True), anchor="rs")


def _base(d: Draw, c: Any, top: int) -> None:
    """The base: columns of coins top to bottom; the bottom `covered` spaces hold posts."""
    colour = COMPANY[c.id]
    cw, ch = 34, 30
    bx, by = 16, top + 90
    for i, (col, n) in enumerate(zip(c.columns, c.covered, strict=True)):
        x = bx + i * cw
        y0 = by + (4 - len(col)) * ch
        for j, coins in enumerate(col):
            y = y0 + j * ch
            covered = j >= len(col) - n
            d.rectangle(
                (x, y, x + cw - 3, y + ch - 3), fill=colour if covered else SPECIAL, outline=EDGE
            )
            if not covered:
                d.text(
                    (x + (cw - 3) // 2, y + (ch - 3) // 2),
                    str(coins),
                    fill=INK,
                    font=f(20, True),
                    anchor="mm",
                )
    extra = f"+{c.reserve} spare" if c.reserve else ""
    d.text((16, top + 240), f"{c.posts_on_map} on map {extra}", fill=INK, font=f(22), anchor="ls")


def _track(d: Draw, c: Any, top: int) -> None:
    """The track's spaces (special ones shaded, share tags) and its capital calls."""
    colour = COMPANY[c.id]
    ink = COMPANY_INK[c.id]
    specials = {s.space: s for s in c.specials}
    icons = dict(c.share_icons)
    for space in range(c.last_space + 1):
        x, dy, _ = _cell_xy(space)
        y = top + 8 + dy
        sp = specials.get(space)
        d.rectangle(
            (x, y, x + CELL_W - 4, y + CELL_H), fill=SPECIAL if sp else PANEL, outline=EDGE, width=2
        )
        d.text((x + 4, y + 1), str(space), fill=INK, font=f(24, True), anchor="la")
        if space in icons:  # shares from here on: a tag in the company colour
            tx = x + CELL_W - 7
            d.rounded_rectangle((tx - 24, y + 3, tx, y + 25), radius=5, fill=colour, outline=EDGE)
            d.text((tx - 12, y + 14), f"{icons[space]}", fill=ink, font=f(20, True), anchor="mm")
        if sp:
            d.text(
                (x + CELL_W - 8, y + CELL_H - 2),
                f"£{sp.pounds}",
                fill=INK,
                font=f(20, True),
                anchor="rd",
            )
    for before, pounds in c.capital_calls:
        x, dy, _ = _cell_xy(before)
        y = top + 8 + dy
        d.rounded_rectangle(
            (x - 22, y + CELL_H // 2 - 14, x + 16, y + CELL_H // 2 + 14), radius=6, fill=CALL
        )
        d.text((x - 3, y + CELL_H // 2), f"£{pounds}", fill=WHITE, font=f(20, True), anchor="mm")


def _markers(d: Draw, v: Any, c: Any, top: int) -> None:
    """The players' markers on the track: 2 x 2 in the lower part of the cell."""
    at: dict[int, list[int]] = {}
    for seat, space in enumerate(c.markers):
        at.setdefault(space, []).append(seat)
    for space, seats in at.items():
        x, dy, _ = _cell_xy(space)
        y = top + 8 + dy
        for k, seat in enumerate(seats):
            cx = x + 18 + (k % 2) * 30
            cy = y + 40 + (k // 2) * 24 - (8 if len(seats) <= 2 else 0)
            p = v.players[seat]
            if f"track:{c.id}:{seat}" in v.last:
                d.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=HIGHLIGHT)
            chip(d, cx, cy, PLAYER[p.colour], 12, str(seat + 1), PLAYER_INK[p.colour], 16)


def _specials(d: Draw, v: Any, c: Any, top: int) -> None:
    """Special bonuses and their arrivals, extra bonus spaces."""
    y = top + 8 + 2 * CELL_H + 12
    for sp in c.specials:
        yy = y + sp.index * 28
        d.text(
            (TRACK_X, yy + 13), f"{sp.space}: {sp.bonus}", fill=INK, font=f(20, True), anchor="lm"
        )
        x = TRACK_X + int(d.d.textlength(f"{sp.space}: {sp.bonus}", font=f(20, True))) + 16
        if c.extra_spaces:
            occ = c.extra_spaces[sp.index]
            d.rectangle((x, yy, x + 26, yy + 26), fill=WHITE, outline=INK, width=2)
            if occ >= 0:
                p = v.players[occ]
                chip(
                    d, x + 13, yy + 13, PLAYER[p.colour], 12, str(occ + 1), PLAYER_INK[p.colour], 16
                )
            x += 36
        if sp.arrivals:
            d.text((x, yy + 13), "reached:", fill=MUTED, font=f(20), anchor="lm")
            x += 88
        for seat in sp.arrivals:  # in arrival order, left to right
            p = v.players[seat]
            chip(d, x + 13, yy + 13, PLAYER[p.colour], 12, str(seat + 1), PLAYER_INK[p.colour], 16)
            x += 30
        if not sp.arrivals:
            d.text((x, yy + 13), "nobody yet", fill=MUTED, font=f(20), anchor="lm")
