"""`/game new options:` against a real database: `name=value` pairs whose value may hold
commas (Mombasa's explicit track deal, R199), validated before anything is created."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from bot.db.models import Game
from bot.errors import ServiceError
from bot.service import parse_options
from bot.service.options import split_options
from engine.mombasa import TITLE as MOMBASA
from tests.bot.test_service import ANA, BEN, CHAN, GUILD


def test_a_value_may_hold_commas_and_pairs_still_split():
    assert split_options("tracks=A1,B2,C2,D1") == [("tracks", "A1,B2,C2,D1")]
    assert split_options("tracks = a1, b2 ,c2,d1 ; x=y") == [("tracks", "a1,b2,c2,d1"), ("x", "y")]
    assert split_options("short_game=on, terminal_fee=off") == [
        ("short_game", "on"),
        ("terminal_fee", "off"),
    ]
    with pytest.raises(ServiceError, match="look like `name=value`; I couldn't read `A1`"):
        split_options("A1,B2")


def test_r199_an_explicit_deal_is_offered_and_tidied():
    assert parse_options(MOMBASA, "tracks=a1, b2, C2,d1") == {"tracks": "A1,B2,C2,D1"}
    assert parse_options(MOMBASA, "tracks=fixed") == {"tracks": "fixed"}
    assert parse_options(MOMBASA, "") == {"tracks": "random"}


@pytest.mark.parametrize(
    ("deal", "why"),
    [
        ("A1,A2,C2,D1", "must use each letter A, B, C, D once"),
        ("A1,B2,C2", "is not 4 sides"),
        ("A1,B3,C2,D1", "is not 4 sides"),
        ("sometimes", "is not 4 sides"),
    ],
)
def test_r199_a_bad_deal_is_refused_saying_what_a_deal_looks_like(deal, why):
    with pytest.raises(ServiceError) as refused:
        parse_options(MOMBASA, f"tracks={deal}")
    text = str(refused.value)
    assert why in text and f"`{deal}`" in text
    assert "Mombasa, Cape Town, Saint-Louis and Cairo" in text and "tracks=A1,B2,C2,D1" in text


async def test_r199_a_deal_typed_at_game_new_reaches_setup(service):
    await service.create(
        guild_id=GUILD,
        channel_id=CHAN,
        user_id=ANA,
        title_slug="mombasa",
        seats=2,
        options="tracks=A1, B2, C2, D1",
    )
    await service.join(CHAN, BEN)
    out = await service.start(CHAN, ANA)
    async with service.core.readers() as s:
        game = await s.get(Game, out.game.id)
    assert game.options == {"tracks": "A1,B2,C2,D1"}
    state = service.core.cache.get(game.id, game.version).state
    assert state.sides == {"mombasa": "A1", "cape_town": "B2", "saint_louis": "C2", "cairo": "D1"}


async def test_r199_a_bad_deal_at_game_new_creates_nothing(service):
    with pytest.raises(ServiceError, match="must use each letter A, B, C, D once"):
        await service.create(
            guild_id=GUILD,
            channel_id=CHAN,
            user_id=ANA,
            title_slug="mombasa",
            seats=2,
            options="tracks=A1,B1,B2,D1",
        )
    async with service.core.readers() as s:
        assert await s.scalar(select(func.count()).select_from(Game)) == 0
