"""Boards are drawn in each title's fixed palette: encoding needs no colour quantisation, and the
pictures stay as close to plain RGB drawing as the eye can tell (render/canvas.py)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from engine.benares import TITLE as BENARES
from render import canvas
from render.benares import RENDERER as BENARES_RENDERER
from render.benares.palette import PALETTE as BENARES_PALETTE
from render.benares.samples import play
from render.core import encode, font
from render.palette import Palette
from render.tidewater import RENDERER as TIDEWATER_RENDERER
from render.tidewater.palette import PALETTE as TIDEWATER_PALETTE
from render.tidewater.samples import end_view, mid_view
from tests.titles.bazaar import TITLE as BAZAAR
from tests.titles.bazaar_palette import PALETTE as BAZAAR_PALETTE
from tests.titles.bazaar_render import RENDERER as BAZAAR_RENDERER


def _bazaar_mid_game():
    from engine.rng import Rng

    state = BAZAAR.setup(5, 3, {})
    bot = Rng.from_seed(5)
    for _ in range(8):
        seat = BAZAAR.prompts(state)[0].seat
        BAZAAR.apply(state, seat, BAZAAR.bot_choice(state, seat, bot))
    return state


@pytest.fixture(scope="module")
def boards():
    """(renderer, palette, view, area) for real boards of the titles and the test title."""
    tw = mid_view(4)
    bn_state = play(11, 4, 120)
    bn = BENARES.view(bn_state, None)
    seat = BENARES.prompts(bn_state)[0].seat
    bz_state = _bazaar_mid_game()
    return [
        (TIDEWATER_RENDERER, TIDEWATER_PALETTE, tw, None),
        (TIDEWATER_RENDERER, TIDEWATER_PALETTE, end_view(4), None),
        (TIDEWATER_RENDERER, TIDEWATER_PALETTE, tw, tw.players[0].seat),
        (TIDEWATER_RENDERER, TIDEWATER_PALETTE, tw, ("turn",)),
        (BENARES_RENDERER, BENARES_PALETTE, bn, None),
        (BENARES_RENDERER, BENARES_PALETTE, bn, 1),
        (BENARES_RENDERER, BENARES_PALETTE, BENARES.view(bn_state, seat), ("hand", seat)),
        (BAZAAR_RENDERER, BAZAAR_PALETTE, BAZAAR.view(bz_state, None), None),
        (BAZAAR_RENDERER, BAZAAR_PALETTE, BAZAAR.view(bz_state, None), 2),
        (BAZAAR_RENDERER, BAZAAR_PALETTE, BAZAAR.view(bz_state, 1), ("hand", 1)),
    ]


def draw(renderer, view, area):
    if area == ("turn",):
        return renderer.turn(view)
    if isinstance(area, tuple):
        return renderer.hand(view, area[1])
    return renderer.board(view, area)


def test_boards_come_in_the_titles_fixed_palette(boards) -> None:
    for renderer, palette, view, area in boards:
        img = draw(renderer, view, area)
        assert img.mode == "P"
        assert bytes(img.getpalette()) == palette.data


def test_encoding_a_board_never_quantises(boards, monkeypatch) -> None:
    renderer, palette, view, area = boards[0]
    img = draw(renderer, view, area)

    def refuse(*args, **kwargs):
        raise AssertionError("a board was quantised")

    monkeypatch.setattr(Image.Image, "quantize", refuse)
    data = encode(img).data
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    assert decoded.mode == "P" and decoded.tobytes() == img.tobytes()
    assert len(data) < 400_000


def test_every_flat_colour_drawn_is_in_the_palette(boards) -> None:
    """A colour missing from the palette is drawn as its nearest entry; when this fails, a
    title's colours changed: run `python -m render.palette_tool <title>`."""
    for palette in (TIDEWATER_PALETTE, BENARES_PALETTE, BAZAAR_PALETTE):
        palette.misses.clear()
    for renderer, _, view, area in boards:
        draw(renderer, view, area)
    assert TIDEWATER_PALETTE.misses == set()
    assert BENARES_PALETTE.misses == set()
    assert BAZAAR_PALETTE.misses == set()


