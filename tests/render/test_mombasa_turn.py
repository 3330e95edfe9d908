"""Mombasa's turn image (issue 32) and private image where Discord shows them: the turn image
landscape, readable on a phone (no text under 30 px), every seat and company told apart, the
area numbers on the map, the last move highlighted, nothing hidden in it; the private image
readable on a phone too."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.mombasa import TITLE, setup
from engine.mombasa.viewer import build
from engine.rng import Rng
from render.core import encode
from render.mombasa import RENDERER
from render.mombasa.palette import PALETTE
from render.mombasa.samples import (
    final_game,
    mid_game,
    mid_state,
    planning_game,
    planning_state,
    positions,
)
from render.mombasa.style import COMPANY, COMPANY_SHORT, HIGHLIGHT, PLAYER
from render.mombasa.turn import move_lines
from render.mombasa.turn_map import TEXT, R, pos
from tests.render.frames import (
    CHANNEL,
    PHONE,
    assert_phone_readable,
    assert_turn_shape,
    drawn_with_texts,
    fitted,
)


def _states():
    for seats in (2, 3, 4):
        yield setup.new_game(seats, seats, {})
        yield planning_state(seats, seats)
        yield mid_state(seats, seats)
    yield mid_game()
    yield planning_game(seats=3)
    yield final_game(seats=2)


STATES = list(_states())


def _near(image: Image.Image, colour: tuple[int, int, int], tol: int = 12) -> int:
    """How many pixels of `image` (RGB) are within `tol` of `colour` in every channel."""
    bands = [
        band.point(lambda v, c=c: 255 if abs(v - c) <= tol else 0)
        for band, c in zip(image.split(), colour, strict=True)
    ]
    both = Image.new("L", image.size, 0)
    both.paste(bands[0], (0, 0), bands[1])
    out = Image.new("L", image.size, 0)
    out.paste(both, (0, 0), bands[2])
    return out.histogram()[255]


@pytest.mark.parametrize("st", STATES, ids=lambda s: f"{s.seats}p-{s.phase}-r{s.round}")
def test_turn_image_shape_phone_text_seats_and_companies(st) -> None:
    PALETTE.misses.clear()
    v = build(st, None)
    image, texts = drawn_with_texts(lambda: RENDERER.turn(v))
    assert_turn_shape(image.size)
    assert_phone_readable(image, texts)
    assert image.mode == "P" and bytes(image.getpalette()) == PALETTE.data
    assert PALETTE.misses == set(), "colours changed: run python -m render.palette_tool mombasa"
    drawn = [t for _, t in texts]
    phone = fitted(image, PHONE)
    for p in v.players:  # each seat: its disc's colour, its number and its name
        assert _near(phone, PLAYER[p.colour]) > 300, p.colour
        assert str(p.seat + 1) in drawn and any(p.name in t for t in drawn)
    for c in v.companies:  # each company: colour and letter in the key, its share value
        assert _near(phone, COMPANY[c.id]) > 300, c.id
        assert COMPANY_SHORT[c.id] in drawn and f"£{c.share_value}" in drawn
    numbers = {t for em, t in texts if em >= TEXT}
    for a in v.areas:  # the expand menus name areas by number: each one on the map, 31 px+
        assert str(a.number) in numbers
    posts = sum(1 for a in v.areas if a.company)
    letters = sum(1 for _, t in texts if t in COMPANY_SHORT.values())
    assert letters == posts + 2 * len(v.companies)  # every post, every base, every key row


def test_every_tenth_position_of_whole_games_draws_readable_turn_images() -> None:
    for seats in (2, 3, 4):
        for st in positions(seats + 20, seats, every=10):
            image, texts = drawn_with_texts(lambda st=st: RENDERER.turn(build(st, None)))
            assert_turn_shape(image.size)
            assert_phone_readable(image, texts)
            assert len(encode(image).data) <= 200_000


def _lit(image: Image.Image, xy: tuple[int, int]) -> int:
    """Highlight pixels in the ring around the disc at `xy`."""
    x, y = xy
    box = image.convert("RGB").crop((x - R - 12, y - R - 12, x + R + 12, y + R + 12))
    return _near(box, HIGHLIGHT, 2)


def test_the_last_move_is_ringed_on_the_map_and_told_with_area_numbers() -> None:
    st = mid_game()
    v = build(st, None)
    lit = [a for a in v.areas if f"area:{a.id}" in v.last]
    assert lit
    image = RENDERER.turn(v)
    plain = build(st, None)
    plain.last, plain.recent = [], []
    plain_image = RENDERER.turn(plain)
    for a in lit:
        assert _lit(image, pos(a.xy)) > 200 and _lit(plain_image, pos(a.xy)) == 0
    touched = {i for m in v.recent for i in m.touched}
    other = next(a for a in v.areas if f"area:{a.id}" not in touched)
    assert _lit(image, pos(other.xy)) == 0
    # still seen in Discord's 400 x 300 channel frame: the ring, a third as large
    small = fitted(image, CHANNEL)
    k = small.width / image.width
    for a in lit:
        x, y = pos(a.xy)
        box = small.crop(
            (
                int((x - R - 12) * k),
                int((y - R - 12) * k),
                int((x + R + 12) * k) + 1,
                int((y + R + 12) * k) + 1,
            )
        )
        assert _near(box, HIGHLIGHT, 40) > 20
    lines = move_lines(v)
    assert any(f"{a.number}\u00a0{a.name}" in " ".join(lines) for a in lit)
    _, texts = drawn_with_texts(lambda: RENDERER.turn(plain))  # no moves logged: the last one
    assert "Last move" in [t for _, t in texts]


@pytest.mark.parametrize("seed", [1, 2])
def test_turn_image_is_the_same_whatever_the_hidden_information(seed) -> None:
    """Hands, the deck, unrevealed plans and starting tiles never show: a state dealt anew in
    everything a spectator cannot see gives the same bytes."""
    rng = Rng.from_seed(seed + 40)
    games = positions(seed, 4, every=30) + [planning_game(seed), setup.new_game(seed, 3, {})]
    for st in games:
        a = encode(RENDERER.turn(TITLE.view(st, None))).data
        for _ in range(2):
            other = TITLE.redeal(st, None, rng)
            assert encode(RENDERER.turn(TITLE.view(other, None))).data == a


def test_turn_image_is_deterministic_and_drawn_from_the_public_view_only() -> None:
    st = planning_game()
    v = TITLE.view(st, None)
    first = encode(RENDERER.turn(v)).data
    assert encode(RENDERER.turn(TITLE.view(st, None))).data == first
    assert encode(RENDERER.turn(v)).data == first
    with pytest.raises(TypeError):
        RENDERER.turn(st)


@pytest.mark.parametrize("st", STATES[:9], ids=lambda s: f"{s.seats}p-{s.phase}")
def test_private_image_is_readable_on_a_phone(st) -> None:
    for seat in range(st.seats):
        image, texts = drawn_with_texts(lambda seat=seat: RENDERER.hand(build(st, seat), seat))
        assert_phone_readable(image, texts)


def test_private_images_of_whole_games_are_readable_on_a_phone() -> None:
    for st in positions(6, 3, every=20) + [planning_game(6)]:
        for seat in range(st.seats):
            image, texts = drawn_with_texts(
                lambda st=st, seat=seat: RENDERER.hand(build(st, seat), seat)
            )
            assert_phone_readable(image, texts)


def test_turn_image_from_the_cached_map_is_the_one_drawn_afresh() -> None:
    """The map with its posts is kept between turn images (turn_map._POSTS): an image drawn
    over a kept map has the bytes of one drawn from nothing."""
    from render.mombasa import turn_map

    views = [TITLE.view(st, None) for st in positions(8, 3, every=4)]
    kept = [encode(RENDERER.turn(v)).data for v in views]
    assert len(turn_map._POSTS) > 0
    for v, data in zip(views, kept, strict=True):
        turn_map._POSTS.clear()
        assert encode(RENDERER.turn(v)).data == data
