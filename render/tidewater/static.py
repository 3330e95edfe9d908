"""The parts of the board that never change during a game, drawn once (2x, shrunk) and cached.

Cached on a small hashable signature of the view (map ids, track length, seat count), so every
turn of every game with the same map reuses one background image.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image

from render import canvas
from render.tidewater import geometry as g
from render.tidewater import style as st
from render.tidewater.kit import Box, TextBox
from render.tidewater.palette import PALETTE
from render.tidewater.pen import K, Pen

MARKET_NAME = {"M_NORTH": "North Market", "M_SOUTH": "South Market", "M_FAR": "Far Market"}


def port_name(pid: str) -> str:
    if pid in MARKET_NAME:
        return MARKET_NAME[pid]
    if pid.startswith("P_"):
        return {
            "P_RED": "Red port",
            "P_BLU": "Blue port",
            "P_GRN": "Green port",
            "P_YEL": "Yellow port",
        }.get(pid, pid)
    return pid


def static_key(view: Any) -> tuple:
    m = view.map
    sig = (
        tuple((h.id, h.company, h.port, h.capacity) for h in m.company_hexes),
        tuple((p.id, p.kind, p.company, p.bonus, tuple(p.sea)) for p in m.ports),
        tuple((s.id, s.cost, tuple(s.adj)) for s in m.sea_hexes),
    )
    tt = view.time_track
    return (sig, tt.steps_per_round, tt.halfway_step, tt.halfway_enabled, len(view.players))


#: the strings drawn on each cached static layer (by static key), with their panels
STATIC_TEXT: dict[tuple, list[TextBox]] = {}


@lru_cache(maxsize=4)
def background(key: tuple, reference: bool = False) -> Image.Image:
    """The cached static layer for a given static key: a page-size canvas in Tidewater's
    palette (RGB when drawing the reference images; see render/canvas.py). Drawn supersampled
    in RGB and matched to the palette once, here, so no board ever needs quantising."""
    sig, steps, halfway, halfway_on, seats = key
    hexes, ports, seas = sig
    height = st.height(seats)
    big = Image.new("RGBA", (st.WIDTH * K, height * K), st.BG + (255,))
    pen = Pen(big)
    _draw_frames(pen, seats)
    pen.area(MAP_BOX, "map")
    _draw_map(pen, hexes, ports, seas)
    pen.area(TRACK_BOX, "track")
    _draw_track(pen, steps, halfway, halfway_on)
    _draw_legend(pen, seats)
    STATIC_TEXT[key] = pen.texts
    page = big.resize((st.WIDTH, height), Image.Resampling.LANCZOS).convert("RGB")
    del big, pen
    out = page if reference else PALETTE.to_indices(page)
    del page
    canvas.give_back_memory()
    return out


# ---- map ------------------------------------------------------------------------------------------
def _loc(x: float, y: float, f: g.Frame = g.BOARD) -> tuple[float, float]:
    """A point of the map's 1110 x 760 frame on the image."""
    return (f.x + x * f.s, f.y + y * f.s)


def _w(width: float, f: g.Frame) -> int:
    """A line width given in board px, in frame `f`."""
    return max(1, round(width * f.u))


def draw_sea(pen: Pen, hexes: tuple, ports: tuple, seas: tuple, f: g.Frame = g.BOARD) -> None:
    """The map's water, land, sea lanes, port links and quays (shared by the turn image)."""
    x0, y0 = f.x, f.y
    w, h = f.size
    pen.rrect((x0, y0, x0 + w, y0 + h), 16 * f.u, fill=st.SEA_DEEP)
    # subtle wave lines
    for i in range(9):
        yy = 40 + i * 84
        pts = [_loc(20 + k * 20, yy + 5 * math.sin(k * 0.9 + i), f) for k in range(54)]
        pen.line(pts, fill=(34, 88, 118), width=_w(2, f))
    _draw_land(pen, f)

    sea_ids = [s[0] for s in seas]
    lane, core = _w(12, f), _w(3, f)
    # lanes between sea hexes
    done: set[tuple[str, str]] = set()
    for i, (sid, _cost, adj) in enumerate(seas):
        for other in adj:
            if (other, sid) in done or other not in sea_ids:
                continue
            done.add((sid, other))
            a = g.sea_pos(sid, i, f)
            b = g.sea_pos(other, sea_ids.index(other), f)
            pen.line([a, b], fill=st.SEA_LANE, width=lane)
            pen.line([a, b], fill=(150, 210, 235), width=core)
    # port links
    for i, (pid, _kind, _co, _bonus, sea) in enumerate(ports):
        p = g.port_pos(pid, i, f)
        for sid in sea:
            if sid in sea_ids:
                q = g.sea_pos(sid, sea_ids.index(sid), f)
                pen.line([p, q], fill=st.SEA_LANE, width=lane)
                pen.line([p, q], fill=(150, 210, 235), width=core)
    # company hex to its port (a quay)
    pids = [p[0] for p in ports]
    for i, (hid, _co, port, _cap) in enumerate(hexes):
        if port in pids:
            pen.line(
                [g.hex_pos(hid, i, f), g.port_pos(port, pids.index(port), f)],
                fill=st.LAND_EDGE,
                width=_w(10, f),
            )


