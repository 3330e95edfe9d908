"""The whole table: the cached static layer plus everything the view says changes. The page's
parts are drawn by the panels it is made of (track, companies, market, players)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render import canvas
from render.core import font
from render.tidewater import geometry as g
from render.tidewater import style as st
from render.tidewater.companies import CompanyPanels
from render.tidewater.kit import company_name, cube, fit, glow_box, seat_name, wrap_lines
from render.tidewater.market import MarketPanels
from render.tidewater.palette import PALETTE
from render.tidewater.players import PlayerPanels
from render.tidewater.sprites import disc, paste, puck, ring
from render.tidewater.static import (
    background,
    hex_slot,
    player_box,
    static_key,
)
from render.tidewater.track import TrackPanel


class Board(TrackPanel, CompanyPanels, MarketPanels, PlayerPanels):
    """Draws one view onto a page. `touched` is the last move's highlight set."""

    def __init__(self, view: Any) -> None:
        self.v = view
        self.img = background(static_key(view), canvas.is_reference()).copy()
        self.d = canvas.Draw(self.img, PALETTE)
        self.touched = set(view.last.touched) if view.last else set()
        # Display names from the game data (views from older engines have none: fall back).
        self.port_names = {p.id: getattr(p, "name", "") for p in view.map.ports}

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


def draw_board(view: Any) -> Image.Image:
    """The page in Tidewater's fixed palette (a "P" image: encoding needs no quantisation)."""
    return canvas.finish(Board(view).draw(), PALETTE)
