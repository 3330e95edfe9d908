"""The game service against a real database: lobby, play, undo, bots, moderators, restarts."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from bot.db.engine import make_engine, sessionmaker
from bot.db.models import Action, Audit, Game, Seat, Snapshot
from bot.errors import ServiceError, StaleError
from bot.results import Outcome, Step
from bot.service import GameService
from bot.service.drafts import fingerprint
from engine.core import BACK
from engine.rng import Rng

GUILD, CHAN, OTHER_CHAN = 1, 100, 200
ANA, BEN, CAL, DEE, MOD = 11, 12, 13, 14, 99


async def new_game(
    svc: GameService,
    players=(ANA, BEN),
    bots: int = 0,
    seats: int | None = None,
    channel: int = CHAN,
    seed: int = 7,
    options=None,
    title: str = "bazaar",
):
    info = await svc.create(
        guild_id=GUILD,
        channel_id=channel,
        user_id=players[0],
        title_slug=title,
        seats=seats or len(players) + bots,
        bots=bots,
        options=options,
        seed=seed,
    )
    for p in players[1:]:
        await svc.join(channel, p)
    return info


def user_of(outcome: Outcome, seat: int) -> int | None:
    holder = outcome.game.holder(seat)
    assert holder is not None
    return None if holder.is_bot else holder.user_id


async def play_one(svc: GameService, outcome: Outcome, rng: Rng, channel: int = CHAN) -> Outcome:
    """The first waiting person makes a random legal move, step by step through the menus."""
    prompt = outcome.prompts[0]
    user = user_of(outcome, prompt.seat)
    done = await svc.act(channel, user, rng.choice(prompt.choices).id, outcome.game.version)
    while isinstance(done, Step):
        forward = [c for c in done.prompt.choices if c.id != BACK]
        pick = rng.choice(forward).id
        done = await svc.act_in_game(done.game.id, user, pick, menu=fingerprint(done.prompt))
    return done


async def play_to_end(svc: GameService, outcome: Outcome, seed: int = 1, limit: int = 5000):
    rng = Rng.from_seed(seed)
    for _ in range(limit):
        if outcome.result is not None:
            return outcome
        outcome = await play_one(svc, outcome, rng)
    raise AssertionError("the game did not end")


# ----------------------------------------------------------------------------- lobby
async def test_create_join_start_and_play_to_the_end(service):
    await new_game(service, players=(ANA, BEN, CAL))
    out = await service.start(CHAN, ANA)
    assert out.game.status == "running" and out.prompts
    assert out.game.version == 1
    final = await play_to_end(service, out)
    assert final.game.status == "finished"
    assert sorted(final.result.ranking) == [0, 1, 2]
    with pytest.raises(ServiceError, match="no game in this channel"):
        await service.status(CHAN)
    # the channel is free again
    await new_game(service, players=(BEN, CAL), seed=8)


async def test_lobby_refusals(service):
    with pytest.raises(ServiceError, match="don't know the game"):
        await service.create(guild_id=GUILD, channel_id=CHAN, user_id=ANA, title_slug="chess")
    with pytest.raises(ServiceError, match="2 to 4 players"):
        await service.create(
            guild_id=GUILD, channel_id=CHAN, user_id=ANA, title_slug="bazaar", seats=9
        )
    with pytest.raises(ServiceError, match="between 0 and 1"):
        await service.create(
            guild_id=GUILD, channel_id=CHAN, user_id=ANA, title_slug="bazaar", seats=2, bots=2
        )
    with pytest.raises(ServiceError, match="name=value"):
        await service.create(
            guild_id=GUILD, channel_id=CHAN, user_id=ANA, title_slug="bazaar", options="rounds"
        )
    with pytest.raises(ServiceError, match="no option `colour`"):
        await service.create(
            guild_id=GUILD, channel_id=CHAN, user_id=ANA, title_slug="bazaar", options="colour=red"
        )
    with pytest.raises(ServiceError, match="can be"):
        await service.create(
            guild_id=GUILD, channel_id=CHAN, user_id=ANA, title_slug="bazaar", options="rounds=99"
        )
    with pytest.raises(ServiceError, match="no game in this channel"):
        await service.join(CHAN, BEN)

    info = await new_game(service, players=(ANA,), seats=2)
    assert info.options == {"rounds": "3"}
    with pytest.raises(ServiceError, match="already has a game"):
        await new_game(service, players=(BEN,), seats=2)
    with pytest.raises(ServiceError, match="already in this game"):
        await service.join(CHAN, ANA)
    with pytest.raises(ServiceError, match="at least 2 players"):
        await service.start(CHAN, ANA)
    await service.join(CHAN, BEN)
    with pytest.raises(ServiceError, match="full"):
        await service.join(CHAN, CAL)
    with pytest.raises(ServiceError, match="Only a player"):
        await service.start(CHAN, CAL)
    out = await service.start(CHAN, BEN)
    with pytest.raises(ServiceError, match="already started"):
        await service.join(CHAN, CAL)
    with pytest.raises(ServiceError, match="already under way"):
        await service.start(CHAN, ANA)
    assert out.game.status == "running"


async def test_options_are_parsed_and_stored(service):
    info = await new_game(service, options="rounds=2")
    assert info.options == {"rounds": "2"}


async def test_leave_lobby_frees_the_seat_and_last_person_closes_it(service):
    await new_game(service, players=(ANA, BEN), seats=3)
    out = await service.leave(CHAN, BEN)
    assert [h.user_id for h in out.game.holders] == [ANA]
    with pytest.raises(ServiceError, match="not in this game"):
        await service.leave(CHAN, BEN)
    out = await service.leave(CHAN, ANA)
    assert out.game.status == "ended"
    await new_game(service, players=(CAL,), seats=2)  # the channel is free


async def test_start_closes_gaps_in_seating(service):
    await new_game(service, players=(ANA, BEN, CAL), seats=4)
    await service.leave(CHAN, BEN)
    out = await service.start(CHAN, ANA)
    assert sorted(h.seat_no for h in out.game.holders) == [0, 1]
    assert {h.user_id for h in out.game.holders} == {ANA, CAL}
    assert out.game.seats == 2


async def test_seating_is_random_but_reproducible(service):
    """Seats are assigned at random from the game's seed (Benares & Calcutta R60)."""
    firsts = set()
    for seed in range(12):
        channel = 1000 + seed
        await new_game(service, players=(ANA, BEN, CAL), channel=channel, seed=seed)
        out = await service.start(channel, ANA)
        firsts.add(out.game.holder(0).user_id)
    assert firsts == {ANA, BEN, CAL}


