"""Looking back, against a real database: `/game replay` (the board after any live move, from
the spectator view of that time, rebuilt from the nearest checkpoint), `/game history` (one
statement per page) and `/game export` (the seed-free public record)."""

from __future__ import annotations

import asyncio
import json

import pytest
from sqlalchemy import event, select, update

from bot import catalog
from bot.db.models import Action, Game
from bot.errors import ServiceError
from bot.results import Outcome, Step
from bot.service import GameService, replay_states
from bot.service.drafts import fingerprint
from engine.core import BACK
from engine.rng import Rng
from tests.bot.test_service import ANA, BEN, CAL, CHAN, GUILD, MOD, OTHER_CHAN, new_game, play_one

SEED = 918273645


async def finished_game(
    svc: GameService, channel: int = CHAN, seed: int = SEED, players=(ANA, BEN), options=None
) -> Outcome:
    await new_game(svc, players=players, channel=channel, seed=seed, options=options)
    out = await svc.start(channel, ANA)
    rng = Rng.from_seed(seed)
    while out.result is None:
        out = await play_one(svc, out, rng, channel)
    return out


async def live_actions(svc: GameService, game_id: int) -> list[Action]:
    async with svc.core.readers() as s:
        rows = await s.scalars(
            select(Action)
            .where(Action.game_id == game_id, Action.undone_at_version.is_(None))
            .order_by(Action.seq)
        )
        return list(rows)


async def expected_view(svc: GameService, game_id: int, move: int):
    """The spectator view after `move`, rebuilt here from setup and the live log."""
    async with svc.core.readers() as s:
        game = await s.get(Game, game_id)
    title = catalog.title(game.title)
    state = title.setup(game.seed, game.seats, dict(game.options))
    for action in (await live_actions(svc, game_id))[:move]:
        title.apply(state, action.seat_no, action.choice_id)
    return title.view(state, None)


async def decide(svc: GameService, out: Outcome, user: int, channel: int = CHAN) -> Outcome:
    """`user` completes their open decision, taking the first choice at every menu."""
    seat = out.game.seat_of(user).seat_no
    prompt = next(p for p in out.prompts if p.seat == seat)
    done = await svc.act(channel, user, prompt.choices[0].id, out.game.version)
    while isinstance(done, Step):
        pick = next(c for c in done.prompt.choices if c.id != BACK).id
        done = await svc.act_in_game(done.game.id, user, pick, menu=fingerprint(done.prompt))
    return done


# ----------------------------------------------------------------------------- replay
async def test_replay_shows_every_move_as_the_log_rebuilds_it(service):
    out = await finished_game(service)
    actions = await live_actions(service, out.game.id)
    for move in range(len(actions) + 1):
        frame = await service.replay_of(out.game.id, move)
        assert frame.move == move and frame.total == len(actions)
        assert frame.view == await expected_view(service, out.game.id, move)
        assert frame.image.data[:8] == b"\x89PNG\r\n\x1a\n"
        if move:
            action = actions[move - 1]
            public = [e["text"] for e in action.events if e.get("private_to") is None]
            assert frame.lines == public
            if action.choice_id.startswith("bid:"):  # a secret bid: nobody saw who
                assert frame.secret and frame.seat_no is None and frame.user_id is None
            else:
                assert frame.seat_no == action.seat_no and frame.user_id == action.user_id


async def test_replay_defaults_to_the_latest_move_and_refuses_moves_out_of_range(service):
    out = await finished_game(service)
    total = len(await live_actions(service, out.game.id))
    latest = await service.replay(CHAN)  # the finished game is still the channel's newest
    assert latest.move == latest.total == total
    with pytest.raises(ServiceError, match=f"from 0 \\(the start\\) to {total}"):
        await service.replay(CHAN, total + 1)
    clamped = await service.replay_of(out.game.id, total + 5, latest_at_most=True)
    assert clamped.move == total


async def test_replay_skips_undone_moves(service):
    await new_game(service, players=(ANA, BEN), seed=SEED)
    out = await service.start(CHAN, ANA)
    rng = Rng.from_seed(3)
    for _ in range(8):
        out = await play_one(service, out, rng)
    before = (await service.replay(CHAN)).total
    out = await service.admin_rollback(CHAN, MOD, 3)
    frame = await service.replay(CHAN)
    assert frame.total == before - 3
    assert frame.view == await expected_view(service, out.game.id, frame.total)
    with pytest.raises(ServiceError, match="pick a move"):
        await service.replay(CHAN, before)


