"""The Benares & Calcutta turn image (issue 32): its shape, text a phone can read, every seat
told apart, the last move highlighted, nothing hidden shown, the same bytes for the same table
(the "which action first" step included) and with or without its kept layers."""

from __future__ import annotations

import msgspec
import pytest
from PIL import Image, ImageChops, ImageStat

from engine.benares import TITLE
from engine.benares.view import BenaresView
from engine.rng import Rng
from render import canvas
from render.benares import RENDERER
from render.benares import style as st
from render.benares.board import clear_caches as clear_board_caches
from render.benares.palette import PALETTE
from render.benares.samples import Game, first_action_game, game, total_steps
from render.benares.turn import HEAD_H, MAP_BOX, NEWS_H, clear_caches, doing
from render.benares.turn_map import routes, static_layer
from render.core import encode
from tests.render.frames import (
    PHONE,
    assert_phone_readable,
    assert_turn_shape,
    drawn_with_texts,
    fitted,
)


def cold() -> None:
    """Forget every kept layer, so a draw records all its texts."""
    clear_caches()
    static_layer.cache_clear()
    clear_board_caches()


def positions() -> dict[str, BenaresView]:
    """Real positions of bot-played games: start, middle and end, 2 to 4 seats."""
    mid = total_steps(3, 4) * 2 // 3
    return {
        "start-2p": first_action_game(3, 2).view(),
        "start-4p": first_action_game(3, 4).view(),
        "boats-3p": game(5, 3, 1).view(),
        "mid-4p": game(3, 4, mid).view(),
        "admin-2p": game(7, 2, 60).view(),
        "mid-3p": game(11, 3, 90).view(),
        "end-3p": game(3, 3).view(),
        "end-4p": game(5, 4).view(),
    }


@pytest.fixture(scope="module")
def views() -> dict[str, BenaresView]:
    return positions()


def turn_bytes(view: BenaresView) -> bytes:
    return encode(RENDERER.turn(view)).data


def near(image: Image.Image, colour: st.RGB, tol: int = 8) -> int:
    """How many pixels of `image` are within `tol` of `colour` in every channel."""
    rgb = image.convert("RGB")
    bands = [
        b.point(lambda v, c=c: 255 if abs(v - c) <= tol else 0)
        for b, c in zip(rgb.split(), colour, strict=True)
    ]
    mask = bands[0]
    for b in bands[1:]:
        mask = Image.composite(b, Image.new("L", mask.size, 0), mask)
    return mask.histogram()[255]


def test_shape_and_phone_text(views) -> None:
    for name, view in views.items():
        cold()
        image, texts = drawn_with_texts(lambda v=view: RENDERER.turn(v))
        assert_turn_shape(image.size)
        assert image.size == (1200, 900), name
        assert_phone_readable(image, texts)


def test_drawn_in_the_fixed_palette_like_plain_rgb(views) -> None:
    """Every flat colour is a palette entry, and the indexed image matches Pillow's own RGB
    drawing (render/canvas.py)."""
    PALETTE.misses.clear()
    for name, view in views.items():
        image = RENDERER.turn(view)
        assert image.mode == "P" and bytes(image.getpalette()) == PALETTE.data
        with canvas.reference():
            ref = RENDERER.turn(view)
        diff = ImageChops.difference(ref, image.convert("RGB"))
        assert max(ImageStat.Stat(diff).mean) < 0.6, name
        grey = diff.convert("L").histogram()
        assert sum(grey[40:]) / sum(grey) < 0.001, name
    assert PALETTE.misses == set()


def test_every_seat_is_present_and_told_apart(views) -> None:
    for name, view in views.items():
        cold()
        image, texts = drawn_with_texts(lambda v=view: RENDERER.turn(v))
        drawn = [t for _, t in texts]
        phone = fitted(image, PHONE)
        for co in view.companies:
            colour = st.hex_rgb(co.colour)
            assert near(phone, colour) > 2000, (name, co.label, co.colour_name)
            assert str(co.seat + 1) in drawn, (name, co.label)  # its number, on its chip
            vp = co.score if view.over and co.score is not None else co.vp
            assert f"{vp} VP" in drawn, (name, co.label)
            assert f"₹{co.treasury}" in drawn, (name, co.label)
        if view.over:
            winner = next(c for c in view.companies if c.seat == view.ranking[0])
            assert any(t.startswith(f"★ {winner.label}") for t in drawn), name
        else:
            acting = next(c for c in view.companies if c.seat == view.current)
            assert f"▶ {acting.label} · {acting.colour_name}" in drawn, name
            assert doing(view) in drawn or any(t.endswith("…") for t in drawn), name


