"""The menus' shortcuts give what the long way gives: a draft's entry found in its own module,
'is there a target / a purchase / an argument' without listing them, and the expand menu's
'last post' mark read off the walk instead of trying the move on a copy. Checked at every
action-phase position of automatic games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.mombasa import TITLE as T
from engine.mombasa import expand, expand_menu, prompts, rounds
from engine.mombasa import map as geo
from engine.mombasa.bot import fast
from engine.mombasa.state import State, clone
from engine.rng import Rng

GAMES = [(101, 2, {}), (102, 3, {"tracks": "fixed"}), (103, 4, {}), (104, 3, {})]


def action_positions(seed: int, seats: int, opts: dict[str, str]) -> Iterator[tuple[State, int]]:
    """(state, seat to act) at every action-phase turn of an automatic game."""
    st = T.setup(seed, seats, opts)
    k = 0
    while T.result(st) is None:
        p = T.prompts(st)[0]
        if st.phase == "action":
            yield st, p.seat
        T.apply(st, p.seat, T.bot_choice(st, p.seat, Rng.from_seed(seed * 100 + k)))
        k += 1


def check_entries(st: State, seat: int) -> None:
    menu = prompts.choices(st, seat, ())
    for c in menu.choices:
        if c.step and c.id.endswith(prompts.STEP_MARK):  # listed in its entry's place
            mod, entry = prompts._inline_entry(st, seat, c.id)
            assert rounds.offer_owner(st, seat, entry.id) is mod
            assert c.id[: -len(prompts.STEP_MARK)] in {
                x.id for x in mod.steps(st, seat, (entry.id,))
            }
        elif c.step:
            assert prompts._entry(st, seat, c.id) == (rounds.offer_owner(st, seat, c.id), c)


def check_shortcuts(st: State, seat: int) -> None:
    for what, quick, plain in fast.pairs(st, seat):  # (engine/mombasa/bot/fast.py)
        assert quick == plain, what


def check_expand(st: State, seat: int) -> int:
    """Every area option of the first two posts: the shortcut agrees with replaying the move.
    Returns how many the shortcut decided."""
    decided = 0
    for company in expand.companies(st, seat):
        tokens = ""
        for _ in range(2):
            w, opts = expand.walk(clone(st), seat, company, tokens)
            if not opts or not w.at_area:
                break
            targets = geo.legal_targets(w.st, company, w.points)
            for o in opts:
                ends = not expand.Walk(clone(st), seat, company).feed(tokens + o.token)
                assert (not expand_menu._fork(w).feed(o.token)) == ends
                fast = expand_menu._ends(w, targets[geo.area_of_token(o.token)])
                assert fast in (None, ends)
                decided += fast is not None
            tokens += opts[-1].token
    return decided


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_menu_shortcuts_agree(seed: int, seats: int, opts: dict[str, str]) -> None:
    decided = 0
    for st, seat in action_positions(seed, seats, opts):
        check_entries(st, seat)
        check_shortcuts(st, seat)
        decided += check_expand(st, seat)
    assert decided > 20  # the shortcut is really exercised
