"""The river map panel: static water, roads and spaces (cached), then crates, boats and the
last move on top."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render import canvas
from render.benares import sprites
from render.benares import style as st
from render.benares.palette import PALETTE

MAP_W, MAP_H = 1000, 750
NODE_R = 34
CITY_R = 46
MIN = st.MIN_TEXT

#: Where each map space sits in the panel, and where its name goes ("b" below, "a" above,
#: "r" right, "l" left, "R" right and a little up). The river runs east from Benares, bends south
#: to the delta at Calcutta.
POS: dict[str, tuple[int, int, str]] = {
    "BEN": (80, 370, "a"),
    "W1": (214, 370, "b"),
    "W2": (334, 370, "a"),
    "W3": (454, 370, "b"),
    "N1": (514, 265, "r"),
    "N2": (574, 160, "r"),
    "N3": (634, 58, "r"),
    "S1": (334, 475, "r"),
    "S2": (334, 575, "r"),
    "S3": (334, 675, "r"),
    "E1": (584, 380, "b"),
    "E2": (670, 280, "a"),
    "E3": (790, 280, "r"),
    "E4": (840, 390, "l"),
    "E5": (840, 490, "l"),
    "E6": (840, 590, "l"),
    "CAL": (840, 690, "l"),
}

#: Shortcut curvature (control-point offset in px, sign = side) and where its name goes
#: relative to its cost badge.
BULGE: dict[frozenset[str], tuple[int, int, int]] = {
    frozenset(("BEN", "W3")): (-170, 0, -40),
    frozenset(("W3", "E4")): (190, -30, 40),
    frozenset(("E4", "CAL")): (-95, 10, -76),
}


def _pos(space: str, order: tuple[str, ...]) -> tuple[int, int, str]:
    if space in POS:
        return POS[space]
    i = order.index(space)  # unknown map: a plain grid, still readable
    return (70 + (i % 9) * 105, 80 + (i // 9) * 150, "b")


def _name_at(x: int, y: int, r: int, where: str) -> tuple[str, float, float]:
    """(anchor, x, y) of a space's name."""
    off = r + 6
    return {  # above and below: clear of the boats at the space's corners
        "b": ("mt", x, y + r + 20),
        "a": ("mb", x, y - r - 26),
        "r": ("lm", x + off, y),
        "l": ("rm", x - (r + 30 if r == CITY_R else off), y),
    }[where]


