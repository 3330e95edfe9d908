"""What a move changed on the public board, for the board's "last move" highlight.

Every highlightable thing has a key (the view's `last` ids) and a PUBLIC value read straight
from the state (building the whole view twice per move cost a bot game 45 %); `touched(before,
st)` is the keys whose value the move changed. Only what a spectator sees goes in: during
planning the action areas are left out (R180) and hand sizes are those the view shows (R187),
so a highlight can never tell more than the board itself.

A move changes only a few things, so not every thing is listed before and after each move:
`snapshot(st)` takes each part of the board (the map, the display, a seat's books, ...) as one
value no later move changes, copied in C where it can (`tuple`, `dict.copy`), and `touched`
looks into only the parts whose snapshot changed (`Part.diff`). A part's keys and values are a
pure function of its snapshot, so an unchanged snapshot has no changed thing. `marks(st)` lists
every key and value (tests/engine/mombasa/test_mb_highlight.py checks it and `touched` against
the plain key -> value dicts). Python 3.11 runs a comprehension as a function call: the hot
paths compare positions in C (`compress`, `map(ne, ...)`) instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress
from operator import attrgetter, ne
from typing import Any, NamedTuple

from engine.mombasa.state import State
from engine.mombasa.viewer import hand_size

_bonus = attrgetter("company", "index", "active")


def snapshot(st: State) -> list[Any]:
    """The board's parts (`_BOARD`), then a tuple of parts per seat (`_seat_parts`), as values
    no later move changes."""
    hidden = st.phase == "planning"  # the action areas are not shown (R180)
    players = st.players
    parts: list[Any] = [
        len(st.discard),
        st.map.copy(),
        (
            [(c, tuple(b.posts), b.reserve) for c, b in st.bases.items()],
            [p.track.copy() for p in players],
        ),
        list(map(tuple, st.display)),
        [(letter, tuple(row)) for letter, row in st.book_display.items()],
        st.bonus_spaces.copy(),
        st.bonus_tiles.copy(),
    ]
    for s, p in enumerate(players):
        hand = hand_size(st, s) if hidden else len(p.hand)
        tile_face = p.tile_face if p.tile and not hidden else -1
        parts.append(
            (
                None if hidden else (tuple(p.slots), tuple(p.unlocked)),  # frozen SlotCards
                tuple(map(len, p.piles)),
                tuple(
                    p.books
                ),  # frozen BookPos: equal exactly when (tile, face_up, left_empty) are
                (p.cash, p.diamond, p.ink, hand, (p.markers, tuple(p.markers_placed))),
                tuple(map(_bonus, p.bonuses)) if p.bonuses else (),
                (p.tile, p.tile_in_area and not hidden, tile_face, p.tile_face_up),
            )
        )
    return parts


# ---- the things of one part -----------------------------------------------------------------
Pairs = list[tuple[str, object]]


class Part(NamedTuple):
    """How a part of `snapshot` lists its things: `pairs(snap)` gives (key, public value) in
    the view's order; `diff(old, new)` the keys whose value differs, new keys included, as
    `_by_key` would (only called when the snapshots differ)."""

    pairs: Callable[[Any], Pairs]
    diff: Callable[[Any, Any], Iterable[str]]


def _by_key(pairs: Callable[[Any], Pairs], old: Any, new: Any) -> list[str]:
    """The keys of `new` whose value is not the one in `old` (values are never None)."""
    old_of = dict(pairs(old)).get
    return [k for k, v in pairs(new) if old_of(k) != v]


def _one(key: str) -> Part:
    """A part that is one thing: its snapshot is its value."""
    return Part(lambda value: [(key, value)], lambda _old, _new: (key,))


def _keyed(fmt: str) -> Part:
    """A dict part: id -> value, keyed `fmt` with the id."""

    def pairs(d: dict[str, object]) -> Pairs:
        return [(fmt.format(i), v) for i, v in d.items()]

    def diff(old: dict[str, object], new: dict[str, object]) -> list[str]:
        old_of = old.get
        return [fmt.format(i) for i, v in new.items() if old_of(i) != v]

    return Part(pairs, diff)


#: positions a numbered part may have (slots 5, piles 5, books 13)
_MAX_POSITIONS = 16


def _numbered(fmt: str) -> Part:
    """A sequence part whose things are its positions, keyed `fmt` with the number (from 1)."""
    keys = tuple(fmt.format(n) for n in range(1, _MAX_POSITIONS + 1))

    def pairs(values: tuple) -> Pairs:
        return [(fmt.format(n), v) for n, v in enumerate(values, 1)]

    def diff(old: tuple, new: tuple) -> Iterable[str]:
        if len(old) != len(new) or len(new) > _MAX_POSITIONS:
            return _by_key(pairs, old, new)
        return compress(keys, map(ne, old, new))

    return Part(pairs, diff)


def _company_pairs(snap: tuple) -> Pairs:
    """Each company's base, then each seat's marker on its track."""
    bases, tracks = snap
    out: Pairs = []
    for comp, posts, reserve in bases:
        out.append((f"base:{comp}", (posts, reserve)))
        out += [(f"track:{comp}:{s}", t.get(comp, 0)) for s, t in enumerate(tracks)]
    return out


def _company_diff(old: tuple, new: tuple) -> list[str]:
    (bases0, tracks0), (bases1, tracks1) = old, new
    if [b[0] for b in bases0] != [b[0] for b in bases1] or len(tracks0) != len(tracks1):
        return _by_key(_company_pairs, old, new)
    moved = [
        (s, t0, t1) for s, (t0, t1) in enumerate(zip(tracks0, tracks1, strict=True)) if t0 != t1
    ]
    out: list[str] = []
    for base0, base1 in zip(bases0, bases1, strict=True):
        comp = base1[0]
        if base0 != base1:
            out.append(f"base:{comp}")
        for s, t0, t1 in moved:
            if t0.get(comp, 0) != t1.get(comp, 0):
                out.append(f"track:{comp}:{s}")
    return out


def _display_pairs(rows: list[tuple[str, ...]]) -> Pairs:
    return [(f"display:{r}:{c}", cid) for r, row in enumerate(rows) for c, cid in enumerate(row)]


def _book_display_pairs(rows: list[tuple[str, tuple[str, ...]]]) -> Pairs:
    return [(f"books:{letter}", row) for letter, row in rows]


_BOARD = (
    _one("discard"),
    _keyed("area:{}"),
    Part(_company_pairs, _company_diff),
    Part(_display_pairs, lambda old, new: _by_key(_display_pairs, old, new)),
    Part(_book_display_pairs, lambda old, new: _by_key(_book_display_pairs, old, new)),
    _keyed("space:{}"),
    _keyed("tile:{}"),
)


def _slots(s: int) -> Part:
    """Seat `s`'s action slots (none shown during planning): card, face, locked."""
    cards = _numbered(f"slot:{s}:{{}}")

    def pairs(snap: tuple | None) -> Pairs:
        if snap is None:
            return []
        slots, unlocked = snap
        return cards.pairs(
            [(sl.card, sl.face_up, i not in unlocked) for i, sl in enumerate(slots, 1)]
        )

    def diff(old: tuple | None, new: tuple | None) -> Iterable[str]:
        if old is None or new is None or old[1] != new[1]:  # shown / hidden, or a slot unlocked
            return _by_key(pairs, old, new)
        return cards.diff(old[0], new[0])  # SlotCards: equal exactly when (card, face_up) are

    return Part(pairs, diff)


