"""Pillow renderer of the Bazaar test title. Draws from a `BazaarView` only.

Load it with `EXTRA_RENDERERS=tests.titles.bazaar_render:RENDERER`. It draws like the real
titles, in a fixed palette (render/canvas.py, tests/titles/bazaar_palette.py), so the end-to-end
benchmarks draw its boards the way they draw theirs.
"""

from __future__ import annotations

from PIL import Image

from render.canvas import Draw, finish, new
from render.core import font
from tests.titles.bazaar import BazaarView, Card, SeatView
from tests.titles.bazaar_palette import PALETTE

GOODS = {
    "red": (196, 52, 52),
    "blue": (48, 92, 196),
    "green": (40, 146, 72),
    "gold": (212, 164, 28),
}
SEATS = [(230, 160, 0), (0, 128, 128), (142, 69, 133), (96, 110, 128)]
BG, INK, MUTED, PAPER = (246, 241, 230), (30, 30, 30), (120, 120, 120), (255, 255, 255)
HIGHLIGHT = (255, 90, 0)

COLS, ROWS, CELL_W, CELL_H, GAP = 6, 5, 104, 78, 8
GRID_X, GRID_Y = 16, 64
PANEL_W, PANEL_H = 260, 118
PANEL_X = GRID_X + COLS * (CELL_W + GAP) + 12
CARD_W, CARD_H = 84, 120


def _tint(rgb: tuple[int, int, int], amount: float = 0.8) -> tuple[int, int, int]:
    r, g, b = rgb
    return (
        int(r + (255 - r) * amount),
        int(g + (255 - g) * amount),
        int(b + (255 - b) * amount),
    )


def _status(view: BazaarView) -> str:
    head = f"Bazaar · Round {view.round}/{view.rounds}"
    if view.phase == "over":
        return f"Bazaar · game over after {view.rounds} rounds"
    if view.phase == "bid":
        waiting = [s.label for s in view.seats if not s.has_bid]
        return f"{head} · bidding · waiting for {', '.join(waiting)}"
    assert view.current is not None
    return f"{head} · {view.seats[view.current].label} to play"


