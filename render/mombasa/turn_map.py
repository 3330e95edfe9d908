"""The map of the turn image (issue 32): the whole of Africa in an 800 x 900 box, each area a disc
with its number big enough for a phone (the expand menus name areas by number), a post's company
by colour and letter, each base a square with its letter, the last move's areas ringed.

The rewards are left to the menus (`map.area_title` names number, name and reward): at 31 px a
disc holds its number and a letter, not more. The sea, the land and the borders are the same in
every game and are drawn once per process (`_background`); the map with its posts is kept for
the next turn images of the game (`_posts`), which light the last move over it.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Collection
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import canvas
from render.canvas import Draw
from render.mombasa.palette import PALETTE
from render.mombasa.style import (
    COMPANY,
    COMPANY_INK,
    COMPANY_SHORT,
    EDGE,
    FREE_AREA,
    HIGHLIGHT,
    INK,
    LAND,
    MUTED,
    SEA,
    f,
)

MAP_W, MAP_H = 800, 900
R = 35  # area disc radius: the closest two areas are 74 px apart
TEXT = 31  # the smallest text: 30 px once fitted into a phone's 1170 px
BASE = 50  # a base's square
#: the grid the areas' `xy` use (data R198): its span on the map, west/north edges first
GRID_X, GRID_Y = (60, 950), (80, 970)
#: the company key in the south-west sea, which no area reaches
KEY_BOX = (8, 470, 336, 892)


@lru_cache(maxsize=256)
def pos(xy: tuple[int, int]) -> tuple[int, int]:
    """Where an area's disc centre lies on the turn image (remembered: a few hundred calls a
    turn image, over the same 36 areas)."""
    x, y = xy
    sx = (MAP_W - 2 * (R + 7)) / (GRID_X[1] - GRID_X[0])
    sy = (MAP_H - 2 * (R + 7)) / (GRID_Y[1] - GRID_Y[0])
    return round(R + 7 + (x - GRID_X[0]) * sx), round(R + 7 + (y - GRID_Y[0]) * sy)


def _background(size: tuple[int, int], v: Any) -> Image.Image:
    """A canvas with the sea, the land and the borders drawn (cached: they never change)."""
    key = (
        canvas.is_reference(),
        size,
        tuple(a.xy for a in v.areas),
        tuple((a, b, c) for a, b, c in v.borders),
    )
    return _drawn_background(key, tuple(a.id for a in v.areas)).copy()


@lru_cache(maxsize=4)
def _drawn_background(key: tuple, ids: tuple[str, ...]) -> Image.Image:
    _, size, xys, borders = key
    from render.mombasa.style import BG

    im = canvas.new(size, BG, PALETTE)
    d = Draw(im, PALETTE)
    d.rectangle((0, 0, MAP_W, MAP_H), fill=SEA)
    at = {i: pos(xy) for i, xy in zip(ids, xys, strict=True)}
    for tri in _triangles(borders):  # three areas bordering each other: land between them
        d.polygon([at[i] for i in tri], fill=LAND)
    for a, b, _ in borders:
        d.line((at[a], at[b]), fill=LAND, width=64)
    for x, y in at.values():
        d.ellipse((x - R - 10, y - R - 10, x + R + 10, y + R + 10), fill=LAND)
    for a, b, cost in borders:
        if cost >= 2:  # a double border: a dark band with a land line inside
            d.line((at[a], at[b]), fill=INK, width=10)
            d.line((at[a], at[b]), fill=LAND, width=4)
        else:
            d.line((at[a], at[b]), fill=MUTED, width=3)
    return im  # still a canvas: the caller draws on a copy, then finishes it


def _triangles(borders: tuple[tuple[str, str, int], ...]) -> list[tuple[str, str, str]]:
    """Every three areas that border each other pairwise."""
    near: dict[str, set[str]] = {}
    for a, b, _ in borders:
        near.setdefault(a, set()).add(b)
        near.setdefault(b, set()).add(a)
    return [
        (a, b, c)
        for a in sorted(near)
        for b in sorted(near[a])
        if a < b
        for c in sorted(near[a] & near[b])
        if b < c
    ]


def base_spots(v: Any) -> dict[str, tuple[int, int]]:
    """The top-left corner of each base's square: beside the areas next to that base, on the
    map, clear of every disc, the key and the other bases."""
    discs = tuple(pos(a.xy) for a in v.areas)
    at = {a.id: pos(a.xy) for a in v.areas}
    taken: list[tuple[int, int, int, int]] = [KEY_BOX]
    out: dict[str, tuple[int, int]] = {}
    for comp, ids in v.base_areas.items():
        spot = _spot(tuple(at[i] for i in ids), discs, tuple(taken))
        out[comp] = spot
        taken.append((spot[0], spot[1], spot[0] + BASE, spot[1] + BASE))
    return out


@lru_cache(maxsize=64)
def _spot(
    near: tuple[tuple[int, int], ...],
    discs: tuple[tuple[int, int], ...],
    taken: tuple[tuple[int, int, int, int], ...],
) -> tuple[int, int]:
    """The free spot for a BASE square nearest the discs `near` (outward from the map's
    centre first)."""
    cx = sum(x for x, _ in near) / len(near)
    cy = sum(y for _, y in near) / len(near)
    ox, oy = cx - MAP_W / 2, cy - MAP_H / 2
    norm = math.hypot(ox, oy) or 1.0
    ox, oy = ox / norm, oy / norm
    pad = R + 12  # the disc and its highlight ring
    xs = range(max(4, int(cx) - 260), min(MAP_W - BASE - 3, int(cx) + 260), 4)
    ys = range(max(4, int(cy) - 260), min(MAP_H - BASE - 3, int(cy) + 260), 4)
    discs = tuple((x, y) for x, y in discs if abs(x - cx) < 330 and abs(y - cy) < 330)

    def score(bx: int, by: int) -> float:
        lx, ly = bx + BASE / 2 - cx, by + BASE / 2 - cy
        return math.hypot(lx, ly) - 0.5 * (lx * ox + ly * oy)

    for _, bx, by in sorted((score(bx, by), bx, by) for bx in xs for by in ys):
        if any(
            math.hypot(min(max(x, bx), bx + BASE) - x, min(max(y, by), by + BASE) - y) < pad
            for x, y in discs
        ):
            continue
        if any(
            bx < x1 + 6 and x0 - 6 < bx + BASE and by < y1 + 6 and y0 - 6 < by + BASE
            for x0, y0, x1, y1 in taken
        ):
            continue
        return bx, by
    return int(cx - BASE / 2), int(cy - BASE / 2)


@lru_cache(maxsize=256)
def _disc(ref: bool, company: str, number: int) -> tuple[Image.Image, Image.Image]:
    """An area's disc (drawn once per process): its number, and a post's company by colour
    and letter (number above, letter below); with the mask of the disc."""
    size = (2 * R + 1, 2 * R + 1)
    fill, ink = (COMPANY[company], COMPANY_INK[company]) if company else (FREE_AREA, INK)
    im = canvas.new(size, fill, PALETTE)
    d = Draw(im, PALETTE)
    d.ellipse((0, 0, 2 * R, 2 * R), fill=fill, outline=EDGE, width=3)
    with canvas.texts():  # not recorded here: draw_turn_map notes them on every draw
        if company:
            d.text((R, R - 13), str(number), fill=ink, font=f(TEXT, True), anchor="mm")
            d.text((R, R + 17), COMPANY_SHORT[company], fill=ink, font=f(TEXT, True), anchor="mm")
        else:
            d.text((R, R), str(number), fill=ink, font=f(TEXT + 3, True), anchor="mm")
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, 2 * R, 2 * R), fill=255)
    return im, mask


def _base(d: Draw, comp: str, bx: int, by: int) -> None:
    """A company's base: a square in its colour with its letter."""
    d.rounded_rectangle(
        (bx, by, bx + BASE, by + BASE), radius=6, fill=COMPANY[comp], outline=EDGE, width=3
    )
    d.text(
        (bx + BASE // 2, by + BASE // 2),
        COMPANY_SHORT[comp],
        fill=COMPANY_INK[comp],
        font=f(TEXT + 3, True),
        anchor="mm",
    )


def _posts(size: tuple[int, int], v: Any) -> Image.Image:
    """A canvas with the map, its discs and its bases drawn, nothing lit (cached by where the
    posts stand: most moves place none, so the next turn image starts from the same one)."""
    key = (
        canvas.is_reference(),
        size,
        tuple((a.id, a.xy, a.company, a.number) for a in v.areas),
        tuple((a, b, c) for a, b, c in v.borders),
        tuple((comp, tuple(ids)) for comp, ids in v.base_areas.items()),
    )
    hit = _POSTS.get(key)
    if hit is None:
        hit = _POSTS[key] = _drawn_posts(key[0], size, v)
        while len(_POSTS) > POSTS_KEPT:
            _POSTS.popitem(last=False)
    else:
        _POSTS.move_to_end(key)
    return hit.copy()


#: `_posts`'s canvases (1 MB each), least recently used first: one per game being played
POSTS_KEPT = 4
_POSTS: OrderedDict[tuple, Image.Image] = OrderedDict()


def _drawn_posts(ref: bool, size: tuple[int, int], v: Any) -> Image.Image:
    im = _background(size, v)
    d = Draw(im, PALETTE)
    with canvas.texts():  # not recorded here: draw_turn_map notes them on every draw
        for a in v.areas:
            x, y = pos(a.xy)
            patch, mask = _disc(ref, a.company, a.number)
            im.paste(patch, (x - R, y - R), mask)
        for comp, (bx, by) in base_spots(v).items():
            _base(d, comp, bx, by)
    return im


def draw_turn_map(
    size: tuple[int, int], v: Any, earlier: Collection[str] = ()
) -> tuple[Image.Image, Draw]:
    """A canvas of `size` with the map drawn in its left MAP_W x MAP_H (the rest is left to the
    caller), and a Draw on it. The last move's areas and bases are ringed, and more thinly those
    of `earlier` (ids "area:<id>", "base:<company>" of the moves told beside the map): the rings
    go under the discs, so the discs near a ring are pasted again over it."""
    im = _posts(size, v)
    d = Draw(im, PALETTE)
    last = set(v.last)
    ref = canvas.is_reference()
    at = {a.id: pos(a.xy) for a in v.areas}
    lit = [at[a.id] for a in v.areas if f"area:{a.id}" in last]
    thin = [at[a.id] for a in v.areas if f"area:{a.id}" in earlier and f"area:{a.id}" not in last]
    for x, y in thin:
        d.ellipse((x - R - 6, y - R - 6, x + R + 6, y + R + 6), fill=HIGHLIGHT)
    for x, y in lit:
        d.ellipse((x - R - 11, y - R - 11, x + R + 11, y + R + 11), fill=HIGHLIGHT)
    lit += thin
    for a in v.areas:
        x, y = at[a.id]
        if any(math.hypot(x - lx, y - ly) < 2 * R + 12 for lx, ly in lit):
            patch, mask = _disc(ref, a.company, a.number)
            im.paste(patch, (x - R, y - R), mask)
        canvas.note_text(TEXT if a.company else TEXT + 3, str(a.number))
        if a.company:
            canvas.note_text(TEXT, COMPANY_SHORT[a.company])
    for comp, (bx, by) in base_spots(v).items():
        ring = 7 if f"base:{comp}" in last else 4 if f"base:{comp}" in earlier else 0
        if ring:
            d.rounded_rectangle(
                (bx - ring, by - ring, bx + BASE + ring, by + BASE + ring),
                radius=10,
                fill=HIGHLIGHT,
            )
            with canvas.texts():  # noted below, with the bases not lit
                _base(d, comp, bx, by)
        canvas.note_text(TEXT + 3, COMPANY_SHORT[comp])
    return im, d
