"""Spectators against a real database: who may watch (open, ask, closed), following a player,
the Allow of an "ask" game, a moderator's change of the setting (audited), the counts of
`/game status`, and the reads behind the spectators' DMs; a decision in a game nobody follows
costs no statement for them."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import event, select

from bot.db.engine import make_engine, sessionmaker
from bot.db.models import Audit, Watcher
from bot.discord.watching import Watching, final_text, moved_text
from bot.errors import ServiceError
from bot.service import GameService
from bot.service.watching import CLOSED_TEXT, ONLY_PLAYERS, SEATED, WAITING
from engine.rng import Rng
from tests.bot.test_service import ANA, BEN, CAL, CHAN, DEE, GUILD, MOD, play_one, play_to_end

ERIN = 15


async def _lobby(svc: GameService, spectators: str | None = None, players=(ANA, BEN)):
    info = await svc.create(
        guild_id=GUILD,
        channel_id=CHAN,
        user_id=players[0],
        title_slug="bazaar",
        seats=len(players),
        seed=7,
        spectators=spectators,
    )
    for p in players[1:]:
        await svc.join(CHAN, p)
    return info


async def _rows(svc: GameService) -> list[tuple]:
    async with svc.core.readers() as s:
        rows = await s.scalars(select(Watcher).order_by(Watcher.id))
        return [(r.game_id, r.user_id, r.player_id, r.allowed) for r in rows]


async def _refused(svc: GameService, work, needle: str) -> None:
    before = await _rows(svc)
    with pytest.raises(ServiceError) as err:
        await work
    assert needle in str(err.value), str(err.value)
    assert await _rows(svc) == before


# ---------------------------------------------------------------------------- who may watch
async def test_anyone_watches_an_open_game_but_not_its_own_players(service):
    info = await _lobby(service)
    assert info.spectators == "open"
    done = await service.watch(CHAN, CAL, moderator=False)
    assert done.allowed and done.game_id == info.id and done.player_id is None
    await _refused(service, service.watch(CHAN, ANA, moderator=False), SEATED)
    await _refused(service, service.watch(CHAN, ANA, moderator=True), SEATED)
    await _refused(service, service.watch(CHAN, CAL, moderator=False), "already watching")
    assert await service.spectators_of(info.id) == ("open", 1, 0)
    await service.start(CHAN, ANA)  # a running game can be watched too
    assert (await service.watch(CHAN, DEE, moderator=False)).allowed
    assert await service.spectators_of(info.id) == ("open", 2, 0)


async def test_following_a_player_needs_them_seated_and_once(service):
    await _lobby(service)
    done = await service.watch(CHAN, CAL, BEN, moderator=False)
    assert done.allowed and done.player_id == BEN
    await _refused(service, service.watch(CHAN, CAL, DEE, moderator=False), "doesn't play")
    await _refused(service, service.watch(CHAN, CAL, BEN, moderator=False), "already follow")
    await service.watch(CHAN, CAL, ANA, moderator=False)
    info = await service.status(CHAN)
    assert await service.spectators_of(info.id) == ("open", 1, 0)  # one person watching
    assert service.follows(info.id)


async def test_an_unknown_spectators_setting_is_refused():
    from bot.service.watching import parse_spectators

    assert parse_spectators(None) == "open" and parse_spectators(" ASK ") == "ask"
    with pytest.raises(ServiceError, match="open`, `ask` or `closed"):
        parse_spectators("secret")


async def test_a_closed_game_is_watched_by_moderators_only(service):
    info = await _lobby(service, "closed")
    assert info.spectators == "closed"
    await _refused(service, service.watch(CHAN, CAL, moderator=False), CLOSED_TEXT)
    assert (await service.watch(CHAN, MOD, moderator=True)).allowed


async def test_ask_waits_for_a_seated_player_or_a_moderator(service):
    info = await _lobby(service, "ask")
    await service.start(CHAN, ANA)
    asked = await service.watch(CHAN, CAL, moderator=False)
    assert not asked.allowed and not asked.waiting_before
    assert await service.spectators_of(info.id) == ("ask", 0, 1)
    await _refused(service, service.watch(CHAN, CAL, moderator=False), WAITING)
    more = await service.watch(CHAN, CAL, BEN, moderator=False)  # joins the waiting request
    assert not more.allowed and more.waiting_before
    assert not service.follows(info.id)  # nothing is followed before the Allow
    # somebody outside the game can't allow; a foreign id is no request of this game
    await _refused(
        service, service.allow_watcher(info.id, asked.id, DEE, moderator=False), ONLY_PLAYERS
    )
    await _refused(
        service, service.allow_watcher(info.id + 1, asked.id, ANA, moderator=False), "withdrawn"
    )
    done = await service.allow_watcher(info.id, asked.id, ANA, moderator=False)
    assert done.allowed and done.user_id == CAL
    assert [r[3] for r in await _rows(service)] == [True, True]  # both requests of CAL
    assert service.follows(info.id)
    await _refused(
        service, service.allow_watcher(info.id, asked.id, BEN, moderator=False), "already watch"
    )
    # a moderator watches at once; once allowed, CAL's next request needs no Allow
    assert (await service.watch(CHAN, MOD, moderator=True)).allowed
    assert (await service.watch(CHAN, CAL, ANA, moderator=False)).allowed
    # a moderator may allow too
    waiting = await service.watch(CHAN, DEE, moderator=False)
    assert (await service.allow_watcher(info.id, waiting.id, MOD, moderator=True)).allowed
    async with service.core.readers() as s:
        acts = [a.act for a in await s.scalars(select(Audit).where(Audit.act == "allow-spectator"))]
    assert acts == ["allow-spectator", "allow-spectator"]


async def test_a_declined_request_is_gone_and_may_be_made_again(service):
    info = await _lobby(service, "ask")
    await service.start(CHAN, ANA)
    asked = await service.watch(CHAN, CAL, moderator=False)
    await service.watch(CHAN, CAL, BEN, moderator=False)  # joins the waiting request
    await _refused(
        service, service.decline_watcher(info.id, asked.id, DEE, moderator=False), ONLY_PLAYERS
    )
    done = await service.decline_watcher(info.id, asked.id, BEN, moderator=False)
    assert not done.allowed and done.user_id == CAL
    assert await _rows(service) == []  # both of CAL's requests are gone
    assert await service.spectators_of(info.id) == ("ask", 0, 0)
    for answer in (service.allow_watcher, service.decline_watcher):
        await _refused(service, answer(info.id, asked.id, ANA, moderator=False), "declined")
    again = await service.watch(CHAN, CAL, moderator=False)  # asking again is allowed
    assert not again.allowed and not again.waiting_before
    allowed = await service.allow_watcher(info.id, again.id, MOD, moderator=True)
    await _refused(
        service, service.decline_watcher(info.id, again.id, ANA, moderator=False), "already"
    )
    assert allowed.allowed
    async with service.core.readers() as s:
        acts = [a.act for a in await s.scalars(select(Audit).where(Audit.act.like("%spectator")))]
    assert acts == ["decline-spectator", "allow-spectator"]


async def test_a_withdrawn_request_cannot_be_allowed(service):
    info = await _lobby(service, "ask")
    asked = await service.watch(CHAN, CAL, moderator=False)
    assert await service.unwatch(CHAN, CAL) == 1
    await _refused(
        service, service.allow_watcher(info.id, asked.id, ANA, moderator=False), "withdrawn"
    )


async def test_unwatch_stops_one_player_or_everything(service):
    info = await _lobby(service)
    await service.watch(CHAN, CAL, moderator=False)
    await service.watch(CHAN, CAL, BEN, moderator=False)
    await _refused(service, service.unwatch(CHAN, CAL, ANA), "don't follow")
    await _refused(service, service.unwatch(CHAN, DEE), "not watching")
    assert await service.unwatch(CHAN, CAL, BEN) == 1
    assert not service.follows(info.id)
    assert await service.spectators_of(info.id) == ("open", 1, 0)
    assert await service.unwatch(CHAN, CAL) == 1
    assert await service.spectators_of(info.id) == ("open", 0, 0)


# ---------------------------------------------------------------------------- moderators
async def test_a_moderator_changes_the_setting_audited(service):
    info = await _lobby(service, "ask")
    await service.watch(CHAN, CAL, moderator=False)
    opened, stopped = await service.set_spectators(CHAN, MOD, "open")
    assert opened.spectators == "open" and stopped == 0
    assert await service.spectators_of(info.id) == ("open", 1, 0)  # the waiting one is allowed
    await service.watch(CHAN, DEE, ANA, moderator=False)
    assert service.follows(info.id)
    closed, stopped = await service.set_spectators(CHAN, MOD, "closed")
    assert closed.spectators == "closed" and stopped == 2
    assert await _rows(service) == [] and not service.follows(info.id)
    with pytest.raises(ServiceError, match="open`, `ask` or `closed"):
        await service.set_spectators(CHAN, MOD, "private")
    async with service.core.readers() as s:
        rows = list(await s.scalars(select(Audit).where(Audit.act == "spectators")))
    assert [(r.actor_id, r.detail) for r in rows] == [(MOD, "ask -> open"), (MOD, "open -> closed")]
    assert (await service.status(CHAN)).spectators == "closed"


# ---------------------------------------------------------------------------- after a commit
async def test_followers_are_found_for_the_moves_of_the_versions_asked(service):
    info = await _lobby(service)
    out = await service.start(CHAN, ANA)
    await service.watch(CHAN, CAL, ANA, moderator=False)
    await service.watch(CHAN, DEE, BEN, moderator=False)
    await service.watch(CHAN, ERIN, moderator=False)  # the whole game only
    start = out.game.version
    rng = Rng.from_seed(3)
    while out.game.version < start + 2:  # both bid (the first confirmation is quiet)
        out = await play_one(service, out, rng)
    movers = await service.followers_of_moves(info.id, start, out.game.version)
    assert movers == {CAL: [ANA], DEE: [BEN]}
    last = await service.followers_of_moves(info.id, out.game.version - 1, out.game.version)
    assert len(last) == 1  # only the seat that confirmed last
    assert await service.followers_of_moves(info.id, out.game.version, out.game.version) == {}


async def test_a_reveal_tells_the_secret_confirmations_from_the_log_after_a_restart(
    db_url, service
):
    """Ana confirms her bid (quiet), then Cal starts following her and the bot restarts; Ben's
    bid reveals both: the followers are read from the log, nothing remembered."""
    info = await _lobby(service)
    out = await service.start(CHAN, ANA)
    await service.watch(CHAN, DEE, BEN, moderator=False)
    start, rng = out.game.version, Rng.from_seed(3)
    while not out.quiet:  # the first bid confirmed: quiet, never posted
        out = await play_one(service, out, rng)
    first = next(h.user_id for h in out.game.holders if h.seat_no not in asked(out))
    await service.watch(CHAN, CAL, first, moderator=False)
    engine = make_engine(db_url)
    again = GameService(sessionmaker(engine))  # a restart: a new process, nothing in memory
    await again.load_watching()
    while out.game.version == start + 1:  # the second bid reveals both
        out = await play_one(again, out, rng)
    assert not out.quiet
    reveal = out.game.version
    assert await again.revealed_after(info.id, reveal) == start
    movers = await again.followers_of_moves(
        info.id, await again.revealed_after(info.id, reveal), reveal
    )
    assert movers[CAL] == [first] and movers[DEE] == [BEN]
    # an ordinary move later tells its own version only
    while out.game.version == reveal or out.quiet:
        out = await play_one(again, out, rng)
    assert await again.revealed_after(info.id, out.game.version) == out.game.version - 1
    await engine.dispose()


async def test_the_spectators_told_at_the_end_are_the_allowed_ones(service):
    info = await _lobby(service, "ask")
    out = await service.start(CHAN, ANA)
    await service.watch(CHAN, CAL, BEN, moderator=False)
    await service.watch(CHAN, MOD, moderator=True)
    final = await play_to_end(service, out)
    assert final.game.status == "finished"
    assert await service.spectators_at_end(info.id) == [MOD]
    assert not service.follows(info.id)
    text = final_text(final.game, "https://discord.com/channels/1/2/3")
    assert "is over" in text and "https://discord.com/channels/1/2/3" in text
    for seat in final.game.holders:  # the standings name everyone; no hand is in the text
        assert f"<@{seat.user_id}>" in text
    assert "hand" not in text.lower()


async def test_followed_games_are_loaded_at_start_up(db_url, service):
    info = await _lobby(service)
    await service.start(CHAN, ANA)
    await service.watch(CHAN, CAL, BEN, moderator=False)
    engine = make_engine(db_url)
    again = GameService(sessionmaker(engine))
    assert not again.follows(info.id)
    await again.load_watching()
    assert again.follows(info.id)
    await engine.dispose()


# ---------------------------------------------------------------------------- no cost
class _Turns:
    def __init__(self) -> None:
        self.spawned: list = []

    def spawn(self, coro) -> None:  # noqa: ANN001
        self.spawned.append(coro)


class _Bot:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.turns = _Turns()


def asked(out) -> list[int]:
    return [p.seat for p in out.prompts]


def _count_statements(svc: GameService) -> list[str]:
    seen: list[str] = []
    for maker in (svc.core.writers, svc.core.readers):
        engine = maker.kw["bind"].sync_engine
        event.listen(engine, "before_cursor_execute", lambda c, cur, sql, *a: seen.append(sql))
    return seen


async def test_a_decision_in_a_game_nobody_follows_costs_no_statement(service):
    await _lobby(service)
    await service.watch(CHAN, CAL, moderator=False)  # watching the game only
    out = await service.start(CHAN, ANA)
    bot = _Bot(service)
    watching = Watching(bot)  # type: ignore[arg-type]
    seen = _count_statements(service)
    rng = Rng.from_seed(5)
    for _ in range(6):
        out = await play_one(service, out, rng)
        seen.clear()
        watching.after_post(out, 1, None)
        assert seen == [] and bot.turns.spawned == []
    # once a player is followed, the moves are looked at (off the decision, after it)
    await service.watch(CHAN, DEE, ANA, moderator=False)
    out = await play_one(service, out, rng)
    seen.clear()
    watching.after_post(out, 1, None)
    assert seen == [] and len(bot.turns.spawned) == (0 if out.quiet else 1)
    for coro in bot.turns.spawned:
        coro.close()


def test_the_move_note_names_the_player_and_the_public_lines_only():
    from bot.results import GameInfo, SeatInfo

    info = GameInfo(
        id=3,
        guild_id=1,
        channel_id=2,
        title="bazaar",
        title_name="Bazaar",
        status="running",
        version=5,
        seats=2,
        min_seats=2,
        created_by=ANA,
        options={},
        holders=[SeatInfo(0, ANA, False, "Amber"), SeatInfo(1, BEN, False, "Teal")],
        lobby_message_id=None,
    )
    text = moved_text(info, [ANA], ["Amber sells a red 3."], "https://x/1")
    assert f"<@{ANA}> (Amber) moved." in text and "Amber sells a red 3." in text
    assert "https://x/1" in text


async def test_two_requests_at_once_make_one_row(service):
    await _lobby(service)
    results = await asyncio.gather(
        service.watch(CHAN, CAL, BEN, moderator=False),
        service.watch(CHAN, CAL, BEN, moderator=False),
        return_exceptions=True,
    )
    assert sum(isinstance(r, ServiceError) for r in results) == 1
    assert len(await _rows(service)) == 1