# ----------------------------------------------------------------------------- play
async def test_act_refusals_change_nothing(service):
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    version = out.game.version
    with pytest.raises(ServiceError, match="not playing"):
        await service.act(CHAN, CAL, out.prompts[0].choices[0].id)
    with pytest.raises(ServiceError):
        await service.act(CHAN, ANA, "no-such-choice")
    with pytest.raises(StaleError, match="earlier turn"):
        await service.act(CHAN, ANA, out.prompts[0].choices[0].id, version=version - 1)
    with pytest.raises(ServiceError, match="no game in this channel"):
        await service.act(OTHER_CHAN, ANA, "x")
    assert (await service.status(CHAN)).version == version


async def test_a_choice_picked_from_the_play_list_is_played_once(service):
    """`seen`: the version `/play`'s list was offered at. Others deciding meanwhile (a
    simultaneous secret bid) do not spoil it; once the person's own seat has moved, the same
    pick is refused (a `/play` sent twice plays once)."""
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    offered = out.game.version
    assert len(out.prompts) == 2 and all(p.secret for p in out.prompts)
    await service.act(CHAN, BEN, "pick:2", seen=offered)
    bid = await service.act(CHAN, BEN, "bid:2", seen=offered)
    assert isinstance(bid, Outcome) and bid.game.version == offered + 1
    step = await service.act(CHAN, ANA, "pick:1", seen=offered)  # BEN's bid moved the version
    assert isinstance(step, Step)
    done = await service.act(CHAN, ANA, "bid:1", seen=offered)
    assert isinstance(done, Outcome) and done.game.version == offered + 2
    with pytest.raises(StaleError, match="moved on since you picked this"):
        await service.act(CHAN, ANA, "bid:1", seen=offered)
    with pytest.raises(StaleError, match="moved on since you picked this"):
        await service.act(CHAN, BEN, "bid:2", seen=offered)
    assert (await service.status(CHAN)).version == offered + 2


