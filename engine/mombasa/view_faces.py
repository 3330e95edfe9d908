"""The kept, data-only parts of a Mombasa view: card faces, book tiles, the texts of track
bonuses and bonus spaces, a track side's parts. Each is frozen (or a tuple or string), a pure
function of the data, made once per data object and kept in view_static's tables."""

from __future__ import annotations

from typing import cast

from engine.mombasa import names
from engine.mombasa.data import data
from engine.mombasa.state import card_kind
from engine.mombasa.view import Book, Face
from engine.mombasa.view_static import (
    SideParts,
    Static,
    make_bonus_text,
    make_side_parts,
    make_space_label,
    memo,
    static,
)

_WORD = {"bananas": "Bananas", "cotton": "Cotton", "coffee": "Coffee", "expansion": "Expansion"}


def face(cid: str) -> Face:
    """The face of a physical card (kept per card id: a face is frozen, a pure function of the
    data)."""
    return memo(static().faces, cid, make_face)


def faces(cids: list[str]) -> list[Face]:
    """The faces of a list of cards (the kept faces looked up once for all)."""
    get = static().faces.get
    return [get(c) or face(c) for c in cids]


def make_face(cid: str) -> Face:
    c = data().cards[card_kind(cid)]
    if c.type == "goods":
        return Face(cid, c.id, c.type, c.crate, f"{_WORD[c.good]} {c.units}", c.units, c.good)
    if c.type == "expansion":
        return Face(cid, c.id, c.type, c.crate, f"Expand {c.units}", c.units)
    if c.type == "bookkeeper":
        n = c.bookkeeping_points
        return Face(cid, c.id, c.type, c.crate, f"Books {n}", n)
    if c.type == "diamond_merchant":
        return Face(cid, c.id, c.type, c.crate, f"Diamonds {c.diamonds}", c.diamonds)
    return Face(
        cid, c.id, c.type, c.crate, f"Share {names.company(c.company)}", c.shares, c.company
    )


def book(bid: str) -> Book:
    """The view of a book tile (kept per id, like a face: frozen, a pure function of the data)."""
    return memo(static().books, bid, make_book)


def make_book(bid: str) -> Book:
    b = data().books[bid]
    return Book(b.id, b.letter, list(b.req), list(b.reward))


def bonus_text(pair: str, index: int) -> str:
    """A short text of a special track bonus, e.g. "Expansion value +1"."""
    return memo(static().bonus_texts, (pair, index), make_bonus_text)


def space_label(sid: str) -> tuple[str, str]:
    return memo(static().space_labels, sid, make_space_label)


def start_book(tid: str) -> Book:
    """The kept starting tile on bookkeeping position 1 ("start:3a"), as a book "S" with the
    requirement of its face and the starting-tile reward."""
    return memo(static().books, tid, make_start_book)


def make_start_book(tid: str) -> Book:
    d = data()
    code = tid.removeprefix("start:")
    tile = next((t for t in d.start_tiles if f"{t.tile}" == code[:-1]), None)
    f = tile.faces.get(code[-1]) if tile else None
    return Book(tid, "S", list(f.req) if f else [], list(d.start_tile_reward))


def side_parts(side_id: str) -> SideParts:
    """The data-only parts of a company's view for a track side (kept per side)."""
    return memo(static().sides, side_id, make_side_parts)


def faces_of(stc: Static, cids: list[str]) -> list[Face]:
    """`faces` with the kept table at hand."""
    out = list(map(stc.faces.get, cids))
    if None in out:  # a card seen for the first time
        out = [f or face(c) for f, c in zip(out, cids, strict=True)]
    return cast(list[Face], out)  # every None was replaced


def tile_book(tile: str) -> Book:
    """The book of a bookkeeping position's tile (a book tile or the starting tile)."""
    return start_book(tile) if tile.startswith("start:") else book(tile)
