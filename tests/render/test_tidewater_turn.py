"""Tidewater's turn image (issue 32): the map, whose turn it is, what changed since that seat
last played and every seat's standing, in a frame Discord's channel and a phone read."""

from __future__ import annotations

import msgspec
import numpy as np
import pytest
from PIL import Image

from engine.rng import Rng
from engine.tidewater import TITLE
from engine.tidewater.view import LastView
from render.core import encode
from render.tidewater import RENDERER
from render.tidewater import style as st
from render.tidewater.samples import end_view, mid_view, play_until, start_view
from render.tidewater.turn_map import MAP_BOX, SIDE_BOX
from tests.render import frames


def _views() -> list:
    return [
        start_view(2),
        start_view(3),
        start_view(4),
        mid_view(4),
        mid_view(3, seed=4),
        mid_view(2, seed=6),
        end_view(4),
        end_view(3, seed=2),
        play_until(4, 3, lambda v, n: v.phase == "payout_prompt"),
        play_until(9, 4, lambda v, n: v.phase == "start_window"),
        play_until(8, 3, lambda v, n: n > 60, options={"short_game": "on"}),
    ]


@pytest.fixture(scope="module")
def drawn() -> list[tuple]:
    out = []
    for view in _views():
        image, texts = frames.drawn_with_texts(lambda view=view: RENDERER.turn(view))
        out.append((view, image, texts))
    return out


@pytest.fixture(scope="module")
def mid():
    return mid_view(4)


def test_the_positions_cover_every_phase_and_seat_count(drawn) -> None:
    phases = {v.phase for v, _, _ in drawn}
    assert phases == {"turn_window", "start_window", "payout_prompt", "game_over"}
    assert {len(v.players) for v, _, _ in drawn} == {2, 3, 4}


def test_the_turn_image_is_landscape_and_wide_enough(drawn) -> None:
    for _, image, _ in drawn:
        frames.assert_turn_shape(image.size)
        assert image.size == (1200, 900)  # 4:3 fills the 400 x 300 channel frame


def test_no_text_under_30_px_on_a_phone(drawn) -> None:
    for _, image, texts in drawn:
        frames.assert_phone_readable(image, texts)


def _near(image: Image.Image, box: tuple[float, ...], colour: tuple[int, int, int]) -> int:
    """How many pixels of `box` are within 4 of `colour` (each channel)."""
    part = np.asarray(image.convert("RGB").crop(tuple(round(v) for v in box)), dtype=int)
    return int((np.abs(part - np.array(colour)) <= 4).all(axis=2).sum())


def test_every_seat_shows_its_colour_and_its_number(drawn) -> None:
    """Each seat's disc is found, in its colour, in the standings of the phone-fitted image,
    and its number is drawn on it (colour is never the only cue)."""
    for view, image, texts in drawn:
        phone = frames.fitted(image, frames.PHONE)
        s = frames.scale(image.size, frames.PHONE)
        side = tuple(v * s for v in SIDE_BOX)
        numbers = [t for em, t in texts if em * s >= frames.PHONE_MIN_TEXT]
        for p in view.players:
            assert _near(phone, side, st.player_rgb(p.seat)) >= 300, (view.phase, p.seat)
            assert str(p.seat + 1) in numbers, (view.phase, p.seat)
        assert all(p.label in " ".join(t for _, t in texts) for p in view.players)


def test_ships_points_and_ports_carry_their_lines_letter(drawn) -> None:
    """Every ship on the map, every navigation point and every company port shows its line's
    letter: the letters drawn are exactly those."""
    letters = set(st.COMPANY_SHORT.values())
    for view, _, texts in drawn:
        shown = sorted(t for _, t in texts if t in letters)
        ships = [st.COMPANY_SHORT[co] for p in view.map.ports for co in p.ships]
        points = [st.COMPANY_SHORT[co] for s in view.map.sea_hexes for co in s.nav]
        ports = [st.COMPANY_SHORT[p.company] for p in view.map.ports if p.kind == "company"]
        assert len(ships) == 4
        assert shown == sorted(ships + points + ports)


