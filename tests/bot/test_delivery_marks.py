"""Delivery marks (durable delivery): a flush the database refuses keeps its marks for the next
one, so a posted turn message is never re-posted after a restart because its mark was dropped;
on PostgreSQL, flushes racing decisions of the same games end without a deadlock."""

from __future__ import annotations

import asyncio

from sqlalchemy import select, text

from bot.db.models import Delivery, Game
from engine.rng import Rng
from tests.bot.test_service import ANA, BEN, CHAN, new_game, play_one


async def _rename(svc, old: str, new: str) -> None:
    async with svc.core.writers() as s, s.begin():
        await s.execute(text(f"ALTER TABLE {old} RENAME TO {new}"))


async def test_a_refused_flush_keeps_its_marks_for_the_next(service) -> None:
    svc = service
    await new_game(svc, players=(ANA, BEN))
    out = await svc.start(CHAN, ANA)
    game_id, version = out.game.id, out.game.version
    svc.posted(game_id, version, 555)
    await _rename(svc, "deliveries", "deliveries_away")  # the database refuses the marks
    try:
        try:
            await svc.flush_deliveries()
        except Exception:
            pass
        else:
            raise AssertionError("the flush should have failed")
    finally:
        await _rename(svc, "deliveries_away", "deliveries")
    assert svc.core.unmarked == {game_id: (version, 555)}  # kept for the next flush
    svc.posted(game_id, version - 1, 1)  # an older post does not replace it
    assert await svc.flush_deliveries() == 1
    assert await svc.undelivered() == []  # nothing owed: a restart would post nothing again
    async with svc.core.readers() as s:
        assert await s.scalar(select(Game.turn_message_id).where(Game.id == game_id)) == 555


async def test_a_decision_that_does_not_commit_keeps_the_mark_it_took(service) -> None:
    """A decision writes the game's last posted turn message with its own bump; when its
    transaction fails, the mark goes back to wait for the next flush."""
    svc = service
    await new_game(svc, players=(ANA, BEN))
    out = await svc.start(CHAN, ANA)
    game_id, version = out.game.id, out.game.version
    svc.posted(game_id, version, 556)
    await _rename(svc, "actions", "actions_away")  # the decision cannot log its move
    try:
        try:
            await play_one(svc, out, Rng.from_seed(1))
        except Exception:
            pass
        else:
            raise AssertionError("the decision should have failed")
    finally:
        await _rename(svc, "actions_away", "actions")
    assert svc.core.unmarked == {game_id: (version, 556)}
    moved = await play_one(svc, out, Rng.from_seed(1))  # this one commits, with the mark
    assert moved.game.version == version + 1 and svc.core.unmarked == {}
    assert [d.game.version for d in await svc.undelivered()] == [version + 1]
    async with svc.core.readers() as s:
        assert await s.scalar(select(Game.turn_message_id).where(Game.id == game_id)) == 556


async def test_flushes_racing_decisions_of_the_same_games_end_cleanly(service) -> None:
    """Marks written by the flush and by the games' own next decisions, at once, many times
    (on PostgreSQL two connections: each game's advisory lock orders them)."""
    svc = service
    outs = []
    for n in range(4):
        await new_game(svc, players=(ANA, BEN), channel=CHAN + n, seed=n)
        outs.append(await svc.start(CHAN + n, ANA))
    rngs = [Rng.from_seed(n) for n in range(4)]
    message = 1000
    for _ in range(6):
        live = [n for n, out in enumerate(outs) if out.result is None]
        for n in live:
            message += 1
            svc.posted(outs[n].game.id, outs[n].game.version, message)
        moves = [play_one(svc, outs[n], rngs[n], channel=CHAN + n) for n in live]
        _, *moved = await asyncio.gather(svc.flush_deliveries(), *moves)
        for n, out in zip(live, moved, strict=True):
            outs[n] = out
    await svc.flush_deliveries()
    assert svc.core.unmarked == {}
    async with svc.core.readers() as s:
        marked = set(await s.scalars(select(Game.turn_message_id)))
    assert marked and marked <= set(range(1001, message + 1))


async def _turn_rows(svc, game_id: int) -> list[tuple[int, int]]:
    async with svc.core.readers() as s:
        rows = await s.execute(
            select(Delivery.id, Delivery.version)
            .where(Delivery.game_id == game_id, Delivery.kind == "turn")
            .order_by(Delivery.id)
        )
        return [tuple(r) for r in rows]


async def test_the_message_owed_by_a_decision_takes_over_the_posted_ones_row(service) -> None:
    """One statement instead of an insert and a delete: after a post, the next decision's
    owed turn message is the posted one's row, moved on; nothing else is left owed."""
    svc = service
    await new_game(svc, players=(ANA, BEN))
    out = await svc.start(CHAN, ANA)
    game_id, version = out.game.id, out.game.version
    [(row_id, owed)] = await _turn_rows(svc, game_id)
    assert owed == version
    svc.posted(game_id, version, 557)
    moved = await play_one(svc, out, Rng.from_seed(1))
    assert await _turn_rows(svc, game_id) == [(row_id, moved.game.version)]
    assert [d.game.version for d in await svc.undelivered()] == [moved.game.version]


async def test_without_the_posted_ones_row_the_decision_owes_a_new_one(service) -> None:
    """The posted version's row is gone (marked by a flush meanwhile, say): the decision
    writes a row of its own, and older owed rows of the game go."""
    svc = service
    await new_game(svc, players=(ANA, BEN))
    out = await svc.start(CHAN, ANA)
    game_id, version = out.game.id, out.game.version
    async with svc.core.writers() as s, s.begin():
        await s.execute(
            text("UPDATE deliveries SET version = :v WHERE game_id = :g AND kind = 'turn'"),
            {"v": version - 1, "g": game_id},
        )
    svc.posted(game_id, version, 558)
    moved = await play_one(svc, out, Rng.from_seed(1))
    assert [v for _, v in await _turn_rows(svc, game_id)] == [moved.game.version]
