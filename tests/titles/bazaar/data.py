"""Every number of the game. A test title keeps them in a table here; a real title keeps them in
`data.yaml`, loaded and checked once by its data.py (never literals in rule code)."""

from __future__ import annotations

NUMBERS: dict[str, int] = {
    "copies": 2,  # copies of each colour/value card
    "max_value": 5,  # card values 1..max_value
    "hand_size": 3,  # cards dealt at setup
    "hand_limit": 5,  # no draw at turn end while holding this many
    "start_coins": 4,
    "income": 2,  # coins every seat receives at the start of each round
    "max_bid": 5,
    "stalls": 30,
    "match_bonus": 2,  # extra points when card colour == stall colour
    "cover_fee": 1,  # coins paid to the seat whose card you cover
    "pass_coins": 1,  # coins for passing instead of playing
    "stall_bonus": 1,  # end-of-game points per stall held
}
COLOURS = ["red", "blue", "green", "gold"]
SEAT_NAMES = ["Amber", "Teal", "Plum", "Slate"]
ROUNDS_CHOICES = ["2", "3", "4"]
