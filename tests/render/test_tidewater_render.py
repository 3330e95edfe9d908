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

PAGE = style.page_size(4)


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
    assert img.size == style.page_size(seats)


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
    assert _png(RENDERER.board(payout)).size == style.page_size(3)


def test_player_area_renders_larger_panel(mid) -> None:
    seat = mid.players[1].seat
    img = _png(RENDERER.board(mid, area=seat))
    # phone shaped (issue 12): the board's width, far larger than the board's player box
    assert img.size[0] == style.WIDTH <= 1000 and img.size[1] >= 2 * style.PLAYER_H
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
                assert line in (
                    "from engine.rng import Rng",
                    "from engine.tidewater import TITLE",
                    "from engine.tidewater.view import MoveView",
                )
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
    assert _png(RENDERER.board(view)).size == style.page_size(3)


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


# ---- readable on a phone (issue 12) ---------------------------------------------------------
def _texts(view):
    """Every string a board shows: the static layer's and the ones drawn for this view."""
    from render.tidewater.kit import record_text
    from render.tidewater.static import STATIC_TEXT, static_key

    with record_text() as drawn:
        img = RENDERER.board(view)
    return img, STATIC_TEXT[static_key(view)] + drawn


def _views():
    return [
        start_view(2),
        start_view(3),
        start_view(4),
        mid_view(4),
        mid_view(3, seed=4),
        end_view(4),
        end_view(3, seed=2),
        play_until(4, 3, lambda v, n: v.phase == "payout_prompt"),
        play_until(8, 3, lambda v, n: n > 60, options={"short_game": "on"}),
    ]


@pytest.fixture(scope="module")
def drawn():
    return [(view, *_texts(view)) for view in _views()]


def test_the_board_is_phone_shaped(drawn) -> None:
    for _, img, _ in drawn:
        assert img.width == style.WIDTH <= 1000
        assert img.height > img.width  # one tall image, read by scrolling


def test_every_text_is_at_least_20_px(drawn) -> None:
    for _, _, texts in drawn:
        assert texts, "no text recorded"
        small = [t for t in texts if t.size < style.MIN_TEXT]
        assert not small, small[:5]
        assert min(t.size for t in texts) >= 20


def test_key_figures_are_large(drawn) -> None:
    """Money, stock values, treasuries, prices and the status line are 28 px or more."""
    view, _, texts = drawn[3]
    by_text: dict[str, int] = {}
    for t in texts:
        by_text[t.text] = max(by_text.get(t.text, 0), t.size)
    for p in view.players:
        assert by_text[str(p.credits)] >= 28
    for c in view.companies:
        assert by_text[str(c.stock)] >= 28 and by_text[str(c.treasury)] >= 28
    for m in view.demand:
        assert by_text[str(m.price)] >= 28


def test_every_text_stays_inside_its_panel(drawn) -> None:
    for view, img, texts in drawn:
        for t in texts:
            x0, y0, x1, y1 = t.box
            p0, q0, p1, q1 = t.panel
            assert p0 <= x0 and q0 <= y0 and x1 <= p1 and y1 <= q1, (t, view.phase)
            assert x0 >= 0 and y0 >= 0 and x1 <= img.width and y1 <= img.height


def test_texts_of_different_panels_never_overlap(drawn) -> None:
    """The panels themselves do not overlap, so no text can spill over another panel's."""
    from render.tidewater.static import player_box

    for view, _, texts in drawn:
        panels = {t.panel for t in texts}
        panels |= {player_box(i, len(view.players)) for i in range(len(view.players))}
        for a in panels:
            for b in panels:
                if a == b or a == (0, 0, style.WIDTH, 1 << 16):
                    continue
                inside = a[0] >= b[0] and a[1] >= b[1] and a[2] <= b[2] and a[3] <= b[3]
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart or inside or _inside(b, a), (a, b)


def _inside(a, b) -> bool:
    return a[0] >= b[0] and a[1] >= b[1] and a[2] <= b[2] and a[3] <= b[3]


