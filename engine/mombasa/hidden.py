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
    places: dict[str, list[tuple[list[str], int]]] = {}  # letter -> (deck or hand, index)
    cards: dict[str, list[str]] = {}  # letter -> its cards, in the order of `places`
    for held in [st.deck] + [st.players[s].hand for s in others]:
        for i, cid in enumerate(held):
            letter = letters.get(cid) or _letter(cid)
            spots = places.get(letter)
            if spots is None:
                spots = places[letter] = []
                cards[letter] = []
            spots.append((held, i))
            cards[letter].append(cid)
    for letter, spots in places.items():
        for (held, i), cid in zip(spots, arrange(cards[letter]), strict=True):
            held[i] = cid


def _letter(cid: str) -> str:
    """The card's letter, kept per data object (the automatic player regroups the hidden cards
    at every decision)."""
    return memo(static().card_letters, cid, lambda c: data().cards[card_kind(c)].letter)
