"""Swiss seating, groups and round robins, on many seeded random cases: everyone seated once or
given a bye, the table sizes of the rule, no repeated pair whenever one can be avoided (checked
by brute force on small cases), byes spread, and the same seed giving the same seating."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from bot.events.pairing import Entrant, Seating, groups, round_robin, swiss, table_sizes


def _random_entrants(rng: random.Random, n: int, density: float) -> list[Entrant]:
    met: dict[int, set[int]] = {i: set() for i in range(n)}
    for a, b in itertools.combinations(range(n), 2):
        if rng.random() < density:
            met[a].add(b)
            met[b].add(a)
    return [
        Entrant(i, float(rng.randint(0, 6)), rng.gauss(1500, 200), rng.randint(0, 1), frozenset(m))
        for i, m in met.items()
    ]


def _pairs(seating: Seating) -> list[tuple[int, int]]:
    return [(a, b) for t in seating.tables for a, b in itertools.combinations(t, 2)]


def _repeats(seating: Seating, entrants: Sequence[Entrant]) -> int:
    met = {e.id: e.met for e in entrants}
    return sum(1 for a, b in _pairs(seating) if b in met[a])


def _check_shape(seating: Seating, entrants: Sequence[Entrant], seats: int, min_seats: int | None):
    ids = [i for t in seating.tables for i in t] + list(seating.byes)
    assert sorted(ids) == sorted(e.id for e in entrants)
    sizes, byes = table_sizes(len(entrants), seats, min_seats)
    assert sorted(map(len, seating.tables)) == sorted(sizes)
    assert len(seating.byes) == byes


def _repeat_free_exists(players: list[int], met: dict[int, frozenset[int]], sizes: list[int]):
    """Brute force: can `players` sit at tables of these sizes with no pair that met before?
    The first player sits at a table of each distinct size in turn, with every choice of
    companions."""
    if not players:
        return not sizes
    first, rest = players[0], players[1:]
    for size in dict.fromkeys(sizes):
        left_sizes = list(sizes)
        left_sizes.remove(size)
        for others in itertools.combinations(rest, size - 1):
            table = (first, *others)
            if any(b in met[a] for a, b in itertools.combinations(table, 2)):
                continue
            left = [p for p in rest if p not in others]
            if _repeat_free_exists(left, met, left_sizes):
                return True
    return False


def test_every_entrant_seated_once_with_the_right_table_sizes() -> None:
    rng = random.Random(1)
    for case in range(400):
        n = rng.randint(0, 40)
        seats = rng.randint(2, 4)
        min_seats = rng.choice([None, *range(2, seats + 1)])
        entrants = _random_entrants(rng, n, rng.random() * 0.5)
        seating = swiss(entrants, seats, case, min_seats)
        _check_shape(seating, entrants, seats, min_seats)
        for table in seating.tables:  # strongest first
            key = {e.id: (-e.points, -e.rating) for e in entrants}
            assert [key[i] for i in table] == sorted(key[i] for i in table)


def test_table_sizes_rule() -> None:
    assert table_sizes(10, 4) == ([4, 4], 2)
    assert table_sizes(10, 4, min_seats=2) == ([4, 4, 2], 0)
    assert table_sizes(10, 4, min_seats=3) == ([4, 4], 2)
    assert table_sizes(11, 4, min_seats=3) == ([4, 4, 3], 0)
    assert table_sizes(12, 4, min_seats=3) == ([4, 4, 4], 0)
    assert table_sizes(3, 4) == ([], 3)


def test_no_repeat_whenever_one_can_be_avoided_brute_force() -> None:
    rng = random.Random(2)
    checked = {True: 0, False: 0}
    for case in range(300):
        seats = rng.randint(2, 4)
        n = rng.randint(seats, 10)
        min_seats = rng.choice([None, 2])
        entrants = _random_entrants(rng, n, rng.random() * 0.7)
        seating = swiss(entrants, seats, case, min_seats)
        seated = sorted(i for t in seating.tables for i in t)
        sizes = sorted(map(len, seating.tables), reverse=True)
        met = {e.id: e.met for e in entrants}
        exists = _repeat_free_exists(seated, met, sizes)
        assert (_repeats(seating, entrants) == 0) == exists, case
        checked[exists] += 1
    assert min(checked.values()) > 30  # both kinds of case were seen


def test_the_top_entrant_may_need_the_smaller_table() -> None:
    # Six at 4 seats with min 2: a table of 4 and one of 2. The leader met 1-4, so the only
    # repeat-free seating puts the leader with 5 at the small table.
    met = {0: {1, 2, 3, 4}, 1: {0}, 2: {0}, 3: {0}, 4: {0}, 5: set()}
    entrants = [Entrant(i, float(10 - i), 1500.0, 0, frozenset(m)) for i, m in met.items()]
    seating = swiss(entrants, 4, seed=0, min_seats=2)
    assert sorted(seating.tables) == [(0, 5), (1, 2, 3, 4)]


def test_first_round_seats_the_standings_in_order() -> None:
    entrants = [Entrant(i, float(i % 3), float(i), 0, frozenset()) for i in range(12)]
    seating = swiss(entrants, 4, seed=5)
    order = [e.id for e in sorted(entrants, key=lambda e: (-e.points, -e.rating))]
    assert [i for t in seating.tables for i in t] == order


def _simulate(n: int, seats: int, rounds: int, seed: int) -> tuple[list[Seating], list[Entrant]]:
    rng = random.Random(seed)
    rating = {i: rng.gauss(1500, 200) for i in range(n)}
    points = dict.fromkeys(range(n), 0.0)
    byes = dict.fromkeys(range(n), 0)
    met: dict[int, set[int]] = {i: set() for i in range(n)}
    played: list[Seating] = []
    for r in range(rounds):
        entrants = [Entrant(i, points[i], rating[i], byes[i], frozenset(met[i])) for i in range(n)]
        seating = swiss(entrants, seats, seed * 1000 + r)
        # Nobody gets a second bye while someone seated has none: whoever sits out has no
        # more byes than anyone who plays.
        if seating.byes:
            playing = [i for t in seating.tables for i in t]
            assert max(byes[i] for i in seating.byes) <= min(byes[i] for i in playing)
        played.append(seating)
        for i in seating.byes:
            byes[i] += 1
            points[i] += seats - 1
        for table in seating.tables:
            for i in table:
                met[i].update(j for j in table if j != i)
            finish = sorted(table, key=lambda i: rating[i] + rng.gauss(0, 200), reverse=True)
            for place, i in enumerate(finish):
                points[i] += 2 * (len(table) - 1 - place)
    final = [Entrant(i, points[i], rating[i], byes[i], frozenset(met[i])) for i in range(n)]
    return played, final


def test_byes_spread_over_an_event() -> None:
    rng = random.Random(3)
    for seed in range(60):
        seats = rng.randint(2, 4)
        n = rng.randint(seats + 1, 30)
        _, final = _simulate(n, seats, rng.randint(3, 8), seed)
        counts = [e.byes for e in final]
        assert max(counts) - min(counts) <= 1


def test_simulated_events_repeat_free_when_roomy() -> None:
    # Far more entrants than a round can use up: no one should meet anyone twice.
    for seed in range(20):
        seats = 2 + seed % 3
        played, _ = _simulate(40, seats, 5, seed)
        seen: set[frozenset[int]] = set()
        for seating in played:
            for a, b in _pairs(seating):
                assert frozenset((a, b)) not in seen
                seen.add(frozenset((a, b)))


def test_same_seed_same_seating_and_input_order_does_not_matter() -> None:
    rng = random.Random(4)
    differs = 0
    for case in range(50):
        entrants = _random_entrants(rng, 21, 0.2)
        # Plenty of ties so the seeded draw matters.
        entrants = [Entrant(e.id, 1.0, 1500.0, 0, e.met) for e in entrants]
        first = swiss(entrants, 3, case)
        shuffled = list(entrants)
        rng.shuffle(shuffled)
        assert swiss(shuffled, 3, case) == first
        differs += swiss(entrants, 3, case + 1000) != first
    assert differs > 25


def test_duplicate_entrant_is_refused() -> None:
    e = Entrant(1, 0.0, 1500.0, 0, frozenset())
    with pytest.raises(ValueError):
        swiss([e, e], 2, 0)


def test_groups_balanced_by_rating() -> None:
    rng = random.Random(5)
    for case in range(100):
        n = rng.randint(1, 50)
        size = rng.randint(2, 8)
        entrants = [Entrant(i, 0.0, rng.gauss(1500, 300), 0, frozenset()) for i in range(n)]
        out = groups(entrants, size, case)
        assert sorted(i for g in out for i in g) == list(range(n))
        assert len(out) == max(1, n // size)
        lengths = [len(g) for g in out]
        assert max(lengths) - min(lengths) <= 1 or len(out) == 1
        assert lengths == sorted(lengths, reverse=True)
    assert groups([], 4, 0) == []
    # Snake draft: 8 entrants rated 8..1 in two groups of 4 -> (8, 5, 4, 1) and (7, 6, 3, 2).
    entrants = [Entrant(i, 0.0, float(i), 0, frozenset()) for i in range(1, 9)]
    assert groups(entrants, 4, 0) == [[8, 5, 4, 1], [7, 6, 3, 2]]


def _check_round_robin(group: list[int], seats: int, rounds: list[Seating]) -> None:
    covered: set[frozenset[int]] = set()
    for seating in rounds:
        ids = [i for t in seating.tables for i in t] + list(seating.byes)
        assert sorted(ids) == sorted(group)
        assert all(len(t) == min(seats, len(group)) for t in seating.tables)
        covered |= {frozenset(p) for p in _pairs(seating)}
    assert covered == {frozenset(p) for p in itertools.combinations(group, 2)}


def test_round_robin_pairs_circle_method() -> None:
    for n in range(2, 15):
        group = list(range(100, 100 + n))
        rounds = round_robin(group, 2, seed=n)
        _check_round_robin(group, 2, rounds)
        assert len(rounds) == (n - 1 if n % 2 == 0 else n)
        assert len(_all_pairs(rounds)) == n * (n - 1) // 2  # each pair exactly once
        assert round_robin(group, 2, seed=n) == rounds


def _all_pairs(rounds: list[Seating]) -> list[tuple[int, int]]:
    return [p for s in rounds for p in _pairs(s)]


@pytest.mark.parametrize("seats", [3, 4])
def test_round_robin_tables_cover_every_pair(seats: int) -> None:
    for n in range(2, 17):
        group = list(range(n))
        rounds = round_robin(group, seats, seed=n)
        _check_round_robin(group, seats, rounds)
        # At least the lower bound, and not wildly above it.
        bound = -(-(n - 1) // (seats - 1))
        assert bound <= len(rounds) <= 2 * bound + 2, (n, len(rounds))
        assert round_robin(group, seats, seed=n) == rounds