async def test_not_your_turn(service):
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    rng = Rng.from_seed(3)
    # play until exactly one seat is waiting, then let the other one try
    for _ in range(200):
        if len(out.prompts) == 1:
            break
        out = await play_one(service, out, rng)
    waiting = out.prompts[0].seat
    idle_user = user_of(out, 1 - waiting)
    with pytest.raises(ServiceError, match="not your turn"):
        await service.act(CHAN, idle_user, out.prompts[0].choices[0].id)


async def test_action_is_committed_before_return_and_survives_restart(service):
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    out = await play_one(service, out, Rng.from_seed(5))
    # A brand-new service (empty cache) on the same database sees the same game.
    engine = make_engine(service.db_url)
    fresh = GameService(sessionmaker(engine))
    status = await fresh.status(CHAN)
    assert status.version == out.game.version
    async with sessionmaker(engine)() as s:
        count = await s.scalar(select(func.count()).select_from(Action))
        snaps = await s.scalar(select(func.count()).select_from(Snapshot))
    assert count >= 1 and snaps == 1  # snapshots are a cache: only the latest is kept here
    final = await play_to_end(fresh, out, seed=9)
    assert final.game.status == "finished"
    await engine.dispose()


async def test_small_cache_still_plays_two_games(db_url, service):
    service.core.cache.size = 1
    await new_game(service, players=(ANA, BEN), channel=CHAN)
    await new_game(service, players=(CAL, DEE), channel=OTHER_CHAN)
    a = await service.start(CHAN, ANA)
    b = await service.start(OTHER_CHAN, CAL)
    rng = Rng.from_seed(11)
    for _ in range(12):
        if a.result is None:
            a = await play_one(service, a, rng, CHAN)
        if b.result is None:
            b = await play_one(service, b, rng, OTHER_CHAN)
    assert len(service.core.cache) == 1


# ----------------------------------------------------------------------------- undo
async def _find_undoable(service: GameService, out: Outcome) -> tuple[Outcome, int]:
    """Play until somebody makes a move their undo can take back."""
    rng = Rng.from_seed(2)
    for _ in range(300):
        user = user_of(out, out.prompts[0].seat)
        out = await play_one(service, out, rng)
        async with service.core.readers() as s:
            last = await s.scalar(select(Action).order_by(Action.seq.desc()).limit(1))
        if last.undoable and last.user_id == user:
            return out, user
    raise AssertionError("no undoable move found")


async def test_undo_own_move_within_turn(service):
    # (Tidewater: a turn is several moves. Bazaar's only such moves are sealed bids, now final.)
    await new_game(service, players=(ANA, BEN), title="tidewater")
    out = await service.start(CHAN, ANA)
    out, user = await _find_undoable(service, out)
    before = out.game.version
    undone = await service.undo(CHAN, user)
    assert undone.game.version == before + 1
    assert any("takes back" in line for line in undone.public_lines())
    async with service.core.readers() as s:
        audit = await s.scalar(select(Audit).where(Audit.act == "undo"))
    assert audit is not None and audit.actor_id == user


async def test_undo_refused_across_a_draw_or_for_someone_else(service):
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    rng = Rng.from_seed(4)
    checked_barrier = checked_foreign = False
    for _ in range(300):
        user = user_of(out, out.prompts[0].seat)
        out = await play_one(service, out, rng)
        async with service.core.readers() as s:
            last = await s.scalar(select(Action).order_by(Action.seq.desc()).limit(1))
        other = BEN if user == ANA else ANA
        if not checked_foreign:
            with pytest.raises(ServiceError, match="isn't yours"):
                await service.undo(CHAN, other)
            checked_foreign = True
        if any(e.get("barrier") for e in last.events):
            with pytest.raises(ServiceError, match="can't be taken back"):
                await service.undo(CHAN, user)
            checked_barrier = True
            break
    assert checked_barrier and checked_foreign


