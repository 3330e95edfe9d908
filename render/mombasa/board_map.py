"""The map of Africa: areas as discs at their `xy` (1000 x 1000 grid), borders single or double,
posts in company colours, each area's reward and number (the expand menus name an area by its
number, name and reward); the bases' names next to their areas."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from render.canvas import Draw
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
    WHITE,
    W,
    chip,
    f,
    reward_text,
)

MAP_H = 880
R = 38  # area disc radius


def _pos(xy: tuple[int, int], top: int) -> tuple[int, int]:
    x, y = xy
    return 50 + x * (W - 100) // 1000, top + 46 + y * (MAP_H - 130) // 1000


@lru_cache(maxsize=16)
def _label_spot(
    near: tuple[tuple[int, int], ...],
    w: int,
    h: int,
    discs: tuple[tuple[int, int], ...],
    taken: tuple[tuple[int, int, int, int], ...],
    top: int,
) -> tuple[int, int]:
    """The top-left corner of a w x h label closest to the areas `near` (outward from the
    map's centre first) that overlaps no area disc, no `taken` box and stays on the map."""
    cx = sum(x for x, _ in near) / len(near)
    cy = sum(y for _, y in near) / len(near)
    mx, my = W / 2, top + MAP_H / 2
    ox, oy = cx - mx, cy - my
    norm = math.hypot(ox, oy) or 1.0
    ox, oy = ox / norm, oy / norm
    best: tuple[float, int, int] | None = None
    pad = R + 6
    x_lo, x_hi = max(4, int(cx - w / 2 - 260)), min(W - w - 4, int(cx - w / 2 + 260))
    y_lo, y_hi = max(top + 4, int(cy - 260)), min(top + MAP_H - h - 4, int(cy + 260))
    for bx in range(x_lo, x_hi + 1, 6):
        for by in range(y_lo, y_hi + 1, 6):
            if any(
                bx - pad < x < bx + w + pad
                and by - pad < y < by + h + pad
                and math.hypot(min(max(x, bx), bx + w) - x, min(max(y, by), by + h) - y) < pad
                for x, y in discs
            ):
                continue
            if any(
                bx < x1 + 4 and x0 - 4 < bx + w and by < y1 + 4 and y0 - 4 < by + h
                for x0, y0, x1, y1 in taken
            ):
                continue
            lx, ly = bx + w / 2 - cx, by + h / 2 - cy
            dist = math.hypot(lx, ly)
            # prefer spots outward of the areas (the base lies off the map's edge)
            score = dist - 0.5 * (lx * ox + ly * oy)
            if best is None or score < best[0]:
                best = (score, bx, by)
    if best is None:
        return int(cx - w / 2), int(cy - h / 2)
    return best[1], best[2]


#: where an area's number may sit around its disc (degrees, 0 = east, clockwise on screen)
_TAB_ANGLES = tuple(range(225, 225 + 360, 30))


@lru_cache(maxsize=16)
def _tab_spots(
    discs: tuple[tuple[int, int], ...], boxes: tuple[tuple[int, int, int, int], ...] = ()
) -> tuple[tuple[int, int], ...]:
    """For each disc, the centre of its number tab: on the disc's rim, where it covers none of
    `boxes` (the bases' labels, the legend) and lies farthest from every other disc and every
    tab placed before it (top left on ties), so that it reads as its own disc's number."""
    out: list[tuple[int, int]] = []
    for i, (x, y) in enumerate(discs):
        best: tuple[float, tuple[int, int]] | None = None
        for ang in _TAB_ANGLES:
            tx = x + round((R + 6) * math.cos(math.radians(ang)))
            ty = y + round((R + 6) * math.sin(math.radians(ang)))
            room = min(
                [math.hypot(tx - ox, ty - oy) - R for j, (ox, oy) in enumerate(discs) if j != i]
                + [math.hypot(tx - px, ty - py) - 20 for px, py in out]
                + [1000.0]
            )
            if any(
                tx - 20 < x1 and x0 < tx + 20 and ty - 14 < y1 and y0 < ty + 14
                for x0, y0, x1, y1 in boxes
            ):
                room -= 1000.0
            if best is None or room > best[0] + 1e-9:
                best = (room, (tx, ty))
        assert best is not None
        out.append(best[1])
    return tuple(out)


def _number(d: Draw, n: int, cx: int, cy: int) -> None:
    """An area's number (the expand menus name areas by it) on a tab centred at (cx, cy)."""
    fnt = f(20, True)
    text = str(n)
    w = int(d.d.textlength(text, font=fnt)) + 10
    d.rounded_rectangle(
        (cx - w // 2, cy - 12, cx + w - w // 2, cy + 12),
        radius=7,
        fill=EDGE,
        outline=WHITE,
        width=2,
    )
    d.text((cx, cy), text, fill=WHITE, font=fnt, anchor="mm")


BADGE_R = 14  # the company letter's disc on a post


def badges(v: Any, top: int, tabs: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """The centre of each post's company letter (by area id; areas with a post only)."""
    pos = {a.id: _pos(a.xy, top) for a in v.areas}
    taken = list(tabs.values())
    out: dict[str, tuple[int, int]] = {}
    for a in v.areas:
        if a.company:
            out[a.id] = _badge_spot(pos[a.id], tuple(pos.values()), tuple(taken))
            taken.append(out[a.id])
    return out


def _badge_spot(
    disc: tuple[int, int],
    discs: tuple[tuple[int, int], ...],
    taken: tuple[tuple[int, int], ...],
) -> tuple[int, int]:
    """Where a post's company letter sits: on its disc's rim, farthest from the other discs
    and from the number tabs and letters placed already."""
    x, y = disc
    best: tuple[float, tuple[int, int]] | None = None
    for ang in _TAB_ANGLES:
        bx = x + round(R * math.cos(math.radians(ang)))
        by = y + round(R * math.sin(math.radians(ang)))
        room = min(
            [math.hypot(bx - px, by - py) - R for px, py in discs if (px, py) != disc]
            + [math.hypot(bx - tx, by - ty) - 20 for tx, ty in taken]
            + [1000.0]
        )
        if best is None or room > best[0] + 1e-9:
            best = (room, (bx, by))
    assert best is not None
    return best[1]


LEGEND = "£ money  B book points  ◆ diamonds  T track step  ═ double border"


def layout(
    d: Draw, v: Any, top: int
) -> tuple[list[tuple[str, str, tuple[int, int, int, int]]], dict[str, tuple[int, int]]]:
    """Where the map's texts go: each base's label (company, name, box) beside the areas next
    to it, covering no area, the legend or another label; then each area's number tab (its
    centre by area id), clear of the discs, those labels and each other."""
    pos = {a.id: _pos(a.xy, top) for a in v.areas}
    lw = int(d.d.textlength(LEGEND, font=f(20)))
    taken = [(10, top + MAP_H - 34, 14 + lw, top + MAP_H - 6)]
    discs = tuple(pos.values())
    labels = []
    for comp, ids in v.base_areas.items():
        name = next(c.name for c in v.companies if c.id == comp)
        tw = int(d.d.textlength(name, font=f(26, True))) + 20
        bx, by = _label_spot(tuple(pos[i] for i in ids), tw, 36, discs, tuple(taken), top)
        taken.append((bx, by, bx + tw, by + 36))
        labels.append((comp, name, taken[-1]))
    spots = _tab_spots(tuple(pos[a.id] for a in v.areas), tuple(taken))
    return labels, {a.id: spot for a, spot in zip(v.areas, spots, strict=True)}


def draw_map(d: Draw, v: Any, top: int) -> int:
    d.rectangle((0, top, W, top + MAP_H), fill=SEA)
    pos = {a.id: _pos(a.xy, top) for a in v.areas}
    # land: thick strokes along every border, then the discs
    for a, b, _ in v.borders:
        d.line((pos[a], pos[b]), fill=LAND, width=70)
    for p in pos.values():
        x, y = p
        d.ellipse((x - 48, y - 48, x + 48, y + 48), fill=LAND)
    for a, b, cost in v.borders:
        if cost >= 2:
            d.line((pos[a], pos[b]), fill=INK, width=9)
            d.line((pos[a], pos[b]), fill=LAND, width=3)
        else:
            d.line((pos[a], pos[b]), fill=MUTED, width=3)
    for a in v.areas:
        x, y = pos[a.id]
        lit = f"area:{a.id}" in v.last
        if lit:
            d.ellipse((x - R - 9, y - R - 9, x + R + 9, y + R + 9), fill=HIGHLIGHT)
        if a.company:
            fill, ink = COMPANY[a.company], COMPANY_INK[a.company]
        else:
            fill, ink = FREE_AREA, INK
        d.ellipse((x - R, y - R, x + R, y + R), fill=fill, outline=EDGE, width=3)
        text = reward_text(a.reward)
        parts = text.split(" ")
        if len(parts) == 1:
            d.text((x, y), text, fill=ink, font=f(26, True), anchor="mm")
        else:
            d.text((x, y - 13), parts[0], fill=ink, font=f(22, True), anchor="mm")
            d.text((x, y + 13), parts[1], fill=ink, font=f(22, True), anchor="mm")
    labels, tabs = layout(d, v, top)
    for comp, name, (bx, by, bx1, by1) in labels:
        lit = f"base:{comp}" in v.last
        d.rounded_rectangle(
            (bx, by, bx1, by1),
            radius=8,
            fill=COMPANY[comp],
            outline=HIGHLIGHT if lit else EDGE,
            width=4 if lit else 2,
        )
        d.text(
            ((bx + bx1) // 2, by + 18), name, fill=COMPANY_INK[comp], font=f(26, True), anchor="mm"
        )
    d.text((12, top + MAP_H - 10), LEGEND, fill=INK, font=f(20), anchor="ls")
    company = {a.id: a.company for a in v.areas}
    for aid, (bx, by) in badges(v, top, tabs).items():  # a post's company by letter too
        comp = company[aid]
        chip(d, bx, by, COMPANY[comp], BADGE_R, COMPANY_SHORT[comp], COMPANY_INK[comp], 20)
    for a in v.areas:  # the numbers last: no disc or label covers them
        _number(d, a.number, *tabs[a.id])
    return top + MAP_H
