"""Events through the real service on a real database (SQLite; PostgreSQL with
TEST_DATABASE_URL): sign-up and its rules, whole Swiss events at 3-seat tables over 3 rounds
(9 entrants: no one meets anyone twice; 7: a bye each round, to three people), each table an
ordinary game in its own thread, results written as the games end, standings checked against
points computed here by hand, and every step repeated (as after a crash) doing nothing twice."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from bot.db.models import Timer
from bot.errors import ServiceError
from bot.events.standings import place_points
from bot.service import GameService
from bot.service.events import EVENT_ADVANCE, EVENT_DEADLINE, EVENT_START
from engine.rng import Rng
from tests.bot.test_service import GUILD, MOD, play_one

CHANNEL = 500
PEOPLE = [1001, 1002, 1003, 1004, 1005, 1006, 1007]


async def timers(svc: GameService) -> Counter:
    async with svc.core.readers() as s:
        rows = (await s.execute(Timer.__table__.select())).all()
    return Counter(r.kind for r in rows)


async def new_event(svc: GameService, **kw) -> int:
    info = await svc.create_event(
        guild_id=GUILD,
        channel_id=CHANNEL,
        actor=MOD,
        name="Winter <b>Cup</b>",
        title_slug="bazaar",
        seats=3,
        rounds=3,
        starts_in_hours=24,
        round_hours=72,
        seed=4242,
        **kw,
    )
    return info.id


async def test_sign_up_join_leave_and_its_rules(service):
    event = await new_event(service)
    assert (await timers(service))[EVENT_START] == 1
    await service.join_event(event, PEOPLE[0])
    with pytest.raises(ServiceError, match="signed up already"):
        await service.join_event(event, PEOPLE[0])
    info = await service.leave_event(event, PEOPLE[0])
    assert info.entrants == ()
    with pytest.raises(ServiceError, match="not signed up"):
        await service.leave_event(event, PEOPLE[0])
    strict = await new_event(service, min_finished=2)
    with pytest.raises(ServiceError, match="at least 2 games"):
        await service.join_event(strict, PEOPLE[1])
    with pytest.raises(ServiceError, match="seat 2 to 4"):
        await service.create_event(
            guild_id=GUILD,
            channel_id=CHANNEL,
            actor=MOD,
            name="x",
            title_slug="bazaar",
            seats=5,
            rounds=3,
            starts_in_hours=1,
            round_hours=24,
        )


async def test_too_few_entrants_cancel_the_event(service):
    event = await new_event(service)
    await service.join_event(event, PEOPLE[0])
    done = await service.start_event(event)
    assert done.what == "cancelled" and done.event.status == "cancelled"


async def play_table(svc: GameService, thread: int, out, seed: int):
    rng = Rng.from_seed(seed)
    for _ in range(5000):
        if out.result is not None:
            return out
        out = await play_one(svc, out, rng, channel=thread)
    raise AssertionError("the table's game did not end")


async def run_event(service: GameService, people: list[int]):
    """Sign everyone up and play the event to its end, every table's game by random moves;
    returns its id, the points computed here by hand, the repeated pairs, and the byes."""
    event = await new_event(service)
    for p in people:
        await service.join_event(event, p)
    started = await service.start_event(event)
    assert started.what == "seated" and started.event.round == 1
    assert (await service.start_event(event)).what == "nothing"  # (again, as after a crash)
    expected: Counter = Counter()
    met: set[frozenset[int]] = set()
    repeats = 0
    byes: Counter = Counter()
    thread = 9000
    points = place_points(3)
    for round_no in (1, 2, 3):
        to_open = await service.tables_to_open(event)
        assert [len(t.people) for t in to_open] == [3] * (len(people) // 3)
        for bye in set(people) - {p for t in to_open for p in t.people}:
            byes[bye] += 1
            expected[bye] += 2.0  # a bye: the average of 4, 2, 0
        for t in to_open:
            assert f"round {round_no} · table {t.number}" in t.thread_name
            pairs = {frozenset((a, b)) for a in t.people for b in t.people if a < b}
            repeats += len(pairs & met)
            met |= pairs
            thread += 1
            out = await service.open_table(t.table_id, thread)
            assert out is not None and out.game.channel_id == thread
            assert await service.open_table(t.table_id, thread) is None  # adopted, not twice
            assert sorted(h.user_id for h in out.game.holders) == sorted(t.people)
            end = await play_table(service, thread, out, seed=thread)
            seat_of = {h.user_id: h.seat_no for h in end.game.holders}
            for person in t.people:
                place = end.result.places[seat_of[person]]
                tied = [q for q in t.people if end.result.places[seat_of[q]] == place]
                share = [points[place - 1 + k] for k in range(len(tied))]
                expected[person] += sum(share) / len(tied)
        assert (await service.tables_to_open(event)) == []
        assert (await timers(service))[EVENT_ADVANCE] == round_no  # set as the round ended
        moved = await service.advance_event(event)
        assert moved.what == ("seated" if round_no < 3 else "finished")
        assert (await service.advance_event(event)).what == "nothing"
    assert (await timers(service))[EVENT_DEADLINE] == 3
    return event, expected, repeats, byes


async def test_a_whole_swiss_event_of_nine_meets_no_one_twice(service):
    event, expected, repeats, byes = await run_event(service, PEOPLE + [1008, 1009])
    assert repeats == 0 and not byes
    info, table = await service.event_standings(event)
    assert info.status == "finished" and info.name == "Winter <b>Cup</b>"
    assert {r.id: r.points for r in table} == pytest.approx(dict(expected))
    assert [r.points for r in table] == sorted((r.points for r in table), reverse=True)


async def test_a_swiss_event_of_seven_gives_one_bye_each_round_to_different_people(service):
    event, expected, _, byes = await run_event(service, PEOPLE)
    assert sorted(byes.values()) == [1, 1, 1]
    _, table = await service.event_standings(event)
    assert {r.id: r.points for r in table} == pytest.approx(dict(expected))
    assert {r.id: r.byes for r in table if r.byes} == dict(byes)


async def open_round(service: GameService, event: int, thread: int) -> dict[int, object]:
    """Open every table of the current round, each in a thread of its own: thread -> outcome."""
    opened = {}
    for t in await service.tables_to_open(event):
        thread += 1
        opened[thread] = await service.open_table(t.table_id, thread)
    return opened


async def test_the_deadline_ends_the_tables_still_playing(service):
    event = await new_event(service)
    for p in PEOPLE[:6]:
        await service.join_event(event, p)
    await service.start_event(event)
    opened = await open_round(service, event, 7000)
    assert len(opened) == 2
    assert await service.round_deadline(event, 2) == []  # not this round's: nothing
    ended = await service.round_deadline(event, 1)
    assert len(ended) == 2 and all(out.result is not None for out in ended)
    assert all(all(h.is_bot for h in out.game.holders) for out in ended)
    assert (await timers(service))[EVENT_ADVANCE] == 1
    assert (await service.advance_event(event)).what == "seated"
    _, table = await service.event_standings(event)
    assert sorted(r.games for r in table) == [1] * 6
    assert await service.round_deadline(event, 1) == []  # (again, as after a crash)


async def test_a_dropped_entrant_is_replaced_at_their_table_and_not_seated_again(service):
    event = await new_event(service)
    for p in PEOPLE[:6]:
        await service.join_event(event, p)
    await service.start_event(event)
    opened = await open_round(service, event, 7100)
    gone = PEOPLE[0]
    info, out = await service.drop_entrant(event, gone, MOD)
    assert gone in info.dropped and gone not in info.entrants
    assert out is not None and "automatic player" in " ".join(e.text for e in out.events)
    with pytest.raises(ServiceError, match="not in this event"):
        await service.drop_entrant(event, gone, MOD)
    late = 1042
    await service.add_entrant(event, late, MOD)
    assert len(opened) == 2
    await service.round_deadline(event, 1)  # (the tables end; the dropped seat's included)
    assert (await service.advance_event(event)).what == "seated"
    seated = {p for t in await service.tables_to_open(event) for p in t.people}
    assert gone not in seated and late in seated


async def test_the_entry_rule_of_no_clock_run_out_lately(service):
    from datetime import UTC, datetime, timedelta

    from bot.db.models import Game, GameResult

    event = await new_event(service, clean_last=2)
    person = PEOPLE[2]
    await service.join_event(event, person)  # no games: nothing ran out
    await service.leave_event(event, person)
    async with service.core.tx() as s:
        base = datetime(2026, 1, 1, tzinfo=UTC)
        for n, outs in enumerate([1, 0, 0]):  # the oldest ran out; the last two did not
            game = Game(
                guild_id=GUILD,
                channel_id=1,
                title="bazaar",
                rules_version="1",
                seed=1,
                seats=2,
                status="finished",
                created_by=person,
            )
            s.add(game)
            await s.flush()
            s.add(
                GameResult(
                    game_id=game.id,
                    guild_id=GUILD,
                    channel_id=1,
                    title="bazaar",
                    user_id=person,
                    seat_no=0,
                    status="finished",
                    game_row=True,
                    counted=True,
                    players=2,
                    moves=1,
                    seat_moves=1,
                    timeouts=outs,
                    finished_at=base + timedelta(days=n),
                    days=1.0,
                )
            )
    await service.join_event(event, person)  # the last 2 are clean
    strict = await new_event(service, clean_last=3)
    with pytest.raises(ServiceError, match="last 3 games"):
        await service.join_event(strict, person)


async def test_someone_dropped_before_their_table_opened_is_played_automatically(service):
    """A drop between the round's seating and its table's opening (a thread Discord refused,
    a crash): the table opens with the automatic player in their seat; opened again (as after
    a crash), nothing more happens."""
    event = await new_event(service)
    for p in PEOPLE[:6]:
        await service.join_event(event, p)
    await service.start_event(event)
    gone = PEOPLE[0]
    info, out = await service.drop_entrant(event, gone, MOD)
    assert out is None and gone in info.dropped
    (table,) = [t for t in await service.tables_to_open(event) if gone in t.people]
    out = await service.open_table(table.table_id, 7200)
    assert out is not None and out.game.status == "running"
    assert gone not in {h.user_id for h in out.game.holders}
    assert sum(h.is_bot for h in out.game.holders) == 1
    assert "automatic player" in " ".join(e.text for e in out.events)
    assert await service.open_table(table.table_id, 7200) is None


async def test_no_one_is_dropped_from_an_event_over(service):
    """A finished (or cancelled) event's entrants stay as they played: a drop is refused."""
    event = await new_event(service)
    await service.join_event(event, PEOPLE[0])
    assert (await service.start_event(event)).what == "cancelled"
    with pytest.raises(ServiceError, match="over"):
        await service.drop_entrant(event, PEOPLE[0], MOD)
    info = await service.event_info(event)
    assert info.entrants == (PEOPLE[0],) and info.dropped == ()


