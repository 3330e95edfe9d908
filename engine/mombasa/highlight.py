"""What a move changed on the public board, for the board's "last move" highlight.

`marks(st)` lists every highlightable thing with its PUBLIC value, read straight from the state
(building the whole view twice per move cost a bot game 45 %); `touched(before, st)` is the
keys whose value the move changed. Only what a spectator sees goes in: during planning the
action areas are left out (R180) and hand sizes are those the view shows (R187), so a
highlight can never tell more than the board itself.

The keys depend only on the board's shape (seats, areas, spaces, tiles, the phase hiding the
action areas), not on its values, so they are built once per shape (`_layout`) and `marks`
only reads the values, in key order; `touched` then compares two such lists position by
position (the plain key -> value dicts were most of a move's cost; tests/engine/mombasa/
test_mb_highlight.py checks both against them).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.mombasa.state import State
from engine.mombasa.view import hand_size


class Marks(NamedTuple):
    """The highlight keys (shared per board shape) and their public values, in the same order."""

    keys: tuple[str, ...]
    values: list[object]


#: board shape -> keys; a handful of shapes per process (seats, track sides, phase)
_LAYOUTS: dict[tuple, tuple[str, ...]] = {}


def _shape(st: State) -> tuple:
    """Everything the keys depend on."""
    return (
        st.phase == "planning",
        tuple(st.map),
        tuple(st.bases),
        tuple(map(len, st.display)),
        tuple(st.book_display),
        tuple(st.bonus_spaces),
        tuple(st.bonus_tiles),
        tuple((len(p.slots), len(p.piles), len(p.books)) for p in st.players),
    )


def _layout(shape: tuple) -> tuple[str, ...]:
    """The keys of a board shape, in the order `marks` reads the values."""
    hidden, areas, comps, rows, letters, spaces, tiles, players = shape
    seats = range(len(players))
    k = ["discard"]
    k += [f"area:{a}" for a in areas]
    for comp in comps:
        k.append(f"base:{comp}")
        k += [f"track:{comp}:{s}" for s in seats]
    for r, n in enumerate(rows):
        k += [f"display:{r}:{c}" for c in range(n)]
    k += [f"books:{letter}" for letter in letters]
    k += [f"space:{sid}" for sid in spaces]
    k += [f"tile:{t}" for t in tiles]
    for s, (n_slots, n_piles, n_books) in enumerate(players):
        if not hidden:
            k += [f"slot:{s}:{i + 1}" for i in range(n_slots)]
        k += [f"pile:{s}:{i + 1}" for i in range(n_piles)]
        k += [f"book:{s}:{i + 1}" for i in range(n_books)]
        k += [f"{name}:{s}" for name in ("cash", "diamond", "ink", "hand", "markers", "bonus")]
        k.append(f"tilecard:{s}")
    return tuple(k)


def marks(st: State) -> Marks:
    """Highlight keys (as the view's `last` ids) and their public values."""
    shape = _shape(st)
    keys = _LAYOUTS.get(shape)
    if keys is None:
        if len(_LAYOUTS) >= 64:
            _LAYOUTS.clear()
        keys = _LAYOUTS[shape] = _layout(shape)
    hidden = shape[0]
    players = st.players
    v: list[object] = [len(st.discard)]
    v += st.map.values()
    for comp, base in st.bases.items():
        v.append((tuple(base.posts), base.reserve))
        v += [p.track.get(comp, 0) for p in players]
    for row in st.display:
        v += row
    v += [tuple(row) for row in st.book_display.values()]
    v += st.bonus_spaces.values()
    v += st.bonus_tiles.values()
    for s, p in enumerate(players):
        if not hidden:
            locked = p.unlocked
            v += [(sl.card, sl.face_up, i not in locked) for i, sl in enumerate(p.slots, 1)]
        v += map(len, p.piles)
        v += p.books  # frozen BookPos: equal exactly when (tile, face_up, left_empty) are
        v += (p.cash, p.diamond, p.ink, hand_size(st, s), (p.markers, tuple(p.markers_placed)))
        v.append(tuple((b.company, b.index, b.active) for b in p.bonuses))
        v.append(
            (
                p.tile,
                p.tile_in_area and not hidden,
                p.tile_face if p.tile and not hidden else -1,
                p.tile_face_up,
            )
        )
    return Marks(keys, v)


def touched(before: Marks, st: State) -> list[str]:
    """`st.last` extended by every highlightable thing the move changed (see `marks`): keys
    new since `before` count as changed, keys gone are left out."""
    after = marks(st)
    if after.keys is before.keys:
        changed = [
            k
            for k, new, old in zip(after.keys, after.values, before.values, strict=True)
            if new != old
        ]
    else:  # the shape changed (e.g. the reveal shows the action areas): by key
        old_of = dict(zip(before.keys, before.values, strict=True)).get
        changed = [k for k, new in zip(after.keys, after.values, strict=True) if old_of(k) != new]
    out = list(st.last)
    seen = set(out)
    out += [k for k in changed if k not in seen]
    return out
