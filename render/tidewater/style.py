"""Colours, sizes and the fixed page layout of the Tidewater board image."""

from __future__ import annotations

Color = tuple[int, int, int]


def hex_rgb(value: str) -> Color:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


# ---- page -------------------------------------------------------------------------------------
# Phone first (like Mombasa): one tall image 900 px wide, read shrunk to about 400 px, so no text
# is smaller than 20 px (about 9 px on the phone) and the key figures are 28 px or more. The parts
# are stacked: header, what just happened, map, time track, companies, market, players, legend.
WIDTH = 900
M = 10  # outer margin
GAP = 10
MIN_TEXT = 20  # the smallest text size anywhere on the board
HEADER_H = 146
NEWS_Y = HEADER_H
NEWS_H = 204  # "what just happened" (fixed, so the static layer does not depend on it)
NEWS_ROWS = 5
MAP_S = 0.8  # the map is laid out in a 1110 x 760 frame, drawn at this scale
MAP_X, MAP_Y = 6, NEWS_Y + NEWS_H + GAP
MAP_W, MAP_H = round(1110 * MAP_S), round(760 * MAP_S)
TRACK_X, TRACK_Y = M, MAP_Y + MAP_H + GAP
TRACK_W, TRACK_H = WIDTH - 2 * M, 348
COMP_Y = TRACK_Y + TRACK_H + GAP
COMP_W = (WIDTH - 2 * M - GAP) // 2
COMP_H = 404
DEMAND_Y = COMP_Y + 2 * COMP_H + 2 * GAP
DEMAND_H = 184
DISPLAY_Y = DEMAND_Y + DEMAND_H + GAP
DISPLAY_H = 116
STOCK_Y = DISPLAY_Y + DISPLAY_H + GAP
STOCK_H = 240
PLAYERS_Y = STOCK_Y + STOCK_H + GAP
PLAYER_W = COMP_W
PLAYER_H = 240
LEGEND_H = 300


def player_rows(seats: int) -> int:
    return (max(1, seats) + 1) // 2


def legend_y(seats: int) -> int:
    return PLAYERS_Y + player_rows(seats) * (PLAYER_H + GAP)


def height(seats: int) -> int:
    """The page height: only the players' rows depend on the seat count."""
    return legend_y(seats) + LEGEND_H + M


def page_size(seats: int) -> tuple[int, int]:
    return (WIDTH, height(seats))


# ---- palette ----------------------------------------------------------------------------------
BG = hex_rgb("#161B24")
PANEL = hex_rgb("#232B38")
PANEL_EDGE = hex_rgb("#3A4557")
TEXT = hex_rgb("#F4F6FA")
MUTED = hex_rgb("#A9B4C6")
DIM = hex_rgb("#6C788C")
HILITE = hex_rgb("#FFE14D")  # the last move
ACTIVE = hex_rgb("#5CF2B0")  # whose turn it is
WARN = hex_rgb("#FF8A65")

SEA_DEEP = hex_rgb("#1C4A66")
SEA_LANE = hex_rgb("#6FB3D2")
SEA_HEX = hex_rgb("#2D7097")
SEA_HEX_EDGE = hex_rgb("#9ED3EA")
LAND = hex_rgb("#C9B98B")
LAND_EDGE = hex_rgb("#8E7D55")
LAND_DARK = hex_rgb("#A8966A")

# Company colours: told apart also under protanopia, deuteranopia and tritanopia (CIEDE2000
# >= 10, tests/render/test_colour_blindness.py), chiefly by lightness: a dark red, a light green.
COMPANY = {
    "RED": hex_rgb("#D42A2A"),
    "BLUE": hex_rgb("#2F7BEA"),
    "GREEN": hex_rgb("#10B878"),
    "YELLOW": hex_rgb("#F5C518"),
}
COMPANY_DARK = {
    "RED": hex_rgb("#7A1820"),
    "BLUE": hex_rgb("#163F7A"),
    "GREEN": hex_rgb("#0A5C3C"),
    "YELLOW": hex_rgb("#7A620A"),
}
# text drawn on a company colour
COMPANY_INK = {"RED": TEXT, "BLUE": TEXT, "GREEN": hex_rgb("#1A1A1A"), "YELLOW": hex_rgb("#1A1A1A")}
COMPANY_SHORT = {"RED": "R", "BLUE": "B", "GREEN": "G", "YELLOW": "Y"}
COMPANY_ORDER = ("RED", "BLUE", "GREEN", "YELLOW")

# players: kept clear of the four company colours
PLAYER = [hex_rgb("#F4F4F4"), hex_rgb("#2A2A2E"), hex_rgb("#A05CE8"), hex_rgb("#FF8C2E")]
PLAYER_INK = [hex_rgb("#111111"), TEXT, TEXT, hex_rgb("#111111")]
PLAYER_NAME = ["white", "black", "purple", "orange"]

#: a closed company slot and the cost written on it; a share box of a company not held
SLOT_CLOSED = (44, 52, 66)
SLOT_CLOSED_INK = (150, 160, 180)
NO_SHARE = (40, 48, 62)
NO_SHARE_INK = (120, 130, 150)

#: (ink, ground): the text drawn on a colour, for the high-contrast palette (render/contrast.py)
TEXT_ON: list[tuple[Color, Color]] = [
    *((ink, ground) for ink in (TEXT, MUTED, DIM, HILITE, ACTIVE) for ground in (BG, PANEL)),
    *((COMPANY_INK[c], colour) for c, colour in COMPANY.items()),
    *((TEXT, colour) for colour in COMPANY_DARK.values()),
    *zip(PLAYER_INK, PLAYER, strict=True),
    (SLOT_CLOSED_INK, SLOT_CLOSED),
    (NO_SHARE_INK, NO_SHARE),
]

#: the colours that must stay told apart (render/contrast.py keeps their lightness gaps)
TOLD_APART: list[list[Color]] = [list(COMPANY.values()), list(PLAYER)]


def company_rgb(cid: str) -> Color:
    return COMPANY.get(cid, MUTED)


def player_rgb(seat: int) -> Color:
    return PLAYER[seat % len(PLAYER)]


def player_ink(seat: int) -> Color:
    return PLAYER_INK[seat % len(PLAYER_INK)]


WAGE_BAND = {
    0: hex_rgb("#3B4352"),
    2: hex_rgb("#3E5A4A"),
    4: hex_rgb("#4F6A3A"),
    6: hex_rgb("#6E6A2E"),
    8: hex_rgb("#7A4E2A"),
}


WAGE_NONE = hex_rgb("#8C97A8")  # a band paying no wage
WAGE_LOW = hex_rgb("#EAD9A0")  # the lowest paying band
WAGE_HIGH = hex_rgb("#FF8A4C")  # the highest wage band


def wage_rgb(t: float) -> Color:
    """Wage band fill: grey for no wage, then pale sand (low) to warm orange (top), `t` in 0..1."""
    if t <= 0:
        return WAGE_NONE
    t = min(1.0, t)
    r, g, b = (round(a + (z - a) * t) for a, z in zip(WAGE_LOW, WAGE_HIGH, strict=True))
    return (r, g, b)
