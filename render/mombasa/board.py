"""The whole table as one tall image (readable on a phone shrunk to 400 px): header with round,
phase, whose turn and the last move; the map; the four companies; cards, books and bonus spaces;
one panel per player."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render import canvas
from render.mombasa.board_map import MAP_H, draw_map
from render.mombasa.companies import PANEL_H, draw_company
from render.mombasa.market import bonus_height, draw_bonus, draw_market, market_height
from render.mombasa.palette import PALETTE
from render.mombasa.players import PLAYER_H, draw_player
from render.mombasa.style import BG, HIGHLIGHT, INK, MUTED, PLAYER, W, chip, f

HEADER_H = 150


def _header(d: canvas.Draw, v: Any) -> None:
    d.text((14, 12), "Mombasa", fill=INK, font=f(34, True), anchor="la")
    head = "Setup" if v.phase == "start_tiles" else f"Round {v.round}/{v.rounds}"
    d.text((W - 14, 16), head, fill=INK, font=f(30, True), anchor="ra")
    parts = v.status.split(" · ")
    rest = " · ".join(parts[1:]) if len(parts) > 1 else v.status.removeprefix("Setup: ")
    if len(rest) > 46:
        rest = rest[:45] + "…"
    d.text((14, 60), rest, fill=INK, font=f(26), anchor="la")
    y = 100
    lines = v.last_text[-2:]
    for line in lines:
        if len(line) > 64:
            line = line[:62] + "…"
        d.rectangle((14, y + 2, 22, y + 20), fill=HIGHLIGHT)
        d.text((30, y), line, fill=MUTED, font=f(20), anchor="la")
        y += 24
    for i, s in enumerate(v.deciding):
        p = v.players[s]
        chip(d, W - 30 - i * 36, 76, PLAYER[p.colour], 14)


def board_height(v: Any) -> int:
    board = sum(1 for s in v.bonus_spaces if s.kind != "extra")
    return (
        HEADER_H
        + MAP_H
        + 8
        + 4 * PANEL_H
        + market_height()
        + 8
        + bonus_height(board)
        + 8
        + v.seats * PLAYER_H
        + 6
    )


def draw_board(v: Any) -> Image.Image:
    im = canvas.new((W, board_height(v)), BG, PALETTE)
    d = canvas.Draw(im, PALETTE)
    _header(d, v)
    y = draw_map(d, v, HEADER_H)
    y += 8
    for c in v.companies:
        y = draw_company(d, v, c, y)
    y = draw_market(d, v, y) + 8
    y = draw_bonus(d, v, y) + 8
    for p in v.players:
        y = draw_player(d, v, p, y)
    return canvas.finish(im, PALETTE)


def draw_area(v: Any, seat: int) -> Image.Image:
    """One player's board alone."""
    im = canvas.new((W, PLAYER_H + 12), BG, PALETTE)
    d = canvas.Draw(im, PALETTE)
    draw_player(d, v, v.players[seat], 6)
    return canvas.finish(im, PALETTE)
