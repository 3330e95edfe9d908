"""A title's fixed palette: at most 256 colours, and the matching of colours, blends and
sprites to its entries (`render.canvas` draws with it; see there for why boards are drawn
straight into palette indices)."""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any, cast

from PIL import Image

RGB = tuple[int, int, int]


def rgb(colour: Any) -> RGB:
    if isinstance(colour, str):
        from PIL import ImageColor

        return ImageColor.getrgb(colour)[:3]  # type: ignore[return-value]
    return (colour[0], colour[1], colour[2])


class Palette:
    """A fixed list of at most 256 colours; index i is colour i."""

    def __init__(self, colours: Iterable[RGB]) -> None:
        cols: list[RGB] = list(dict.fromkeys(rgb(c) for c in colours))
        if not 0 < len(cols) <= 256:
            raise ValueError(f"a palette holds 1 to 256 colours, not {len(cols)}")
        self.colours = cols
        self._exact = {c: i for i, c in enumerate(cols)}
        self._near: dict[RGB, int] = {}
        self._cells: dict[tuple[int, int, int], list[tuple[int, int, int, int]]] = {}
        self._blend: OrderedDict[tuple[int, int], bytes] = OrderedDict()
        #: flat colours the drawing code used that are not in the palette (drawn as the nearest)
        self.misses: set[RGB] = set()
        self._pimage: Image.Image | None = None
        padded = cols + [cols[0]] * (256 - len(cols))
        self.data = bytes(v for c in padded for v in c)

    @classmethod
    def from_hex(cls, values: Iterable[str]) -> Palette:
        return cls((int(v[1:3], 16), int(v[3:5], 16), int(v[5:7], 16)) for v in values)

    def __len__(self) -> int:
        return len(self.colours)

    def index(self, colour: Any) -> int:
        """The index of a flat colour: exact, or (recorded in `misses`) the nearest one."""
        c = colour if type(colour) is tuple and len(colour) == 3 else rgb(colour)
        i = self._exact.get(c)
        if i is None:
            self.misses.add(c)
            i = self.nearest(c)
        return i

    def nearest(self, c: RGB) -> int:
        """The entry closest to colour c (exact when c is in the palette)."""
        i = self._exact.get(c)
        if i is not None:
            return i
        i = self._near.get(c)
        if i is None:
            r, g, b = c
            cell = (r >> 5, g >> 5, b >> 5)
            cands = self._cells.get(cell)
            if cands is None:
                cands = self._cells[cell] = self._candidates(cell)
            best, found = 1 << 30, cands[0][0]
            for k, pr, pg, pb in cands:
                d = 3 * (pr - r) ** 2 + 4 * (pg - g) ** 2 + 2 * (pb - b) ** 2
                if d < best:
                    best, found = d, k
            if len(self._near) > 50_000:
                self._near.clear()
            self._near[c] = i = found
        return i

    def _candidates(self, cell: tuple[int, int, int]) -> list[tuple[int, int, int, int]]:
        """The entries that can be nearest to some colour of a 32x32x32 cell: those whose
        distance to the cell is at most the smallest farthest-distance of any entry.
        (The distance is weighted RGB: green counts most, blue least, roughly as eyes do.)"""
        lo = [v * 32 for v in cell]
        hi = [v + 31 for v in lo]
        weights = (3, 4, 2)
        near, far = [], []
        for col in self.colours:
            dmin = dmax = 0
            for v, a, z, w in zip(col, lo, hi, weights, strict=True):
                gap = a - v if v < a else v - z if v > z else 0
                dmin += w * gap * gap
                dmax += w * max(v - a, z - v) ** 2
            near.append(dmin)
            far.append(dmax)
        bound = min(far)
        return [(k, *col) for k, col in enumerate(self.colours) if near[k] <= bound]

    def blend(self, fg: int, bg: int) -> bytes:
        """Coverage 0..255 of colour `fg` over colour `bg` -> the nearest palette index."""
        key = (fg, bg)
        table = self._blend.get(key)
        if table is not None:
            self._blend.move_to_end(key)
            return table
        (fr, fg_, fb), (br, bg_, bb) = self.colours[fg], self.colours[bg]
        idx: dict[int, int] = {}
        lut = [0] * 256
        for a in range(256):
            lv = min(255, (a + 2) // 4 * 4)  # 65 coverage levels are plenty for glyph edges
            i = idx.get(lv)
            if i is None:
                i = idx[lv] = self.nearest(
                    (
                        (br * (255 - lv) + fr * lv + 127) // 255,
                        (bg_ * (255 - lv) + fg_ * lv + 127) // 255,
                        (bb * (255 - lv) + fb * lv + 127) // 255,
                    )
                )
            lut[a] = i
        lut[0], lut[255] = bg, fg
        table = self._blend[key] = bytes(lut)
        if len(self._blend) > 4096:
            self._blend.popitem(last=False)
        return table

    def quantise(self, image: Image.Image) -> Image.Image:
        """Map an RGB image to the nearest palette entries (Pillow's matcher, in C) as indices.
        Used once per static layer, and for the few sprites and strings drawn over a mixed
        background: never for a whole board."""
        if self._pimage is None:
            self._pimage = Image.new("P", (1, 1))
            self._pimage.putpalette(self.data)
        q = image.quantize(palette=self._pimage, dither=Image.Dither.NONE)
        return Image.frombytes("L", q.size, q.tobytes())

    def to_indices(self, image: Image.Image) -> Image.Image:
        """A whole RGB picture (a static layer, drawn once and cached) as palette indices.

        Pillow's matcher is fast but approximate (it may put a palette colour on a neighbour
        entry), so its result is corrected with one table over the indices: each entry it
        used goes to whichever of itself and the exact entries of the colours it received
        is closest to those colours, weighted by their pixels. Flat areas come out exact."""
        rgb = image.convert("RGB")
        q = self.quantise(rgb)
        colours = rgb_colours(rgb)
        probe = Image.new("RGB", (len(colours), 1))
        probe.putdata([c for _, c in colours])
        got: dict[int, list[tuple[int, RGB]]] = {}
        for (n, c), i in zip(colours, self.quantise(probe).tobytes(), strict=True):
            got.setdefault(i, []).append((n, c))
        lut = list(range(256))
        for i, members in got.items():
            options = {i} | {self._exact[c] for _, c in members if c in self._exact}
            if len(options) > 1:
                lut[i] = min(
                    sorted(options),
                    key=lambda t: sum(n * _d2(c, self.colours[t]) for n, c in members),
                )
        return point(q, bytes(lut))

    def torgb(self, indices: Image.Image) -> Image.Image:
        p = indices.copy()
        p.putpalette(self.data)
        return p.convert("RGB")

    def over(self, sprite: Image.Image, bg: int) -> Image.Image:
        """An RGBA sprite blended over palette colour `bg`, as indices (cached per sprite);
        each blended colour goes to its nearest entry, and the sprite's own colours exactly."""
        cache = sprite_cache(sprite)
        key = (id(self), bg)
        out = cache.get(key)
        if out is None:
            rgb = Image.new("RGB", sprite.size, self.colours[bg])
            rgb.paste(sprite, (0, 0), sprite)
            m = {c: self.nearest(c) for _, c in rgb_colours(rgb)}
            out = Image.frombytes("L", sprite.size, bytes(m[p] for p in pixels(rgb)))
            if len(cache) >= 32:
                cache.clear()
            cache[key] = out
        return out


#: per live sprite (by id, dropped when the sprite is): its blends over background colours
_SPRITES: dict[int, dict[Any, Image.Image]] = {}


def sprite_cache(sprite: Image.Image) -> dict[Any, Image.Image]:
    cache = _SPRITES.get(id(sprite))
    if cache is None:
        cache = _SPRITES[id(sprite)] = {}
        weakref.finalize(sprite, _SPRITES.pop, id(sprite), None)
    return cache


def _d2(a: RGB, b: RGB) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2


def pixels(img: Image.Image) -> Iterable[Any]:
    get = getattr(img, "get_flattened_data", None)
    return get() if get is not None else img.getdata()


def rgb_colours(img: Image.Image) -> list[tuple[int, RGB]]:
    """(pixel count, colour) of every colour of an "RGB" image (Pillow's `getcolors` is typed
    for every mode; with room for one colour per pixel it never gives None)."""
    return cast(list[tuple[int, RGB]], img.getcolors(img.width * img.height) or [])


def point(img: Image.Image, lut: bytes) -> Image.Image:
    """`img.point(lut)` for an "L" image, without Pillow re-rounding the 256 entries each call."""
    img.load()
    return img._new(img.im.point(lut, None))
