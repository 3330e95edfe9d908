"""The time track round the map's centre and the ranking row under it."""

from __future__ import annotations

from render.core import font
from render.tidewater import geometry as g
from render.tidewater import style as st
from render.tidewater.kit import (
    Panel,
)
from render.tidewater.sprites import paste, puck, ring


class TrackPanel(Panel):
    """The time track and the ranking."""

    def track(self) -> None:
        v, d = self.v, self.d
        tt = v.time_track
        steps = tt.steps_per_round
        discs = {dv.seat: dv for dv in tt.discs}
        has_zero = any(s.pos == 0 for s in tt.stacks)
        for stack in tt.stacks:
            pos = stack.pos
            ang_shift = 0.0
            if pos >= steps and has_zero:
                ang_shift = 0.5
            step = g.stack_step(pos, steps, len(stack.seats))
            for level, seat in enumerate(stack.seats):
                r = g.TRACK_R + level * step
                x, y = (
                    g.space_xy(pos, steps, r)
                    if not ang_shift
                    else self._shifted(pos, steps, r, ang_shift)
                )
                dv = discs.get(seat)
                paste(
                    self.d,
                    puck(
                        g.DISC_R,
                        st.player_rgb(seat),
                        (8, 8, 10),
                        str(seat + 1),
                        st.player_ink(seat),
                    ),
                    x,
                    y,
                )
                if dv is not None and dv.is_last and v.phase != "game_over":
                    paste(self.d, ring(g.DISC_R + 6, st.ACTIVE, 4), x, y)
                if self.hot(f"disc:{seat}"):
                    paste(self.d, ring(g.DISC_R + 11, st.HILITE, 4), x, y)
        # centre: round and halfway
        cx, cy = g.TRACK_CX, g.TRACK_CY
        d.text((cx, cy - 48), "ROUND", font=font(20, True), fill=st.MUTED, anchor="mm")
        d.text(
            (cx, cy - 14), f"{v.round} / {v.rounds}", font=font(40, True), fill=st.TEXT, anchor="mm"
        )
        for r in range(v.rounds):
            px = cx - (v.rounds - 1) * 14 + r * 28
            fill = st.TEXT if r < v.round else (60, 70, 88)
            d.ellipse((px - 8, cy + 16, px + 8, cy + 32), fill=fill)
        if tt.halfway_enabled:
            txt = "½ done" if v.halfway_done else f"½ at step {tt.halfway_step}"
            col = (255, 190, 100) if not v.halfway_done else st.MUTED
        else:
            txt, col = "no halfway", st.MUTED
        d.text((cx, cy + 52), txt, font=font(17, True), fill=col, anchor="mm")
        if v.first_finisher is not None:
            ff = v.first_finisher
            d.text((cx + 8, cy + 78), "1st home", font=font(17, True), fill=st.MUTED, anchor="rm")
            paste(
                self.d,
                puck(13, st.player_rgb(ff), (8, 8, 10), str(ff + 1), st.player_ink(ff)),
                cx + 26,
                cy + 78,
            )
        d.text(
            (st.TRACK_X + st.TRACK_W - 28, st.TRACK_Y + 26),
            "top disc of the rearmost stack acts",
            font=font(16),
            fill=st.DIM,
            anchor="rm",
        )
        # turn order under the ring
        y = st.TRACK_Y + st.TRACK_H - 40
        x = st.TRACK_X + 28
        if v.phase == "game_over" and v.ranking:
            self.ranking_row(x, y)
            return
        order = sorted(
            (dv for dv in tt.discs if not dv.finished), key=lambda dv: (dv.pos, -dv.level)
        )
        d.text((x, y), "Acts next:", font=font(22, True), fill=st.MUTED, anchor="lm")
        x += 128
        for k, dv in enumerate(order):
            paste(
                self.d,
                puck(
                    17, st.player_rgb(dv.seat), (8, 8, 10), str(dv.seat + 1), st.player_ink(dv.seat)
                ),
                x + 17,
                y,
            )
            x += 40
            if k < len(order) - 1:
                d.text((x + 2, y), "›", font=font(26, True), fill=st.MUTED, anchor="mm")
                x += 18
        if not order:
            d.text(
                (x, y),
                "round over" if v.phase != "game_over" else "—",
                font=font(22),
                fill=st.MUTED,
                anchor="lm",
            )

    def ranking_row(self, x: int, y: int) -> None:
        d, v = self.d, self.v
        d.text((x, y), "Final:", font=font(22, True), fill=st.HILITE, anchor="lm")
        x += 78
        scores = v.scores or {}
        for k, seat in enumerate(v.ranking or []):
            paste(
                self.d,
                puck(17, st.player_rgb(seat), (8, 8, 10), str(seat + 1), st.player_ink(seat)),
                x + 17,
                y,
            )
            txt = str(scores.get(seat, ""))
            d.text((x + 40, y), txt, font=font(22, True), fill=st.TEXT, anchor="lm")
            x += 48 + font(22, True).getlength(txt)
            if k < len(v.ranking or []) - 1:
                d.text((x + 2, y), "›", font=font(26, True), fill=st.MUTED, anchor="mm")
                x += 20

    @staticmethod
    def _shifted(pos: int, steps: int, r: float, shift: float) -> tuple[float, float]:
        import math

        a = g.space_angle(pos, steps) + shift
        return (g.TRACK_CX + r * math.cos(a), g.TRACK_CY + r * math.sin(a))
