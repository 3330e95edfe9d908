"""The Tidewater Lines board renderer draws views (never states) into PNGs of the page size."""

from __future__ import annotations

import io
from pathlib import Path

import msgspec
import pytest
from PIL import Image, ImageChops

from engine.tidewater import TITLE
from render import registry
from render.core import encode
from render.tidewater import RENDERER, style
from render.tidewater.samples import end_view, mid_view, play_until, start_view

PAGE = (style.WIDTH, style.HEIGHT)


def _png(img: Image.Image) -> Image.Image:
    data = encode(img).data
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    return decoded


@pytest.fixture(scope="module")
def mid():
    return mid_view(4)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_view_renders_page(seats: int) -> None:
    view = start_view(seats)
    assert view.round == 1 and len(view.players) == seats
    img = _png(RENDERER.board(view))
    assert img.size == PAGE


def test_mid_game_view_renders_page(mid) -> None:
    assert mid.round >= 2 and mid.phase == "turn_window" and mid.last.touched
    img = _png(RENDERER.board(mid))
    assert img.size == PAGE
    assert len(encode(RENDERER.board(mid)).data) < 2_000_000


def test_end_and_payout_views_render() -> None:
    end = end_view(4, seed=5)
    assert end.phase == "game_over" and end.ranking
    assert _png(RENDERER.board(end)).size == PAGE
    payout = play_until(4, 3, lambda v, n: v.phase == "payout_prompt")
    assert payout.phase == "payout_prompt" and payout.payout is not None
    assert _png(RENDERER.board(payout)).size == PAGE


def test_player_area_renders_larger_panel(mid) -> None:
    seat = mid.players[1].seat
    img = _png(RENDERER.board(mid, area=seat))
    assert img.size[0] >= 1000 and img.size[1] >= 500
    # a different seat gives a different picture
    other = RENDERER.board(mid, area=mid.players[0].seat)
    assert ImageChops.difference(RENDERER.board(mid, area=seat), other).getbbox() is not None


def test_player_area_unknown_seat_is_refused(mid) -> None:
    with pytest.raises(ValueError):
        RENDERER.board(mid, area=9)


def test_last_move_is_highlighted(mid) -> None:
    plain = msgspec.structs.replace(mid, last=msgspec.structs.replace(mid.last, touched=[]))
    assert ImageChops.difference(RENDERER.board(mid), RENDERER.board(plain)).getbbox() is not None


def test_renderer_refuses_a_state() -> None:
    state = TITLE.setup(1, 3, {})
    with pytest.raises(TypeError):
        RENDERER.board(state)
    with pytest.raises(TypeError):
        RENDERER.board(msgspec.to_builtins(TITLE.view(state, None)))


def test_renderer_code_never_touches_engine_state() -> None:
    """Drawing modules import only the engine's view types; only the sample script (which plays a
    game to get views) may use the title itself."""
    pkg = Path(__file__).resolve().parents[2] / "render" / "tidewater"
    for path in pkg.glob("*.py"):
        for line in path.read_text().splitlines():
            line = line.strip()
            if not line.startswith(("import engine", "from engine")):
                continue
            if path.name == "samples.py":
                assert line in ("from engine.rng import Rng", "from engine.tidewater import TITLE")
            else:
                assert line.startswith("from engine.tidewater.view import"), f"{path.name}: {line}"


def test_no_hand_and_registered() -> None:
    view = start_view(2)
    assert RENDERER.hand(view, 0) is None
    assert RENDERER.slug == "tidewater"
    registry.load_builtin()
    assert registry.get("tidewater") is not None


def test_public_and_seat_views_draw_the_same(mid) -> None:
    """Tidewater hides nothing, so a seat's view draws exactly the public board."""
    seat_view = msgspec.structs.replace(mid, viewer=0)
    assert ImageChops.difference(RENDERER.board(mid), RENDERER.board(seat_view)).getbbox() is None


def test_short_game_variant_track_renders() -> None:
    view = play_until(8, 3, lambda v, n: n > 60, options={"short_game": "on"})
    assert view.time_track.steps_per_round != 16
    assert _png(RENDERER.board(view)).size == PAGE


def test_static_layer_is_cached(mid) -> None:
    from render.tidewater.static import background

    RENDERER.board(mid)
    before = background.cache_info()
    RENDERER.board(mid)
    after = background.cache_info()
    assert after.hits == before.hits + 1 and after.misses == before.misses


def test_view_carries_the_wage_table_over_the_whole_stock_track(mid) -> None:
    bands = sorted(mid.wage_bands, key=lambda b: b.min)
    assert bands[0].min == mid.stock_min and bands[-1].max == mid.stock_max
    for a, b in zip(bands, bands[1:], strict=False):
        assert b.min == a.max + 1
    for c in mid.companies:
        assert c.wage == next(b.wage for b in bands if b.min <= c.stock <= b.max)


def test_wage_bands_are_drawn_from_the_view(mid) -> None:
    """The strip under the stock scale follows the view's table, not a table of its own."""
    base = RENDERER.board(mid)
    bands = list(mid.wage_bands)
    bands[-1] = msgspec.structs.replace(bands[-1], wage=bands[-1].wage + 5)
    changed = RENDERER.board(msgspec.structs.replace(mid, wage_bands=bands))
    box = ImageChops.difference(base, changed).getbbox()
    assert box is not None
    # the change stays inside the stock-track panel
    from render.tidewater.static import STOCK_BOX

    assert box[0] >= STOCK_BOX[0] and box[1] >= STOCK_BOX[1]
    assert box[2] <= STOCK_BOX[2] and box[3] <= STOCK_BOX[3]
    # a view without a table (older engines) still draws
    assert RENDERER.board(msgspec.structs.replace(mid, wage_bands=[])).size == PAGE


def test_ship_routes_and_sailed_state_are_drawn(mid) -> None:
    assert mid.phase == "turn_window"
    base = RENDERER.board(mid)
    ships = list(mid.ships)
    ships[0] = msgspec.structs.replace(ships[0], sailed_this_window=not ships[0].sailed_this_window)
    sailed = RENDERER.board(msgspec.structs.replace(mid, ships=ships))
    assert ImageChops.difference(base, sailed).getbbox() is not None
    ships = list(mid.ships)
    ships[1] = msgspec.structs.replace(ships[1], reachable=["M_FAR"], sailed_this_window=False)
    far = RENDERER.board(msgspec.structs.replace(mid, ships=ships))
    ships[1] = msgspec.structs.replace(ships[1], reachable=["M_NORTH"])
    north = RENDERER.board(msgspec.structs.replace(mid, ships=ships))
    assert ImageChops.difference(far, north).getbbox() is not None
