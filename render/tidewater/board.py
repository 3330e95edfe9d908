"""The whole table: the cached static layer plus everything the view says changes."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render import canvas
from render.core import font
from render.tidewater import geometry as g
from render.tidewater import style as st
from render.tidewater.palette import PALETTE
from render.tidewater.sprites import disc, paste, puck, ring
from render.tidewater.static import (
    DEMAND_BOX,
    DISPLAY_BOX,
    STOCK_BOX,
    background,
    comp_box,
    hex_slot,
    player_box,
    port_name,
    static_key,
)


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """Cut `text` with an ellipsis so it fits `width` pixels."""
    f = font(size, bold)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def seat_name(view: Any, seat: int | None) -> str:
    if seat is None:
        return "—"
    for p in view.players:
        if p.seat == seat:
            return p.label
    return f"Seat {seat + 1}"


def company_name(view: Any, cid: str) -> str:
    for c in view.companies:
        if c.id == cid:
            return c.name
    return cid


def wrap_lines(lines: list[str], size: int, width: int, max_rows: int) -> list[str]:
    """Pack event lines into at most `max_rows` rows (words wrap; the rest is cut with "…")."""
    f = font(size)
    words = " · ".join(lines).split(" ")
    rows: list[str] = []
    cur = ""
    for w in words:
        trial = f"{cur} {w}" if cur else w
        if f.getlength(trial) <= width:
            cur = trial
            continue
        rows.append(cur)
        cur = w
        if len(rows) == max_rows:
            break
    else:
        rows.append(cur)
        return [r for r in rows if r]
    rows[-1] = (
        fit(rows[-1] + " " + cur, size, width)
        if f.getlength(rows[-1] + " …") > width
        else rows[-1] + " …"
    )
    return rows


def short_port(name: str) -> str:
    """ "North Market" -> "North", "Red port" -> "Red port" (markets are named by direction)."""
    return name.removesuffix(" Market")


def cube(d: canvas.Draw, cx: float, cy: float, size: int, colour: str | None) -> None:
    """A container: a rounded square in its company colour with a darker rim."""
    h = size / 2
    fill = st.company_rgb(colour or "")
    d.rounded_rectangle(
        (cx - h, cy - h, cx + h, cy + h),
        radius=max(2, size // 6),
        fill=fill,
        outline=st.COMPANY_DARK.get(colour or "", (0, 0, 0)),
        width=2,
    )
    d.line(
        (cx - h + 4, cy - h + 4, cx + h - 4, cy - h + 4),
        fill=tuple(min(255, c + 60) for c in fill),
        width=2,
    )


def glow_box(
    d: canvas.Draw, box: tuple[float, float, float, float], r: int = 10, w: int = 5
) -> None:
    d.rounded_rectangle(box, radius=r, outline=st.HILITE, width=w)


class Board:
    """Draws one view onto a page. `touched` is the last move's highlight set."""

    def __init__(self, view: Any) -> None:
        self.v = view
        self.img = background(static_key(view), canvas.is_reference()).copy()
        self.d = canvas.Draw(self.img, PALETTE)
        self.touched = set(view.last.touched) if view.last else set()
        # Display names from the game data (views from older engines have none: fall back).
        self.port_names = {p.id: getattr(p, "name", "") for p in view.map.ports}

    def hot(self, key: str) -> bool:
        return key in self.touched

    # ------------------------------------------------------------------------------------------
    def draw(self) -> Image.Image:
        self.header()
        self.last_bar()
        self.map_layer()
        self.track()
        for i, c in enumerate(self.v.companies[:4]):
            self.company(i, c)
        self.demand()
        self.display()
        self.stock()
        n = max(1, len(self.v.players))
        for i, p in enumerate(self.v.players):
            self.player(player_box(i, n), p)
        return self.img

    # ---- header ----------------------------------------------------------------------------
    def status_text(self) -> tuple[str, str]:
        v = self.v
        who = seat_name(v, v.deciding_seat if v.deciding_seat is not None else v.active_seat)
        if v.phase == "game_over":
            if v.ranking:
                best = v.ranking[0]
                score = (v.scores or {}).get(best)
                tail = f" with {score}" if score is not None else ""
                return "GAME OVER", f"{seat_name(v, best)} wins{tail}"
            return "GAME OVER", ""
        if v.phase == "payout_prompt" and v.payout is not None:
            opts = "/".join(str(o) for o in v.payout.options)
            return (
                "PAYOUT",
                f"{who}: dividend for {company_name(v, v.payout.company)} ({opts} per share)",
            )
        if v.phase == "start_window":
            return "AT START", f"{who}: free actions, then done"
        n = v.actions_this_turn
        if n == 0:
            text = f"{who} to act · new turn"
        else:
            tail = "may stop" if v.can_stop else "still last, must act"
            text = f"{who} to act · {n} action{'s' if n != 1 else ''} · {tail}"
        return "TURN", text

    def header(self) -> None:
        d, v = self.d, self.v
        d.text((24, 30), "TIDEWATER LINES", font=font(34, True), fill=st.TEXT, anchor="lm")
        d.text(
            (24, 68),
            f"Round {v.round} of {v.rounds}",
            font=font(24, True),
            fill=st.MUTED,
            anchor="lm",
        )
        tag, text = self.status_text()
        x = 420
        tf = font(24, True)
        tw = int(tf.getlength(tag)) + 28
        col = {
            "TURN": st.ACTIVE,
            "PAYOUT": st.HILITE,
            "AT START": (120, 200, 255),
            "GAME OVER": st.WARN,
        }.get(tag, st.ACTIVE)
        d.rounded_rectangle((x, 24, x + tw, 68), radius=10, fill=col)
        d.text((x + tw / 2, 46), tag, font=tf, fill=(10, 14, 20), anchor="mm")
        seat = v.deciding_seat if v.deciding_seat is not None else v.active_seat
        x2 = x + tw + 16
        if seat is not None and v.phase != "game_over":
            paste(
                self.d,
                puck(20, st.player_rgb(seat), (10, 10, 10), str(seat + 1), st.player_ink(seat)),
                x2 + 20,
                46,
            )
            x2 += 50
        d.text(
            (x2, 46),
            fit(text, 32, st.WIDTH - x2 - 20, True),
            font=font(32, True),
            fill=st.TEXT,
            anchor="lm",
        )

    def last_bar(self) -> None:
        d, v = self.d, self.v
        y0 = st.HEADER_H
        d.rectangle((0, y0, st.WIDTH, y0 + st.LAST_H - 4), fill=(58, 52, 18))
        d.rectangle((0, y0, 10, y0 + st.LAST_H - 4), fill=st.HILITE)
        lines = [ln for ln in (v.last.lines if v.last else []) if ln]
        if not lines:
            lines = ["New game: every disc is on Start; the top disc acts first."]
        d.text((26, y0 + 24), "LAST", font=font(22, True), fill=st.HILITE, anchor="lm")
        rows = wrap_lines(lines, 23, st.WIDTH - 130, 2)
        for k, row in enumerate(rows):
            d.text((100, y0 + 24 + k * 32), row, font=font(23), fill=st.TEXT, anchor="lm")

    # ---- map -------------------------------------------------------------------------------
    def map_layer(self) -> None:
        v, d = self.v, self.d
        for i, h in enumerate(v.map.company_hexes):
            cx, cy = g.hex_pos(h.id, i)
            for k in range(min(h.containers, h.capacity)):
                bx, by = hex_slot(cx, cy, k)
                cube(d, bx, by, 28, h.company)
            d.text(
                (cx, cy - 38),
                f"{h.containers}/{h.capacity}",
                font=font(20, True),
                fill=st.TEXT,
                anchor="mm",
            )
            if self.hot(f"hex:{h.id}"):
                paste(self.d, ring(g.HEX_R + 4, st.HILITE, 5), cx, cy)
        for i, s in enumerate(v.map.sea_hexes):
            cx, cy = g.sea_pos(s.id, i)
            if self.hot(f"sea:{s.id}"):
                paste(self.d, ring(g.SEA_R - 2, st.HILITE, 6), cx, cy)
            for co in s.nav:
                ox, oy = g.NAV_OFFSET.get(co, (0, 0))
                paste(
                    self.d,
                    disc(13, st.company_rgb(co), (255, 255, 255), edge_w=3),
                    cx + ox,
                    cy + oy,
                )
        ships = {s.company: s for s in v.ships}
        for i, p in enumerate(v.map.ports):
            px, py = g.port_pos(p.id, i)
            if self.hot(f"port:{p.id}"):
                if p.kind == "market":
                    hw, hh = (58, 34) if p.id == "M_FAR" else (100, 42)
                    glow_box(d, (px - hw, py - hh, px + hw, py + hh), r=16, w=6)
                else:
                    paste(self.d, ring(g.PORT_R + 8, st.HILITE, 6), px, py)
            for k, co in enumerate(p.ships):
                ship = ships.get(co)
                sx, sy = g.dock_pos(p.id, k)
                self.map_ship(sx, sy, co, ship)

    def map_ship(self, cx: float, cy: float, co: str, ship: Any) -> None:
        d = self.d
        w, h = 100, 30
        x0, y0 = cx - w / 2, cy - h / 2
        col = st.company_rgb(co)
        hull = [(x0, y0), (x0 + w, y0), (x0 + w - 12, y0 + h), (x0 + 9, y0 + h)]
        d.polygon([(x + 3, y + 3) for x, y in hull], fill=(10, 20, 30))
        d.polygon(hull, fill=col, outline=(15, 15, 20), width=3)
        if ship is not None:
            for k, slot in enumerate(ship.slots[:5]):
                bx = x0 + 10 + k * 16.5
                by = y0 + 6
                if slot.container:
                    cube(d, bx + 7, by + 8, 15, slot.container)
                elif slot.open:
                    d.rectangle(
                        (bx, by + 1, bx + 14, by + 15), fill=(250, 250, 250), outline=(20, 20, 20)
                    )
                else:
                    d.rectangle(
                        (bx, by + 1, bx + 14, by + 15), fill=st.COMPANY_DARK.get(co, (0, 0, 0))
                    )
        if self.hot(f"ship:{co}"):
            d.rounded_rectangle(
                (x0 - 6, y0 - 6, x0 + w + 6, y0 + h + 6), radius=8, outline=st.HILITE, width=5
            )

    # ---- time track ------------------------------------------------------------------------
    def track(self) -> None:
        v, d = self.v, self.d
        tt = v.time_track
        steps = tt.steps_per_round
        discs = {dv.seat: dv for dv in tt.discs}
        has_zero = any(s.pos == 0 for s in tt.stacks)
        for stack in tt.stacks:
            pos = stack.pos
            ang_shift = 0.0
            if pos >= steps and has_zero:
                ang_shift = 0.5
            step = g.stack_step(pos, steps, len(stack.seats))
            for level, seat in enumerate(stack.seats):
                r = g.TRACK_R + level * step
                x, y = (
                    g.space_xy(pos, steps, r)
                    if not ang_shift
                    else self._shifted(pos, steps, r, ang_shift)
                )
                dv = discs.get(seat)
                paste(
                    self.d,
                    puck(
                        g.DISC_R,
                        st.player_rgb(seat),
                        (8, 8, 10),
                        str(seat + 1),
                        st.player_ink(seat),
                    ),
                    x,
                    y,
                )
                if dv is not None and dv.is_last and v.phase != "game_over":
                    paste(self.d, ring(g.DISC_R + 6, st.ACTIVE, 4), x, y)
                if self.hot(f"disc:{seat}"):
                    paste(self.d, ring(g.DISC_R + 11, st.HILITE, 4), x, y)
        # centre: round and halfway
        cx, cy = g.TRACK_CX, g.TRACK_CY
        d.text((cx, cy - 48), "ROUND", font=font(20, True), fill=st.MUTED, anchor="mm")
        d.text(
            (cx, cy - 14), f"{v.round} / {v.rounds}", font=font(40, True), fill=st.TEXT, anchor="mm"
        )
        for r in range(v.rounds):
            px = cx - (v.rounds - 1) * 14 + r * 28
            fill = st.TEXT if r < v.round else (60, 70, 88)
            d.ellipse((px - 8, cy + 16, px + 8, cy + 32), fill=fill)
        if tt.halfway_enabled:
            txt = "½ done" if v.halfway_done else f"½ at step {tt.halfway_step}"
            col = (255, 190, 100) if not v.halfway_done else st.MUTED
        else:
            txt, col = "no halfway", st.MUTED
        d.text((cx, cy + 52), txt, font=font(17, True), fill=col, anchor="mm")
        if v.first_finisher is not None:
            ff = v.first_finisher
            d.text((cx + 8, cy + 78), "1st home", font=font(17, True), fill=st.MUTED, anchor="rm")
            paste(
                self.d,
                puck(13, st.player_rgb(ff), (8, 8, 10), str(ff + 1), st.player_ink(ff)),
                cx + 26,
                cy + 78,
            )
        d.text(
            (st.TRACK_X + st.TRACK_W - 28, st.TRACK_Y + 26),
            "top disc of the rearmost stack acts",
            font=font(16),
            fill=st.DIM,
            anchor="rm",
        )
        # turn order under the ring
        y = st.TRACK_Y + st.TRACK_H - 40
        x = st.TRACK_X + 28
        if v.phase == "game_over" and v.ranking:
            self.ranking_row(x, y)
            return
        order = sorted(
            (dv for dv in tt.discs if not dv.finished), key=lambda dv: (dv.pos, -dv.level)
        )
        d.text((x, y), "Acts next:", font=font(22, True), fill=st.MUTED, anchor="lm")
        x += 128
        for k, dv in enumerate(order):
            paste(
                self.d,
                puck(
                    17, st.player_rgb(dv.seat), (8, 8, 10), str(dv.seat + 1), st.player_ink(dv.seat)
                ),
                x + 17,
                y,
            )
            x += 40
            if k < len(order) - 1:
                d.text((x + 2, y), "›", font=font(26, True), fill=st.MUTED, anchor="mm")
                x += 18
        if not order:
            d.text(
                (x, y),
                "round over" if v.phase != "game_over" else "—",
                font=font(22),
                fill=st.MUTED,
                anchor="lm",
            )

    def ranking_row(self, x: int, y: int) -> None:
        d, v = self.d, self.v
        d.text((x, y), "Final:", font=font(22, True), fill=st.HILITE, anchor="lm")
        x += 78
        scores = v.scores or {}
        for k, seat in enumerate(v.ranking or []):
            paste(
                self.d,
                puck(17, st.player_rgb(seat), (8, 8, 10), str(seat + 1), st.player_ink(seat)),
                x + 17,
                y,
            )
            txt = str(scores.get(seat, ""))
            d.text((x + 40, y), txt, font=font(22, True), fill=st.TEXT, anchor="lm")
            x += 48 + font(22, True).getlength(txt)
            if k < len(v.ranking or []) - 1:
                d.text((x + 2, y), "›", font=font(26, True), fill=st.MUTED, anchor="mm")
                x += 20

    @staticmethod
    def _shifted(pos: int, steps: int, r: float, shift: float) -> tuple[float, float]:
        import math

        a = g.space_angle(pos, steps) + shift
        return (g.TRACK_CX + r * math.cos(a), g.TRACK_CY + r * math.sin(a))

    # ---- companies -------------------------------------------------------------------------
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

    # ---- market row ------------------------------------------------------------------------
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

    # ---- players ---------------------------------------------------------------------------
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


def draw_board(view: Any) -> Image.Image:
    """The page in Tidewater's fixed palette (a "P" image: encoding needs no quantisation)."""
    return canvas.finish(Board(view).draw(), PALETTE)
