"""Words for the flow's menus and log lines (card and tile names).

Company and colour names live in `names.py`; this module adds the card, tile and plan wording the
flow needs (the `/game rules` pages: rules_text.py)."""

from __future__ import annotations

from engine.mombasa import names
from engine.mombasa.data import data
from engine.mombasa.state import card_kind

_WORD = {"bananas": "Bananas", "cotton": "Cotton", "coffee": "Coffee", "expansion": "Expand"}


def card_name(cid: str) -> str:
    """A card's short face text: "Bananas 2", "Expand 1", "Books 1", "Diamonds 2", "Share Cairo"."""
    c = data().cards[card_kind(cid)]
    if c.type == "goods":
        return f"{_WORD[c.good]} {c.units}"
    if c.type == "expansion":
        return f"Expand {c.units}"
    if c.type == "bookkeeper":
        return f"Books {c.bookkeeping_points}"
    if c.type == "diamond_merchant":
        return f"Diamonds {c.diamonds}"
    return f"Share {names.company(c.company)}"


def card_label(cid: str) -> str:
    """The name with its crate value, to tell apart cards with the same face."""
    return f"{card_name(cid)} (crate {data().cards[card_kind(cid)].crate})"


def alike(cid: str) -> tuple:
    """What a card does in play: every field of its data but the id and the deck letter (which
    only the deck's stacking reads). Cards with the same key are one choice in the menus."""
    c = data().cards[card_kind(cid)]
    return (c.type, c.crate, c.good, c.units, c.bookkeeping_points, c.diamonds, c.company, c.shares)


def cards_text(cids: list[str]) -> str:
    return ", ".join(card_name(c) for c in cids) if cids else "no cards"


def tile_face_text(tile: str, face: int) -> str:
    """ "2 cotton" for face 1 of T1."""
    kind, units = data().bonus_tiles[tile].faces[face]
    return f"{units} {kind}"


def start_face_text(tile: int, face: str) -> str:
    """A starting tile's face: the 3 cards it locks and its book requirement."""
    st_tile = next(t for t in data().start_tiles if t.tile == tile)
    f = st_tile.faces[face]
    locks = ", ".join(card_name(k) for k in f.lock)
    req = " + ".join(f"{n} {kind}" for kind, n in f.req) or "nothing"
    return f"tile {tile}{face}: locks {locks}; book needs {req}"


def truncate(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
