"""The Benares & Calcutta renderer draws views (never states) into readable PNGs."""

from __future__ import annotations

import io

import msgspec
import pytest
from PIL import Image, ImageChops

from engine.benares import TITLE
from render import registry
from render.benares import RENDERER
from render.benares.samples import first_action_turn, game, play
from render.core import encode

MAX_BYTES = 2_000_000


def _png(img: Image.Image) -> Image.Image:
    data = encode(img).data
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < MAX_BYTES
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    return decoded


@pytest.fixture(scope="module")
def mid_state():
    g = game(11, 4, 120)
    while not g.state.last and g.step():  # a position the last move left marks on
        pass
    state = g.state
    assert state.phase in ("action", "administration")
    return state


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_views_render(seats: int) -> None:
    fresh = TITLE.setup(5, seats, {})  # boats not yet placed
    img = _png(RENDERER.board(TITLE.view(fresh, None)))
    assert img.width == 1000
    started = first_action_turn(5, seats)
    view = TITLE.view(started, None)
    assert view.phase == "action" and len(view.companies) == seats
    img = _png(RENDERER.board(view))
    assert img.width == 1000 and img.height > 3000


def test_mid_game_view_renders(mid_state) -> None:
    view = TITLE.view(mid_state, None)
    assert view.last  # something to highlight
    img = _png(RENDERER.board(view))
    assert img.width == 1000


def test_finished_game_renders() -> None:
    state = play(7, 3)
    view = TITLE.view(state, None)
    assert view.over and view.ranking
    assert _png(RENDERER.board(view)).width == 1000


def test_company_area_renders_larger(mid_state) -> None:
    view = TITLE.view(mid_state, None)
    img = _png(RENDERER.board(view, area=1))
    assert img.width == 1000 and img.height >= 800
    other = RENDERER.board(view, area=2)
    assert ImageChops.difference(RENDERER.board(view, area=1), other).getbbox() is not None


def test_company_area_unknown_seat_is_refused(mid_state) -> None:
    with pytest.raises(ValueError):
        RENDERER.board(TITLE.view(mid_state, None), area=7)


def test_hand_renders_own_cards(mid_state) -> None:
    seat = 2
    own = TITLE.view(mid_state, seat)
    cards = own.companies[seat].hand
    assert cards
    img = _png(RENDERER.hand(own, seat))
    assert img.width >= 600 and img.height >= 400
    # a spectator view has no faces, so there is no hand picture to draw
    assert RENDERER.hand(TITLE.view(mid_state, None), seat) is None
    # nor for another seat's hand from this seat's view
    assert RENDERER.hand(own, (seat + 1) % 4) is None


def test_spectator_render_does_not_depend_on_hidden_cards(mid_state) -> None:
    other = msgspec.convert(msgspec.to_builtins(mid_state), type(mid_state))
    hand = other.companies[0].hand
    assert hand and other.deck
    hand[0], other.deck[0] = other.deck[0], hand[0]  # same counts, different hidden cards
    assert TITLE.view(mid_state, 0) != TITLE.view(other, 0)
    a = encode(RENDERER.board(TITLE.view(mid_state, None))).data
    b = encode(RENDERER.board(TITLE.view(other, None))).data
    assert a == b
    # the owner's hand picture does change, so the comparison above can fail
    ha = encode(RENDERER.hand(TITLE.view(mid_state, 0), 0)).data
    hb = encode(RENDERER.hand(TITLE.view(other, 0), 0)).data
    assert ha != hb


def test_last_move_is_highlighted(mid_state) -> None:
    view = TITLE.view(mid_state, None)
    plain = msgspec.structs.replace(view, last=[])
    assert ImageChops.difference(RENDERER.board(view), RENDERER.board(plain)).getbbox() is not None


def test_renderer_refuses_a_state() -> None:
    state = TITLE.setup(1, 2, {})
    with pytest.raises(TypeError):
        RENDERER.board(state)
    with pytest.raises(TypeError):
        RENDERER.hand(state, 0)


def test_registry_finds_the_renderer() -> None:
    registry.load_builtin()
    assert registry.get("benares") is not None
    assert registry.get("benares").slug == "benares"


def test_view_carries_concession_texts_and_lane_vp(mid_state) -> None:
    """R111 effects and the goods-lane end VP reach the view (spectator too), but no hand cards."""
    from engine.benares.data import data

    d = data()
    view = TITLE.view(mid_state, None)
    assert set(view.concession_text) == set(d.goods)
    assert view.concession_text["indigo"] == "+1 Profit disc, +1 VP"
    assert view.concession_text["cotton"] == "₹5, +1 VP"
    assert view.goods_lane_vp == d.raw["goods_lanes"]["end_vp_by_position"]
    assert len(view.goods_lane_vp) == d.max_pos + 1
    assert all(c.hand is None for c in view.companies)
    assert all(c.hand_count > 0 for c in view.companies)
    # the seat's own view carries the same public texts
    own = TITLE.view(mid_state, 1)
    assert own.concession_text == view.concession_text
    assert own.goods_lane_vp == view.goods_lane_vp


def test_concession_texts_and_lane_vp_are_drawn(mid_state) -> None:
    view = TITLE.view(mid_state, None)
    bare = msgspec.structs.replace(view, concession_text={}, goods_lane_vp=[])
    for area in (None, 0):
        a, b = RENDERER.board(view, area=area), RENDERER.board(bare, area=area)
        assert a.size == b.size
        assert ImageChops.difference(a, b).getbbox() is not None
