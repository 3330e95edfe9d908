"""Seat and company colours stay apart for everyone (issue 32): every pair of a title's seat
colours, and every pair of its company colours, differs by CIEDE2000 >= 10 under normal vision
and under simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009, severity 1).

The simulation and the colour difference come from colour-science (a dev dependency), not from
matrices written out here."""

from __future__ import annotations

import importlib
import warnings
from itertools import combinations

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # notes about optional plotting / SciPy features
    import colour
    import numpy as np

from render import registry
from render.benares import style as benares_style
from render.contrast import high_contrast
from render.mombasa import style as mombasa_style
from render.tidewater import style as tidewater_style

MIN_DELTA_E = 10.0
VISIONS = ("normal", "Protanomaly", "Deuteranomaly", "Tritanomaly")
RGB = tuple[int, int, int]
registry.load_builtin()


#: (title, what, {name: colour}): every set whose members must be told apart on a board
SETS: list[tuple[str, str, dict[str, RGB]]] = [
    ("tidewater", "companies", dict(tidewater_style.COMPANY)),
    ("tidewater", "seats", {f"seat {i + 1}": c for i, c in enumerate(tidewater_style.PLAYER)}),
    # the data file's colours (the views carry them; render/benares/style.py reads them too)
    (
        "benares",
        "seats",
        dict(zip(benares_style.SEAT_NAMES, benares_style.SEAT_COLOURS, strict=True)),
    ),
    ("mombasa", "companies", dict(mombasa_style.COMPANY)),
    ("mombasa", "seats", dict(mombasa_style.PLAYER)),
]


def seen(c: RGB, vision: str) -> np.ndarray:
    """CIE Lab (D65) of an sRGB colour as a person with `vision` sees it."""
    linear = colour.cctf_decoding(np.array(c, dtype=float) / 255.0, function="sRGB")
    if vision != "normal":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the tritanomaly model's note on its approximation
            matrix = colour.blindness.matrix_cvd_Machado2009(vision, 1.0)
        linear = np.clip(matrix @ linear, 0.0, 1.0)
    xyz = colour.RGB_to_XYZ(linear, colour.RGB_COLOURSPACES["sRGB"])
    d65 = colour.CCS_ILLUMINANTS["CIE 1931 2 Degree Standard Observer"]["D65"]
    return colour.XYZ_to_Lab(xyz, d65)


def delta_e(a: RGB, b: RGB, vision: str) -> float:
    return float(colour.difference.delta_E_CIE2000(seen(a, vision), seen(b, vision)))


def close_pairs(colours: dict[str, RGB]) -> list[str]:
    return [
        f"{x}/{y} {vision} ΔE {delta_e(colours[x], colours[y], vision):.1f}"
        for x, y in combinations(colours, 2)
        for vision in VISIONS
        if delta_e(colours[x], colours[y], vision) < MIN_DELTA_E
    ]


@pytest.mark.parametrize(("title", "what", "colours"), SETS, ids=[f"{t}-{w}" for t, w, _ in SETS])
def test_seat_and_company_colours_stay_apart_under_colour_blindness(title, what, colours) -> None:
    assert len(colours) == 4
    assert close_pairs(colours) == [], f"{title} {what}"


@pytest.mark.parametrize(("title", "what", "colours"), SETS, ids=[f"{t}-{w}" for t, w, _ in SETS])
def test_they_stay_apart_in_the_high_contrast_palette(title, what, colours) -> None:
    """The palette a person may pick with `/me palette` (render/contrast.py) darkens the seat
    colours that carry white text: they must still be told apart by everyone."""
    renderer = registry.get(title)
    palette = importlib.import_module(f"render.{title}.palette").PALETTE
    high = high_contrast(palette.colours, renderer.text_on, renderer.told_apart)
    mapped = {name: high[palette.nearest(c)] for name, c in colours.items()}
    assert mapped != colours
    assert close_pairs(mapped) == [], f"{title} {what}"


def test_the_measure_tells_near_colours_from_far_ones() -> None:
    """The check itself: a red and a green of like lightness (Tidewater's before issue 32) are
    far apart to most eyes and close to a deuteranope's; blue and yellow stay apart for all."""
    red, green = (224, 52, 63), (47, 174, 78)
    assert delta_e(red, green, "normal") > 40
    assert delta_e(red, green, "Deuteranomaly") < 8
    assert delta_e(red, red, "Tritanomaly") == 0
    assert min(delta_e((40, 80, 220), (245, 200, 20), v) for v in VISIONS) > 30
