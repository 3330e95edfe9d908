"""The cards hidden from a seat, dealt anew: the host's redeal (section 2.1) shuffles them, the
automatic player's view (R194) puts them in a canonical order."""

from __future__ import annotations

from collections.abc import Callable

from engine.mombasa.data import data
from engine.mombasa.state import State, card_kind
from engine.mombasa.view_static import memo, static


def rearrange_hidden_cards(
    st: State, others: list[int], arrange: Callable[[list[str]], list[str]]
) -> None:
    """Deal the deck and the hands of `others` anew, card for card within each card letter (so
    hand sizes, the deck size and its letter stacking stay): `arrange` gets the cards of one
    letter (deck places first, then the hands in seat order) and returns them in their new order."""
    letters = static().card_letters
    places: dict[str, list[tuple[int, int]]] = {}  # letter -> (holder, index); -1 = deck
    for i, cid in enumerate(st.deck):
        places.setdefault(letters.get(cid) or _letter(cid), []).append((-1, i))
    for s in others:
        for i, cid in enumerate(st.players[s].hand):
            places.setdefault(letters.get(cid) or _letter(cid), []).append((s, i))
    for spots in places.values():
        cards = arrange([st.deck[i] if h < 0 else st.players[h].hand[i] for h, i in spots])
        for (h, i), cid in zip(spots, cards, strict=True):
            if h < 0:
                st.deck[i] = cid
            else:
                st.players[h].hand[i] = cid


def _letter(cid: str) -> str:
    """The card's letter, kept per data object (the automatic player regroups the hidden cards
    at every decision)."""
    return memo(static().card_letters, cid, lambda c: data().cards[card_kind(c)].letter)
