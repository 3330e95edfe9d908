"""A LIFO stack of small tasks: the resolution of a title whose moves cascade (an effect that
grants a choice, which triggers another effect ...). Each `Task` is one unit of pending work:
an *automatic* task runs as soon as it is on top, a *decision* waits for its seat's choice.
Keeping every cascade on one stack makes it depth-first and resumable between two choices, and
the stack is part of the state, so a game stored in the middle of a cascade replays exactly.

A title keeps `list[Task]` in its State and its own handlers (kind -> function); `resolve` runs
the stack until a decision must wait. Benares & Calcutta runs its whole flow on it
(engine/benares/moves.py); Mombasa keeps the same stack in its state (`State.pending`).

Stored games hold these tasks: `Task` is serialised as an array `[kind, seat, a, b, n, m]`
(msgspec `array_like`), so its fields, their order and their defaults must never change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import msgspec


class Task(msgspec.Struct, array_like=True, frozen=True):
    """One unit of pending work. `kind` names the handler; `seat` is who it is for (who decides,
    for a decision); a/b/n/m are its arguments, whose meaning is the handler's. Frozen: a
    handler pushes new Tasks instead of changing one, so copies of a state may share them."""

    kind: str
    seat: int
    a: str = ""
    b: str = ""
    n: int = 0
    m: int = 0


def push(stack: list[Task], task: Task) -> None:
    """Put `task` on top: it runs before everything already on the stack."""
    stack.append(task)


def push_in_order(stack: list[Task], tasks: Iterable[Task]) -> None:
    """Put `tasks` on top so that they run in the order given (pushed in reverse)."""
    stack.extend(reversed(list(tasks)))


#: An automatic task's handler: (state, task, events to append to).
Auto = Callable[[Any, Task, list[Any]], None]
#: A decision's handler: (state, task, the chosen move id, events to append to).
Choose = Callable[[Any, Task, str, list[Any]], None]


def resolve(
    st: Any,
    stack: list[Task],
    auto: Mapping[str, Auto],
    forced: Callable[[Any, Task], str | None],
    choose: Mapping[str, Choose],
    ev: list[Any],
) -> None:
    """Run `stack` (the state `st`'s) until a real decision is on top, or it is empty.

    An automatic task (its kind in `auto`) is popped and run. For a decision, `forced(st, task)`
    gives the move it resolves to by itself (its only option; "" when it has none), or None when
    it waits for its seat; a forced decision is popped and handled by `choose[task.kind]`."""
    while stack:
        top = stack[-1]
        handler = auto.get(top.kind)
        if handler is not None:
            stack.pop()
            handler(st, top, ev)
            continue
        move = forced(st, top)
        if move is None:
            return
        stack.pop()
        choose[top.kind](st, top, move, ev)
