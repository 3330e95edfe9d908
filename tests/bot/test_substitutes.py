"""Substitute requests against a real database: a player or a moderator asks, a volunteer takes
the seat (at once, or once a moderator approves), the tenure rows record who played which
moves; every refusal changes nothing; requests survive a restart."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db.engine import make_engine, sessionmaker
from bot.db.models import Action, Audit, Seat, Substitute
from bot.errors import ServiceError
from bot.service import GameService
from bot.service.substitutes import IN_GAME, MODS_ONLY, NOT_SEATED, SubRequest, Taken
from engine.rng import Rng
from tests.bot.test_service import ANA, BEN, CAL, CHAN, DEE, GUILD, MOD, new_game, play_one

ERIN = 15


async def _running(svc: GameService):
    await new_game(svc, players=(ANA, BEN))
    return await svc.start(CHAN, ANA)


async def _snapshot(svc: GameService, game_id: int) -> tuple:
    """Everything a refusal must leave as it was."""
    async with svc.core.readers() as s:
        seats = [
            (x.seat_no, x.user_id, x.is_bot, x.since_version, x.until_version)
            for x in await s.scalars(select(Seat).where(Seat.game_id == game_id).order_by(Seat.id))
        ]
        subs = [
            (x.id, x.status, x.volunteer_id)
            for x in await s.scalars(select(Substitute).order_by(Substitute.id))
        ]
    info = await svc.game_info(game_id)
    return seats, subs, info.version


async def _refused(svc: GameService, game_id: int, work, needle: str = "") -> str:
    before = await _snapshot(svc, game_id)
    with pytest.raises(ServiceError) as err:
        await work
    assert needle in str(err.value)
    assert await _snapshot(svc, game_id) == before
    return str(err.value)


async def _acts(svc: GameService) -> list[str]:
    async with svc.core.readers() as s:
        return [a.act for a in await s.scalars(select(Audit).order_by(Audit.id))]


async def test_a_player_asks_and_a_volunteer_takes_the_seat_at_once(service):
    svc = service
    out = await _running(svc)
    game_id = out.game.id
    ana_seat = out.game.seat_of(ANA).seat_no
    req = await svc.request_substitute(CHAN, ANA)
    assert isinstance(req, SubRequest) and req.status == "open" and req.seat_no == ana_seat
    assert req.seat_label == out.game.holder(ana_seat).label and req.holder == f"<@{ANA}>"
    await svc.substitute_posted(req.id, 5555)
    assert (await svc.substitute_request(req.id)).message_id == 5555

    version = (await svc.game_info(game_id)).version
    taken = await svc.volunteer_substitute(req.id, CAL)
    assert isinstance(taken, Taken) and taken.previous == f"<@{ANA}>"
    assert taken.request.status == "taken" and taken.request.volunteer_id == CAL
    assert taken.outcome.game.seat_of(CAL).seat_no == ana_seat
    assert taken.outcome.game.seat_of(ANA) is None
    # the tenure rows: Ana's ends at the current version, Cal's starts there
    async with svc.core.readers() as s:
        rows = list(
            await s.scalars(
                select(Seat)
                .where(Seat.game_id == game_id, Seat.seat_no == ana_seat)
                .order_by(Seat.id)
            )
        )
    assert [(r.user_id, r.since_version, r.until_version) for r in rows] == [
        (ANA, 0, version),
        (CAL, version, None),
    ]
    assert await _acts(svc) == ["start", "substitute-request", "substitute"]

    # Cal now plays the seat: his moves are his (the log says who played which move)
    rng = Rng.from_seed(3)
    out = taken.outcome
    for _ in range(6):
        out = await play_one(svc, out, rng)
    async with svc.core.readers() as s:
        movers = {
            (a.seat_no, a.user_id)
            for a in await s.scalars(select(Action).where(Action.game_id == game_id))
        }
    assert (ana_seat, CAL) in movers and (ana_seat, ANA) not in movers

    # the request is closed: a late volunteer is told so, and nothing changes
    await _refused(svc, game_id, svc.volunteer_substitute(req.id, DEE), f"<@{CAL}> took seat")


async def test_refusals_change_nothing(service):
    svc = service
    out = await _running(svc)
    game_id = out.game.id
    await _refused(svc, game_id, svc.request_substitute(CHAN, CAL), NOT_SEATED)
    ben_seat = out.game.seat_of(BEN).seat_no
    await _refused(svc, game_id, svc.request_substitute(CHAN, ANA, ben_seat), "Only moderators")
    await _refused(svc, game_id, svc.request_substitute(CHAN, MOD, 7, moderator=True), "no seat 8")
    req = await svc.request_substitute(CHAN, ANA)
    await _refused(svc, game_id, svc.request_substitute(CHAN, ANA), "already has a substitute")
    await _refused(svc, game_id, svc.volunteer_substitute(req.id, BEN), IN_GAME)
    await _refused(svc, game_id, svc.volunteer_substitute(req.id, ANA), IN_GAME)
    await _refused(svc, game_id, svc.approve_substitute(req.id, MOD, moderator=True), "Nobody")
    await _refused(svc, game_id, svc.cancel_substitute(req.id, BEN, moderator=False), "Only")
    await _refused(svc, game_id, svc.volunteer_substitute(req.id + 99, CAL), "doesn't exist")
    # a different seat may have its own request at the same time (by a moderator)
    other = await svc.request_substitute(CHAN, MOD, ben_seat, moderator=True)
    assert other.seat_no == ben_seat and other.requested_by == MOD
    # once the game is over, nothing more can be taken
    await svc.admin_end(CHAN, MOD)
    await _refused(svc, game_id, svc.volunteer_substitute(req.id, CAL), "over")


async def test_with_approval_a_moderator_decides(service):
    svc = service
    out = await _running(svc)
    game_id = out.game.id
    await svc.set_substitute_approval(GUILD, MOD, True)
    req = await svc.request_substitute(CHAN, BEN)
    waiting = await svc.volunteer_substitute(req.id, CAL)
    assert isinstance(waiting, SubRequest) and waiting.status == "waiting"
    assert waiting.volunteer_id == CAL and waiting.holder == f"<@{BEN}>"  # not taken yet
    assert (await svc.game_info(game_id)).holder(req.seat_no).user_id == BEN
    await _refused(svc, game_id, svc.volunteer_substitute(req.id, DEE), "already volunteered")
    await _refused(svc, game_id, svc.approve_substitute(req.id, DEE, moderator=False), MODS_ONLY)
    await _refused(svc, game_id, svc.reject_substitute(req.id, BEN, moderator=False), MODS_ONLY)

    reopened = await svc.reject_substitute(req.id, MOD, moderator=True)
    assert reopened.status == "open" and reopened.volunteer_id is None
    again = await svc.volunteer_substitute(req.id, DEE)
    assert isinstance(again, SubRequest) and again.volunteer_id == DEE
    taken = await svc.approve_substitute(req.id, MOD, moderator=True)
    assert isinstance(taken, Taken) and taken.outcome.game.holder(req.seat_no).user_id == DEE
    await _refused(svc, game_id, svc.approve_substitute(req.id, MOD, moderator=True), "took")
    assert await _acts(svc) == [
        "start",
        "substitute-approval",
        "substitute-request",
        "substitute-volunteer",
        "substitute-reject",
        "substitute-volunteer",
        "substitute",
    ]
    await svc.set_substitute_approval(GUILD, MOD, False)
    req2 = await svc.request_substitute(CHAN, ANA)
    assert isinstance(await svc.volunteer_substitute(req2.id, ERIN), Taken)


async def test_cancel_by_the_requester_or_a_moderator(service):
    svc = service
    out = await _running(svc)
    game_id = out.game.id
    req = await svc.request_substitute(CHAN, ANA)
    done = await svc.cancel_substitute(req.id, ANA, moderator=False)
    assert done.status == "cancelled"
    await _refused(svc, game_id, svc.volunteer_substitute(req.id, CAL), "cancelled")
    await _refused(svc, game_id, svc.cancel_substitute(req.id, ANA, moderator=False), "cancelled")
    req = await svc.request_substitute(CHAN, ANA)  # a new one may be made
    assert (await svc.cancel_substitute(req.id, MOD, moderator=True)).status == "cancelled"


async def test_a_request_is_stale_once_the_seat_went_to_someone_else(service):
    svc = service
    out = await _running(svc)
    game_id = out.game.id
    req = await svc.request_substitute(CHAN, ANA)
    seat = req.seat_no
    await svc.admin_seat_to(CHAN, MOD, seat, DEE, "replace")
    await _refused(svc, game_id, svc.volunteer_substitute(req.id, CAL), "changed hands")
    fresh = await svc.request_substitute(CHAN, DEE)  # the stale one is closed by it
    assert (await svc.substitute_request(req.id)).status == "cancelled"
    assert isinstance(await svc.volunteer_substitute(fresh.id, CAL), Taken)


async def test_a_moderator_finds_a_person_for_an_automatic_seat(service):
    svc = service
    out = await _running(svc)
    seat = out.game.seat_of(BEN).seat_no
    await svc.admin_seat_to(CHAN, MOD, seat, None, "bot")
    req = await svc.request_substitute(CHAN, MOD, seat, moderator=True)
    assert req.holder == "🤖"
    taken = await svc.volunteer_substitute(req.id, BEN)  # the old player may come back too
    assert isinstance(taken, Taken) and taken.previous == "🤖"
    assert taken.outcome.game.holder(seat).user_id == BEN


async def test_a_request_survives_a_restart(service):
    svc = service
    await _running(svc)
    await svc.set_substitute_approval(GUILD, MOD, True)
    req = await svc.request_substitute(CHAN, ANA)
    await svc.volunteer_substitute(req.id, CAL)
    engine = make_engine(svc.db_url)
    try:
        again = GameService(sessionmaker(engine))  # a new process on the same database
        shown = await again.substitute_request(req.id)
        assert shown.status == "waiting" and shown.volunteer_id == CAL
        taken = await again.approve_substitute(req.id, MOD, moderator=True)
        assert isinstance(taken, Taken) and taken.outcome.game.seat_of(CAL) is not None
    finally:
        await engine.dispose()
