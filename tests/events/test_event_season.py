"""The season format through the real service: three entrants, ordinary games played in two
channels (one before the window, one after it, one with a single entrant and a non-entrant,
one with two entrants and a non-entrant), the standings checked against points computed here
by hand over each entrant's best 2 games, and the end timer finishing the season."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from bot.db.models import Timer
from bot.errors import ServiceError
from bot.events.standings import place_points
from bot.service import GameService
from bot.service.event_season import EVENT_SEASON_END
from engine.rng import Rng
from tests.bot.test_service import GUILD, MOD, new_game, play_one

A, B, C, X = 1001, 1002, 1003, 1009
START = datetime(2026, 3, 1, 12, tzinfo=UTC)


async def timers(svc: GameService) -> Counter:
    async with svc.core.readers() as s:
        rows = (await s.execute(Timer.__table__.select())).all()
    return Counter(r.kind for r in rows)


async def new_season(svc: GameService, **kw) -> int:
    info = await svc.create_event(
        guild_id=GUILD,
        channel_id=500,
        actor=MOD,
        name="Spring season",
        title_slug="bazaar",
        seats=0,
        rounds=0,
        starts_in_hours=24,
        round_hours=0,
        **{"format": "season", "window_days": 7, "best": 2, **kw},
    )
    return info.id


async def play(svc: GameService, people: tuple[int, ...], channel: int, seed: int) -> dict:
    """An ordinary game played to its end by random moves: each person's points by hand
    (2 x places beaten, tied places split), keyed by person."""
    await new_game(svc, players=people, channel=channel, seed=seed)
    out = await svc.start(channel, people[0])
    rng = Rng.from_seed(seed)
    for _ in range(5000):
        if out.result is not None:
            break
        out = await play_one(svc, out, rng, channel=channel)
    assert out.result is not None
    seat_of = {h.user_id: h.seat_no for h in out.game.holders}
    places = out.result.places
    points = place_points(len(people))
    mine = {}
    for person in people:
        place = places[seat_of[person]]
        tied = sum(1 for p in people if places[seat_of[p]] == place)
        mine[person] = sum(points[place - 1 + k] for k in range(tied)) / tied
    return mine


async def test_a_season_counts_the_best_games_among_entrants_in_its_window(service, monkeypatch):
    now = [START]
    service.clock = lambda: now[0]
    # (a game's end is stamped by the wall clock: it follows the test's here)
    monkeypatch.setattr("bot.service.queries.decision.utcnow", lambda: now[0])
    event = await new_season(service)
    for p in (A, B, C):
        await service.join_event(event, p)
    now[0] += timedelta(hours=2)
    await play(service, (A, B), 100, seed=1)  # during sign-up: before the window
    now[0] = START + timedelta(hours=24, minutes=1)
    started = await service.start_event(event)
    assert started.what == "started" and started.event.status == "running"
    assert started.event.round == 0 and started.event.ends_at == START + timedelta(days=8)
    assert (await service.start_event(event)).what == "nothing"  # (again, as after a crash)
    assert (await timers(service))[EVENT_SEASON_END] == 1
    assert await service.tables_to_open(event) == []
    assert (await service.advance_event(event)).what == "nothing"  # (no rounds to move on)
    counted: dict[int, list[float]] = {A: [], B: [], C: []}
    for n, (people, channel) in enumerate(
        [((A, B, C), 100), ((A, B), 200), ((A, C), 100), ((B, X), 200), ((C, A, X), 100)]
    ):
        now[0] += timedelta(hours=5)
        got = await play(service, people, channel, seed=10 + n)
        if sum(p in counted for p in people) >= 2:  # (B with X alone does not count)
            for p in people:
                if p in counted:
                    counted[p].append(got[p])
    assert [len(v) for v in counted.values()] == [4, 2, 3]
    _, table = await service.event_standings(event)
    expected = {p: sum(sorted(v, reverse=True)[:2]) for p, v in counted.items()}
    assert {r.id: r.points for r in table} == pytest.approx(expected)
    assert {r.id: r.games for r in table} == {A: 2, B: 2, C: 2}
    assert [r.points for r in table] == sorted((r.points for r in table), reverse=True)

    assert (await service.end_season(event)).what == "nothing"  # (the window is still open)
    now[0] = START + timedelta(days=8, minutes=5)
    await play(service, (A, B), 200, seed=99)  # after the window: not counted
    done = await service.end_season(event)
    assert done.what == "finished" and done.event.status == "finished"
    assert (await service.end_season(event)).what == "nothing"
    info, final = await service.event_standings(event)
    assert info.status == "finished"
    assert {r.id: r.points for r in final} == pytest.approx(expected)


async def test_a_season_without_games_and_its_rules(service):
    event = await new_season(service, best=3)
    info = await service.event_info(event)
    assert info.format == "season" and info.best == 3 and info.rounds == 0
    for p in (A, B):
        await service.join_event(event, p)
    _, table = await service.event_standings(event)
    assert [(r.id, r.points, r.games) for r in table] == [(A, 0.0, 0), (B, 0.0, 0)]
    with pytest.raises(ServiceError, match="A season lasts"):
        await new_season(service, window_days=0)
    with pytest.raises(ServiceError, match="format is one of"):
        await new_season(service, format="league")
    lonely = await new_season(service)
    await service.join_event(lonely, A)
    assert (await service.start_event(lonely)).what == "cancelled"


def test_season_points_split_shared_places_and_break_ties_by_games_then_share():
    from bot.events.season import SeasonGame, season_standings

    games = [
        # 3 seats, seats 0 and 1 share first: (4 + 2) / 2 = 3 each; seat 2 (a non-entrant) 0
        SeasonGame(3, {0: 1, 1: 1, 2: 3}, {0: 10, 1: 10, 2: 0}, {A: 0, B: 1, X: 2}),
        # 2 seats: C wins (2), A 0
        SeasonGame(2, {0: 1, 1: 2}, {0: 30, 1: 10}, {C: 0, A: 1}),
        # B alone with a non-entrant: not counted
        SeasonGame(2, {0: 1, 1: 2}, {0: 5, 1: 0}, {B: 0, X: 1}),
        # 4 seats, two of them bots: B first (6), C fourth (0)
        SeasonGame(4, {0: 1, 1: 2, 2: 3, 3: 4}, {0: 9, 1: 1, 2: 0, 3: 0}, {B: 0, C: 3}),
    ]
    rows = season_standings(games, [A, B, C], best=1)
    assert [(r.id, r.points, r.games) for r in rows] == [(B, 6.0, 1), (A, 3.0, 1), (C, 2.0, 1)]
    rows = season_standings(games, [A, B, C], best=2)
    assert [(r.id, r.points, r.games) for r in rows] == [(B, 9.0, 2), (A, 3.0, 2), (C, 2.0, 2)]
    # Ties on points: more games counted first, then the share of the scores
    even = [
        SeasonGame(2, {0: 1, 1: 1}, {0: 1, 1: 3}, {A: 0, B: 1}),  # 1 point each
        SeasonGame(2, {0: 1, 1: 2}, {0: 2, 1: 2}, {C: 0, A: 1}),  # C 2, A 0
        SeasonGame(2, {0: 1, 1: 1}, {0: 0, 1: 0}, {C: 0, X: 1}),  # (one entrant)
    ]
    rows = season_standings(even, [A, B, C], best=5)
    assert [(r.id, r.points, r.games) for r in rows] == [(C, 2.0, 1), (A, 1.0, 2), (B, 1.0, 1)]
    rows = season_standings(even[:1], [A, B, C], best=5)
    assert [r.id for r in rows] == [B, A, C] and rows[0].score_share == pytest.approx(0.75)
