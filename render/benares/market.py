"""The market board: Benares, Calcutta and Financial Advisor tracks, rows 0..10 bottom to top,
with every company's pawn."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render import canvas
from render.benares import sprites
from render.benares import style as st
from render.benares.palette import PALETTE

MARKET_W, MARKET_H = 980, 630
TOP = 96  # title + column headers
ROW_H = 48
LABEL_W = 50
COL_W = 226
REWARD_W = MARKET_W - LABEL_W - 3 * COL_W - 24
MIN = st.MIN_TEXT
TRACKS = ("benares", "calcutta", "advisor")
TRACK_TITLE = {"benares": "BENARES", "calcutta": "CALCUTTA", "advisor": "ADVISOR"}
TRACK_FILL = {
    "benares": (250, 232, 204),
    "calcutta": (222, 234, 248),
    "advisor": (250, 242, 200),
}
TRACK_EDGE = {"benares": (150, 90, 30), "calcutta": (40, 90, 160), "advisor": (160, 130, 20)}
PAWN = 40


def _row_y(row: int, rows: int) -> float:
    return TOP + (rows - 1 - row) * ROW_H


@lru_cache(maxsize=4)
def static_market(
    rows: int, rewards: tuple[tuple[int, str], ...], reference: bool = False
) -> Image.Image:
    im = canvas.new((MARKET_W, MARKET_H), st.PANEL, PALETTE)
    pen = st.Pen(im)
    pen.rect(0, 0, MARKET_W - 1, MARKET_H - 1, outline=st.PANEL_EDGE, width=3, radius=10)
    cm = st.panel("market", (0, 0, MARKET_W - 1, MARKET_H - 1))
    cm.__enter__()
    pen.text(16, 26, "MARKETS", 24, st.HEADER, True, anchor="lm")
    pen.text(MARKET_W - 16, 26, "a crate sells for ₹(row + 1)", MIN, st.MUTED, anchor="rm")
    reward_at = dict(rewards)
    x = 12 + LABEL_W
    for t in TRACKS:
        pen.rect(x, 50, x + COL_W - 4, TOP - 6, fill=TRACK_EDGE[t], radius=6)
        pen.text(x + COL_W / 2 - 2, (50 + TOP - 6) / 2, TRACK_TITLE[t], MIN, st.WHITE, True)
        x += COL_W
    pen.text(x + 4, (50 + TOP - 6) / 2, "Advisor gives", MIN, st.MUTED, True, anchor="lm")
    for r in range(rows):
        y = _row_y(r, rows)
        even = r % 2 == 0
        pen.text(12 + LABEL_W / 2, y + ROW_H / 2, str(r), 24, st.INK, True)
        x = 12 + LABEL_W
        for t in TRACKS:
            fill = TRACK_FILL[t] if even else st.lighter(TRACK_FILL[t], 0.5)
            if t == "advisor" and r in reward_at:
                fill = (246, 214, 110)
            pen.rect(x, y, x + COL_W - 4, y + ROW_H - 3, fill=fill, outline=st.FAINT, width=1)
            if t != "advisor":
                pen.text(x + 8, y + ROW_H / 2, f"₹{r + 1}", MIN, st.MUTED, anchor="lm")
            x += COL_W
        if r in reward_at:
            lines = st.wrap(reward_at[r], MIN, REWARD_W - 6, True)[:2]
            for i, line in enumerate(lines):
                yy = y + ROW_H / 2 + (i - (len(lines) - 1) / 2) * (MIN + 1)
                pen.fit(x + 4, yy, line, MIN, REWARD_W - 6, st.INK, True, anchor="lm")
    cm.__exit__(None, None, None)
    return im


def draw_market(view, highlight: set[str], colours: dict[int, st.RGB]) -> Image.Image:
    rows = 1 + max(10, *(r for rs in view.market.values() for r in rs)) if view.market else 11
    rewards = tuple((rw.row, _short_reward(rw.text)) for rw in view.advisor_rewards)
    im = static_market(rows, rewards, canvas.is_reference()).copy()
    pen = st.Pen(im)
    x = 12 + LABEL_W
    for t in TRACKS:
        seats_rows = view.market.get(t, [])
        by_row: dict[int, list[int]] = {}
        for seat, row in enumerate(seats_rows):
            by_row.setdefault(row, []).append(seat)
        for row, seats in by_row.items():
            y = _row_y(row, rows) + ROW_H / 2 - 1
            n = len(seats)
            step = PAWN + 1
            x0 = x + COL_W - 8 - step * n + step / 2
            if t == "advisor":
                x0 = x + (COL_W - 4) / 2 - step * (n - 1) / 2
            for i, seat in enumerate(seats):
                cx = x0 + i * step
                c = colours.get(seat, st.MUTED)
                if f"pawn:{seat}:{t}" in highlight:
                    pen.sprite(sprites.disc(PAWN + 14, st.HIGHLIGHT, st.HIGHLIGHT), cx, y)
                sprite = (
                    sprites.advisor_piece(PAWN, c, st.INK)
                    if t == "advisor"
                    else sprites.pawn(PAWN, c, st.INK)
                )
                pen.sprite(sprite, cx, y)
                with st.panel("market", (0, 0, MARKET_W - 1, MARKET_H - 1)):
                    pen.text(
                        cx, y + (5 if t != "advisor" else 1), str(seat + 1), MIN, st.ink_on(c), True
                    )
        x += COL_W
    if "market" in highlight:
        pen.rect(MARKET_W - 330, 8, MARKET_W - 8, 46, fill=st.HIGHLIGHT, radius=8)
        with st.panel("market", (0, 0, MARKET_W - 1, MARKET_H - 1)):
            pen.text(MARKET_W - 169, 27, "market adjusted", MIN, st.INK, True)
    return im


def _short_reward(text: str) -> str:
    return text
