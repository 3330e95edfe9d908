"""Warning labels: a choice whose action cannot happen says so before it is chosen (issue 12).

Each offered choice is tried on a copy of the state with the engine itself (moves.decide, so the
rule functions the effect uses decide, nothing is restated here). Its label then names:
* every action of the play that this choice leaves with no way to happen ("cannot use the ...
  action" in the log, now or in every continuation of the play), and
* every step or effect it loses outright ("... lost", "gives nothing", "nothing happens").
The rules allow all of these (R76: a play may do nothing), so the choices stay on offer."""

from __future__ import annotations

import hashlib
import re
from functools import cache
from types import ModuleType

import msgspec

from engine.benares.actions import can_perform, spec_of
from engine.benares.clone import clone
from engine.benares.data import data
from engine.benares.state import Logged, State, Task
from engine.benares.text import seat_name
from engine.core import BACK, Choice, Event, IllegalAction

#: Tries of one continuation search; past it an action counts as possible (no warning).
SEARCH_BUDGET = 250
#: > 0 while choices are being tried: the menus seen inside a try need no warnings.
_busy = 0
_cache: dict[bytes, list[Choice]] = {}
_CACHE_MAX = 16
#: Exact content keys (equal bytes for equal states): msgpack is cheaper than JSON.
_key = msgspec.msgpack.Encoder().encode

_CANNOT = re.compile(
    r"^(?P<who>Seat \d+) cannot use the (?P<which>card|company|pooled Move) action "
    r"(?P<act>.+?)(?P<rep> \(repetition \d+ of \d+\))?: (?P<why>.+)\.$"
)
#: Every line `_CANNOT` matches holds this.
_MARK = " cannot use the "
_LOST = re.compile(r"(\d+ steps? lost|gives nothing|nothing happens)")
#: The tasks that hold each action of a play (an `order` task holds both until it is decided).
_WHICH = ("card", "company", "pooled Move")


def warned(st: State, t: Task, found: list[Choice]) -> list[Choice]:
    """`found` with a warning on every label whose choice's action cannot happen (cached)."""
    global _busy
    if _busy:
        return found
    key = _key(st) + _key([c.id for c in found])
    hit = _cache.get(key)
    if hit is not None:
        return hit
    _busy += 1
    try:
        out = [_warn(st, t, c) for c in found]
    finally:
        _busy -= 1
    if len(_cache) >= _CACHE_MAX:
        _cache.pop(next(iter(_cache)))
    _cache[key] = out
    return out


@cache
def _engine() -> tuple[ModuleType, ModuleType]:
    """(moves, prompts), imported once on first use: both import this module."""
    from engine.benares import moves, prompts

    return moves, prompts


def _try(st: State, cid: str) -> tuple[State, list[Event]] | None:
    """`moves.decide` for the top decision's seat on a copy of `st`; None when the move is
    refused. `cid` is one of that decision's listed choices, so `decide`'s legality check
    (which builds the options again) is skipped. The copy shares the other seats' companies
    with `st` when the move cannot change them (`own_only`)."""
    moves = _engine()[0]
    seat = st.stack[-1].seat
    new = clone(st, seat if own_only(st) else None)
    ev: list[Event] = []
    top = new.stack.pop()
    try:
        moves.CHOOSE[top.kind](new, top, cid, ev)
        moves.run(new, ev)
    except IllegalAction:
        return None
    return new, ev


def own_only(st: State) -> bool:
    """Can the top decision's move and all `moves.run` resolves after it change no company but
    the deciding seat's? True in the Action phase except during its last turn: every task of a
    turn is its seat's, and the next seat's turn waits (it has cards and open spaces); only the
    Administration phase and a new round change every company (test_bc_traps_fast.py)."""
    spaces = data().game["company_spaces"]
    return st.phase == "action" and st.turns_taken + 1 < st.seats * spaces


Tried = tuple[State, list[Event]] | None


class _Tries:
    """`_try` results within one `_warn`, by parent state (its identity) and choice: the card
    and the company action's searches often try the same continuations of the same states.
    A state handed out here is only read afterwards, apart from its `last` lines, which every
    search clears the same way before it continues from that state."""

    def __init__(self) -> None:
        self._done: dict[tuple[int, str], tuple[State, Tried]] = {}

    def get(self, st: State, cid: str) -> Tried:
        key = (id(st), cid)
        hit = self._done.get(key)
        if hit is not None and hit[0] is st:  # `st` is kept alive, so its id is not reused
            return hit[1]
        out = _try(st, cid)
        self._done[key] = (st, out)
        return out


def _holds(task: Task, which: str) -> bool:
    if which == "card" and task.kind == "card_dev":
        return True
    return task.kind == "action" and task.b == which


