"""Who sits with whom in a round: Swiss rounds, rating-balanced groups, round robins.

Pure and deterministic: every draw comes from `engine.rng.Rng` seeded by the caller, and the
result does not depend on the order the entrants are given in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.events.seating import seat
from engine.rng import Rng


@dataclass(frozen=True)
class Entrant:
    id: int
    points: float
    rating: float
    byes: int
    met: frozenset[int]


@dataclass(frozen=True)
class Seating:
    """One round: each table's entrant ids strongest first, and who sits out with a bye."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


def _draws(ids: Iterable[int], rng: Rng) -> dict[int, int]:
    """A seeded tiebreak number per id, drawn in id order so the input order does not matter."""
    return {i: rng.next64() for i in sorted(ids)}


def table_sizes(count: int, seats: int, min_seats: int | None = None) -> tuple[list[int], int]:
    """(table sizes, number of byes) for `count` entrants at tables of `seats`.

    The rule: tables of exactly `seats`; the remainder sits out with a bye, unless `min_seats`
    is given and the remainder is at least `min_seats`, in which case the remainder plays one
    smaller table (fewer byes). A remainder below `min_seats` is never made up by shrinking
    several tables (4+3+3 for ten at 4 seats): every full table stays full.
    """
    if seats < 1:
        raise ValueError("a table has at least one seat")
    if min_seats is not None and not 1 <= min_seats <= seats:
        raise ValueError("min_seats must be between 1 and seats")
    full, rest = divmod(count, seats)
    if rest and min_seats is not None and rest >= min_seats:
        return [seats] * full + [rest], 0
    return [seats] * full, rest


def swiss(
    entrants: Sequence[Entrant], seats: int, seed: int, min_seats: int | None = None
) -> Seating:
    """A Swiss round.

    Sizes: see `table_sizes` (a remainder of at least `min_seats` plays one smaller table,
    usually at the bottom of the standings, though avoiding repeats can place it higher;
    otherwise it gets byes).
    Byes: the fewest byes so far first, then the fewest points, then a seeded draw (rating
    plays no part: a bye is worth the average place, so it should not favour a rating).
    Seating: the others in standing order (points, then rating, then a seeded draw, all
    descending); tables are filled from the top, each taking the best-placed entrants who have
    met nobody already at it. A bounded DFS (`bot.events.seating`) backtracks when a repeat
    would be forced, so the seating has no repeated pair whenever the search finds one; if its
    budget runs out, the deepest repeat-free prefix is completed greedily and repaired by swaps
    between tables, minimising repeated pairs.
    """
    if len({e.id for e in entrants}) != len(entrants):
        raise ValueError("an entrant is listed twice")
    rng = Rng.from_seed(seed)
    draw = _draws((e.id for e in entrants), rng)
    sizes, bye_count = table_sizes(len(entrants), seats, min_seats)
    by_bye = sorted(entrants, key=lambda e: (e.byes, e.points, draw[e.id]))
    byes = by_bye[:bye_count]
    bye_ids = {e.id for e in byes}
    order = sorted(
        (e for e in entrants if e.id not in bye_ids),
        key=lambda e: (-e.points, -e.rating, draw[e.id]),
    )
    rank = {e.id: k for k, e in enumerate(order)}
    met = [sum(1 << rank[j] for j in e.met if j in rank and j != e.id) for e in order]
    tables = seat(met, sizes, rng.fork(1))
    return Seating(
        tables=tuple(tuple(order[k].id for k in table) for table in tables),
        byes=tuple(e.id for e in sorted(byes, key=lambda e: (-e.points, -e.rating, draw[e.id]))),
    )