# ----------------------------------------------------------------------------- bots
async def test_bot_seats_fill_and_play(service):
    info = await new_game(service, players=(ANA,), bots=2)
    assert sum(h.is_bot for h in info.holders) == 2
    out = await service.start(CHAN, ANA)
    # only the person is ever asked; the bots have moved on their own
    assert {p.seat for p in out.prompts} <= {out.game.seat_of(ANA).seat_no}
    final = await play_to_end(service, out)
    assert final.game.status == "finished"
    async with service.core.readers() as s:
        bot_moves = await s.scalar(select(func.count()).where(Action.by_bot.is_(True)))
    assert bot_moves > 0


async def test_leaving_a_running_game_hands_the_seat_to_the_bot(service):
    await new_game(service, players=(ANA, BEN))
    await service.start(CHAN, ANA)
    out = await service.leave(CHAN, BEN)
    assert out.game.holder(1).is_bot
    assert "automatic player" in out.public_lines()[0]
    # the automatic player has taken every decision of seat 2: only ANA is ever asked now
    assert {p.seat for p in out.prompts} <= {0}
    final = await play_to_end(service, out)
    assert final.game.status == "finished"


# ----------------------------------------------------------------------------- moderators
async def test_admin_replace_keeps_tenure_and_audits(service):
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    out = await service.admin_seat_to(CHAN, MOD, 1, CAL, "replace")
    assert out.game.holder(1).user_id == CAL
    assert "passes from <@12> to <@13>" in out.public_lines()[0]
    with pytest.raises(ServiceError, match="already holds a seat"):
        await service.admin_seat_to(CHAN, MOD, 0, CAL, "replace")
    with pytest.raises(ServiceError, match="no seat 5"):
        await service.admin_seat_to(CHAN, MOD, 4, DEE, "replace")
    async with service.core.readers() as s:
        tenures = list(await s.scalars(select(Seat).where(Seat.seat_no == 1).order_by(Seat.id)))
        audit = list(await s.scalars(select(Audit).where(Audit.act == "replace")))
    assert [t.user_id for t in tenures] == [BEN, CAL]
    assert tenures[0].until_version is not None and tenures[1].until_version is None
    assert len(audit) == 1 and audit[0].actor_id == MOD
    final = await play_to_end(service, out)
    assert final.game.status == "finished"


async def test_admin_bot_and_kick(service):
    await new_game(service, players=(ANA, BEN, CAL))
    await service.start(CHAN, ANA)
    out = await service.admin_seat_to(CHAN, MOD, 2, None, "bot")
    assert out.game.holder(2).is_bot
    with pytest.raises(ServiceError, match="already played automatically"):
        await service.admin_seat_to(CHAN, MOD, 2, None, "bot")
    out = await service.admin_kick(CHAN, MOD, BEN)
    assert out.game.holder(1).is_bot
    with pytest.raises(ServiceError, match="not playing"):
        await service.admin_kick(CHAN, MOD, BEN)
    final = await play_to_end(service, out)
    assert final.game.status == "finished"


async def test_admin_kick_from_lobby(service):
    await new_game(service, players=(ANA, BEN), seats=3)
    out = await service.admin_kick(CHAN, MOD, BEN)
    assert [h.user_id for h in out.game.holders] == [ANA]
    await service.join(CHAN, CAL)


async def test_admin_rollback_and_end(service):
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    rng = Rng.from_seed(8)
    for _ in range(6):
        out = await play_one(service, out, rng)
    async with service.core.readers() as s:
        live_before = await s.scalar(select(func.count()).where(Action.undone_at_version.is_(None)))
    out = await service.admin_rollback(CHAN, MOD, 3)
    assert "rolled the game back by 3 moves" in out.public_lines()[0]
    async with service.core.readers() as s:
        live_after = await s.scalar(select(func.count()).where(Action.undone_at_version.is_(None)))
        audits = [a.act for a in await s.scalars(select(Audit))]
    assert live_after == live_before - 3
    assert "rollback" in audits
    with pytest.raises(ServiceError, match="at least one"):
        await service.admin_rollback(CHAN, MOD, 0)
    info = await service.admin_end(CHAN, MOD, "test")
    assert info.status == "ended"
    with pytest.raises(ServiceError, match="no game in this channel"):
        await service.act(CHAN, ANA, "x")
    async with service.core.readers() as s:
        game = await s.scalar(select(Game))
        assert game.live_channel_id is None