class BazaarRenderer:
    slug = "bazaar"

    def board(self, view: BazaarView, area: int | None = None) -> Image.Image:
        if area is not None:
            img = new((PANEL_W + 16, PANEL_H + 16), BG, PALETTE)
            self._seat_panel(Draw(img, PALETTE), view, view.seats[area], 8, 8)
            return finish(img, PALETTE)
        height = max(GRID_Y + ROWS * (CELL_H + GAP), GRID_Y + len(view.seats) * (PANEL_H + GAP))
        img = new((PANEL_X + PANEL_W + 16, height + 40), BG, PALETTE)
        draw = Draw(img, PALETTE)
        draw.text((GRID_X, 18), _status(view), fill=INK, font=font(22, True))
        for stall in view.stalls:
            self._stall(draw, view, stall.number)
        for i, seat in enumerate(view.seats):
            self._seat_panel(draw, view, seat, PANEL_X, GRID_Y + i * (PANEL_H + GAP))
        draw.text(
            (GRID_X, height + 8),
            f"Deck: {view.deck_size} cards · orange frame = last move",
            fill=MUTED,
            font=font(16),
        )
        return finish(img, PALETTE)

    def _stall(self, draw: Draw, view: BazaarView, number: int) -> None:
        stall = view.stalls[number - 1]
        col, row = (number - 1) % COLS, (number - 1) // COLS
        x, y = GRID_X + col * (CELL_W + GAP), GRID_Y + row * (CELL_H + GAP)
        colour = GOODS[stall.colour]
        box = (x, y, x + CELL_W, y + CELL_H)
        draw.rounded_rectangle(box, radius=8, fill=_tint(colour), outline=colour, width=3)
        draw.text((x + 6, y + 4), str(number), fill=INK, font=font(15, True))
        if stall.top is None:  # colour in words too, for colour-blind readers
            draw.text(
                (x + CELL_W - 6, y + 6), stall.colour, fill=colour, font=font(13), anchor="ra"
            )
        if stall.top is not None and stall.owner is not None:
            self._mini_card(draw, stall.top, x + CELL_W - 40, y + 6)
            owner = view.seats[stall.owner]
            draw.ellipse((x + 6, y + CELL_H - 24, x + 22, y + CELL_H - 8), fill=SEATS[owner.seat])
            draw.text((x + 26, y + CELL_H - 26), owner.label, fill=INK, font=font(14))
            if stall.depth > 1:
                draw.text((x + 6, y + 24), f"×{stall.depth}", fill=MUTED, font=font(13))
        if f"stall:{number}" in view.last_action:
            draw.rounded_rectangle(box, radius=8, outline=HIGHLIGHT, width=5)

    def _mini_card(self, draw: Draw, card: Card, x: int, y: int) -> None:
        draw.rounded_rectangle((x, y, x + 32, y + 42), radius=5, fill=GOODS[card.colour])
        draw.text((x + 16, y + 21), str(card.value), fill=PAPER, font=font(22, True), anchor="mm")

    def _seat_panel(self, draw: Draw, view: BazaarView, seat: SeatView, x: int, y: int) -> None:
        box = (x, y, x + PANEL_W, y + PANEL_H)
        touched = f"seat:{seat.seat}" in view.last_action
        outline = HIGHLIGHT if touched else SEATS[seat.seat]
        draw.rounded_rectangle(
            box, radius=10, fill=PAPER, outline=outline, width=4 if touched else 2
        )
        draw.rectangle((x + 10, y + 12, x + 28, y + 30), fill=SEATS[seat.seat])
        draw.text((x + 36, y + 8), seat.label, fill=INK, font=font(20, True))
        if view.current == seat.seat:
            draw.text(
                (x + PANEL_W - 10, y + 10),
                "to play",
                fill=HIGHLIGHT,
                font=font(15, True),
                anchor="ra",
            )
        lines = [
            f"Points {seat.points}   Coins {seat.coins}",
            f"Cards in hand {seat.hand_size}",
        ]
        if view.phase == "bid":
            bid = f"bid {seat.bid}" if seat.bid is not None else "bid placed"
            lines.append(bid if seat.has_bid else "deciding a bid…")
        elif seat.bid is not None and view.phase == "play":
            place = view.order.index(seat.seat) + 1
            lines.append(f"Bid {seat.bid} · turn {place} of {len(view.order)}")
        for i, line in enumerate(lines):
            draw.text((x + 12, y + 40 + i * 24), line, fill=INK, font=font(16))

    def hand(self, view: BazaarView, seat: int) -> Image.Image | None:
        cards = view.seats[seat].hand if 0 <= seat < len(view.seats) else None
        if cards is None:
            return None  # not this seat's own view: nothing private to show
        width = max(1, len(cards)) * (CARD_W + 10) + 10
        img = new((max(width, 260), CARD_H + 56), BG, PALETTE)
        draw = Draw(img, PALETTE)
        draw.text((10, 8), f"{view.seats[seat].label}'s hand", fill=INK, font=font(18, True))
        if not cards:
            draw.text((10, 48), "No cards.", fill=MUTED, font=font(16))
        for i, card in enumerate(sorted(cards, key=lambda c: (c.colour, c.value))):
            x, y = 10 + i * (CARD_W + 10), 40
            fill = GOODS[card.colour]
            draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=10, fill=fill)
            draw.text(
                (x + CARD_W // 2, y + 48),
                str(card.value),
                fill=PAPER,
                font=font(40, True),
                anchor="mm",
            )
            draw.text(
                (x + CARD_W // 2, y + 98), card.colour, fill=PAPER, font=font(15, True), anchor="mm"
            )
        return finish(img, PALETTE)


RENDERER = BazaarRenderer()
