"""The private hand reads on a phone (issue 12): at most 1000 px wide, no text smaller than
`MIN_TEXT`, the key figures `cards.KEY` or more, every text inside its card or the header, for
one card, six and the largest hand the game deals; drawn from the seat's own view only. Fitted
into a phone viewer (1170x2100, issue 32) no text is under 30 px, for every card of the deck
and real hands of bot-played games."""

from __future__ import annotations

import msgspec
import pytest

from engine.benares import TITLE
from engine.benares.data import data
from engine.benares.viewer import card_view
from render.benares import RENDERER, cards
from render.benares import style as st
from render.benares.board import clear_caches
from render.benares.samples import first_action_game, game
from render.core import encode
from tests.render.frames import assert_phone_readable, drawn_with_texts

SEAT = 0
MAX_HAND = data().game["hand_size_dealt"]


@pytest.fixture(scope="module")
def own_view():
    view = first_action_game(3, 4).view(SEAT)
    assert view.phase == "action" and len(view.companies[SEAT].hand) == MAX_HAND
    return view


def _with_hand(view, hand):
    companies = list(view.companies)
    companies[SEAT] = msgspec.structs.replace(companies[SEAT], hand=hand)
    return msgspec.structs.replace(view, companies=companies)


def _drawn(view):
    with st.recording() as texts:
        image = RENDERER.hand(view, SEAT)
    assert image is not None
    return image, list(texts)


def _check(view, n: int) -> None:
    image, texts = _drawn(view)
    assert image.width <= 1000
    assert (image.width, image.height) == cards.hand_size(view, view.companies[SEAT])
    hand = view.companies[SEAT].hand
    assert len(hand) == n
    for t in texts:
        assert t.panel_box is not None, t
        x0, y0, x1, y1 = t.box
        px0, py0, px1, py1 = t.panel_box
        assert px0 <= x0 and py0 <= y0 and x1 <= px1 and y1 <= py1, t
        assert t.size >= st.MIN_TEXT >= 22, t
        assert x0 >= 0 and y0 >= 0 and x1 <= image.width and y1 <= image.height, t
    title = [t for t in texts if t.panel == "header" and "your hand" in t.text]
    assert len(title) == 1 and title[0].size >= cards.KEY
    assert f"({n} card" in title[0].text
    for card in hand:
        on_card = [t for t in texts if t.panel == f"card:{card.id}"]
        words = {t.text for t in on_card}
        assert {"DEVELOP", "LOGISTICS", card.id} <= words
        big = [t for t in on_card if t.text == f"{card.log_kind.upper()} {card.log_qty}"]
        assert len(big) == 1 and big[0].size >= cards.KEY, card
        dev = _run(on_card, card.dev_text)  # the Development action, in one or two lines
        assert dev and all(t.size >= cards.KEY for t in dev), (card, on_card)


def _run(texts, text: str):
    """The consecutive texts that read `text` together."""
    for i in range(len(texts)):
        for j in range(i + 1, min(i + 3, len(texts)) + 1):
            if " ".join(t.text for t in texts[i:j]) == text:
                return texts[i:j]
    return []


@pytest.mark.parametrize("n", [1, 6, MAX_HAND])
def test_hand_fits_a_phone(own_view, n: int) -> None:
    view = _with_hand(own_view, own_view.companies[SEAT].hand[:n])
    _check(view, n)


def test_open_spaces_and_their_repetition_numbers_are_shown(own_view) -> None:
    _, texts = _drawn(own_view)
    note = " ".join(t.text for t in texts if t.panel == "header" and "your hand" not in t.text)
    for sp in own_view.companies[SEAT].board:
        assert f"{sp.space} (×{sp.mult})" in note
    assert all(t.size >= st.MIN_TEXT for t in texts if t.panel == "header")


def test_every_card_of_the_deck_fits(own_view) -> None:
    ids = data().card_ids
    for i in range(0, len(ids), MAX_HAND):
        hand = [card_view(c) for c in ids[i : i + MAX_HAND]]
        _check(_with_hand(own_view, hand), len(hand))


def _phone_check(view, seat: int = SEAT) -> None:
    clear_caches()
    image, texts = drawn_with_texts(lambda: RENDERER.hand(view, seat))
    assert image is not None
    assert_phone_readable(image, texts)


@pytest.mark.parametrize("n", [1, 6, MAX_HAND])
def test_hand_reads_on_a_phone(own_view, n: int) -> None:
    _phone_check(_with_hand(own_view, own_view.companies[SEAT].hand[:n]))


def test_every_card_reads_on_a_phone(own_view) -> None:
    ids = data().card_ids
    for i in range(0, len(ids), MAX_HAND):
        _phone_check(_with_hand(own_view, [card_view(c) for c in ids[i : i + MAX_HAND]]))


def test_real_hands_read_on_a_phone() -> None:
    for seed, seats, steps in ((3, 4, 40), (11, 2, 10)):
        g = game(seed, seats, steps)
        for seat in range(seats):
            _phone_check(g.view(seat), seat)


def test_the_width_check_can_fail(own_view) -> None:
    image, texts = _drawn(own_view)
    assert image.width == 1000 and image.height > 1000  # taller, not wider
    assert max(t.box[2] for t in texts) > 1000 - cards.CARD_W  # the third column is used


def test_no_hand_without_faces(own_view) -> None:
    state = first_action_game(3, 4).state
    assert RENDERER.hand(TITLE.view(state, None), SEAT) is None  # a spectator's view
    assert RENDERER.hand(own_view, SEAT + 1) is None  # another seat's hand, from this view
    assert RENDERER.hand(_with_hand(own_view, None), SEAT) is None


def test_the_hand_is_a_small_png(own_view) -> None:
    """(Its speed is bench.render_speed's, not a test's.)"""
    data = encode(RENDERER.hand(own_view, SEAT)).data
    assert data.startswith(b"\x89PNG") and len(data) <= 400 * 1024
