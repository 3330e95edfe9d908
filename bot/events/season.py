"""A season's standings (pure): every game of the window that at least two entrants played,
points by place (bot.events.standings.table_points, on that game's seat count, shared places
split), summed over each entrant's best `best` games.

Tiebreaks: more games counted, then the average score share of the games counted (own score
over the game's total), then the person's id."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.events.standings import Standing, table_points


@dataclass(frozen=True)
class SeasonGame:
    """A finished game: its seat count, every seat's place and score (seat -> value), and the
    seat of each person who played it (person -> seat)."""

    seats: int
    places: dict[int, int]
    scores: dict[int, int]
    people: dict[int, int]


def season_standings(
    games: Iterable[SeasonGame], entrants: Iterable[int], best: int
) -> list[Standing]:
    """Every entrant (those without a game too), sorted by the rule above. A game counts for
    the entrants who sat in it only when at least two of them did."""
    played: dict[int, list[tuple[float, float]]] = {e: [] for e in entrants}
    for game in games:
        sat = {e: seat for e, seat in game.people.items() if e in played}
        if len(sat) < 2:
            continue
        points = table_points(game.places, max(game.seats, len(game.places)))
        total = sum(game.scores.values())
        for entrant, seat in sat.items():
            share = game.scores.get(seat, 0) / total if total else 0.0
            played[entrant].append((points.get(seat, 0.0), share))
    rows: list[Standing] = []
    for entrant, results in played.items():
        kept = sorted(results, reverse=True)[: max(0, best)]
        rows.append(
            Standing(
                id=entrant,
                points=sum(p for p, _ in kept),
                score_share=sum(s for _, s in kept) / len(kept) if kept else 0.0,
                games=len(kept),
            )
        )
    return sorted(rows, key=lambda r: (-r.points, -r.games, -r.score_share, r.id))
