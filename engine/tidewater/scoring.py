"""Final scoring and tie-breaks (spec section 16.2, R117, R118)."""

from __future__ import annotations

from engine.core import Result
from engine.tidewater import names as nm
from engine.tidewater.state import OVER, State


def score(state: State, seat: int) -> int:
    """R117: credits + shares held x stock value; nothing else scores."""
    p = state.players[seat]
    return p.credits + sum(n * state.company(c).stock for c, n in p.shares.items())


def total_shares(state: State, seat: int) -> int:
    return sum(state.players[seat].shares.values())


def result(state: State) -> Result | None:
    if state.phase != OVER:
        return None
    seats = range(state.seats)
    scores = {s: score(state, s) for s in seats}

    def key(s: int) -> tuple[int, int, int]:  # R118: score, then credits, then total shares
        return (scores[s], state.players[s].credits, total_shares(state, s))

    ranking = sorted(seats, key=lambda s: (tuple(-k for k in key(s)), s))
    places: dict[int, int] = {}
    for i, s in enumerate(ranking):
        if i and key(s) == key(ranking[i - 1]):
            places[s] = places[ranking[i - 1]]  # the tied players share the place
        else:
            places[s] = i + 1
    details = "; ".join(
        f"Seat {s + 1}: {scores[s]} points ({nm.credits(state.players[s].credits)} + "
        f"{scores[s] - state.players[s].credits} in shares)"
        for s in ranking
    )
    return Result(scores=scores, ranking=ranking, places=places, details=details)
