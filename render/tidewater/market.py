"""The market row: demand, the container display and the stock with its wage bands."""

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
        bw = 84
        for k, m in enumerate(sorted(self.v.demand, key=lambda m: m.position)[:8]):
            bx = x0 + 18 + k * (bw + 6)
            by = y0 + 50
            col = st.company_rgb(m.colour)
            d.rounded_rectangle(
                (bx, by, bx + bw, by + 122),
                radius=10,
                fill=(34, 42, 56),
                outline=(80, 92, 112),
                width=2,
            )
            d.text(
                (bx + bw / 2, by + 26), f"{m.price}", font=font(38, True), fill=st.TEXT, anchor="mm"
            )
            d.rounded_rectangle(
                (bx + 10, by + 54, bx + bw - 10, by + 112),
                radius=8,
                fill=col,
                outline=(10, 10, 10),
                width=2,
            )
            d.text(
                (bx + bw / 2, by + 83),
                st.COMPANY_SHORT.get(m.colour, "?"),
                font=font(28, True),
                fill=st.COMPANY_INK.get(m.colour, st.TEXT),
                anchor="mm",
            )
            if self.hot(f"demand:{m.position}"):
                glow_box(d, (bx - 3, by - 3, bx + bw + 3, by + 125))
        d.text(
            (x1 - 18, y0 + 22),
            "price = frontmost marker of the colour",
            font=font(16),
            fill=st.DIM,
            anchor="rm",
        )

    def display(self) -> None:
        d, v = self.d, self.v
        x0, y0, x1, y1 = DISPLAY_BOX
        n = len(v.display)
        for k, cont in enumerate(v.display):
            bx = x0 + 18 + k * 62
            by = y0 + 48
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
            d.text((x0 + 18, y0 + 74), "no slots", font=font(20), fill=st.MUTED, anchor="lm")
        y = y0 + 148
        d.text(
            (x1 - 18, y0 + 22), f"bag {v.bag_total}", font=font(22, True), fill=st.TEXT, anchor="rm"
        )
        step = (x1 - x0 - 36) // 4
        for k, co in enumerate(st.COMPANY_ORDER):
            x = x0 + 18 + k * step
            cube(d, x + 15, y, 30, co)
            d.text(
                (x + 38, y), str(v.bag.get(co, 0)), font=font(26, True), fill=st.TEXT, anchor="lm"
            )
        d.text((x0 + 18, y + 30), "in the bag, by colour", font=font(15), fill=st.DIM, anchor="lm")

    def stock(self) -> None:
        d, v = self.d, self.v
        x0, y0, x1, y1 = STOCK_BOX
        lo, hi = v.stock_min, v.stock_max
        cells = hi - lo + 1
        cw = (x1 - x0 - 36) // max(1, cells)
        by = y0 + 44
        at: dict[int, list[Any]] = {}
        for c in sorted(v.companies, key=lambda c: c.stock_seq):
            at.setdefault(c.stock, []).append(c)
        for k in range(cells):
            val = lo + k
            bx = x0 + 18 + k * cw
            d.rounded_rectangle(
                (bx, by, bx + cw - 4, by + 80),
                radius=6,
                fill=(34, 42, 56),
                outline=(80, 92, 112),
                width=1,
            )
            d.text(
                (bx + (cw - 4) / 2, by + 14),
                str(val),
                font=font(18, True),
                fill=st.MUTED,
                anchor="mm",
            )
            for j, c in enumerate(at.get(val, [])[:4]):
                cy = by + 33 + j * 12
                d.rounded_rectangle(
                    (bx + 5, cy - 6, bx + cw - 9, cy + 8),
                    radius=3,
                    fill=st.company_rgb(c.colour),
                    outline=(0, 0, 0),
                )
                if self.hot(f"stock:{c.id}"):
                    d.rounded_rectangle(
                        (bx + 2, cy - 9, bx + cw - 6, cy + 11), radius=4, outline=st.HILITE, width=3
                    )
        self.wage_bands(x0 + 18, by + 86, cw, lo, hi)
        # payout order (during a payout: its fixed order, done ones ticked, current one framed)
        y = y1 - 26
        pay = v.payout if v.phase == "payout_prompt" else None
        order = pay.order if pay is not None else v.stock_order
        d.text((x0 + 18, y), "Pays:", font=font(20, True), fill=st.MUTED, anchor="lm")
        x = x0 + 84
        for cid in order:
            done = pay is not None and cid in pay.done
            col = st.company_rgb(cid) if not done else (70, 78, 92)
            name = ("✓" if done else "") + company_name(v, cid).replace(" Line", "")
            w = font(18, True).getlength(name) + 16
            d.rounded_rectangle((x, y - 14, x + w, y + 14), radius=7, fill=col)
            ink = st.COMPANY_INK.get(cid, st.TEXT) if not done else st.MUTED
            d.text((x + w / 2, y), name, font=font(18, True), fill=ink, anchor="mm")
            if pay is not None and cid == pay.company:
                d.rounded_rectangle(
                    (x - 4, y - 18, x + w + 4, y + 18), radius=9, outline=st.HILITE, width=3
                )
            x += w + 6

    def wage_bands(self, x0: int, y: int, cw: int, lo: int, hi: int) -> None:
        """A strip under the stock scale: one segment per wage band of the view's table, warmer
        for a higher wage, labelled "wage N" (just "N" where the segment is too narrow)."""
        d = self.d
        bands = list(getattr(self.v, "wage_bands", None) or [])
        top = max((b.wage for b in bands), default=0) or 1
        for b in bands:
            a, z = max(lo, b.min), min(hi, b.max)
            if a > z:
                continue
            bx0 = x0 + (a - lo) * cw
            bx1 = x0 + (z - lo + 1) * cw - 4
            d.rounded_rectangle((bx0, y, bx1, y + 22), radius=5, fill=st.wage_rgb(b.wage / top))
            label = f"wage {b.wage}"
            f = font(15, True)
            if f.getlength(label) > bx1 - bx0 - 4:
                label = str(b.wage)
            d.text(((bx0 + bx1) / 2, y + 11), label, font=f, fill=(20, 16, 12), anchor="mm")
