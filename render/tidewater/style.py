"""Colours, sizes and the fixed page layout of the Tidewater board image."""

from __future__ import annotations

Color = tuple[int, int, int]


def hex_rgb(value: str) -> Color:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


# ---- page -------------------------------------------------------------------------------------
WIDTH = 1700
HEADER_H = 92
LAST_H = 72  # the "last move" bar under the header
MAP_X, MAP_Y = 0, HEADER_H + LAST_H
MAP_W, MAP_H = 1110, 760
TRACK_X, TRACK_Y = MAP_W, MAP_Y
TRACK_W, TRACK_H = WIDTH - MAP_W, MAP_H
COMP_Y = MAP_Y + MAP_H + 10
COMP_H = 372
MARKET_Y = COMP_Y + COMP_H + 10
MARKET_H = 196
PLAYERS_Y = MARKET_Y + MARKET_H + 10
PLAYERS_H = 228
HEIGHT = PLAYERS_Y + PLAYERS_H + 10
GAP = 10

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

COMPANY = {
    "RED": hex_rgb("#E0343F"),
    "BLUE": hex_rgb("#2F7BEA"),
    "GREEN": hex_rgb("#2FAE4E"),
    "YELLOW": hex_rgb("#F5C518"),
}
COMPANY_DARK = {
    "RED": hex_rgb("#7A1820"),
    "BLUE": hex_rgb("#163F7A"),
    "GREEN": hex_rgb("#17592A"),
    "YELLOW": hex_rgb("#7A620A"),
}
# text drawn on a company colour
COMPANY_INK = {"RED": TEXT, "BLUE": TEXT, "GREEN": TEXT, "YELLOW": hex_rgb("#1A1A1A")}
COMPANY_SHORT = {"RED": "R", "BLUE": "B", "GREEN": "G", "YELLOW": "Y"}
COMPANY_ORDER = ("RED", "BLUE", "GREEN", "YELLOW")

# players: kept clear of the four company colours
PLAYER = [hex_rgb("#F4F4F4"), hex_rgb("#2A2A2E"), hex_rgb("#A05CE8"), hex_rgb("#FF8C2E")]
PLAYER_INK = [hex_rgb("#111111"), TEXT, TEXT, hex_rgb("#111111")]
PLAYER_NAME = ["white", "black", "purple", "orange"]


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
