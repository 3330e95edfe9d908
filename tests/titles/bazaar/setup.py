"""Game setup: shuffle the deck and the stall colours, deal the hands."""

from __future__ import annotations

from engine.rng import Rng
from tests.titles.bazaar.data import COLOURS, NUMBERS, ROUNDS_CHOICES
from tests.titles.bazaar.state import BazaarState, Card, SeatState, Stall


def new_game(seed: int, seats: int, options: dict[str, str]) -> BazaarState:
    rounds = options.get("rounds", "3")
    if rounds not in ROUNDS_CHOICES:
        raise ValueError(f"rounds must be one of {ROUNDS_CHOICES}, not {rounds!r}")
    rng = Rng.from_seed(seed)
    deck = [
        Card(colour, value)
        for colour in COLOURS
        for value in range(1, NUMBERS["max_value"] + 1)
        for _ in range(NUMBERS["copies"])
    ]
    rng.shuffle(deck)
    stall_colours = [COLOURS[i % len(COLOURS)] for i in range(NUMBERS["stalls"])]
    rng.shuffle(stall_colours)
    players = []
    for _ in range(seats):
        hand = [deck.pop() for _ in range(NUMBERS["hand_size"])]
        players.append(SeatState(coins=NUMBERS["start_coins"] + NUMBERS["income"], hand=hand))
    return BazaarState(
        rng=rng,
        rounds=int(rounds),
        seats=players,
        stalls=[Stall(colour=c) for c in stall_colours],
        deck=deck,
    )
