"""The river map as the turn image draws it (render/benares/turn.py): the board's geometry
(`river.POS`) scaled into a box, without names or legends, every mark big enough for a phone
(no text under 32 px) and for the 400x300 channel frame (a third of the size): region-tinted
spaces, crates with their count, numbered boats, the last move's orange glow and the routes
boats took since the seat to act last played (read from the public log lines of `view.recent`).

The water, roads and spaces never change during a game: they are drawn once at 2x, shrunk and
kept (`static_layer`); each turn image pastes a copy and draws crates, boats and glow on it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from PIL import Image, ImageDraw

from render import canvas
from render.benares import sprites
from render.benares import style as st
from render.benares.palette import PALETTE
from render.benares.river import BULGE, CORNERS, Key, _curve, _dashed, _pos, map_key

#: The part of the board's map (its own pixels) that holds spaces and boats once names and
#: legends are left out.
SRC = (-30, 0, 955, 750)
TEXT = 32  # every text on the map (px in the turn image)
NODE_R = 30
CITY_R = 40
CRATE = 38
BOAT_W = 58
LAND: st.RGB = (226, 236, 214)
CITY_INK: st.RGB = (255, 226, 160)  # a city's name on its dark square


def scale_for(size: tuple[int, int]) -> float:
    """How much the board's map geometry is scaled to fit `size`."""
    return min(size[0] / (SRC[2] - SRC[0]), size[1] / (SRC[3] - SRC[1]))


def _place(size: tuple[int, int]):
    """A function from a board map point to a point in a layer of `size` (centred)."""
    s = scale_for(size)
    dx = (size[0] - (SRC[2] - SRC[0]) * s) / 2 - SRC[0] * s
    dy = (size[1] - (SRC[3] - SRC[1]) * s) / 2 - SRC[1] * s

    def at(x: float, y: float) -> tuple[float, float]:
        return x * s + dx, y * s + dy

    return at


def centre(view_key: Key, sid: str, size: tuple[int, int]) -> tuple[float, float]:
    order = tuple(s[0] for s in view_key[0])
    x, y, _ = _pos(sid, order)
    return _place(size)(x, y)


