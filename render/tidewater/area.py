"""One player's area drawn large: money, shares and their value, investments, CEO posts, disc.

Phone first like the board (style.py): 900 px wide, read shrunk to about 400 px, so no text is
under 20 px and the key figures (credits, worth, shares, stock, treasury) are 28 px or more. The
panels are stacked: who and whose turn, the three key figures, one card per company, investments.
Every string goes through the board's `Page`, so `kit.record_text` measures the area too.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render import canvas
from render.core import font
from render.tidewater import style as st
from render.tidewater.kit import Box, Page, Panel, company_name, fit, fit_size, wrap
from render.tidewater.palette import PALETTE

AREA_W = st.WIDTH  # 900, the board's width
PAD = 24  # inner padding of a panel
HEAD_H = 176
FIG_H = 150
CARD_H = 164
INFO_ROW = 36  # row pitch of the investments text
INFO_SIZE = 26
MAX_SHARE_BOXES = 6


def _info_rows(view: Any, seat: int) -> list[str]:
    placed = [
        f"{company_name(view, ship.company).replace(' Line', '')} {slot.id} ({slot.cost})"
        for ship in view.ships
        for slot in ship.slots
        if slot.investor == seat
    ]
    width = AREA_W - 2 * st.M - 2 * PAD
    ships = "On ships: " + (", ".join(placed) if placed else "none yet")
    return wrap(ships, INFO_SIZE, width) + wrap(
        "+1 credit per container delivered from them", INFO_SIZE, width
    )


def area_height(view: Any, seat: int) -> int:
    """The area's height: the company cards and the investments' text rows set it."""
    rows = len(_info_rows(view, seat))
    return (
        st.M
        + HEAD_H
        + st.GAP
        + FIG_H
        + st.GAP
        + len(view.companies) * (CARD_H + st.GAP)
        + _info_h(rows)
        + st.M
    )


def _info_h(rows: int) -> int:
    return 96 + rows * INFO_ROW + 12


class Area(Panel):
    """The state the area's panels read (the same `Panel` base as the board's parts)."""

    def __init__(self, view: Any, seat: int) -> None:
        player = next((p for p in view.players if p.seat == seat), None)
        if player is None:
            raise ValueError(f"no seat {seat} in this game")
        self.v, self.p, self.seat = view, player, seat
        self.rows = _info_rows(view, seat)
        self.img = canvas.new((AREA_W, area_height(view, seat)), st.BG, PALETTE)
        self.d = Page(self.img, PALETTE)
        self.touched = set()
        self.port_names = {}
        turn = view.deciding_seat if view.deciding_seat is not None else view.active_seat
        self.active = turn == seat and view.phase != "game_over"
        self.over = view.phase == "game_over"

    def draw(self) -> Image.Image:
        x0, x1 = st.M, AREA_W - st.M
        y = st.M
        self.header((x0, y, x1, y + HEAD_H))
        y += HEAD_H + st.GAP
        self.figures((x0, y, x1, y + FIG_H))
        y += FIG_H + st.GAP
        for c in self.v.companies:
            self.company((x0, y, x1, y + CARD_H), c)
            y += CARD_H + st.GAP
        self.investments((x0, y, x1, y + _info_h(len(self.rows))))
        return canvas.finish(self.img, PALETTE)

    # ---- who, whose turn, where the time disc is -------------------------------------------
    def header(self, box: Box) -> None:
        d, v, seat = self.d, self.v, self.seat
        x0, y0, x1, y1 = box
        d.rounded_rectangle(
            box,
            radius=20,
            fill=st.PANEL,
            outline=st.ACTIVE if self.active else st.PANEL_EDGE,
            width=5 if self.active else 2,
        )
        with d.area(box, "area header"):
            self.token(seat, 46, x0 + PAD + 46, y0 + HEAD_H / 2)
            tx = x0 + PAD + 92 + 22
            room = x1 - PAD - tx
            size = fit_size(self.p.label, (46, 40, 34), room, True)
            name = fit(self.p.label, size, int(room), True)
            d.text((tx, y0 + 48), name, font=font(size, True), fill=st.TEXT, anchor="lm")
            sub, col = ("TO ACT", st.ACTIVE) if self.active else ("waiting", st.MUTED)
            if self.over:
                place = v.ranking.index(seat) + 1 if v.ranking and seat in v.ranking else None
                sub, col = "game over", st.MUTED
                if place == 1:
                    sub, col = "★ WINNER", st.HILITE
                elif place is not None:
                    sub = f"game over · place {place}"
            d.text((tx, y0 + 98), sub, font=font(32, True), fill=col, anchor="lm")
            disc = next((dv for dv in v.time_track.discs if dv.seat == seat), None)
            if disc is not None:
                where = (
                    "home (Start)"
                    if disc.finished
                    else f"step {disc.pos} of {v.time_track.steps_per_round}"
                )
                d.text(
                    (tx, y0 + 144),
                    fit(f"Time disc: {where}", 28, int(room)),
                    font=font(28),
                    fill=st.MUTED,
                    anchor="lm",
                )

    # ---- credits, worth, shares --------------------------------------------------------------
    def figures(self, box: Box) -> None:
        d, v, p = self.d, self.v, self.p
        x0, y0, x1, y1 = box
        score = (v.scores or {}).get(self.seat, p.score)
        held = sum(p.shares.get(c.id, 0) for c in v.companies)
        tiles = (
            ("CREDITS", str(p.credits), 84, st.TEXT),
            ("FINAL SCORE" if self.over else "WORTH", str(score), 84, st.HILITE),
            ("SHARES", str(held), 72, st.TEXT),
        )
        w = (x1 - x0 - 2 * st.GAP) / len(tiles)
        for k, (label, figure, size, col) in enumerate(tiles):
            a = x0 + k * (w + st.GAP)
            tile = (round(a), y0, round(a + w), y1)
            d.rounded_rectangle(tile, radius=18, fill=st.PANEL)
            with d.area(tile, f"area {label.lower()}"):
                cx = (tile[0] + tile[2]) / 2
                d.text((cx, y0 + 34), label, font=font(24, True), fill=st.MUTED, anchor="mm")
                d.text((cx, y0 + 96), figure, font=font(size, True), fill=col, anchor="mm")

    # ---- one card per company: shares held, stock, value, treasury, CEO ---------------------
    def company(self, box: Box, c: Any) -> None:
        d, seat = self.d, self.seat
        x0, y0, x1, y1 = box
        col = st.company_rgb(c.colour)
        held = self.p.shares.get(c.id, 0)
        mine = c.ceo == seat
        d.rounded_rectangle(
            box,
            radius=16,
            fill=st.PANEL,
            outline=st.HILITE if mine else None,
            width=3 if mine else 0,
        )
        d.rounded_rectangle((x0 + 14, y0 + 16, x0 + 30, y1 - 16), radius=6, fill=col)
        with d.area(box, f"area {c.id}"):
            # first row: the name, and who is CEO
            lx = x0 + 46
            ceo_w = 250
            name_room = x1 - PAD - ceo_w - lx
            size = fit_size(c.name, (38, 34, 30), name_room, True)
            d.text(
                (lx, y0 + 38),
                fit(c.name, size, int(name_room), True),
                font=font(size, True),
                fill=st.TEXT,
                anchor="lm",
            )
            cx = x1 - PAD - ceo_w
            d.text((cx, y0 + 38), "CEO", font=font(22, True), fill=st.MUTED, anchor="lm")
            cx += font(22, True).getlength("CEO") + 14
            if c.ceo is None:
                d.text((cx, y0 + 38), "none", font=font(28), fill=st.DIM, anchor="lm")
            else:
                self.token(c.ceo, 24, cx + 24, y0 + 38)
                who = "you" if mine else f"Seat {c.ceo + 1}"
                d.text(
                    (cx + 60, y0 + 38),
                    who,
                    font=font(28, True),
                    fill=st.HILITE if mine else st.TEXT,
                    anchor="lm",
                )
            # second row: labels over the figures
            ly, fy = y0 + 84, y0 + 126
            cols = (
                ("SHARES", lx),
                ("STOCK", x0 + 420),
                ("VALUE", x0 + 560),
                ("TREASURY", x1 - PAD),
            )
            for label, x in cols:
                anchor = "rm" if label == "TREASURY" else "lm"
                d.text((x, ly), label, font=font(22, True), fill=st.MUTED, anchor=anchor)
            d.text(
                (lx, fy),
                str(held),
                font=font(40, True),
                fill=st.TEXT if held else st.DIM,
                anchor="lm",
            )
            bx = lx + font(40, True).getlength(str(held)) + 16
            for k in range(min(held, MAX_SHARE_BOXES)):
                x = bx + k * 40
                d.rounded_rectangle(
                    (x, fy - 20, x + 32, fy + 20),
                    radius=6,
                    fill=col,
                    outline=(0, 0, 0),
                    width=2,
                )
            d.text((x0 + 420, fy), str(c.stock), font=font(40, True), fill=st.TEXT, anchor="lm")
            d.text(
                (x0 + 560, fy),
                str(held * c.stock),
                font=font(40, True),
                fill=st.TEXT if held else st.DIM,
                anchor="lm",
            )
            d.text((x1 - PAD, fy), str(c.treasury), font=font(40, True), fill=st.TEXT, anchor="rm")

    # ---- investment discs left, and where the placed ones are -------------------------------
    def investments(self, box: Box) -> None:
        d, p = self.d, self.p
        x0, y0, x1, y1 = box
        d.rounded_rectangle(box, radius=18, fill=st.PANEL)
        with d.area(box, "area investments"):
            d.text(
                (x0 + PAD, y0 + 34),
                "INVESTMENT DISCS",
                font=font(24, True),
                fill=st.MUTED,
                anchor="lm",
            )
            left = f"{p.investment_discs} left"
            lx = x0 + PAD + font(24, True).getlength("INVESTMENT DISCS") + 22
            d.text((lx, y0 + 34), left, font=font(30, True), fill=st.TEXT, anchor="lm")
            dx = lx + font(30, True).getlength(left) + 40
            for k in range(p.investment_discs):
                if dx + k * 54 + 22 > x1 - PAD:
                    break
                self.token(self.seat, 22, dx + k * 54, y0 + 34, label=False)
            for k, row in enumerate(self.rows):
                d.text(
                    (x0 + PAD, y0 + 96 + k * INFO_ROW),
                    row,
                    font=font(INFO_SIZE),
                    fill=st.TEXT,
                    anchor="lm",
                )


def draw_area(view: Any, seat: int) -> Image.Image:
    return Area(view, seat).draw()
