"""The high-contrast palette a person may choose for the images sent to them alone (`/me
palette`, issue 32).

The titles draw "P" images in a fixed palette (render/canvas.py), so a high-contrast image is
the same picture with its palette replaced before encoding: the same pixels' indices, no
redraw. `high_contrast` maps a palette's colours, in CIE Lab:

* every lightness is pushed away from the middle (dark inks darker, light grounds lighter);
* then each (ink, ground) pair the renderer names as text drawn on a colour (`text_on`) whose
  WCAG contrast ratio is under 7:1 is pulled apart in lightness until it reaches 7:1 (the
  lighter of the two lighter, the darker darker; a colour at white or black stays and the
  other moves);
* every other entry (the blends of anti-aliased edges, colours no text is drawn on) moves by
  the lightness change of the named colours near it (inverse-distance weights in Lab), so the
  edges of a glyph stay between its new ink and its new ground.

Hue and chroma are kept where sRGB allows (chroma is reduced only to stay in gamut), so seat
and company colours stay apart (tests/render/test_colour_blindness.py checks them under both
palettes)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from PIL import Image

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]

#: The palettes a person may choose: `standard` (as drawn) and `high` (high contrast).
STANDARD = "standard"
HIGH = "high"
PALETTES = (STANDARD, HIGH)
#: The WCAG contrast ratio a named text pair is raised to (AAA for normal text).
TARGET = 7.0
#: Above the target in lightness alone, so the colours' own ratio (chroma, rounding) meets it.
MARGIN = 0.1
#: The lightness gap (CIE L*) kept between colours told apart, where they had as much.
APART = 20.0
#: How far lightness is pushed from the middle: L' = 50 + 50 (t + k t (1 - |t|)), t = (L-50)/50.
PUSH = 0.3


# ---------------------------------------------------------------------------- colour arithmetic
def _linear(v: int | float) -> float:
    v = v / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return v * 255


def luminance(c: RGB) -> float:
    """WCAG relative luminance of an sRGB colour."""
    r, g, b = (_linear(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio (1 to 21) between two sRGB colours."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


_WHITE = (0.95047, 1.0, 1.08883)  # D65


def _f(t: float) -> float:
    return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116


def _finv(t: float) -> float:
    return t**3 if t**3 > 216 / 24389 else (116 * t - 16) / (24389 / 27)


def to_lab(c: RGB) -> Lab:
    r, g, b = (_linear(v) for v in c)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / _WHITE[0]
    y = (0.2126729 * r + 0.7151522 * g + 0.0721750 * b) / _WHITE[1]
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / _WHITE[2]
    fx, fy, fz = _f(x), _f(y), _f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def _lab_to_linear(lab: Lab) -> tuple[float, float, float]:
    L, a, b = lab
    fy = (L + 16) / 116
    x, y, z = (
        _finv(fy + a / 500) * _WHITE[0],
        _finv(fy) * _WHITE[1],
        _finv(fy - b / 200) * _WHITE[2],
    )
    return (
        3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
        -0.9692660 * x + 1.8760108 * y + 0.0415560 * z,
        0.0556434 * x - 0.2040259 * y + 1.0572252 * z,
    )


def from_lab(lab: Lab) -> RGB:
    """The sRGB colour of `lab`, its chroma reduced (hue and lightness kept) until in gamut."""
    L = min(100.0, max(0.0, lab[0]))
    lo, hi = 0.0, 1.0
    rgb = _lab_to_linear((L, lab[1], lab[2]))
    if not all(-1e-6 <= v <= 1 + 1e-6 for v in rgb):
        for _ in range(20):
            mid = (lo + hi) / 2
            trial = _lab_to_linear((L, lab[1] * mid, lab[2] * mid))
            if all(-1e-6 <= v <= 1 + 1e-6 for v in trial):
                lo = mid
            else:
                hi = mid
        rgb = _lab_to_linear((L, lab[1] * lo, lab[2] * lo))
    r, g, b = (round(min(255.0, max(0.0, _gamma(min(1.0, max(0.0, v)))))) for v in rgb)
    return (r, g, b)


# ---------------------------------------------------------------------------- the mapping
def _pushed(L: float) -> float:
    t = (L - 50) / 50
    return 50 + 50 * (t + PUSH * t * (1 - abs(t)))


def _ratio_at(la: float, lb: float) -> float:
    """Contrast ratio of two colours by their lightness alone (chroma barely moves it)."""
    ya, yb = sorted((_finv((la + 16) / 116), _finv((lb + 16) / 116)))
    return (yb + 0.05) / (ya + 0.05)


def high_contrast(
    colours: Sequence[RGB],
    text_on: Iterable[tuple[RGB, RGB]] = (),
    apart: Iterable[Iterable[RGB]] = (),
    target: float = TARGET,
) -> list[RGB]:
    """`colours` (a palette) mapped to high contrast. `text_on` names the (ink, ground) pairs
    text is drawn in; `apart` the groups of colours that must stay told apart (seat and company
    colours): their lightness gaps are kept (up to `APART`) where the text pairs allow. Colours
    not in the palette stand for their nearest entry."""
    labs = [to_lab(c) for c in colours]
    light = [_pushed(lab[0]) for lab in labs]
    pairs = {(_nearest(labs, to_lab(i)), _nearest(labs, to_lab(g))) for i, g in text_on}
    pairs = {(i, g) for i, g in pairs if i != g}
    _raise_pairs(light, pairs, target)
    named = {k for pair in pairs for k in pair}
    for group in apart:
        members = sorted({_nearest(labs, to_lab(c)) for c in group}, key=lambda k: labs[k][0])
        _keep_apart(light, labs, members, pairs, target)
        named.update(members)
    return _follow(labs, light, named)


def _raise_pairs(light: list[float], pairs: set[tuple[int, int]], target: float) -> None:
    """Pull each (ink, ground) pair apart in lightness until its ratio meets `target`."""
    for _ in range(8):  # a colour in several pairs: a few rounds settle them
        moved = False
        for i, g in sorted(pairs):
            while _ratio_at(light[i], light[g]) < target + MARGIN:
                # the ink moves away from its ground; once at black or white, the ground does
                step = -0.5 if light[i] <= light[g] else 0.5
                k = i if 0 < light[i] < 100 else g
                if not 0 < light[k] < 100:
                    break
                light[k] = min(100.0, max(0.0, light[k] + (step if k == i else -step)))
                moved = True
        if not moved:
            break


def _keep_apart(
    light: list[float],
    labs: Sequence[Lab],
    members: list[int],
    pairs: set[tuple[int, int]],
    target: float,
) -> None:
    """Members of a group (darkest first, as drawn) whose lightness gap shrank get it back (up
    to `APART`): the darker goes darker, or else the lighter lighter, when no text pair on
    either falls below `target` (or below what it had) by the move."""

    def allowed(k: int, value: float) -> bool:
        if not 0 <= value <= 100:
            return False
        for i, g in pairs:
            if k in (i, g):
                other = g if k == i else i
                before = _ratio_at(light[k], light[other])
                if _ratio_at(value, light[other]) < min(before, target + MARGIN):
                    return False
        return True

    for _ in range(4):
        for x, a in enumerate(members):
            for b in members[x + 1 :]:
                need = min(labs[b][0] - labs[a][0], APART)
                while light[b] - light[a] < need:
                    if allowed(a, light[a] - 0.5):
                        light[a] -= 0.5
                    elif allowed(b, light[b] + 0.5):
                        light[b] += 0.5
                    else:
                        break


def _follow(labs: Sequence[Lab], light: list[float], named: set[int]) -> list[RGB]:
    """The palette at the new lightness: the named colours where the pairs put them, every
    other entry pushed and moved further by the named colours' moves near it (inverse-distance
    weights in Lab), so anti-aliased edges stay between their new ink and ground."""
    extra = {k: light[k] - _pushed(labs[k][0]) for k in named}
    out: list[RGB] = []
    for k, (_, a, b) in enumerate(labs):
        new_l = light[k]
        if extra and k not in extra:
            num = den = 0.0
            for n, dl in extra.items():
                d2 = _d2(labs[k], labs[n])
                w = 1 / (d2 * d2 + 1e-9)
                num += w * dl
                den += w
            new_l += num / den
        out.append(from_lab((new_l, a, b)))
    return out


def _d2(p: Lab, q: Lab) -> float:
    return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2


def _nearest(labs: Sequence[Lab], lab: Lab) -> int:
    return min(range(len(labs)), key=lambda k: _d2(labs[k], lab))


@lru_cache(maxsize=16)
def _high_data(
    data: bytes, text_on: tuple[tuple[RGB, RGB], ...], apart: tuple[tuple[RGB, ...], ...]
) -> bytes:
    colours = [(data[k], data[k + 1], data[k + 2]) for k in range(0, len(data), 3)]
    distinct = list(dict.fromkeys(colours))
    mapped = dict(zip(distinct, high_contrast(distinct, text_on, apart), strict=True))
    return bytes(v for c in colours for v in mapped[c])


def styled(
    image: Image.Image,
    palette: str,
    text_on: Iterable[tuple[RGB, RGB]] = (),
    apart: Iterable[Iterable[RGB]] = (),
) -> Image.Image:
    """`image` in `palette`: itself for the standard one; for `high`, a copy whose palette is
    mapped by `high_contrast` (an image not drawn in a palette gets an adaptive one first, as
    `render.core.encode` would give it). The mapping is computed once per palette (~40 ms)."""
    if palette == STANDARD:
        return image
    if palette != HIGH:
        raise ValueError(f"no palette {palette!r}")
    if image.mode == "P":
        out = image.copy()
    else:
        out = image.convert("RGB").quantize(
            colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    data = bytes(out.getpalette() or b"")
    pairs = tuple((tuple(i), tuple(g)) for i, g in text_on)
    groups = tuple(tuple(tuple(c) for c in group) for group in apart)
    out.putpalette(_high_data(data, pairs, groups))  # type: ignore[arg-type]
    return out
