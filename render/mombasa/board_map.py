"""The map of Africa: areas as discs at their `xy` (1000 x 1000 grid), borders single or double,
posts in company colours, each area's reward; the bases' names next to their areas."""

from __future__ import annotations

from typing import Any

from render.canvas import Draw
from render.mombasa.style import (
    COMPANY,
    EDGE,
    HIGHLIGHT,
    INK,
    LAND,
    MUTED,
    SEA,
    WHITE,
    W,
    f,
    reward_text,
)

MAP_H = 860
R = 38  # area disc radius


def _pos(xy: tuple[int, int], top: int) -> tuple[int, int]:
    x, y = xy
    return 46 + x * (W - 92) // 1000, top + 40 + y * (MAP_H - 80) // 1000


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
            fill, ink = COMPANY[a.company], WHITE
        else:
            fill, ink = WHITE, INK
        d.ellipse((x - R, y - R, x + R, y + R), fill=fill, outline=EDGE, width=3)
        text = reward_text(a.reward)
        parts = text.split(" ")
        if len(parts) == 1:
            d.text((x, y), text, fill=ink, font=f(26, True), anchor="mm")
        else:
            d.text((x, y - 13), parts[0], fill=ink, font=f(22, True), anchor="mm")
            d.text((x, y + 13), parts[1], fill=ink, font=f(22, True), anchor="mm")
    # bases: a label in the company colour beside the areas next to it
    for comp, ids in v.base_areas.items():
        xs = [pos[i][0] for i in ids]
        ys = [pos[i][1] for i in ids]
        cx, cy = sum(xs) // len(xs), sum(ys) // len(ys)
        name = next(c.name for c in v.companies if c.id == comp)
        lit = f"base:{comp}" in v.last
        fnt = f(26, True)
        tw = int(d.d.textlength(name, font=fnt))
        # pushed from the map's centre out to its edge, where the base lies
        mx, my = W // 2, top + MAP_H // 2
        dx, dy = cx - mx, cy - my
        if abs(dx) * MAP_H > abs(dy) * W:  # east or west edge
            bx = 4 if dx < 0 else W - tw - 24
            by = min(ys) - 84  # above the topmost area next to the base
        else:  # north or south edge
            by = top + 4 if dy < 0 else top + MAP_H - 70
            bx = cx - tw // 2 - 10
        bx = min(max(bx, 4), W - tw - 24)
        by = min(max(by, top + 4), top + MAP_H - 70)
        d.rounded_rectangle(
            (bx, by, bx + tw + 20, by + 36),
            radius=8,
            fill=COMPANY[comp],
            outline=HIGHLIGHT if lit else WHITE,
            width=4 if lit else 2,
        )
        d.text((bx + 10 + tw // 2, by + 18), name, fill=WHITE, font=fnt, anchor="mm")
    d.text(
        (12, top + MAP_H - 14),
        "£ money  B book points  ◆ diamonds  T track step  ═ double border",
        fill=INK,
        font=f(20),
        anchor="ls",
    )
    return top + MAP_H