def _draw_map(pen: Pen, hexes: tuple, ports: tuple, seas: tuple) -> None:
    draw_sea(pen, hexes, ports, seas)

    for i, (sid, cost, _adj) in enumerate(seas):
        cx, cy = g.sea_pos(sid, i)
        pen.poly(g.hexagon(cx, cy, g.SEA_R), fill=st.SEA_HEX, outline=st.SEA_HEX_EDGE, width=3)
        pen.text((cx, cy - g.SEA_R + 18), sid, 20, fill=(214, 238, 248), bold=True)
        # placement cost (credits), as a coin in the middle
        pen.circle(cx, cy + 4, 15, fill=(236, 200, 92), outline=(120, 90, 20), width=2)
        pen.text((cx, cy + 5), str(cost), 22, fill=(40, 28, 0), bold=True)

    for i, (hid, co, _port, cap) in enumerate(hexes):
        cx, cy = g.hex_pos(hid, i)
        pen.poly(
            g.hexagon(cx, cy, g.HEX_R),
            fill=st.COMPANY_DARK.get(co, st.PANEL),
            outline=st.company_rgb(co),
            width=4,
        )
        for k in range(cap):
            bx, by = _hex_slot(cx, cy, k)
            pen.rrect((bx - 11, by - 11, bx + 11, by + 11), 3, outline=(255, 255, 255, 90), width=2)

    for i, (pid, kind, co, bonus, _sea) in enumerate(ports):
        cx, cy = g.port_pos(pid, i)
        if kind == "market" and pid == "M_FAR":
            pen.rrect(
                (cx - 48, cy - 26, cx + 48, cy + 26),
                10,
                fill=(247, 240, 222),
                outline=(60, 50, 30),
                width=3,
            )
            pen.text((cx, cy - 11), "FAR", 20, fill=(30, 30, 30), bold=True)
            pen.text(
                (cx, cy + 12),
                f"+{bonus} each" if bonus else "market",
                20,
                fill=(150, 40, 20),
            )
        elif kind == "market":
            label = MARKET_NAME.get(pid, pid).replace(" Market", "")
            pen.rrect(
                (cx - 98, cy - 30, cx + 98, cy + 30),
                12,
                fill=(247, 240, 222),
                outline=(60, 50, 30),
                width=3,
            )
            pen.text((cx, cy - 12), f"{label.upper()} MARKET", 20, fill=(30, 30, 30), bold=True)
            pen.text(
                (cx, cy + 14),
                f"+{bonus} each" if bonus else "no bonus",
                20,
                fill=(150, 40, 20) if bonus else (90, 90, 90),
                bold=bool(bonus),
            )
        else:
            pen.circle(
                cx, cy, g.PORT_R, fill=(247, 240, 222), outline=st.company_rgb(co or ""), width=5
            )
            pen.text((cx, cy + 2), "⚓", 28, fill=(40, 50, 70))

    # compass in the open north-east water
    nx, ny = _loc(680, 300)
    for ang, ln in ((0, 38), (90, 24), (180, 24), (270, 24)):
        a = math.radians(ang - 90)
        tip = (nx + ln * math.cos(a), ny + ln * math.sin(a))
        left = (nx + 7 * math.cos(a - math.pi / 2), ny + 7 * math.sin(a - math.pi / 2))
        r = (nx + 7 * math.cos(a + math.pi / 2), ny + 7 * math.sin(a + math.pi / 2))
        pen.poly([tip, left, (nx, ny), r], fill=(180, 215, 230) if ang else (240, 240, 240))
    pen.text((nx, ny - 52), "N", 20, fill=(220, 235, 245), bold=True)


