"""The high-contrast palette (render/contrast.py, issue 32): the same picture with its palette
replaced, whose text stands out more from what it is drawn on."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.benares import TITLE as BENARES
from engine.mombasa import TITLE as MOMBASA
from render import canvas
from render.benares import RENDERER as BENARES_RENDERER
from render.benares.samples import play
from render.contrast import HIGH, STANDARD, TARGET, contrast_ratio, high_contrast, styled
from render.core import encode
from render.mombasa import RENDERER as MOMBASA_RENDERER
from render.mombasa.samples import mid_game
from render.tidewater import RENDERER as TIDEWATER_RENDERER
from render.tidewater.samples import mid_view

RENDERERS = (TIDEWATER_RENDERER, BENARES_RENDERER, MOMBASA_RENDERER)


def _images():
    """(name, renderer, a real image, the text pairs drawn in it: pixels by (ink, ground))."""
    tw = mid_view(4)
    bn = play(11, 4, 120)
    bn_seat = BENARES.prompts(bn)[0].seat
    mb = mid_game()
    mb_seat = MOMBASA.prompts(mb)[0].seat
    drawings = [
        ("tidewater board", TIDEWATER_RENDERER, lambda: TIDEWATER_RENDERER.board(tw)),
        ("benares board", BENARES_RENDERER, lambda: BENARES_RENDERER.board(BENARES.view(bn, None))),
        (
            "benares hand",
            BENARES_RENDERER,
            lambda: BENARES_RENDERER.hand(BENARES.view(bn, bn_seat), bn_seat),
        ),
        ("mombasa board", MOMBASA_RENDERER, lambda: MOMBASA_RENDERER.board(MOMBASA.view(mb, None))),
        (
            "mombasa hand",
            MOMBASA_RENDERER,
            lambda: MOMBASA_RENDERER.hand(MOMBASA.view(mb, mb_seat), mb_seat),
        ),
    ]
    out = []
    for name, renderer, draw in drawings:
        with canvas.text_grounds() as pairs:
            image = draw()
        out.append((name, renderer, image, dict(pairs)))
    return out


@pytest.fixture(scope="module")
def images():
    return _images()


def _colours(image: Image.Image) -> list[tuple[int, int, int]]:
    data = image.getpalette() or []
    return [(data[k], data[k + 1], data[k + 2]) for k in range(0, len(data), 3)]


def _share_at_target(pairs, recolour) -> float:
    """The share of text-box pixels whose ink and ground have a contrast ratio >= 7:1."""
    total = sum(pairs.values())
    good = sum(
        n
        for (ink, ground), n in pairs.items()
        if contrast_ratio(recolour(ink), recolour(ground)) >= TARGET
    )
    return good / total


def test_high_contrast_keeps_every_pixel_and_raises_text_contrast(images) -> None:
    for name, renderer, image, pairs in images:
        high = styled(image, HIGH, renderer.text_on, renderer.told_apart)
        assert high.mode == "P" and image.mode == "P", name
        assert high.tobytes() == image.tobytes(), f"{name}: the indices changed"
        before, after = _colours(image), _colours(high)
        assert before != after, name
        mapped = dict(zip(before, after, strict=True))
        standard = _share_at_target(pairs, lambda c: c)
        raised = _share_at_target(pairs, lambda c, m=mapped: m[c])
        # measured: tidewater board 0.62 -> 1.00, benares board 0.67 -> 1.00, benares hand
        # 0.46 -> 1.00, mombasa board 0.80 -> 1.00, mombasa hand 0.74 -> 1.00
        assert raised >= 0.99 and raised > standard, f"{name}: {standard:.2f} -> {raised:.2f}"
        # no text loses contrast (under 3:1 a "ground" is the edge of something else in the
        # text's box, not what the text is read on)
        lowered = [
            (ink, ground)
            for (ink, ground) in pairs
            if contrast_ratio(ink, ground) >= 3
            and contrast_ratio(mapped[ink], mapped[ground])
            < min(TARGET, contrast_ratio(ink, ground)) - 0.05
        ]
        assert lowered == [], f"{name}: text that lost contrast"
        # and the encoded image carries the new palette
        with Image.open(io.BytesIO(encode(high).data)) as png:
            assert _colours(png)[: len(after)] == after


@pytest.mark.parametrize("renderer", RENDERERS, ids=lambda r: r.slug)
def test_every_named_text_pair_reaches_seven_to_one(renderer) -> None:
    from importlib import import_module

    palette = import_module(f"render.{renderer.slug}.palette").PALETTE
    high = high_contrast(palette.colours, renderer.text_on, renderer.told_apart)
    short = [
        f"{ink} on {ground}: {contrast_ratio(high[palette.nearest(ink)], high[palette.nearest(ground)]):.2f}"
        for ink, ground in renderer.text_on
        if palette.nearest(ink) != palette.nearest(ground)
        and contrast_ratio(high[palette.nearest(ink)], high[palette.nearest(ground)]) < TARGET
    ]
    assert short == []


def test_dark_inks_darker_and_light_grounds_lighter() -> None:
    ink, muted, ground = (30, 26, 22), (112, 100, 88), (238, 228, 206)
    new_ink, new_muted, new_ground = high_contrast([ink, muted, ground], [(muted, ground)])
    assert sum(new_ink) < sum(ink) and sum(new_muted) < sum(muted)
    assert sum(new_ground) > sum(ground)
    assert contrast_ratio(muted, ground) < TARGET <= contrast_ratio(new_muted, new_ground)


def test_the_standard_palette_is_the_image_itself(images) -> None:
    _, renderer, image, _ = images[0]
    assert styled(image, STANDARD, renderer.text_on) is image
    with pytest.raises(ValueError):
        styled(image, "sepia")


def test_an_image_drawn_in_rgb_gets_a_palette_first() -> None:
    image = Image.new("RGB", (40, 20), (120, 120, 120))
    image.paste((240, 240, 240), (20, 0, 40, 20))
    high = styled(image, HIGH, [((120, 120, 120), (240, 240, 240))])
    assert high.mode == "P"
    grey, white = (high.convert("RGB").getpixel(xy) for xy in ((5, 5), (30, 5)))
    assert contrast_ratio(grey, white) >= TARGET > contrast_ratio((120, 120, 120), (240, 240, 240))
