"""Mombasa images: drawn from views in the fixed palette, small, and leaking no hidden card."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from engine.mombasa import setup
from engine.mombasa.view import build
from render import registry
from render.core import encode
from render.mombasa import RENDERER
from render.mombasa.palette import PALETTE
from render.mombasa.samples import mid_state, planning_state


def states():
    for seats in (2, 3, 4):
        yield setup.new_game(seats, seats, {})
        yield planning_state(seats, seats)
        yield mid_state(seats, seats)


def decoded(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


@pytest.mark.parametrize("st", list(states()), ids=lambda s: f"{s.seats}p-{s.phase}")
def test_board_private_and_area_images_decode_and_are_small(st) -> None:
    PALETTE.misses.clear()
    for image in (
        RENDERER.board(build(st, None)),
        RENDERER.board(build(st, None), area=st.seats - 1),
        RENDERER.hand(build(st, 0), 0),
    ):
        assert image.mode == "P" and bytes(image.getpalette()) == PALETTE.data
        data = encode(image).data
        assert len(data) <= 500_000
        assert decoded(data).size == image.size
    assert PALETTE.misses == set(), "colours changed: run python -m render.palette_tool mombasa"


def test_public_and_seat_images_show_nothing_of_another_hand() -> None:
    st = mid_state(4)
    other = copy.deepcopy(st)
    hand = other.players[1].hand
    n = len(hand)
    hand[:], other.deck[:n] = other.deck[:n], hand[:]  # other cards, same counts
    for seat in (None, 0):
        a = encode(RENDERER.board(build(st, seat))).data
        b = encode(RENDERER.board(build(other, seat))).data
        assert a == b
    a = encode(RENDERER.hand(build(st, 0), 0)).data
    b = encode(RENDERER.hand(build(other, 0), 0)).data
    assert a == b
    assert RENDERER.hand(build(st, None), 1) is None
    assert RENDERER.hand(build(st, 0), 1) is None


def test_renderer_is_registered_and_refuses_a_state() -> None:
    registry.load_builtin()
    assert registry.get("mombasa") is RENDERER
    with pytest.raises(TypeError):
        RENDERER.board(mid_state(2))
