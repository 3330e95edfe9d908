"""The players' boxes (two a row) near the foot of the page."""

from __future__ import annotations

from typing import Any

from render.core import font
from render.tidewater import style as st
from render.tidewater.kit import (
    Panel,
    company_name,
    fit_size,
    wrap,
)


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
            d.rounded_rectangle(box, radius=14, outline=st.ACTIVE, width=5)
        if self.hot(f"player:{seat}"):
            d.rounded_rectangle(
                (x0 + 6, y0 + 6, x1 - 6, y1 - 6), radius=11, outline=st.HILITE, width=4
            )
        self.token(seat, 22, x0 + 36, y0 + 36)
        tag = ""
        if v.ranking and v.phase == "game_over" and v.ranking[0] == seat:
            tag = "★ WINS"
        elif active:
            tag = "TO ACT"
        tw = font(22, True).getlength(tag) + 16 if tag else 0
        room = x1 - x0 - 66 - 16 - tw
        size = fit_size(p.label, (28, 24, 22), room, True)
        d.text((x0 + 66, y0 + 36), p.label, font=font(size, True), fill=st.TEXT, anchor="lm")
        if tag:
            col = st.HILITE if tag.startswith("★") else st.ACTIVE
            d.text((x1 - 16, y0 + 36), tag, font=font(22, True), fill=col, anchor="rm")
        # money and worth
        y = y0 + 68
        d.text((x0 + 16, y), f"{p.credits}", font=font(42, True), fill=st.TEXT, anchor="lt")
        cw = font(42, True).getlength(f"{p.credits}")
        d.text((x0 + 22 + cw, y + 20), "cr", font=font(20), fill=st.MUTED, anchor="lt")
        score = (v.scores or {}).get(seat, p.score)
        label = "final score" if v.phase == "game_over" else "worth"
        sw = font(34, True).getlength(f"{score}")
        d.text((x1 - 16, y + 4), f"{score}", font=font(34, True), fill=st.TEXT, anchor="rt")
        d.text((x1 - 24 - sw, y + 18), label, font=font(20), fill=st.MUTED, anchor="rt")
        # shares held, one box per company (a yellow edge: this player is its CEO)
        y = y0 + 130
        x = x0 + 16
        for co in st.COMPANY_ORDER:
            n = p.shares.get(co, 0)
            col = st.company_rgb(co) if n else st.NO_SHARE
            ink = st.COMPANY_INK.get(co, st.TEXT) if n else st.NO_SHARE_INK
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
        # investment discs left, right of the shares
        dx: float = x + 10
        d.text((dx, y + 20), "discs", font=font(20), fill=st.MUTED, anchor="lm")
        dx += font(20).getlength("discs") + 18
        for k in range(p.investment_discs):
            if dx + k * 26 + 11 > x1 - 12:
                break
            self.token(seat, 11, dx + k * 26, y + 20, label=False)
        # CEO of: whole names, wrapped (never cut)
        if p.ceo_of:
            names = [company_name(v, c).replace(" Line", "") for c in p.ceo_of]
            txt = "CEO of " + ", ".join(names)
            rows = wrap(txt, 22, x1 - x0 - 32, True)
            size = 22
            if len(rows) > 2:
                size, rows = 20, wrap(txt, 20, x1 - x0 - 32, True)
            yy = y0 + 196 if len(rows) == 1 else y0 + 186
            for row in rows[:2]:
                d.text((x0 + 16, yy), row, font=font(size, True), fill=st.HILITE, anchor="lm")
                yy += 26