def groups(entrants: Sequence[Entrant], size: int, seed: int) -> list[list[int]]:
    """Groups of `size` balanced by rating: a snake draft over the rating order (ties broken by a
    seeded draw), as many full groups as fit (at least one); the entrants left over go one each
    into the first groups, in rating order."""
    if size < 1:
        raise ValueError("a group has at least one entrant")
    if not entrants:
        return []
    draw = _draws((e.id for e in entrants), Rng.from_seed(seed))
    order = [e.id for e in sorted(entrants, key=lambda e: (-e.rating, draw[e.id]))]
    count = max(1, len(order) // size)
    out: list[list[int]] = [[] for _ in range(count)]
    drafted = order[: count * size]
    for k, entrant in enumerate(drafted):
        lap, pos = divmod(k, count)
        out[pos if lap % 2 == 0 else count - 1 - pos].append(entrant)
    for k, entrant in enumerate(order[count * size :]):
        out[k % count].append(entrant)
    return out


def _circle(group: Sequence[int], rng: Rng) -> list[Seating]:
    """Pairs: the circle method (one seat fixed, the rest rotate), the seeded draw choosing who
    sits where on the circle; an odd group gets an empty seat, whose partner has the bye."""
    players: list[int | None] = list(group)
    rng.shuffle(players)
    if len(players) % 2:
        players.append(None)
    place = {p: k for k, p in enumerate(group)}
    half = len(players) // 2
    rounds: list[Seating] = []
    for _ in range(len(players) - 1):
        tables, byes = [], []
        for k in range(half):
            a, b = players[k], players[len(players) - 1 - k]
            if a is None or b is None:
                byes.append(a if b is None else b)
            else:
                tables.append(tuple(sorted((a, b), key=place.__getitem__)))
        rounds.append(Seating(tuple(tables), tuple(p for p in byes if p is not None)))
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


def _greedy_round(
    players: list[int], seats: int, open_pairs: set[frozenset[int]], byes: dict[int, int], rng: Rng
) -> Seating:
    """One round of the greedy cover: who sits out, then tables built around open pairs."""
    draw = _draws(players, rng)

    def open_with(p: int, among: Iterable[int]) -> int:
        return sum(1 for q in among if q != p and frozenset((p, q)) in open_pairs)

    sizes, bye_count = table_sizes(len(players), seats)

    # Sit out: fewest byes so far, then fewest open pairs (they need the round least).
    def rest_order(pool: Iterable[int]) -> list[int]:
        return sorted(pool, key=lambda p: (byes[p], open_with(p, players), draw[p]))[:bye_count]

    resting = rest_order(players)
    free = [p for p in players if p not in resting]
    if not any(open_with(p, free) for p in free):
        # Keep one open pair at the tables so the round closes something.
        a, b = min(tuple(sorted(pair, key=draw.__getitem__)) for pair in open_pairs)
        resting = rest_order(p for p in players if p not in (a, b))
        free = [p for p in players if p not in resting]
    tables = []
    for size in sizes:
        lead = max(free, key=lambda p: (open_with(p, free), -draw[p]))
        table = [lead]
        free.remove(lead)
        while len(table) < size:
            pick = max(free, key=lambda p: (open_with(p, table), -draw[p]))
            table.append(pick)
            free.remove(pick)
        tables.append(table)
    for p in resting:
        byes[p] += 1
    place = {p: k for k, p in enumerate(players)}
    ordered = sorted((sorted(t, key=place.__getitem__) for t in tables), key=lambda t: place[t[0]])
    return Seating(tuple(tuple(t) for t in ordered), tuple(resting))


# Seeded attempts of the greedy cover; the shortest (then fewest repeated pairs) is kept.
COVER_TRIES = 16


def _cover(players: list[int], seats: int, rng: Rng) -> list[Seating]:
    """One greedy cover: rounds until every pair has shared a table."""
    open_pairs = {frozenset((a, b)) for k, a in enumerate(players) for b in players[k + 1 :]}
    byes = dict.fromkeys(players, 0)
    rounds: list[Seating] = []
    while open_pairs:
        seating = _greedy_round(players, seats, open_pairs, byes, rng.fork(len(rounds)))
        for table in seating.tables:
            open_pairs -= {frozenset((a, b)) for a in table for b in table if a != b}
        rounds.append(seating)
    return rounds


def _pair_count(rounds: list[Seating]) -> int:
    return sum(len(t) * (len(t) - 1) // 2 for seating in rounds for t in seating.tables)


def round_robin(group: Sequence[int], seats: int, seed: int) -> list[Seating]:
    """The rounds of a group in which everyone meets everyone; tables strongest first, taking
    the group's order as the strength order.

    2 seats: the circle method (n-1 rounds, n when odd, with one bye a round).
    3-4 seats: a greedy cover, round by round, until every pair has shared a table: the
    remainder sits out (fewest byes so far first), each table starts with the player who has
    the most pairs still open and adds whoever opens the most new pairs with those seated (a
    seeded draw on ties). A round always closes at least one pair (the sitting out never takes
    both ends of every open pair, and the leader has the most open pairs among those seated),
    so it ends. Not optimal: of `COVER_TRIES` seeded attempts the one with the fewest rounds,
    then the fewest pairs seated (so the fewest repeats), is kept: 1-2.5x the lower bound
    ceil((n-1)/(seats-1)) rounds for groups of 4-16. A group no larger than a table plays one
    round at one table.
    """
    if len(set(group)) != len(group):
        raise ValueError("an entrant is listed twice")
    rng = Rng.from_seed(seed)
    if len(group) < 2:
        return []
    if len(group) <= seats:
        return [Seating((tuple(group),), ())]
    if seats == 2:
        return _circle(group, rng)
    tries = [_cover(list(group), seats, rng.fork(k)) for k in range(COVER_TRIES)]
    return min(tries, key=lambda rounds: (len(rounds), _pair_count(rounds)))
