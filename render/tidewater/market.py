"""The market: the demand queue, the production display with the bag, and the stock track with
its wage bands and the payout order."""

from __future__ import annotations

from typing import Any

from render.core import font
from render.tidewater import style as st
from render.tidewater.kit import (
    Panel,
    company_name,
    cube,
    glow_box,
)
from render.tidewater.static import (
    DEMAND_BOX,
    DISPLAY_BOX,
    STOCK_BOX,
)


class MarketPanels(Panel):
    """Demand, display and stock."""

    def demand(self) -> None:
        d = self.d
        x0, y0, x1, y1 = DEMAND_BOX
        markers = sorted(self.v.demand, key=lambda m: m.position)[:8]
        bw = min(100, (x1 - x0 - 32 - 7 * 8) // 8)
        for k, m in enumerate(markers):
            bx = x0 + 16 + k * (bw + 8)
            by = y0 + 46
            col = st.company_rgb(m.colour)
            d.rounded_rectangle(
                (bx, by, bx + bw, by + 124),
                radius=10,
                fill=(34, 42, 56),
                outline=(80, 92, 112),
                width=2,
            )
            d.text(
                (bx + bw / 2, by + 28), f"{m.price}", font=font(38, True), fill=st.TEXT, anchor="mm"
            )
            d.rounded_rectangle(
                (bx + 12, by + 56, bx + bw - 12, by + 114),
                radius=8,
                fill=col,
                outline=(10, 10, 10),
                width=2,
            )
            d.text(
                (bx + bw / 2, by + 85),
                st.COMPANY_SHORT.get(m.colour, "?"),
                font=font(28, True),
                fill=st.COMPANY_INK.get(m.colour, st.TEXT),
                anchor="mm",
            )
            if self.hot(f"demand:{m.position}"):
                glow_box(d, (bx - 3, by - 3, bx + bw + 3, by + 127))
        d.text(
            (x1 - 16, y0 + 24),
            "price = frontmost marker of a colour",
            font=font(20),
            fill=st.MUTED,
            anchor="rm",
        )

    def display(self) -> None:
        d, v = self.d, self.v
        x0, y0, x1, y1 = DISPLAY_BOX
        n = len(v.display)
        by = y0 + 46
        for k, cont in enumerate(v.display):
            bx = x0 + 16 + k * 62
            d.rounded_rectangle(
                (bx, by, bx + 54, by + 54),
                radius=8,
                fill=(34, 42, 56),
                outline=(110, 122, 142),
                width=2,
            )
            if cont:
                cube(d, bx + 27, by + 27, 40, cont)
            if self.hot(f"display:{k + 1}"):
                glow_box(d, (bx - 4, by - 4, bx + 58, by + 58), r=8, w=4)
        if n == 0:
            d.text((x0 + 16, by + 27), "no slots", font=font(20), fill=st.MUTED, anchor="lm")
        d.text(
            (x1 - 16, y0 + 24),
            f"bag: {v.bag_total} containers",
            font=font(22, True),
            fill=st.TEXT,
            anchor="rm",
        )
        # the bag by colour, right of the display
        step = 84
        x = x1 - 16 - 4 * step + 10
        y = by + 27
        d.text((x - 12, y), "in the bag", font=font(20), fill=st.MUTED, anchor="rm")
        for co in st.COMPANY_ORDER:
            cube(d, x + 15, y, 30, co)
            d.text(
                (x + 38, y), str(v.bag.get(co, 0)), font=font(26, True), fill=st.TEXT, anchor="lm"
            )
            x += step

    def stock(self) -> None:
        d, v = self.d, self.v
        x0, y0, x1, y1 = STOCK_BOX
        lo, hi = v.stock_min, v.stock_max
        cells = hi - lo + 1
        lx = x0 + 16  # the row labels
        cx0 = x0 + 88
        cw = (x1 - 16 - cx0) // max(1, cells)
        by = y0 + 46
        ch = 96
        at: dict[int, list[Any]] = {}
        for c in sorted(v.companies, key=lambda c: c.stock_seq):
            at.setdefault(c.stock, []).append(c)
        d.text((lx, by + 16), "value", font=font(20, True), fill=st.MUTED, anchor="lm")
        for k in range(cells):
            val = lo + k
            bx = cx0 + k * cw
            d.rounded_rectangle(
                (bx, by, bx + cw - 4, by + ch),
                radius=6,
                fill=(34, 42, 56),
                outline=(80, 92, 112),
                width=1,
            )
            d.text(
                (bx + (cw - 4) / 2, by + 16),
                str(val),
                font=font(22, True),
                fill=st.TEXT,
                anchor="mm",
            )
            # companies here: a lettered square each, two a row (the latest arrival last)
            side = min(28, (cw - 4 - 10) // 2)
            for j, c in enumerate(at.get(val, [])[:4]):
                sx = bx + (cw - 4) / 2 - side - 1 + (j % 2) * (side + 2)
                sy = by + 32 + (j // 2) * (side + 2)
                d.rounded_rectangle(
                    (sx, sy, sx + side, sy + side),
                    radius=4,
                    fill=st.company_rgb(c.colour),
                    outline=(0, 0, 0),
                )
                d.text(
                    (sx + side / 2, sy + side / 2 + 1),
                    st.COMPANY_SHORT.get(c.colour, "?"),
                    font=font(20, True),
                    fill=st.COMPANY_INK.get(c.colour, st.TEXT),
                    anchor="mm",
                )
                if self.hot(f"stock:{c.id}"):
                    d.rounded_rectangle(
                        (sx - 3, sy - 3, sx + side + 3, sy + side + 3),
                        radius=5,
                        outline=st.HILITE,
                        width=3,
                    )
        wy = by + ch + 8
        d.text((lx, wy + 14), "wage", font=font(20, True), fill=st.MUTED, anchor="lm")
        self.wage_bands(cx0, wy, cw, lo, hi)
        # payout order (during a payout: its fixed order, done ones ticked, current one framed)
        y = y1 - 28
        pay = v.payout if v.phase == "payout_prompt" else None
        order = pay.order if pay is not None else v.stock_order
        d.text((lx, y), "pays in order", font=font(20, True), fill=st.MUTED, anchor="lm")
        x = lx + font(20, True).getlength("pays in order") + 12
        for cid in order:
            done = pay is not None and cid in pay.done
            col = st.company_rgb(cid) if not done else (70, 78, 92)
            name = ("✓" if done else "") + company_name(v, cid).replace(" Line", "")
            w = font(20, True).getlength(name) + 18
            d.rounded_rectangle((x, y - 15, x + w, y + 15), radius=7, fill=col)
            ink = st.COMPANY_INK.get(cid, st.TEXT) if not done else st.MUTED
            d.text((x + w / 2, y), name, font=font(20, True), fill=ink, anchor="mm")
            if pay is not None and cid == pay.company:
                d.rounded_rectangle(
                    (x - 4, y - 19, x + w + 4, y + 19), radius=9, outline=st.HILITE, width=3
                )
            x += w + 8

    def wage_bands(self, x0: int, y: int, cw: int, lo: int, hi: int) -> None:
        """A strip under the stock scale: one segment per wage band of the view's table, warmer
        for a higher wage, showing the wage it pays."""
        d = self.d
        bands = list(getattr(self.v, "wage_bands", None) or [])
        top = max((b.wage for b in bands), default=0) or 1
        for b in bands:
            a, z = max(lo, b.min), min(hi, b.max)
            if a > z:
                continue
            bx0 = x0 + (a - lo) * cw
            bx1 = x0 + (z - lo + 1) * cw - 4
            d.rounded_rectangle((bx0, y, bx1, y + 28), radius=5, fill=st.wage_rgb(b.wage / top))
            d.text(
                ((bx0 + bx1) / 2, y + 14),
                str(b.wage),
                font=font(20, True),
                fill=(20, 16, 12),
                anchor="mm",
            )