def test_the_recorder_catches_a_text_outside_its_panel(mid) -> None:
    """The panel check can fail: a string pushed out of its panel is caught."""
    from render.tidewater import companies
    from render.tidewater.kit import record_text

    original = companies.CompanyPanels.company

    def shifted(self, i, c):
        original(self, i, c)
        x0, y0, x1, y1 = companies.comp_box(i)
        self.d.text((x1 - 10, y0 + 40), "spills over", font=style_font(20), fill=style.TEXT)

    companies.CompanyPanels.company = shifted
    try:
        with record_text() as drawn_now:
            RENDERER.board(mid)
    finally:
        companies.CompanyPanels.company = original
    out = [t for t in drawn_now if t.text == "spills over"]
    assert out and all(t.box[2] > t.panel[2] for t in out)


def style_font(size: int):
    from render.core import font

    return font(size)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_how_to_read_the_board_is_there_for_every_seat_count(seats: int) -> None:
    _, texts = _texts(start_view(seats))
    legend = [t for t in texts if t.name == "legend"]
    assert any(t.text == "HOW TO READ THE BOARD" for t in legend)
    assert len(legend) >= 8
    assert any("credits to place" in t.text for t in legend)  # what a sea hex's coin costs


def test_the_end_board_never_cuts_a_name() -> None:
    end = end_view(4, seed=5)
    # make one player CEO of every company: the longest CEO line there can be
    seat = end.players[0].seat
    companies = [msgspec.structs.replace(c, ceo=seat) for c in end.companies]
    players = [
        msgspec.structs.replace(p, ceo_of=[c.id for c in end.companies] if p.seat == seat else [])
        for p in end.players
    ]
    view = msgspec.structs.replace(end, companies=companies, players=players)
    _, texts = _texts(view)
    shown = " ".join(t.text for t in texts if t.name == f"player {0}")
    for c in end.companies:
        assert c.name.replace(" Line", "") in shown
    assert not any("…" in t.text for t in texts), [t.text for t in texts if "…" in t.text]


def _move(seat, action, *lines):
    from engine.tidewater.view import MoveView

    return MoveView(seat=seat, action=action, lines=list(lines))


def test_the_banner_lists_a_delivery_before_a_stop(mid) -> None:
    from render.tidewater.news import items

    reader = mid.active_seat
    other = next(p.seat for p in mid.players if p.seat != reader)
    other_name = f"Seat {other + 1}"
    recent = [
        _move(reader, "fund", f"Seat {reader + 1} takes Funding of 1 credit."),
        _move(reader, "stop", f"Seat {reader + 1} stops."),
        _move(
            other, "sail", f"{other_name} sails the Atlas Line ship from Red port to North Market."
        ),
        _move(
            other,
            "deliver",
            f"{other_name} delivers 2 containers with the Atlas Line ship at North Market: "
            "11 credits to the line's treasury (red 6, red 5).",
        ),
        _move(
            other,
            "stop",
            f"{other_name} stops.",
            f"Seat {reader + 1} is now last on the Time Track and takes the turn.",
        ),
    ]
    view = msgspec.structs.replace(mid, recent=recent, actions_this_turn=0)
    found, title = items(view)
    texts = [it.text for it in found]
    assert title == f"SINCE SEAT {reader + 1}'S LAST TURN"
    assert texts[0].startswith("Delivers 2 containers") and texts[1].startswith("Sails")
    assert texts.index("Stops.") > texts.index(texts[0])
    assert not any("takes the turn" in t for t in texts)  # filler is dropped
    assert not any("Funding" in t for t in texts)  # the reader's own earlier turn is not news
    # and it is drawn: the banner shows the delivery
    _, drawn_texts = _texts(view)
    news = [t.text for t in drawn_texts if t.name == "news"]
    assert any("Delivers 2 containers" in t for t in news)
    assert news.index(next(t for t in news if "Delivers" in t)) < news.index(
        next(t for t in news if t.startswith("Stops"))
    )


