"""Player-facing text (events, prompts, labels, status line, rules pages, refusals) uses the
display names of the data, never raw ids; the ids themselves stay stable."""

from __future__ import annotations

import copy
import re

import pytest

from engine.core import BACK, MAX_CHOICE_ID, MAX_LABEL, IllegalAction
from engine.rng import Rng
from engine.tidewater import names as nm
from engine.tidewater.data import DataError, raw_data, rules_for, validate
from tests.engine.tidewater.tw_helpers import T, act, arrange, give, new

#: Raw ids: "H_RED", "P_YEL", "M_NORTH", ship slots "S3", company ids "GREEN", bare sea hexes
#: ("a1", "x") unless written as "sea hex a1"; plus "1 credits" and "a Atlas".
RAW = re.compile(
    r"\b[HPM]_[A-Z]+\b|\bS[1-5]\b|\b(RED|BLUE|GREEN|YELLOW)\b|\b1 credits\b|\ba [AEIOU]"
)
SEA = re.compile(r"\b(?:[abcdnswef]1|x)\b")


def raw_ids_in(text: str) -> list[str]:
    bare = re.sub(r"sea hex (?:[a-z]\d?)", "", text)
    found = [m.group(0) for m in RAW.finditer(bare)]
    return found + [m.group(0) for m in SEA.finditer(bare)]


def walk_menus(state, seen: list[str]) -> None:
    """Every prompt text and label reachable from here (sub-menus two levels deep)."""
    for p in T.prompts(state):
        walk_draft(state, p.seat, (), seen)


def walk_draft(state, seat: int, draft: tuple[str, ...], seen: list[str]) -> None:
    p = T.choices(state, seat, draft)
    assert p is not None
    seen.append(p.text)
    for c in p.choices:
        seen.append(c.label)
        assert len(c.id) <= MAX_CHOICE_ID and len(c.label) <= MAX_LABEL, c
        if c.step and c.id != BACK and len(draft) < 2:
            walk_draft(state, seat, (*draft, c.id), seen)


@pytest.mark.parametrize("seats", [2, 4])
def test_no_raw_ids_in_player_text(seats: int) -> None:
    state = new(seats, 11 + seats, terminal_fee="on")
    rng = Rng.from_seed(seats)
    texts: list[str] = [*T.rules_pages()]
    n = 0
    while T.result(state) is None:
        if n % 7 == 0:
            walk_menus(state, texts)
        texts.append(T.status_line(state))
        seat = T.prompts(state)[0].seat
        texts += [e.text for e in T.apply(state, seat, T.bot_choice(state, seat, rng))]
        texts += T.view(state, None).last.lines
        n += 1
    texts.append(T.status_line(state))
    bad = {t: raw_ids_in(t) for t in texts if raw_ids_in(t)}
    assert not bad, list(bad.items())[:5]


def test_refusals_name_places_not_ids() -> None:
    s = new(3)
    arrange(s, {0: [1, 2, 0]})
    give(s, 0, "RED", 1)
    refusals = []
    for cid in (
        "sail:RED:M_NORTH",  # no route
        "sail:RED:P_RED",  # already there
        "nav:move:RED:a1:n1",  # no point on a1 (and not the CEO of nothing)
        "deliver:RED:S1",  # not at a market
        "load:RED:S3",  # slot not open
        "invest:RED:S1",  # not an investment slot
    ):
        with pytest.raises(IllegalAction) as err:
            act(s, cid)
        refusals.append(str(err.value))
    assert not [r for r in refusals if raw_ids_in(r)], refusals
    assert "Red port" in refusals[0] and "North Market" in refusals[0]
    assert "sea hex a1" in refusals[2]
    assert refusals[4].startswith("Slot 3 ")


def test_choice_ids_keep_their_raw_form() -> None:
    """Labels changed, ids did not: action logs stay replayable."""
    s = new(3)
    arrange(s, {0: [1, 2, 0]})
    give(s, 0, "RED", 1)
    menu = T.choices(s, 0, ())  # (few loads: on the top-level menu)
    ids = [c.id for c in menu.choices]
    assert "load:RED:S1" in ids
    label = next(c.label for c in menu.choices if c.id == "load:RED:S1")
    assert (
        label == "Load a red container at Red port into slot 1 of the Atlas Line ship (cost 1 time)"
    )


def test_view_carries_display_names() -> None:
    v = T.view(new(3), None)
    names = {p.id: p.name for p in v.map.ports}
    assert names["M_FAR"] == "Far Market" and names["P_YEL"] == "Yellow port"
    assert {h.id: h.name for h in v.map.company_hexes}["H_GRN"] == "Green company hex"
    assert {h.id: h.name for h in v.map.sea_hexes}["x"] == "sea hex x"