@lru_cache(maxsize=4)
def static_layer(
    key: Key, size: tuple[int, int], reference: bool = False
) -> tuple[Image.Image, tuple[str, ...]]:
    """Land, river, roads with their cost, spaces and the two cities, at `size`; with the
    texts drawn on it (the road costs, `TEXT` px), which each use records again."""
    k = 2
    w, h = size
    spaces, conns = key
    order = tuple(s[0] for s in spaces)
    at = _place(size)
    im = Image.new("RGB", (w * k, h * k), LAND)
    d = ImageDraw.Draw(im)
    s = scale_for(size)

    def P(sid: str) -> tuple[float, float]:
        x, y, _ = _pos(sid, order)
        px, py = at(x, y)
        return px * k, py * k

    for sid, _name, region, _src in spaces:
        if region in st.REGION_FILL:
            x, y = P(sid)
            r = 56 * s * k
            d.ellipse([x - r, y - r, x + r, y + r], fill=st.lighter(st.REGION_FILL[region], 0.45))
    river = [c for c in conns if not c[4]]
    for width, colour in ((28 * k, st.WATER_EDGE), (22 * k, st.WATER)):
        for a, b, _cost, _n, _sc in river:
            d.line([P(a), P(b)], fill=colour, width=width)
        for sid, *_ in spaces:
            x, y = P(sid)
            r = width // 2
            d.ellipse([x - r, y - r, x + r, y + r], fill=colour)
    badges = []
    for a, b, cost, _name, sc in conns:
        if not sc:
            continue
        bulge = BULGE.get(frozenset((a, b)), (80, 0, 34))[0]
        pts = _curve(P(a), P(b), int(bulge * s * k / 2))
        d.line(pts, fill=st.lighter(st.ROAD, 0.6), width=16 * k, joint="curve")
        _dashed(d, pts, st.ROAD, 7 * k, 18 * k)
        badges.append((pts[len(pts) // 2], cost))
    for sid, _name, region, _src in spaces:
        x, y = P(sid)
        if region == "city":
            r = CITY_R * k
            d.rounded_rectangle([x - r, y - r, x + r, y + r], radius=12 * k, fill=st.CITY,
                                outline=st.INK, width=3 * k)  # fmt: skip
        else:
            r = NODE_R * k
            fill = st.REGION_FILL.get(region, st.PANEL)
            edge = st.REGION_EDGE.get(region, st.INK)
            d.ellipse([x - r, y - r, x + r, y + r], fill=fill, outline=edge, width=4 * k)
    for (x, y), cost in badges:
        r = 23 * k
        d.ellipse([x - r, y - r, x + r, y + r], fill=st.WHITE, outline=st.ROAD, width=4 * k)
        st.ctext(d, (x, y + k), str(cost), TEXT * k, st.ROAD, True)
    small = im.resize(size, Image.Resampling.LANCZOS)
    del im, d
    out = small if reference else PALETTE.to_indices(small)
    canvas.give_back_memory()
    return out, tuple(str(cost) for _xy, cost in badges)


_MOVE = re.compile(r"^Seat (\d+) moves (.+?)(?: using Fleet II)?\.$")

Route = tuple[int, tuple[str, ...]]


def routes(view) -> tuple[Route, ...]:
    """The boats' routes since the seat to act last played: (seat, spaces passed) for each
    move line of `view.recent` ("Seat 2 moves CAL ⇒ E4 (Jalangi Channel) → E5.")."""
    ids = {s.id for s in view.map_spaces}
    found = []
    for entry in view.recent:
        m = _MOVE.match(entry.text)
        if m is None:
            continue
        spaces = tuple(re.split(r" [→⇒] ", re.sub(r" \([^)]*\)", "", m.group(2))))
        if len(spaces) >= 2 and all(s in ids for s in spaces):
            found.append((int(m.group(1)) - 1, spaces))
    return tuple(found)


Point = tuple[float, float]


def _trail(
    view, route: tuple[str, ...], size: tuple[int, int]
) -> tuple[list[Point], list[tuple[Point, int]]]:
    """The points of a route along the river, and along a road's curve where it took one;
    with each road's cost badge (its middle), drawn again over the trail."""
    order = tuple(s.id for s in view.map_spaces)
    at = _place(size)
    s = scale_for(size)
    pts: list[Point] = []
    badges: list[tuple[Point, int]] = []
    for a, b in zip(route, route[1:], strict=False):
        conn = next((c for c in view.connections if {c.a, c.b} == {a, b}), None)
        pa, pb = at(*_pos(a, order)[:2]), at(*_pos(b, order)[:2])
        if conn is not None and conn.shortcut:
            bulge = BULGE.get(frozenset((a, b)), (80, 0, 34))[0]
            first, last = (pa, pb) if conn.a == a else (pb, pa)
            leg = _curve(first, last, int(bulge * s / 2))  # type: ignore[arg-type]
            pts += leg if conn.a == a else leg[::-1]
            badges.append((leg[len(leg) // 2], conn.cost))
        else:
            pts += [pa, pb]
    return pts, badges


def map_state(view, highlight: set[str]) -> tuple:
    """All that `draw_turn_map` draws of a view beyond its static layer (a cache key)."""
    return (
        map_key(view),
        routes(view),
        tuple((sp.id, sp.crates, tuple(sp.boats)) for sp in view.map_spaces),
        tuple((c.seat, c.colour) for c in view.companies),
        tuple(sorted(h for h in highlight if h.startswith(("map:", "boat:")))),
    )


def draw_turn_map(view, size: tuple[int, int], highlight: set[str]) -> Image.Image:
    """The map for this view at `size`: the static layer, then glow, crates, cities, boats."""
    key = map_key(view)
    layer, texts = static_layer(key, size, canvas.is_reference())
    for text in texts:
        canvas.note_text(TEXT, text)
    im = layer.copy()
    d = canvas.Draw(im, PALETTE)
    order = tuple(s[0] for s in key[0])
    at = _place(size)
    # where each boat went since the seat to act last played: a trail in its colour
    badges: list[tuple[Point, int]] = []
    for seat, route in routes(view):
        pts, on_roads = _trail(view, route, size)
        d.line(pts, st.INK, 13, joint="curve")
        d.line(pts, seat_colour(view, seat), 7, joint="curve")
        badges += on_roads
    for (bx, by), cost in badges:
        d.ellipse([bx - 23, by - 23, bx + 23, by + 23], fill=st.WHITE, outline=st.ROAD, width=4)
        st.ctext(d, (bx, by + 1), str(cost), TEXT, st.ROAD, True)
    for sp in view.map_spaces:
        x, y = at(*_pos(sp.id, order)[:2])
        city = sp.region == "city"
        if f"map:{sp.id}" in highlight:
            r = (CITY_R + 12) if city else (NODE_R + 10)
            st.paste(d, sprites.ring(2 * r, st.HIGHLIGHT, 8), x, y)
        if city:
            st.ctext(d, (x, y), sp.id, TEXT, CITY_INK, True)
        elif sp.source:
            c = CRATE
            if sp.crates > 0:
                st.crate(d, x - c / 2, y - c / 2, c, sp.source, str(sp.crates), TEXT)
            else:
                d.rounded_rectangle([x - c / 2, y - c / 2, x + c / 2, y + c / 2], radius=5,
                                    outline=st.MUTED, width=3)  # fmt: skip
    # lowest first: where two boats of neighbouring spaces touch, the upper one's hull (its
    # number) covers the lower one's sail, never its number
    boats = sorted(
        ((*boat_at(view, sp.id, seat, size), seat) for sp in view.map_spaces for seat in sp.boats),
        key=lambda b: (-b[1], b[0]),
    )
    for bx, by, seat in boats:  # every glow first, so no glow covers a boat
        if f"boat:{seat}" in highlight:
            st.paste(d, sprites.disc(BOAT_W + 20, st.HIGHLIGHT, st.HIGHLIGHT), bx, by + 2)
    for bx, by, seat in boats:
        colour = seat_colour(view, seat)
        sprite = sprites.hull(BOAT_W, colour, st.INK)
        st.paste(d, sprite, bx, by)
        st.ctext(d, (bx, by + sprite.height * 0.2), str(seat + 1), TEXT, st.ink_on(colour), True)
    return im


def boat_at(view, space: str, seat: int, size: tuple[int, int]) -> tuple[float, float]:
    """A boat sits at its seat's own corner of its space, as on the board."""
    order = tuple(s.id for s in view.map_spaces)
    x, y = _place(size)(*_pos(space, order)[:2])
    city = space in ("BEN", "CAL")
    rx, ry = (CITY_R + 10, CITY_R - 16) if city else (NODE_R + 6, NODE_R - 4)
    dx, dy = CORNERS[seat % 4]
    return x + dx * rx, y + dy * ry


def seat_colour(view, seat: int) -> st.RGB:
    for c in view.companies:
        if c.seat == seat:
            return st.hex_rgb(c.colour)
    return st.seat_colour(seat)
