"""The whole table as one tall image (readable on a phone shrunk to 400 px): header with round,
phase, whose turn and the last move; the map; the four companies; cards, books and bonus spaces;
one panel per player."""

from __future__ import annotations

import re
from typing import Any

from PIL import Image

from render import canvas
from render.mombasa.board_map import MAP_H, draw_map
from render.mombasa.companies import PANEL_H, draw_company
from render.mombasa.market import bonus_height, draw_bonus, draw_market, market_height
from render.mombasa.palette import PALETTE
from render.mombasa.players import PLAYER_H, draw_player
from render.mombasa.style import BG, HIGHLIGHT, INK, PLAYER, PLAYER_INK, W, chip, f

HEADER_H = 182
LINE_FONT = 22
# log lines that say nothing the board does not show better (or that only follow from the move)
FILLER = (
    re.compile(r" has planned\.$"),
    re.compile(r"^Round \d+: action phase\.$"),
    re.compile(r" leaves \d+ units? unused"),
    re.compile(r" has no action left and passes\.$"),
    re.compile(r" is now active\.$"),
    re.compile(r"^Final scoring: "),
)


def headline(v: Any) -> list[str]:
    """Up to three lines of the last move that matter: the move itself and what it did, without
    filler; a reveal is summed up (the revealed cards are lit on the boards)."""
    lines = list(v.last_text)
    reveals = [ln for ln in lines if " reveals: " in ln]
    if reveals:
        return [f"Plans revealed: round {v.round} action phase begins."]
    if v.phase == "over":
        win = [
            ln
            for ln in lines
            if ln.endswith(f"with £{max(p.final.get('total', 0) for p in v.players)}.")
        ]
        return win[-1:] + [ln for ln in lines if "game is over" in ln][:1]
    kept = [ln for ln in lines if not any(r.search(ln) for r in FILLER)]
    return (kept or lines[-1:])[:3]


def _fit(d: canvas.Draw, text: str, fnt: Any, width: int) -> str:
    """`text` within `width`: first without its details (after a ";", in brackets), then cut."""
    if d.d.textlength(text, font=fnt) <= width:
        return text
    short = re.sub(r" \([^)]*\)", "", text.split(";")[0]).rstrip(".") + "."
    if d.d.textlength(short, font=fnt) <= width:
        return short
    text = short
    while text and d.d.textlength(text + "…", font=fnt) > width:
        text = text[:-1]
    return text.rstrip(" ,;") + "…"


def _header(d: canvas.Draw, v: Any) -> None:
    d.text((14, 12), "Mombasa", fill=INK, font=f(34, True), anchor="la")
    head = "Setup" if v.phase == "start_tiles" else f"Round {v.round}/{v.rounds}"
    d.text((W - 14, 16), head, fill=INK, font=f(30, True), anchor="ra")
    if v.phase == "over":
        best = min(v.players, key=lambda p: (p.place, p.seat))
        win = [p.name for p in v.players if p.place == 1]
        rest = f"Game over · {' and '.join(win)} {'wins' if len(win) == 1 else 'tie'} with £{best.final['total']}"
    elif v.phase == "planning":
        done = sum(p.planned for p in v.players)
        rest = f"Planning · {done} of {v.seats} have planned"
    else:
        parts = v.status.split(" · ")
        rest = " · ".join(parts[1:]) if len(parts) > 1 else v.status.removeprefix("Setup: ")
    # who must decide now: their discs (planning: a tick on those who have planned)
    x = W - 30
    if v.phase in ("planning", "start_tiles"):
        for p in reversed(v.players):
            done = p.planned if v.phase == "planning" else p.start_chosen
            chip(d, x, 78, PLAYER[p.colour], 16, "✓" if done else "…", PLAYER_INK[p.colour], 18)
            x -= 40
    else:
        for s in reversed(v.deciding):
            p = v.players[s]
            chip(d, x, 78, PLAYER[p.colour], 16, str(s + 1), PLAYER_INK[p.colour], 18)
            x -= 40
    d.text((14, 62), _fit(d, rest, f(26), x - 30), fill=INK, font=f(26), anchor="la")
    y = 104
    fnt = f(LINE_FONT)
    for line in headline(v):
        d.rectangle((14, y + 3, 22, y + 23), fill=HIGHLIGHT)
        d.text((30, y), _fit(d, line, fnt, W - 44), fill=INK, font=fnt, anchor="la")
        y += 26


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
