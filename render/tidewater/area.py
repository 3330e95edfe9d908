"""One player's area drawn large: money, shares and their value, investments, CEO posts, disc."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render import canvas
from render.core import font
from render.tidewater import style as st
from render.tidewater.kit import company_name, fit
from render.tidewater.palette import PALETTE
from render.tidewater.sprites import paste, puck

AREA_W = 1200
ROW_H = 84


def draw_area(view: Any, seat: int) -> Image.Image:
    player = next((p for p in view.players if p.seat == seat), None)
    if player is None:
        raise ValueError(f"no seat {seat} in this game")
    n_comp = len(view.companies)
    height = 200 + 56 + n_comp * ROW_H + 24 + 170
    img = canvas.new((AREA_W, height), st.BG, PALETTE)
    d = canvas.Draw(img, PALETTE)
    active_seat = view.deciding_seat if view.deciding_seat is not None else view.active_seat
    active = active_seat == seat and view.phase != "game_over"

    # ---- header: who, money, worth ------------------------------------------------------------
    d.rounded_rectangle(
        (12, 12, AREA_W - 12, 188),
        radius=20,
        fill=st.PANEL,
        outline=st.ACTIVE if active else st.PANEL_EDGE,
        width=5 if active else 2,
    )
    paste(d, puck(48, st.player_rgb(seat), (8, 8, 10), str(seat + 1), st.player_ink(seat)), 82, 100)
    d.text(
        (150, 62), fit(player.label, 44, 560, True), font=font(44, True), fill=st.TEXT, anchor="lm"
    )
    sub = "TO ACT" if active else ("game over" if view.phase == "game_over" else "waiting")
    if view.phase == "game_over" and view.ranking and view.ranking[0] == seat:
        sub = "★ WINNER"
    d.text(
        (150, 112), sub, font=font(28, True), fill=st.ACTIVE if active else st.MUTED, anchor="lm"
    )
    disc = next((dv for dv in view.time_track.discs if dv.seat == seat), None)
    if disc is not None:
        where = (
            "home (Start)"
            if disc.finished
            else f"step {disc.pos} of {view.time_track.steps_per_round}"
        )
        d.text((150, 152), f"Time disc: {where}", font=font(26), fill=st.MUTED, anchor="lm")
    d.text((AREA_W - 330, 52), "CREDITS", font=font(22, True), fill=st.MUTED, anchor="lm")
    d.text((AREA_W - 330, 112), str(player.credits), font=font(72, True), fill=st.TEXT, anchor="lm")
    score = (view.scores or {}).get(seat, player.score)
    d.text((AREA_W - 40, 52), "WORTH", font=font(22, True), fill=st.MUTED, anchor="rm")
    d.text((AREA_W - 40, 112), str(score), font=font(56, True), fill=st.HILITE, anchor="rm")

    # ---- shares table -------------------------------------------------------------------------
    y = 206
    cols = (
        ("COMPANY", 30),
        ("SHARES", 330),
        ("STOCK", 640),
        ("VALUE", 760),
        ("CEO", 880),
        ("TREASURY", 1050),
    )
    for label, x in cols:
        d.text((x, y + 22), label, font=font(22, True), fill=st.MUTED, anchor="lm")
    y += 48
    for c in view.companies:
        col = st.company_rgb(c.colour)
        held = player.shares.get(c.id, 0)
        d.rounded_rectangle((12, y, AREA_W - 12, y + ROW_H - 8), radius=14, fill=st.PANEL)
        d.rounded_rectangle((24, y + 12, 42, y + ROW_H - 20), radius=5, fill=col)
        d.text(
            (56, y + ROW_H / 2 - 4),
            fit(c.name, 32, 260, True),
            font=font(32, True),
            fill=st.TEXT,
            anchor="lm",
        )
        for k in range(held):
            bx = 330 + k * 46
            d.rounded_rectangle(
                (bx, y + 16, bx + 40, y + ROW_H - 24),
                radius=6,
                fill=col,
                outline=(0, 0, 0),
                width=2,
            )
        if held == 0:
            d.text((330, y + ROW_H / 2 - 4), "—", font=font(32, True), fill=st.DIM, anchor="lm")
        elif held > 6:
            d.text(
                (330 + 6 * 46, y + ROW_H / 2 - 4),
                f"×{held}",
                font=font(28, True),
                fill=st.TEXT,
                anchor="lm",
            )
        d.text(
            (640, y + ROW_H / 2 - 4), str(c.stock), font=font(36, True), fill=st.TEXT, anchor="lm"
        )
        d.text(
            (760, y + ROW_H / 2 - 4),
            str(held * c.stock),
            font=font(36, True),
            fill=st.TEXT if held else st.DIM,
            anchor="lm",
        )
        if c.ceo is None:
            d.text((880, y + ROW_H / 2 - 4), "none", font=font(26), fill=st.DIM, anchor="lm")
        else:
            paste(
                d,
                puck(22, st.player_rgb(c.ceo), (8, 8, 10), str(c.ceo + 1), st.player_ink(c.ceo)),
                904,
                y + ROW_H / 2 - 4,
            )
            if c.ceo == seat:
                d.text(
                    (936, y + ROW_H / 2 - 4),
                    "you",
                    font=font(26, True),
                    fill=st.HILITE,
                    anchor="lm",
                )
        d.text(
            (1050, y + ROW_H / 2 - 4),
            f"{c.treasury}",
            font=font(36, True),
            fill=st.TEXT,
            anchor="lm",
        )
        y += ROW_H

    # ---- investments ------------------------------------------------------------------------
    y += 16
    d.rounded_rectangle((12, y, AREA_W - 12, y + 150), radius=18, fill=st.PANEL)
    d.text((30, y + 30), "INVESTMENT DISCS", font=font(22, True), fill=st.MUTED, anchor="lm")
    d.text(
        (300, y + 30),
        f"{player.investment_discs} left",
        font=font(26, True),
        fill=st.TEXT,
        anchor="lm",
    )
    for k in range(player.investment_discs):
        paste(
            d,
            puck(20, st.player_rgb(seat), (8, 8, 10), "", st.player_ink(seat)),
            440 + k * 50,
            y + 30,
        )
    placed = [
        f"{company_name(view, ship.company).replace(' Line', '')} {slot.id} ({slot.cost})"
        for ship in view.ships
        for slot in ship.slots
        if slot.investor == seat
    ]
    text = (
        "On ships: "
        + (", ".join(placed) if placed else "none yet")
        + " · +1 credit per container delivered from them"
    )
    rows = _wrap(text, 26, AREA_W - 70)
    for k, row in enumerate(rows[:2]):
        d.text((30, y + 78 + k * 36), row, font=font(26), fill=st.TEXT, anchor="lm")
    return canvas.finish(img, PALETTE)


def _wrap(text: str, size: int, width: int) -> list[str]:
    f = font(size)
    rows: list[str] = []
    cur = ""
    for w in text.split(" "):
        trial = f"{cur} {w}" if cur else w
        if f.getlength(trial) > width and cur:
            rows.append(cur)
            cur = w
        else:
            cur = trial
    if cur:
        rows.append(cur)
    return rows
