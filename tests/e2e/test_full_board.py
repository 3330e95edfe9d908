"""The turn post and the Full board button through the real bot (issue 32): the turn message
carries the turn image, shaped for Discord's frames; "Full board" gives the presser alone the
whole tall board, with its alt text, and posts nothing in the channel."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.e2e.driver import Table
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.test_alt_text import image_attachments
from tests.e2e.test_game_flow import assert_clean

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]


def _size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


@pytest.mark.parametrize("title", ["mombasa", "tidewater", "benares"])
async def test_turn_image_fits_the_frames_and_full_board_is_one_tap_away(
    fake: FakeDiscord, bot: BotProcess, title: str
):
    table = Table(fake, fake.channel("games"), ["alice"])
    await table.open("alice", title=title, seats=3, bots=2)
    await table.start()
    turn = table.turn_message()
    assert turn is not None
    (image,) = turn.images()
    w, h = _size(image)
    assert w >= 1000 and 4 / 5 <= w / h <= 16 / 9, (w, h)
    posted = len(fake.messages("games"))

    button = f"br:{table.game_id}:fb"
    assert button in turn.custom_ids()
    pressed = await fake.press("carol", turn, button)
    await fake.wait_for(lambda: any(m.images() for m in pressed.messages()), what="full board")
    (shown,) = [m for m in pressed.messages() if m.images()]
    assert shown.ephemeral
    (board,) = shown.images()
    bw, bh = _size(board)
    assert bh > 2 * bw, (bw, bh)  # the tall board, every panel
    (entry,) = image_attachments(shown)
    assert entry.get("description"), "the full board carries its alt text"
    assert len(fake.messages("games")) == posted  # nothing posted in the channel

    again = await fake.press("bob", turn, button)
    await fake.wait_for(lambda: any(m.images() for m in again.messages()), what="full board")
    assert [m.images() for m in again.messages() if m.images()] == [[board]]
    assert_clean(fake, bot)