def _pending(st: State, seat: int, which: str) -> bool:
    """Is that action of `seat`'s play still to be performed, declined or lost?"""
    return any(
        x.seat == seat and (_holds(x, which) or x.kind == "order" and which != "pooled Move")
        for x in st.stack
    )


def _pending_all(st: State, seat: int) -> set[str]:
    """The actions of `_WHICH` for which `_pending(st, seat, which)` holds, in one pass."""
    out: set[str] = set()
    for x in st.stack:
        if x.seat != seat:
            continue
        if x.kind == "order":
            out.update(("card", "company"))
        elif x.kind == "card_dev":
            out.add("card")
        elif x.kind == "action" and x.b in _WHICH:
            out.add(x.b)
    return out


def _cannot(ev: list[Event], seat: int, which: str | None = None) -> re.Match[str] | None:
    who = seat_name(seat)
    for e in ev:
        if _MARK not in e.text:  # cheaper than the pattern, which needs it
            continue
        m = _CANNOT.match(e.text)
        if m and m["who"] == who and which in (None, m["which"]):
            return m
    return None


def _cannot_all(ev: list[Event], seat: int) -> dict[str, re.Match[str]]:
    """`_cannot(ev, seat, which)` for every action of `_WHICH` that has one, in one pass."""
    who = seat_name(seat)
    out: dict[str, re.Match[str]] = {}
    for e in ev:
        if _MARK not in e.text:
            continue
        m = _CANNOT.match(e.text)
        if m and m["who"] == who:
            out.setdefault(m["which"], m)
    return out


#: Finished searches that found an action doomed: (position without its log lines, seat,
#: action) -> (its 'cannot' line, the tries it took). The rules never read the log, so the same
#: position reached another way (another order of choices, or from another menu: a play's
#: menu, then the decisions of that play) searches alike; a reused result counts its tries
#: again, as a fresh search would, so the search budget ends where it did (tests:
#: test_bc_traps_fast.py). Emptied oldest first past _DOOMED_MAX. A position is kept as a
#: 16-byte digest of its bytes (a few KB each; at most ~100 KB for the whole memo).
_DOOMED: dict[tuple[bytes, int, str], tuple[re.Match[str], int]] = {}
_DOOMED_MAX = 2048
#: Reuse `_DOOMED` (the tests compare against searches without it).
REUSE = True


def _bare(st: State) -> bytes:
    """`_key` of `st` without its log lines (`recent`, `last`, `last_text`)."""
    return _key(msgspec.structs.replace(st, recent=[], last=[], last_text=[]))


#: The positions one search has met, exactly: their log lines (`recent`) by the rest (`_bare`).
Seen = dict[bytes, list[list[Logged]]]


def _search(
    st: State,
    seat: int,
    which: str,
    budget: list[int],
    seen: Seen,
    tries: _Tries,
    bare: bytes | None = None,
) -> re.Match[str] | None:
    """`_doomed`, its doomed results kept in `_DOOMED` and reused."""
    position = _bare(st) if bare is None else bare
    key = (hashlib.blake2b(position, digest_size=16).digest(), seat, which)
    known = _DOOMED.get(key) if REUSE else None
    if known is not None:
        kept, spent = known
        budget[0] -= spent
        return None if budget[0] < 0 else kept
    left = budget[0]
    m = _doomed(st, seat, which, budget, seen, tries)
    if m is not None:
        if len(_DOOMED) >= _DOOMED_MAX:
            _DOOMED.pop(next(iter(_DOOMED)))
        _DOOMED[key] = (m, left - budget[0])
    return m


def _doomed(
    st: State,
    seat: int,
    which: str,
    budget: list[int],
    seen: Seen,
    tries: _Tries,
) -> re.Match[str] | None:
    """The log line saying `which` cannot be used, when every continuation of the play (all
    choices of `seat`, a sale counted as all or nothing) leads to it; None when it can happen
    (or when the search takes more than `budget` tries)."""
    prompts = _engine()[1]
    top = st.stack[-1] if st.stack else None
    if top is None or top.seat != seat:
        return None
    if _holds(top, which):  # its own menu is up: it has a way to be performed
        return None
    if top.kind == "order" and which != "pooled Move":  # it may go first: can it now?
        card_ref, comp_ref = prompts.halves(top)
        spec = data().cards[top.a]["dev"] if which == "card" and top.b == "development" else None
        if can_perform(st, seat, spec or spec_of(card_ref if which == "card" else comp_ref)):
            return None
    found: re.Match[str] | None = None
    for c in prompts.OPTIONS[top.kind](st, top):
        if c.step or c.id == BACK:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        tried = tries.get(st, c.id)
        if tried is None:
            continue
        new, ev = tried
        m = _cannot(ev, seat, which)
        if m is None:
            if not _pending(new, seat, which):
                return None
            new.last, new.last_text = [], []  # the same position reached another way
            bare = _bare(new)
            logs = seen.setdefault(bare, [])
            if new.recent in logs:
                continue
            logs.append(new.recent)
            m = _search(new, seat, which, budget, seen, tries, bare)
            if m is None:
                return None
        found = found or m
    return found


