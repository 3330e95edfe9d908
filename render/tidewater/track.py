"""The time track (a row of spaces under the map, discs stacked on them) and the turn order."""

from __future__ import annotations

from render.core import font
from render.tidewater import geometry as g
from render.tidewater import style as st
from render.tidewater.kit import Panel
from render.tidewater.sprites import paste, ring
from render.tidewater.static import TRACK_BOX


class TrackPanel(Panel):
    """The time track, who acts next, and the final ranking."""

    def track(self) -> None:
        v, d = self.v, self.d
        tt = v.time_track
        steps = tt.steps_per_round
        discs = {dv.seat: dv for dv in tt.discs}
        for stack in tt.stacks:
            for level, seat in enumerate(stack.seats):
                x, y = g.disc_xy(stack.pos, steps, level)
                self.token(seat, g.DISC_R, x, y)
                dv = discs.get(seat)
                if dv is not None and dv.is_last and v.phase != "game_over":
                    paste(self.d, ring(g.DISC_R + 4, st.ACTIVE, 4), x, y)
                if self.hot(f"disc:{seat}"):
                    paste(self.d, ring(g.DISC_R + 8, st.HILITE, 4), x, y)
        x0, y0, x1, _ = TRACK_BOX
        # the title row's right: halfway, first home, who acts next
        y = y0 + 24
        if v.phase == "game_over":
            d.text((x1 - 16, y), "game over", font=font(20, True), fill=st.MUTED, anchor="rm")
            return
        order = sorted(
            (dv for dv in tt.discs if not dv.finished), key=lambda dv: (dv.pos, -dv.level)
        )
        x = x1 - 16 - len(order) * 40 - max(0, len(order) - 1) * 16
        d.text((x - 8, y), "acts next", font=font(20, True), fill=st.MUTED, anchor="rm")
        for k, dv in enumerate(order):
            self.token(dv.seat, 16, x + 18, y)
            x += 40
            if k < len(order) - 1:
                d.text((x + 6, y), "›", font=font(26, True), fill=st.MUTED, anchor="mm")
                x += 16
        if not order:
            d.text((x1 - 16, y), "round over", font=font(20), fill=st.MUTED, anchor="rm")
        notes = []
        if tt.halfway_enabled:
            notes.append(
                "½ payout done" if v.halfway_done else f"½ payout at step {tt.halfway_step}"
            )
        else:
            notes.append("no halfway payout")
        if v.first_finisher is not None:
            notes.append(f"first home: {self.seat_label(v.first_finisher)}")
        d.text((x0 + 16, y0 + 56), " · ".join(notes), font=font(20), fill=st.MUTED, anchor="lm")

    def seat_label(self, seat: int) -> str:
        from render.tidewater.kit import seat_name

        return seat_name(self.v, seat)

    def ranking_row(self, x: float, y: int) -> None:
        """'Final: (3) 120 › (1) 98 ...' on one row of the header."""
        d, v = self.d, self.v
        d.text((x, y), "Final:", font=font(22, True), fill=st.HILITE, anchor="lm")
        x += 76
        scores = v.scores or {}
        for k, seat in enumerate(v.ranking or []):
            self.token(seat, 15, x + 15, y)
            txt = str(scores.get(seat, ""))
            d.text((x + 36, y), txt, font=font(22, True), fill=st.TEXT, anchor="lm")
            x += 44 + font(22, True).getlength(txt)
            if k < len(v.ranking or []) - 1:
                d.text((x + 4, y), "›", font=font(26, True), fill=st.MUTED, anchor="mm")
                x += 20
