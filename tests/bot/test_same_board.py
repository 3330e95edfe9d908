"""The turn message of a version whose board is pixel-identical to the last one posted uploads
no image (issue 32): built by the real `TurnPoster` (publish.py; the message by
turn_message.py) from real Benares states, drawn by the real renderer. A change only to hidden
information (every hand and the deck drawn anew with `Title.redeal`) is such a version; a public
change is not; a bot that remembers no earlier post (a restart) uploads. The Discord-level
behaviour over whole games: tests/e2e/test_same_board.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from bot import catalog
from bot.discord.publish import TurnPoster
from bot.discord.turn_message import TurnMessage
from bot.results import GameInfo, Outcome, SeatInfo
from engine.rng import Rng

SLUG = "benares"


@dataclass
class Marks:
    """Stands in for the service's delivery marks (the only part of the service used)."""

    posted: list[tuple[int, int, int | None]] = field(default_factory=list)

    def posted_mark(self, game_id: int, version: int, message_id: int | None) -> None:
        self.posted.append((game_id, version, message_id))


def poster() -> TurnPoster:
    marks = Marks()
    bot: Any = SimpleNamespace(service=SimpleNamespace(posted=marks.posted_mark))
    return TurnPoster(bot)


def info(version: int) -> GameInfo:
    seats = [SeatInfo(n, 100 + n, False, f"Seat {n + 1}") for n in range(3)]
    return GameInfo(
        id=5,
        guild_id=1,
        channel_id=2,
        title=SLUG,
        title_name="Benares & Calcutta",
        status="running",
        version=version,
        seats=3,
        min_seats=2,
        created_by=100,
        options={},
        holders=seats,
        lobby_message_id=None,
        waiting=[seats[0]],
    )


def states() -> tuple[bytes, bytes, bytes]:
    """A Benares game some moves in: its state, the same with every hidden card drawn anew,
    and the state after one more move that changes the board."""
    catalog.load()
    title = catalog.title(SLUG)
    state = title.setup(11, 3, {})
    rng = Rng.from_seed(3)
    for _ in range(12):
        seat = title.deciding(state)[0]
        title.apply(state, seat, title.bot_choice(state, seat, rng))
    hidden = title.redeal(state, None, rng)
    assert hidden is not None and title.encode(hidden) != title.encode(state)
    before = title.encode(state)
    for _ in range(8):  # until the board shows something new
        seat = title.deciding(state)[0]
        title.apply(state, seat, title.bot_choice(state, seat, rng))
        if title.view(state, None) != title.view(title.decode(before), None):
            break
    return before, title.encode(hidden), title.encode(state)


async def built(turns: TurnPoster, version: int, state: bytes) -> TurnMessage:
    outcome = Outcome(info(version), [], [], encoded_state=state)
    return await turns.build(outcome)


def post(turns: TurnPoster, message: TurnMessage, message_id: int) -> None:
    outcome = Outcome(message.game, [], [])
    turns.after_post(outcome, message_id, message, private=False)


@pytest.fixture(autouse=True)
def drawing_in_a_thread() -> None:
    catalog.stop_render_pool()


async def test_a_hidden_only_change_uploads_no_image_and_a_public_one_does() -> None:
    before, hidden, moved = states()
    turns = poster()
    first = await built(turns, 10, before)
    assert first.uploads() and "file" in first.send_kwargs()
    post(turns, first, 900)

    same = await built(turns, 11, hidden)
    assert not same.uploads() and "file" not in same.send_kwargs()
    assert same.image is not None  # (spectators' DMs still get the board)
    board = next(f for f in same.embeds[0].fields if f.name == "Board")
    assert "Unchanged since [the turn message of move 10]" in board.value
    assert board.value.endswith("/1/2/900): nothing on the table moved.")
    assert same.embeds[0].image.url is None
    post(turns, same, 901)

    again = await built(turns, 12, hidden)  # a chain of unchanged boards links the first one
    assert not again.uploads() and "/1/2/900)" in again.embeds[0].fields[-1].value
    post(turns, again, 902)

    changed = await built(turns, 13, moved)
    assert changed.uploads() and changed.embeds[0].image.url == "attachment://board.png"
    assert all(f.name != "Board" for f in changed.embeds[0].fields)


async def test_after_a_restart_the_board_is_uploaded_again() -> None:
    before, hidden, _ = states()
    turns = poster()
    post(turns, await built(turns, 10, before), 900)
    restarted = poster()  # remembers no post
    assert (await built(restarted, 11, hidden)).uploads()


async def test_an_older_version_never_reuses_a_newer_board() -> None:
    before, _, _ = states()
    turns = poster()
    post(turns, await built(turns, 10, before), 900)
    assert (await built(turns, 10, before)).uploads()  # (the same version posted again)
