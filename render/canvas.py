"""Drawing straight into a title's fixed palette, so encoding needs no colour quantisation.

A canvas is an "L" image whose pixel values are indices into the title's `Palette`;
`finish` attaches the palette (turning it into a "P" image, no copy) and `render.core.encode`
writes that as a PNG as it is. `Draw` mirrors the few `ImageDraw` calls the renderers use:

* flat shapes (rectangles, ellipses, polygons, lines) are drawn by Pillow with the index of
  their colour, which is exact for every colour in the palette;
* text is anti-aliased: the glyph coverage mask (cached per string, font and sub-pixel start)
  is mapped through a 256-entry table "coverage -> palette colour nearest to the blend of the
  ink over this background colour", per background colour found under the text;
* anti-aliased sprites (RGBA discs, pawns, boats) are blended over each background colour under
  them once, mapped to the palette once, cached per sprite and pasted as indices;
* static layers (drawn supersampled in RGB, cached) are mapped to the palette once
  (`Palette.to_indices`).

Only small things (a sprite over a colour, the 256 blends of a colour pair, a static layer
once per process) are ever matched to the palette; a board image never is.

`reference()` switches canvases to plain RGB with Pillow's own drawing: the palette tool
(`python -m render.palette_tool`) builds each palette from such renders, and the tests check that
indexed boards stay close to them.

The caches here are process-wide and not locked: draw from one thread at a time (bot.catalog
does: a worker process draws one board at a time, and its thread fallback takes a lock).
"""

from __future__ import annotations

import contextlib
import math
import weakref
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render.heap import trim_heap

RGB = tuple[int, int, int]

_reference = False
#: Colours the drawing code asked for while recording (reference mode), with how often.
recorded: Counter[RGB] = Counter()
_recording = False


@contextlib.contextmanager
def reference(record: bool = False) -> Iterator[Counter[RGB]]:
    """Draw plain RGB images (Pillow's own anti-aliasing) inside this block; with `record`,
    collect every colour the drawing code uses into the yielded counter."""
    global _reference, _recording
    old = _reference, _recording
    _reference, _recording = True, record
    recorded.clear()
    try:
        yield recorded
    finally:
        _reference, _recording = old


def is_reference() -> bool:
    return _reference


def give_back_memory() -> None:
    """Call after building a static layer: drop the fonts it loaded at its supersampled sizes
    (a FreeType face costs ~300 KB; the board's own sizes load again on the next draw) and
    return freed heap memory to the system (glibc's malloc_trim), since the scratch image was
    tens of MB that glibc would otherwise keep in the process for good."""
    from render.core import font

    font.cache_clear()
    trim_heap()


def _rgb(colour: Any) -> RGB:
    if isinstance(colour, str):
        from PIL import ImageColor

        return ImageColor.getrgb(colour)[:3]  # type: ignore[return-value]
    return (colour[0], colour[1], colour[2])


class Palette:
    """A fixed list of at most 256 colours; index i is colour i."""

    def __init__(self, colours: Iterable[RGB]) -> None:
        cols: list[RGB] = list(dict.fromkeys(_rgb(c) for c in colours))
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
        c = colour if type(colour) is tuple and len(colour) == 3 else _rgb(colour)
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
            best = 1 << 30
            for k, pr, pg, pb in cands:
                d = 3 * (pr - r) ** 2 + 4 * (pg - g) ** 2 + 2 * (pb - b) ** 2
                if d < best:
                    best, i = d, k
            if len(self._near) > 50_000:
                self._near.clear()
            self._near[c] = i
        return i  # type: ignore[return-value]

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
        colours = rgb.getcolors(rgb.width * rgb.height) or []
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
        return _map(q, bytes(lut))

    def to_rgb(self, indices: Image.Image) -> Image.Image:
        p = indices.copy()
        p.putpalette(self.data)
        return p.convert("RGB")

    def over(self, sprite: Image.Image, bg: int) -> Image.Image:
        """An RGBA sprite blended over palette colour `bg`, as indices (cached per sprite);
        each blended colour goes to its nearest entry, and the sprite's own colours exactly."""
        cache = _sprite_cache(sprite)
        key = (id(self), bg)
        out = cache.get(key)
        if out is None:
            rgb = Image.new("RGB", sprite.size, self.colours[bg])
            rgb.paste(sprite, (0, 0), sprite)
            m = {c: self.nearest(c) for _, c in rgb.getcolors(sprite.width * sprite.height)}
            out = Image.frombytes("L", sprite.size, bytes(m[p] for p in _pixels(rgb)))
            if len(cache) >= 32:
                cache.clear()
            cache[key] = out
        return out


#: per live sprite (by id, dropped when the sprite is): its blends over background colours
_SPRITES: dict[int, dict[Any, Image.Image]] = {}


