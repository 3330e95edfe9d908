"""The river map panel: static water, roads and spaces (cached), then crates, boats and the
last move on top."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import canvas
from render.benares import style as st
from render.benares.palette import PALETTE

MAP_W, MAP_H = 1000, 660
NODE_R = 31
CITY_R = 44

#: Where each map space sits in the panel, and where its name goes ("b" below, "a" above,
#: "r" right, "l" left). The river runs east from Benares, bends south to the delta at Calcutta.
POS: dict[str, tuple[int, int, str]] = {
    "BEN": (70, 330, "-"),
    "W1": (185, 330, "b"),
    "W2": (300, 330, "a"),
    "W3": (425, 330, "b"),
    "N1": (480, 240, "r"),
    "N2": (535, 150, "r"),
    "N3": (590, 60, "r"),
    "S1": (300, 425, "r"),
    "S2": (300, 510, "r"),
    "S3": (300, 595, "r"),
    "E1": (530, 315, "b"),
    "E2": (625, 272, "b"),
    "E3": (725, 272, "a"),
    "E4": (815, 330, "r"),
    "E5": (815, 425, "l"),
    "E6": (815, 515, "l"),
    "CAL": (815, 608, "-"),
}

#: Shortcut curvature (control-point offset in px, sign = side) and where its name goes
#: relative to its cost badge.
BULGE: dict[frozenset[str], tuple[int, int, int]] = {
    frozenset(("BEN", "W3")): (-170, 0, -34),
    frozenset(("W3", "E4")): (130, -40, 36),
    frozenset(("E4", "CAL")): (-170, 0, 44),
}


def _pos(space: str, order: tuple[str, ...]) -> tuple[int, int, str]:
    if space in POS:
        return POS[space]
    i = order.index(space)  # unknown map: a plain grid, still readable
    return (70 + (i % 9) * 105, 80 + (i // 9) * 150, "b")


def _curve(
    a: tuple[int, int], b: tuple[int, int], bulge: int, n: int = 24
) -> list[tuple[float, float]]:
    (x1, y1), (x2, y2) = a, b
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = x2 - x1, y2 - y1
    ln = math.hypot(dx, dy) or 1
    cx, cy = mx - dy / ln * bulge * 2, my + dx / ln * bulge * 2  # quadratic control point
    pts = []
    for i in range(n + 1):
        t = i / n
        pts.append(
            (
                (1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t * t * x2,
                (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t * t * y2,
            )
        )
    return pts


def _dashed(
    d: ImageDraw.ImageDraw | canvas.Draw,
    pts: list[tuple[float, float]],
    fill,
    width: int,
    dash: float,
) -> None:
    """A dashed polyline (dash length in px, gaps the same)."""
    acc, on = 0.0, True
    for (x1, y1), (x2, y2) in zip(pts, pts[1:], strict=False):
        seg = math.hypot(x2 - x1, y2 - y1)
        pos = 0.0
        while pos < seg:
            step = min(dash - acc, seg - pos)
            if on:
                t0, t1 = pos / seg, (pos + step) / seg
                d.line(
                    [
                        (x1 + (x2 - x1) * t0, y1 + (y2 - y1) * t0),
                        (x1 + (x2 - x1) * t1, y1 + (y2 - y1) * t1),
                    ],
                    fill=fill,
                    width=width,
                )
            pos += step
            acc += step
            if acc >= dash:
                acc, on = 0.0, not on


Key = tuple[tuple[tuple[str, str, str, str], ...], tuple[tuple[str, str, int, str, bool], ...]]


def map_key(view) -> Key:
    spaces = tuple((s.id, s.name, s.region, s.source) for s in view.map_spaces)
    conns = tuple((c.a, c.b, c.cost, c.name, c.shortcut) for c in view.connections)
    return spaces, conns


@lru_cache(maxsize=4)
def static_map(key: Key, reference: bool = False) -> Image.Image:
    """Water, roads, spaces and names: everything that never changes during a game.
    Drawn at 2x in RGB and shrunk once so the curves are smooth, then matched to the palette
    once (kept RGB for the reference images; see render/canvas.py)."""
    spaces, conns = key
    order = tuple(s[0] for s in spaces)
    k = 2
    im = Image.new("RGB", (MAP_W * k, MAP_H * k), (226, 236, 214))
    d = ImageDraw.Draw(im)

    def P(sid: str) -> tuple[int, int]:
        x, y, _ = _pos(sid, order)
        return x * k, y * k

    # land tint per region, soft blobs behind the spaces
    for sid, _name, region, _src in spaces:
        if region in st.REGION_FILL:
            x, y = P(sid)
            r = 62 * k
            d.ellipse([x - r, y - r, x + r, y + r], fill=st.lighter(st.REGION_FILL[region], 0.45))
    # river: wide band with an edge
    river = [c for c in conns if not c[4]]
    for width, colour in ((30 * k, st.WATER_EDGE), (24 * k, st.WATER)):
        for a, b, _cost, _n, _sc in river:
            d.line([P(a), P(b)], fill=colour, width=width)
        for sid, *_ in spaces:
            x, y = P(sid)
            r = width // 2
            d.ellipse([x - r, y - r, x + r, y + r], fill=colour)
    # shortcuts: dashed roads with a cost badge
    badges = []
    for a, b, cost, name, sc in conns:
        if not sc:
            continue
        bulge, lx, ly = BULGE.get(frozenset((a, b)), (80, 0, 34))
        pts = _curve(P(a), P(b), bulge * k // 2)
        d.line(pts, fill=st.lighter(st.ROAD, 0.6), width=16 * k, joint="curve")
        _dashed(d, pts, st.ROAD, 7 * k, 18 * k)
        badges.append((pts[len(pts) // 2], cost, name, lx * k, ly * k))
    # spaces
    for sid, name, region, source in spaces:
        x, y = P(sid)
        if region == "city":
            r = CITY_R * k
            d.rounded_rectangle(
                [x - r, y - r, x + r, y + r],
                radius=14 * k,
                fill=st.CITY,
                outline=st.INK,
                width=3 * k,
            )
            st.ctext(d, (x, y - 10 * k), name.upper(), 13 * k, st.WHITE, True)
            st.ctext(d, (x, y + 16 * k), sid, 22 * k, (255, 220, 150), True)
            continue
        r = NODE_R * k
        fill = st.REGION_FILL.get(region, st.PANEL)
        edge = st.REGION_EDGE.get(region, st.INK)
        d.ellipse([x - r, y - r, x + r, y + r], fill=fill, outline=edge, width=4 * k)
        st.ctext(d, (x, y - (9 * k if source else 0)), sid, 20 * k, st.INK, True)
        _, _, where = _pos(sid, order)
        off = r + 6 * k
        if where == "-":
            continue
        anchor, tx, ty = {
            "b": ("mt", x, y + off),
            "a": ("mb", x, y - off),
            "r": ("lm", x + off, y),
            "l": ("rm", x - off, y),
        }[where]
        st.ctext(
            d,
            (tx, ty),
            name,
            17 * k,
            st.INK,
            True,
            anchor=anchor,
            stroke=3 * k,
            stroke_fill=(250, 248, 238),
        )
    for (x, y), cost, name, lx, ly in badges:
        r = 19 * k
        d.ellipse([x - r, y - r, x + r, y + r], fill=st.WHITE, outline=st.ROAD, width=4 * k)
        st.ctext(d, (x, y + k), str(cost), 24 * k, st.ROAD, True)
        if len(name) > 15:
            lines = name.rsplit(" ", 1)
        elif len(name) > 12:
            lines = name.split(" ", 1)
        else:
            lines = [name]
        for i, line in enumerate(lines):
            yy = y + ly + (i - len(lines) + 1) * 18 * k if ly < 0 else y + ly + i * 18 * k
            st.ctext(
                d,
                (x + lx, yy),
                line,
                15 * k,
                st.ROAD,
                True,
                stroke=3 * k,
                stroke_fill=(244, 240, 226),
            )
    # title plate and legend
    st.ctext(d, (18 * k, 22 * k), "RIVER MAP", 22 * k, st.HEADER, True, anchor="lm")
    lx, ly = 18 * k, 52 * k
    for region, label in (("W", "West"), ("N", "North"), ("S", "South"), ("E", "East")):
        d.ellipse(
            [lx, ly - 9 * k, lx + 18 * k, ly + 9 * k],
            fill=st.REGION_FILL[region],
            outline=st.REGION_EDGE[region],
            width=3 * k,
        )
        st.ctext(d, (lx + 26 * k, ly), label, 15 * k, st.INK, anchor="lm")
        ly += 26 * k
    d.line([(lx, ly), (lx + 30 * k, ly)], fill=st.ROAD, width=6 * k)
    st.ctext(d, (lx + 38 * k, ly), "shortcut (cost)", 15 * k, st.INK, anchor="lm")
    # goods legend, bottom left
    gy = (MAP_H - 30 - 26 * 4) * k
    st.ctext(d, (18 * k, gy), "Crates of", 15 * k, st.INK, True, anchor="lm")
    for good in ("indigo", "silk", "cotton", "saltpetre"):
        gy += 26 * k
        d.rounded_rectangle(
            [18 * k, gy - 9 * k, 36 * k, gy + 9 * k],
            radius=3 * k,
            fill=st.GOODS_COLOURS[good],
            outline=st.INK,
            width=2 * k,
        )
        st.ctext(d, (44 * k, gy), good.title(), 15 * k, st.INK, anchor="lm")
    small = im.resize((MAP_W, MAP_H), Image.Resampling.LANCZOS)
    del im, d
    out = small if reference else PALETTE.to_indices(small)
    canvas.give_back_memory()
    return out


BOAT_W = 44


#: Which side of a river space its boats go: above by default, left of the branch spaces.
BOAT_SIDE = {"N1": "l", "N2": "l", "N3": "l", "S1": "l", "S2": "l", "S3": "l"}


def boat_slots(space: str, x: int, y: int, n: int) -> list[tuple[float, float]]:
    """Boat centres for n boats on a space: below Benares in two columns, left of Calcutta in a
    row, beside a branch space in two columns, above a main-river space side by side."""
    step = BOAT_W + 4
    if space == "BEN":
        return [(x - step / 2 + (i % 2) * step, y + CITY_R + 28 + (i // 2) * 44) for i in range(n)]
    if space == "CAL":
        return [(x - CITY_R - 30 - i * step, y + 6) for i in range(n)]
    if BOAT_SIDE.get(space) == "l":
        return [
            (x - NODE_R - 28 - (i % 2) * step, y - 4 + (i // 2) * 42 - (21 if n > 2 else 0))
            for i in range(n)
        ]
    x0 = x - (n - 1) * step / 2
    return [(x0 + i * step, y - NODE_R - 20) for i in range(n)]


def draw_map(view, highlight: set[str]) -> Image.Image:
    """The map panel for this view: a copy of the static layer plus crates, boats, last move."""
    key = map_key(view)
    im = static_map(key, canvas.is_reference()).copy()
    d = canvas.Draw(im, PALETTE)
    order = tuple(s[0] for s in key[0])
    for sp in view.map_spaces:
        x, y, where = _pos(sp.id, order)
        if f"map:{sp.id}" in highlight:
            st.paste(
                d,
                st.ring(
                    (NODE_R + 9) * 2 if sp.region != "city" else (CITY_R + 12) * 2, st.HIGHLIGHT, 6
                ),
                x,
                y,
            )
        if sp.source:
            # the crate stack: one crate sprite with the count, or an empty outline
            s = 26
            cx, cy = x - s / 2, y + 2
            if sp.crates > 0:
                st.crate(d, cx, cy, s, sp.source, str(sp.crates))
            else:
                d.rounded_rectangle([cx, cy, cx + s, cy + s], radius=4, outline=st.MUTED, width=2)
                st.ctext(d, (cx + s / 2, cy + s / 2 + 1), "0", 16, st.MUTED, True)
    # boats: beside their space
    for sp in view.map_spaces:
        if not sp.boats:
            continue
        x, y, _ = _pos(sp.id, order)
        seats = sorted(sp.boats)
        for seat, (bx, by) in zip(seats, boat_slots(sp.id, x, y, len(seats)), strict=False):
            colour = company_colour(view, seat)
            if f"boat:{seat}" in highlight:
                st.paste(d, st.disc(BOAT_W + 16, st.HIGHLIGHT, st.HIGHLIGHT), bx, by + 2)
            sprite = st.boat(BOAT_W, colour, st.INK)
            st.paste(d, sprite, bx, by)
            st.ctext(d, (bx, by + sprite.height * 0.30), str(seat + 1), 15, st.ink_on(colour), True)
    return im


def company_colour(view, seat: int) -> st.RGB:
    for c in view.companies:
        if c.seat == seat:
            return st.hex_rgb(c.colour)
    return st.SEAT_COLOURS[seat % 4]
