"""The latest public moves (`State.recent`), for a turn image's "since your last turn" (issue 32).

Each accepted move is logged with its seat, its public log lines (the events no seat alone may
read are left out) and what it changed on the map, areas and bases, which are public. Both
`Mombasa.apply` and `Mombasa.replay` log it, alike: a game folded from its record ends with the
same list. The map is compared whole before and after (a dict copy and four small tuples), not
through the full highlight (engine/mombasa/highlight.py), which `replay` skips for its cost.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Event
from engine.mombasa.state import RECENT_KEEP, Moved, State

#: the map before a move: area -> company, and each base's (company, posts, reserve)
Before = tuple[dict[str, str], list[tuple[str, tuple[int, ...], int]]]


def before(st: State) -> Before:
    """What `note` compares the map after a move with."""
    return st.map.copy(), [(c, tuple(b.posts), b.reserve) for c, b in st.bases.items()]


def public_lines(events: Iterable[Event]) -> list[str]:
    return [e.text for e in events if e.private_to is None]


def note(st: State, seat: int, lines: list[str], old: Before) -> None:
    """Log the move `seat` just made: `lines` (public only) and the areas and bases it changed
    since `old` (`before`); keep the latest RECENT_KEEP moves."""
    old_map, old_bases = old
    touched = [f"area:{a}" for a, comp in st.map.items() if old_map.get(a) != comp]
    bases = st.bases
    for comp, posts, reserve in old_bases:
        b = bases[comp]
        if b.reserve != reserve or tuple(b.posts) != posts:
            touched.append(f"base:{comp}")
    st.recent.append(Moved(seat, tuple(lines), tuple(touched)))
    if len(st.recent) > RECENT_KEEP:
        del st.recent[:-RECENT_KEEP]
