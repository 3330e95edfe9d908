"""The warning labels' shortcuts (traps.py) against the plain computations they replace, over
seeded games: the one-pass `_cannot_all` and `_pending_all`, and the whole menus (sub-menus and
prompts) with the `_try` results shared between searches and finished searches reused
(`_DOOMED`) against menus that try everything afresh, search every position anew and look at
the log and the stack action by action; and the facts the shortcuts rest on."""

from __future__ import annotations

import re

import pytest

from engine.benares import menus, prompts, traps
from engine.benares.state import State
from engine.core import BACK, CHAIN, REPEAT, Event, Prompt
from engine.rng import Rng
from tests.engine.benares.bc_helpers import T

GAMES = [(2, 21, {}), (3, 22, {"intertwined_blocks": "on"}), (4, 23, {"open_hands": "on"})]


def _positions(seats: int, seed: int, options: dict[str, str]) -> list[tuple[State, int]]:
    """(state, deciding seat) of every decision of a game played by the bot."""
    st = T.setup(seed, seats, options)
    rng = Rng.from_seed(seed)
    out = []
    while T.result(st) is None:
        seat = T.deciding(st)[0]
        out.append((T.copy(st), seat))
        T.apply(st, seat, T.bot_choice(T.copy(st), seat, rng.fork(len(out))))
    return out


@pytest.fixture(scope="module")
def positions() -> list[tuple[State, int]]:
    return [p for game in GAMES for p in _positions(*game)]


def _menus(st: State, seat: int) -> list[Prompt | None]:
    """The prompts, the seat's menu and every sub-menu one step down, warnings worked out anew."""
    traps._cache.clear()
    out: list[Prompt | None] = list(T.prompts(st))
    top = T.choices(st, seat, ())
    out.append(top)
    for c in top.choices if top else []:
        if c.step and c.id != BACK:
            traps._cache.clear()
            out.append(T.choices(st, seat, (c.id,)))
    return out


class _Afresh(traps._Tries):
    """Every continuation tried anew, as before the results were shared."""

    def get(self, st: State, cid: str) -> traps.Tried:
        return traps._try(st, cid)


def _cannot_each(ev: list[Event], seat: int) -> dict[str, re.Match[str]]:
    found = {w: traps._cannot(ev, seat, w) for w in traps._WHICH}
    return {w: m for w, m in found.items() if m is not None}


def _pending_each(st: State, seat: int) -> set[str]:
    return {w for w in traps._WHICH if traps._pending(st, seat, w)}


def test_one_pass_checks_match_the_plain_ones(positions) -> None:
    tried = 0
    for st, seat in positions:
        for p in _menus(st, seat):
            for c in p.choices if p else []:
                if c.step or c.id == BACK or CHAIN in c.id or REPEAT in c.id:
                    continue  # (a chain is several decisions: engine.benares.chains)
                out = traps._try(st, c.id)
                if out is None:
                    continue
                new, ev = out
                tried += 1
                fast = {w: m.group(0) for w, m in traps._cannot_all(ev, seat).items()}
                assert fast == {w: m.group(0) for w, m in _cannot_each(ev, seat).items()}
                assert traps._pending_all(new, seat) == _pending_each(new, seat)
    assert tried > 100


def test_menus_match_the_plain_search(positions, monkeypatch) -> None:
    fast = [_menus(st, seat) for st, seat in positions]
    monkeypatch.setattr(traps, "_Tries", _Afresh)
    monkeypatch.setattr(traps, "_cannot_all", _cannot_each)
    monkeypatch.setattr(traps, "_pending_all", _pending_each)
    monkeypatch.setattr(traps, "REUSE", False)
    monkeypatch.setattr(traps, "QUIET_PLAYS", False)
    plain = [_menus(st, seat) for st, seat in positions]
    traps._cache.clear()
    assert fast == plain
    warned = sum(1 for ms in plain for p in ms if p and any(" — " in c.label for c in p.choices))
    assert warned > 10  # the comparison covers labels with warnings


def _moves(st: State, seat: int) -> list[str]:
    """Every complete move of the seat's decision: a turn's plays of every card, else the
    listed choices."""
    t = st.stack[-1]
    if t.kind == "turn":
        hand = st.companies[seat].hand
        return [c.id for card in hand for c in menus.play_choices(st, seat, card)]
    return [c.id for c in prompts.bare_options(st, t) if not c.step]


def test_own_only_moves_change_no_other_company(positions) -> None:
    """The fact `traps.own_only` rests on (its copies share the other companies)."""
    checked = 0
    for st, seat in positions:
        if not traps.own_only(st):
            continue
        others = [(s, T.copy(st).companies[s]) for s in range(st.seats) if s != seat]
        for cid in _moves(st, seat):
            new = T.copy(st)
            T.apply(new, seat, cid)
            assert all(new.companies[s] == c for s, c in others), cid
            checked += 1
    assert checked > 1000


def test_the_rules_never_read_the_log(positions) -> None:
    """The fact `traps._DOOMED` rests on: a move from a position without its log lines gives
    the same events and position (its log lines aside)."""
    checked = 0
    for st, seat in positions[::3]:
        for cid in _moves(st, seat):
            full, bare = T.copy(st), T.copy(st)
            bare.recent, bare.last, bare.last_text = [], [], []
            assert T.apply(full, seat, cid) == T.apply(bare, seat, cid), cid
            assert traps._bare(full) == traps._bare(bare), cid
            checked += 1
    assert checked > 1000


def test_quiet_plays_warn_of_nothing(positions, monkeypatch) -> None:
    """The fact `traps.quiet_play` rests on: tried, such a play's label has no warning."""
    quiet = 0
    for st, seat in positions:
        t = st.stack[-1]
        if t.kind != "turn":
            continue
        for card in st.companies[seat].hand:
            for c in menus.play_choices(st, seat, card):
                if not traps.quiet_play(st, t, c.id):
                    continue
                monkeypatch.setattr(traps, "QUIET_PLAYS", False)
                assert traps._warn(st, t, c) == c
                monkeypatch.setattr(traps, "QUIET_PLAYS", True)
                quiet += 1
    assert quiet > 1000
