"""The turn image's layout, its static layer (cached) and its map.

The map is the board's (same geometry, land, lanes: `static.draw_sea`) in a frame of its own,
with only what reads in Discord's channel frame and on a phone: no sea-hex ids or point costs
(the full board has them), market names and company letters in 31 px and more, bigger ships
and navigation points, each with its line's letter.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from render import canvas
from render.core import font
from render.tidewater import geometry as g
from render.tidewater import style as st
from render.tidewater.kit import Page, cube, ship
from render.tidewater.palette import PALETTE
from render.tidewater.pen import K, Pen
from render.tidewater.sprites import disc, paste, ring
from render.tidewater.static import MARKET_NAME, draw_sea

# ---- layout (1200 x 900: 4:3 fills Discord's 400 x 300 channel frame exactly) ----------------
W, H = 1200, 900
M = 8
HEADER_H = 124
FRAME = g.Frame(M, HEADER_H + 4, 0.74)  # the map: 821 x 562
MAP_BOX = (FRAME.x, FRAME.y, FRAME.x + FRAME.size[0], FRAME.y + FRAME.size[1])
SIDE_BOX = (MAP_BOX[2] + 10, MAP_BOX[1], W - M, MAP_BOX[3])
NEWS_BOX = (M, MAP_BOX[3] + 8, W - M, H - M)
#: the smallest text on the turn image: 31 px shows at 30 px once fitted to a 1170 px phone
TEXT_MIN = 31

U = FRAME.u
SEA_R = g.SEA_R * U
HEX_R = g.HEX_R * U
PORT_R = g.PORT_R * U
SHIP_H, SHIP_SLOT = 40, 13  # hull height (its letter is 31 px) and cargo slot size
DOCK_SPREAD = 1.45  # ships docked together: 38 px hulls need more room than the board's
NAV_R = 18
NAV_AT = {"RED": (-24, -19), "YELLOW": (24, -19), "BLUE": (-24, 21), "GREEN": (24, 21)}


def static_key(view: Any) -> tuple:
    m = view.map
    return (
        tuple((h.id, h.company, h.port, h.capacity) for h in m.company_hexes),
        tuple((p.id, p.kind, p.company, p.bonus, tuple(p.sea)) for p in m.ports),
        tuple((s.id, s.cost, tuple(s.adj)) for s in m.sea_hexes),
    )


#: the texts drawn on each cached static layer, (em size in px, text), for `canvas.note_text`
STATIC_TEXT: dict[tuple, list[tuple[float, str]]] = {}


def market_label(pid: str, bonus: int) -> str:
    name = MARKET_NAME.get(pid, pid).removesuffix(" Market").upper()
    return f"{name} +{bonus}" if bonus else name


@lru_cache(maxsize=4)
def background(key: tuple, reference: bool = False) -> Image.Image:
    """The panels and the map's fixed parts, drawn 2x and matched to the palette once."""
    hexes, ports, seas = key
    big = Image.new("RGBA", (W * K, H * K), st.BG + (255,))
    pen = Pen(big)
    pen.rrect((0, 0, W, HEADER_H), 0, fill=(12, 16, 22))
    pen.rrect(SIDE_BOX, 14, fill=st.PANEL, outline=st.PANEL_EDGE, width=2)
    pen.rrect(NEWS_BOX, 14, fill=(44, 40, 22), outline=(96, 86, 36), width=2)
    pen.rrect((NEWS_BOX[0], NEWS_BOX[1], NEWS_BOX[0] + 8, NEWS_BOX[3]), 4, fill=st.HILITE)
    draw_sea(pen, hexes, ports, seas, FRAME)
    for i, (sid, _cost, _adj) in enumerate(seas):
        cx, cy = g.sea_pos(sid, i, FRAME)
        pen.poly(g.hexagon(cx, cy, SEA_R), fill=st.SEA_HEX, outline=st.SEA_HEX_EDGE, width=3)
    for i, (hid, co, _port, cap) in enumerate(hexes):
        cx, cy = g.hex_pos(hid, i, FRAME)
        pen.poly(
            g.hexagon(cx, cy, HEX_R),
            fill=st.COMPANY_DARK.get(co, st.PANEL),
            outline=st.company_rgb(co),
            width=4,
        )
        for k in range(cap):
            bx, by = hex_slot(cx, cy, k)
            pen.rrect((bx - 11, by - 11, bx + 11, by + 11), 3, outline=(255, 255, 255), width=1)
    for i, (pid, kind, co, bonus, _sea) in enumerate(ports):
        cx, cy = g.port_pos(pid, i, FRAME)
        if kind == "market":
            label = market_label(pid, bonus)
            hw = font(TEXT_MIN, True).getlength(label) / 2 + 14
            pen.rrect(
                (cx - hw, cy - 24, cx + hw, cy + 24),
                10,
                fill=(247, 240, 222),
                outline=(60, 50, 30),
                width=3,
            )
            pen.text((cx, cy + 1), label, TEXT_MIN, fill=(30, 30, 30), bold=True)
        else:
            pen.circle(cx, cy, PORT_R, fill=(247, 240, 222), outline=st.company_rgb(co), width=5)
            pen.text(
                (cx, cy + 1), st.COMPANY_SHORT.get(co or "", "?"), TEXT_MIN, (40, 50, 70), True
            )
    STATIC_TEXT[key] = [(t.size, t.text) for t in pen.texts]
    page = big.resize((W, H), Image.Resampling.LANCZOS).convert("RGB")
    del big, pen
    out = page if reference else PALETTE.to_indices(page)
    canvas.give_back_memory()
    return out