def test_the_banner_without_a_log_shows_the_last_move_without_filler(mid) -> None:
    from render.tidewater.news import items

    last = msgspec.structs.replace(
        mid.last,
        lines=["Seat 3 stops.", "Seat 1 is now last on the Time Track and takes the turn."],
        seat=2,
        action="stop",
    )
    found, title = items(msgspec.structs.replace(mid, recent=[], last=last))
    assert title == "LAST MOVE" and [it.text for it in found] == ["Stops."]


def test_samples_give_the_views_their_recent_moves(mid) -> None:
    assert mid.recent and mid.recent[-1].lines == mid.last.lines


# ---- one seat's area, readable on a phone too (issue 12) ------------------------------------
def _area_texts(view, seat):
    from render.tidewater.kit import record_text

    with record_text() as drawn:
        img = RENDERER.board(view, area=seat)
    return img, list(drawn)


def _area_views():
    return [start_view(2), start_view(3), start_view(4), mid_view(4), end_view(4, seed=5)]


@pytest.fixture(scope="module")
def areas():
    return [
        (view, p.seat, *_area_texts(view, p.seat)) for view in _area_views() for p in view.players
    ]


def test_the_area_is_phone_shaped(areas) -> None:
    seats = {len(view.players) for view, *_ in areas}
    assert seats == {2, 3, 4} and any(view.phase == "game_over" for view, *_ in areas)
    for _, _, img, _ in areas:
        assert img.width <= 1000 and img.width == style.WIDTH
        assert img.height > img.width


def test_every_area_text_is_at_least_20_px(areas) -> None:
    for view, seat, _, texts in areas:
        assert texts, "no text recorded"
        small = [t for t in texts if t.size < style.MIN_TEXT]
        assert not small, (view.phase, seat, small[:5])
        assert min(t.size for t in texts) >= 20


def test_every_area_text_stays_inside_its_panel(areas) -> None:
    for view, seat, img, texts in areas:
        for t in texts:
            x0, y0, x1, y1 = t.box
            p0, q0, p1, q1 = t.panel
            assert t.name != "page", t  # every string belongs to one of the area's panels
            assert p0 <= x0 and q0 <= y0 and x1 <= p1 and y1 <= q1, (t, view.phase, seat)
            assert x0 >= 0 and y0 >= 0 and x1 <= img.width and y1 <= img.height
        panels = {t.panel for t in texts}
        for a in panels:
            for b in panels:
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert a == b or apart, (a, b)


def test_the_areas_key_figures_are_large(areas) -> None:
    """Credits, worth, shares held, stock values and treasuries are 28 px or more."""
    for view, seat, _, texts in areas:
        p = next(p for p in view.players if p.seat == seat)

        def size(text: str, panel: str, p=p, texts=texts) -> int:
            return max((t.size for t in texts if t.text == text and t.name == panel), default=0)

        assert size(str(p.credits), "area credits") >= 28
        score = (view.scores or {}).get(seat, p.score)
        worth = "area final score" if view.phase == "game_over" else "area worth"
        assert size(str(score), worth) >= 28
        assert size(str(sum(p.shares.values())), "area shares") >= 28
        for c in view.companies:
            assert size(str(p.shares.get(c.id, 0)), f"area {c.id}") >= 28
            assert size(str(c.stock), f"area {c.id}") >= 28
            assert size(str(c.treasury), f"area {c.id}") >= 28


def test_the_area_shows_every_investment_without_cutting_it(mid) -> None:
    """A player with discs on many ships: the area grows taller, and nothing is cut."""
    seat = mid.players[0].seat
    ships = [
        msgspec.structs.replace(
            ship, slots=[msgspec.structs.replace(slot, investor=seat) for slot in ship.slots]
        )
        for ship in mid.ships
    ]
    view = msgspec.structs.replace(mid, ships=ships)
    plain, _ = _area_texts(mid, seat)
    img, texts = _area_texts(view, seat)
    assert img.width == plain.width and img.height >= plain.height
    shown = " ".join(t.text for t in texts if t.name == "area investments")
    for ship in ships:
        for slot in ship.slots:
            assert f"{slot.id} ({slot.cost})" in shown
    assert not any("…" in t.text for t in texts)
    for t in texts:
        assert t.panel[0] <= t.box[0] and t.box[2] <= t.panel[2] and t.box[3] <= t.panel[3]