def map_glow(image: Image.Image) -> int:
    x0, y0, x1, y1 = MAP_BOX
    return near(image.crop((x0, y0, x1, y1)), st.HIGHLIGHT, 2)


def test_the_last_move_glows_on_the_map_and_in_the_lines(views) -> None:
    moved = [v for v in views.values() if any(h.startswith(("map:", "boat:")) for h in v.last)]
    assert len(moved) >= 2
    for view in moved:
        lit = RENDERER.turn(view)
        dark = RENDERER.turn(msgspec.structs.replace(view, last=[]))
        assert map_glow(lit) > map_glow(dark) + 300
        # the lines of what changed, on the band under the map
        band = lit.crop((0, 900 - NEWS_H + 50, 1200, 900))
        assert near(band, st.HIGHLIGHT, 2) > 500  # the first (most important) line


def test_each_boat_that_moved_since_leaves_a_trail_in_its_colour(views) -> None:
    view = views["mid-4p"]
    moved = routes(view)
    assert moved, view.recent
    for seat, route in moved:  # read from lines such as "Seat 2 moves E4 → E5 → E6 → CAL."
        line = next(e.text for e in view.recent if e.text.startswith(f"Seat {seat + 1} moves"))
        assert all(space in line for space in route)
    last = {seat: route for seat, route in moved}  # each seat's latest route ends at its boat
    for seat, route in last.items():
        assert seat in next(s.boats for s in view.map_spaces if s.id == route[-1])
    x0, y0, x1, y1 = MAP_BOX
    trail = RENDERER.turn(view).crop((x0, y0, x1, y1))
    bare = RENDERER.turn(msgspec.structs.replace(view, recent=[])).crop((x0, y0, x1, y1))
    for seat, _route in moved:
        colour = st.hex_rgb(next(c.colour for c in view.companies if c.seat == seat))
        assert near(trail, colour, 2) > near(bare, colour, 2) + 400


def test_hidden_information_does_not_change_the_image() -> None:
    g = game(11, 3, 40)
    hidden = TITLE.redeal(g.state, None, Rng.from_seed(9))
    assert hidden is not None and TITLE.encode(hidden) != TITLE.encode(g.state)
    assert turn_bytes(TITLE.view(g.state, None)) == turn_bytes(TITLE.view(hidden, None))


def test_which_action_first_step_keeps_the_same_bytes() -> None:
    """Answering "which action goes first" changes nothing on the table: the turn image of the
    position after it is the same PNG (so the bot posts no new image)."""
    g = Game(5, 3)
    steps = 0
    while True:
        view = g.view()
        if "which action of the play goes first" in view.prompt_text:
            before = turn_bytes(view)
            assert g.step()
            after = g.view()
            assert after.prompt_text != view.prompt_text  # the view did change...
            assert turn_bytes(after) == before  # ...but not what the image shows
            steps += 1
        elif not g.step():
            break
    assert steps >= 10


def test_the_image_changes_exactly_when_the_board_does() -> None:
    """Consecutive positions of a game: the turn image stays the same where the tall board
    does (nothing public moved) and changes where it does (a pawn moving mid-turn included),
    so "unchanged" said of one holds for the other."""
    g = Game(5, 3)
    before = None
    same = changed = 0
    for _ in range(70):
        view = g.view()
        now = (RENDERER.board(view).tobytes(), RENDERER.turn(view).tobytes())
        if before is not None:
            assert (now[0] == before[0]) == (now[1] == before[1]), view.prompt_text
            same += now[0] == before[0]
            changed += now[0] != before[0]
        before = now
        assert g.step()
    assert same >= 5 and changed >= 30


def test_same_view_same_bytes_with_or_without_kept_layers(views) -> None:
    for view in views.values():
        cold()
        first = turn_bytes(view)
        assert turn_bytes(view) == first  # drawn again from the kept layers
        cold()
        assert turn_bytes(view) == first


def test_a_public_change_changes_the_image() -> None:
    g = game(3, 4, 30)
    start = g.view()
    before = turn_bytes(start)
    while g.step() and g.view().map_spaces == start.map_spaces:  # until a boat or crate moves
        pass
    assert g.view().map_spaces != start.map_spaces
    assert turn_bytes(g.view()) != before


def test_turn_draws_a_view_only() -> None:
    with pytest.raises(TypeError):
        RENDERER.turn(TITLE.setup(1, 2, {}))


def test_header_band_names_the_seat_to_act(views) -> None:
    view = views["mid-4p"]
    acting = next(c for c in view.companies if c.seat == view.current)
    image = RENDERER.turn(view).convert("RGB")
    assert near(image.crop((0, 0, 1200, HEAD_H)), st.hex_rgb(acting.colour)) > 5000
