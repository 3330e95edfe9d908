"""The players' boxes along the bottom of the page."""

from __future__ import annotations

from typing import Any

from render.core import font
from render.tidewater import style as st
from render.tidewater.kit import (
    Panel,
    company_name,
    fit,
)
from render.tidewater.sprites import paste, puck


class PlayerPanels(Panel):
    """One box per player."""

    def player(self, box: tuple[int, int, int, int], p: Any) -> None:
        d, v = self.d, self.v
        x0, y0, x1, y1 = box
        seat = p.seat
        active = (
            seat == (v.deciding_seat if v.deciding_seat is not None else v.active_seat)
            and v.phase != "game_over"
        )
        if active:
            d.rounded_rectangle(box, radius=16, outline=st.ACTIVE, width=5)
        if self.hot(f"player:{seat}"):
            d.rounded_rectangle(
                (x0 + 6, y0 + 6, x1 - 6, y1 - 6), radius=12, outline=st.HILITE, width=4
            )
        paste(
            self.d,
            puck(24, st.player_rgb(seat), (8, 8, 10), str(seat + 1), st.player_ink(seat)),
            x0 + 38,
            y0 + 38,
        )
        d.text(
            (x0 + 72, y0 + 38),
            fit(p.label, 28, x1 - x0 - 180, True),
            font=font(28, True),
            fill=st.TEXT,
            anchor="lm",
        )
        if v.ranking and v.phase == "game_over" and v.ranking[0] == seat:
            d.text((x1 - 16, y0 + 38), "★ WIN", font=font(24, True), fill=st.HILITE, anchor="rm")
        elif active:
            d.text((x1 - 16, y0 + 38), "TO ACT", font=font(20, True), fill=st.ACTIVE, anchor="rm")
        # money and score
        y = y0 + 72
        d.text((x0 + 18, y), f"{p.credits}", font=font(42, True), fill=st.TEXT, anchor="lt")
        cw = font(42, True).getlength(f"{p.credits}")
        d.text((x0 + 24 + cw, y + 20), "cr", font=font(20), fill=st.MUTED, anchor="lt")
        score = (v.scores or {}).get(seat, p.score)
        d.text((x1 - 16, y + 4), "worth", font=font(16), fill=st.MUTED, anchor="rt")
        d.text((x1 - 16, y + 22), f"{score}", font=font(30, True), fill=st.TEXT, anchor="rt")
        # shares
        y = y0 + 140
        x = x0 + 18
        for co in st.COMPANY_ORDER:
            n = p.shares.get(co, 0)
            col = st.company_rgb(co) if n else (40, 48, 62)
            ink = st.COMPANY_INK.get(co, st.TEXT) if n else (120, 130, 150)
            edge = (
                st.HILITE
                if co in p.ceo_of
                else (0, 0, 0)
                if n
                else st.COMPANY_DARK.get(co, (0, 0, 0))
            )
            d.rounded_rectangle(
                (x, y, x + 50, y + 40),
                radius=6,
                fill=col,
                outline=edge,
                width=4 if co in p.ceo_of or not n else 2,
            )
            d.text((x + 25, y + 21), str(n), font=font(24, True), fill=ink, anchor="mm")
            x += 58
        # investment discs left
        y = y0 + 200
        d.text((x0 + 18, y), "discs", font=font(17), fill=st.MUTED, anchor="lm")
        for k in range(p.investment_discs):
            paste(
                self.d,
                puck(11, st.player_rgb(seat), (8, 8, 10), "", st.player_ink(seat)),
                x0 + 80 + k * 26,
                y,
            )
        if p.ceo_of:
            txt = "CEO " + ", ".join(company_name(v, c).replace(" Line", "") for c in p.ceo_of)
            d.text(
                (x1 - 16, y),
                fit(txt, 18, x1 - x0 - 170, True),
                font=font(18, True),
                fill=st.HILITE,
                anchor="rm",
            )
