"""A seat's private image, from that seat's own view: the hand, the plan (stored once confirmed),
the starting tiles dealt (until chosen)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render import canvas
from render.mombasa.market import CARD_H, CARD_W, draw_card
from render.mombasa.palette import PALETTE
from render.mombasa.style import BG, INK, MUTED, PLAYER, PLAYER_INK, W, f, panel, short_units

#: The smallest text: a phone shows this 900 px image 1.3x as large (1170 px), so 24 px here
#: is 31 px there (issue 32: no text under 30 px on a phone).
LEAST = 24
PER_ROW = 5  # hand cards a row


def draw_private(v: Any, seat: int) -> Image.Image:
    me = v.me
    p = v.players[seat]
    planned = {c.id for c in me.plan if c is not None}
    hand = [c for c in me.hand if c.id not in planned]  # the plan's cards are drawn below
    rows = max(1, (len(hand) + PER_ROW - 1) // PER_ROW)
    deal_h = 60 + 130 if me.start_deal and v.phase == "start_tiles" else 0
    h = 70 + 44 + rows * (CARD_H + 12) + 30 + 44 + CARD_H + 30 + deal_h
    im = canvas.new((W, h), BG, PALETTE)
    d = canvas.Draw(im, PALETTE)
    d.rounded_rectangle((10, 10, W - 10, 60), radius=8, fill=PLAYER[p.colour])
    d.text(
        (W // 2, 35),
        f"{p.name}: your cards · £{p.cash}",
        fill=PLAYER_INK[p.colour],
        font=f(28, True),
        anchor="mm",
    )
    y = 70
    cw = (W - 32 - (PER_ROW - 1) * 8) // PER_ROW
    y = _hand(d, me, hand, planned, y, cw)
    y = _plan(d, me, p, y, cw)
    if deal_h:
        _deal(d, me, y)
    _ = CARD_W
    return canvas.finish(im, PALETTE)


def _hand(d: canvas.Draw, me: Any, hand: list[Any], planned: set[str], y: int, cw: int) -> int:
    """The hand's cards not in the plan, PER_ROW a row; the y below them."""
    rows = max(1, (len(hand) + PER_ROW - 1) // PER_ROW)
    panel(d, (6, y, W - 6, y + 44 + rows * (CARD_H + 12) + 16))
    title = f"Hand ({len(me.hand)})"
    if planned:
        title = f"Hand ({len(me.hand)}: {len(hand)} here, {len(planned)} in the plan)"
    d.text((16, y + 8), title, fill=INK, font=f(26, True), anchor="la")
    y += 44
    if not hand:
        d.text((16, y + 30), "no cards", fill=MUTED, font=f(LEAST), anchor="lm")
    for i, c in enumerate(hand):
        x = 16 + (i % PER_ROW) * (cw + 8)
        yy = y + (i // PER_ROW) * (CARD_H + 12)
        draw_card(d, c, (x, yy, x + cw, yy + CARD_H), least=LEAST)
    y += rows * (CARD_H + 12) + 30
    return y


def _plan(d: canvas.Draw, me: Any, p: Any, y: int, cw: int) -> int:
    """The plan, one card (or an empty or locked slot) per action slot; the y below it."""
    state = "confirmed" if me.plan_confirmed else "not confirmed"
    d.text((16, y + 4), f"Plan ({state})", fill=INK, font=f(26, True), anchor="la")
    y += 44
    for i, c in enumerate(me.plan):
        x = 16 + i * (cw + 8)
        if p.slots[i].locked:
            d.rounded_rectangle((x, y, x + cw, y + CARD_H), radius=8, fill=(150, 144, 136))
            d.text(
                (x + cw // 2, y + CARD_H // 2),
                f"{i + 1} locked",
                fill=(255, 255, 255),
                font=f(LEAST, True),
                anchor="mm",
            )
        elif c is None:
            d.rounded_rectangle(
                (x, y, x + cw, y + CARD_H),
                radius=8,
                fill=(252, 248, 238),
                outline=(96, 72, 48),
                width=2,
            )
            d.text(
                (x + cw // 2, y + CARD_H // 2),
                f"slot {i + 1}",
                fill=MUTED,
                font=f(LEAST),
                anchor="mm",
            )
        else:
            draw_card(d, c, (x, y, x + cw, y + CARD_H), least=LEAST)
    y += CARD_H + 30
    return y


def _deal(d: canvas.Draw, me: Any, y: int) -> None:
    """The starting tiles dealt to this seat (the chosen one lit)."""
    d.text((16, y + 4), "Starting tiles dealt to you", fill=INK, font=f(26, True), anchor="la")
    y += 44
    for i, s in enumerate(me.start_deal):
        x = 16 + i * ((W - 40) // 2 + 8)
        box = (x, y, x + (W - 40) // 2, y + 120)
        panel(d, box, lit=me.start_choice == i)
        d.text((x + 12, y + 10), f"Tile {s.tile}{s.face}", fill=INK, font=f(26, True), anchor="la")
        d.text(
            (x + 12, y + 48),
            f"Book: {short_units(s.req)}",
            fill=INK,
            font=f(LEAST),
            anchor="la",
        )
        locks = ", ".join(k.removeprefix("S_") for k in s.lock)
        d.text((x + 12, y + 82), f"Locks: {locks}", fill=MUTED, font=f(LEAST), anchor="la")
