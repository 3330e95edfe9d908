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
from render.tidewater.kit import (
    Page,
    company_name,
    cube,
    fit,
    fit_size,
    glow_box,
    seat_name,
    ship,
)
from render.tidewater.market import MarketPanels
from render.tidewater.news import Item, items, pack, summary
from render.tidewater.palette import PALETTE
from render.tidewater.players import PlayerPanels
from render.tidewater.sprites import disc, paste, ring
from render.tidewater.static import (
    DEMAND_BOX,
    DISPLAY_BOX,
    HEADER_BOX,
    MAP_BOX,
    NEWS_BOX,
    STOCK_BOX,
    TRACK_BOX,
    background,
    comp_box,
    hex_slot,
    player_box,
    static_key,
)
from render.tidewater.track import TrackPanel

NEWS_FONT = 22


def status_text(v: Any) -> tuple[str, str, str]:
    """The status line of the board's header and the turn image: (badge, who, what), e.g.
    'TURN', 'Seat 3 to act', '2 actions taken · may stop'."""
    who = seat_name(v, v.deciding_seat if v.deciding_seat is not None else v.active_seat)
    if v.phase == "game_over":
        if v.ranking:
            best = v.ranking[0]
            score = (v.scores or {}).get(best)
            tail = f" with {score}" if score is not None else ""
            return "GAME OVER", f"{seat_name(v, best)} wins{tail}", ""
        return "GAME OVER", "", ""
    if v.phase == "payout_prompt" and v.payout is not None:
        opts = " / ".join(str(o) for o in v.payout.options)
        return (
            "PAYOUT",
            f"{who} to decide",
            f"dividend for {company_name(v, v.payout.company)}: {opts} per share",
        )
    if v.phase == "start_window":
        return "AT START", f"{who} at Start", "free actions, then done"
    n = v.actions_this_turn
    if n == 0:
        return "TURN", f"{who} to act", "a new turn"
    tail = "may stop" if v.can_stop else "still last, must act"
    return "TURN", f"{who} to act", f"{n} action{'s' if n != 1 else ''} taken · {tail}"


