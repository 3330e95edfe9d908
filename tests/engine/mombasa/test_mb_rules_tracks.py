"""Company-track rules not named elsewhere: special-space payouts (R11-R14), the bonus order of a
side (R24), the step procedure (R144), no moving back (R146), pairs read from data (R151) and
only the active player's markers moving (R178) -- through the real movement procedure and the
real Title in seeded games."""

from __future__ import annotations

import copy
import dataclasses

import pytest
import yaml

from engine.mombasa import TITLE, bonus, tracks
from engine.mombasa.data import DATA_PATH, build, data
from engine.mombasa.setup import new_game
from engine.mombasa.tracks import activate_pending, active_bonus_level, advance, company_with_pair
from engine.rng import Rng

BLUE, GREEN, YELLOW, PURPLE = 0, 1, 2, 3


def game(seats: int = 3, tracks_opt: str = "A1,B1,C1,D2"):
    # A1 at Mombasa: special spaces 5 (£1) and 12 (£2); calls £2 before 8 and £3 before 14
    return new_game(5, seats, {"tracks": tracks_opt})


def cash(st) -> list[int]:
    return [p.cash for p in st.players]


def test_R11_ending_a_move_on_a_special_space_pays_it() -> None:
    st = game()
    before = cash(st)
    r = advance(st, BLUE, "mombasa", 5)
    assert r.end == 5 and [s.space for s in r.specials] == [5]
    assert cash(st)[BLUE] == before[BLUE] + 1
    assert cash(st)[GREEN] == before[GREEN] and cash(st)[YELLOW] == before[YELLOW]


def test_R12_passing_a_special_space_in_the_same_move_pays_it() -> None:
    st = game()
    before = cash(st)[BLUE]
    r = advance(st, BLUE, "mombasa", 7)  # passes 5, stops on 7 (the call before 8 not reached)
    assert r.end == 7 and r.specials[0].space == 5 and r.specials[0].paid[0] == (BLUE, 1)
    assert cash(st)[BLUE] == before + 1
    # the second special space (12, £2) passed on the way to 13
    st.players[BLUE].cash = 10
    r = advance(st, BLUE, "mombasa", 6)
    assert r.end == 13 and [s.space for s in r.specials] == [12]
    assert st.players[BLUE].cash == 10 - 2 + 2  # call before 8 paid, £2 for passing 12


def test_R13_every_player_reaching_the_space_is_paid_not_only_the_first() -> None:
    st = game(4)
    for seat in (BLUE, GREEN, YELLOW, PURPLE):
        mine = st.players[seat].cash
        r = advance(st, seat, "mombasa", 6)
        assert r.specials and r.specials[0].paid[0] == (seat, 1)
        # the mover got £1 for the space itself (plus nothing else: no call before 8)
        assert st.players[seat].cash == mine + 1
    assert st.arrivals["mombasa"][0] == [BLUE, GREEN, YELLOW, PURPLE]


def test_R14_earlier_arrivals_are_paid_again_in_arrival_order() -> None:
    st = game(4)
    advance(st, YELLOW, "mombasa", 5)
    advance(st, BLUE, "mombasa", 6)
    before = cash(st)
    r = advance(st, PURPLE, "mombasa", 5)
    assert r.specials[0].paid == ((PURPLE, 1), (YELLOW, 1), (BLUE, 1))
    delta = [a - b for a, b in zip(cash(st), before, strict=True)]
    assert delta == [1, 0, 1, 1]  # Green has not reached it: nothing (R15)
    # on the £2 space the same rule pays £2 "yet again"
    for s in (YELLOW, BLUE):
        st.players[s].cash = 20
        advance(st, s, "mombasa", 12 - st.players[s].track["mombasa"])
    before = cash(st)
    st.players[GREEN].cash = 20
    r = advance(st, GREEN, "mombasa", 12)
    assert [(sp.space, sp.paid) for sp in r.specials] == [
        (5, ((GREEN, 1), (YELLOW, 1), (BLUE, 1), (PURPLE, 1))),
        (12, ((GREEN, 2), (YELLOW, 2), (BLUE, 2))),
    ]
    assert cash(st)[YELLOW] - before[YELLOW] == 3 and cash(st)[BLUE] - before[BLUE] == 3


def test_R24_first_space_unlocks_first_bonus_second_the_second_improved() -> None:
    d = data()
    for side in d.sides.values():
        first, second = side.special_spaces
        assert (first.index, second.index) == (0, 1) and first.space < second.space
    # the first bonus of a pair is weaker than the second (A1: +1 then +2; A2: +1 then +2)
    assert d.bonuses["expansion_value"][0].raw["expansion_value_plus"] == 1
    assert d.bonuses["expansion_value"][1].raw["expansion_value_plus"] == 2
    assert d.bonuses["extra_bonus_markers"][1].raw["bonus_markers_plus"] == 2
    st = game()
    st.players[BLUE].cash = 10
    r = advance(st, BLUE, "mombasa", 5)
    assert r.unlocked == [0] and [(b.company, b.index) for b in st.players[BLUE].bonuses] == [
        ("mombasa", 0)
    ]
    activate_pending(st, BLUE)
    assert active_bonus_level(st, BLUE, "mombasa") == 1
    r = advance(st, BLUE, "mombasa", 7)
    assert r.unlocked == [1]
    activate_pending(st, BLUE)
    assert active_bonus_level(st, BLUE, "mombasa") == 2


