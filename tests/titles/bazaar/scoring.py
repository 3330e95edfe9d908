"""What a sale scores, the final stall bonuses and the standings."""

from __future__ import annotations

from engine.core import Event, Result
from tests.titles.bazaar.data import NUMBERS
from tests.titles.bazaar.names import coins, seat_name
from tests.titles.bazaar.state import BazaarState, Card, Stall


def card_points(card: Card, stall: Stall) -> int:
    return card.value + (NUMBERS["match_bonus"] if card.colour == stall.colour else 0)


def final_scoring(state: BazaarState) -> list[Event]:
    state.phase, state.order, state.turn = "over", [], 0
    bonus = NUMBERS["stall_bonus"]
    parts = []
    for s, p in enumerate(state.seats):
        held = sum(1 for st in state.stalls if st.owner == s)
        p.points += held * bonus
        parts.append(f"{seat_name(s)} +{held * bonus}")
    return [Event("Game over. Stall bonuses: " + ", ".join(parts) + ".")]


def result(state: BazaarState) -> Result | None:
    """Most points wins; ties go to more coins, else the place is shared."""
    if state.phase != "over":
        return None
    key = {s: (p.points, p.coins) for s, p in enumerate(state.seats)}
    ranking = sorted(key, key=lambda s: (-key[s][0], -key[s][1], s))
    places: dict[int, int] = {}
    for pos, s in enumerate(ranking):
        prev = ranking[pos - 1] if pos else None
        places[s] = places[prev] if prev is not None and key[prev] == key[s] else pos + 1
    details = "; ".join(
        f"{places[s]}. {seat_name(s)}: {key[s][0]} points, {coins(key[s][1])}" for s in ranking
    )
    return Result(
        scores={s: p.points for s, p in enumerate(state.seats)},
        ranking=ranking,
        places=places,
        details=details,
    )