def hex_slot(cx: float, cy: float, k: int) -> tuple[float, float]:
    """Container spot k (0..5) in a company hex: two rows of three (the board's, scaled)."""
    col, row = k % 3, k // 3
    return (cx + (-27 + col * 27) * U, cy + (-2 + row * 27) * U)


class TurnMap:
    """The map's changing parts: containers on the hexes, points, ships, and the changes
    since the reader's last turn (`hot`: "ship:RED", "port:M_FAR", "sea:a1", "hex:H_RED")."""

    d: Page
    v: Any
    hot: set[str]

    def draw_map(self) -> None:
        d, v = self.d, self.v
        for i, h in enumerate(v.map.company_hexes):
            cx, cy = g.hex_pos(h.id, i, FRAME)
            for k in range(min(h.containers, h.capacity)):
                bx, by = hex_slot(cx, cy, k)
                cube(d, bx, by, 21, h.company)
            if f"hex:{h.id}" in self.hot:
                paste(d, ring(round(HEX_R) + 5, st.HILITE, 7), cx, cy)
        for i, s in enumerate(v.map.sea_hexes):
            cx, cy = g.sea_pos(s.id, i, FRAME)
            if f"sea:{s.id}" in self.hot:
                paste(d, ring(round(SEA_R) + 2, st.HILITE, 8), cx, cy)
            for co in s.nav:
                ox, oy = NAV_AT.get(co, (0, 0))
                paste(
                    d, disc(NAV_R, st.company_rgb(co), (255, 255, 255), edge_w=2), cx + ox, cy + oy
                )
                ink = st.COMPANY_INK.get(co, st.TEXT)
                d.text((cx + ox, cy + oy + 1), st.COMPANY_SHORT.get(co, "?"), fill=ink,
                       font=font(TEXT_MIN, True), anchor="mm")  # fmt: skip
        ships = {s.company: s for s in v.ships}
        for i, p in enumerate(v.map.ports):
            px, py = g.port_pos(p.id, i, FRAME)
            if f"port:{p.id}" in self.hot:
                if p.kind == "market":
                    hw = font(TEXT_MIN, True).getlength(market_label(p.id, p.bonus)) / 2 + 22
                    d.rounded_rectangle(
                        (px - hw, py - 32, px + hw, py + 32), radius=16, outline=st.HILITE, width=8
                    )
                else:
                    paste(d, ring(round(PORT_R) + 7, st.HILITE, 8), px, py)
            for k, co in enumerate(p.ships):
                sx, sy = g.dock_pos(p.id, k, FRAME, DOCK_SPREAD)
                ship(d, sx, sy, co, ships.get(co), SHIP_H, SHIP_SLOT, f"ship:{co}" in self.hot)
