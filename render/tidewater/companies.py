"""The four company panels: ships, routes, containers and shares."""

from __future__ import annotations

from typing import Any

from render.core import font
from render.tidewater import style as st
from render.tidewater.kit import (
    Panel,
    cube,
    fit,
    glow_box,
    seat_name,
    short_port,
)
from render.tidewater.sprites import disc, paste, puck
from render.tidewater.static import (
    comp_box,
    port_name,
)


class CompanyPanels(Panel):
    """One panel per company."""

    def company(self, i: int, c: Any) -> None:
        d, v = self.d, self.v
        x0, y0, x1, y1 = comp_box(i)
        col = st.company_rgb(c.colour)
        ink = st.COMPANY_INK.get(c.colour, st.TEXT)
        d.rounded_rectangle((x0, y0, x1, y0 + 52), radius=16, fill=col)
        d.rectangle((x0, y0 + 36, x1, y0 + 52), fill=col)
        d.text(
            (x0 + 16, y0 + 27),
            fit(c.name, 28, x1 - x0 - 120, True),
            font=font(28, True),
            fill=ink,
            anchor="lm",
        )
        d.text(
            (x1 - 14, y0 + 27), f"pays #{c.market_rank}", font=font(20, True), fill=ink, anchor="rm"
        )
        if self.hot(f"company:{c.id}"):
            d.rounded_rectangle(
                (x0 + 2, y0 + 2, x1 - 2, y1 - 2), radius=15, outline=st.HILITE, width=5
            )
        # stock | treasury | CEO
        cw = (x1 - x0 - 24) // 3
        y = y0 + 62
        cx0, cx1, cx2 = x0 + 14, x0 + 14 + cw, x0 + 14 + 2 * cw
        for x, label in ((cx0, "STOCK"), (cx1, "TREASURY"), (cx2, "CEO")):
            d.text((x, y), label, font=font(17, True), fill=st.MUTED, anchor="lt")
        d.text((cx0, y + 20), str(c.stock), font=font(48, True), fill=st.TEXT, anchor="lt")
        sw = font(48, True).getlength(str(c.stock))
        d.text((cx0 + sw + 8, y + 30), "wage", font=font(15), fill=st.MUTED, anchor="lt")
        d.text((cx0 + sw + 8, y + 48), str(c.wage), font=font(20, True), fill=st.MUTED, anchor="lt")
        d.text((cx1, y + 20), f"{c.treasury}", font=font(48, True), fill=st.TEXT, anchor="lt")
        tw = font(48, True).getlength(str(c.treasury))
        d.text((cx1 + tw + 6, y + 44), "cr", font=font(20), fill=st.MUTED, anchor="lt")
        if self.hot(f"stock:{c.id}"):
            glow_box(d, (cx0 - 8, y - 6, cx1 - 10, y + 78))
        if c.ceo is None:
            d.text((cx2, y + 44), "none", font=font(26, True), fill=st.WARN, anchor="lm")
        else:
            paste(
                self.d,
                puck(21, st.player_rgb(c.ceo), (8, 8, 10), str(c.ceo + 1), st.player_ink(c.ceo)),
                cx2 + 22,
                y + 45,
            )
            name = seat_name(v, c.ceo)
            d.text(
                (cx2 + 50, y + 45),
                fit(name, 20, x1 - cx2 - 60, True),
                font=font(20, True),
                fill=st.TEXT,
                anchor="lm",
            )
        # shares: one card per share (players, then pool, then unissued)
        holders: list[int] = []
        for p in v.players:
            holders += [p.seat] * p.shares.get(c.id, 0)
        holders.sort(key=lambda s: (s != c.ceo, s))
        y = y0 + 150
        d.text((x0 + 14, y), "SHARES", font=font(17, True), fill=st.MUTED, anchor="lt")
        d.text(
            (x1 - 14, y),
            f"{c.unissued} unissued · {c.pool} pool",
            font=font(17),
            fill=st.MUTED,
            anchor="rt",
        )
        cards: list[tuple[str, int | None]] = (
            [("p", s) for s in holders] + [("pool", None)] * c.pool + [("new", None)] * c.unissued
        )
        for k, (kind, seat) in enumerate(cards[:8]):
            bx = x0 + 14 + k * 50
            by = y + 24
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
        # navigation points in supply
        y = y0 + 234
        d.text((x0 + 14, y), "POINTS", font=font(17, True), fill=st.MUTED, anchor="lm")
        for k in range(min(c.nav_supply, 8)):
            paste(self.d, disc(10, col, (255, 255, 255), edge_w=2), x0 + 100 + k * 23, y)
        d.text(
            (x1 - 14, y), f"{len(c.nav_on_map)} on map", font=font(17), fill=st.MUTED, anchor="rm"
        )
        ship = next((s for s in v.ships if s.company == c.id), None)
        if ship is not None:
            self.ship_panel(x0 + 10, y0 + 254, x1 - 10, y1 - 10, c, ship)

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
        d.text((x0 + 10, y0 + 16), "SHIP at", font=font(17, True), fill=st.MUTED, anchor="lm")
        d.text(
            (x0 + 86, y0 + 16),
            fit(self.port_names.get(ship.port) or port_name(ship.port), 20, x1 - x0 - 210, True),
            font=font(20, True),
            fill=st.TEXT,
            anchor="lm",
        )
        if ship.can_deliver:
            d.text(
                (x1 - 10, y0 + 16), "can deliver", font=font(17, True), fill=st.ACTIVE, anchor="rm"
            )
        n = max(1, len(ship.slots[:5]))
        size = min(62, (x1 - x0 - 20 - (n - 1) * 10) // n)
        gap = (x1 - x0 - 20 - n * size) // max(1, n - 1)
        sh = min(size, y1 - y0 - 66)  # slot height: leaves a row for the route line
        for k, slot in enumerate(ship.slots[:5]):
            bx = x0 + 10 + k * (size + gap)
            by = y0 + 30
            box = (bx, by, bx + size, by + sh)
            if slot.container:
                d.rounded_rectangle(box, radius=7, fill=(226, 230, 238))
                cube(d, bx + size / 2, by + sh / 2, min(size, sh) - 10, slot.container)
            elif slot.open:
                d.rounded_rectangle(box, radius=7, fill=(226, 230, 238))
            else:
                d.rounded_rectangle(
                    box, radius=7, fill=(44, 52, 66), outline=(90, 100, 120), width=2
                )
                d.text(
                    (bx + size / 2, by + sh / 2),
                    f"{slot.cost}",
                    font=font(24, True),
                    fill=(150, 160, 180),
                    anchor="mm",
                )
            if slot.investor is not None:
                paste(
                    self.d,
                    puck(
                        14,
                        st.player_rgb(slot.investor),
                        (8, 8, 10),
                        str(slot.investor + 1),
                        st.player_ink(slot.investor),
                    ),
                    bx + size - 7,
                    by + 7,
                )
            if self.hot(f"slot:{c.id}:{slot.id}"):
                glow_box(d, (bx - 4, by - 4, bx + size + 4, by + sh + 4), r=8, w=4)
        self.route_line(x0 + 10, y1 - 17, x1 - 10, c, ship)

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
        """One row under the slots: where the ship can sail this window, or that it has sailed."""
        d = self.d
        f = font(17, True)
        if self.v.phase not in ("turn_window", "start_window"):
            return  # no window open: nothing can sail
        if ship.sailed_this_window:
            d.rounded_rectangle((x0, y - 11, x0 + 66, y + 11), radius=6, fill=(70, 78, 92))
            d.text((x0 + 33, y), "sailed", font=f, fill=st.TEXT, anchor="mm")
            d.text(
                (x0 + 76, y), "no more sailing this window", font=font(16), fill=st.DIM, anchor="lm"
            )
            return
        if not ship.reachable:
            d.text((x0, y), "no route yet: needs points", font=font(16), fill=st.DIM, anchor="lm")
            return
        full = [self.port_names.get(p) or port_name(p) for p in ship.reachable]
        col = st.ACTIVE if self.may_sail(c.id) else st.MUTED
        d.text((x0, y), "can sail ⇢", font=font(16), fill=st.MUTED, anchor="lm")
        lx = x0 + int(font(16).getlength("can sail ⇢")) + 8
        text = ", ".join(full)
        if f.getlength(text) > x1 - lx:
            text = ", ".join(short_port(n) for n in full)
        d.text((lx, y), fit(text, 17, x1 - lx, True), font=f, fill=col, anchor="lm")
