"""`/me palette` through the real bot and the fake Discord (issue 32): after a person picks high
contrast, the images sent to them alone (the Full board button, `/game hand`, "Show my hand",
their hand by DM) come in a high-contrast palette, the same picture with another palette, while
everyone else's and the public turn post stay in the title's own palette."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.mombasa.palette import PALETTE
from tests.e2e.driver import Table
from tests.e2e.fake_discord import Exchange, FakeDiscord
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.helpers import private
from tests.e2e.test_game_flow import assert_clean

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]


def _png(data: bytes) -> tuple[bytes, bytes]:
    """(the pixels' palette indices, the palette) of a PNG the bot sent."""
    with Image.open(io.BytesIO(data)) as im:
        assert im.mode == "P"
        return im.tobytes(), bytes(im.getpalette() or [])


def _standard(data: bytes) -> bool:
    """Drawn in Mombasa's own palette."""
    palette = _png(data)[1]
    return palette == PALETTE.data[: len(palette)]


async def _image(fake: FakeDiscord, ex: Exchange, what: str) -> bytes:
    await fake.wait_for(lambda: any(m.images() for m in ex.messages()), what=what)
    shown = next(m for m in ex.messages() if m.images())
    assert shown.ephemeral, what
    return shown.images()[0]


async def test_high_contrast_reaches_only_the_images_sent_to_that_person(
    fake: FakeDiscord, bot: BotProcess
):
    picked = await fake.slash("alice", "games", "me", "palette", choice="high")
    assert "high contrast" in private(picked)
    shown = await fake.slash("alice", "games", "me", "show")
    assert "Images sent to you alone: high contrast" in private(shown)

    table = Table(fake, fake.channel("games"), ["alice"])
    await table.open("alice", title="mombasa", seats=3, bots=2)
    await table.start()
    turn = table.turn_message()
    assert turn is not None and turn.images()
    assert _standard(turn.images()[0])  # the public turn post: as everyone sees it

    # the Full board button: alice's in high contrast, carol's (a spectator) standard
    full = f"br:{table.game_id}:fb"
    mine = await _image(fake, await fake.press("alice", turn, full), "alice's full board")
    theirs = await _image(fake, await fake.press("carol", turn, full), "carol's full board")
    assert mine != theirs and _standard(theirs) and not _standard(mine)
    assert _png(mine)[0] == _png(theirs)[0]  # the same picture: the same indices

    # her hand: by DM at the start, by /game hand and by "Show my hand", all in high contrast
    await fake.wait_for(
        lambda: any(m.images() for m in fake.dm_messages("alice")), what="alice's hand by DM"
    )
    by_dm = next(m for m in fake.dm_messages("alice") if m.images()).images()[0]
    hand = await _image(fake, await fake.slash("alice", "games", "game", "hand"), "/game hand")
    assert not _standard(by_dm) and not _standard(hand)
    button = f"br:{table.game_id}:h"
    assert button in turn.custom_ids()
    pressed = await _image(fake, await fake.press("alice", turn, button), "Show my hand")
    assert pressed == hand

    # back to standard: the same hand in the title's own palette
    await fake.slash("alice", "games", "me", "palette", choice="standard")
    plain = await _image(fake, await fake.slash("alice", "games", "game", "hand"), "hand again")
    assert plain != hand and _standard(plain) and _png(plain)[0] == _png(hand)[0]
    again = await _image(fake, await fake.press("alice", turn, full), "full board again")
    assert again == theirs

    # the public board in the channel is the standard one, whoever asks for it
    board = await fake.slash("alice", "games", "game", "board")
    await fake.wait_for(lambda: any(m.images() for m in board.messages()), what="/game board")
    public = next(m for m in board.messages() if m.images())
    assert not public.ephemeral and public.images()[0] == theirs
    assert _standard(turn.images()[0])
    assert_clean(fake, bot)
