"""The highlight's parts (`snapshot`, expanded only where they changed) give exactly what the
plain key -> value dicts gave (`plain_marks`, `plain_touched`: the code before), at every step of
seeded automatic games, the reveal (the action areas appear) included."""

from __future__ import annotations

import pytest

from engine.mombasa import TITLE as T
from engine.mombasa import highlight, moves
from engine.mombasa.state import BookPos, State, clone
from engine.mombasa.viewer import hand_size
from engine.rng import Rng

GAMES = [(301, 2, {}), (302, 3, {"tracks": "fixed"}), (303, 4, {})]


def plain_marks(st: State) -> dict[str, object]:
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


def plain_touched(before: dict[str, object], st: State) -> list[str]:
    after = plain_marks(st)
    out = list(st.last)
    seen = set(out)
    out += [k for k, val in after.items() if before.get(k) != val and k not in seen]
    return out


def _tupled(v: object) -> object:
    return (v.tile, v.face_up, v.left_empty) if isinstance(v, BookPos) else v


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_marks_and_touched_as_plain(seed: int, seats: int, opts: dict[str, str]) -> None:
    st = T.setup(seed, seats, opts)
    k = shape_changes = 0
    while T.result(st) is None:
        seat = T.prompts(st)[0].seat
        move = T.bot_choice(T.copy(st), seat, Rng.from_seed(seed * 100 + k))
        fast = highlight.marks(st)
        plain = plain_marks(st)
        assert [k for k, _ in fast] == list(plain)
        assert [_tupled(v) for _, v in fast] == list(plain.values())
        sim = clone(st)  # the rules' own `last`, then the plain highlight on top
        sim.last = []
        moves.apply(sim, seat, move)
        T.apply(st, seat, move)
        assert st.last == plain_touched(plain, sim)
        shape_changes += [k for k, _ in highlight.marks(st)] != [k for k, _ in fast]
        k += 1
    assert shape_changes > 5  # the by-key way is exercised too


def test_touched_as_plain_on_odd_changes() -> None:
    """Changes no seeded game makes: keys that appear or go, a slot unlocked, lists growing."""
    st = T.setup(304, 3, {})
    while st.phase != "action":
        seat = T.prompts(st)[0].seat
        T.apply(st, seat, T.bot_choice(T.copy(st), seat, Rng.from_seed(7)))
    before, plain = highlight.snapshot(st), plain_marks(st)
    st.last = []
    st.map["ZZ"] = ""
    del st.bonus_spaces[next(iter(st.bonus_spaces))]
    st.book_display["Z"] = ["A01"]
    st.display[0].append("X")
    p = st.players[1]
    p.unlocked.append(1)
    p.piles[4].append("X")
    p.books.append(BookPos("A02"))
    p.track["mombasa"] = p.track.get("mombasa", 0) + 1
    st.players[2].track = {}
    st.bases["cairo"].reserve += 1
    got = highlight.touched(before, st)
    assert got == plain_touched(plain, st)
    assert {"area:ZZ", "books:Z", "display:0:3", "slot:1:1", "pile:1:5", "book:1:14"} <= set(got)
