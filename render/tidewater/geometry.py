"""Where each map node and time-track space is drawn (page coordinates).

The map is a graph (spec section 7.1): a 3x3 grid of sea hexes with `x` in the middle and `f1`
(x's fifth neighbour) plus the far market on an island inside the south-east face of the grid,
so no sea lane crosses another. Node ids come from the view; unknown ids get a fallback spot.
"""

from __future__ import annotations

import math

from render.tidewater.style import MAP_X, MAP_Y, TRACK_H, TRACK_W, TRACK_X, TRACK_Y

SEA_R = 60  # sea hex radius (centre to corner)
HEX_R = 66  # company (land) hex radius
PORT_R = 36

_COL = (300, 520, 840)
_ROW = (205, 395, 585)

_SEA_LOCAL: dict[str, tuple[int, int]] = {
    "a1": (_COL[0], _ROW[0]),
    "n1": (_COL[1], _ROW[0]),
    "d1": (_COL[2], _ROW[0]),
    "w1": (_COL[0], _ROW[1]),
    "x": (_COL[1], _ROW[1]),
    "e1": (_COL[2], _ROW[1]),
    "b1": (_COL[0], _ROW[2]),
    "s1": (_COL[1], _ROW[2]),
    "c1": (_COL[2], _ROW[2]),
    "f1": (640, 490),
}
_PORT_LOCAL: dict[str, tuple[int, int]] = {
    "P_RED": (188, _ROW[0]),
    "P_BLU": (188, _ROW[2]),
    "P_YEL": (952, _ROW[0]),
    "P_GRN": (952, _ROW[2]),
    "M_NORTH": (_COL[1], 72),
    "M_SOUTH": (_COL[1], 718),
    "M_FAR": (744, 456),
}
_HEX_LOCAL: dict[str, tuple[int, int]] = {
    "H_RED": (82, _ROW[0]),
    "H_BLU": (82, _ROW[2]),
    "H_YEL": (1036, _ROW[0]),
    "H_GRN": (1036, _ROW[2]),
}
# where the ships docked at a port line up: first ship position and the step between ships
_DOCK_LOCAL: dict[str, tuple[int, int, int, int]] = {
    "P_RED": (150, _ROW[0] + 78, 0, 40),
    "P_BLU": (150, _ROW[2] - 78, 0, -40),
    "P_YEL": (990, _ROW[0] + 78, 0, 40),
    "P_GRN": (990, _ROW[2] - 78, 0, -40),
    "M_NORTH": (668, 58, 0, 38),
    "M_SOUTH": (668, 700, 0, -38),
    "M_FAR": (744, 497, 0, 36),
}
# nav point spots inside a sea hex, one per company, roughly towards its home corner
NAV_OFFSET: dict[str, tuple[int, int]] = {
    "RED": (-24, -22),
    "YELLOW": (24, -22),
    "BLUE": (-24, 22),
    "GREEN": (24, 22),
}


def _page(p: tuple[int, int]) -> tuple[int, int]:
    return (MAP_X + p[0], MAP_Y + p[1])


def _fallback(i: int) -> tuple[int, int]:
    return (60 + 70 * (i % 14), 740)


def sea_pos(hid: str, i: int = 0) -> tuple[int, int]:
    return _page(_SEA_LOCAL.get(hid) or _fallback(i))


def port_pos(pid: str, i: int = 0) -> tuple[int, int]:
    return _page(_PORT_LOCAL.get(pid) or _fallback(i + 5))


def hex_pos(hid: str, i: int = 0) -> tuple[int, int]:
    return _page(_HEX_LOCAL.get(hid) or _fallback(i + 10))


def dock_pos(pid: str, k: int) -> tuple[int, int]:
    """Centre of the k-th ship docked at a port."""
    x, y, dx, dy = _DOCK_LOCAL.get(pid, (*_PORT_LOCAL.get(pid, (60, 740)), 0, 36))
    return _page((x + dx * k, y + dy * k))


def hexagon(cx: float, cy: float, r: float, pointy: bool = True) -> list[tuple[float, float]]:
    start = 30 if pointy else 0
    return [
        (
            cx + r * math.cos(math.radians(start + 60 * i)),
            cy + r * math.sin(math.radians(start + 60 * i)),
        )
        for i in range(6)
    ]


# ---- time track ---------------------------------------------------------------------------------
TRACK_CX = TRACK_X + TRACK_W // 2
TRACK_CY = TRACK_Y + TRACK_H // 2 + 18
TRACK_R = 178  # radius of the ring of spaces
SPACE_R = 28
DISC_R = 24
STACK_STEP = 44


def space_angle(pos: int, steps: int) -> float:
    """Clockwise from the top (Start)."""
    return math.radians(-90 + 360 * (pos % steps) / steps)


def space_xy(pos: int, steps: int, radius: float = TRACK_R) -> tuple[float, float]:
    a = space_angle(pos, steps)
    return (TRACK_CX + radius * math.cos(a), TRACK_CY + radius * math.sin(a))


def stack_step(pos: int, steps: int, n: int) -> float:
    """Distance between discs of a stack of n growing outwards, squeezed near the panel edge."""
    if n <= 1:
        return STACK_STEP
    a = space_angle(pos, steps)
    dx, dy = math.cos(a), math.sin(a)
    room = 1e9
    if abs(dx) > 1e-6:
        edge = (TRACK_X + TRACK_W - 14 - TRACK_CX) if dx > 0 else (TRACK_CX - TRACK_X - 14)
        room = min(room, edge / abs(dx))
    if abs(dy) > 1e-6:
        edge = (TRACK_Y + TRACK_H - 70 - TRACK_CY) if dy > 0 else (TRACK_CY - TRACK_Y - 8)
        room = min(room, edge / abs(dy))
    return max(26.0, min(STACK_STEP, (room - TRACK_R - DISC_R) / (n - 1)))