def test_every_seat_area_encodes_small(mid) -> None:
    """(How fast an area is drawn is bench.render_speed's figure, not a test's.)"""
    for p in mid.players:
        assert len(encode(RENDERER.board(mid, area=p.seat)).data) <= 400 * 1024


def test_containers_carry_their_companys_letter(drawn) -> None:
    """Colour is never the only cue (issue 32): every container in the production display and
    in the bag count shows its company's letter, in display order and then R B G Y."""
    from render.tidewater.style import COMPANY_ORDER, COMPANY_SHORT

    letters = set(COMPANY_SHORT.values())
    for view, _, texts in drawn:
        shown = sorted(
            (t.box[0], t.text) for t in texts if t.name == "display" and t.text in letters
        )
        expected = [COMPANY_SHORT[c] for c in view.display if c] + [
            COMPANY_SHORT[c] for c in COMPANY_ORDER
        ]
        assert [text for _, text in shown] == expected


def test_containers_aboard_carry_their_companys_letter(mid) -> None:
    from render.tidewater.kit import record_text
    from render.tidewater.style import COMPANY_SHORT

    with record_text() as texts:
        RENDERER.board(mid)
    ships = {s.company: s for s in mid.ships}
    assert any(slot.container for s in mid.ships for slot in s.slots)
    for i, company in enumerate(mid.companies[:4]):
        ship = ships.get(company.id)
        cargo = [COMPANY_SHORT[c.container] for c in ship.slots[:5] if c.container] if ship else []
        panel = [
            t.text for t in texts if t.name == f"company {i}" and t.text in COMPANY_SHORT.values()
        ]
        assert sorted(panel) == sorted(cargo), company.id


def test_navigation_points_carry_their_lines_letter(drawn) -> None:
    """Colour is never the only cue (issue 32): each navigation point on a sea hex shows its
    line's letter (the map's other letters are the ships', below)."""
    from render.tidewater.style import COMPANY_SHORT

    letters = set(COMPANY_SHORT.values())
    seen_any = False
    for view, _, texts in drawn:
        shown = sorted(t.text for t in texts if t.name == "map" and t.text in letters)
        points = [COMPANY_SHORT[co] for s in view.map.sea_hexes for co in s.nav]
        ships = [COMPANY_SHORT[co] for p in view.map.ports for co in p.ships]
        seen_any = seen_any or bool(points)
        assert shown == sorted(points + ships)
    assert seen_any


def test_ships_on_the_map_carry_their_lines_letter(mid) -> None:
    """Colour is never the only cue (issue 32): each ship drawn on the map shows its line's
    letter on its hull, where the ship is docked."""
    from render.tidewater import geometry as g
    from render.tidewater.kit import record_text
    from render.tidewater.style import COMPANY_SHORT

    with record_text() as texts:
        RENDERER.board(mid)
    nav = {(s.id, co) for s in mid.map.sea_hexes for co in s.nav}
    docked = [(p.id, k, co) for p in mid.map.ports for k, co in enumerate(p.ships)]
    assert len(docked) == 4
    letters = [t for t in texts if t.name == "map" and t.text in COMPANY_SHORT.values()]
    assert len(letters) == len(nav) + len(docked)
    for pid, k, co in docked:
        cx, cy = g.dock_pos(pid, k)
        on_hull = [
            t.text for t in letters if t.box[0] < cx < t.box[2] + 60 and t.box[1] < cy < t.box[3]
        ]
        assert on_hull == [COMPANY_SHORT[co]], (pid, co)
