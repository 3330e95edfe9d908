"""bench/web_clients.py matches each committed move to the live event that told of it: the
lowest version heard after the move's dispatch, above the previous move's, on every connection
of its game; the delay counts from the deciding interaction's answer."""

from __future__ import annotations

import pytest

from bench.web_clients import Live, Move, deliveries


def test_each_connection_is_timed_to_the_first_event_of_the_move() -> None:
    a, b = Live(1, [(5, 10.02), (6, 20.05)]), Live(1, [(5, 10.04), (6, 20.01)])
    moves = [Move(1, 10.0, 10.01), Move(1, 20.0, 20.02)]
    got = deliveries(moves, [a, b], since=0.0, until=100.0)
    assert got.moves == 2 and got.missed == 0
    assert got.from_answer == pytest.approx([0.01, 0.03, 0.03, -0.01])
    assert got.from_dispatch == pytest.approx([0.02, 0.04, 0.05, 0.01])
    assert [w[1] for w in got.worst] == [5, 6]


def test_a_connection_that_heard_nothing_is_a_miss_and_other_games_do_not_count() -> None:
    heard, deaf = Live(1, [(3, 5.1)]), Live(1, [])
    other = Live(2, [(9, 5.05)])
    got = deliveries([Move(1, 5.0, 5.02)], [heard, deaf, other], since=0.0, until=100.0)
    assert got.moves == 1 and got.missed == 1
    assert got.from_answer == pytest.approx([0.08])


def test_moves_outside_the_window_set_the_version_but_are_not_counted() -> None:
    live = Live(1, [(4, 1.05), (5, 8.03)])
    moves = [Move(1, 1.0, 1.01), Move(1, 8.0, 8.01)]
    got = deliveries(moves, [live], since=2.0, until=100.0)
    assert got.moves == 1 and got.from_answer == pytest.approx([0.02])


def test_a_failed_connection_is_left_out() -> None:
    failed = Live(1, [], failed="HTTP 404")
    got = deliveries([Move(1, 1.0, 1.01)], [failed], since=0.0, until=100.0)
    assert got.moves == 0 and got.missed == 0 and not got.from_answer