def _draw_land(pen: Pen, f: g.Frame = g.BOARD) -> None:
    H = 760

    def wavy(
        xs: float, top: float, bot: float, amp: float, sign: int, seed: float
    ) -> list[tuple[float, float]]:
        return [
            _loc(xs + sign * amp * math.sin(seed + t * 0.35), top + t * (bot - top) / 40, f)
            for t in range(41)
        ]

    west = [_loc(0, 0, f)] + wavy(232, 0, H, 10, 1, 0.0) + [_loc(0, H, f)]
    east = [_loc(1110, 0, f)] + wavy(888, 0, H, 10, -1, 1.3) + [_loc(1110, H, f)]
    for poly in (west, east):
        pen.poly(poly, fill=st.LAND, outline=st.LAND_EDGE, width=_w(3, f))
    # north and south capes holding the markets
    for cy, up in ((0, True), (H, False)):
        pts = []
        for k in range(25):
            a = math.pi * k / 24
            pts.append(_loc(520 - 130 * math.cos(a), cy + (1 if up else -1) * 112 * math.sin(a), f))
        pen.poly(pts, fill=st.LAND, outline=st.LAND_EDGE, width=_w(3, f))
    # the far island
    fx, port_y = g.port_pos("M_FAR", 0, f)
    fy = port_y + 40 * f.u
    pts = [
        (
            fx + (52 + 5 * math.sin(k)) * f.u * math.cos(math.radians(k * 15)),
            fy + (70 + 5 * math.cos(k * 1.7)) * f.u * math.sin(math.radians(k * 15)),
        )
        for k in range(24)
    ]
    pen.poly(pts, fill=st.LAND, outline=st.LAND_EDGE, width=_w(3, f))


def _hex_slot(cx: float, cy: float, k: int) -> tuple[float, float]:
    """Container spot k (0..5) in a company hex: two rows of three."""
    col, row = k % 3, k // 3
    return (cx - 27 + col * 27, cy - 2 + row * 27)


def hex_slot(cx: float, cy: float, k: int) -> tuple[float, float]:
    return _hex_slot(cx, cy, k)


# ---- time track ------------------------------------------------------------------------------
def _draw_track(pen: Pen, steps: int, halfway: int, halfway_on: bool) -> None:
    x0, y0, x1, y1 = TRACK_BOX
    for p in range(steps + 1):
        bx0, by0, bx1, by1 = g.cell_box(p, steps)
        cx = (bx0 + bx1) / 2
        if p in (0, steps):
            fill, edge, ink = (235, 235, 240), (255, 255, 255), (20, 20, 30)
        elif halfway_on and p == halfway:
            fill, edge, ink = (255, 170, 60), (255, 220, 160), (60, 30, 0)
        else:
            fill, edge, ink = (52, 62, 80), (120, 135, 160), st.TEXT
        pen.rrect((bx0, by0, bx1, by1), 8, fill=fill, outline=edge, width=2)
        pen.text((cx, (by0 + by1) / 2), str(p), 22, fill=ink, bold=True)
    # what the special spaces are, under them
    foot = y1 - 26
    a0, _, _, _ = g.cell_box(0, steps)
    _, _, z1, _ = g.cell_box(steps, steps)
    pen.text((a0, foot), "start", 20, fill=st.MUTED, bold=True, anchor="lm")
    pen.text((z1, foot), "home", 20, fill=st.MUTED, bold=True, anchor="rm")
    if halfway_on:
        hx0, _, hx1, _ = g.cell_box(halfway, steps)
        pen.text(((hx0 + hx1) / 2, foot), "½ halfway payout", 20, fill=(255, 190, 100), bold=True)


# ---- frames ---------------------------------------------------------------------------------
HEADER_BOX = (0, 0, st.WIDTH, st.HEADER_H)
NEWS_BOX = (st.M, st.NEWS_Y, st.WIDTH - st.M, st.NEWS_Y + st.NEWS_H)
MAP_BOX = (st.MAP_X, st.MAP_Y, st.MAP_X + st.MAP_W, st.MAP_Y + st.MAP_H)
TRACK_BOX = (st.TRACK_X, st.TRACK_Y, st.TRACK_X + st.TRACK_W, st.TRACK_Y + st.TRACK_H)
DEMAND_BOX = (st.M, st.DEMAND_Y, st.WIDTH - st.M, st.DEMAND_Y + st.DEMAND_H)
DISPLAY_BOX = (st.M, st.DISPLAY_Y, st.WIDTH - st.M, st.DISPLAY_Y + st.DISPLAY_H)
STOCK_BOX = (st.M, st.STOCK_Y, st.WIDTH - st.M, st.STOCK_Y + st.STOCK_H)


