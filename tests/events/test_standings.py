"""Event standings: place points by hand (shared places split), bye points, and the tiebreak
order (points, then opponents' points, then score share, then id)."""

from __future__ import annotations

import random

import pytest

from bot.events.standings import (
    Bye,
    TableResult,
    bye_points,
    place_points,
    standings,
    table_points,
)


def test_place_points_by_seats() -> None:
    assert place_points(4) == (6, 4, 2, 0)
    assert place_points(3) == (4, 2, 0)
    assert place_points(2) == (2, 0)


@pytest.mark.parametrize(
    ("seats", "places", "expected"),
    [
        (4, {1: 1, 2: 2, 3: 3, 4: 4}, {1: 6, 2: 4, 3: 2, 4: 0}),
        (4, {1: 1, 2: 2, 3: 2, 4: 4}, {1: 6, 2: 3, 3: 3, 4: 0}),
        (4, {1: 1, 2: 1, 3: 3, 4: 4}, {1: 5, 2: 5, 3: 2, 4: 0}),
        (4, {1: 1, 2: 1, 3: 1, 4: 1}, {1: 3, 2: 3, 3: 3, 4: 3}),
        (4, {1: 1, 2: 2, 3: 2, 4: 2}, {1: 6, 2: 2, 3: 2, 4: 2}),
        (3, {7: 1, 8: 1, 9: 3}, {7: 3, 8: 3, 9: 0}),
        (3, {7: 1, 8: 1, 9: 2}, {7: 3, 8: 3, 9: 0}),  # dense numbering reads the same
        (2, {5: 1, 6: 1}, {5: 1, 6: 1}),
        (2, {5: 2, 6: 1}, {5: 0, 6: 2}),
    ],
)
def test_table_points_split_shared_places(
    seats: int, places: dict[int, int], expected: dict[int, float]
) -> None:
    assert table_points(places, seats) == expected


def test_table_points_always_sum_to_the_table_total() -> None:
    rng = random.Random(11)
    for _ in range(300):
        seats = rng.randint(2, 4)
        places = {e: rng.randint(1, seats) for e in range(seats)}
        got = table_points(places, seats)
        assert sum(got.values()) == pytest.approx(sum(place_points(seats)))
        # A better place never scores less.
        for a in places:
            for b in places:
                if places[a] < places[b]:
                    assert got[a] > got[b]


def test_bye_points_are_the_table_average() -> None:
    assert bye_points(4) == 3
    assert bye_points(3) == 2
    assert bye_points(2) == 1


def _table(places: dict[int, int], scores: dict[int, int]) -> TableResult:
    return TableResult(tuple(places), places, scores, len(places))


def test_standings_by_hand() -> None:
    results = [
        _table({1: 1, 2: 2, 3: 2, 4: 4}, {1: 50, 2: 30, 3: 30, 4: 0}),
        _table({1: 2, 2: 1, 5: 3, 6: 4}, {1: 20, 2: 40, 5: 20, 6: 20}),
        Bye(3),
    ]
    table = {s.id: s for s in standings(results)}
    assert table[1].points == 6 + 4
    assert table[2].points == 3 + 6
    assert table[3].points == 3 + 3  # the bye is worth 3 at 4 seats
    assert table[3].byes == 1 and table[3].games == 1
    assert table[4].points == 0
    # 1 met 2, 3, 4 then 2, 5, 6: 9 + 6 + 0 + 9 + 2 + 0.
    assert table[1].opponents_points == 26
    assert table[1].score_share == pytest.approx((50 / 110 + 20 / 100) / 2)
    assert table[4].score_share == 0


def test_standings_tiebreak_order() -> None:
    # 1 and 2 tie on points (2 each); 2 met the stronger opponent, so 2 is ahead.
    # 3 and 4 tie on points and on opponents' points; 4 has the better score share.
    # 5 and 6 tie on everything; the lower id goes first.
    results = [
        TableResult((1, 7), {1: 1, 7: 2}, {1: 1, 7: 1}, 2),
        TableResult((2, 8), {2: 1, 8: 2}, {2: 1, 8: 1}, 2),
        TableResult((8, 9), {8: 1, 9: 2}, {8: 1, 9: 0}, 2),
        TableResult((3, 10), {3: 1, 10: 2}, {3: 5, 10: 5}, 2),
        TableResult((4, 11), {4: 1, 11: 2}, {4: 9, 11: 1}, 2),
        TableResult((5, 6), {5: 1, 6: 1}, {5: 0, 6: 0}, 2),
    ]
    order = [s.id for s in standings(results)]
    assert order.index(2) < order.index(1)
    assert order.index(4) < order.index(3)
    assert order.index(5) < order.index(6)
    points = [s.points for s in standings(results)]
    assert points == sorted(points, reverse=True)


def test_bye_only_entrant_and_explicit_bye_size() -> None:
    results = [_table({1: 1, 2: 2, 3: 3}, {1: 3, 2: 2, 3: 1}), Bye(9), Bye(8, seats=2)]
    table = {s.id: s for s in standings(results)}
    assert table[9].points == 2 and table[9].games == 0
    assert table[8].points == 1
    assert table[9].opponents_points == 0


def test_places_must_match_entrants() -> None:
    with pytest.raises(ValueError):
        standings([TableResult((1, 2), {1: 1}, {}, 2)])
