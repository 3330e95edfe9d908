"""Colours, fonts and small drawing helpers of the Mombasa images.

Sizes are chosen for a phone: the board is 900 px wide and is read shrunk to about 400 px, so
no text is smaller than 20 px (about 9 px on the phone) and the key figures are 28 px or more.
"""

from __future__ import annotations

from typing import Any

from engine.mombasa.names import reward_short
from render.canvas import Draw
from render.core import font

RGB = tuple[int, int, int]

W = 900
BG: RGB = (238, 228, 206)
PANEL: RGB = (252, 248, 238)
EDGE: RGB = (96, 72, 48)
INK: RGB = (30, 26, 22)
MUTED: RGB = (112, 100, 88)
FAINT: RGB = (214, 204, 186)
WHITE: RGB = (255, 255, 255)
HIGHLIGHT: RGB = (255, 170, 0)  # the last move
LAND: RGB = (230, 206, 160)
SEA: RGB = (170, 206, 230)
LOCKED: RGB = (150, 144, 136)
USED: RGB = (120, 110, 96)
CALL: RGB = (190, 30, 30)  # capital calls
SPECIAL: RGB = (255, 226, 130)

#: The rules' post colours (data.yaml `company_display_colours`): red, orange, black, white.
#: They stay apart under colour blindness too (tests/render/test_colour_blindness.py).
COMPANY: dict[str, RGB] = {
    "mombasa": (190, 45, 40),
    "cape_town": (226, 124, 0),
    "saint_louis": (40, 40, 44),
    "cairo": (250, 250, 246),
}
#: the ink that reads on a company colour
COMPANY_INK: dict[str, RGB] = {
    "mombasa": WHITE,
    "cape_town": WHITE,
    "saint_louis": WHITE,
    "cairo": INK,
}
#: an area no company holds (lighter than the land, darker than Cairo's white)
FREE_AREA: RGB = (244, 234, 212)
COMPANY_SHORT = {"mombasa": "M", "cape_town": "C", "saint_louis": "S", "cairo": "K"}
PLAYER: dict[str, RGB] = {
    "blue": (40, 110, 215),
    "green": (40, 150, 70),
    "yellow": (245, 200, 20),
    "purple": (110, 31, 130),  # deep: a lighter purple looks like the blue to the colour-blind
}
PLAYER_INK: dict[str, RGB] = {"blue": WHITE, "green": WHITE, "yellow": INK, "purple": WHITE}
TYPE_FILL: dict[str, RGB] = {
    "bananas": (250, 226, 110),
    "cotton": (245, 245, 240),
    "coffee": (150, 100, 60),
    "expansion": (200, 220, 190),
    "bookkeeper": (205, 215, 240),
    "diamond_merchant": (230, 210, 240),
    "share": (240, 200, 190),
}
TYPE_INK: dict[str, RGB] = {"coffee": WHITE}

#: (ink, ground): the text drawn on a colour, for the high-contrast palette (render/contrast.py)
TEXT_ON: list[tuple[RGB, RGB]] = [
    *((ink, ground) for ink in (INK, MUTED, CALL) for ground in (BG, PANEL, FREE_AREA, WHITE)),
    *((INK, ground) for ground in (FAINT, SPECIAL, LAND, SEA, HIGHLIGHT)),
    (MUTED, FAINT),
    *((WHITE, ground) for ground in (EDGE, LOCKED, USED, CALL, INK)),
    *((COMPANY_INK[c], colour) for c, colour in COMPANY.items()),
    *((PLAYER_INK[p], colour) for p, colour in PLAYER.items()),
    *((TYPE_INK.get(t, INK), colour) for t, colour in TYPE_FILL.items()),
    *((CALL, colour) for t, colour in TYPE_FILL.items() if t not in TYPE_INK),
]

#: the colours that must stay told apart (render/contrast.py keeps their lightness gaps)
TOLD_APART: list[list[RGB]] = [list(COMPANY.values()), list(PLAYER.values())]


def f(size: int, bold: bool = False) -> Any:
    return font(size, bold)


def card_colours(face: Any) -> tuple[RGB, RGB]:
    """(fill, ink) of a card face."""
    key = face.good if face.type == "goods" else face.type
    return TYPE_FILL.get(key, PANEL), TYPE_INK.get(key, INK)


def reward_text(reward: list[tuple[str, int]]) -> str:
    """'£2', 'B1 ◆1', 'T1' (the engine's wording, so menus and map read the same)."""
    return reward_short(reward)


def short_units(pairs: list[tuple[str, int]]) -> str:
    short = {"bananas": "Ban", "cotton": "Cot", "coffee": "Cof", "expansion": "Exp"}
    return " ".join(f"{short.get(k, k[:3].title())} {n}" for k, n in pairs)


def panel(d: Draw, box: tuple[int, int, int, int], fill: RGB = PANEL, lit: bool = False) -> None:
    d.rounded_rectangle(
        box, radius=10, fill=fill, outline=HIGHLIGHT if lit else EDGE, width=5 if lit else 2
    )


def chip(
    d: Draw, x: int, y: int, colour: RGB, r: int, text: str = "", ink: RGB = WHITE, size: int = 20
) -> None:
    """A disc centred at (x, y), with optional text."""
    d.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=2)
    if text:
        d.text((x, y), text, fill=ink, font=f(size, True), anchor="mm")
