"""The four company panels (two a row): stock, treasury, CEO, shares, points and the ship."""

from __future__ import annotations

from typing import Any

from render.core import font
from render.tidewater import style as st
from render.tidewater.kit import (
    Panel,
    cube,
    fit_size,
    glow_box,
    seat_name,
    short_port,
    wrap,
)
from render.tidewater.sprites import disc, paste
from render.tidewater.static import (
    comp_box,
    port_name,
)


class CompanyPanels(Panel):
    """One panel per company."""

    def company(self, i: int, c: Any) -> None:
        v = self.v
        x0, y0, x1, y1 = comp_box(i)
        self.company_header(x0, y0, x1, y1, c)
        self.company_figures(x0, y0, x1, c)
        self.share_cards(x0, y0, x1, c)
        self.point_supply(x0, y0, x1, c)
        ship = next((s for s in v.ships if s.company == c.id), None)
        if ship is not None:
            self.ship_panel(x0 + 8, y0 + 252, x1 - 8, y1 - 8, c, ship)

    def company_header(self, x0: int, y0: int, x1: int, y1: int, c: Any) -> None:
        """The band in the line's colour: its name and payout rank; the glow when touched."""
        d = self.d
        col = st.company_rgb(c.colour)
        ink = st.COMPANY_INK.get(c.colour, st.TEXT)
        d.rounded_rectangle((x0, y0, x1, y0 + 50), radius=14, fill=col)
        d.rectangle((x0, y0 + 34, x1, y0 + 50), fill=col)
        pays = f"pays #{c.market_rank}"
        pw = font(22, True).getlength(pays)
        size = fit_size(c.name, (28, 24, 22), x1 - x0 - pw - 44, True)
        d.text((x0 + 14, y0 + 26), c.name, font=font(size, True), fill=ink, anchor="lm")
        d.text((x1 - 14, y0 + 26), pays, font=font(22, True), fill=ink, anchor="rm")
        if self.hot(f"company:{c.id}"):
            d.rounded_rectangle(
                (x0 + 2, y0 + 2, x1 - 2, y1 - 2), radius=13, outline=st.HILITE, width=5
            )

    def company_figures(self, x0: int, y0: int, x1: int, c: Any) -> None:
        """Stock (with its wage), treasury and CEO, side by side."""
        d, v = self.d, self.v
        cw = (x1 - x0 - 28) // 3
        y = y0 + 60
        cx0, cx1, cx2 = x0 + 14, x0 + 14 + cw, x0 + 14 + 2 * cw
        for x, label in ((cx0, "STOCK"), (cx1, "TREASURY"), (cx2, "CEO")):
            d.text((x, y), label, font=font(20, True), fill=st.MUTED, anchor="lt")
        big = font(44, True)
        d.text((cx0, y + 26), str(c.stock), font=big, fill=st.TEXT, anchor="lt")
        sw = big.getlength(str(c.stock))
        d.text((cx0 + sw + 8, y + 28), "wage", font=font(20), fill=st.MUTED, anchor="lt")
        d.text((cx0 + sw + 8, y + 50), str(c.wage), font=font(22, True), fill=st.TEXT, anchor="lt")
        d.text((cx1, y + 26), f"{c.treasury}", font=big, fill=st.TEXT, anchor="lt")
        tw = big.getlength(str(c.treasury))
        d.text((cx1 + tw + 6, y + 46), "cr", font=font(20), fill=st.MUTED, anchor="lt")
        if self.hot(f"stock:{c.id}"):
            glow_box(d, (cx0 - 8, y - 6, cx1 - 10, y + 80))
        if c.ceo is None:
            d.text((cx2, y + 50), "none", font=font(24, True), fill=st.WARN, anchor="lm")
        else:
            self.token(c.ceo, 20, cx2 + 20, y + 50)
            name = seat_name(v, c.ceo)
            size = fit_size(name, (22, 20), x1 - 14 - cx2 - 46, True)
            rows = wrap(name, size, x1 - 14 - cx2 - 46, True)[:2]
            for k, row in enumerate(rows):
                yy = y + 50 + (k - (len(rows) - 1) / 2) * 24
                d.text((cx2 + 46, yy), row, font=font(size, True), fill=st.TEXT, anchor="lm")

    def share_cards(self, x0: int, y0: int, x1: int, c: Any) -> None:
        """One card per share: players' (the CEO first), then the pool's, then unissued."""
        d, v = self.d, self.v
        # shares: one card per share (players, then pool, then unissued)
        holders: list[int] = []
        for p in v.players:
            holders += [p.seat] * p.shares.get(c.id, 0)
        holders.sort(key=lambda s: (s != c.ceo, s))
        y = y0 + 150
        d.text((x0 + 14, y), "SHARES", font=font(20, True), fill=st.MUTED, anchor="lm")
        d.text(
            (x1 - 14, y),
            f"{c.unissued} unissued · {c.pool} pool",
            font=font(20),
            fill=st.MUTED,
            anchor="rm",
        )
        cards: list[tuple[str, int | None]] = [("p", s) for s in holders]
        cards += [("pool", None)] * c.pool + [("new", None)] * c.unissued
        step = min(50, (x1 - x0 - 28 + 6) // max(1, len(cards[:8])))
        for k, (kind, seat) in enumerate(cards[:8]):
            bx = x0 + 14 + k * step
            by = y + 18
            if kind == "p" and seat is not None:
                d.rounded_rectangle(
                    (bx, by, bx + 44, by + 44),
                    radius=7,
                    fill=st.player_rgb(seat),
                    outline=(0, 0, 0),
                    width=2,
                )
                d.text(
                    (bx + 22, by + 23),
                    str(seat + 1),
                    font=font(24, True),
                    fill=st.player_ink(seat),
                    anchor="mm",
                )
            elif kind == "pool":
                d.rounded_rectangle(
                    (bx, by, bx + 44, by + 44),
                    radius=7,
                    fill=(96, 104, 120),
                    outline=(0, 0, 0),
                    width=2,
                )
                d.text(
                    (bx + 22, by + 23), "P", font=font(22, True), fill=(235, 235, 240), anchor="mm"
                )
            else:
                d.rounded_rectangle(
                    (bx, by, bx + 44, by + 44), radius=7, outline=(120, 130, 150), width=2
                )

    def point_supply(self, x0: int, y0: int, x1: int, c: Any) -> None:
        """The navigation points still in supply, and how many are on the map."""
        d = self.d
        col = st.company_rgb(c.colour)
        # navigation points in supply
        y = y0 + 232
        d.text((x0 + 14, y), "POINTS", font=font(20, True), fill=st.MUTED, anchor="lm")
        for k in range(min(c.nav_supply, 8)):
            paste(self.d, disc(10, col, (255, 255, 255), edge_w=2), x0 + 118 + k * 23, y)
        d.text(
            (x1 - 14, y), f"{len(c.nav_on_map)} on map", font=font(20), fill=st.MUTED, anchor="rm"
        )

    def ship_panel(self, x0: int, y0: int, x1: int, y1: int, c: Any, ship: Any) -> None:
        d = self.d
        hot = self.hot(f"ship:{c.id}")
        d.rounded_rectangle(
            (x0, y0, x1, y1),
            radius=10,
            fill=(30, 40, 54),
            outline=st.HILITE if hot else (60, 72, 92),
            width=4 if hot else 2,
        )
        d.text((x0 + 10, y0 + 18), "SHIP at", font=font(20, True), fill=st.MUTED, anchor="lm")
        lx = x0 + 16 + font(20, True).getlength("SHIP at")
        where = self.port_names.get(ship.port) or port_name(ship.port)
        room = (
            x1 - 10 - lx - (font(20, True).getlength("can deliver") + 12 if ship.can_deliver else 0)
        )
        if font(20, True).getlength(where) > room:
            where = short_port(where)
        d.text((lx, y0 + 18), where, font=font(20, True), fill=st.TEXT, anchor="lm")
        if ship.can_deliver:
            d.text(
                (x1 - 10, y0 + 18), "can deliver", font=font(20, True), fill=st.ACTIVE, anchor="rm"
            )
        n = max(1, len(ship.slots[:5]))
        size = min(62, (x1 - x0 - 20 - (n - 1) * 10) // n)
        gap = (x1 - x0 - 20 - n * size) // max(1, n - 1)
        sh = 48
        for k, slot in enumerate(ship.slots[:5]):
            bx = x0 + 10 + k * (size + gap)
            by = y0 + 36
            box = (bx, by, bx + size, by + sh)
            if slot.container:
                d.rounded_rectangle(box, radius=7, fill=(226, 230, 238))
                cube(d, bx + size / 2, by + sh / 2, min(size, sh) - 12, slot.container)
            elif slot.open:
                d.rounded_rectangle(box, radius=7, fill=(226, 230, 238))
            else:
                d.rounded_rectangle(
                    box, radius=7, fill=st.SLOT_CLOSED, outline=(90, 100, 120), width=2
                )
                d.text(
                    (bx + size / 2, by + sh / 2),
                    f"{slot.cost}",
                    font=font(24, True),
                    fill=st.SLOT_CLOSED_INK,
                    anchor="mm",
                )
            if slot.investor is not None:
                self.token(slot.investor, 14, bx + size - 8, by + 8)
            if self.hot(f"slot:{c.id}:{slot.id}"):
                glow_box(d, (bx - 4, by - 4, bx + size + 4, by + sh + 4), r=8, w=4)
        self.route_line(x0 + 10, y0 + 36 + sh + 20, x1 - 10, c, ship)

    def may_sail(self, cid: str) -> bool:
        """Whether the player to act could sail this ship now (a shareholder, or anyone under
        the open-operations variant), in an open window."""
        v = self.v
        if v.active_seat is None:
            return False
        if any(var.startswith("V3") for var in v.variants):
            return True
        return any(p.seat == v.active_seat and p.shares.get(cid, 0) > 0 for p in v.players)

    def route_line(self, x0: int, y: int, x1: int, c: Any, ship: Any) -> None:
        """Up to two rows under the slots: where the ship can sail this window, or that it has
        sailed. Port names are shortened ("North" for North Market), never cut."""
        d = self.d
        f = font(20, True)
        if self.v.phase not in ("turn_window", "start_window"):
            return  # no window open: nothing can sail
        if ship.sailed_this_window:
            d.rounded_rectangle((x0, y - 13, x0 + 74, y + 13), radius=6, fill=(70, 78, 92))
            d.text((x0 + 37, y), "sailed", font=f, fill=st.TEXT, anchor="mm")
            d.text((x0 + 84, y), "no more this window", font=font(20), fill=st.MUTED, anchor="lm")
            return
        if not ship.reachable:
            d.text((x0, y), "no route yet: needs points", font=font(20), fill=st.MUTED, anchor="lm")
            return
        full = [self.port_names.get(p) or port_name(p) for p in ship.reachable]
        col = st.ACTIVE if self.may_sail(c.id) else st.MUTED
        d.text((x0, y), "can sail ⇢", font=font(20), fill=st.MUTED, anchor="lm")
        lx = x0 + int(font(20).getlength("can sail ⇢")) + 8
        text = ", ".join(full)
        if f.getlength(text) > x1 - lx:
            text = ", ".join(short_port(n) for n in full)
        rows = wrap(text, 20, x1 - lx, True)
        for k, row in enumerate(rows[:2]):
            d.text((lx, y + k * 26), row, font=f, fill=col, anchor="lm")
