"""The circular Time Track (spec section 8): positions, stacks, last, leader, moving."""

from __future__ import annotations

from engine.tidewater.state import TURN, State


def level(state: State, seat: int) -> int:
    """Index of the seat's disc in its stack (0 = bottom)."""
    return state.stacks[state.players[seat].pos].index(seat)


def ahead(state: State, a: int, b: int) -> bool:
    """R73: A is ahead of B when further on, or on the same space and lower in the stack."""
    pa, pb = state.players[a].pos, state.players[b].pos
    if pa != pb:
        return pa > pb
    stack = state.stacks[pa]
    return stack.index(a) < stack.index(b)


def last(state: State) -> int | None:
    """R2/R12/R74: the top disc of the rearmost occupied space among unfinished discs."""
    steps = len(state.stacks) - 1
    for pos in range(steps):
        stack = state.stacks[pos]
        if stack:
            return stack[-1]
    return None


def leader(state: State) -> int:
    """R74: the bottom disc of the frontmost occupied space, finished discs included."""
    for pos in range(len(state.stacks) - 1, -1, -1):
        stack = state.stacks[pos]
        if stack:
            return stack[0]
    raise AssertionError("no discs on the track")


def finished(state: State, seat: int) -> bool:
    """R78: a disc on the final Start space has finished the round."""
    return state.players[seat].pos == len(state.stacks) - 1


def all_finished(state: State) -> bool:
    return last(state) is None


def move(state: State, seat: int, steps: int) -> None:
    """R11: the disc leaves its stack (it is always the top disc) and goes on top at its new space."""
    p = state.players[seat]
    old = state.stacks[p.pos]
    old.remove(seat)
    p.pos += steps
    state.stacks[p.pos].append(seat)


def can_stop(state: State) -> bool:
    """R77: only from a normal window, after at least one action, and when no longer last."""
    return state.phase == TURN and state.actions_this_turn >= 1 and last(state) != state.active