def _sprite_cache(sprite: Image.Image) -> dict[Any, Image.Image]:
    cache = _SPRITES.get(id(sprite))
    if cache is None:
        cache = _SPRITES[id(sprite)] = {}
        weakref.finalize(sprite, _SPRITES.pop, id(sprite), None)
    return cache


def _d2(a: RGB, b: RGB) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2


def _pixels(img: Image.Image) -> Iterable[Any]:
    get = getattr(img, "get_flattened_data", None)
    return get() if get is not None else img.getdata()


def _map(img: Image.Image, lut: bytes) -> Image.Image:
    """`img.point(lut)` for an "L" image, without Pillow re-rounding the 256 entries each call."""
    img.load()
    return img._new(img.im.point(lut, None))


_EQ: dict[int, bytes] = {}
_NONZERO = bytes([0] + [255] * 255)
_FULL = bytes([0] * 255 + [255])


def _eq(v: int) -> bytes:
    """Point table selecting pixels equal to v."""
    lut = _EQ.get(v)
    if lut is None:
        lut = _EQ[v] = bytes(255 if k == v else 0 for k in range(256))
    return lut


def _coverage(sprite: Image.Image, cached: bool = True) -> Image.Image:
    """Where an RGBA sprite covers anything."""
    cache = _sprite_cache(sprite) if cached else {}
    m = cache.get("cover")
    if m is None:
        m = cache["cover"] = _map(sprite.getchannel("A"), _NONZERO)
    return m


