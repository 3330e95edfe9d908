"""The automatic player: random but purposeful: mostly sells, prefers well-scoring stalls. It
builds its move from the same checks as the menus (prompts.cover_problem), so it is always
one the menus list."""

from __future__ import annotations

from engine.core import IllegalAction
from engine.rng import Rng
from tests.titles.bazaar import prompts
from tests.titles.bazaar.data import NUMBERS
from tests.titles.bazaar.scoring import card_points
from tests.titles.bazaar.state import BazaarState


def choose(state: BazaarState, seat: int, rng: Rng) -> str:
    if prompts.prompt_for(state, seat) is None:
        raise IllegalAction("It is not this seat's decision.")
    me = state.seats[seat]
    if state.phase == "bid":
        return f"bid:{rng.randint(0, min(me.coins, NUMBERS['max_bid']))}"
    cards = sorted(set(me.hand), key=lambda c: (c.colour, c.value))
    if not cards or not rng.below(10):
        return "pass"
    card = rng.choice(cards)
    stalls = [i for i in range(len(state.stalls)) if prompts.cover_problem(state, seat, i) is None]

    def score(i: int) -> int:
        return card_points(card, state.stalls[i]) * 4 + (state.stalls[i].owner is None) * 2

    best = max(score(i) for i in stalls)
    i = rng.choice([i for i in stalls if score(i) >= best - 2])
    return f"sell:{card.key}:{i + 1}"