def _seat_parts(s: int) -> tuple[Part, ...]:
    """The parts of seat `s`, in `snapshot`'s order."""
    counters = tuple(f"{name}:{s}" for name in ("cash", "diamond", "ink", "hand", "markers"))
    return (
        _slots(s),
        _numbered(f"pile:{s}:{{}}"),
        _numbered(f"book:{s}:{{}}"),
        Part(lambda values: list(zip(counters, values, strict=True)), _positions(counters)),
        _one(f"bonus:{s}"),
        _one(f"tilecard:{s}"),
    )


def _positions(keys: tuple[str, ...]) -> Callable[[tuple, tuple], Iterable[str]]:
    """The diff of a fixed-size tuple part: the keys of the positions that differ."""
    return lambda old, new: compress(keys, map(ne, old, new))


#: seat count -> each seat's parts
_SEATS: dict[int, list[tuple[Part, ...]]] = {}


def _seats_parts(seats: int) -> list[tuple[Part, ...]]:
    out = _SEATS.get(seats)
    if out is None:
        out = _SEATS[seats] = [_seat_parts(s) for s in range(seats)]
    return out


# ---- the highlight ---------------------------------------------------------------------------
def marks(st: State) -> Pairs:
    """Every highlight key (as the view's `last` ids) with its public value."""
    snap = snapshot(st)
    out: Pairs = []
    board = len(_BOARD)
    for part, value in zip(_BOARD, snap[:board], strict=True):
        out += part.pairs(value)
    for parts, seat in zip(_seats_parts(st.seats), snap[board:], strict=True):
        for part, value in zip(parts, seat, strict=True):
            out += part.pairs(value)
    return out


def touched(before: list[Any], st: State) -> list[str]:
    """`st.last` extended by every highlightable thing the move changed since the `snapshot`
    `before`: things new since `before` count as changed, things gone are left out."""
    after = snapshot(st)
    changed: list[str] = []
    board = len(_BOARD)
    for part, old, new in zip(_BOARD, before, after, strict=False):  # the board's parts
        if old != new:
            changed += part.diff(old, new)
    for parts, seat0, seat1 in zip(
        _seats_parts(st.seats), before[board:], after[board:], strict=True
    ):
        if seat0 != seat1:
            for part, old, new in zip(parts, seat0, seat1, strict=True):
                if old != new:
                    changed += part.diff(old, new)
    out = list(st.last)
    if out:
        seen = set(out)
        out += [k for k in changed if k not in seen]
    else:
        out = changed
    return out
