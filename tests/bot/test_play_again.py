"""Play again against a real database: a finished game's player (or a moderator) opens a new
lobby like it in the same channel, the same people invited; once only, never beside a live
game, never for a game that did not finish; every refusal changes nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from bot.db.models import Audit, Game, Seat
from bot.errors import ServiceError
from bot.service import GameService
from bot.service.again import NOT_FINISHED, NOT_PLAYED
from tests.bot.test_service import ANA, BEN, CAL, CHAN, DEE, GUILD, MOD, OTHER_CHAN, play_to_end


async def _finished(svc: GameService, players=(ANA, BEN, CAL), bots: int = 0, **more):
    await svc.create(
        guild_id=GUILD,
        channel_id=CHAN,
        user_id=players[0],
        title_slug="bazaar",
        seats=len(players) + bots,
        bots=bots,
        seed=7,
        options="rounds=2",
        **more,
    )
    for p in players[1:]:
        await svc.join(CHAN, p)
    return await play_to_end(svc, await svc.start(CHAN, players[0]))


async def _counts(svc: GameService) -> tuple[int, int, int]:
    async with svc.core.readers() as s:
        games = await s.scalar(select(func.count()).select_from(Game))
        seats = await s.scalar(select(func.count()).select_from(Seat))
        audits = await s.scalar(select(func.count()).select_from(Audit))
    return int(games or 0), int(seats or 0), int(audits or 0)


async def _refused(svc: GameService, work, needle: str) -> None:
    before = await _counts(svc)
    with pytest.raises(ServiceError) as err:
        await work
    assert needle in str(err.value), str(err.value)
    assert await _counts(svc) == before


async def test_play_again_opens_a_lobby_like_the_finished_game(service):
    final = await _finished(
        service, players=(ANA, BEN), bots=1, pace="daily", expiry="pause", spectators="ask"
    )
    old = final.game
    again = await service.play_again(old.id, BEN, moderator=False)
    new = again.lobby
    assert new.status == "lobby" and new.id != old.id and new.channel_id == CHAN
    assert (new.title, new.seats, new.options) == (old.title, old.seats, old.options)
    assert new.options == {"rounds": "2"}
    assert new.pace == old.pace and new.pace["name"] == "daily"
    assert new.expiry_policy == "pause" and new.spectators == "ask"
    assert new.created_by == BEN
    people = [h.user_id for h in new.holders if not h.is_bot]
    assert people == [BEN] and sum(h.is_bot for h in new.holders) == 1
    assert again.invited == [ANA] and again.previous_id == old.id
    assert (await service.status(CHAN)).id == new.id
    await service.join(CHAN, ANA)  # the invited join as usual
    async with service.core.readers() as s:
        audit = await s.scalar(select(Audit).where(Audit.act == "play-again"))
    assert audit.game_id == old.id and audit.actor_id == BEN and f"#{new.id}" in audit.detail


async def test_a_second_press_or_a_live_game_changes_nothing(service):
    final = await _finished(service)
    gid = final.game.id
    await service.play_again(gid, ANA, moderator=False)
    await _refused(service, service.play_again(gid, BEN, moderator=False), "already")
    # even once that lobby is closed, the finished game was played again already
    await service.admin_end(CHAN, MOD)
    await _refused(service, service.play_again(gid, CAL, moderator=False), "already")


async def test_play_again_beside_a_live_game_is_refused(service):
    final = await _finished(service)
    await service.create(guild_id=GUILD, channel_id=CHAN, user_id=DEE, title_slug="bazaar")
    await _refused(
        service, service.play_again(final.game.id, ANA, moderator=False), "already has a game"
    )


async def test_only_its_players_or_a_moderator_play_again(service):
    final = await _finished(service)
    await _refused(service, service.play_again(final.game.id, DEE, moderator=False), NOT_PLAYED)
    again = await service.play_again(final.game.id, MOD, moderator=True)
    assert [h for h in again.lobby.holders if not h.is_bot] == []  # the moderator is not seated
    assert set(again.invited) == {ANA, BEN, CAL}


async def test_a_player_the_automatic_player_replaced_is_invited(service):
    await service.create(
        guild_id=GUILD, channel_id=CHAN, user_id=ANA, title_slug="bazaar", seats=2, seed=7
    )
    await service.join(CHAN, BEN)
    await service.start(CHAN, ANA)
    out = await service.leave(CHAN, BEN)  # the automatic player takes BEN's seat
    final = await play_to_end(service, out)
    again = await service.play_again(final.game.id, ANA, moderator=False)
    assert again.invited == [BEN]
    assert [h.is_bot for h in again.lobby.holders] == [False]  # no automatic seat from the start


async def test_play_again_is_for_finished_games_only(service):
    info = await service.create(
        guild_id=GUILD, channel_id=OTHER_CHAN, user_id=ANA, title_slug="bazaar", seats=2
    )
    await service.join(OTHER_CHAN, BEN)
    await service.start(OTHER_CHAN, ANA)
    await _refused(service, service.play_again(info.id, ANA, moderator=False), NOT_FINISHED)
    await service.admin_end(OTHER_CHAN, MOD)
    await _refused(service, service.play_again(info.id, ANA, moderator=False), NOT_FINISHED)
    await _refused(service, service.play_again(987654, ANA, moderator=False), "doesn't exist")
