"""Builds the view of a seat (or a spectator) from the state, hiding the other seats' hands and
unrevealed bids; `redeal` draws anew all a seat cannot see (the conformance suite's leak check);
the status line and a seat's hand in words."""

from __future__ import annotations

import msgspec

from engine.rng import Rng
from tests.titles.bazaar.data import NUMBERS
from tests.titles.bazaar.names import seat_name
from tests.titles.bazaar.scoring import result
from tests.titles.bazaar.state import BazaarState, current
from tests.titles.bazaar.view import BazaarView, SeatView, StallView


def build(state: BazaarState, seat: int | None) -> BazaarView:
    revealed = state.phase != "bid"
    seats = [
        SeatView(
            seat=s,
            label=seat_name(s),
            coins=p.coins,
            points=p.points,
            hand_size=len(p.hand),
            has_bid=p.bid is not None,
            bid=p.bid if revealed or s == seat else None,
            hand=list(p.hand) if s == seat else None,
        )
        for s, p in enumerate(state.seats)
    ]
    stalls = [
        StallView(i + 1, st.colour, st.cards[-1] if st.cards else None, st.owner, len(st.cards))
        for i, st in enumerate(state.stalls)
    ]
    return BazaarView(
        viewer=seat,
        round=state.round,
        rounds=state.rounds,
        phase=state.phase,
        current=current(state),
        order=list(state.order),
        seats=seats,
        stalls=stalls,
        deck_size=len(state.deck),
        last_action=list(state.last_action),
    )


def redeal(state: BazaarState, seat: int | None, rng: Rng) -> BazaarState:
    new = msgspec.json.decode(msgspec.json.encode(state), type=BazaarState)
    others = [s for s in range(len(new.seats)) if s != seat]
    pool = list(new.deck) + [c for s in others for c in new.seats[s].hand]
    rng.shuffle(pool)
    for s in others:
        size = len(new.seats[s].hand)
        new.seats[s].hand, pool = pool[:size], pool[size:]
        if new.phase == "bid" and new.seats[s].bid is not None:
            new.seats[s].bid = rng.randint(0, min(new.seats[s].coins, NUMBERS["max_bid"]))
    new.deck = pool
    return new


def status_line(state: BazaarState) -> str:
    if state.phase == "over":
        res = result(state)
        assert res is not None
        return f"Game over: {seat_name(res.ranking[0])} wins."
    head = f"Round {state.round}/{state.rounds}"
    if state.phase == "bid":
        waiting = [seat_name(s) for s, p in enumerate(state.seats) if p.bid is None]
        return f"{head} · bidding · waiting for {', '.join(waiting)}"
    seat_now = current(state)
    assert seat_now is not None
    return f"{head} · {seat_name(seat_now)} to play"


def private_text(state: BazaarState, seat: int) -> str | None:
    hand = state.seats[seat].hand
    if not hand:
        return "Your hand is empty."
    cards = ", ".join(c.words() for c in sorted(hand, key=lambda c: (c.colour, c.value)))
    return f"Your hand: {cards}."
