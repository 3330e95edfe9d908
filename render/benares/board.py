"""Composes the whole table (or one company, larger) from the panels."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render import canvas
from render.benares import style as st
from render.benares.company import CO_H, CO_W, draw_company
from render.benares.market import MARKET_H, MARKET_W, draw_market
from render.benares.palette import PALETTE
from render.benares.panels import (
    INV_H,
    INV_W,
    SUP_H,
    draw_header,
    draw_investment,
    draw_supplies,
    header_height,
)
from render.benares.river import MAP_H, MAP_W, draw_map

M = 16  # outer margin
G = 10  # gap between panels
WIDTH = M + MAP_W + G + MARKET_W + M


def seat_colours(view) -> dict[int, st.RGB]:
    return {c.seat: st.hex_rgb(c.colour) for c in view.companies}


def draw_board(view) -> Image.Image:
    colours = seat_colours(view)
    hl = set(view.last)
    n = len(view.companies)
    co_rows = (n + 1) // 2
    hh = header_height(view)
    y_map = M + hh + G
    y_inv = y_map + max(MAP_H, MARKET_H) + G
    y_co = y_inv + max(INV_H, SUP_H) + G
    height = y_co + co_rows * (CO_H + G) - G + M
    im = canvas.new((WIDTH, height), st.BG, PALETTE)
    draw_header(im, M, M, WIDTH - 2 * M, view, colours)
    map_im = draw_map(view, hl)
    im.paste(map_im, (M, y_map))
    st.Pen(im).rect(M, y_map, M + MAP_W - 1, y_map + MAP_H - 1, outline=st.PANEL_EDGE, width=3)
    im.paste(draw_market(view, hl, colours), (M + MAP_W + G, y_map))
    draw_investment(im, M, y_inv, view, hl, colours)
    draw_supplies(im, M + INV_W + G, y_inv, view, colours)
    co_gap = WIDTH - 2 * M - 2 * CO_W
    for i, co in enumerate(view.companies):
        x = M + (i % 2) * (CO_W + co_gap)
        y = y_co + (i // 2) * (CO_H + G)
        draw_company(im, x, y, co, view, hl)
    if n % 2:
        im.paste(legend(canvas.is_reference()), (M + CO_W + co_gap, y_co + (n // 2) * (CO_H + G)))
    return canvas.finish(im, PALETTE)


@lru_cache(maxsize=2)
def legend(reference: bool = False) -> Image.Image:
    """How to read the board; fills the free slot beside an odd company."""
    im = canvas.new((CO_W + 1, CO_H + 1), st.BG, PALETTE)
    pen = st.Pen(im)
    pen.rect(0, 0, CO_W, CO_H, fill=st.PANEL, outline=st.PANEL_EDGE, width=3, radius=10)
    pen.text(18, 28, "HOW TO READ THE BOARD", 22, st.HEADER, True, anchor="lm")
    rows = [
        ("hl", "Orange glow: what the last move touched"),
        ("pawn", "Market pawn (Benares, Calcutta tracks)"),
        ("advisor", "Financial Advisor (its own track)"),
        ("boat", "Boat on the river map, numbered by seat"),
        ("crate", "Crates: count on a source space, letter in a hold"),
        ("post", "Trading Post: N, S, E, W or R (Regional)"),
        ("agency", "A: Agency markers; a Goods marker that reaches them"),
        ("", "   triggers that good's Concession once"),
        ("card", "Card played: covers the company action it hides"),
        ("star", "★ first buyer of an Investment cell · ● Profit disc"),
        ("vp", "end VP: what a Goods marker there scores at the end"),
    ]
    y = 70
    for icon, text in rows:
        cx = 44
        if icon == "hl":
            pen.sprite(st.disc(34, st.HIGHLIGHT, st.HIGHLIGHT), cx, y)
        elif icon == "pawn":
            pen.sprite(st.pawn(30, st.SEAT_COLOURS[1], st.INK), cx, y)
        elif icon == "advisor":
            pen.sprite(st.advisor_piece(30, st.SEAT_COLOURS[2], st.INK), cx, y)
        elif icon == "boat":
            pen.sprite(st.boat(40, st.SEAT_COLOURS[0], st.INK), cx, y - 4)
        elif icon == "crate":
            pen.crate(cx - 13, y - 13, 26, "silk", "3")
        elif icon == "post":
            pen.rect(
                cx - 14,
                y - 14,
                cx + 14,
                y + 14,
                fill=st.POST_FILL["north"],
                outline=st.INK,
                width=2,
                radius=5,
            )
            pen.text(cx, y, "N", 16, st.WHITE, True)
        elif icon == "agency":
            pen.rect(
                cx - 14,
                y - 16,
                cx + 14,
                y + 16,
                fill=(255, 226, 150),
                outline=st.HEADER,
                width=2,
                radius=4,
            )
            pen.text(cx, y, "A", 14, st.HEADER, True)
        elif icon == "card":
            pen.rect(
                cx - 18,
                y - 14,
                cx + 18,
                y + 14,
                fill=st.KIND_FILL["move"],
                outline=st.INK,
                width=2,
                radius=5,
            )
        elif icon == "vp":
            pen.rect(cx - 12, y - 10, cx + 12, y + 10, fill=(250, 232, 170), radius=5)
            pen.text(cx, y, "2", 15, st.INK, True)
        elif icon == "star":
            pen.text(cx, y, "★", 24, st.HEADER, True)
        pen.text(76, y, text, 18, st.INK, icon == "hl", anchor="lm")
        y += 38
    return im


def draw_area(view, seat: int) -> Image.Image:
    """One company's board at double size, under the header."""
    colours = seat_colours(view)
    hl = set(view.last)
    co = next((c for c in view.companies if c.seat == seat), None)
    if co is None:
        raise ValueError(f"no company in seat {seat}")
    zoom = 2.0
    width = int(M * 2 + CO_W * zoom)
    hh = header_height(view)
    strip = 64
    height = int(M + hh + G + CO_H * zoom + G + strip + M)
    im = canvas.new((width, height), st.BG, PALETTE)
    draw_header(im, M, M, width - 2 * M, view, colours)
    draw_company(im, M, M + hh + G, co, view, hl, zoom=zoom)
    _market_strip(im, M, int(M + hh + G + CO_H * zoom + G), width - 2 * M, strip, co, colours)
    return canvas.finish(im, PALETTE)


def _market_strip(im: Image.Image, x: int, y: int, w: int, h: int, co, colours) -> None:
    """The company's pawns and lasting bonuses, which live on shared boards."""
    pen = st.Pen(im, x, y)
    pen.rect(0, 0, w, h, fill=st.PANEL, outline=st.PANEL_EDGE, width=3, radius=10)
    colour = colours.get(co.seat, st.MUTED)
    cx = 18
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
    for kind, text in items:
        if kind:
            sprite = (st.advisor_piece if kind == "advisor" else st.pawn)(34, colour, st.INK)
            pen.sprite(sprite, cx + 17, h / 2)
            cx += 40
        pen.text(cx, h / 2, text, 22, st.INK, True, anchor="lm")
        cx += st.text_w(text, st.font(22, True)) + 30