def _note(m: re.Match[str]) -> tuple[str, str, str]:
    """(long, medium, short) warnings for a 'cannot use' log line: with the action's name and
    the reason, with the reason, bare."""
    which, act = m["which"], m["act"]
    rep = re.match(r" \(repetition (\d+) of (\d+)\)", m["rep"] or "")
    if rep and rep[1] != "1":  # this repetition and any later ones
        i, k = rep[1], rep[2]
        what = f"repetition {k}" if i == k else f"repetitions {i}-{k}"
        named = f"{what} of {act}"
    else:
        what = f"{which} action"
        named = f"{which} action {act}" + (f" ×{rep[2]}" if rep else "")
    return (
        f"{named} can't happen: {m['why']}",
        f"{what} can't happen: {m['why']}",
        f"{what} can't happen",
    )


def _lost_notes(ev: list[Event], seat: int) -> list[tuple[str, str, str]]:
    who = seat_name(seat)
    out = []
    for e in ev:
        m = _LOST.search(e.text)
        if not m or not e.text.startswith(who) or e.private_to is not None:
            continue
        text = e.text[len(who) :].removeprefix("'s").strip().rstrip(".")
        out.append((text, text, m[1]))
    return out


#: Take the shortcut of `quiet_play` (the tests compare against trying every play).
QUIET_PLAYS = True


def quiet_play(st: State, t: Task, cid: str) -> bool:
    """Is a turn's play `cid` sure to warn of nothing, known without trying it? A Skip in the
    Action phase but its last turn (`own_only`): it only gains rupees and passes the turn. A
    Development play, or a Logistics play without the intertwined house rule, whose two
    actions can both be performed now: the play only puts its card down and waits for the
    order of the two actions, which changes nothing they need (test_bc_traps_fast.py)."""
    if t.kind != "turn" or not QUIET_PLAYS:
        return False
    _, card, mode, space = cid.split(":")
    if mode == "skip":
        return own_only(st)
    if mode == "log" and st.options.get("intertwined_blocks", "off") == "on":
        return False
    d = data()
    card_spec = d.cards[card]["dev" if mode == "dev" else "logistics"]
    company_spec = d.board[int(space) - 1]["development" if mode == "dev" else "logistics"]
    return can_perform(st, t.seat, card_spec) and can_perform(st, t.seat, company_spec)


def _warn(st: State, t: Task, c: Choice) -> Choice:
    if c.step or c.id == BACK or quiet_play(st, t, c.id):
        return c
    tried = _try(st, c.id)
    if tried is None:
        return c
    new, ev = tried
    notes: list[tuple[str, str, str]] = []
    lost: dict[str, re.Match[str]] = {}
    cannot, pending = _cannot_all(ev, t.seat), _pending_all(new, t.seat)
    tries = _Tries()
    for which in _WHICH:
        m = cannot.get(which)
        if m is None and which in pending:
            m = _search(new, t.seat, which, [SEARCH_BUDGET], {}, tries)
        if m is not None:
            lost[which] = m
    if {"card", "company"} <= lost.keys():
        both = "neither action can happen"
        if t.kind == "turn":
            both += ": the card is spent for nothing"
            skip = f"{both} (Skip gains ₹{data().game['skip_income_rupees']})"
            notes.append((skip, skip, both))
        else:
            notes.append((both, both, both))
    else:
        notes += [_note(m) for m in lost.values()]
    notes += _lost_notes(ev, t.seat)
    return Choice(c.id, with_notes(c.label, notes), c.group, c.step)


#: A label is cut to make room for a warning, but not below this many characters.
LABEL_KEEP = 40


def with_notes(label: str, notes: list[tuple[str, str, str]], limit: int = 100) -> str:
    """'label — note; note' within `limit` characters: the most telling notes that fit, the
    label cut (to LABEL_KEEP at least) when needed; a warning itself is never cut."""
    if not notes:
        return label
    tails = [" — " + "; ".join(dict.fromkeys(n[k] for n in notes)) for k in range(3)]
    for tail in tails:
        if len(label) + len(tail) <= limit:
            return label + tail
    for tail in tails:
        room = limit - len(tail) - 1
        if room >= min(LABEL_KEEP, len(label)) or tail is tails[-1]:
            return label[: max(0, room)].rstrip() + "…" + tail
    return label  # pragma: no cover - the loop always returns
