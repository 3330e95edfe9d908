"""Where each map node and time-track space is drawn (page coordinates).

The map is a graph (spec section 7.1): a 3x3 grid of sea hexes with `x` in the middle and `f1`
(x's fifth neighbour) plus the far market on an island inside the south-east face of the grid,
so no sea lane crosses another. Node ids come from the view; unknown ids get a fallback spot.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from render.tidewater.style import MAP_S, MAP_X, MAP_Y, TRACK_H, TRACK_W, TRACK_X, TRACK_Y

S = MAP_S  # the positions below are in the map's 1110 x 760 frame, drawn at this scale
SEA_R = 50  # sea hex radius (centre to corner), page pixels
HEX_R = 54  # company (land) hex radius
PORT_R = 29

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
    "M_FAR": (756, 470),
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
    "M_NORTH": (716, 58, 0, 38),
    "M_SOUTH": (716, 700, 0, -38),
    "M_FAR": (756, 522, 0, 34),
}
# nav point spots inside a sea hex, one per company, roughly towards its home corner
NAV_OFFSET: dict[str, tuple[int, int]] = {
    "RED": (-27, -13),
    "YELLOW": (27, -13),
    "BLUE": (-27, 21),
    "GREEN": (27, 21),
}


class Frame(NamedTuple):
    """Where the map's 1110 x 760 frame is drawn: its top-left corner on the image and its
    scale. The board's is `BOARD`; the turn image draws the same map in its own frame."""

    x: int
    y: int
    s: float

    def at(self, p: tuple[float, float]) -> tuple[int, int]:
        return (self.x + round(p[0] * self.s), self.y + round(p[1] * self.s))

    @property
    def u(self) -> float:
        """Sizes given in board px (SEA_R, widths ...) are multiplied by this."""
        return self.s / S

    @property
    def size(self) -> tuple[int, int]:
        return (round(1110 * self.s), round(760 * self.s))


BOARD = Frame(MAP_X, MAP_Y, S)


def _page(p: tuple[float, float], f: Frame = BOARD) -> tuple[int, int]:
    return f.at(p)


def _fallback(i: int) -> tuple[int, int]:
    return (60 + 70 * (i % 14), 740)


def sea_pos(hid: str, i: int = 0, f: Frame = BOARD) -> tuple[int, int]:
    return _page(_SEA_LOCAL.get(hid) or _fallback(i), f)


def port_pos(pid: str, i: int = 0, f: Frame = BOARD) -> tuple[int, int]:
    return _page(_PORT_LOCAL.get(pid) or _fallback(i + 5), f)


def hex_pos(hid: str, i: int = 0, f: Frame = BOARD) -> tuple[int, int]:
    return _page(_HEX_LOCAL.get(hid) or _fallback(i + 10), f)


def dock_pos(pid: str, k: int, f: Frame = BOARD, spread: float = 1.0) -> tuple[int, int]:
    """Centre of the k-th ship docked at a port (`spread`: the step between ships scaled)."""
    x, y, dx, dy = _DOCK_LOCAL.get(pid, (*_PORT_LOCAL.get(pid, (60, 740)), 0, 36))
    return _page((x + dx * k * spread, y + dy * k * spread), f)


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
# A straight row of spaces 0..steps (0 = Start, steps = home again) along the panel's foot; a
# stack's discs pile up above its space, bottom disc lowest.
DISC_R = 20
STACK_STEP = 40
CELL_H = 46
TRACK_PAD = 18


def cell_w(steps: int) -> float:
    return (TRACK_W - 2 * TRACK_PAD) / (steps + 1)


def cell_box(pos: int, steps: int) -> tuple[float, float, float, float]:
    """The box of space `pos` (0..steps)."""
    w = cell_w(steps)
    x = TRACK_X + TRACK_PAD + pos * w
    y1 = TRACK_Y + TRACK_H - 50
    return (x + 2, y1 - CELL_H, x + w - 2, y1)


def disc_xy(pos: int, steps: int, level: int) -> tuple[float, float]:
    """Centre of the disc at `level` (0 = bottom) of the stack on space `pos`."""
    x0, y0, x1, _ = cell_box(min(max(pos, 0), steps), steps)
    return ((x0 + x1) / 2, y0 - DISC_R - 6 - level * STACK_STEP)
