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
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from typing import Any, cast

from PIL import Image, ImageDraw, ImageFont

from render.heap import trim_heap
from render.palette import RGB, Palette, point, rgb, sprite_cache

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


#: Text drawn while `texts()` records: (em size in px of the finished image, the text).
_texts: list[tuple[float, str]] | None = None


@contextlib.contextmanager
def texts() -> Iterator[list[tuple[float, str]]]:
    """Record every text drawn inside this block, with its em size in pixels of the finished
    image, so a test can see the smallest text a viewer meets (the phone check)."""
    global _texts
    old, _texts = _texts, []
    try:
        yield _texts
    finally:
        _texts = old


#: While `text_grounds()` records: pixels of text boxes by (ink, colour under the box).
_grounds: Counter[tuple[RGB, RGB]] | None = None


@contextlib.contextmanager
def text_grounds() -> Iterator[Counter[tuple[RGB, RGB]]]:
    """Record, for every string drawn on indices inside this block, the colours under its box
    (counted in pixels) paired with its ink: the text contrasts a viewer meets (the
    high-contrast palette's test, render/contrast.py)."""
    global _grounds
    old, _grounds = _grounds, Counter()
    try:
        yield _grounds
    finally:
        _grounds = old


def note_text(size: float, text: str) -> None:
    """Record text drawn outside `Draw.text` (a static layer drawn supersampled: pass its size
    in the finished image)."""
    if _texts is not None and text.strip():
        _texts.append((size, text))


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
    cache = sprite_cache(sprite) if cached else {}
    m = cache.get("cover")
    if m is None:
        m = cache["cover"] = point(sprite.getchannel("A"), _NONZERO)
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
        return Image.new("RGB", size, rgb(colour))
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
            recorded[rgb(colour)] += 1
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
        if _texts is not None and font is not None:
            note_text(font.size, text)
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
        if _grounds is not None:
            x0, y0 = max(0, int(x) + ox), max(0, int(y) + oy)
            x1 = min(self.image.width, int(x) + ox + mask.width)
            y1 = min(self.image.height, int(y) + oy + mask.height)
            under = self.image.crop((x0, y0, x1, y1)).histogram() if x0 < x1 and y0 < y1 else []
            for v, n in enumerate(under):
                if n:
                    _grounds[(pal.colours[ink], pal.colours[v])] += n

        def on(bg: int) -> Image.Image:
            return point(mask, pal.blend(ink, bg))

        def mixed(region: Image.Image, clip: tuple[int, int, int, int] | None) -> Image.Image:
            m = mask if clip is None else mask.crop(clip)
            rgb = pal.torgb(region)
            rgb.paste(pal.colours[ink], (0, 0, m.width, m.height), m)
            q = pal.quantise(rgb)
            q.paste(ink, (0, 0, m.width, m.height), point(m, _FULL))  # full coverage: exact ink
            region.paste(q, (0, 0), point(m, _NONZERO))
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
            rgb = pal.torgb(region)
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
        lo, hi = cast(tuple[int, int], region.getextrema())  # one band: indices
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
            out.paste(p if clip is None else p.crop(clip), (0, 0), point(region, _eq(bg)))
        self.image.paste(out, box)


#: over more background colours than this, blend in RGB instead of per colour
MIXED = 4
