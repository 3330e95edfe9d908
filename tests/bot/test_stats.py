"""Statistics and ratings through the game service, on a real database: what a finished game
writes (in its own transaction, and only then), who counts, the views, and the recompute."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import event, insert, select

from bot.db.models import Action, Game, GameResult, Rating, Seat
from bot.ratings import Standing, after, expected, round_half_away
from bot.service import GameService
from engine.rng import Rng
from tests.bot.test_service import (
    ANA,
    BEN,
    CAL,
    CHAN,
    DEE,
    GUILD,
    MOD,
    new_game,
    play_one,
    play_to_end,
)

ROUNDS = {"rounds": "2"}


async def results(svc: GameService) -> list[dict]:
    async with svc.core.readers() as s:
        rows = (await s.execute(select(GameResult).order_by(GameResult.id))).scalars().all()
        return [
            {c.key: getattr(r, c.key) for c in GameResult.__table__.columns if c.key != "id"}
            for r in rows
        ]


async def ratings(svc: GameService) -> dict[tuple[int, str], tuple[int, int]]:
    async with svc.core.readers() as s:
        rows = (await s.execute(select(Rating))).scalars().all()
        return {(r.user_id, r.title): (r.rating, r.games) for r in rows}


async def finished_game(svc: GameService, players=(ANA, BEN, CAL), bots=0, seed=7, play=1):
    await new_game(svc, players=players, bots=bots, seed=seed, options=ROUNDS)
    return await play_to_end(svc, await svc.start(CHAN, players[0]), seed=play)


def person_places(final, people) -> dict[int, int]:
    """Person -> place in a finished outcome."""
    out = {}
    for h in final.game.holders:
        if h.user_id in people and not h.is_bot:
            out[h.user_id] = final.result.places[h.seat_no]
    return out


# ----------------------------------------------------------------------------- one game
async def test_a_finished_game_writes_its_rows_and_ratings(service):
    final = await finished_game(service)
    places = person_places(final, {ANA, BEN, CAL})
    rows = await results(service)
    assert {r["user_id"] for r in rows} == {ANA, BEN, CAL}
    assert all(r["status"] == "finished" and r["counted"] for r in rows)
    assert [r["game_row"] for r in rows].count(True) == 1
    assert {r["user_id"]: r["place"] for r in rows} == places
    expected = after({}, places)
    assert await ratings(service) == {(u, "bazaar"): (s.rating, 1) for u, s in expected.items()}
    for r in rows:
        assert r["rating_before"] == 1200 and r["rating_after"] == expected[r["user_id"]].rating
        assert r["moves"] == r["seat_moves"] > 0 and r["players"] == 3

    me = await service.person_stats(GUILD, ANA)
    (line,) = me.titles
    assert (line.played, line.finished, line.won) == (1, 1, int(places[ANA] == 1))
    assert line.avg_place == places[ANA] and line.rating == expected[ANA].rating
    assert line.moves_per_day is not None and line.timeouts == 0
    assert sum(me.places) == 1 and me.places[places[ANA] - 1] == 1
    assert [r for _, r in me.history["bazaar"]] == [1200, expected[ANA].rating]


async def test_a_decision_that_does_not_end_the_game_touches_no_statistics(service):
    await new_game(service, players=(ANA, BEN), options=ROUNDS)
    out = await service.start(CHAN, ANA)
    sent: list[str] = []
    engine = service.core.writers.kw["bind"].sync_engine
    listen = lambda conn, cursor, statement, *a: sent.append(statement)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listen)
    try:
        rng = Rng.from_seed(3)
        while out.result is None:
            sent.clear()
            out = await play_one(service, out, rng)
            touched = any("game_results" in x or "ratings" in x for x in sent)
            assert touched == (out.result is not None), sent
    finally:
        event.remove(engine, "before_cursor_execute", listen)


async def test_a_game_ended_by_a_moderator_is_played_but_never_counted(service):
    await new_game(service, players=(ANA, BEN), options=ROUNDS)
    out = await service.start(CHAN, ANA)
    await play_one(service, out, Rng.from_seed(1))
    await service.admin_end(CHAN, MOD, "stop")
    rows = await results(service)
    assert {r["user_id"] for r in rows} == {ANA, BEN}
    assert all(r["status"] == "ended" and not r["counted"] and r["place"] is None for r in rows)
    assert await ratings(service) == {}
    me = await service.person_stats(GUILD, ANA)
    assert (me.total.played, me.total.finished, me.total.won) == (1, 0, 0)
    assert me.history == {}


async def test_an_ended_lobby_is_no_game_at_all(service):
    await new_game(service, players=(ANA, BEN))
    await service.admin_end(CHAN, MOD, "never mind")
    assert await results(service) == []


async def test_automatic_players_are_never_rated(service):
    final = await finished_game(service, players=(ANA, BEN), bots=2)
    rows = await results(service)
    assert {r["user_id"] for r in rows} == {ANA, BEN}
    places = person_places(final, {ANA, BEN})
    expected = after({}, places)  # one Elo match: ANA against BEN only
    assert await ratings(service) == {(u, "bazaar"): (s.rating, 1) for u, s in expected.items()}


async def test_one_person_among_automatic_players_counts_but_is_not_rated(service):
    await finished_game(service, players=(ANA,), bots=2)
    (row,) = await results(service)
    assert row["counted"] and row["rating_after"] is None
    assert await ratings(service) == {}
    me = await service.person_stats(GUILD, ANA)
    assert me.total.finished == 1 and me.titles[0].rating is None


async def test_the_tenure_ruling_a_seat_played_mostly_automatically(service):
    """ANA makes one move, then the automatic player takes her seat for the rest: the game
    is in her statistics (played) but does not count for her, nor is she rated; BEN and CAL
    are rated against each other only."""
    await new_game(service, players=(ANA, BEN, CAL), options=ROUNDS)
    out = await service.start(CHAN, ANA)
    rng = Rng.from_seed(5)
    while not any(h.user_id == ANA for h in out.game.waiting):
        out = await play_one(service, out, rng)
    ana_seat = out.game.seat_of(ANA).seat_no
    while any(h.user_id == ANA for h in out.game.waiting):
        out = await play_one(service, out, rng)
    out = await service.admin_seat_to(CHAN, MOD, ana_seat, None, "bot")
    final = await play_to_end(service, out)
    rows = {r["user_id"]: r for r in await results(service)}
    ana = rows[ANA]
    assert ana["moves"] == 1 and ana["seat_moves"] > 2 and not ana["counted"]
    assert ana["place"] == final.result.places[ana_seat]  # kept, but not counted
    assert rows[BEN]["counted"] and rows[CAL]["counted"]
    places = person_places(final, {BEN, CAL})
    expected = after({}, places)
    assert await ratings(service) == {(u, "bazaar"): (s.rating, 1) for u, s in expected.items()}
    me = await service.person_stats(GUILD, ANA)
    assert (me.total.played, me.total.finished) == (1, 0) and me.places == []


async def test_a_person_who_made_most_of_the_moves_counts_after_handing_over(service):
    """BEN plays almost all of his seat's moves, then DEE takes over for the last ones: the
    game counts for BEN (and his place), not for DEE, who still played it."""
    await new_game(service, players=(ANA, BEN), options={"rounds": "3"})
    out = await service.start(CHAN, ANA)
    rng = Rng.from_seed(2)
    ben_moves = 0
    while True:
        waiting = [h.user_id for h in out.game.waiting]
        if BEN in waiting and ben_moves >= 4:
            break
        if out.game.waiting and out.game.waiting[0].user_id == BEN:
            ben_moves += 1
        out = await play_one(service, out, rng)
    ben_seat = out.game.seat_of(BEN).seat_no
    out = await service.admin_seat_to(CHAN, MOD, ben_seat, DEE, "replace")
    final = await play_to_end(service, out)
    rows = {r["user_id"]: r for r in await results(service)}
    assert rows[BEN]["moves"] >= 4 and rows[DEE]["moves"] >= 1
    assert rows[BEN]["moves"] + rows[DEE]["moves"] == rows[BEN]["seat_moves"]
    assert rows[BEN]["counted"] and not rows[DEE]["counted"]
    assert rows[BEN]["place"] == rows[DEE]["place"] == final.result.places[ben_seat]
    assert set(await ratings(service)) == {(ANA, "bazaar"), (BEN, "bazaar")}


# ----------------------------------------------------------------------------- stored games
T0 = datetime(2026, 1, 1, tzinfo=UTC)


async def stored_finished_games(svc: GameService, games: list[dict[int, int]], title="bazaar"):
    """Finished games written straight to the tables (people -> place), one a day: seats,
    one live move per person, the result. No snapshot: nothing to replay."""
    async with svc.core.tx() as s:
        for n, places in enumerate(games):
            when = T0 + timedelta(days=n)
            game_id = (
                await s.execute(
                    insert(Game).values(
                        guild_id=GUILD,
                        channel_id=CHAN + 1000 + n,
                        title=title,
                        rules_version="1",
                        seed=n,
                        options={},
                        seats=len(places),
                        status="finished",
                        version=2,
                        created_by=ANA,
                        created_at=when,
                        updated_at=when + timedelta(hours=5),
                        result={
                            "scores": {str(i): 10 - p for i, p in enumerate(places.values())},
                            "ranking": list(range(len(places))),
                            "places": {str(i): p for i, p in enumerate(places.values())},
                            "details": "",
                        },
                    )
                )
            ).inserted_primary_key[0]
            for seat_no, user in enumerate(places):
                await s.execute(
                    insert(Seat).values(
                        game_id=game_id, seat_no=seat_no, user_id=user, since_version=0
                    )
                )
                await s.execute(
                    insert(Action).values(
                        game_id=game_id,
                        seq=seat_no + 1,
                        seat_no=seat_no,
                        choice_id="x",
                        user_id=user,
                        version=1,
                        events=[],
                        created_at=when + timedelta(hours=1),
                    )
                )


async def test_ties_and_the_k_switch_through_the_recompute(service):
    games = [{ANA: 1, BEN: 2}] * 29 + [{ANA: 1, BEN: 1, CAL: 3}] + [{ANA: 2, BEN: 1}]
    await stored_finished_games(service, games)
    assert await service.recompute_stats() == (len(games) * 2 + 1, len(games))
    table: dict[int, Standing] = {}
    for places in games:
        table.update(after(table, places))
    got = await ratings(service)
    assert got[(ANA, "bazaar")] == (table[ANA].rating, 31)
    assert got[(CAL, "bazaar")] == (table[CAL].rating, 1)
    # the 31st game: ANA and BEN had 30 rated games each, so K is 40 for both
    last = {r["user_id"]: r for r in await results(service) if r["game_id"] == 31}
    a, b = last[ANA]["rating_before"], last[BEN]["rating_before"]
    assert last[ANA]["rating_after"] - a == round_half_away(40 * (0 - expected(a, b)))
    assert last[BEN]["rating_after"] - b == round_half_away(40 * (1 - expected(b, a)))
    # the tie (game 30): a draw between ANA and BEN, each beating CAL
    tie = {r["user_id"]: r for r in await results(service) if r["game_id"] == 30}
    a, b, c = (tie[u]["rating_before"] for u in (ANA, BEN, CAL))
    assert tie[ANA]["rating_after"] - a == round_half_away(
        60 * (0.5 - expected(a, b))
    ) + round_half_away(60 * (1 - expected(a, c)))
    me = await service.person_stats(GUILD, ANA)
    assert (me.total.played, me.total.won) == (31, 30) and me.places == [30, 1]


async def test_the_recompute_rebuilds_exactly_what_the_games_wrote(service):
    await finished_game(service, players=(ANA, BEN, CAL), seed=1, play=1)
    await finished_game(service, players=(BEN, CAL), bots=1, seed=2, play=2)
    await new_game(service, players=(ANA, DEE), options=ROUNDS)
    await play_one(service, await service.start(CHAN, ANA), Rng.from_seed(3))
    await service.admin_end(CHAN, MOD)
    await finished_game(service, players=(ANA, CAL, DEE), seed=4, play=4)
    await finished_game(service, players=(DEE, ANA), seed=5, play=5)
    written, rated = await results(service), await ratings(service)
    assert len({r["game_id"] for r in written}) == 5
    assert await service.recompute_stats() == (len(written), 4)
    assert await results(service) == written
    assert await ratings(service) == rated


# ----------------------------------------------------------------------------- the views
async def test_title_and_server_views(service):
    await stored_finished_games(service, [{ANA: 1, BEN: 2}, {ANA: 1, BEN: 2, CAL: 3}])
    await service.recompute_stats()
    await new_game(service, players=(ANA, DEE), options=ROUNDS)
    await service.start(CHAN, ANA)
    await service.admin_end(CHAN, MOD)  # a started game ended at once: DEE played it too

    board = await service.title_stats(GUILD, "bazaar")
    assert (board.finished, board.ended, board.people) == (2, 1, 4)
    assert [x.user_id for x in board.leaders] == [ANA, BEN, CAL]
    assert board.leaders[0].won == 2 and board.leaders[0].rated_games == 2
    assert (await service.title_stats(GUILD + 1, "bazaar")).people == 0

    server = await service.server_stats(GUILD)
    assert server.people == 4
    (line,) = server.titles
    assert (line.finished, line.played, line.moves) == (2, 3, 5)
    assert server.months == ["2026-01"] and server.per_month == {"bazaar": [2]}
    assert (await service.server_stats(GUILD + 1)).people == 0
