"""Timelapses, the drawing side: which views become frames, one frame, the animation and its
size fallback (render/timelapse.py)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot import catalog
from engine.rng import Rng
from render import timelapse as tl
from render.timelapse import CHANGE, ROUND, TURN, Marks


def seq(*turns: tuple) -> list[Marks]:
    """Marks from (picture, turn, round) triples."""
    return [Marks(str(p).encode(), (t,), (r,)) for p, t, r in turns]


# ---------------------------------------------------------------------------- selection
def test_each_public_change_is_a_candidate_and_repeats_are_one():
    s = seq((0, 0, 1), (1, 0, 1), (1, 0, 1), (2, 1, 1), (3, 1, 2), (4, 2, 2))
    # view 2 repeats view 1: one picture, the later index; turn 0 ends at view 2
    assert tl.candidates(s) == [(0, ROUND), (2, TURN), (3, ROUND), (4, TURN), (5, ROUND)]


def test_a_repeat_of_the_opening_stays_the_first_frame():
    s = seq((0, 0, 1), (0, 0, 1), (1, 0, 1))
    assert tl.candidates(s) == [(0, ROUND), (2, ROUND)]


def test_a_short_game_keeps_every_change():
    cands = [(0, ROUND), (1, CHANGE), (2, TURN), (3, ROUND)]
    assert tl.select(cands, 10) == ([0, 1, 2, 3], CHANGE)


def test_a_long_game_keeps_every_turn_end_and_spreads_the_rest():
    cands = [(0, ROUND)] + [(i, TURN if i % 5 == 0 else CHANGE) for i in range(1, 500)]
    cands.append((500, ROUND))
    picked, kept = tl.select(cands, 120)
    assert kept == TURN and len(picked) == 120 and picked == sorted(set(picked))
    assert {i for i, lv in cands if lv >= TURN} <= set(picked)
    assert picked[0] == 0 and picked[-1] == 500
    gaps = [b - a for a, b in zip(picked, picked[1:], strict=False)]
    assert max(gaps) <= 5  # evenly spread: no long jump


def test_too_many_turns_keep_every_round_end():
    cands = [(i, ROUND if i % 100 == 0 else TURN) for i in range(0, 1001)]
    picked, kept = tl.select(cands, 50)
    assert kept == ROUND and len(picked) == 50
    assert set(range(0, 1001, 100)) <= set(picked)


def test_too_many_rounds_are_thinned_with_both_ends():
    cands = [(i, ROUND) for i in range(300)]
    picked, kept = tl.select(cands, 40)
    assert kept == ROUND and len(picked) <= 40 and picked[0] == 0 and picked[-1] == 299


def test_frame_times():
    times = tl.durations([ROUND, CHANGE, TURN, ROUND, CHANGE, ROUND])
    assert times[0] >= tl.FIRST_MS and times[-1] == tl.LAST_MS
    assert times[3] >= tl.ROUND_MS > times[1]
    assert all(t % 10 == 0 and t >= tl.FRAME_MS[0] for t in times)


# ---------------------------------------------------------------------------- assembly
def noise_frames(n: int, size: tuple[int, int] = (480, 300)) -> list[Image.Image]:
    """Frames GIF cannot compress much (random pixels), deterministic."""
    rnd = random.Random(5)
    palette = bytes(rnd.randrange(256) for _ in range(768))
    out = []
    for _ in range(n):
        im = Image.frombytes("P", size, rnd.randbytes(size[0] * size[1]))
        im.putpalette(palette)
        out.append(im)
    return out


def decode(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    assert im.format == "GIF"
    return im


def test_assembled_gif_decodes_with_every_frame_and_its_time():
    frames = noise_frames(6)
    times = [1500, 200, 200, 1200, 200, 5000]
    anim = tl.assemble([tl.pack(f) for f in frames], times)
    im = decode(anim.data)
    assert im.is_animated and im.n_frames == anim.frames == 6
    assert (anim.width, anim.height) == im.size == (480, 300)
    got = []
    for k in range(im.n_frames):
        im.seek(k)
        got.append(im.info["duration"])
        assert im.convert("RGB").tobytes() == frames[k].convert("RGB").tobytes()
    assert got == times


def test_over_the_limit_fewer_frames_then_smaller_ones():
    frames = [tl.pack(f) for f in noise_frames(40)]
    full = len(tl.assemble(frames, [200] * 40).data)
    limit = full // 3
    anim = tl.assemble(frames, [200] * 40, max_bytes=limit)
    assert len(anim.data) <= limit
    im = decode(anim.data)
    assert im.n_frames == anim.frames < 40
    # the loop lasts as long: dropped frames' time goes to the frames kept
    total = 0
    for k in range(im.n_frames):
        im.seek(k)
        total += im.info["duration"]
    assert total == 40 * 200
    # frames down to the minimum, then each one smaller
    wide = noise_frames(40, (800, 200))
    limit = len(tl.encode_gif(wide[:8], [200] * 8)) - 1
    few = tl.assemble([tl.pack(f) for f in wide], [200] * 40, max_bytes=limit)
    assert len(few.data) <= limit
    assert few.frames >= tl.MIN_FRAMES and tl.MIN_WIDTH <= few.width < 800


def test_nothing_fits_raises_too_big():
    with pytest.raises(tl.TooBig):
        tl.assemble([tl.pack(f) for f in noise_frames(10)], [200] * 10, max_bytes=1000)


def test_delta_frames_and_a_frame_with_its_own_palette_decode_exactly():
    noise = noise_frames(1)[0]
    base = Image.frombytes("P", noise.size, bytes(i % 100 for i in noise.tobytes()))
    base.putpalette(noise.getpalette())  # indices 100-255 are free: one is the transparency
    moved = base.copy()
    moved.paste(7, (100, 50, 140, 90))  # a small change: only that box is written
    other = base.convert("RGB").quantize(colors=64, method=Image.Quantize.FASTOCTREE)
    frames = [base, moved, moved.copy(), other]
    data = tl.encode_gif(frames, [100, 100, 100, 100])
    im = decode(data)
    assert im.n_frames == 4
    im.seek(1)
    assert im.tile[0][1] == (100, 50, 140, 90)  # only the box that changed
    controls = data.split(b"\x21\xf9\x04")[1:]  # graphic control extensions, one per frame
    assert [c[0] & 1 for c in controls] == [0, 1, 1, 0]  # transparency where nothing changed
    for k, want in enumerate(frames):
        im.seek(k)
        assert im.convert("RGB").tobytes() == want.convert("RGB").tobytes()


def test_packed_frames_round_trip():
    (frame,) = noise_frames(1)
    back = tl.unpack(tl.pack(frame))
    assert back.tobytes() == frame.tobytes() and back.getpalette() == frame.getpalette()


# ---------------------------------------------------------------------------- one frame
def final_view(slug: str, seats: int):
    catalog.load()
    title = catalog.title(slug)
    state = title.setup(3, seats, {o.name: o.default for o in title.options})
    rng = Rng.from_seed(3)
    while prompts := title.prompts(state):
        seat = prompts[0].seat
        title.apply(state, seat, title.bot_choice(state, seat, rng))
    return title.view(state, None)


@pytest.mark.parametrize("slug", ["tidewater", "benares", "mombasa"])
def test_a_frame_of_each_title_is_its_bands_at_phone_width_in_its_palette(slug):
    view = final_view(slug, 2)
    renderer = catalog.renderer(slug)
    board = renderer.board(view)
    bands = tl.bands_of(slug, renderer, view, board.size)
    assert bands and all(0 <= a < b <= board.height for a, b in bands)  # the layout still fits
    frame = tl.draw_frame(slug, renderer, view, 0.5)
    assert frame.mode == "P" and abs(frame.width - tl.FRAME_WIDTH) <= tl.FRAME_WIDTH * tl.SNAP
    assert frame.getpalette() == board.getpalette()  # the title's palette: one for all frames
    kept = sum(b - a for a, b in bands)
    assert abs(frame.height - kept * frame.width / board.width) <= 1
    assert frame.height <= 1000  # about a phone screen, not a scroll


def test_bands_outside_the_board_show_the_whole_board():
    im = Image.new("P", (100, 50))
    assert tl._cut(im, [(0, 20), (40, 80)]) is im
    cut = tl._cut(im, [(0, 20), (30, 50)])
    assert cut.size == (100, 40)
