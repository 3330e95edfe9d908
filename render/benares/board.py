"""Composes the whole table as one tall image for a phone (1000 px wide, read shrunk to about
400 px): the header with whose turn it is and what happened since their last turn, the turn order,
the river map, the markets, the Investment grid, the supply, one panel per company and the key."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render import canvas
from render.benares import company, market, panels, river, sprites
from render.benares import style as st
from render.benares.company import CO_W, company_height, draw_company
from render.benares.market import MARKET_H, draw_market
from render.benares.palette import PALETTE
from render.benares.panels import (
    INV_W,
    draw_header,
    draw_investment,
    draw_order,
    draw_supplies,
    header_height,
    investment_height,
    order_height,
    supply_height,
)
from render.benares.river import MAP_H, MAP_W, draw_map

W = MAP_W  # 1000: the map runs edge to edge, the panels keep a margin
M = 10  # outer margin
G = 10  # gap between panels
PW = W - 2 * M  # panel width


def seat_colours(view) -> dict[int, st.RGB]:
    return {c.seat: st.hex_rgb(c.colour) for c in view.companies}


def clear_caches() -> None:
    """Drop every cached static layer (tests record texts while the layers are drawn)."""
    for fn in (
        river.static_map,
        market.static_market,
        panels._investment_static,
        company._static,
        legend,
    ):
        fn.cache_clear()


def board_height(view) -> int:
    n = len(view.companies)
    return (
        M
        + header_height(view)
        + G
        + order_height()
        + G
        + MAP_H
        + G
        + MARKET_H
        + G
        + investment_height(view)
        + G
        + supply_height()
        + G
        + n * (company_height() + G)
        + LEGEND_H
        + M
    )


def map_bottom(view) -> int:
    """Where the river map ends: header, turn order and map are above."""
    return M + header_height(view) + G + order_height() + G + MAP_H


def draw_board(view) -> Image.Image:
    colours = seat_colours(view)
    hl = set(view.last)
    im = canvas.new((W, board_height(view)), st.BG, PALETTE)
    y = M
    y = draw_header(im, M, y, PW, view, colours) + G
    y = draw_order(im, M, y, PW, view, colours) + G
    im.paste(draw_map(view, hl), (0, y))
    y += MAP_H + G
    im.paste(draw_market(view, hl, colours), (M, y))
    y += MARKET_H + G
    y = draw_investment(im, M, y, view, hl, colours) + G
    y = draw_supplies(im, M, y, PW, view) + G
    for co in view.companies:
        draw_company(im, M, y, co, view, hl)
        y += company_height() + G
    im.paste(legend(canvas.is_reference()), (M, y))
    return canvas.finish(im, PALETTE)


LEGEND_ROWS = (
    ("hl", "Orange glow: what the last move touched"),
    ("boat", "Boat, numbered by seat, at a corner of its space"),
    ("crate", "Crates on a source space (count)"),
    ("road", "Road: a shortcut, its cost in moves"),
    ("pawn", "Market pawn: Benares and Calcutta tracks"),
    ("advisor", "Financial Advisor: its own track"),
    ("space", "Space: Development action over Logistics"),
    ("card", "Card played: covers the action it hides"),
    ("post", "Trading Post: N, S, E, W or R (Regional)"),
    ("agency", "Agency: a Goods marker reaching it gives"),
    ("", "that good's Concession, once"),
    ("vp", "end VP: a Goods marker's score at the end"),
    ("first", "Gold ring: first buyer of an Investment cell"),
)
LEGEND_ROW_H = 38
LEGEND_H = 56 + LEGEND_ROW_H * len(LEGEND_ROWS) + 8


@lru_cache(maxsize=2)
def legend(reference: bool = False) -> Image.Image:
    """How to read the board (for every seat count)."""
    w, h = PW, LEGEND_H - G
    im = canvas.new((w + 1, h + 1), st.BG, PALETTE)
    pen = st.Pen(im)
    pen.rect(0, 0, w, h, fill=st.PANEL, outline=st.PANEL_EDGE, width=3, radius=10)
    with pen.panel("legend", 0, 0, w, h):
        pen.text(16, 28, "HOW TO READ THE BOARD", 24, st.HEADER, True, anchor="lm")
        y = 56 + LEGEND_ROW_H / 2
        for icon, text in LEGEND_ROWS:
            _legend_icon(pen, icon, 40, y)
            pen.fit(80, y, text, st.MIN_TEXT, w - 96, st.INK, icon == "hl", anchor="lm")
            y += LEGEND_ROW_H
    return im


def _legend_icon(pen: st.Pen, icon: str, cx: float, y: float) -> None:
    if icon == "hl":
        pen.sprite(sprites.disc(32, st.HIGHLIGHT, st.HIGHLIGHT), cx, y)
    elif icon == "pawn":
        pen.sprite(sprites.pawn(32, st.SEAT_COLOURS[1], st.INK), cx, y)
    elif icon == "advisor":
        pen.sprite(sprites.advisor_piece(32, st.SEAT_COLOURS[2], st.INK), cx, y)
    elif icon == "boat":
        pen.sprite(sprites.boat(40, st.SEAT_COLOURS[0], st.INK), cx, y - 2)
    elif icon == "crate":
        pen.crate(cx - 15, y - 15, 30, "silk", "3")
    elif icon == "road":
        pen.line([(cx - 26, y), (cx + 26, y)], st.ROAD, 6)
    elif icon == "space":
        pen.rect(cx - 24, y - 16, cx + 24, y - 1, fill=company.DEV_FILL, outline=st.INK, width=1)
        pen.rect(cx - 24, y + 1, cx + 24, y + 16, fill=company.LOG_FILL, outline=st.INK, width=1)
    elif icon == "post":
        pen.rect(cx - 16, y - 16, cx + 16, y + 16, fill=st.POST_FILL["north"], outline=st.INK,
                 width=2, radius=5)  # fmt: skip
        pen.text(cx, y, "N", st.MIN_TEXT, st.WHITE, True)
    elif icon == "agency":
        pen.rect(cx - 18, y - 16, cx + 18, y + 16, fill=company.AGENCY_FILL, outline=st.HEADER,
                 width=2, radius=4)  # fmt: skip
    elif icon == "card":
        pen.rect(cx - 22, y - 15, cx + 22, y + 15, fill=st.KIND_FILL["move"], outline=st.INK,
                 width=2, radius=5)  # fmt: skip
    elif icon == "vp":
        pen.rect(cx - 18, y - 15, cx + 18, y + 15, fill=company.VP_FILL, radius=5)
        pen.text(cx, y, "2", st.MIN_TEXT, st.INK, True)
    elif icon == "first":
        pen.sprite(sprites.disc(36, panels.FIRST_RING, st.INK, 1), cx, y)
        pen.sprite(sprites.disc(26, st.SEAT_COLOURS[3], st.INK), cx, y)


def draw_area(view, seat: int) -> Image.Image:
    """One company's board alone, under the header, with its pawns and lasting bonuses."""
    colours = seat_colours(view)
    hl = set(view.last)
    co = next((c for c in view.companies if c.seat == seat), None)
    if co is None:
        raise ValueError(f"no company in seat {seat}")
    strip = 2 * 44 + 16
    height = M + header_height(view) + G + company_height() + G + strip + M
    im = canvas.new((W, height), st.BG, PALETTE)
    y = draw_header(im, M, M, PW, view, colours) + G
    draw_company(im, M, y, co, view, hl)
    y += company_height() + G
    _market_strip(im, M, y, PW, strip, co, colours)
    return canvas.finish(im, PALETTE)


