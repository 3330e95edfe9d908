"""Shared set-up helpers for the Mombasa action tests (goods, bonus, books, expand, the seed):
a started game in the action phase and cards placed by hand."""

from __future__ import annotations

from engine.mombasa import bonus
from engine.mombasa.setup import apply_start_tiles, choose_start_tile, new_game
from engine.mombasa.state import SlotCard, State, TrackBonus


def started_game(seed: int, tracks: str = "A1,B1,C1,D2", seats: int = 3) -> State:
    """A new game with every seat's first starting tile chosen and applied, in the action phase."""
    st = new_game(seed, seats, {"tracks": tracks})
    for s in range(seats):
        choose_start_tile(st, s, 0)
    apply_start_tiles(st)
    st.phase = "action"
    return st


def take(st: State, cid: str) -> None:
    """Remove a physical card from wherever it is (hand, piles, deck, display)."""
    for p in st.players:
        if cid in p.hand:
            p.hand.remove(cid)
        for pile in p.piles:
            if cid in pile:
                pile.remove(cid)
    if cid in st.deck:
        st.deck.remove(cid)
    for row in st.display:
        for i, c in enumerate(row):
            if c == cid:
                row[i] = ""


def put(st: State, seat: int, slot: int, kind: str, face_up: bool = True) -> str:
    """Put a card into the seat's action slot `slot` (1-based): an action card by id (`A01`), a
    starting or seat card by data id (`S_BAN1`, coloured for the seat)."""
    p = st.players[seat]
    cid = kind if kind[0] in "ABCDE" and kind[1].isdigit() else f"{p.colour}:{kind}"
    take(st, cid)
    p.slots[slot - 1] = SlotCard(cid, face_up)
    return cid


def show(st: State, cards: dict[tuple[int, int], str]) -> None:
    """Empty the display, then lay out {(row, col): kind} (0-based)."""
    st.display = [["", "", ""] for _ in range(3)]
    for (r, c), kind in cards.items():
        take(st, kind)
        st.display[r][c] = kind


def unlock(st: State, seat: int, company: str, index: int, active: bool = True) -> None:
    """Give the seat a track bonus (pending when not `active`)."""
    st.players[seat].bonuses.append(TrackBonus(company, index, active))


def to_hand(st: State, seat: int, kind: str) -> str:
    """Move a card (by id) into the seat's hand from wherever it is."""
    take(st, kind)
    st.players[seat].hand.append(kind)
    return kind


def finish_bonus(st: State, head: str, seat: int = 0) -> str:
    """Follow the first choice of every bonus menu from `head` to a complete move."""
    path: tuple[str, ...] = ("b", head)
    first = next(c for c in bonus.steps(st, seat, ("b",)) if c.id == head)
    while first.step:
        first = bonus.steps(st, seat, path)[0]
        path += (first.id,)
    return first.id
