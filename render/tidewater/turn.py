"""The turn image (issue 32): what a turn post shows in Discord's channel and on a phone.

1200 x 900 (4:3 fills the 400 x 300 channel frame exactly, and a phone shows it at 0.975x, so
31 px text reads at 30 px): whose turn it is and what they decide (header), the map with what
changed since that seat's last turn outlined in yellow, every seat in the order they act with
its worth (right), and those changes in words (foot). The whole table stays on the tall board.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render import canvas
from render.core import font
from render.tidewater import style as st
from render.tidewater.board import status_text
from render.tidewater.kit import Page, fit, fit_size, seat_name
from render.tidewater.news import Item, items, map_changes, pack, summary, terse
from render.tidewater.palette import PALETTE
from render.tidewater.sprites import paste, puck, puck_label_size
from render.tidewater.turn_map import (
    NEWS_BOX,
    SIDE_BOX,
    STATIC_TEXT,
    TEXT_MIN,
    TurnMap,
    W,
    background,
    static_key,
)

BADGE = {
    "TURN": st.ACTIVE,
    "PAYOUT": st.HILITE,
    "AT START": (120, 200, 255),
    "GAME OVER": st.WARN,
}
TOKEN_R = 30  # a seat's disc: its number is 31 px
NEWS_STEP = 38


def order(v: Any) -> list[int]:
    """The seats top to bottom: the ranking once the game is over, else the order they act in
    (the time track's rearmost disc first, the top of a stack before those under it; discs
    already home last)."""
    if v.phase == "game_over" and v.ranking:
        return list(v.ranking)
    discs = sorted(v.time_track.discs, key=lambda dv: (dv.finished, dv.pos, -dv.level))
    seats = [dv.seat for dv in discs]
    return seats + [p.seat for p in v.players if p.seat not in seats]


class TurnImage(TurnMap):
    def __init__(self, view: Any) -> None:
        self.v = view
        key = static_key(view)
        self.img = background(key, canvas.is_reference()).copy()
        for size, text in STATIC_TEXT[key]:
            canvas.note_text(size, text)
        self.d = Page(self.img, PALETTE)
        self.hot = map_changes(view)

    def draw(self) -> Image.Image:
        self.header()
        self.draw_map()
        self.side()
        self.news()
        return self.img

    def token(self, seat: int, r: int, cx: float, cy: float, label: bool = True) -> None:
        """A seat's disc in its colour, with its number (the second cue) when `label`; a small
        one without a number (a news line, which names the seat) has a light rim, so a black
        disc shows on the dark banner."""
        text = str(seat + 1) if label else ""
        edge = (8, 8, 10) if label else st.MUTED
        paste(self.d, puck(r, st.player_rgb(seat), edge, text, st.player_ink(seat)), cx, cy)
        if text:
            canvas.note_text(puck_label_size(r), text)

    # ---- whose turn, what is decided -------------------------------------------------------
    def header(self) -> None:
        d, v = self.d, self.v
        tag, who, what = status_text(v)
        y = 42
        tf = font(32, True)
        tw = tf.getlength(tag) + 30
        x: float = 16
        d.rounded_rectangle((x, y - 26, x + tw, y + 26), radius=12, fill=BADGE.get(tag, st.ACTIVE))
        d.text((x + tw / 2, y + 1), tag, font=tf, fill=(10, 14, 20), anchor="mm")
        x += tw + 14
        seat = v.deciding_seat if v.deciding_seat is not None else v.active_seat
        if v.phase == "game_over":
            seat = v.ranking[0] if v.ranking else None
        if seat is not None:
            self.token(seat, TOKEN_R, x + TOKEN_R, y)
            x += 2 * TOKEN_R + 14
        rnd = f"Round {v.round} of {v.rounds}"
        rf = font(32, True)
        d.text((W - 16, y), rnd, font=rf, fill=st.MUTED, anchor="rm")
        room = W - 16 - rf.getlength(rnd) - 24 - x
        size = fit_size(who, (42, 38, 34), room, True)
        d.text((x, y), fit(who, size, int(room), True), font=font(size, True), fill=st.TEXT,
               anchor="lm")  # fmt: skip
        if v.phase == "game_over":
            what = "final score: credits + shares × stock value"
        if what:
            d.text((16, 98), fit(what, 32, W - 32), font=font(32), fill=st.MUTED, anchor="lm")

    # ---- every seat: the order they act in, and their worth ---------------------------------
    def side(self) -> None:
        d, v = self.d, self.v
        x0, y0, x1, y1 = SIDE_BOX
        over = v.phase == "game_over"
        tf = font(TEXT_MIN, True)
        d.text((x0 + 16, y0 + 28), "FINAL" if over else "ORDER", font=tf, fill=st.MUTED,
               anchor="lm")  # fmt: skip
        d.text((x1 - 16, y0 + 28), "SCORE" if over else "WORTH", font=tf, fill=st.MUTED,
               anchor="rm")  # fmt: skip
        seats = order(v)
        top, foot = y0 + 56, y1 - (0 if over else 48)
        rh = min(118, (foot - top) / max(1, len(seats)))
        players = {p.seat: p for p in v.players}
        discs = {dv.seat: dv for dv in v.time_track.discs}
        acting = v.deciding_seat if v.deciding_seat is not None else v.active_seat
        for k, seat in enumerate(seats):
            ry = top + k * rh
            p = players.get(seat)
            if seat == acting and not over:
                d.rounded_rectangle((x0 + 6, ry + 2, x1 - 6, ry + rh - 4), radius=12,
                                    outline=st.ACTIVE, width=5)  # fmt: skip
            cy = ry + rh / 2
            self.token(seat, TOKEN_R, x0 + 18 + TOKEN_R, cy)
            tx = x0 + 30 + 2 * TOKEN_R
            name = seat_name(v, seat)
            d.text((tx, cy - 22), fit(name, 32, int(x1 - 14 - tx), True), font=font(32, True),
                   fill=st.TEXT, anchor="lm")  # fmt: skip
            score = (v.scores or {}).get(seat, p.score if p else 0)
            d.text((x1 - 16, cy + 20), str(score), font=font(40, True), fill=st.TEXT, anchor="rm")
            dv = discs.get(seat)
            if over:
                note = "★ wins" if k == 0 else f"#{k + 1}"
            elif dv is None:
                note = ""
            else:
                note = "home" if dv.finished else f"step {dv.pos}"
            if note:
                col = st.HILITE if note.startswith("★") else st.MUTED
                d.text((tx, cy + 22), note, font=font(TEXT_MIN, over), fill=col, anchor="lm")
        if not over:
            tt = v.time_track
            if not tt.halfway_enabled:
                note = "no ½ payout"
            elif v.halfway_done:
                note = "½ payout done"
            else:
                note = f"½ payout: step {tt.halfway_step}"
            d.text((x0 + 16, y1 - 28), note, font=font(TEXT_MIN), fill=st.MUTED, anchor="lm")

    # ---- what changed, in words --------------------------------------------------------------
    def news(self) -> None:
        d, v = self.d, self.v
        x0, y0, x1, y1 = NEWS_BOX
        found, title = items(v, keep_names=True)
        found = [it._replace(text=terse(it.text)) for it in found]
        title = fit(title, TEXT_MIN, int(x1 - x0 - 40), True)
        d.text((x0 + 24, y0 + 26), title, font=font(TEXT_MIN, True), fill=st.HILITE, anchor="lm")
        if not found:
            found = [Item(0, 0, None, "New game: every disc is on Start.", "")]
        tx = x0 + 60
        width = x1 - 16 - tx
        top = y0 + 64
        rows = int((y1 - 14 - top) // NEWS_STEP) + 1
        placed, rest = pack(found, rows, TEXT_MIN, width)
        y = top
        for it, lines in placed:
            if it.seat is not None:
                self.token(it.seat, 13, x0 + 38, y, label=False)
            else:
                d.ellipse((x0 + 32, y - 6, x0 + 44, y + 6), fill=st.MUTED)
            for row in lines:
                d.text((tx, y), row, font=font(TEXT_MIN), fill=st.TEXT, anchor="lm")
                y += NEWS_STEP
        if rest:
            text = fit(summary(rest), TEXT_MIN, int(width))
            d.text((tx, y), text, font=font(TEXT_MIN), fill=st.MUTED, anchor="lm")


def draw_turn(view: Any) -> Image.Image:
    """The turn image in Tidewater's fixed palette (a "P" image, like the board)."""
    return canvas.finish(TurnImage(view).draw(), PALETTE)
