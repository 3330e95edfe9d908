"""`/game board text:on` and `/game hand text:on` at the service, on a real database: the
public text board of a running game, and a seat's own hand as text, only for a seated player."""

from __future__ import annotations

import pytest

from bot.discord import limits, turn_menus
from bot.discord.text_parts import parts
from bot.discord.turn_message import has_text_board
from bot.errors import ServiceError
from engine.core import Choice, Prompt
from engine.rng import Rng
from tests.bot.test_service import ANA, BEN, CAL, CHAN, new_game, play_one


async def test_r129_benares_text_board_and_hand_text(service):
    await new_game(service, players=(ANA, BEN), title="benares")
    with pytest.raises(ServiceError, match="once the game starts"):
        await service.board_text(CHAN)
    out = await service.start(CHAN, ANA)
    board = await service.board_text(CHAN)
    assert board.startswith("## Benares & Calcutta board")
    assert "Round 1 of 2, boat placement." in board
    rng = Rng.from_seed(2)
    while "Round 1 of 2, Action phase." not in board:  # the boats placed, hands are dealt
        out = await play_one(service, out, rng)
        board = await service.board_text(CHAN)
    assert board.count("Cards in hand: 8.") == 2  # how many, never which (R129)
    hands = {user: await service.hand_text(CHAN, user) for user in (ANA, BEN)}
    assert hands[ANA] != hands[BEN]
    for user, text in hands.items():
        assert "### Your hand, 8 cards" in text
        cards = [line for line in text.splitlines() if line.startswith("- ")]
        assert len(cards) == 8
        assert not any(card in board for card in cards), f"a card of {user}'s hand is public"
    with pytest.raises(ServiceError, match="not playing"):
        await service.hand_text(CHAN, CAL)


async def test_tidewater_text_board_follows_the_game_and_has_no_hand(service):
    await new_game(service, players=(ANA, BEN), title="tidewater")
    out = await service.start(CHAN, ANA)
    before = await service.board_text(CHAN)
    out = await play_one(service, out, Rng.from_seed(3))
    after = await service.board_text(CHAN)
    assert after != before and "### Latest moves, oldest first" in after
    assert await service.hand_text(CHAN, ANA) == (
        "Tidewater Lines has no hidden hands: everything is on the board."
    )


async def test_a_title_without_a_text_board_says_so(service):
    await new_game(service, players=(ANA, BEN))  # the test title has none
    await service.start(CHAN, ANA)
    with pytest.raises(ServiceError, match="has no text board yet; `/game board` shows it"):
        await service.board_text(CHAN)
    with pytest.raises(ServiceError, match="no game in this channel"):
        await service.board_text(CHAN + 1)


def test_text_parts_break_between_sections_and_keep_every_line() -> None:
    sections = [
        f"### Section {n}\n" + "\n".join(f"- line {n}.{i}" for i in range(40)) for n in range(6)
    ]
    text = "## Board\n\n" + "\n\n".join(sections)
    got = parts(text, 600)
    assert all(len(p) <= 600 for p in got)
    assert "\n".join(got).replace("\n\n", "\n") == text.replace("\n\n", "\n")  # nothing lost
    assert sum(p.startswith("### Section") for p in got) >= 4  # most parts start at a heading
    assert parts("short") == ["short"]
    assert parts("x" * 50, 20) == ["x" * 19 + "…"]


def _rows(view: object) -> list[list[dict]]:
    return [row["components"] for row in view.to_components()]  # type: ignore[attr-defined]


def test_text_board_button_sits_on_the_last_row_beside_more_and_hand() -> None:
    many = Prompt(0, "Choose", [Choice(f"c{i}", f"Choice {i}") for i in range(130)])
    layout = _rows(turn_menus.turn_view(7, 12, [many], has_hands=True, has_text_board=True))
    assert len(layout) <= limits.ROWS_MAX
    last = [(c["custom_id"], c.get("label")) for c in layout[-1]]
    assert last == [
        ("br:7:12:m:3", "More choices…"),
        ("br:7:h", "Show my hand"),
        ("br:7:fb", "Full board"),
        ("br:7:tb", "Text board"),
    ]
    secret = [Prompt(0, "Plan", [Choice("p", "Plan")], secret=True)]
    ids = [
        c["custom_id"] for r in _rows(turn_menus.turn_view(7, 12, secret, False, True)) for c in r
    ]
    assert ids == ["br:7:12:p", "br:7:fb", "br:7:tb"]
    no_text = turn_menus.turn_view(7, 12, [], has_hands=False, has_text_board=False)
    assert [c["custom_id"] for r in _rows(no_text) for c in r] == ["br:7:fb"]


def test_only_titles_with_a_text_board_get_the_button(service) -> None:  # (titles loaded)
    assert has_text_board("tidewater") and has_text_board("mombasa") and has_text_board("benares")
    assert not has_text_board("bazaar") and not has_text_board("chess")