def _market_strip(im: Image.Image, x: int, y: int, w: int, h: int, co, colours) -> None:
    """The company's pawns and lasting bonuses, which live on shared boards."""
    pen = st.Pen(im, x, y)
    pen.rect(0, 0, w, h, fill=st.PANEL, outline=st.PANEL_EDGE, width=3, radius=10)
    colour = colours.get(co.seat, st.MUTED)
    items = []
    for track, name in (("benares", "Benares"), ("calcutta", "Calcutta")):
        if track in co.rows:
            value = co.crate_value.get(track)
            tail = f" (₹{value} a crate)" if value is not None else ""
            items.append(("pawn", f"{name} row {co.rows[track]}{tail}"))
    if "advisor" in co.rows:
        items.append(("advisor", f"Advisor row {co.rows['advisor']}"))
    extras = [f"crates cost ₹{co.crate_cost}"]
    if co.fleet_bonus:
        extras.append(f"+{co.fleet_bonus} Move step")
    if co.load_bonus:
        extras.append(f"+{co.load_bonus} Load crate")
    items.append(("", " · ".join(extras)))
    f = st.font(st.MIN_TEXT, True)
    cx, cy = 16, 8 + 22
    with pen.panel("market strip", 0, 0, w, h):
        for kind, text in items:
            tw = st.text_w(text, f) + (40 if kind else 0)
            if cx + tw > w - 16:
                cx, cy = 16, cy + 44
            if kind:
                sprite = (sprites.advisor_piece if kind == "advisor" else sprites.pawn)(
                    34, colour, st.INK
                )
                pen.sprite(sprite, cx + 17, cy)
                cx += 40
            pen.text(cx, cy, text, st.MIN_TEXT, st.INK, True, anchor="lm")
            cx += st.text_w(text, f) + 30


assert CO_W == PW and INV_W == PW
