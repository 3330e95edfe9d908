"""The Mombasa Title as the host sees it: registration, options, prompts == choices(()), status
lines, private text, redeal (R179-R183), rules pages."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core import IllegalAction
from engine.mombasa import TITLE
from tests.engine.mombasa.mb_flow_helpers import no_actions, plan_all, planning_state


def test_registered_builtin_and_class_attributes():
    registry.load_builtin()
    assert registry.get("mombasa") is TITLE
    assert (TITLE.name, TITLE.min_seats, TITLE.max_seats, TITLE.rules_version) == (
        "Mombasa",
        2,
        4,
        "1",
    )
    assert TITLE.hidden_hands and TITLE.blurb
    assert [o.name for o in TITLE.options] == ["tracks"]


def test_R199_tracks_option():
    assert TITLE.setup(1, 2, {"tracks": "fixed"}).sides == {
        "mombasa": "A1",
        "cape_town": "B1",
        "saint_louis": "C1",
        "cairo": "D1",
    }
    with pytest.raises(IllegalAction):
        TITLE.setup(1, 2, {"colour": "x"})


def test_R199_an_explicit_deal_is_checked_and_tidied_for_the_host():
    (tracks,) = TITLE.options
    assert tracks.example == "A1,B2,C2,D1" and TITLE.check_option("tracks", tracks.example)
    assert TITLE.check_option("tracks", "a1, b2,C2 ,d1") == "A1,B2,C2,D1"
    for bad in ("A1,B2,C2", "A1,A2,C2,D1", "E1,B2,C2,D1", "random-ish"):
        with pytest.raises(IllegalAction, match="A deal gives the sides for Mombasa"):
            TITLE.check_option("tracks", bad)


def test_R53_seat_counts():
    for n in (2, 3, 4):
        assert len(TITLE.setup(1, n, {}).players) == n
    with pytest.raises(IllegalAction):
        TITLE.setup(1, 5, {})


def test_prompts_equal_top_menus_and_status_lines(monkeypatch):
    no_actions(monkeypatch)
    st = TITLE.setup(2, 3, {})
    assert TITLE.status_line(st) == "Setup · Starting tiles: 0 of 3 have chosen"
    for p in TITLE.prompts(st):
        assert TITLE.choices(st, p.seat, ()) == p
    st = planning_state(3)
    TITLE.apply(st, 1, "plan:-")
    assert TITLE.status_line(st) == "Round 1 of 7 · Planning: 1 of 3 have planned"
    for p in TITLE.prompts(st):
        assert TITLE.choices(st, p.seat, ()) == p
    assert TITLE.choices(st, 1, ()) is None
    plan_all(st)
    assert TITLE.status_line(st) == "Round 1 of 7 · Preparation: 0 of 3 have chosen a pile"
    assert [TITLE.seat_label(st, s) for s in range(3)] == ["Blue", "Green", "Yellow"]


def test_R179_private_text_shows_own_hand_and_confirmed_plan():
    st = TITLE.setup(2, 2, {})
    assert "starting tiles" in TITLE.private_text(st, 0)
    st = planning_state(2)
    assert TITLE.private_text(st, 0).startswith("Your hand (7 cards)")
    TITLE.apply(st, 0, "plan:2=0")
    assert "Your confirmed plan: slot 2" in TITLE.private_text(st, 0)


def test_R181_R183_redeal_keeps_every_view_and_changes_hidden_things():
    st = TITLE.setup(4, 3, {})
    TITLE.apply(st, 1, "start:1")
    for viewer in (None, 0, 1, 2):
        other = TITLE.redeal(st, viewer, st.rng.fork(viewer or 9))
        assert TITLE.view(other, viewer) == TITLE.view(st, viewer)
    st = planning_state(3)
    TITLE.apply(st, 2, "plan:2=0,3=1")
    other = TITLE.redeal(st, 0, st.rng.fork(5))
    assert TITLE.view(other, 0) == TITLE.view(st, 0)
    assert other.deck != st.deck and other.book_supply != st.book_supply
    assert other.players[0].hand == st.players[0].hand
    assert [len(p.hand) for p in other.players] == [len(p.hand) for p in st.players]


def test_apply_refuses_back_steps_and_other_seats():
    st = planning_state(2)
    before = TITLE.encode(st)
    for seat, move in ((0, "back"), (0, "pass"), (5, "plan:-"), (0, "start:0")):
        with pytest.raises(IllegalAction):
            TITLE.apply(st, seat, move)
    assert TITLE.encode(st) == before


def test_rules_pages_are_short_markdown():
    pages = TITLE.rules_pages()
    assert 3 <= len(pages) <= 5 and all(len(p) < 1800 for p in pages)
