"""What may be decided now: the prompts and the menus a move is built through.

A bid is a step (`pick:N`) then its confirmation (`bid:N`); a sale is a card (`card:KEY`), a
stall (`stall:N`), then its confirmation (`sell:KEY:N`); `pass` is a move at once. The steps are
the seat's draft: `choices` checks a draft with the same checks `apply` makes (moves.py).
"""

from __future__ import annotations

from engine.core import BACK, Choice, IllegalAction, Prompt
from tests.titles.bazaar.data import NUMBERS
from tests.titles.bazaar.names import coins, seat_name
from tests.titles.bazaar.scoring import card_points
from tests.titles.bazaar.state import BazaarState, Card, current


def prompts(state: BazaarState) -> list[Prompt]:
    if state.phase == "bid":
        return [_bid_prompt(state, s) for s, p in enumerate(state.seats) if p.bid is None]
    if state.phase == "play":
        seat = current(state)
        assert seat is not None
        return [_card_prompt(state, seat)]
    return []


def prompt_for(state: BazaarState, seat: int) -> Prompt | None:
    return next((p for p in prompts(state) if p.seat == seat), None)


def choices(state: BazaarState, seat: int, draft: tuple[str, ...]) -> Prompt | None:
    top = prompt_for(state, seat)
    if top is None or not draft:
        if draft:
            raise IllegalAction(not_your_turn(state, seat))
        return top
    if state.phase == "bid":
        amount = _draft_number(top, draft, "pick:")
        if len(draft) == 1:
            return _bid_confirm_prompt(state, seat, amount)
    else:
        card = draft_card(state, seat, draft[0])
        if len(draft) == 1:
            return _stall_prompt(state, seat)
        stall = draft_stall(state, seat, draft[1])
        if len(draft) == 2:
            return _confirm_prompt(state, seat, card, stall)
    raise IllegalAction("That menu is not available now.")


def not_your_turn(state: BazaarState, seat: int) -> str:
    if state.phase == "bid":
        return "You have already bid this round; wait for the others to bid."
    seat_now = current(state)
    assert seat_now is not None
    return f"It is not your turn; {seat_name(seat_now)} is playing."


def default_move(state: BazaarState, seat: int) -> str:
    """The default decision of an idle seat: bid nothing (`bid:0`) when bidding, and pass
    (taking the pass coin) on a turn."""
    if prompt_for(state, seat) is None:
        raise IllegalAction("It is not this seat's decision.")
    return "bid:0" if state.phase == "bid" else "pass"


# ---- checks shared with `apply` ------------------------------------------------------------
def draft_card(state: BazaarState, seat: int, step: str) -> Card:
    kind, _, key = step.partition(":")
    card = _card_in_hand(state, seat, key) if kind == "card" else None
    if card is None:
        raise IllegalAction(f"You have no {key.replace('-', ' ')} in your hand.")
    return card


def draft_stall(state: BazaarState, seat: int, step: str) -> int:
    kind, _, arg = step.partition(":")
    if kind != "stall" or not arg.isdigit() or not 1 <= int(arg) <= len(state.stalls):
        raise IllegalAction(
            f"There is no stall {arg}; the stalls are numbered 1 to {len(state.stalls)}."
        )
    problem = cover_problem(state, seat, int(arg) - 1)
    if problem:
        raise IllegalAction(problem)
    return int(arg) - 1


def cover_problem(state: BazaarState, seat: int, i: int) -> str | None:
    """Why `seat` may not cover stall `i` (it cannot pay the owner), or None."""
    stall = state.stalls[i]
    fee = NUMBERS["cover_fee"]
    if stall.owner is not None and stall.owner != seat and state.seats[seat].coins < fee:
        return (
            f"Stall {i + 1} is held by {seat_name(stall.owner)}; covering it costs {coins(fee)} "
            f"and you have {coins(state.seats[seat].coins)}."
        )
    return None