# ---- glyph masks ------------------------------------------------------------------------------
class _MaskCache:
    """Coverage masks of rendered strings, least recently used dropped past `limit` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.items: OrderedDict[tuple, tuple[Image.Image | None, int, int]] = OrderedDict()

    def get(
        self,
        font: ImageFont.FreeTypeFont,
        text: str,
        anchor: str | None,
        stroke: float,
        start: tuple[float, float],
    ) -> tuple[Image.Image | None, int, int]:
        key = (font.path, font.size, text, anchor, stroke, start)
        hit = self.items.get(key)
        if hit is not None:
            self.items.move_to_end(key)
            return hit
        try:
            core, (ox, oy) = font.getmask2(
                text, "L", None, None, None, stroke, anchor, 0, start, stroke_filled=True
            )
        except TypeError:  # Pillow < 11.2: a stroke is always filled
            core, (ox, oy) = font.getmask2(text, "L", None, None, None, stroke, anchor, 0, start)
        mask = Image.Image()._new(core) if core.size[0] and core.size[1] else None
        entry = (mask, ox, oy)
        self.items[key] = entry
        self.size += 64 + (mask.width * mask.height if mask is not None else 0)
        while self.size > self.limit and self.items:
            _, (old, _, _) = self.items.popitem(last=False)
            self.size -= 64 + (old.width * old.height if old is not None else 0)
        return entry


masks = _MaskCache(limit=6 << 20)


# ---- drawing ----------------------------------------------------------------------------------
def new(size: tuple[int, int], colour: Any, palette: Palette) -> Image.Image:
    """A canvas filled with `colour`: indices into `palette`, or RGB in reference mode."""
    if _reference:
        return Image.new("RGB", size, _rgb(colour))
    return Image.new("L", size, palette.index(colour))


def finish(canvas: Image.Image, palette: Palette) -> Image.Image:
    """The finished picture: a "P" image in the fixed palette (RGB in reference mode)."""
    if canvas.mode == "L":
        canvas.putpalette(palette.data)
    return canvas


class Draw:
    """`ImageDraw`-like drawing on a canvas from `new` (indices, or RGB in reference mode)."""

    def __init__(self, image: Image.Image, palette: Palette) -> None:
        self.image = image
        self.palette = palette
        self.indexed = image.mode == "L"
        self.d = ImageDraw.Draw(image)

    def ink(self, colour: Any) -> Any:
        if colour is None:
            return None
        if _recording:
            recorded[_rgb(colour)] += 1
        if self.indexed:
            return self.palette.index(colour)
        return colour

    # flat shapes: Pillow draws them (without anti-aliasing) in any mode
    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self.d.rectangle(xy, fill=self.ink(fill), outline=self.ink(outline), width=width)

    def rounded_rectangle(
        self,
        xy: Any,
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        self.d.rounded_rectangle(
            xy,
            radius=radius,
            fill=self.ink(fill),
            outline=self.ink(outline),
            width=width,
            corners=corners,
        )

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self.d.ellipse(xy, fill=self.ink(fill), outline=self.ink(outline), width=width)

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self.d.polygon(xy, fill=self.ink(fill), outline=self.ink(outline), width=width)

    def line(self, xy: Any, fill: Any = None, width: int = 0, joint: str | None = None) -> None:
        self.d.line(xy, fill=self.ink(fill), width=width, joint=joint)

    # anti-aliased text
    def text(
        self,
        xy: tuple[float, float],
        text: str,
        fill: Any = None,
        font: ImageFont.FreeTypeFont | None = None,
        anchor: str | None = None,
        stroke_width: float = 0,
        stroke_fill: Any = None,
    ) -> None:
        if fill is None or not text:
            return
        if not self.indexed or font is None or "\n" in text:
            # Pillow's own text; on indices it must not blend (values are not colours), so
            # there it is drawn without anti-aliasing: only for what the renderers never do
            self.d.fontmode = "1" if self.indexed else "L"
            self.d.text(
                xy,
                text,
                fill=self.ink(fill),
                font=font,
                anchor=anchor,
                stroke_width=stroke_width,
                stroke_fill=self.ink(stroke_fill),
            )
            return
        ink = self.ink(fill)
        if stroke_width:
            stroke_ink = self.ink(stroke_fill) if stroke_fill is not None else ink
            self._glyphs(xy, text, font, anchor, stroke_width, stroke_ink)
            if stroke_ink == ink:
                return
        self._glyphs(xy, text, font, anchor, 0, ink)

    def _glyphs(
        self,
        xy: tuple[float, float],
        text: str,
        font: ImageFont.FreeTypeFont,
        anchor: str | None,
        stroke: float,
        ink: int,
    ) -> None:
        # the same placement as ImageDraw.text: integer origin plus a sub-pixel start
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        mask, ox, oy = masks.get(font, text, anchor, stroke, start)
        if mask is None:
            return
        pal = self.palette

        def on(bg: int) -> Image.Image:
            return _map(mask, pal.blend(ink, bg))

        def mixed(region: Image.Image, clip: tuple[int, int, int, int] | None) -> Image.Image:
            m = mask if clip is None else mask.crop(clip)
            rgb = pal.to_rgb(region)
            rgb.paste(pal.colours[ink], (0, 0, m.width, m.height), m)
            q = pal.quantise(rgb)
            q.paste(ink, (0, 0, m.width, m.height), _map(m, _FULL))  # full coverage: exact ink
            region.paste(q, (0, 0), _map(m, _NONZERO))
            return region

        self._paste(int(x) + ox, int(y) + oy, mask.size, on, mixed)

    # anti-aliased sprites
    def sprite(self, sprite: Image.Image, xy: tuple[int, int]) -> None:
        """Paste an RGBA sprite with its top-left corner at `xy`, blending its edges."""
        if not self.indexed:
            self.image.paste(sprite, xy, sprite)
            return
        pal = self.palette

        def on(bg: int) -> Image.Image:
            return pal.over(sprite, bg)

        def mixed(region: Image.Image, clip: tuple[int, int, int, int] | None) -> Image.Image:
            s = sprite if clip is None else sprite.crop(clip)
            rgb = pal.to_rgb(region)
            rgb.paste(s, (0, 0), s)
            region.paste(pal.quantise(rgb), (0, 0), _coverage(s, clip is None))
            return region

        self._paste(xy[0], xy[1], sprite.size, on, mixed)

    def _paste(
        self,
        x: int,
        y: int,
        size: tuple[int, int],
        on: Callable[[int], Image.Image],
        mixed: Callable[[Image.Image, tuple[int, int, int, int] | None], Image.Image],
    ) -> None:
        """Blend something anti-aliased into the box at (x, y): over one background colour
        with `on(bg)` (cached tables, exact), over a few with `on` per colour, over many
        (edges of other anti-aliased things) with `mixed`, which blends in RGB and matches
        the covered pixels to the palette."""
        w, h = size
        W, H = self.image.size
        x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
        if x0 >= x1 or y0 >= y1:
            return
        box = (x0, y0, x1, y1)
        clip = None if box == (x, y, x + w, y + h) else (x0 - x, y0 - y, x1 - x, y1 - y)
        region = self.image.crop(box)
        lo, hi = region.getextrema()
        if lo == hi:  # one background colour: the common case
            out = on(lo)
            self.image.paste(out if clip is None else out.crop(clip), box)
            return
        counts = region.histogram()
        if 256 - counts.count(0) > MIXED:
            self.image.paste(mixed(region, clip), box)
            return
        out = region.copy()
        for bg in (v for v in range(lo, hi + 1) if counts[v]):
            p = on(bg)
            out.paste(p if clip is None else p.crop(clip), (0, 0), _map(region, _eq(bg)))
        self.image.paste(out, box)


#: over more background colours than this, blend in RGB instead of per colour
MIXED = 4
