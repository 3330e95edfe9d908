"""`/me palette` against a real database: the choice is stored per person and read back, and
the images sent to that person alone (their hand, the Full board button's board, replay frames)
come in it, while the public board never changes (issue 32)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.discord.me import settings_text
from bot.errors import ServiceError
from render.contrast import HIGH, STANDARD
from tests.bot.test_service import ANA, BEN, CHAN, GUILD, new_game


def _decoded(data: bytes) -> tuple[bytes, list[int]]:
    """The pixels' palette indices and the palette of a PNG."""
    with Image.open(io.BytesIO(data)) as im:
        assert im.mode == "P"
        return im.tobytes(), list(im.getpalette() or [])


async def test_the_palette_is_stored_per_person_and_read_back(service):
    me = await service.my_settings(ANA, GUILD)
    assert me.palette == STANDARD and await service.palette_of(ANA) == STANDARD
    assert "Images sent to you alone: standard" in settings_text(me)
    with pytest.raises(ServiceError, match="high contrast"):
        await service.set_palette(ANA, GUILD, "sepia")
    me = await service.set_palette(ANA, GUILD, "high contrast")
    assert me.palette == HIGH and "high contrast" in me.note
    # read back in new transactions, by /me show and by the images' lookup; others unchanged
    shown = await service.my_settings(ANA, GUILD)
    assert shown.palette == HIGH and "high contrast" in settings_text(shown)
    assert await service.palette_of(ANA) == HIGH
    assert await service.palette_of(BEN) == STANDARD
    # the other settings of a person who already had a row are kept
    await service.set_pings(BEN, GUILD, "dm")
    await service.set_palette(BEN, GUILD, HIGH)
    ben = await service.my_settings(BEN, GUILD)
    assert (ben.pings, ben.palette) == ("dm", HIGH)
    assert (await service.set_palette(ANA, GUILD, "Standard")).palette == STANDARD
    assert await service.palette_of(ANA) == STANDARD


async def test_private_images_come_in_the_chosen_palette_and_public_ones_never(service):
    game = await new_game(service, players=(ANA, BEN))
    await service.start(CHAN, ANA)
    public = (await service.board_of(game.id)).image.data
    hand = (await service.hand_in_game(game.id, ANA))[1]
    full = (await service.board_of(game.id, viewer=ANA)).image.data
    frame = (await service.replay_of(game.id, viewer=ANA)).image.data
    assert hand is not None and full == public and frame == public

    await service.set_palette(ANA, GUILD, "high contrast")
    high_hand = (await service.hand_in_game(game.id, ANA))[1]
    high_full = (await service.board_of(game.id, viewer=ANA)).image.data
    high_frame = (await service.replay_of(game.id, viewer=ANA)).image.data
    assert high_hand is not None and high_hand.data != hand.data
    assert high_full != public and high_frame != public
    # the same picture (the same indices), another palette
    for before, after in ((hand.data, high_hand.data), (public, high_full)):
        (pixels, palette), (high_pixels, high_palette) = _decoded(before), _decoded(after)
        assert pixels == high_pixels and palette != high_palette
    # what others get, and the public board, are as before
    assert (await service.board_of(game.id)).image.data == public
    assert (await service.board_of(game.id, viewer=BEN)).image.data == public
    assert (await service.replay_of(game.id)).image.data == public
    assert (await service.board(CHAN)).image.data == public