async def test_two_processes_move_an_event_once(service):
    """Two services on one database (two processes on PostgreSQL; on SQLite, one process's
    two callers): the event is started, and each round seated, by exactly one of them."""
    from bot.db.engine import make_engine, sessionmaker

    engine = make_engine(service.db_url)
    other = GameService(sessionmaker(engine))
    try:
        event = await new_event(service)
        for p in PEOPLE[:6]:
            await service.join_event(event, p)
        done = await asyncio.gather(service.start_event(event), other.start_event(event))
        assert sorted(d.what for d in done) == ["nothing", "seated"]
        to_open = await service.tables_to_open(event)
        assert len(to_open) == 2 and len({t.number for t in to_open}) == 2
        for n, t in enumerate(to_open):
            await service.open_table(t.table_id, 8800 + n)
        await service.round_deadline(event, 1)
        moved = await asyncio.gather(service.advance_event(event), other.advance_event(event))
        assert sorted(m.what for m in moved) == ["nothing", "seated"]
        assert len(await service.tables_to_open(event)) == 2  # round 2 seated once
    finally:
        await engine.dispose()


async def test_a_dropped_entrant_reseated_takes_their_seat_back(service):
    event = await new_event(service)
    for p in PEOPLE[:6]:
        await service.join_event(event, p)
    await service.start_event(event)
    await open_round(service, event, 7300)
    gone = PEOPLE[1]
    _, out = await service.drop_entrant(event, gone, MOD)
    seat = next(h.seat_no for h in out.game.holders if h.was_user_id == gone or h.is_bot)
    info, back = await service.reseat_entrant(event, gone, MOD)
    assert gone in info.entrants and back is not None
    holder = back.game.holder(seat)
    assert holder is not None and holder.user_id == gone and not holder.is_bot
    with pytest.raises(ServiceError, match="Only someone dropped"):
        await service.reseat_entrant(event, gone, MOD)
    await service.round_deadline(event, 1)
    assert (await service.advance_event(event)).what == "seated"
    assert gone in {p for t in await service.tables_to_open(event) for p in t.people}
