"""What a move changed on the public board, for the board's "last move" highlight.

`marks(st)` lists every highlightable thing with its PUBLIC value, read straight from the state
(building the whole view twice per move cost a bot game 45 %); `touched(before, st)` is the
keys whose value the move changed. Only what a spectator sees goes in: during planning the
action areas are left out (R180) and hand sizes are those the view shows (R187), so a
highlight can never tell more than the board itself.
"""

from __future__ import annotations

from engine.mombasa.state import State
from engine.mombasa.view import hand_size


def marks(st: State) -> dict[str, object]:
    """Highlight key -> its public value (keys as the view's `last` ids)."""
    m: dict[str, object] = {"discard": len(st.discard)}
    for area, comp in st.map.items():
        m[f"area:{area}"] = comp
    for comp, base in st.bases.items():
        m[f"base:{comp}"] = (tuple(base.posts), base.reserve)
        for s, p in enumerate(st.players):
            m[f"track:{comp}:{s}"] = p.track.get(comp, 0)
    for r, row in enumerate(st.display):
        for c, cid in enumerate(row):
            m[f"display:{r}:{c}"] = cid
    for letter, row in st.book_display.items():
        m[f"books:{letter}"] = tuple(row)
    for sid, occ in st.bonus_spaces.items():
        m[f"space:{sid}"] = occ
    for t, where in st.bonus_tiles.items():
        m[f"tile:{t}"] = where
    hidden = st.phase == "planning"
    for s, p in enumerate(st.players):
        if not hidden:
            for i, sl in enumerate(p.slots):
                m[f"slot:{s}:{i + 1}"] = (sl.card, sl.face_up, (i + 1) not in p.unlocked)
        for i, pile in enumerate(p.piles):
            m[f"pile:{s}:{i + 1}"] = len(pile)
        for i, b in enumerate(p.books):
            m[f"book:{s}:{i + 1}"] = (b.tile, b.face_up, b.left_empty)
        m[f"cash:{s}"] = p.cash
        m[f"diamond:{s}"] = p.diamond
        m[f"ink:{s}"] = p.ink
        m[f"hand:{s}"] = hand_size(st, s)
        m[f"markers:{s}"] = (p.markers, tuple(p.markers_placed))
        m[f"bonus:{s}"] = tuple((b.company, b.index, b.active) for b in p.bonuses)
        in_area = p.tile_in_area and not hidden
        m[f"tilecard:{s}"] = (
            p.tile,
            in_area,
            p.tile_face if p.tile and not hidden else -1,
            p.tile_face_up,
        )
    return m


def touched(before: dict[str, object], st: State) -> list[str]:
    """`st.last` extended by every highlightable thing the move changed (see `marks`)."""
    after = marks(st)
    out = list(st.last)
    seen = set(out)
    out += [k for k, val in after.items() if before.get(k) != val and k not in seen]
    return out