async def test_replay_starts_from_the_nearest_checkpoint_not_the_setup(service, monkeypatch):
    monkeypatch.setattr("bot.service.decision.SNAPSHOT_EVERY", 5)
    out = await finished_game(service, players=(ANA, BEN, CAL, MOD), options="rounds=4")
    title = catalog.title("bazaar")
    calls = {"setup": 0, "apply": 0}
    real_setup, real_apply = type(title).setup, type(title).apply

    def setup(self, *args):
        calls["setup"] += 1
        return real_setup(self, *args)

    def apply(self, *args):
        calls["apply"] += 1
        return real_apply(self, *args)

    monkeypatch.setattr(type(title), "setup", setup)
    monkeypatch.setattr(type(title), "apply", apply)
    service.replay_states.clear()
    service.replay_states.warm = False
    frame = await service.replay_of(out.game.id, 13)
    assert calls["setup"] == 0 and calls["apply"] <= 4
    # the next move comes from the state kept in memory: one more move applied
    calls["apply"] = 0
    await service.replay_of(out.game.id, 14)
    assert calls["apply"] == 1
    assert frame.view == await expected_view(service, out.game.id, 13)


async def test_after_a_first_replay_every_move_is_at_most_a_stride_from_a_kept_state(
    service, monkeypatch
):
    out = await finished_game(service, players=(ANA, BEN, CAL, MOD), options="rounds=4")
    service.replay_states.clear()
    await service.replay_of(out.game.id)  # the latest: from the final snapshot
    await asyncio.gather(*service.replay_states.tasks)  # the warm-up, in the background
    title = catalog.title("bazaar")
    calls = {"apply": 0}
    real_apply = type(title).apply

    def apply(self, *args):
        calls["apply"] += 1
        return real_apply(self, *args)

    monkeypatch.setattr(type(title), "apply", apply)
    total = len(await live_actions(service, out.game.id))
    for move in (total - 1, 1, total // 2, 7, total - 11):
        calls["apply"] = 0
        frame = await service.replay_of(out.game.id, move)
        assert calls["apply"] <= replay_states.STRIDE
        assert frame.view == await expected_view(service, out.game.id, move)


async def test_replay_in_a_running_game_hides_a_bid_not_yet_revealed(service):
    await new_game(service, players=(ANA, BEN), seed=SEED)
    out = await service.start(CHAN, ANA)
    out = await decide(service, out, ANA)  # ANA's secret bid is in, BEN is still deciding
    frame = await service.replay(CHAN)
    ana = frame.view.seats[out.game.seat_of(ANA).seat_no]
    assert ana.has_bid and ana.bid is None
    assert all(s.hand is None for s in frame.view.seats)
    assert frame.secret and frame.user_id is None and frame.seat_no is None
    assert not any("You bid" in line for line in frame.lines)
    first = await service.replay(CHAN, 1)  # the same move, however it is reached
    assert first.secret and first.user_id is None


async def test_replay_refuses_a_lobby_and_channels_without_games(service):
    with pytest.raises(ServiceError, match="No game has been played"):
        await service.replay(CHAN)
    await new_game(service, players=(ANA, BEN))
    with pytest.raises(ServiceError, match="No game has been played"):
        await service.replay(CHAN)


# ----------------------------------------------------------------------------- history
async def test_history_lists_finished_games_of_the_channel_and_server(service):
    first = await finished_game(service, CHAN, seed=1)
    second = await finished_game(service, CHAN, seed=2)
    elsewhere = await finished_game(service, OTHER_CHAN, seed=3)
    await new_game(service, players=(ANA, CAL))  # a lobby: not finished, not listed
    async with service.core.tx() as s:
        await s.execute(update(Game).where(Game.id == second.game.id).values(turn_message_id=777))

    page = await service.history(CHAN, GUILD, "channel")
    assert [g.id for g in page.games] == [second.game.id, first.game.id] and not page.more
    shown = page.games[0]
    assert shown.moves == len(await live_actions(service, second.game.id))
    assert {p.user_id for p in shown.players} == {ANA, BEN}
    assert {p.seat_no for p in shown.winners} == {
        s for s, place in second.result.places.items() if place == 1
    }
    assert shown.link == f"https://discord.com/channels/{GUILD}/{CHAN}/777"
    assert page.games[1].link is None

    server = await service.history(CHAN, GUILD, "server")
    assert [g.id for g in server.games] == [elsewhere.game.id, second.game.id, first.game.id]
    with pytest.raises(ServiceError, match="no server"):
        await service.history(CHAN, None, "server")


async def test_history_pages_newest_first(service, monkeypatch):
    monkeypatch.setattr("bot.service.history.PAGE_SIZE", 2)
    ids = [(await finished_game(service, CHAN, seed=n)).game.id for n in range(3)]
    one = await service.history(CHAN, GUILD, "channel", 0)
    two = await service.history(CHAN, GUILD, "channel", 1)
    assert [g.id for g in one.games] == ids[:0:-1] and one.more
    assert [g.id for g in two.games] == ids[:1] and not two.more


async def test_history_page_is_one_statement(service):
    await finished_game(service, CHAN, seed=1)
    await finished_game(service, CHAN, seed=2)
    engine = service.core.read_engine.sync_engine
    statements: list[str] = []

    def count(conn, cursor, statement, *args):  # noqa: ANN001, ANN202
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        page = await service.history(CHAN, GUILD, "server")
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert len(page.games) == 2
    assert len([s for s in statements if s.lstrip().upper().startswith("SELECT")]) == 1


async def test_a_players_seat_taken_over_by_the_automatic_player_names_them(service):
    await new_game(service, players=(ANA, BEN), seed=SEED)
    out = await service.start(CHAN, ANA)
    out = await service.leave(CHAN, BEN)
    rng = Rng.from_seed(4)
    while out.result is None:
        out = await play_one(service, out, rng)
    (shown,) = (await service.history(CHAN, GUILD)).games
    bot_seat = next(p for p in shown.players if p.user_id is None)
    assert bot_seat.was == BEN


# ----------------------------------------------------------------------------- export
async def test_export_of_a_finished_game_has_no_seed_and_no_private_line(service):
    out = await finished_game(service)
    done = await service.export(CHAN)
    record = json.loads(done.data)
    assert done.filename == f"bazaar-game-{out.game.id}.json"
    assert "seed" not in record and str(SEED).encode() not in done.data
    actions = await live_actions(service, out.game.id)
    private = {e["text"] for a in actions for e in a.events if e.get("private_to") is not None}
    public = {e["text"] for a in actions for e in a.events if e.get("private_to") is None}
    logged = {line for m in record["moves"] for line in m["log"]}
    assert private and not (logged & (private - public))
    assert [m["choice"] for m in record["moves"]] == [a.choice_id for a in actions]
    assert record["title"] == "bazaar" and record["rules_version"] == "1"
    assert record["options"] == {"rounds": "3"} and record["status"] == "finished"
    assert {h["by"] for s in record["seats"] for h in s["holders"]} == {str(ANA), str(BEN)}
    assert record["result"]["ranking"] == out.result.ranking


async def test_export_of_a_running_game_needs_a_moderator_and_hides_secret_bids(service):
    await new_game(service, players=(ANA, BEN), seed=SEED)
    out = await service.start(CHAN, ANA)
    with pytest.raises(ServiceError, match="Only finished games"):
        await service.export(CHAN)
    out = await decide(service, out, ANA)
    record = json.loads((await service.export(CHAN, moderator=True)).data)
    last = record["moves"][-1]
    assert last["hidden"] is True and last["choice"] is None
    assert last["seat"] is None and last["by"] is None
    assert record["result"] is None
    out = await decide(service, out, BEN)  # the last bid reveals both
    record = json.loads((await service.export(CHAN, moderator=True)).data)
    bids = [m for m in record["moves"] if (m["choice"] or "").startswith("bid:")]
    assert len(bids) == 2 and not any(m.get("hidden") for m in record["moves"])


async def test_export_of_a_game_ended_by_a_moderator_needs_a_moderator(service):
    await new_game(service, players=(ANA, BEN), seed=SEED)
    out = await service.start(CHAN, ANA)
    await play_one(service, out, Rng.from_seed(1))
    await service.admin_end(CHAN, MOD, "test")
    with pytest.raises(ServiceError, match="stopped before its end"):
        await service.export(CHAN)
    assert json.loads((await service.export(CHAN, moderator=True)).data)["status"] == "ended"


async def test_fixture_is_the_record_plus_the_seed_and_replays(service):
    from bot.fixtures import check_fixture

    out = await finished_game(service)
    fixture = await service.fixture(out.game.id)
    assert fixture["seed"] == SEED
    check_fixture(fixture)


def test_replay_states_are_bounded_by_bytes():
    states = replay_states.ReplayStates(max_bytes=100)
    for seq in range(10):
        states.put_state(1, seq, b"x" * 30)
    assert states.bytes <= 100 and states.state(1, 9) is not None and states.state(1, 0) is None


async def test_export_and_replay_keep_a_mombasa_starting_tile_secret_until_all_have_chosen(
    service,
):
    await service.create(
        guild_id=GUILD, channel_id=CHAN, user_id=ANA, title_slug="mombasa", seats=2, seed=SEED
    )
    await service.join(CHAN, BEN)
    out = await service.start(CHAN, ANA)
    out = await decide(service, out, ANA)
    record = json.loads((await service.export(CHAN, moderator=True)).data)
    (first,) = record["moves"]
    assert first["hidden"] and first["choice"] is None and first["seat"] is None
    frame = await service.replay(CHAN, 1)
    assert frame.secret and frame.user_id is None
    out = await decide(service, out, BEN)  # the last choice reveals both tiles
    record = json.loads((await service.export(CHAN, moderator=True)).data)
    assert [m["choice"][:6] for m in record["moves"][:2]] == ["start:", "start:"]
    assert (await service.replay(CHAN, 2)).secret  # nobody saw who chose last, either