def _draft_number(top: Prompt, draft: tuple[str, ...], head: str) -> int:
    found = top.find(draft[0])
    if found is None or not draft[0].startswith(head):
        raise IllegalAction("That bid is not one you can make now.")
    return int(draft[0][len(head) :])


def _card_in_hand(state: BazaarState, seat: int, key: str) -> Card | None:
    return next((c for c in state.seats[seat].hand if c.key == key), None)


# ---- the menus -----------------------------------------------------------------------------
def _bid_prompt(state: BazaarState, seat: int) -> Prompt:
    have = state.seats[seat].coins
    top = min(have, NUMBERS["max_bid"])
    listed = [Choice(f"pick:{n}", f"Bid {coins(n)}", "Bid", step=True) for n in range(top + 1)]
    text = f"Round {state.round}: bid secretly for turn order (you have {coins(have)})."
    return Prompt(seat, text, listed, secret=True)


def _bid_confirm_prompt(state: BazaarState, seat: int, amount: int) -> Prompt:
    listed = [
        Choice(f"bid:{amount}", f"Confirm: bid {coins(amount)}", "Confirm"),
        Choice(BACK, "Back: choose another bid", "Other", step=True),
    ]
    return Prompt(seat, "Confirm your secret bid.", listed, secret=True)


def _card_prompt(state: BazaarState, seat: int) -> Prompt:
    listed: list[Choice] = []
    for card in sorted(set(state.seats[seat].hand), key=lambda c: (c.colour, c.value)):
        listed.append(Choice(f"card:{card.key}", f"Sell a {card.words()}", "Cards", step=True))
    fee = NUMBERS["pass_coins"]
    listed.append(Choice("pass", f"Pass and take {coins(fee)}", "Other"))
    # The choices show the hand, so they are made privately (like the real titles do).
    return Prompt(seat, "Choose a card to sell, or pass.", listed, secret=True)


def _stall_group(i: int) -> str:
    """Stalls grouped by tens so paged menus read well."""
    lo = i // 10 * 10 + 1
    return f"Stalls {lo}-{lo + 9}"


def _stall_prompt(state: BazaarState, seat: int) -> Prompt:
    listed = [
        Choice(f"stall:{i + 1}", _stall_place(state, i, seat), _stall_group(i), step=True)
        for i in range(len(state.stalls))
        if cover_problem(state, seat, i) is None
    ]
    listed.append(Choice(BACK, "Back: choose another card", "Other", step=True))
    return Prompt(seat, "Choose a stall for the card you picked.", listed, secret=True)


def _stall_place(state: BazaarState, i: int, seat: int) -> str:
    stall = state.stalls[i]
    if stall.owner is None:
        return f"Stall {i + 1} ({stall.colour}, empty)"
    held = f"{seat_name(stall.owner)}'s {stall.cards[-1].words()}"
    fee = f", pay {coins(NUMBERS['cover_fee'])}" if stall.owner != seat else ""
    return f"Stall {i + 1} ({stall.colour}, {held}){fee}"


def _stall_label(state: BazaarState, i: int, card: Card, seat: int) -> str:
    stall = state.stalls[i]
    gain = f"+{card_points(card, stall)} points"
    if stall.owner is None:
        held = "empty"
    else:
        held = f"{seat_name(stall.owner)}'s {stall.cards[-1].words()}"
        if stall.owner != seat:
            gain += f", pay {coins(NUMBERS['cover_fee'])}"
    return f"Stall {i + 1} ({stall.colour}, {held}): {gain}"


def _confirm_prompt(state: BazaarState, seat: int, card: Card, i: int) -> Prompt:
    label = f"Confirm: sell your {card.words()} at stall {i + 1}"
    label += f" ({_stall_label(state, i, card, seat).split(': ')[1]})"
    listed = [
        Choice(f"sell:{card.key}:{i + 1}", label, "Confirm"),
        Choice(BACK, "Back: choose another stall", "Other", step=True),
    ]
    return Prompt(seat, "Confirm your sale.", listed, secret=True)
