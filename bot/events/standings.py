"""Points for places at a table, and an event's standings with their tiebreaks.

Places give 2 points per entrant beaten: (6, 4, 2, 0) at 4 seats, (4, 2, 0) at 3, (2, 0) at 2,
so every seat count has the same spread per place and a bye is worth the table's average.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


def place_points(seats: int) -> tuple[float, ...]:
    """Points by place (first place first): 2 * (seats - 1 - i)."""
    if seats < 1:
        raise ValueError("a table has at least one seat")
    return tuple(float(2 * (seats - 1 - i)) for i in range(seats))


def table_points(places: Mapping[int, int], seats: int) -> dict[int, float]:
    """Each entrant's points from their place (1 = first), `seats` being that table's seats.

    Tied entrants share a place number ("1, 1, 3") and split the points of the places they
    cover: the two firsts of "1, 1, 3" at 3 seats have (4 + 2) / 2 = 3 each. Places count in
    sorted order, so a dense "1, 1, 2" reads the same as "1, 1, 3".
    """
    if len(places) > seats:
        raise ValueError("more entrants than seats")
    points = place_points(seats)
    ranked = sorted(places, key=lambda e: (places[e], e))
    out: dict[int, float] = {}
    start = 0
    while start < len(ranked):
        end = start
        while end < len(ranked) and places[ranked[end]] == places[ranked[start]]:
            end += 1
        share = sum(points[start:end]) / (end - start)
        out.update(dict.fromkeys(ranked[start:end], share))
        start = end
    return out


def bye_points(seats: int) -> float:
    """A bye is worth the average of the table's place points: seats - 1 (3 at 4 seats, 2 at 3,
    1 at 2), what an entrant of average strength would expect to score."""
    points = place_points(seats)
    return sum(points) / len(points)


@dataclass(frozen=True)
class TableResult:
    """A finished table: who sat there, their places (1 = first, ties share a number), their
    game scores, and the table's seat count (what its place points are counted on)."""

    entrants: tuple[int, ...]
    places: dict[int, int]
    scores: dict[int, int]
    seats: int


@dataclass(frozen=True)
class Bye:
    """A round sat out. `seats`: the table size whose average it is worth; None takes the
    largest table size among the results (the event's table size)."""

    id: int
    seats: int | None = None


@dataclass
class Standing:
    id: int
    points: float = 0.0
    # Buchholz: the sum of the final points of everyone met, once per table shared.
    opponents_points: float = 0.0
    # Mean over the tables played of own score / the table's total score (0 when that is 0).
    score_share: float = 0.0
    games: int = 0
    byes: int = 0


def standings(results: Iterable[TableResult | Bye]) -> list[Standing]:
    """Everyone in the results, sorted by points, then opponents' points, then score share (all
    highest first), then id. A bye adds its points and counts no opponent and no game."""
    results = list(results)
    tables = [r for r in results if isinstance(r, TableResult)]
    event_seats = max((t.seats for t in tables), default=2)
    rows: dict[int, Standing] = {}
    shares: dict[int, list[float]] = {}

    def row(entrant: int) -> Standing:
        return rows.setdefault(entrant, Standing(id=entrant))

    for result in results:
        if isinstance(result, Bye):
            seats = event_seats if result.seats is None else result.seats
            row(result.id).points += bye_points(seats)
            row(result.id).byes += 1
            continue
        if set(result.places) != set(result.entrants):
            raise ValueError("a table's places must name exactly its entrants")
        total = sum(result.scores.get(e, 0) for e in result.entrants)
        for entrant, points in table_points(result.places, result.seats).items():
            row(entrant).points += points
            row(entrant).games += 1
            share = result.scores.get(entrant, 0) / total if total else 0.0
            shares.setdefault(entrant, []).append(share)
    for table in tables:
        for entrant in table.entrants:
            row(entrant).opponents_points += sum(
                rows[other].points for other in table.entrants if other != entrant
            )
    for entrant, own in shares.items():
        rows[entrant].score_share = sum(own) / len(own)
    return sorted(
        rows.values(), key=lambda s: (-s.points, -s.opponents_points, -s.score_share, s.id)
    )