def comp_box(i: int) -> tuple[int, int, int, int]:
    x = st.M + (i % 2) * (st.COMP_W + st.GAP)
    y = st.COMP_Y + (i // 2) * (st.COMP_H + st.GAP)
    return (x, y, x + st.COMP_W, y + st.COMP_H)


def player_box(i: int, n: int) -> tuple[int, int, int, int]:
    """Two players a row; an odd last player has the whole row."""
    x = st.M + (i % 2) * (st.PLAYER_W + st.GAP)
    y = st.PLAYERS_Y + (i // 2) * (st.PLAYER_H + st.GAP)
    wide = i == n - 1 and n % 2 == 1
    return (x, y, st.WIDTH - st.M if wide else x + st.PLAYER_W, y + st.PLAYER_H)


def legend_box(seats: int) -> tuple[int, int, int, int]:
    y = st.legend_y(seats)
    return (st.M, y, st.WIDTH - st.M, y + st.LEGEND_H)


def _frame(pen: Pen, box: Box, name: str, title: str = "") -> None:
    pen.area(box, name)
    pen.rrect(box, 14, fill=st.PANEL, outline=st.PANEL_EDGE, width=2)
    if title:
        pen.text((box[0] + 16, box[1] + 24), title, 20, fill=st.MUTED, bold=True, anchor="lm")


def _draw_frames(pen: Pen, seats: int) -> None:
    pen.rrect(HEADER_BOX, 0, fill=(12, 16, 22))
    pen.rrect(NEWS_BOX, 14, fill=(44, 40, 22), outline=(96, 86, 36), width=2)
    pen.rrect((NEWS_BOX[0], NEWS_BOX[1], NEWS_BOX[0] + 8, NEWS_BOX[3]), 4, fill=st.HILITE)
    _frame(pen, TRACK_BOX, "track", "TIME TRACK")
    for i in range(4):
        _frame(pen, comp_box(i), f"company {i}")
    _frame(pen, DEMAND_BOX, "demand", "DEMAND QUEUE  front → back")
    _frame(pen, DISPLAY_BOX, "display", "PRODUCTION DISPLAY")
    _frame(pen, STOCK_BOX, "stock", "STOCK TRACK")
    n = max(1, seats)
    for i in range(n):
        _frame(pen, player_box(i, n), f"player {i}")


# ---- how to read the board ------------------------------------------------------------------
LEGEND = (
    ("glow", "Yellow outline: what the last move changed"),
    ("ring", "Green ring or frame: the player to act now"),
    ("coin", "Coin on a sea hex: credits to place a point there"),
    ("dot", "Dot on a sea hex: a line's navigation point"),
    ("cards", "Share cards: seat number, P = bank pool, empty = unissued"),
    ("slot", "Grey ship slot: credits to invest; a disc = its investor"),
    ("disc", "Time track: the top disc of the rearmost stack acts"),
    ("ceo", "Yellow-edged share count: that player is the CEO"),
)


def _draw_legend(pen: Pen, seats: int) -> None:
    box = legend_box(seats)
    _frame(pen, box, "legend", "HOW TO READ THE BOARD")
    x, y = box[0] + 34, box[1] + 60
    for icon, text in LEGEND:
        if icon == "glow":
            pen.rrect((x - 16, y - 12, x + 16, y + 12), 6, outline=st.HILITE, width=4)
        elif icon == "ring":
            pen.circle(x, y, 13, outline=st.ACTIVE, width=4)
        elif icon == "coin":
            pen.circle(x, y, 13, fill=(236, 200, 92), outline=(120, 90, 20), width=2)
        elif icon == "dot":
            pen.circle(x, y, 10, fill=st.COMPANY["RED"], outline=(255, 255, 255), width=3)
        elif icon == "cards":
            pen.rrect((x - 16, y - 13, x + 10, y + 13), 5, fill=(96, 104, 120), outline=(0, 0, 0))
        elif icon == "slot":
            pen.rrect(
                (x - 15, y - 13, x + 15, y + 13), 5, fill=(44, 52, 66), outline=(90, 100, 120)
            )
        elif icon == "disc":
            pen.circle(x, y, 13, fill=st.PLAYER[2], outline=(8, 8, 10), width=3)
        elif icon == "ceo":
            pen.rrect(
                (x - 15, y - 13, x + 15, y + 13),
                5,
                fill=st.COMPANY["BLUE"],
                outline=st.HILITE,
                width=3,
            )
        pen.text((x + 30, y), text, 20, fill=st.TEXT, anchor="lm")
        y += 30