def test_without_ships_their_letters_are_gone(mid) -> None:
    ports = [msgspec.structs.replace(p, ships=[]) for p in mid.map.ports]
    bare = msgspec.structs.replace(mid, map=msgspec.structs.replace(mid.map, ports=ports))
    _, full = frames.drawn_with_texts(lambda: RENDERER.turn(mid))
    _, none = frames.drawn_with_texts(lambda: RENDERER.turn(bare))
    letters = set(st.COMPANY_SHORT.values())
    assert (
        len([t for _, t in full if t in letters]) - len([t for _, t in none if t in letters]) == 4
    )


def _hilite(image: Image.Image) -> int:
    return _near(image, MAP_BOX, st.HILITE)


def test_the_change_since_the_readers_last_turn_is_outlined_on_the_map(mid) -> None:
    """The mid position follows deliveries and sailings by other seats: the ships and the
    market they went to are outlined; a view with no recent moves outlines nothing."""
    from render.tidewater.news import map_changes

    changed = map_changes(mid)
    assert any(k.startswith("ship:") for k in changed)
    assert any(k.startswith("port:M_") for k in changed)
    assert _hilite(RENDERER.turn(mid)) > 500
    quiet = msgspec.structs.replace(mid, recent=[], last=LastView(None, "", [], []))
    assert map_changes(quiet) == set()
    assert _hilite(RENDERER.turn(quiet)) < 50  # the odd blended edge, no outline


def test_every_position_outlines_exactly_when_the_map_changed(drawn) -> None:
    from render.tidewater.news import map_changes

    outlined = 0
    for view, image, _ in drawn:
        keys = {k for k in map_changes(view) if k.split(":")[0] in ("ship", "port", "sea", "hex")}
        if keys:
            outlined += 1
            assert _hilite(image) > 1000, (view.phase, keys)
        else:
            assert _hilite(image) < 50, view.phase
    assert outlined >= 4


def test_the_changes_are_told_in_words(mid) -> None:
    _, texts = frames.drawn_with_texts(lambda: RENDERER.turn(mid))
    words = [t for _, t in texts]
    assert any(t.startswith("SINCE ") for t in words)
    assert any("delivers" in t for t in words)


def test_only_the_public_view_is_drawn_and_the_bag_order_never_shows() -> None:
    """Tidewater hides only the order of future draws: two states that differ in it alone give
    the same turn image, byte for byte."""
    state = TITLE.setup(11, 3, {})
    bot = Rng.from_seed(5)
    for _ in range(40):
        seat = TITLE.prompts(state)[0].seat
        TITLE.apply(state, seat, TITLE.bot_choice(state, seat, bot))
    other = msgspec.structs.replace(state, rng=Rng.from_seed(12345))
    a = encode(RENDERER.turn(TITLE.view(state, None))).data
    b = encode(RENDERER.turn(TITLE.view(other, None))).data
    assert a == b
    with pytest.raises(TypeError):
        RENDERER.turn(state)


def test_the_same_view_gives_the_same_bytes(mid) -> None:
    a = encode(RENDERER.turn(mid)).data
    b = encode(RENDERER.turn(msgspec.convert(msgspec.to_builtins(mid), type(mid)))).data
    assert a == b
    assert len(a) <= 200 * 1024


def test_a_move_outlines_the_pieces_its_line_names(mid) -> None:
    """The log keeps no highlight set per move: the ship and the port it went to (named last),
    the hex loaded from and the sea hexes of points are found by their display names."""
    from engine.tidewater.view import MoveView
    from render.tidewater.news import map_changes

    other = next(p.seat for p in mid.players if p.seat != mid.active_seat)
    name = {c.id: c.name for c in mid.companies}
    log = [
        MoveView(other, "sail", [f"Seat 9 sails the {name['RED']} ship from North Market to Red port."]),
        MoveView(other, "load", [f"Seat 9 loads a blue container from the Blue company hex into slot 1 of the {name['GREEN']} ship."]),
        MoveView(other, "nav", [f"Seat 9 places a {name['BLUE']} point on sea hex x for 2 credits."]),
        MoveView(other, "fund", ["Seat 9 takes Funding of 1 credit near sea hex a1."]),
    ]  # fmt: skip
    view = msgspec.structs.replace(mid, recent=log, last=LastView(None, "", [], []))
    assert map_changes(view) == {"ship:RED", "port:P_RED", "ship:GREEN", "hex:H_BLU", "sea:x"}
