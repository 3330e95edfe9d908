"""The parts of the board that never change during a game, drawn once (2x, shrunk) and cached.

Cached on a small hashable signature of the view (map ids, track length, seat count), so every
turn of every game with the same map reuses one background image.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import canvas
from render.core import font
from render.tidewater import geometry as g
from render.tidewater import style as st
from render.tidewater.palette import PALETTE

K = 2  # supersampling of the static layer

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


class _Pen:
    """ImageDraw wrapper that scales page coordinates by K."""

    def __init__(self, img: Image.Image) -> None:
        self.d = ImageDraw.Draw(img)

    @staticmethod
    def _xy(pts: Any) -> Any:
        return [(x * K, y * K) for x, y in pts]

    def poly(
        self, pts: list[tuple[float, float]], fill: Any = None, outline: Any = None, width: int = 1
    ) -> None:
        self.d.polygon(self._xy(pts), fill=fill, outline=outline, width=width * K)

    def line(self, pts: list[tuple[float, float]], fill: Any, width: int) -> None:
        self.d.line(self._xy(pts), fill=fill, width=width * K, joint="curve")

    def circle(
        self, cx: float, cy: float, r: float, fill: Any = None, outline: Any = None, width: int = 1
    ) -> None:
        self.d.ellipse(
            ((cx - r) * K, (cy - r) * K, (cx + r) * K, (cy + r) * K),
            fill=fill,
            outline=outline,
            width=width * K,
        )

    def rrect(
        self,
        box: tuple[float, float, float, float],
        r: float,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
    ) -> None:
        self.d.rounded_rectangle(
            [v * K for v in box], radius=r * K, fill=fill, outline=outline, width=width * K
        )

    def text(
        self,
        xy: tuple[float, float],
        s: str,
        size: int,
        fill: Any,
        bold: bool = False,
        anchor: str = "mm",
    ) -> None:
        self.d.text((xy[0] * K, xy[1] * K), s, font=font(size * K, bold), fill=fill, anchor=anchor)


@lru_cache(maxsize=4)
def background(key: tuple, reference: bool = False) -> Image.Image:
    """The cached static layer for a given static key: a page-size canvas in Tidewater's
    palette (RGB when drawing the reference images; see render/canvas.py). Drawn supersampled
    in RGB and matched to the palette once, here, so no board ever needs quantising."""
    sig, steps, halfway, halfway_on, seats = key
    hexes, ports, seas = sig
    big = Image.new("RGBA", (st.WIDTH * K, st.HEIGHT * K), st.BG + (255,))
    pen = _Pen(big)
    _draw_map(pen, hexes, ports, seas)
    _draw_track(pen, steps, halfway, halfway_on)
    _draw_frames(pen, seats)
    page = big.resize((st.WIDTH, st.HEIGHT), Image.Resampling.LANCZOS).convert("RGB")
    del big, pen
    out = page if reference else PALETTE.to_indices(page)
    del page
    canvas.give_back_memory()
    return out


# ---- map ------------------------------------------------------------------------------------------
def _draw_map(pen: _Pen, hexes: tuple, ports: tuple, seas: tuple) -> None:
    x0, y0 = st.MAP_X, st.MAP_Y
    pen.rrect((x0 + 6, y0, x0 + st.MAP_W - 4, y0 + st.MAP_H), 18, fill=st.SEA_DEEP)
    # subtle wave lines
    for i in range(9):
        yy = y0 + 40 + i * 84
        pts = [(x0 + 20 + k * 20, yy + 5 * math.sin(k * 0.9 + i)) for k in range(54)]
        pen.line(pts, fill=(34, 88, 118), width=2)
    _draw_land(pen)

    sea_ids = [s[0] for s in seas]
    # lanes between sea hexes
    done: set[tuple[str, str]] = set()
    for i, (sid, _cost, adj) in enumerate(seas):
        for other in adj:
            if (other, sid) in done or other not in sea_ids:
                continue
            done.add((sid, other))
            a = g.sea_pos(sid, i)
            b = g.sea_pos(other, sea_ids.index(other))
            pen.line([a, b], fill=st.SEA_LANE, width=14)
            pen.line([a, b], fill=(150, 210, 235), width=4)
    # port links
    for i, (pid, _kind, _co, _bonus, sea) in enumerate(ports):
        p = g.port_pos(pid, i)
        for sid in sea:
            if sid in sea_ids:
                pen.line([p, g.sea_pos(sid, sea_ids.index(sid))], fill=st.SEA_LANE, width=14)
                pen.line([p, g.sea_pos(sid, sea_ids.index(sid))], fill=(150, 210, 235), width=4)
    # company hex to its port (a quay)
    for i, (hid, _co, port, _cap) in enumerate(hexes):
        pids = [p[0] for p in ports]
        if port in pids:
            pen.line(
                [g.hex_pos(hid, i), g.port_pos(port, pids.index(port))], fill=st.LAND_EDGE, width=12
            )

    for i, (sid, cost, _adj) in enumerate(seas):
        cx, cy = g.sea_pos(sid, i)
        pen.poly(g.hexagon(cx, cy, g.SEA_R), fill=st.SEA_HEX, outline=st.SEA_HEX_EDGE, width=3)
        pen.text((cx, cy - g.SEA_R + 16), sid, 17, fill=(200, 232, 245), bold=True)
        # placement cost, as a coin in the middle
        pen.circle(cx, cy, 17, fill=(236, 200, 92), outline=(120, 90, 20), width=2)
        pen.text((cx, cy + 1), str(cost), 22, fill=(40, 28, 0), bold=True)

    for i, (hid, co, _port, cap) in enumerate(hexes):
        cx, cy = g.hex_pos(hid, i)
        pen.poly(
            g.hexagon(cx, cy, g.HEX_R),
            fill=st.COMPANY_DARK.get(co, st.PANEL),
            outline=st.company_rgb(co),
            width=5,
        )
        for k in range(cap):
            bx, by = _hex_slot(cx, cy, k)
            pen.rrect((bx - 14, by - 14, bx + 14, by + 14), 4, outline=(255, 255, 255, 90), width=2)

    for i, (pid, kind, co, bonus, _sea) in enumerate(ports):
        cx, cy = g.port_pos(pid, i)
        if kind == "market" and pid == "M_FAR":
            pen.rrect(
                (cx - 50, cy - 26, cx + 50, cy + 26),
                12,
                fill=(247, 240, 222),
                outline=(60, 50, 30),
                width=3,
            )
            pen.text((cx, cy - 9), "FAR", 20, fill=(30, 30, 30), bold=True)
            pen.text(
                (cx, cy + 13),
                f"+{bonus} each" if bonus else "market",
                16,
                fill=(150, 40, 20),
                bold=True,
            )
        elif kind == "market":
            label = MARKET_NAME.get(pid, pid).replace(" Market", "")
            pen.rrect(
                (cx - 92, cy - 34, cx + 92, cy + 34),
                14,
                fill=(247, 240, 222),
                outline=(60, 50, 30),
                width=3,
            )
            pen.text((cx, cy - 11), f"{label.upper()} MARKET", 20, fill=(30, 30, 30), bold=True)
            pen.text(
                (cx, cy + 15),
                f"+{bonus} each" if bonus else "no bonus",
                17,
                fill=(150, 40, 20) if bonus else (90, 90, 90),
                bold=bool(bonus),
            )
        else:
            pen.circle(
                cx, cy, g.PORT_R, fill=(247, 240, 222), outline=st.company_rgb(co or ""), width=6
            )
            pen.text((cx, cy + 2), "⚓", 34, fill=(40, 50, 70))

    # compass in the open north-east water
    cx, cy = st.MAP_X + 680, st.MAP_Y + 300
    for ang, ln in ((0, 46), (90, 30), (180, 30), (270, 30)):
        a = math.radians(ang - 90)
        tip = (cx + ln * math.cos(a), cy + ln * math.sin(a))
        left = (cx + 8 * math.cos(a - math.pi / 2), cy + 8 * math.sin(a - math.pi / 2))
        r = (cx + 8 * math.cos(a + math.pi / 2), cy + 8 * math.sin(a + math.pi / 2))
        pen.poly([tip, left, (cx, cy), r], fill=(180, 215, 230) if ang else (240, 240, 240))
    pen.text((cx, cy - 62), "N", 20, fill=(220, 235, 245), bold=True)


def _draw_land(pen: _Pen) -> None:
    x0, y0 = st.MAP_X, st.MAP_Y
    H = st.MAP_H

    def wavy(
        xs: float, top: float, bot: float, amp: float, sign: int, seed: float
    ) -> list[tuple[float, float]]:
        return [
            (xs + sign * amp * math.sin(seed + t * 0.35), top + t * (bot - top) / 40)
            for t in range(41)
        ]

    west = [(x0 + 6, y0)] + wavy(x0 + 232, y0, y0 + H, 10, 1, 0.0) + [(x0 + 6, y0 + H)]
    east = (
        [(x0 + st.MAP_W - 4, y0)]
        + wavy(x0 + 888, y0, y0 + H, 10, -1, 1.3)
        + [(x0 + st.MAP_W - 4, y0 + H)]
    )
    for poly in (west, east):
        pen.poly(poly, fill=st.LAND, outline=st.LAND_EDGE, width=3)
    # north and south capes holding the markets
    for cy, up in ((y0, True), (y0 + H, False)):
        pts = []
        for k in range(25):
            a = math.pi * k / 24
            pts.append((x0 + 520 - 130 * math.cos(a), cy + (1 if up else -1) * 112 * math.sin(a)))
        pen.poly(pts, fill=st.LAND, outline=st.LAND_EDGE, width=3)
    # the far island
    fx, fy = g.port_pos("M_FAR")
    fy += 50
    pts = [
        (
            fx + (64 + 6 * math.sin(k)) * math.cos(math.radians(k * 15)),
            fy + (86 + 6 * math.cos(k * 1.7)) * math.sin(math.radians(k * 15)),
        )
        for k in range(24)
    ]
    pen.poly(pts, fill=st.LAND, outline=st.LAND_EDGE, width=3)


def _hex_slot(cx: float, cy: float, k: int) -> tuple[float, float]:
    """Container spot k (0..5) in a company hex: two rows of three."""
    col, row = k % 3, k // 3
    return (cx - 33 + col * 33, cy - 4 + row * 33)


def hex_slot(cx: float, cy: float, k: int) -> tuple[float, float]:
    return _hex_slot(cx, cy, k)


# ---- time track ------------------------------------------------------------------------------
def _draw_track(pen: _Pen, steps: int, halfway: int, halfway_on: bool) -> None:
    x0, y0 = st.TRACK_X, st.TRACK_Y
    pen.rrect(
        (x0 + 8, y0, x0 + st.TRACK_W - 8, y0 + st.TRACK_H),
        18,
        fill=st.PANEL,
        outline=st.PANEL_EDGE,
        width=2,
    )
    pen.text((x0 + 28, y0 + 26), "TIME TRACK", 24, fill=st.MUTED, bold=True, anchor="lm")
    cx, cy = g.TRACK_CX, g.TRACK_CY
    pen.circle(cx, cy, g.TRACK_R, outline=(70, 82, 102), width=16)
    for p in range(steps):
        sx, sy = g.space_xy(p, steps)
        if p == 0:
            pen.circle(
                sx, sy, g.SPACE_R + 8, fill=(235, 235, 240), outline=(255, 255, 255), width=3
            )
        elif halfway_on and p == halfway:
            pen.circle(sx, sy, g.SPACE_R + 2, fill=(255, 170, 60), outline=(255, 220, 160), width=3)
        else:
            pen.circle(sx, sy, g.SPACE_R, fill=(52, 62, 80), outline=(120, 135, 160), width=2)
        nx, ny = g.space_xy(p, steps, g.TRACK_R - 52)
        pen.text(
            (nx, ny),
            str(p) if p else "0/" + str(steps),
            18 if p else 16,
            fill=st.MUTED,
            bold=p == 0,
        )
    sx, sy = g.space_xy(0, steps)
    pen.text((sx, sy), "START", 13, fill=(20, 20, 30), bold=True)
    if halfway_on:
        hx, hy = g.space_xy(halfway, steps)
        pen.text((hx, hy), "½", 24, fill=(60, 30, 0), bold=True)
    # direction arrow
    a0 = g.space_angle(0, steps) + math.radians(360 / steps / 2)
    ax, ay = cx + g.TRACK_R * math.cos(a0), cy + g.TRACK_R * math.sin(a0)
    pen.text((ax, ay), "›", 30, fill=(200, 210, 225), bold=True)


# ---- frames ---------------------------------------------------------------------------------
def comp_box(i: int) -> tuple[int, int, int, int]:
    w = (st.WIDTH - 5 * st.GAP) // 4
    x = st.GAP + i * (w + st.GAP)
    return (x, st.COMP_Y, x + w, st.COMP_Y + st.COMP_H)


def player_box(i: int, n: int) -> tuple[int, int, int, int]:
    w = (st.WIDTH - (n + 1) * st.GAP) // n
    x = st.GAP + i * (w + st.GAP)
    return (x, st.PLAYERS_Y, x + w, st.PLAYERS_Y + st.PLAYERS_H)


DEMAND_BOX = (st.GAP, st.MARKET_Y, 760, st.MARKET_Y + st.MARKET_H)
DISPLAY_BOX = (770, st.MARKET_Y, 1170, st.MARKET_Y + st.MARKET_H)
STOCK_BOX = (1180, st.MARKET_Y, st.WIDTH - st.GAP, st.MARKET_Y + st.MARKET_H)


def _draw_frames(pen: _Pen, seats: int) -> None:
    pen.rrect((0, 0, st.WIDTH, st.HEADER_H), 0, fill=(12, 16, 22))
    for i in range(4):
        pen.rrect(comp_box(i), 16, fill=st.PANEL, outline=st.PANEL_EDGE, width=2)
    for box, title in (
        (DEMAND_BOX, "DEMAND QUEUE  front → back"),
        (DISPLAY_BOX, "PRODUCTION DISPLAY"),
        (STOCK_BOX, "STOCK TRACK"),
    ):
        pen.rrect(box, 16, fill=st.PANEL, outline=st.PANEL_EDGE, width=2)
        pen.text((box[0] + 18, box[1] + 22), title, 20, fill=st.MUTED, bold=True, anchor="lm")
    for i in range(max(1, seats)):
        pen.rrect(player_box(i, max(1, seats)), 16, fill=st.PANEL, outline=st.PANEL_EDGE, width=2)
