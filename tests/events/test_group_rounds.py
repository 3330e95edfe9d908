"""The `groups` format's rounds (pure): groups balanced by rating, the round count, and a round
seated from the groups' schedules, without those dropped."""

from __future__ import annotations

from bot.events.group_rounds import group_name, group_of, group_round, make_groups, round_count
from bot.events.group_rounds import schedules as plans_of
from bot.events.pairing import Seating


def test_groups_are_a_snake_draft_and_the_same_for_the_same_seed():
    ratings = {p: float(2000 - 10 * p) for p in range(1, 9)}  # 1 strongest
    made = make_groups(ratings, 4, 5)
    assert sorted(map(sorted, made)) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert made == make_groups(dict(reversed(list(ratings.items()))), 4, 5)
    plans = plans_of(made, 2, 5)
    assert round_count(plans) == 3 and plans == plans_of(made, 2, 5)
    assert group_of(made, 8) == group_of(made, 1) and group_of(made, 99) is None
    assert [group_name(k) for k in (0, 1, 25, 26)] == ["A", "B", "Z", "27"]


def test_a_round_goes_on_without_those_dropped():
    plans = [
        [Seating(((1, 2, 3),), (4,)), Seating(((1, 4, 2),), (3,))],
        [Seating(((5, 6),), ())],  # a shorter schedule: sits round 2 out, no bye
    ]
    everyone = {1, 2, 3, 4, 5, 6}
    assert group_round(plans, 1, everyone, 2) == Seating(((1, 2, 3), (5, 6)), (4,))
    # one gone from a table of 3: the two left play on (the game's minimum is 2)
    assert group_round(plans, 1, everyone - {2}, 2) == Seating(((1, 3), (5, 6)), (4,))
    # below the minimum: whoever is left has a bye; a scheduled bye of someone gone is none
    assert group_round(plans, 1, everyone - {2, 4}, 2) == Seating(((1, 3), (5, 6)), ())
    assert group_round(plans, 1, everyone - {2, 4}, 3) == Seating((), (1, 3, 5, 6))
    assert group_round(plans, 2, everyone - {3}, 2) == Seating(((1, 4, 2),), ())
    assert group_round(plans, 1, everyone - {6}, 2) == Seating(((1, 2, 3),), (4, 5))
