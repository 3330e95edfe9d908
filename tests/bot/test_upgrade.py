"""A database holding a game recorded under rules version 1 (menu steps logged as moves): at
start-up it is rewritten and continues; a record that cannot be upgraded is refused politely."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import delete, select, update

from bot.db.models import Action, Game, Snapshot
from bot.errors import ServiceError
from bot.service import GameService

FIXTURES = Path(__file__).parents[1] / "fixtures" / "rules_v1"
CHAN, ANA = 500, 51


async def _stored_v1_game(service: GameService, name: str) -> int:
    """A running game whose record is the version-1 fixture `name`."""
    fx = json.loads((FIXTURES / f"{name}.json").read_text())
    await service.create(
        guild_id=1,
        channel_id=CHAN,
        user_id=ANA,
        title_slug=fx["title"],
        seats=fx["seats"],
        bots=fx["seats"] - 1,
        seed=fx["seed"],
    )
    info = (await service.start(CHAN, ANA)).game
    async with service.core.tx() as s:
        await s.execute(delete(Action).where(Action.game_id == info.id))
        await s.execute(delete(Snapshot).where(Snapshot.game_id == info.id))
        for n, (seat, cid) in enumerate(fx["moves"], 1):
            s.add(Action(game_id=info.id, seq=n, seat_no=seat, choice_id=cid, version=n, events=[]))
        s.add(
            Snapshot(
                game_id=info.id,
                version=len(fx["moves"]),
                last_seq=len(fx["moves"]),
                state=fx["state"].encode(),
                checkpoint=False,
            )
        )
        await s.execute(
            update(Game)
            .where(Game.id == info.id)
            .values(rules_version="1", version=len(fx["moves"]), status="running")
        )
    service.core.cache.clear()
    return info.id


@pytest.mark.parametrize("name", ["tidewater-3p-partial", "benares-3p-partial"])
async def test_a_version_1_game_is_upgraded_at_start_up_and_plays_on(service, name):
    game_id = await _stored_v1_game(service, name)
    with pytest.raises(ServiceError, match="rules version 1"):
        await service.status(CHAN)  # not yet upgraded: refused with a clear word
    assert await service.upgrade_stored_games() == (1, 0)
    assert await service.upgrade_stored_games() == (0, 0)  # once only
    status = await service.status(CHAN)
    assert status.status in ("running", "finished")
    assert await service.replay_matches_snapshot(game_id)
    async with service.core.readers() as s:
        live = list(await s.scalars(select(Action).where(Action.undone_at_version.is_(None))))
    assert live and all(not a.choice_id.startswith(">") for a in live)
    # the person plays on: the version-2 rules accept the game
    info, prompt = await service.prompt_in_game(game_id, ANA)
    if prompt is not None:
        from engine.core import random_move
        from engine.registry import get
        from engine.rng import Rng

        title = get(info.title)
        async with service.core.readers() as s:
            game = await s.get(Game, game_id)
            state = (await service.core.state(s, game, title)).state
        move = random_move(title, state, prompt.seat, Rng.from_seed(3))
        done = await service.act_in_game(game_id, ANA, move)
        assert done.game.version > info.version


async def test_a_record_that_does_not_upgrade_stays_refused(service):
    game_id = await _stored_v1_game(service, "tidewater-3p-partial")
    async with service.core.tx() as s:  # a move version 1 never had
        s.add(
            Action(game_id=game_id, seq=9999, seat_no=0, choice_id="teleport", version=1, events=[])
        )
    assert await service.upgrade_stored_games() == (0, 1)
    with pytest.raises(ServiceError, match="rules version 1"):
        await service.status(CHAN)
    async with service.core.tx() as s:  # (the teardown replays every game: this one cannot)
        await s.execute(delete(Game).where(Game.id == game_id))
