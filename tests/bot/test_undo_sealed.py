"""Undo never takes back a seat's part of a simultaneous secret decision (Mombasa R193: a
confirmed plan is final), against a real database: refused politely, nothing changes, and the
refusal says nothing about another seat."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select, update

from bot.db.models import Action, Audit
from bot.errors import ServiceError
from bot.results import Outcome
from bot.service import GameService
from tests.bot.test_looking_back import decide
from tests.bot.test_service import ANA, BEN, CAL, CHAN, GUILD, new_game

PLAN_FINAL = "Your plan is confirmed: it can't be taken back."


async def _record(svc: GameService, game_id: int) -> tuple[int, int]:
    """(live actions, undo audits) of the game."""
    async with svc.core.readers() as s:
        live = await s.scalar(
            select(func.count())
            .select_from(Action)
            .where(Action.game_id == game_id, Action.undone_at_version.is_(None))
        )
        audits = await s.scalar(select(func.count()).select_from(Audit).where(Audit.act == "undo"))
    return int(live or 0), int(audits or 0)


async def _refused(svc: GameService, user: int, out: Outcome, message: str) -> None:
    """`user`'s undo is refused with `message`, and the game is as it was."""
    before = await _record(svc, out.game.id)
    with pytest.raises(ServiceError) as refused:
        await svc.undo(CHAN, user)
    assert str(refused.value) == message
    assert (await svc.status(CHAN)).version == out.game.version
    assert await _record(svc, out.game.id) == before


async def _confirm_plan(svc: GameService, out: Outcome, user: int) -> Outcome:
    seat = out.game.seat_of(user).seat_no
    prompt = next(p for p in out.prompts if p.seat == seat)
    plan = next(c.id for c in prompt.choices if c.id.startswith("plan:"))
    done = await svc.act(CHAN, user, plan, out.game.version)
    assert isinstance(done, Outcome)
    return done


async def test_r193_undo_after_confirming_a_plan_is_refused_and_changes_nothing(service):
    await service.create(
        guild_id=GUILD, channel_id=CHAN, user_id=ANA, title_slug="mombasa", seats=3, seed=5
    )
    for user in (BEN, CAL):
        await service.join(CHAN, user)
    out = await service.start(CHAN, ANA)
    out = await decide(service, out, ANA)  # a starting tile, chosen in secret too (R64)
    await _refused(service, ANA, out, "Your starting tile is confirmed: it can't be taken back.")
    for user in (BEN, CAL):
        out = await decide(service, out, user)
    assert {p.seat for p in out.prompts} == {0, 1, 2}  # everybody plans
    out = await _confirm_plan(service, out, ANA)
    await _refused(service, ANA, out, PLAN_FINAL)
    out = await _confirm_plan(service, out, BEN)
    # the last move is BEN's now; both hear only about their own plan
    await _refused(service, ANA, out, PLAN_FINAL)
    await _refused(service, BEN, out, PLAN_FINAL)
    assert [p.seat for p in out.prompts] == [out.game.seat_of(CAL).seat_no]  # CAL still plans
    # a game logged before confirmations were final has them marked undoable: still refused
    async with service.core.readers() as s, s.begin():
        await s.execute(update(Action).values(undoable=True))
    await _refused(service, BEN, out, PLAN_FINAL)


async def test_a_sealed_bid_is_final_too(service):
    """The same holds in every title: a bid confirmed while others still bid is final."""
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    out = await decide(service, out, ANA)
    await _refused(service, ANA, out, "Your bid is confirmed: it can't be taken back.")
    await _refused(
        service, BEN, out, "The last move in this game isn't yours, so you can't undo it."
    )
