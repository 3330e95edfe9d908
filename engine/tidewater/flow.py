"""The turn procedure of spec section 8.3: move, resolve, halfway, Start, passing, window."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, IllegalAction
from engine.tidewater import names, track
from engine.tidewater.market import company_name
from engine.tidewater.payout import pay_dividend, run_payout, start_payout
from engine.tidewater.production import production_event
from engine.tidewater.state import OVER, PAYOUT, START, TURN, State


def seat_name(seat: int) -> str:
    return names.seat(seat)


def open_window(state: State) -> None:
    """A new window: each ship may sail once again (R99)."""
    for ship in state.ships:
        ship.sailed = False


def check_turn(state: State, seat: int) -> None:
    if state.phase == OVER:
        raise IllegalAction("The game is over.")
    if state.phase == PAYOUT:
        raise IllegalAction("The payout is in progress: a CEO is choosing a dividend.")
    if seat != state.active:
        raise IllegalAction(f"It is {seat_name(state.active)}'s turn, not yours.")


def check_time_action(state: State, seat: int, cost: int) -> None:
    check_turn(state, seat)
    if state.phase != TURN:
        raise IllegalAction(
            "You have reached Start: only free actions remain, then choose Done to end your round."
        )
    pos = state.players[seat].pos
    steps = state.rules.steps
    if pos + cost > steps:  # R39, R72
        raise IllegalAction(
            f"That action costs {cost} time and would carry your disc past Start "
            f"(you are on step {pos} of {steps})."
        )


def time_action(
    state: State,
    seat: int,
    action: str,
    cost: int,
    resolve: Callable[[list[str]], str],
    barrier: bool = False,
) -> list[Event]:
    """R5, R81: record the leader, move, resolve, then halfway, Start and passing checks.

    `resolve` returns what the seat did, without the seat's name ("buys a ..."); parts of a
    combined action are separated by newlines."""
    r = state.rules
    leader0 = track.leader(state)  # R75
    track.move(state, seat, cost)
    touched = [f"disc:{seat}"]
    text = resolve(touched)
    state.actions_this_turn += 1
    p = state.players[seat]
    # A combined action (a buy and a sell, two navigation points) reads as one line per part;
    # the time cost of the whole action goes on the first line.
    parts = text.split("\n")
    events = [
        Event(
            f"{seat_name(seat)} {'also ' if i else ''}{part}"
            + (f" ({names.time(cost)}, now on step {p.pos})." if i == 0 else "."),
            barrier=barrier,
        )
        for i, part in enumerate(parts)
    ]
    if r.halfway_enabled(state.seats) and not state.halfway_done and p.pos >= r.halfway:
        state.halfway_done = True  # R79: once per round, the first disc only
        for line in production_event(state, "halfway", touched):
            events.append(Event(line, barrier=True))
    if p.pos == r.steps:  # R37, R38: the Start window, even after passing
        state.phase = START
        open_window(state)
        events.append(
            Event(
                f"{seat_name(seat)} reaches Start and may still take free actions before "
                "ending the round."
            )
        )
    elif seat != leader0 and track.ahead(state, seat, leader0):  # R9, R10
        events.append(
            Event(f"{seat_name(seat)} passes the leader on the Time Track, so the turn ends.")
        )
        events += end_turn(state, touched)
    else:
        open_window(state)
    state.last.seat, state.last.action, state.last.touched = seat, action, touched
    return events


def stop(state: State, seat: int) -> list[Event]:
    check_turn(state, seat)
    if state.phase != TURN:
        raise IllegalAction("You are on Start: take free actions, then choose Done.")
    if state.actions_this_turn < 1:
        raise IllegalAction("Take at least one time-costing action before you stop.")
    if track.last(state) == seat:  # R6
        raise IllegalAction("You are still last on the Time Track: you must take another action.")
    touched = [f"disc:{seat}"]
    events = [Event(f"{seat_name(seat)} stops.")]
    events += end_turn(state, touched)
    state.last.seat, state.last.action, state.last.touched = seat, "stop", touched
    return events


def done(state: State, seat: int) -> list[Event]:
    """End the Start window; the first finisher triggers production and the payout (R80)."""
    check_turn(state, seat)
    if state.phase != START:
        raise IllegalAction("Done ends your round once you are on Start; you are not there yet.")
    touched = [f"disc:{seat}"]
    events = [Event(f"{seat_name(seat)} is done and finishes the round on Start.")]
    if state.first_finisher is None:
        state.first_finisher = seat
        for line in production_event(state, "Start", touched):
            events.append(Event(line, barrier=True))
        events += [Event(x) for x in start_payout(state, touched)]
        if state.phase == PAYOUT:
            state.last.seat, state.last.action, state.last.touched = seat, "done", touched
            return events
    events += end_turn(state, touched)
    state.last.seat, state.last.action, state.last.touched = seat, "done", touched
    return events


def dividend(state: State, seat: int, d: int) -> list[Event]:
    """The CEO's answer during the payout (R57, R116); then the payout resumes."""
    pay = state.payout
    if state.phase != PAYOUT or pay is None:
        raise IllegalAction("No dividend is being decided now.")
    cid = pay.order[pay.index]
    co = state.company(cid)
    if seat != co.ceo:
        raise IllegalAction(
            f"Only the CEO of {company_name(state, cid)} ({seat_name(co.ceo or 0)}) decides "
            "this dividend."
        )
    if d not in pay.options:
        raise IllegalAction(
            f"The {company_name(state, cid)} treasury cannot pay {d} per share; choose one of "
            f"{', '.join(map(str, pay.options))}."
        )
    touched: list[str] = []
    events = [Event(pay_dividend(state, cid, d, touched, chooser=seat))]
    pay.index += 1
    pay.options = []
    state.phase = START  # resume the payout inside the first finisher's turn
    events += [Event(x) for x in run_payout(state, touched)]
    if state.phase != PAYOUT:
        events += end_turn(state, touched)
    state.last.seat, state.last.action, state.last.touched = seat, "dividend", touched
    return events


def end_turn(state: State, touched: list[str]) -> list[Event]:
    """R8, R82: the new last disc's owner acts; with every disc finished, the round ends."""
    state.actions_this_turn = 0
    nxt = track.last(state)
    if nxt is None:
        return round_end(state, touched)
    state.active = nxt
    state.phase = TURN
    open_window(state)
    return [Event(f"{seat_name(nxt)} is now last on the Time Track and takes the turn.")]


def round_end(state: State, touched: list[str]) -> list[Event]:
    """R62, R63, R83."""
    r = state.rules
    if state.round >= r.rounds:
        state.phase = OVER
        return [Event(f"Round {state.round} ends. The game is over.")]
    state.round += 1
    stack = state.stacks[r.steps]
    state.stacks[r.steps] = []
    state.stacks[0] = stack
    for p in state.players:
        p.pos = 0
    state.halfway_done = False
    state.first_finisher = None
    state.active = stack[-1]
    state.phase = TURN
    open_window(state)
    return [
        Event(f"Round {state.round - 1} ends. Round {state.round} begins."),
        Event(f"{seat_name(state.active)} is on top of the Start stack and takes the turn."),
    ]