def test_R144_each_step_checks_the_call_then_moves_then_resolves_the_space(monkeypatch) -> None:
    """A layout with a capital call directly before a special space shows the order: the call is
    checked first (unpayable: no move, no payout), then the move, then the payout and shares."""
    real = data().sides["A1"]
    call = dataclasses.replace(real.capital_calls[0], before=5, pounds=2)
    side = dataclasses.replace(real, capital_calls=(call, real.capital_calls[1]))
    monkeypatch.setattr(tracks, "side_of", lambda st, company: side)
    st = game()
    p = st.players[BLUE]
    p.track["mombasa"], p.cash = 4, 1
    r = advance(st, BLUE, "mombasa", 3)
    assert (r.moved, r.end, r.specials, p.cash, r.stopped) == (0, 4, [], 1, "call")
    assert st.arrivals["mombasa"][0] == []
    p.cash = 2
    r = advance(st, BLUE, "mombasa", 1)
    # paid £2 (cash 0), moved onto 5, then received £1 there; shares of space 4 (2) kept
    assert (r.end, [c.pounds for c in r.calls_paid], p.cash) == (5, [2], 1)
    assert r.specials[0].space == 5 and r.shares_after == side.shares_at(5)
    # shares change on the space entered: 5 -> 6 reaches the "3 shares" icon
    r = advance(st, BLUE, "mombasa", 1)
    assert (r.shares_before, r.shares_after) == (2, 3)


def test_R146_markers_never_move_back_each_call_paid_once() -> None:
    st = game()
    p = st.players[BLUE]
    p.cash = 20
    with pytest.raises(ValueError):
        advance(st, BLUE, "mombasa", -1)
    r = advance(st, BLUE, "mombasa", 9)  # pays the £2 call before 8
    assert [c.pounds for c in r.calls_paid] == [2]
    paid = []
    for _ in range(12):
        r = advance(st, BLUE, "mombasa", 1)
        paid += [c.before for c in r.calls_paid]
        assert r.end >= r.start
    assert paid == [14]  # only the later call; the one before 8 never again
    assert st.arrivals["mombasa"] == [[BLUE], [BLUE]]  # each arrival recorded once
    assert advance(st, BLUE, "mombasa", 0).moved == 0


def test_R151_the_pair_of_each_side_is_read_from_the_data() -> None:
    d = data()
    raw = yaml.safe_load(DATA_PATH.read_text(encoding="utf-8"))
    for sid, side in d.sides.items():
        assert side.bonus_pair == raw["track_sides"][sid]["bonus_pair"]
    assert d.sides["D2"].bonus_pair == "pay1_advance_other_tracks"  # the SEED exception
    # replacement data that swaps two DESIGN pairs loads, and the sides follow it
    alt = copy.deepcopy(raw)
    ts = alt["track_sides"]
    ts["A1"]["bonus_pair"], ts["A2"]["bonus_pair"] = ts["A2"]["bonus_pair"], ts["A1"]["bonus_pair"]
    swapped = build(alt)
    assert swapped.sides["A1"].bonus_pair == "extra_bonus_markers"
    assert swapped.sides["A2"].bonus_pair == "expansion_value"
    # in a game, each pair is found at the company whose side carries it
    st = game(3, "A2,B2,C2,D1")
    assert company_with_pair(st, "extra_bonus_markers") == "mombasa"
    assert company_with_pair(st, "cotton_discount_then_cotton_plus1") == "cape_town"
    assert company_with_pair(st, "expansion_value") is None
    assert bonus.marker_pair_company(st) == "mombasa"
    view = TITLE.view(st, None)
    for comp in view.companies:
        assert comp.family == d.sides[st.sides[comp.id]].family


def test_R178_only_the_active_players_markers_move() -> None:
    """Whole automatic-player games: on every action-phase move, only the acting seat's track,
    diamond and ink markers move, and only it is appended to an arrival list."""
    for seed, seats in ((3, 2), (4, 3), (5, 4)):
        st = TITLE.setup(seed, seats, {})
        rng = Rng.from_seed(seed)
        while st.phase != "over":
            seat = rng.choice([pr.seat for pr in TITLE.prompts(st)])
            move = TITLE.bot_choice(st, seat, rng)
            acting = st.phase == "action"
            before = TITLE.copy(st)
            TITLE.apply(st, seat, move)
            if not acting:
                continue
            for s, (a, b) in enumerate(zip(before.players, st.players, strict=True)):
                if s == seat:
                    continue
                assert (a.track, a.diamond, a.ink) == (b.track, b.diamond, b.ink)
            for comp in st.arrivals:
                for i in (0, 1):
                    old, new = before.arrivals[comp][i], st.arrivals[comp][i]
                    assert new[: len(old)] == old and set(new[len(old) :]) <= {seat}
