"""The Benares board reads on a phone (issue 12): texts stay inside their panels and none is
smaller than the minimum, the key is there for every seat count, turn order labels are
well-formed, the end board's VP figures agree, boats on different spaces are drawn apart, and
the 'last' area shows what the seat to play has missed, most important first."""

from __future__ import annotations

import re

import msgspec
import pytest

from engine.benares import TITLE
from engine.benares.view import LogEntry
from render.benares import RENDERER, board, panels, river
from render.benares import style as st
from render.benares.recent import headline, since_last_turn
from render.benares.samples import first_action_game, game
from render.core import encode


def _texts(view) -> list[st.DrawnText]:
    board.clear_caches()
    with st.recording() as texts:
        RENDERER.board(view)
    board.clear_caches()
    return list(texts)


@pytest.fixture(scope="module")
def games():
    return {
        "start2": first_action_game(3, 2),
        "start3": first_action_game(3, 3),
        "mid4": game(11, 4, 120),
        "end3": game(3, 3),
        "end4": game(7, 4),
    }


def test_every_text_is_inside_its_panel_and_large_enough(games) -> None:
    for name, g in games.items():
        texts = _texts(g.view())
        assert len(texts) > 200, name
        for t in texts:
            assert t.panel_box is not None, (name, t.text)
            x0, y0, x1, y1 = t.box
            px0, py0, px1, py1 = t.panel_box
            assert px0 <= x0 and py0 <= y0 and x1 <= px1 and y1 <= py1, (name, t.panel, t)
            assert t.size >= st.MIN_TEXT >= 20, (name, t.text, t.size)


def test_the_panel_check_can_fail() -> None:
    with st.recording() as texts, st.panel("tiny", (0, 0, 40, 40)):
        from PIL import Image

        from render.benares.palette import PALETTE
        from render.canvas import Draw

        st.ctext(Draw(Image.new("L", (100, 100)), PALETTE), (20, 20), "far too wide", 22)
    (t,) = texts
    assert t.box[2] > t.panel_box[2]


def test_area_texts_fit_too(games) -> None:
    view = games["mid4"].view()
    board.clear_caches()
    with st.recording() as texts:
        RENDERER.board(view, area=1)
    for t in texts:
        x0, y0, x1, y1 = t.box
        px0, py0, px1, py1 = t.panel_box
        assert px0 <= x0 and py0 <= y0 and x1 <= px1 and y1 <= py1, t
        assert t.size >= st.MIN_TEXT


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_legend_for_every_seat_count(seats: int) -> None:
    texts = _texts(first_action_game(5, seats).view())
    legend = [t.text for t in texts if t.panel == "legend"]
    assert "HOW TO READ THE BOARD" in legend
    assert any("cost in moves" in t for t in legend)
    assert any("cost" in t.text and "moves" in t.text for t in texts if t.panel == "map") or any(
        t.text == "in moves" for t in texts if t.panel == "map"
    )


def test_ordinals() -> None:
    assert [panels.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd",
    ]  # fmt: skip


@pytest.mark.parametrize("name", ["start2", "mid4", "end4"])
def test_turn_order_labels_are_well_formed(games, name: str) -> None:
    view = games[name].view()
    texts = [t for t in _texts(view) if t.panel.startswith("order:")]
    heads = [t.text.removeprefix("▶ ") for t in texts if "Seat" in t.text]
    assert len(heads) == view.seats
    for i, head in enumerate(heads):
        assert re.fullmatch(rf"{panels.ordinal(i + 1)} Seat [1-4]", head), head
    assert not any(re.search(r"Seat \d+\d(st|nd|rd|th)", t.text) for t in _texts(view))


@pytest.mark.parametrize("name", ["end3", "end4"])
def test_end_board_vp_figures_agree(games, name: str) -> None:
    view = games[name].view()
    assert view.over
    texts = _texts(view)
    for co in view.companies:
        assert co.score is not None
        shown = []
        for t in texts:
            if t.panel in (f"company:{co.seat}", f"order:{co.seat}"):
                shown += [int(n) for n in re.findall(r"(?<![+\d])(\d+) VP\b", t.text)]
                m = re.search(r"(\d+) in play \+ (\d+) end", t.text)
                if m:
                    assert int(m[1]) == co.vp and int(m[1]) + int(m[2]) == co.score, t.text
        assert shown and set(shown) == {co.score}, (co.seat, shown, co.score, co.vp)
    assert any(co.vp != co.score for co in view.companies)  # the check can fail


def test_boats_on_different_spaces_are_drawn_apart() -> None:
    order = tuple(river.POS)
    placed = [(sid, seat, river.boat_at(sid, seat, order)) for sid in order for seat in range(4)]
    w, h = river.BOAT_W, int(river.BOAT_W * 0.92)
    for i, (sa, ka, (xa, ya)) in enumerate(placed):
        assert w / 2 <= xa <= river.MAP_W - w / 2 and h / 2 <= ya <= river.MAP_H - h / 2
        for sb, kb, (xb, yb) in placed[i + 1 :]:
            assert abs(xa - xb) >= w or abs(ya - yb) >= h, (sa, ka, sb, kb)
        # each boat is nearer its own space than any other
        near = min(order, key=lambda s: (river.POS[s][0] - xa) ** 2 + (river.POS[s][1] - ya) ** 2)
        assert near == sa, (sa, ka, near)
    # W3 and N1, drawn stacked before: apart
    a, b = river.boat_at("W3", 0, order), river.boat_at("N1", 3, order)
    assert abs(a[0] - b[0]) >= w or abs(a[1] - b[1]) >= h


def test_recent_lines_since_the_readers_last_turn() -> None:
    log = [
        LogEntry(0, "Seat 1 plays Silk +1 / Move 2 on space 2 as a Development play."),
        LogEntry(1, "Seat 2 plays Any good +1 / Move 5 on space 6 as a Logistics play."),
        LogEntry(1, "Seat 2 does the card action first."),
        LogEntry(1, "Seat 2 moves W3 ⇒ E4 (Rajmahal Hills Road)."),
        LogEntry(1, "Seat 2 sells 3 Saltpetre crates in Calcutta (CAL) for ₹15."),
        LogEntry(2, "Seat 3 uses Cotton +1: marker 0 → 1."),
    ]
    got = since_last_turn(log, 0)
    assert [e.seat for e in got] == [1, 1, 1, 1, 2]
    assert since_last_turn(log + [LogEntry(0, "x")], 0) == got + [LogEntry(0, "x")]
    view = TITLE.view(first_action_game(3, 4).state, None)
    view = msgspec.structs.replace(view, current=0, recent=got)
    title, lines = headline(view)
    assert title == "Since Seat 1's last turn"
    assert lines[0].startswith("Seat 2 sells")  # most important first
    assert not any("action first" in ln for ln in lines)  # no filler
    assert len(lines) <= 4
    texts = [t.text for t in _texts(view) if t.panel == "header"]
    assert any(t.startswith("Seat 2 sells") for t in texts)


def test_size(games) -> None:
    """Every board fits Discord comfortably (its speed is bench.render_speed's, not a test's)."""
    views = [games["mid4"].view(), games["end4"].view(), games["start3"].view()]
    assert max(len(encode(RENDERER.board(v)).data) for v in views) <= 400 * 1024
