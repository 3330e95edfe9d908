"""The text board (`Title.board_text`) and hand text (`Title.hand_text`) of every title, read by
screen readers through `/game board text:on` and `/game hand text:on`: real mid-game positions
played by the automatic players from a seed carry the public facts, and nothing hidden; a hand
text carries its own seat's hand and nothing of another's."""

from __future__ import annotations

import re

import pytest

from engine import registry
from engine.core import Title
from engine.rng import Rng

registry.load_builtin()


def _title(slug: str) -> Title:
    title = registry.get(slug)
    assert title is not None
    return title


def _played(slug: str, seats: int, seed: int, until) -> object:  # type: ignore[no-untyped-def]
    """A game played by the automatic players from `seed` up to the first position `until`
    accepts (the game must reach one)."""
    title = _title(slug)
    state = title.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    for n in range(3000):
        if until(state):
            return state
        assert title.result(state) is None, "the game ended before the position looked for"
        seat = title.deciding(state)[0]
        title.apply(state, seat, title.bot_choice(state, seat, rng.fork(n)))
    raise AssertionError("no such position")


def _plain(text: str) -> None:
    """Read in order: headings and list lines, nothing drawn with characters."""
    assert text.startswith("## ")
    for line in text.splitlines():
        assert not line or line.startswith(("## ", "### ", "- ")), line
        assert not re.search(r"[|+]{2}|[-=_]{4}|[\u2500-\u259f]", line), line


def _same_public_text(title: Title, state, seats: int) -> None:  # type: ignore[no-untyped-def]
    """The public text is the same from every seat's view (which carries that seat's hand) as
    from the spectator's, and when all a spectator cannot see is drawn anew (other hands,
    plans, the deck): nothing hidden is in it."""
    public = title.board_text(title.view(state, None))
    for seat in range(seats):
        assert title.board_text(title.view(state, seat)) == public, f"seat {seat} view differs"
    for n in range(4):
        other = title.redeal(state, None, Rng.from_seed(100 + n))
        if other is not None:
            assert title.encode(other) != title.encode(state), "the redeal changed nothing"
            assert title.board_text(title.view(other, None)) == public


# ---------------------------------------------------------------- Tidewater Lines
def test_tidewater_text_board_tells_round_turn_scores_and_lines() -> None:
    title = _title("tidewater")
    state = _played("tidewater", 3, 1, lambda s: s.round == 2 and s.phase == "turn_window")
    view = title.view(state, None)
    text = title.board_text(view)
    _plain(text)
    assert f"Round 2 of {view.rounds}" in text
    assert f"Seat {view.active_seat + 1}'s turn." in text
    for p in view.players:
        assert f"{p.label}: score {p.score}; " in text
    for c in view.companies:
        assert f"{c.name} ({c.colour.lower()}), stock-market place {c.market_rank}: stock "
        assert f"stock value {c.stock}, wage {c.wage}, treasury {c.treasury} credits" in text
    assert view.recent[-1].lines[-1] in text  # the latest public log line
    _same_public_text(title, state, 3)
    assert title.hand_text(title.view(state, 0)) is None  # nothing hidden in Tidewater


# ---------------------------------------------------------------- Benares & Calcutta
def _benares_mid(seats: int = 3, seed: int = 1):  # type: ignore[no-untyped-def]
    """Round 2, in the Action phase, a few turns in."""
    title = _title("benares")
    return _played(
        "benares",
        seats,
        seed,
        lambda s: s.round == 2 and s.phase == "action" and len(title.view(s, None).recent) > 4,
    )


def test_r129_benares_text_board_shows_the_table_and_no_hand() -> None:
    title = _title("benares")
    state = _benares_mid()
    view = title.view(state, None)
    text = title.board_text(view)
    _plain(text)
    assert f"Round {state.round} of 2, Action phase." in text
    assert view.status in text
    assert view.current is not None and f"Seat {view.current + 1}" in view.status
    for c in view.companies:
        assert f"- {c.label}: {c.vp} victory points so far." in text
        assert f"Treasury {c.treasury} rupees, {c.discs} profit discs" in text
        assert f"Cards in hand: {c.hand_count}." in text
    _same_public_text(title, state, 3)


def test_r129_benares_hand_text_is_the_seats_own_hand_only() -> None:
    title = _title("benares")
    state = _benares_mid()
    for seat in range(3):
        view = title.view(state, seat)
        text = title.hand_text(view)
        assert text is not None
        _plain(text)
        cards = view.companies[seat].hand
        assert cards and f"Your hand, {len(cards)} cards" in text
        for card in cards:
            assert f"- {card.dev_text} or {card.log_text}" in text
        for n in range(3):  # the others' hands drawn anew: the text stays the same
            other = title.redeal(state, seat, Rng.from_seed(7 + n))
            assert title.hand_text(title.view(other, seat)) == text
    assert title.hand_text(title.view(state, None)) is None