def test_display_names_live_in_data() -> None:
    r = rules_for(())
    assert r.place_names["M_NORTH"] == raw_data()["names"]["ports"]["M_NORTH"]
    assert r.slot_names["S4"] == raw_data()["names"]["slots"]["S4"]
    bad = copy.deepcopy(raw_data())
    del bad["names"]["sea_hexes"]["f1"]
    with pytest.raises(DataError, match="f1"):
        validate(bad)


def test_shortcut_menus_keep_old_chains_replayable() -> None:
    """A lone trade part is offered as a complete move; an old chain that opened its
    confirmation sub-menu (">trade:PART") replays to the same state once its menu steps (which
    are no moves any more) are dropped, and those steps are refused, changing nothing."""
    s = new(3)
    arrange(s, {0: [1, 2, 0]})
    ids = [c.id for c in T.choices(s, 0, (">trade",)).choices]
    assert "trade:buy:RED:u" in ids and ">trade:buy:RED:u" not in ids  # nothing to sell
    with pytest.raises(IllegalAction, match="not available"):
        T.choices(s, 0, (">trade", ">trade:buy:RED:u"))  # a menu that is not listed
    direct = T.copy(s)
    act(direct, "trade:buy:RED:u")
    before = T.encode(s)
    for step in (">trade", ">trade:buy:RED:u"):
        with pytest.raises(IllegalAction, match="not a move"):
            act(s, step)
    assert T.encode(s) == before
    act(s, "trade:buy:RED:u")
    assert T.encode(s) == T.encode(direct)


# ---- readable log lines (UX review) -------------------------------------------------------------
def _fresh():
    s = new(2, seed=3)
    arrange(s, {0: [0], 9: [1]})
    return s


def test_combined_trade_reads_as_two_sentences() -> None:
    s = _fresh()
    give(s, 0, "BLUE", 1)
    blue = s.company("BLUE").stock
    lines = [e.text for e in act(s, "trade:sell:BLUE+buy:RED:u")]
    boreal, atlas = nm.company(s, "BLUE"), nm.company(s, "RED")
    assert lines[0] == (
        f"Seat 1 sells a {boreal} share to the bank for {nm.credits(blue)}, dropping its stock "
        f"to {s.company('BLUE').stock} (1 time, now on step 1)."
    )
    assert lines[1].startswith(f"Seat 1 also buys an {atlas} share from the company for ")
    assert lines[1].endswith("paid into the line's treasury.")


def test_two_navigation_points_read_as_two_lines() -> None:
    s = _fresh()
    give(s, 0, "RED", 1)
    lines = [e.text for e in act(s, "nav:place:RED:a1+place:RED:n1")]
    assert lines[0].startswith("Seat 1 places an Atlas Line point on sea hex a1 for 1 credit ")
    assert lines[0].endswith("from the line's treasury (2 time, now on step 2).")
    assert lines[1].startswith("Seat 1 also places an Atlas Line point on sea hex n1 ")
    assert "(" not in lines[1]


def test_status_line_is_short_and_the_prompt_carries_the_numbers() -> None:
    s = _fresh()
    s.players[0].credits = 7
    status = T.status_line(s)
    assert status == "Round 1/3, Time Track: Seat 1 to act."
    text = T.prompts(s)[0].text
    assert "step 0 of 16" in text and "7 credits" in text and "round" not in text.lower()


def test_stock_moves_and_same_colour_advertise() -> None:
    assert nm.stock_moves(5, 6) == "rises to 6" and nm.stock_moves(5, 4) == "drops to 4"
    assert nm.stock_moves(3, 3) == "stays at 3"
    s = _fresh()
    s.queue[0] = s.queue[1]
    colour = s.queue[0].lower()
    line = act(s, "adv:1")[0].text
    assert f"swaps demand positions 1 and 2, both {colour}" in line


@pytest.mark.parametrize("seats", [2, 4])
def test_bot_game_lines_are_short_and_plain(seats: int) -> None:
    state = new(seats, 5 + seats)
    rng = Rng.from_seed(seats + 1)
    lines: list[str] = []
    while T.result(state) is None:
        seat = T.prompts(state)[0].seat
        lines += [e.text for e in T.apply(state, seat, T.bot_choice(state, seat, rng))]
    assert lines and not [t for t in lines if len(t) > 160]
    assert not [t for t in lines if "is now" in t and "stock" in t]  # says rises/drops/stays
    assert not [t for t in lines if ") (" in t or "wage of 0 credits" in t]
    assert "points (" in T.result(state).details
