"""Readable names and action texts, built from the data (no rule logic here)."""

from __future__ import annotations

from typing import Any

from engine.benares.data import data
from engine.benares.state import RECENT_KEEP, Logged, State
from engine.core import Event


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def good_name(good: str) -> str:
    return data().pres.get("goods_names", {}).get(good, good.capitalize())


def pawn_name(pawn: str) -> str:
    return data().pres.get("pawn_names", {}).get(pawn, pawn.capitalize())


def post_name(kind: str) -> str:
    return data().pres.get("post_names", {}).get(kind, kind.capitalize())


def plural(n: int, word: str) -> str:
    """'1 crate', '2 crates'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def times(n: int) -> str:
    """'' for once, ' twice', ' 3 times': how often something happened, after a verb."""
    return "" if n == 1 else " twice" if n == 2 else f" {n} times"


def article(word: str) -> str:
    """'an East', 'a North': the indefinite article for a display name."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def space_name(space: str) -> str:
    return f"{data().spaces[space]['name']} ({space})"


def cell_name(cell: str) -> str:
    sector, level = cell.split(":")
    return f"{data().pres.get('sector_names', {}).get(sector, sector.capitalize())} {level}"


def action_text(spec: dict[str, Any]) -> str:
    """A short text for an action spec: 'Silk +1', 'Any pawn +1', 'North post', 'Move 3'."""
    k = spec["kind"]
    if k == "market":
        t = spec["target"]
        who = "Any pawn" if t == "wild" else pawn_name(t)
        return f"{who} +{spec['steps']}"
    if k == "goods":
        t = spec["target"]
        who = "Any good" if t == "wild" else good_name(t)
        return f"{who} +{spec['steps']}"
    if k == "goods_pair":
        a, b = spec["goods"]
        return f"{good_name(a)}/{good_name(b)} +1/+2"
    if k == "post":
        t = spec["type"]
        return "Any post" if t == "any" else f"{post_name(t)} post"
    if k == "income":
        return f"Income ₹{spec['rupees']}"
    if k == "load":
        return f"Load {spec['qty']}"
    if k == "move":
        return f"Move {spec['qty']}"
    return k


def card_text(card_id: str, with_id: bool = True) -> str:
    """'Cotton +1 / Load 3 (C27)'; public log lines leave the card id out."""
    c = data().cards[card_id]
    text = f"{action_text(c['dev'])} / {action_text(c['logistics'])}"
    return f"{text} ({card_id})" if with_id else text


def log(st: State, ev: list[Event], text: str, *, barrier: bool = False) -> None:
    """A public log line; also kept in `last_text` for the view. None on a search copy."""
    if not st.logged:
        return
    ev.append(Event(text, barrier=barrier))
    st.last_text.append(text)
    st.recent.append(Logged(st.stack[-1].seat if st.stack else None, text))
    del st.recent[:-RECENT_KEEP]


def touch(st: State, *ids: str) -> None:
    """Highlight `ids` as changed by the last turn (`last`); not on a search copy."""
    if not st.logged:
        return
    for i in ids:
        if i not in st.last:
            st.last.append(i)
