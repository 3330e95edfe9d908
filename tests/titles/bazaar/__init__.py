"""Bazaar: the host's test title (never offered to players).

A small but complete game exercising what the real titles need: hidden hands drawn from a
shuffled deck, a simultaneous secret bid, a turn order set by the bids, a multi-step turn with a
prompt of more than 25 choices and a "back" step, an option, a ranking with a tie-break.

Moves are paths of small choices (engine.core): a bid is picked, then confirmed; a sale is a card,
then a stall, then a confirmation. Only the completed move (`bid:N`, `pass`, `sell:CARD:STALL`)
is applied; the steps before it are the seat's draft, kept by the host and seen by nobody else.

Load it with `EXTRA_TITLES=tests.titles.bazaar:TITLE`. Its modules follow the role names of
every title (docs/adding-a-title.md): data, names, state, setup, prompts, moves, scoring, view,
viewer, rules_text, title and bot/.

Rules in short: every round all seats secretly bid coins; bids are revealed and paid; seats then
take one turn each, highest bid first (ties: fewer points, then lower seat). A turn is: choose a
card from your hand (or pass for a coin), choose one of 30 stalls, confirm; then draw a card.
A card scores its value, plus a bonus when its colour matches the stall's. Covering a stall held
by another seat costs one coin paid to them. After the last round each held stall scores a bonus.
Most points wins; ties go to more coins, else the place is shared.
"""

from tests.titles.bazaar.data import COLOURS, NUMBERS, ROUNDS_CHOICES, SEAT_NAMES
from tests.titles.bazaar.state import BazaarState, Card, SeatState, Stall
from tests.titles.bazaar.title import TITLE, Bazaar
from tests.titles.bazaar.view import BazaarView, SeatView, StallView

__all__ = [
    "COLOURS",
    "NUMBERS",
    "ROUNDS_CHOICES",
    "SEAT_NAMES",
    "TITLE",
    "Bazaar",
    "BazaarState",
    "BazaarView",
    "Card",
    "SeatState",
    "SeatView",
    "Stall",
    "StallView",
]