# ---------------------------------------------------------------- Mombasa
def _mombasa_planning(seed: int = 1):  # type: ignore[no-untyped-def]
    """Round 3 or later, planning, one seat's plan confirmed and another's not yet."""
    return _played(
        "mombasa",
        4,
        seed,
        lambda s: (
            s.phase == "planning"
            and s.round >= 3
            and any(p.plan.confirmed for p in s.players)
            and not all(p.plan.confirmed for p in s.players)
        ),
    )


def test_r179_r180_mombasa_text_board_hides_hands_and_plans() -> None:
    title = _title("mombasa")
    state = _mombasa_planning()
    view = title.view(state, None)
    text = title.board_text(view)
    _plain(text)
    assert f"Round {state.round} of {view.rounds}, planning." in text
    who = {p.seat: p.name for p in view.players}
    assert "Deciding now: " in text and who[view.deciding[0]] in text
    for p in view.players:
        assert f"- {p.name}: £{p.cash}; {p.hand_size} card" in text
        if p.planned:
            assert "plan confirmed" in text
    _same_public_text(title, state, 4)


def test_r180_mombasa_text_board_in_the_action_phase_tells_whose_turn() -> None:
    title = _title("mombasa")
    state = _played("mombasa", 3, 2, lambda s: s.phase == "action" and s.round >= 2)
    view = title.view(state, None)
    text = title.board_text(view)
    _plain(text)
    assert f"{view.players[view.turn].name}'s turn." in text
    for line in view.last_text:
        assert f"- {line}" in text
    _same_public_text(title, state, 3)


def test_r179_mombasa_hand_text_is_the_seats_own_hand_and_plan_only() -> None:
    title = _title("mombasa")
    state = _mombasa_planning()
    mine = next(n for n, p in enumerate(state.players) if p.plan.confirmed)
    view = title.view(state, mine)
    text = title.hand_text(view)
    assert text is not None
    _plain(text)
    assert view.me is not None
    for face in view.me.hand:
        assert f"- {face.text} (crate {face.crate})" in text
    assert "Your plan, confirmed" in text
    for face in view.me.plan:
        if face is not None:
            assert f": {face.text}" in text
    for n in range(3):
        other = title.redeal(state, mine, Rng.from_seed(11 + n))
        assert title.hand_text(title.view(other, mine)) == text
    assert title.hand_text(title.view(state, None)) is None


@pytest.mark.parametrize("slug", ["tidewater", "benares", "mombasa"])
def test_every_title_offers_a_text_board_at_setup(slug: str) -> None:
    title = _title(slug)
    state = title.setup(5, title.min_seats, {})
    text = title.board_text(title.view(state, None))
    assert text
    _plain(text)


@pytest.mark.parametrize(("slug", "seats"), [("tidewater", 3), ("benares", 2), ("mombasa", 4)])
def test_final_text_board_gives_every_final_score(slug: str, seats: int) -> None:
    title = _title(slug)
    state = _played(slug, seats, 4, lambda s: title.result(s) is not None)
    text = title.board_text(title.view(state, None))
    _plain(text)
    assert "game over" in text and "Winner: " in text
    result = title.result(state)
    for seat, score in result.scores.items():
        name = (
            title.view(state, None).players[seat].name if slug == "mombasa" else f"Seat {seat + 1}"
        )
        found = re.search(rf"- {re.escape(name)}: .*final score £?(\d+)", text)
        assert found and int(found[1]) == score, (name, score)


@pytest.mark.parametrize("slug", ["tidewater", "benares", "mombasa"])
def test_text_board_and_hand_text_read_every_position_of_a_whole_game(slug: str) -> None:
    """Every phase (start, payouts, reveals, round ends, the end) gives plain text."""
    title = _title(slug)
    seats = title.min_seats
    state = title.setup(6, seats, {})
    rng = Rng.from_seed(6)
    for n in range(3000):
        _plain(title.board_text(title.view(state, None)))
        for seat in range(seats):
            mine = title.hand_text(title.view(state, seat))
            if mine is not None:
                _plain(mine)
        if title.result(state) is not None:
            return
        seat = title.deciding(state)[0]
        title.apply(state, seat, title.bot_choice(state, seat, rng.fork(n)))
    raise AssertionError("the game did not end")
