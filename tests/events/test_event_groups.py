"""A `groups` event (round robins in groups balanced by rating) through the real service: eight
entrants in two groups of four at 2-seat tables meet everyone of their group exactly once over
three rounds and nobody of the other group; a dropped entrant's later tables go on without
them (their opponent has a bye); the format's settings are checked at `/event new`."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

import pytest

from bot.db.models import Rating
from bot.errors import ServiceError
from bot.events.standings import place_points
from bot.service import GameService
from tests.bot.test_service import GUILD, MOD
from tests.events.test_event_service import CHANNEL, open_round, play_table

PEOPLE = [2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008]
#: Ratings by person: 2008 strongest, 2001 weakest.
RATING = {p: 1000 + 100 * k for k, p in enumerate(PEOPLE)}


async def groups_event(svc: GameService, people: list[int], **kw) -> int:
    async with svc.core.tx() as s:
        for p in people:
            s.add(
                Rating(
                    user_id=p,
                    title="bazaar",
                    rating=RATING[p],
                    games=5,
                    updated_at=datetime(2026, 1, 1, tzinfo=UTC),
                )
            )
    info = await svc.create_event(
        guild_id=GUILD,
        channel_id=CHANNEL,
        actor=MOD,
        name="Group Cup",
        title_slug="bazaar",
        seats=2,
        rounds=None,
        starts_in_hours=24,
        round_hours=72,
        seed=777,
        format="groups",
        group_size=4,
        **kw,
    )
    assert info.format == "groups" and info.group_size == 4 and info.rounds == 0
    for p in people:
        await svc.join_event(info.id, p)
    return info.id


async def test_two_groups_of_four_meet_everyone_in_their_group_once(service):
    event = await groups_event(service, PEOPLE)
    started = await service.start_event(event)
    assert started.what == "seated" and started.event.rounds == 3
    assert (await service.start_event(event)).what == "nothing"  # (again, as after a crash)
    groups = started.event.groups
    assert sorted(len(g) for g in groups) == [4, 4]
    assert sorted(p for g in groups for p in g) == PEOPLE
    # Balanced by rating: a snake draft gives each group the same total here.
    assert [sum(RATING[p] for p in g) for g in groups] == [sum(RATING.values()) // 2] * 2
    assert {max(g, key=RATING.__getitem__) for g in groups} == {2008, 2007}
    home = {p: k for k, g in enumerate(groups) for p in g}
    met: Counter = Counter()
    expected: Counter = Counter()
    thread = 9500
    for round_no in (1, 2, 3):
        to_open = await service.tables_to_open(event)
        assert sorted(t.number for t in to_open) == [1, 2, 3, 4]  # numbered across groups
        assert all(len(t.people) == 2 for t in to_open)
        for t in to_open:
            a, b = t.people
            assert home[a] == home[b], "nobody meets someone of the other group"
            met[frozenset(t.people)] += 1
            thread += 1
            out = await service.open_table(t.table_id, thread)
            end = await play_table(service, thread, out, seed=thread)
            seat_of = {h.user_id: h.seat_no for h in end.game.holders}
            places = {p: end.result.places[seat_of[p]] for p in t.people}
            if places[a] == places[b]:
                expected.update({a: 1.0, b: 1.0})
            else:
                for p in t.people:
                    expected[p] += place_points(2)[places[p] - 1]
        moved = await service.advance_event(event)
        assert moved.what == ("seated" if round_no < 3 else "finished")
    inside = {frozenset((a, b)) for g in groups for a in g for b in g if a < b}
    assert set(met) == inside and set(met.values()) == {1}
    info, table = await service.event_standings(event)
    assert info.status == "finished" and info.groups == groups
    assert {r.id: r.points for r in table} == pytest.approx(dict(expected))


async def test_a_dropped_entrant_s_later_tables_go_on_without_them(service):
    event = await groups_event(service, PEOPLE)
    started = await service.start_event(event)
    gone = started.event.groups[0][0]
    await open_round(service, event, 9600)
    await service.drop_entrant(event, gone, MOD)
    with pytest.raises(ServiceError, match="groups were made at its start"):
        await service.add_entrant(event, 2999, MOD)
    await service.round_deadline(event, 1)
    assert (await service.advance_event(event)).what == "seated"
    _, rows = await service.round_tables(event)
    seated = [p for t in rows if not t.bye for p in t.people]
    (bye,) = [t.people[0] for t in rows if t.bye]
    assert gone not in seated and len(seated) == 6
    assert bye in started.event.groups[0]  # the one who was to play them


async def test_the_format_s_settings_are_checked(service):
    base = dict(
        guild_id=GUILD,
        channel_id=CHANNEL,
        actor=MOD,
        name="x",
        title_slug="bazaar",
        seats=3,
        starts_in_hours=1,
        round_hours=24,
    )
    with pytest.raises(ServiceError, match="leave `rounds` out"):
        await service.create_event(**base, rounds=3, format="groups")
    with pytest.raises(ServiceError, match="from a table's seats"):
        await service.create_event(**base, rounds=None, format="groups", group_size=2)
    with pytest.raises(ServiceError, match="format is one of"):
        await service.create_event(**base, rounds=3, format="league")
    with pytest.raises(ServiceError, match="Swiss event has 1 to"):
        await service.create_event(**base, rounds=None)
    info = await service.create_event(**base, rounds=None, format="groups")
    assert info.group_size == 4 and info.groups == ()


async def test_a_round_of_only_byes_moves_on_by_itself(service):
    """Three of a group of four dropped: the rounds left have no table (the one left has
    byes), so the seating itself sets the move on, due at once."""
    from tests.events.test_event_service import timers

    people = PEOPLE[:4]
    event = await groups_event(service, people)
    started = await service.start_event(event)
    assert started.event.rounds == 3 and len(started.event.groups) == 1
    await open_round(service, event, 9700)
    for gone in people[1:]:
        await service.drop_entrant(event, gone, MOD)
    await service.round_deadline(event, 1)
    assert (await timers(service))["event_advance"] == 1  # (the round's last table ended)
    assert (await service.advance_event(event)).what == "seated"
    assert await service.tables_to_open(event) == []
    assert (await timers(service))["event_advance"] == 2  # set with the round of byes
    assert (await service.advance_event(event)).what == "seated"
    assert (await service.advance_event(event)).what == "finished"
    _, rows = await service.event_standings(event)
    assert next(r for r in rows if r.id == people[0]).byes == 2