class Board(TrackPanel, CompanyPanels, MarketPanels, PlayerPanels):
    """Draws one view onto a page. `touched` is the last move's highlight set."""

    def __init__(self, view: Any) -> None:
        self.v = view
        self.img = background(static_key(view), canvas.is_reference()).copy()
        self.d = Page(self.img, PALETTE)
        self.touched = set(view.last.touched) if view.last else set()
        # Display names from the game data (views from older engines have none: fall back).
        self.port_names = {p.id: getattr(p, "name", "") for p in view.map.ports}

    # ------------------------------------------------------------------------------------------
    def draw(self) -> Image.Image:
        d = self.d
        with d.area(HEADER_BOX, "header"):
            self.header()
        with d.area(NEWS_BOX, "news"):
            self.news()
        with d.area(MAP_BOX, "map"):
            self.map_layer()
        with d.area(TRACK_BOX, "track"):
            self.track()
        for i, c in enumerate(self.v.companies[:4]):
            with d.area(comp_box(i), f"company {i}"):
                self.company(i, c)
        with d.area(DEMAND_BOX, "demand"):
            self.demand()
        with d.area(DISPLAY_BOX, "display"):
            self.display()
        with d.area(STOCK_BOX, "stock"):
            self.stock()
        n = max(1, len(self.v.players))
        for i, p in enumerate(self.v.players):
            box = player_box(i, n)
            with d.area(box, f"player {i}"):
                self.player(box, p)
        return self.img

    # ---- header ----------------------------------------------------------------------------
    def status_text(self) -> tuple[str, str, str]:
        return status_text(self.v)

    def header(self) -> None:
        d, v = self.d, self.v
        W = st.WIDTH
        d.text((st.M + 6, 30), "TIDEWATER LINES", font=font(32, True), fill=st.TEXT, anchor="lm")
        d.text(
            (W - st.M - 6, 30),
            f"Round {v.round} of {v.rounds}",
            font=font(28, True),
            fill=st.MUTED,
            anchor="rm",
        )
        tag, who, what = self.status_text()
        x, y = st.M + 6, 84
        tf = font(24, True)
        tw = int(tf.getlength(tag)) + 28
        col = {
            "TURN": st.ACTIVE,
            "PAYOUT": st.HILITE,
            "AT START": (120, 200, 255),
            "GAME OVER": st.WARN,
        }.get(tag, st.ACTIVE)
        d.rounded_rectangle((x, y - 22, x + tw, y + 22), radius=10, fill=col)
        d.text((x + tw / 2, y), tag, font=tf, fill=(10, 14, 20), anchor="mm")
        seat = v.deciding_seat if v.deciding_seat is not None else v.active_seat
        if v.phase == "game_over" and v.ranking:
            seat = v.ranking[0]
        x2 = x + tw + 14
        if seat is not None:
            self.token(seat, 21, x2 + 21, y)
            x2 += 52
        size = fit_size(who, (32, 28, 24), W - st.M - x2, True)
        d.text((x2, y), who, font=font(size, True), fill=st.TEXT, anchor="lm")
        if v.phase == "game_over" and v.ranking:
            self.ranking_row(st.M + 6, 126)
        elif what:
            size = fit_size(what, (24, 22, 20), W - 2 * st.M - 12)
            d.text((st.M + 6, 126), what, font=font(size), fill=st.MUTED, anchor="lm")

    # ---- what just happened -----------------------------------------------------------------
    def news(self) -> None:
        d, v = self.d, self.v
        x0, y0, x1, y1 = NEWS_BOX
        found, title = items(v)
        d.text((x0 + 22, y0 + 22), title, font=font(20, True), fill=st.HILITE, anchor="lm")
        if not found:
            found = [
                Item(0, 0, None, "New game: every disc is on Start; the top disc acts first.", "")
            ]
        size, step = NEWS_FONT, 30
        tx = x0 + 58
        width = x1 - tx - 14
        placed, rest = pack(found, st.NEWS_ROWS, size, width)
        y = y0 + 56
        for it, lines in placed:
            if it.seat is not None:
                self.token(it.seat, 14, x0 + 34, y)
            else:
                d.ellipse((x0 + 29, y - 5, x0 + 39, y + 5), fill=st.MUTED)
            for row in lines:
                d.text((tx, y), row, font=font(size), fill=st.TEXT, anchor="lm")
                y += step
        if rest:
            text = summary(rest)
            d.text((tx, y), fit(text, 20, width), font=font(20), fill=st.MUTED, anchor="lm")

    # ---- map -------------------------------------------------------------------------------
    def map_layer(self) -> None:
        v, d = self.v, self.d
        for i, h in enumerate(v.map.company_hexes):
            cx, cy = g.hex_pos(h.id, i)
            for k in range(min(h.containers, h.capacity)):
                bx, by = hex_slot(cx, cy, k)
                cube(d, bx, by, 22, h.company)
            d.text(
                (cx, cy - 31),
                f"{h.containers}/{h.capacity}",
                font=font(20, True),
                fill=st.TEXT,
                anchor="mm",
            )
            if self.hot(f"hex:{h.id}"):
                paste(self.d, ring(g.HEX_R + 3, st.HILITE, 4), cx, cy)
        for i, s in enumerate(v.map.sea_hexes):
            cx, cy = g.sea_pos(s.id, i)
            if self.hot(f"sea:{s.id}"):
                paste(self.d, ring(g.SEA_R - 2, st.HILITE, 5), cx, cy)
            for co in s.nav:  # a line's navigation point: its colour and its letter
                ox, oy = g.NAV_OFFSET.get(co, (0, 0))
                paste(
                    self.d,
                    disc(13, st.company_rgb(co), (255, 255, 255), edge_w=2),
                    cx + ox,
                    cy + oy,
                )
                ink = st.COMPANY_INK.get(co, st.TEXT)
                d.text((cx + ox, cy + oy + 1), st.COMPANY_SHORT.get(co, "?"), fill=ink,
                       font=font(st.MIN_TEXT, True), anchor="mm")  # fmt: skip
        ships = {s.company: s for s in v.ships}
        for i, p in enumerate(v.map.ports):
            px, py = g.port_pos(p.id, i)
            if self.hot(f"port:{p.id}"):
                if p.kind == "market":
                    hw, hh = (54, 32) if p.id == "M_FAR" else (104, 36)
                    glow_box(d, (px - hw, py - hh, px + hw, py + hh), r=16, w=6)
                else:
                    paste(self.d, ring(g.PORT_R + 6, st.HILITE, 5), px, py)
            for k, co in enumerate(p.ships):
                ship = ships.get(co)
                sx, sy = g.dock_pos(p.id, k)
                self.map_ship(sx, sy, co, ship)

    def map_ship(self, cx: float, cy: float, co: str, view_ship: Any) -> None:
        ship(self.d, cx, cy, co, view_ship, hot=self.hot(f"ship:{co}"))


def draw_board(view: Any) -> Image.Image:
    """The page in Tidewater's fixed palette (a "P" image: encoding needs no quantisation)."""
    return canvas.finish(Board(view).draw(), PALETTE)
