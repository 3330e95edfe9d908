"""The view's kept data-only parts give what the data gives when asked each time: the shares
read from a side's table (R142) as `shares_at`, the kept books as freshly built ones, a base's
kept share value as the sum of its uncovered coins; and a view built twice (the second from the
kept parts) encodes the same at every step of seeded automatic games."""

from __future__ import annotations

import msgspec
import pytest

from engine.mombasa import TITLE as T
from engine.mombasa import view_faces, view_static, viewer
from engine.mombasa.data import data
from engine.mombasa.view_static import Static, static
from engine.rng import Rng


def test_side_tables_as_shares_at() -> None:
    for sid, side in data().sides.items():
        table = view_faces.side_parts(sid).shares
        assert len(table) == side.last_space + 1
        assert list(table) == [side.shares_at(n) for n in range(side.last_space + 1)]


def test_kept_books_as_built() -> None:
    d = data()
    for bid, b in d.books.items():
        assert view_faces.book(bid) == viewer.Book(b.id, b.letter, list(b.req), list(b.reward))
        assert view_faces.book(bid) is view_faces.book(bid)
    for t in d.start_tiles:
        for f in t.faces:
            tid = f"start:{t.tile}{f}"
            assert view_faces.start_book(tid) == view_faces.make_start_book(tid)


@pytest.mark.parametrize(("seed", "seats"), [(401, 2), (402, 4)])
def test_views_from_kept_parts_as_from_scratch(seed: int, seats: int) -> None:
    st = T.setup(seed, seats, {})
    k = 0
    while T.result(st) is None:
        for seat in (None, *range(seats)):
            kept = msgspec.json.encode(viewer.build(st, seat))
            now = static()
            view_static._CURRENT[:] = [Static(data())]  # nothing kept yet
            try:
                assert msgspec.json.encode(viewer.build(st, seat)) == kept
            finally:
                view_static._CURRENT[:] = [now]
        for comp, base in st.bases.items():
            got = viewer._company(st, static(), comp, 0).share_value
            plain = sum(
                sum(col[: len(col) - n])
                for col, n in zip(data().base_columns, base.posts, strict=True)
            )
            assert got == plain
        seat = T.prompts(st)[0].seat
        T.apply(st, seat, T.bot_choice(T.copy(st), seat, Rng.from_seed(seed * 100 + k)))
        k += 1


def test_kept_tables_are_bounded() -> None:
    """Parts kept by what of a state they show: a full table starts afresh."""
    table: dict[int, int] = {}
    for k in range(view_static.KEPT_LIMIT + 5):
        assert view_static.kept(table, k, lambda n: n * 2) == k * 2
    assert len(table) <= view_static.KEPT_LIMIT
