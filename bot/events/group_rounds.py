"""The `groups` format's rounds (pure): the entrants split into groups balanced by rating at the
start, each group playing its own round robin (`bot.events.pairing.groups`, `round_robin`).

Nothing but the groups is stored: every round's seating is worked out again from them and the
event's seed, so it is the same after a crash and whatever the order of the rows.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.events.pairing import Entrant, Seating, groups, round_robin
from engine.rng import Rng

#: The seed fork the groups and their schedules draw from (Swiss rounds use forks 1, 2, ...).
GROUPS_FORK = 0


def _seed(event_seed: int, k: int) -> int:
    return Rng.from_seed(event_seed).fork(GROUPS_FORK).fork(k).next64()


def make_groups(ratings: dict[int, float], size: int, event_seed: int) -> list[list[int]]:
    """The groups of `size` balanced by rating (a snake draft), each strongest first."""
    entrants = [Entrant(i, 0.0, r, 0, frozenset()) for i, r in ratings.items()]
    return groups(entrants, size, _seed(event_seed, 0))


def schedules(
    the_groups: Sequence[Sequence[int]], seats: int, event_seed: int
) -> list[list[Seating]]:
    """Each group's round robin (group k seeded by its own fork of the event's seed)."""
    return [
        round_robin(list(group), seats, _seed(event_seed, k + 1))
        for k, group in enumerate(the_groups)
    ]


def round_count(plans: Sequence[Sequence[Seating]]) -> int:
    """The event's rounds: the longest group schedule (at least 1)."""
    return max((len(p) for p in plans), default=0) or 1


def group_round(
    plans: Sequence[Sequence[Seating]], round_no: int, active: Collection[int], min_seats: int
) -> Seating:
    """Round `round_no` (from 1): each group's round of that number, group after group (a group
    whose schedule is over sits the round out, with no bye). Those no longer `active` (dropped)
    are left out: a table keeps going without them if at least `min_seats` (and 2) remain,
    otherwise whoever remains has a bye; a scheduled bye stays a bye."""
    need = max(2, min_seats)
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    for plan in plans:
        if round_no > len(plan):
            continue
        seating = plan[round_no - 1]
        for table in seating.tables:
            left = tuple(p for p in table if p in active)
            if len(left) >= need:
                tables.append(left)
            else:
                byes.extend(left)
        byes.extend(p for p in seating.byes if p in active)
    return Seating(tuple(tables), tuple(byes))


def group_of(the_groups: Sequence[Sequence[int]], person: int) -> int | None:
    """The index of the person's group (None: in none)."""
    for k, group in enumerate(the_groups):
        if person in group:
            return k
    return None


def group_name(k: int) -> str:
    """Group A, B, ... Z, then 27, 28, ..."""
    return chr(ord("A") + k) if k < 26 else str(k + 1)
