"""Multiplayer Elo per title, pairwise as 18xx.games computes it (tobymao/18xx
`lib/user_stats.rb`): every pair of rated people in a finished game is one Elo match decided by
their places (a shared place is a draw); each person's change is the sum of their pairwise
changes, each rounded to a whole point (half away from zero, as Ruby's `round`), all computed
from the ratings before the game. Everyone starts at 1200; K is 60 for a person's first 30
rated games of the title and 40 after (18xx switches after 31: `num_plays <= 30`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

START = 1200
K_NEW = 60.0
K = 40.0
#: Rated games (of a title) played with K_NEW.
NEW_GAMES = 30


@dataclass(frozen=True)
class Standing:
    """A person's rating of a title before a game, and how many rated games it counts."""

    rating: int = START
    games: int = 0


def k_for(games: int) -> float:
    """K for a person with `games` rated games of the title before this one."""
    return K_NEW if games < NEW_GAMES else K


def expected(rating: float, opponent: float) -> float:
    """The Elo expected score of `rating` against `opponent`."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def round_half_away(x: float) -> int:
    """Round to the nearest integer, halves away from zero (Ruby's Float#round)."""
    return int(math.floor(abs(x) + 0.5)) * (1 if x >= 0 else -1)


def changes(before: dict[int, Standing], places: dict[int, int]) -> dict[int, int]:
    """Person -> rating change for one game: `places` holds every rated person's place (1 is
    best; equal places are draws), `before` their standings (missing: a newcomer)."""
    out: dict[int, int] = {}
    for person, place in places.items():
        mine = before.get(person, Standing())
        k = k_for(mine.games)
        total = 0
        for other, other_place in places.items():
            if other == person:
                continue
            score = 1.0 if place < other_place else 0.5 if place == other_place else 0.0
            theirs = before.get(other, Standing()).rating
            total += round_half_away(k * (score - expected(mine.rating, theirs)))
        out[person] = total
    return out


def after(before: dict[int, Standing], places: dict[int, int]) -> dict[int, Standing]:
    """Every rated person's standing after the game (one more rated game each)."""
    delta = changes(before, places)
    return {
        p: Standing(before.get(p, Standing()).rating + d, before.get(p, Standing()).games + 1)
        for p, d in delta.items()
    }