async def test_mod_role_setting(service):
    assert not await service.is_moderator_role(GUILD, [5])
    await service.set_mod_role(GUILD, MOD, 5)
    assert await service.is_moderator_role(GUILD, [4, 5])
    assert not await service.is_moderator_role(GUILD, [4])


# ----------------------------------------------------------------------------- reading
async def test_board_log_hand_and_status(service):
    await new_game(service, players=(ANA, BEN))
    with pytest.raises(ServiceError, match="once the game starts"):
        await service.board(CHAN)
    out = await service.start(CHAN, ANA)
    out = await play_one(service, out, Rng.from_seed(1))
    board = await service.board(CHAN)
    assert board.image.data[:8] == b"\x89PNG\r\n\x1a\n"
    area = await service.board(CHAN, area_seat=1)
    assert area.image.filename == "seat2.png"
    with pytest.raises(ServiceError, match="numbered 1 to 2"):
        await service.board(CHAN, area_seat=5)
    text, image = await service.hand(CHAN, ANA)
    assert text and image is not None
    with pytest.raises(ServiceError, match="not playing"):
        await service.hand(CHAN, CAL)
    lines = await service.log(CHAN, ANA)
    assert lines and "begins" not in lines[0] or lines
    status = await service.status(CHAN)
    assert status.status_line and status.waiting


async def test_private_lines_only_reach_their_seat(service):
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    rng = Rng.from_seed(6)
    for _ in range(40):
        if out.result is not None:
            break
        out = await play_one(service, out, rng)
    ana_log = await service.log(CHAN, ANA, limit=500)
    ben_log = await service.log(CHAN, BEN, limit=500)
    public = await service.log(CHAN, None, limit=500)
    assert set(public) <= set(ana_log) and set(public) <= set(ben_log)
    assert ana_log != ben_log  # each sees their own draws


async def test_two_hosts_on_one_database_never_both_apply_the_same_turn(service):
    """A second service (another process) on the same database: the version check lets exactly
    one of two simultaneous presses of the same button through."""
    import asyncio

    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    engine = make_engine(service.db_url)
    other = GameService(sessionmaker(engine))
    user = user_of(out, out.prompts[0].seat)
    results = await asyncio.gather(  # a complete move, typed in two processes at once
        service.act(CHAN, user, "bid:0"),
        other.act(CHAN, user, "bid:0"),
        return_exceptions=True,
    )
    await engine.dispose()
    errors = [r for r in results if isinstance(r, Exception)]
    # The loser either read the old version (stale) or the new one (already decided).
    assert len(errors) == 1 and isinstance(errors[0], ServiceError), results
    async with service.core.readers() as s:
        first_seq = await s.scalar(select(func.count()).where(Action.seq == 1))
    assert first_seq == 1


async def test_status_can_show_the_last_finished_game(service):
    await new_game(service, players=(ANA, BEN))
    final = await play_to_end(service, await service.start(CHAN, ANA))
    with pytest.raises(ServiceError, match="no game in this channel"):
        await service.status(CHAN)
    info = await service.status(CHAN, or_last=True)
    assert info.status == "finished" and info.result == final.result
    with pytest.raises(ServiceError, match="no game in this channel"):
        await service.status(OTHER_CHAN, or_last=True)


async def test_standings_still_name_a_player_the_bot_replaced(service):
    await new_game(service, players=(ANA, BEN))
    await service.start(CHAN, ANA)
    out = await service.leave(CHAN, BEN)
    final = await play_to_end(service, out)
    ben_seat = next(h for h in final.game.holders if h.is_bot)
    assert ben_seat.was_user_id == BEN and f"was <@{BEN}>" in ben_seat.mention
    info = await service.status(CHAN, or_last=True)
    assert info.holder(ben_seat.seat_no).was_user_id == BEN


async def test_two_hosts_opening_a_lobby_in_one_channel_get_one_game(service):
    import asyncio

    engine = make_engine(service.db_url)
    other = GameService(sessionmaker(engine))
    results = await asyncio.gather(
        service.create(guild_id=GUILD, channel_id=CHAN, user_id=ANA, title_slug="bazaar"),
        other.create(guild_id=GUILD, channel_id=CHAN, user_id=BEN, title_slug="bazaar"),
        return_exceptions=True,
    )
    await engine.dispose()
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], ServiceError), results
    assert "already has a game" in str(errors[0])