def _curve(
    a: tuple[float, float], b: tuple[float, float], bulge: int, n: int = 24
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


Spaces = tuple[tuple[str, str, str, str], ...]  # id, name, region, source
Conns = tuple[tuple[str, str, int, str, bool], ...]  # a, b, cost, name, shortcut
Key = tuple[Spaces, Conns]
Badge = tuple[tuple[float, float], int, str, int, int]  # centre, cost, name, label offset


def map_key(view) -> Key:
    spaces = tuple((s.id, s.name, s.region, s.source) for s in view.map_spaces)
    conns = tuple((c.a, c.b, c.cost, c.name, c.shortcut) for c in view.connections)
    return spaces, conns


@lru_cache(maxsize=4)
def static_map(key: Key, reference: bool = False) -> Image.Image:
    """Water, roads, spaces and names: everything that never changes during a game.
    Drawn at 2x in RGB and shrunk once so the curves are smooth, then matched to the palette
    once (kept RGB for the reference images; see render/canvas.py)."""
    k = 2
    with st.panel("map", (0, 0, MAP_W * k, MAP_H * k), scale=k):
        return _static_map(key, reference, k)


def _static_map(key: Key, reference: bool, k: int) -> Image.Image:
    spaces, conns = key
    order = tuple(s[0] for s in spaces)
    im = Image.new("RGB", (MAP_W * k, MAP_H * k), (226, 236, 214))
    d = ImageDraw.Draw(im)

    def P(sid: str) -> tuple[int, int]:
        x, y, _ = _pos(sid, order)
        return x * k, y * k

    _draw_land_and_river(d, spaces, conns, P, k)
    badges = _draw_roads(d, conns, P, k)
    _draw_spaces(d, spaces, order, P, k)
    _draw_road_badges(d, badges, k)
    _draw_legend(d, k)
    small = im.resize((MAP_W, MAP_H), Image.Resampling.LANCZOS)
    del im, d
    out = small if reference else PALETTE.to_indices(small)
    canvas.give_back_memory()
    return out


def _draw_land_and_river(
    d: ImageDraw.ImageDraw,
    spaces: Spaces,
    conns: Conns,
    P: Callable[[str], tuple[int, int]],
    k: int,
) -> None:
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


def _draw_roads(
    d: ImageDraw.ImageDraw, conns: Conns, P: Callable[[str], tuple[int, int]], k: int
) -> list[Badge]:
    """The shortcuts, as dashed roads; where each one's cost badge goes."""
    # shortcuts: dashed roads with a cost badge
    badges: list[Badge] = []
    for a, b, cost, name, sc in conns:
        if not sc:
            continue
        bulge, lx, ly = BULGE.get(frozenset((a, b)), (80, 0, 34))
        pts = _curve(P(a), P(b), bulge * k // 2)
        d.line(pts, fill=st.lighter(st.ROAD, 0.6), width=16 * k, joint="curve")
        _dashed(d, pts, st.ROAD, 7 * k, 18 * k)
        badges.append((pts[len(pts) // 2], cost, name, lx * k, ly * k))
    return badges


def _draw_spaces(
    d: ImageDraw.ImageDraw,
    spaces: Spaces,
    order: tuple[str, ...],
    P: Callable[[str], tuple[int, int]],
    k: int,
) -> None:
    """Cities and river spaces with their ids, and their names beside them."""
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
            st.ctext(d, (x, y), sid, 28 * k, (255, 220, 150), True)
        else:
            r = NODE_R * k
            fill = st.REGION_FILL.get(region, st.PANEL)
            edge = st.REGION_EDGE.get(region, st.INK)
            d.ellipse([x - r, y - r, x + r, y + r], fill=fill, outline=edge, width=4 * k)
            st.ctext(d, (x, y - (11 * k if source else 0)), sid, 24 * k, st.INK, True)
        _, _, where = _pos(sid, order)
        if where == "-":
            continue
        anchor, tx, ty = _name_at(x // k, y // k, (CITY_R if region == "city" else NODE_R), where)
        st.ctext(
            d,
            (tx * k, ty * k),
            name,
            MIN * k,
            st.INK,
            True,
            anchor=anchor,
            stroke=3 * k,
            stroke_fill=(250, 248, 238),
        )


def _draw_road_badges(d: ImageDraw.ImageDraw, badges: list[Badge], k: int) -> None:
    """Each road's cost in a badge, its name beside it."""
    for (bx, by), cost, name, lx, ly in badges:
        r = 20 * k
        d.ellipse([bx - r, by - r, bx + r, by + r], fill=st.WHITE, outline=st.ROAD, width=4 * k)
        st.ctext(d, (bx, by + k), str(cost), 26 * k, st.ROAD, True)
        if len(name) > 15:
            lines = name.rsplit(" ", 1)
        elif len(name) > 12:
            lines = name.split(" ", 1)
        else:
            lines = [name]
        for i, line in enumerate(lines):
            yy = by + ly + (i - len(lines) + 1) * 24 * k if ly < 0 else by + ly + i * 24 * k
            st.ctext(
                d,
                (bx + lx, yy),
                line,
                MIN * k,
                st.ROAD,
                True,
                stroke=3 * k,
                stroke_fill=(244, 240, 226),
            )


def _draw_legend(d: ImageDraw.ImageDraw, k: int) -> None:
    # title plate and legend
    st.ctext(d, (18 * k, 26 * k), "RIVER MAP", 26 * k, st.HEADER, True, anchor="lm")
    lx, ly = 18 * k, 64 * k
    for region, label in (("W", "West"), ("N", "North"), ("S", "South"), ("E", "East")):
        d.ellipse(
            [lx, ly - 11 * k, lx + 22 * k, ly + 11 * k],
            fill=st.REGION_FILL[region],
            outline=st.REGION_EDGE[region],
            width=3 * k,
        )
        st.ctext(d, (lx + 30 * k, ly), label, MIN * k, st.INK, anchor="lm")
        ly += 30 * k
    d.line([(lx, ly), (lx + 24 * k, ly)], fill=st.ROAD, width=6 * k)
    st.ctext(d, (lx + 30 * k, ly), "road: cost", MIN * k, st.INK, anchor="lm")
    st.ctext(d, (lx + 30 * k, ly + 26 * k), "in moves", MIN * k, st.INK, anchor="lm")
    # goods legend, bottom left
    gy = (MAP_H - 24 - 30 * 4) * k
    st.ctext(d, (18 * k, gy), "Crates of", MIN * k, st.INK, True, anchor="lm")
    for good in ("indigo", "silk", "cotton", "saltpetre"):
        gy += 30 * k
        d.rounded_rectangle(
            [18 * k, gy - 11 * k, 40 * k, gy + 11 * k],
            radius=3 * k,
            fill=st.GOODS_COLOURS[good],
            outline=st.INK,
            width=2 * k,
        )
        st.ctext(d, (48 * k, gy), good.title(), MIN * k, st.INK, anchor="lm")


BOAT_W = 44
#: a boat's place around its space, by seat: upper left, upper right, lower right, lower left
CORNERS = ((-1, -1), (1, -1), (1, 1), (-1, 1))


def boat_at(space: str, seat: int, order: tuple[str, ...] = ()) -> tuple[float, float]:
    """Where seat's boat is drawn when it is on `space`: at that seat's own corner of the space,
    so boats on one space never cover each other and each sits against its own space."""
    x, y, _ = _pos(space, order)
    rx, ry = (CITY_R + 6, 30) if space in ("BEN", "CAL") else (NODE_R + 2, NODE_R - 6)
    dx, dy = CORNERS[seat % 4]
    return x + dx * rx, y + dy * ry


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
                sprites.ring(
                    (NODE_R + 9) * 2 if sp.region != "city" else (CITY_R + 12) * 2, st.HIGHLIGHT, 6
                ),
                x,
                y,
            )
        if sp.source:
            # the crate stack: one crate sprite with the count, or an empty outline
            s = 28
            cx, cy = x - s / 2, y + 1
            with st.panel("map", (0, 0, MAP_W, MAP_H)):
                if sp.crates > 0:
                    st.crate(d, cx, cy, s, sp.source, str(sp.crates))
                else:
                    d.rounded_rectangle(
                        [cx, cy, cx + s, cy + s], radius=4, outline=st.MUTED, width=2
                    )
                    st.ctext(d, (cx + s / 2, cy + s / 2 + 1), "0", MIN, st.MUTED, True)
    # boats: each at its seat's corner of its space
    for sp in view.map_spaces:
        for seat in sorted(sp.boats):
            bx, by = boat_at(sp.id, seat, order)
            colour = company_colour(view, seat)
            if f"boat:{seat}" in highlight:
                st.paste(d, sprites.disc(BOAT_W + 16, st.HIGHLIGHT, st.HIGHLIGHT), bx, by + 2)
            sprite = sprites.hull(BOAT_W, colour, st.INK)
            st.paste(d, sprite, bx, by)
            with st.panel("map", (0, 0, MAP_W, MAP_H)):
                st.ctext(d, (bx, by + sprite.height * 0.2), str(seat + 1), MIN,
                         st.ink_on(colour), True)  # fmt: skip
    return im


def company_colour(view, seat: int) -> st.RGB:
    for c in view.companies:
        if c.seat == seat:
            return st.hex_rgb(c.colour)
    return st.SEAT_COLOURS[seat % 4]
