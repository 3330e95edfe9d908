"""Alt text (`Title.alt_text`): the description Discord shows for a board, area or hand image,
written from the same view the image is drawn from. Real positions played by the automatic
players carry the title, round, who acts, the latest public lines and the scores, within
Discord's 1,024 characters; the public one is the same whatever is hidden (other hands, plans,
the deck), and a hand's tells only that seat's cards."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core import Title
from engine.rng import Rng
from engine.text_board import ALT_MAX, alt_text, just_now
from tests.engine.test_text_board import _benares_mid, _mombasa_planning, _played

registry.load_builtin()


def _title(slug: str) -> Title:
    title = registry.get(slug)
    assert title is not None
    return title


def _fits(text: str) -> None:
    assert text and text == text.strip() and len(text) <= ALT_MAX, len(text)


def _same_public_alt(title: Title, state, seats: int) -> None:  # type: ignore[no-untyped-def]
    """The board's and each area's alt text are the same from every seat's view as from the
    spectator's, and when all a spectator cannot see is drawn anew."""
    parts = ["board", *(f"area:{s}" for s in range(seats))]
    public = {p: title.alt_text(title.view(state, None), p) for p in parts}
    for seat in range(seats):
        mine = title.view(state, seat)
        assert {p: title.alt_text(mine, p) for p in parts} == public, f"seat {seat} view differs"
    for n in range(4):
        other = title.redeal(state, None, Rng.from_seed(200 + n))
        assert other is not None and title.encode(other) != title.encode(state)
        seen = title.view(other, None)
        assert {p: title.alt_text(seen, p) for p in parts} == public


# ---------------------------------------------------------------- the shared helper
def test_alt_text_joins_sentences_and_cuts_at_a_word_within_the_limit() -> None:
    assert alt_text(["Board.", "", " Round 1. ", "Seat 2 to play."]) == (
        "Board. Round 1. Seat 2 to play."
    )
    long = alt_text(["Mombasa board.", "word " * 400, "Scores: never reached."])
    assert len(long) <= ALT_MAX and long.endswith("word…") and "Scores" not in long
    assert alt_text(["a" * 2000]) == ""  # one word longer than the limit: nothing cut in half
    cut = alt_text(["one two three four"], limit=12)
    assert cut == "one two…" and len(cut) <= 12
    assert just_now(["A moves", "", "B pays 3."]) == "Just now: A moves. B pays 3."
    assert just_now([]) == ""


# ---------------------------------------------------------------- Tidewater Lines
def test_tidewater_alt_text_tells_round_turn_latest_move_and_scores() -> None:
    title = _title("tidewater")
    state = _played("tidewater", 3, 1, lambda s: s.round == 2 and s.phase == "turn_window")
    view = title.view(state, None)
    text = title.alt_text(view)
    _fits(text)
    assert text.startswith(f"Tidewater Lines board. Round 2 of {view.rounds}, turns.")
    assert f"Seat {view.active_seat + 1}'s turn." in text
    assert view.last.lines[-1] in text
    assert "Scores: " + ", ".join(f"{p.label} {p.score}" for p in view.players) + "." in text
    area = title.alt_text(view, "area:1")
    assert area.startswith("Tidewater Lines, Seat 2's area.") and area.endswith(text[23:])
    assert title.alt_text(title.view(state, 0)) == text  # nothing hidden in Tidewater


# ---------------------------------------------------------------- Benares & Calcutta
def test_r129_benares_alt_text_shows_the_table_and_no_hand() -> None:
    title = _title("benares")
    state = _benares_mid()
    view = title.view(state, None)
    text = title.alt_text(view)
    _fits(text)
    assert text.startswith(f"Benares & Calcutta board. {view.status}")
    assert view.last_text[-1] in text
    assert "Victory points: " + ", ".join(f"{c.label} {c.vp}" for c in view.companies) in text
    _same_public_alt(title, state, 3)


def test_r129_benares_hand_alt_text_names_only_the_seats_own_cards() -> None:
    title = _title("benares")
    state = _benares_mid()
    for seat in range(3):
        view = title.view(state, seat)
        text = title.alt_text(view, "hand")
        _fits(text)
        cards = view.companies[seat].hand
        assert cards and f": {len(cards)} cards: " in text
        for card in cards:
            assert f"{card.dev_text} or {card.log_text}" in text
        for n in range(3):  # the others' hands drawn anew: the text stays the same
            other = title.redeal(state, seat, Rng.from_seed(17 + n))
            assert title.alt_text(title.view(other, seat), "hand") == text


# ---------------------------------------------------------------- Mombasa
def test_r179_r180_mombasa_alt_text_hides_hands_and_plans() -> None:
    title = _title("mombasa")
    state = _mombasa_planning()
    view = title.view(state, None)
    text = title.alt_text(view)
    _fits(text)
    assert text.startswith(f"Mombasa board. {view.status}.")
    assert "Cash: " + ", ".join(f"{p.name} £{p.cash}" for p in view.players) + "." in text
    _same_public_alt(title, state, 4)


def test_r179_mombasa_hand_alt_text_is_the_seats_own_hand_and_plan_only() -> None:
    title = _title("mombasa")
    state = _mombasa_planning()
    mine = next(n for n, p in enumerate(state.players) if p.plan.confirmed)
    view = title.view(state, mine)
    text = title.alt_text(view, "hand")
    _fits(text)
    assert view.me is not None
    for face in view.me.hand:
        assert face.text in text
    assert "Your plan, confirmed: " in text
    for n in range(3):
        other = title.redeal(state, mine, Rng.from_seed(21 + n))
        assert title.alt_text(title.view(other, mine), "hand") == text


# ---------------------------------------------------------------- every position
@pytest.mark.parametrize("slug", ["tidewater", "benares", "mombasa"])
def test_alt_text_fits_at_every_position_of_a_whole_game(slug: str) -> None:
    """Every phase gives a description within the limit; the final one gives the scores."""
    title = _title(slug)
    seats = title.min_seats
    state = title.setup(6, seats, {})
    rng = Rng.from_seed(6)
    for n in range(3000):
        _fits(title.alt_text(title.view(state, None)))
        for seat in range(seats):
            _fits(title.alt_text(title.view(state, seat), "hand"))
        if title.result(state) is not None:
            break
        seat = title.deciding(state)[0]
        title.apply(state, seat, title.bot_choice(state, seat, rng.fork(n)))
    result = title.result(state)
    assert result is not None
    final = title.alt_text(title.view(state, None))
    assert "Final scores: " in final
    scores = final.split("Final scores: ")[1]
    for score in result.scores.values():
        assert f" {score}," in scores or f"£{score}," in scores or scores.endswith(f"{score}.")
