"""Applying a decision: `apply` checks a complete move (the same checks the menus make, in
prompts.py) and only then changes the state; a refused move raises IllegalAction."""

from __future__ import annotations

from engine.core import Event, IllegalAction
from tests.titles.bazaar import prompts
from tests.titles.bazaar.data import NUMBERS
from tests.titles.bazaar.names import coins, seat_name
from tests.titles.bazaar.scoring import card_points, final_scoring
from tests.titles.bazaar.state import BazaarState, Card


def apply(state: BazaarState, seat: int, choice_id: str) -> list[Event]:
    if state.phase == "over":
        raise IllegalAction("The game is over; no more moves can be made.")
    if not 0 <= seat < len(state.seats):
        raise IllegalAction(f"There is no seat {seat + 1} in this game.")
    if prompts.prompt_for(state, seat) is None:
        raise IllegalAction(prompts.not_your_turn(state, seat))
    kind, _, arg = choice_id.partition(":")
    me = state.seats[seat]
    if state.phase == "bid":
        top = min(me.coins, NUMBERS["max_bid"])
        if kind != "bid" or not arg.isdigit() or int(arg) > top:
            raise IllegalAction(
                f"You can bid from 0 to {coins(top)} (you have {coins(me.coins)}); "
                f"{choice_id!r} is not a bid."
            )
        return _bid(state, seat, int(arg))
    if choice_id == "pass":
        return _pass(state, seat)
    if kind == "sell":
        key, _, stall = arg.partition(":")
        card = prompts.draft_card(state, seat, f"card:{key}")
        return _sale(state, seat, card, prompts.draft_stall(state, seat, f"stall:{stall}"))
    raise IllegalAction(
        f"Right now you must sell a card at a stall or pass; {choice_id!r} is not a move."
    )


def _bid(state: BazaarState, seat: int, amount: int) -> list[Event]:
    state.seats[seat].bid = amount
    done = sum(p.bid is not None for p in state.seats)
    events = [  # who bid stays private until the reveal: the public learns how many
        Event(f"Someone has placed a secret bid ({done} of {len(state.seats)} bids are in)."),
        Event(f"You bid {coins(amount)}.", private_to=seat),
    ]
    if all(p.bid is not None for p in state.seats):
        events.extend(_reveal_bids(state))
    return events


def _reveal_bids(state: BazaarState) -> list[Event]:
    bids = [p.bid or 0 for p in state.seats]
    for p, bid in zip(state.seats, bids, strict=True):
        p.coins -= bid
    state.order = sorted(
        range(len(state.seats)), key=lambda s: (-bids[s], state.seats[s].points, s)
    )
    state.phase, state.turn = "play", 0
    state.last_action = [f"seat:{s}" for s in range(len(state.seats))]
    shown = ", ".join(f"{seat_name(s)} {b}" for s, b in enumerate(bids))
    order = ", ".join(seat_name(s) for s in state.order)
    return [Event(f"Bids revealed and paid: {shown}. Turn order: {order}.", barrier=True)]


def _pass(state: BazaarState, seat: int) -> list[Event]:
    state.seats[seat].coins += NUMBERS["pass_coins"]
    state.last_action = [f"seat:{seat}"]
    events = [Event(f"{seat_name(seat)} passes and takes {coins(NUMBERS['pass_coins'])}.")]
    return events + _end_turn(state, seat)


def _sale(state: BazaarState, seat: int, card: Card, i: int) -> list[Event]:
    me, stall, name = state.seats[seat], state.stalls[i], seat_name(seat)
    me.hand.remove(card)
    text = f"{name} sells a {card.words()} at stall {i + 1} ({stall.colour})"
    state.last_action = [f"stall:{i + 1}", f"seat:{seat}"]
    if stall.owner is not None and stall.owner != seat:
        fee = NUMBERS["cover_fee"]
        me.coins -= fee
        state.seats[stall.owner].coins += fee
        text += f", paying {seat_name(stall.owner)} {coins(fee)}"
        state.last_action.append(f"seat:{stall.owner}")
    points = card_points(card, stall)
    me.points += points
    stall.cards.append(card)
    stall.owner = seat
    # Revealing a hidden card is a barrier: undo may not take it back.
    events = [Event(f"{text}: +{points} points.", barrier=True)]
    return events + _end_turn(state, seat)


def _end_turn(state: BazaarState, seat: int) -> list[Event]:
    name, me = seat_name(seat), state.seats[seat]
    events = []
    if not state.deck:
        events.append(Event(f"The deck is empty; {name} draws nothing."))
    elif len(me.hand) >= NUMBERS["hand_limit"]:
        events.append(Event(f"{name} holds {len(me.hand)} cards and draws nothing."))
    else:
        card = state.deck.pop(state.rng.below(len(state.deck)))
        me.hand.append(card)
        events.append(Event(f"{name} draws a card.", barrier=True))
        events.append(Event(f"You drew a {card.words()}.", private_to=seat, barrier=True))
    state.turn += 1
    if state.turn < len(state.order):
        return events
    return events + _end_round(state)


def _end_round(state: BazaarState) -> list[Event]:
    if state.round >= state.rounds:
        return final_scoring(state)
    state.round += 1
    state.phase, state.order, state.turn = "bid", [], 0
    for p in state.seats:
        p.bid = None
        p.coins += NUMBERS["income"]
    return [Event(f"Round {state.round} begins; every seat takes {coins(NUMBERS['income'])}.")]
