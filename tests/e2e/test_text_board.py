"""`/game board text:on` and `/game hand text:on` through the real bot: the board as structured
text a screen reader reads, only to the asker, in as many messages as it needs."""

from __future__ import annotations

import pytest

from tests.e2e.driver import Table, is_refusal
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.test_game_flow import assert_clean

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]


async def test_text_board_and_hand_text_are_private_text(fake: FakeDiscord, bot: BotProcess):
    table = Table(fake, fake.channel("games"), ["alice"])
    await table.open("alice", title="mombasa", seats=3, bots=2)
    await table.start()
    posted = len(fake.messages("games"))

    board = await fake.slash("carol", "games", "game", "board", text="on")
    await fake.wait_for(
        lambda: "### Latest moves" in "\n".join(m.content for m in board.messages()),
        what="the whole text board",
    )
    parts = board.messages()
    assert len(parts) >= 2 and all(m.ephemeral for m in parts)
    assert all(len(m.content) <= 2000 and not m.images() for m in parts)
    text = "\n\n".join(m.content for m in parts)
    assert text.startswith("## Mombasa board\n\n### Game\n- Round 1 of 7")
    for heading in ("### Players", "### Companies", "### Card display"):
        assert heading in text
    assert "Your hand" not in text
    assert len(fake.messages("games")) == posted  # nothing posted in the channel

    turn = table.turn_message()
    assert turn is not None
    button = f"br:{table.game_id}:tb"
    assert button in turn.custom_ids()
    pressed = await fake.press("carol", turn, button)
    await fake.wait_for(
        lambda: "### Latest moves" in "\n".join(m.content for m in pressed.messages()),
        what="the whole text board from the button",
    )
    assert all(m.ephemeral for m in pressed.messages())
    assert "\n\n".join(m.content for m in pressed.messages()) == text

    hand = await fake.slash("alice", "games", "game", "hand", text="on")
    mine = hand.messages()
    assert mine and all(m.ephemeral and not m.images() for m in mine)
    assert "### Your hand, " in mine[0].content

    stranger = await fake.slash("carol", "games", "game", "hand", text="on")
    assert is_refusal(stranger) and "not playing" in stranger.text()
    one_seat = await fake.slash("carol", "games", "game", "board", seat=1, text="on")
    assert is_refusal(one_seat) and "whole table" in one_seat.text()
    assert len(fake.messages("games")) == posted
    assert_clean(fake, bot)
