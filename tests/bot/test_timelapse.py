"""Timelapses, the host side: replayed from the log in spectator views only, built off the
event loop, owed durably and posted at most once (bot/timelapse.py, bot/service/timelapse.py,
bot/discord/timelapse.py)."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest
from PIL import Image

from bot import catalog
from bot import timelapse as bt
from bot.discord import timelapse as posting
from bot.service import queries as q
from bot.service.timelapse import (
    claim_timelapse,
    finished_game,
    owe_timelapse,
    owed_timelapses,
)
from engine.rng import Rng
from render import timelapse as tl
from tests.bot.test_service import ANA, BEN, CAL, CHAN, new_game, play_to_end
from tests.conftest import TEST_RENDERERS, TEST_TITLES


def bot_game(slug: str, seats: int, seed: int = 5) -> bt.Spec:
    """A whole game of `slug` played by automatic players, as its log."""
    catalog.load(TEST_TITLES, TEST_RENDERERS)
    title = catalog.title(slug)
    options = {o.name: o.default for o in title.options}
    state = title.setup(seed, seats, options)
    rng = Rng.from_seed(seed)
    moves = []
    while prompts := title.prompts(state):
        seat = prompts[0].seat
        move = title.bot_choice(state, seat, rng)
        title.apply(state, seat, move)
        moves.append((seat, move))
    return bt.Spec(slug, seed, seats, options, moves)


# ---------------------------------------------------------------------------- public only
@pytest.mark.parametrize(("slug", "seats"), [("mombasa", 2), ("bazaar", 3), ("tidewater", 2)])
def test_frames_are_spectator_views_that_hide_what_they_should(slug, seats, monkeypatch):
    spec = bot_game(slug, seats)
    title = catalog.title(slug)
    asked: list[Any] = []
    real_view = title.view

    def view(state, seat):
        asked.append(seat)
        return real_view(state, seat)

    monkeypatch.setattr(title, "view", view)
    plan = bt.plan(spec, max_frames=40)
    monkeypatch.undo()
    assert set(asked) == {None}  # the replay never asks for a seat's view
    assert len(plan.views) == len(plan.indices) <= 40
    assert plan.indices[0] == 0 and plan.indices[-1] == len(spec.moves)
    # each frame's view is the spectator view at that point, and a redeal of everything a
    # spectator cannot see (hands, the deck, unrevealed plans) leaves it as it is
    state = title.setup(spec.seed, spec.seats, dict(spec.options))
    rng = Rng.from_seed(1)
    at = dict(zip(plan.indices, bt.decode_views(plan.views, plan.view_type), strict=True))
    for i in range(len(spec.moves) + 1):
        if i:
            title.apply(state, *spec.moves[i - 1])
        if i in at:
            assert at[i] == title.view(state, None)
            other = title.redeal(state, None, rng)
            if other is not None:
                assert title.view(other, None) == at[i]
    if title.hidden_hands:
        assert title.view(state, 0) != title.view(state, None)  # there was something to hide


def test_only_the_planned_views_are_drawn(monkeypatch):
    spec = bot_game("bazaar", 3)
    plan = bt.plan(spec)
    renderer = catalog.renderer("bazaar")
    drawn: list[Any] = []
    real_board = renderer.board

    def board(view, area=None):
        drawn.append(view)
        return real_board(view, area)

    monkeypatch.setattr(renderer, "board", board)
    frames = bt.draw("bazaar", plan.views, plan.view_type, plan.progress, tl.FRAME_WIDTH)
    assert len(frames) == len(drawn) == len(plan.views)
    assert drawn == bt.decode_views(plan.views, plan.view_type)
    assert all(v.viewer is None for v in drawn)


# ---------------------------------------------------------------------------- building
async def test_build_off_the_loop_gives_a_deterministic_animation_within_the_limit():
    catalog.stop_render_pool()  # (a thread: the same jobs as the workers run)
    spec = bot_game("bazaar", 3)
    first = await bt.build(spec)
    again = await bt.build(spec)
    assert first.animation.data == again.animation.data
    im = Image.open(io.BytesIO(first.animation.data))
    assert im.format == "GIF" and im.is_animated
    assert im.n_frames == first.animation.frames == len(bt.plan(spec).views)
    assert len(first.animation.data) <= tl.MAX_BYTES and im.width <= tl.FRAME_WIDTH
    assert first.moves == len(spec.moves)
    assert (
        first.description
        == again.description
        == (
            f"Timelapse of a Bazaar game: {first.moves} moves in {im.n_frames} frames, setup to the "
            f"end. At the end: {bt.plan(spec).final_alt}"
        )
    )


def test_the_timelapse_alt_text_ends_with_the_final_boards():
    """Written in the worker from the last spectator view (the final board), within 1,024."""
    spec = bot_game("mombasa", 2)
    title = catalog.title("mombasa")
    *_, final = bt.spectator_views(title, spec)
    plan = bt.plan(spec)
    assert plan.final_alt == title.alt_text(final) and "Final scores: " in plan.final_alt
    text = bt.alt_text(title.name, plan.moves, len(plan.views), plan.final_alt)
    assert text.startswith(f"Timelapse of a Mombasa game: {plan.moves} moves in ")
    assert len(text) <= 1024


async def test_a_small_limit_still_fits_with_fewer_frames():
    catalog.stop_render_pool()
    spec = bot_game("tidewater", 2)
    built = await bt.build(spec, max_bytes=400_000)
    assert len(built.animation.data) <= 400_000
    assert built.animation.frames < len(bt.plan(spec).views)


# ---------------------------------------------------------------------------- owed, claimed
async def finished(service) -> Any:
    await new_game(service, players=(ANA, BEN, CAL))
    return await play_to_end(service, await service.start(CHAN, ANA))


async def test_owed_once_claimed_once_and_apart_from_turn_messages(service):
    final = await finished(service)
    game_id, version = final.game.id, final.game.version
    got = await finished_game(service, game_id)
    assert got is not None and got.version == version
    assert got.spec.moves and got.spec.slug == "bazaar"
    # the log replays to the stored result
    title = catalog.title("bazaar")
    state = title.setup(got.spec.seed, got.spec.seats, dict(got.spec.options))
    for seat, move in got.spec.moves:
        title.apply(state, seat, move)
    assert title.result(state).ranking == final.result.ranking

    await owe_timelapse(service, game_id, version, 555)
    await owe_timelapse(service, game_id, version, 555)
    assert await owed_timelapses(service) == [(game_id, version)]
    # the final message is marked delivered, and the owed timelapse is no turn message
    assert await service.undelivered() == []
    service.posted(game_id, version, 555)
    await service.flush_deliveries()
    async with service.core.readers() as s:
        assert await q.pending_deliveries(s) == []
    assert (await finished_game(service, game_id)).final_message_id == 555
    assert await owed_timelapses(service) == [(game_id, version)]
    assert await claim_timelapse(service, game_id, version) is True
    assert await claim_timelapse(service, game_id, version) is False
    assert await owed_timelapses(service) == []


class FakeChannel:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, **kwargs: Any) -> None:
        self.sent.append(kwargs)


class FakeBot:
    def __init__(self, service) -> None:
        self.service = service
        self.channel = FakeChannel()

    def get_partial_messageable(self, channel_id: int) -> FakeChannel:
        return self.channel


async def test_posted_after_the_final_message_as_a_reply(service):
    catalog.stop_render_pool()
    final = await finished(service)
    bot = FakeBot(service)
    poster = posting.TimelapsePoster(bot)  # type: ignore[arg-type]
    poster.final_posted(final.game.id, final.game.version, 777)
    await poster.wait()
    (sent,) = bot.channel.sent
    assert sent["reference"].message_id == 777
    assert sent["file"].filename == "timelapse.gif"
    assert "the whole game" in sent["content"] and "game #" in sent["content"]
    data = sent["file"].fp.read()
    assert Image.open(io.BytesIO(data)).n_frames > 2
    assert await owed_timelapses(service) == []


async def test_a_restart_during_the_build_posts_it_once(service):
    catalog.stop_render_pool()
    final = await finished(service)
    game_id, version = final.game.id, final.game.version
    await owe_timelapse(service, game_id, version, 777)  # ... and the process died here
    bots = [FakeBot(service), FakeBot(service)]
    posters = [posting.TimelapsePoster(b) for b in bots]  # type: ignore[arg-type]
    # two processes (or two starts) take it up at once: one of them posts it
    await asyncio.gather(*(p.repair() for p in posters))
    await asyncio.gather(*(p.wait() for p in posters))
    assert sum(len(b.channel.sent) for b in bots) == 1
    assert await posters[0].repair() == 0  # nothing owed any more


async def test_a_failed_build_is_logged_and_dropped(service, monkeypatch, caplog):
    final = await finished(service)

    async def broken(spec):
        raise RuntimeError("boom")

    monkeypatch.setattr(posting, "build", broken)
    bot = FakeBot(service)
    poster = posting.TimelapsePoster(bot)  # type: ignore[arg-type]
    poster.final_posted(final.game.id, final.game.version, 777)
    await poster.wait()
    assert bot.channel.sent == [] and await owed_timelapses(service) == []
    assert "timelapse could not be built" in caplog.text