def test_indexed_boards_match_plain_rgb_drawing(boards) -> None:
    for renderer, _, view, area in boards:
        img = draw(renderer, view, area).convert("RGB")
        with canvas.reference():
            ref = draw(renderer, view, area)
        assert ref.mode == "RGB" and ref.size == img.size
        diff = ImageChops.difference(ref, img)
        assert max(ImageStat.Stat(diff).mean) < 0.6, (renderer.slug, area)
        grey = diff.convert("L").histogram()
        assert sum(grey[40:]) / sum(grey) < 0.001, (renderer.slug, area)


# ---- the drawing primitives -----------------------------------------------------------------
RAMP = Palette(
    [(20, 24, 30), (240, 240, 240), (200, 40, 40), (30, 90, 200)]
    + [(20 + i * 11, 24 + i * 11, 30 + i * 10) for i in range(1, 20)]
    + [(200 + i, 40 + i * 10, 40 + i * 10) for i in range(1, 20)]
)


def test_text_is_anti_aliased_like_pillow() -> None:
    img = canvas.new((220, 60), (20, 24, 30), RAMP)
    d = canvas.Draw(img, RAMP)
    d.text((10.5, 30), "Seat 3 · 15 cr", fill=(240, 240, 240), font=font(24, True), anchor="lm")
    with canvas.reference():
        ref = canvas.new((220, 60), (20, 24, 30), RAMP)
        canvas.Draw(ref, RAMP).text(
            (10.5, 30), "Seat 3 · 15 cr", fill=(240, 240, 240), font=font(24, True), anchor="lm"
        )
    out = canvas.finish(img, RAMP).convert("RGB")
    assert len(out.getcolors(1 << 16)) > 5  # edges are blended, not two-tone
    assert max(ImageStat.Stat(ImageChops.difference(ref, out)).mean) < 1.5


def test_text_and_sprites_over_mixed_backgrounds_and_edges() -> None:
    img = canvas.new((80, 40), (20, 24, 30), RAMP)
    d = canvas.Draw(img, RAMP)
    for x in range(0, 80, 4):  # stripes: more background colours than the per-colour path takes
        d.rectangle((x, 0, x + 1, 39), fill=RAMP.colours[4 + x // 4])
    d.text((40, 20), "W", fill=(200, 40, 40), font=font(30, True), anchor="mm")
    d.text((-6, 20), "clipped", fill=(240, 240, 240), font=font(16), anchor="lm")
    sprite = Image.new("RGBA", (24, 24), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).ellipse((0, 0, 23, 23), fill=(30, 90, 200, 255))
    d.sprite(sprite, (70, 30))  # off the corner
    d.sprite(sprite, (-100, -100))  # entirely off the canvas
    out = canvas.finish(img, RAMP)
    assert out.mode == "P" and out.size == (80, 40)
    assert RAMP.index((200, 40, 40)) in out.tobytes()  # the glyph's inside is the exact ink
    assert RAMP.index((30, 90, 200)) in out.crop((70, 30, 80, 40)).tobytes()


def test_a_colour_outside_the_palette_is_drawn_as_the_nearest_and_noted() -> None:
    pal = Palette([(0, 0, 0), (255, 255, 255), (200, 0, 0)])
    img = canvas.new((4, 4), (0, 0, 0), pal)
    canvas.Draw(img, pal).rectangle((0, 0, 3, 3), fill=(190, 10, 10))
    assert set(img.tobytes()) == {2}
    assert pal.misses == {(190, 10, 10)}


def test_static_layers_are_matched_exactly_where_flat() -> None:
    rgb = Image.new("RGB", (40, 10), RAMP.colours[5])
    ImageDraw.Draw(rgb).rectangle((20, 0, 39, 9), fill=RAMP.colours[6])
    idx = RAMP.to_indices(rgb)
    assert set(idx.crop((0, 0, 20, 10)).tobytes()) == {5}
    assert set(idx.crop((20, 0, 40, 10)).tobytes()) == {6}


def test_text_pillow_would_have_to_draw_stays_in_the_palette() -> None:
    """Multi-line text goes to Pillow; on a canvas of indices it must not blend the values."""
    img = canvas.new((120, 60), (20, 24, 30), RAMP)
    canvas.Draw(img, RAMP).text((4, 4), "two\nlines", fill=(200, 40, 40), font=font(20))
    assert set(img.tobytes()) == {RAMP.index((20, 24, 30)), RAMP.index((200, 40, 40))}
