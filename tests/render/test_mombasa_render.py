"""Mombasa images: drawn from views in the fixed palette, small, and leaking no hidden card."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from engine.mombasa import setup
from engine.mombasa.viewer import build
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


# ---- whole games ------------------------------------------------------------------------------
from engine.mombasa import TITLE  # noqa: E402
from engine.rng import Rng  # noqa: E402
from render.mombasa.samples import mid_game, planning_game, positions  # noqa: E402


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_tenth_position_of_a_whole_game_renders_small(seats) -> None:
    PALETTE.misses.clear()
    states = positions(seats + 10, seats, every=10)
    assert states[-1].phase == "over"
    for st in states:
        for image in (
            RENDERER.board(build(st, None)),
            RENDERER.board(build(st, None), area=st.turn),
            RENDERER.hand(build(st, st.turn), st.turn),
        ):
            data = encode(image).data
            assert len(data) <= 500_000
            assert decoded(data).size == image.size
    assert PALETTE.misses == set(), "colours changed: run python -m render.palette_tool mombasa"


@pytest.mark.parametrize("seed", [1, 2])
def test_public_image_is_the_same_whatever_the_hidden_information(seed) -> None:
    rng = Rng.from_seed(99)
    for st in positions(seed, 4, every=25) + [planning_game(seed)]:
        a = encode(RENDERER.board(TITLE.view(st, None))).data
        other = TITLE.redeal(st, None, rng)
        assert encode(RENDERER.board(TITLE.view(other, None))).data == a


def test_a_seats_private_image_never_depends_on_another_seats_hand() -> None:
    rng = Rng.from_seed(7)
    for st in positions(5, 4, every=25) + [planning_game(5)]:
        for seat in (0, 2):
            mine = encode(RENDERER.hand(TITLE.view(st, seat), seat)).data
            board = encode(RENDERER.board(TITLE.view(st, seat))).data
            other = TITLE.redeal(st, seat, rng)
            assert encode(RENDERER.hand(TITLE.view(other, seat), seat)).data == mine
            assert encode(RENDERER.board(TITLE.view(other, seat))).data == board


def test_the_last_move_is_highlighted_and_planning_shows_only_who_planned() -> None:
    st = mid_game()
    v = build(st, None)
    assert any(k.startswith("area:") for k in v.last) and any(k.startswith("base:") for k in v.last)
    plain = build(st, None)
    plain.last = []
    assert encode(RENDERER.board(v)).data != encode(RENDERER.board(plain)).data
    pl = planning_game()
    pv = build(pl, None)
    assert 0 < sum(p.planned for p in pv.players) < 4
    assert all(s.card is None for p in pv.players for s in p.slots)
    assert not any(k.startswith("slot:") for k in pv.last)  # a plan is never lit before the reveal


def test_r195_every_area_shows_its_number_clear_of_the_other_discs() -> None:
    """The expand menus name an area by the number on its disc: each number is drawn on a tab
    at its own disc's rim, nearer its own disc than any other, covering no other disc, no
    other number and no base label."""
    import math

    from PIL import Image

    from render.canvas import Draw
    from render.mombasa.board import HEADER_H
    from render.mombasa.board_map import R, _pos, layout
    from render.mombasa.style import EDGE, W

    v = build(mid_state(4, 4), None)
    labels, tabs = layout(Draw(Image.new("L", (W, 2000)), PALETTE), v, HEADER_H)
    discs = {a.id: _pos(a.xy, HEADER_H) for a in v.areas}
    image = RENDERER.board(v).convert("RGB")
    placed: list[tuple[int, int]] = []
    for a in v.areas:
        (x, y), (tx, ty) = discs[a.id], tabs[a.id]
        assert round(math.hypot(tx - x, ty - y)) == R + 6
        others = [math.hypot(tx - ox, ty - oy) for i, (ox, oy) in discs.items() if i != a.id]
        assert min(others) >= R + 16  # the tab lies off every other disc
        assert all(abs(tx - px) >= 34 or abs(ty - py) >= 26 for px, py in placed)
        assert not any(x0 < tx < x1 and y0 < ty < y1 for _, _, (x0, y0, x1, y1) in labels)
        placed.append((tx, ty))
        assert image.getpixel((tx, ty + 9)) == EDGE  # the tab's fill, below the number


def test_every_post_on_the_map_carries_its_companys_letter() -> None:
    """Colour is never the only cue (issue 32): each area holding a post shows its company's
    letter on a disc at its rim, in the company's ink, and a free area shows none."""
    import math

    from PIL import Image

    from render.canvas import Draw
    from render.mombasa.board import HEADER_H
    from render.mombasa.board_map import BADGE_R, R, _pos, badges, layout
    from render.mombasa.style import COMPANY, COMPANY_INK, W

    v = build(mid_state(4, 4), None)
    _, tabs = layout(Draw(Image.new("L", (W, 2000)), PALETTE), v, HEADER_H)
    spots = badges(v, HEADER_H, tabs)
    held = {a.id: a.company for a in v.areas if a.company}
    assert held and set(spots) == set(held)
    assert len({held[i] for i in held}) >= 2  # the sample has posts of several companies
    image = RENDERER.board(v).convert("RGB")
    for aid, (bx, by) in spots.items():
        x, y = _pos(next(a.xy for a in v.areas if a.id == aid), HEADER_H)
        assert round(math.hypot(bx - x, by - y)) == R
        inside = {
            image.getpixel((bx + dx, by + dy))
            for dx in range(-BADGE_R + 4, BADGE_R - 3)
            for dy in range(-BADGE_R + 4, BADGE_R - 3)
        }
        comp = held[aid]
        assert COMPANY[comp] in inside and COMPANY_INK[comp] in inside, (aid, comp)


def test_a_deciding_seats_disc_in_the_header_carries_its_number() -> None:
    """Colour is never the only cue (issue 32): the discs of the seats who must decide now show
    the seat's number in the seat's ink, not a plain colour."""
    from render.mombasa.style import PLAYER, PLAYER_INK, W

    v = build(mid_state(4, 4), None)
    assert v.phase not in ("planning", "start_tiles") and v.deciding
    image = RENDERER.board(v).convert("RGB")
    x = W - 30
    for s in reversed(v.deciding):
        colour = v.players[s].colour
        inside = {image.getpixel((x + dx, 78 + dy)) for dx in range(-9, 10) for dy in range(-9, 10)}
        assert PLAYER[colour] in inside and PLAYER_INK[colour] in inside, s
        x -= 40
