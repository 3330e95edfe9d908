"""Chains (engine.core.CHAIN): a decision and the seat's next one offered as one choice.

* The order of a play's two actions ("which goes first?") is offered together with each
  choice of the action that then comes first: "Card first: Cotton +1" is one choice, not two.
* A card's Development action repeated on a multiplied space ("repetition 1 of 3") is also
  offered as all its remaining repetitions with the same choice: "... all 3 repetitions".

Only what follows without anything drawn or revealed is chained (a part whose events carry a
barrier ends the chain), and only while the same seat decides: the menu shows nothing the seat
could not see by choosing one part at a time. `apply` accepts exactly the chains the menu lists
(`offered`), each part applied as if chosen alone: the same checks, the same log lines."""

from __future__ import annotations

import re

from engine.benares import moves
from engine.benares.clone import clone
from engine.benares.prompts import bare_options
from engine.benares.state import State, Task
from engine.core import (
    CHAIN,
    MAX_CHOICE_ID,
    REPEAT,
    Choice,
    Event,
    IllegalAction,
    chain_id,
    chain_parts,
)

ORDER_PREFIX = {"first:card": "Card action first", "first:company": "Company action first"}


def _after(st: State, seat: int, parts: list[str]) -> State | None:
    """A copy of `st` once `seat` has made `parts`; None when a part is refused, draws or
    reveals something, or when `seat` no longer decides after it."""
    found = _made(st, seat, parts)
    return found[0] if found is not None and found[2] else None


def _made(st: State, seat: int, parts: list[str]) -> tuple[State, list[Event], bool] | None:
    """(a copy of `st` once `seat` has made `parts`, their events, whether the seat may chain
    on: nothing drawn or revealed and still its decision); None when a part is refused."""
    copy = clone(st)
    events: list[Event] = []
    for part in parts:
        try:
            got = moves.decide(copy, seat, part)
        except IllegalAction:
            return None
        events += got
        if any(e.barrier for e in got) or not copy.stack or copy.stack[-1].seat != seat:
            return copy, events, False
    return copy, events, True


def _next_task(st: State) -> Task:
    return st.stack[-1]


def _repeats(st: State, t: Task, choice: Choice) -> Choice | None:
    """`choice` made for every remaining repetition of the Development action `t`, when each
    of them is a repetition of it offering the same choice."""
    left = t.m - t.n + 1
    if t.kind != "card_dev" or left < 2 or choice.id in ("decline", "company_now"):
        return None
    copy = _after(st, t.seat, [choice.id] * (left - 1))
    if copy is None:
        return None
    nxt = _next_task(copy)
    if nxt.kind != "card_dev" or nxt.a != t.a or nxt.n != t.m:
        return None
    if not moves.legal(copy, nxt, choice.id):
        return None
    label = f"All {left} repetitions: {short(choice.label)}"
    return Choice(f"{choice.id}{REPEAT}{left}", label[:100], "All repetitions")


def short(label: str) -> str:
    """A choice's label inside a chain's: without its warning (the choice alone on the menu
    carries it in full), marked ⚠ where it had one."""
    head, dash, _ = label.partition(" — ")
    return f"{head} ⚠" if dash else head


def offered(st: State, t: Task, listed: list[Choice]) -> list[Choice]:
    """The chains the menu of decision `t` (whose choices are `listed`) adds."""
    if t.kind == "card_dev":
        reps = [_repeats(st, t, x) for x in listed if not x.step]
        return [warned(st, t.seat, c) for c in reps if c is not None]
    if t.kind != "order":
        return []
    # Each chain is listed with the events of its parts, made once here on copies (its label
    # warns of an action that cannot happen: `_warned`).
    pairs: list[tuple[Choice, list[Event]]] = []  # the order and the first action's choice
    whole: list[tuple[Choice, list[Event]]] = []  # ... and the other action's choice too
    for first, prefix in ORDER_PREFIX.items():
        if not any(c.id == first for c in listed):
            continue
        made = _made(st, t.seat, [first])
        if made is None or not made[2]:
            continue
        copy, before = made[0], made[1]
        nxt = _next_task(copy)
        for c in moves.options(copy, nxt):
            if c.step or CHAIN in c.id or REPEAT in c.id:  # (its repetitions: `_repeats`)
                continue
            rep = _repeats(copy, nxt, c)
            for part in [c] if rep is None else [c, rep]:
                pair = Choice(chain_id(first, part.id), f"{prefix}: {short(part.label)}", prefix)
                then = _then_other(
                    copy, t.seat, part, "company" if first == "first:card" else "card"
                )
                if then is None:
                    got = _made(copy, t.seat, chain_parts(part.id))
                    pair_events = before + (got[1] if got is not None else [])
                    pairs.append((pair, pair_events))
                    whole.append((pair, pair_events))
                    continue
                follow, after, part_events = then
                pairs.append((pair, before + part_events))
                for d in follow:
                    label = f"{prefix}: {short(part.label)}, then {short(d.label)}"
                    got = _made(after, t.seat, chain_parts(d.id))
                    last = got[1] if got is not None else []
                    chain = Choice(chain_id(first, part.id, d.id), label, prefix)
                    whole.append((chain, before + part_events + last))
    out = whole if len(whole) <= OFFERED_MAX else pairs
    seen: set[str] = set()  # the same moves reached two ways (a repetition chained or not)
    return [
        _warned(t.seat, c, events)
        for c, events in out
        if len(c.id) <= MAX_CHOICE_ID and not (c.id in seen or seen.add(c.id))  # type: ignore[func-returns-value]
    ]


#: "Seat 2 cannot use the card action ...": a log line of an action that could not happen.
CANNOT = re.compile(r"^Seat (\d+) cannot use the (card|company|pooled Move) action")


def warned(st: State, seat: int, c: Choice) -> Choice:
    """The chain `c` with a warning up front when one of the seat's actions in it cannot happen
    (as the menus warn of a single choice: engine.benares.traps); its label cut to 100."""
    copy = clone(st)
    events: list[Event] = []
    for part in chain_parts(c.id):
        events += moves.decide(copy, seat, part)
    return _warned(seat, c, events)


def _warned(seat: int, c: Choice, events: list[Event]) -> Choice:
    """`warned`, from the events its parts made."""
    lost = sorted({m[2] for e in events if (m := CANNOT.match(e.text)) and int(m[1]) == seat + 1})
    if not lost:
        return Choice(c.id, fit(c.label, c.group), c.group)
    head, _, rest = c.label.partition(": ")
    label = f"{head} ({' and '.join(lost)} action can't happen): {rest}"
    return Choice(c.id, fit(label, c.group), c.group)


THEN = ", then "


def fit(label: str, group: str, limit: int = 100) -> str:
    """`label` within `limit` characters. Too long, a chain's label first drops its group
    ("Card action first: "), which its menu shows above it (bot.discord.menu_layout), then
    shortens both its parts alike, so that what tells two chains apart stays in view."""
    if len(label) <= limit:
        return label
    if group and label.startswith(f"{group}: "):
        label = label[len(group) + 2 :]
    if len(label) <= limit:
        return label
    head, then, tail = label.rpartition(THEN)
    if not then:
        return label[: limit - 1] + "…"
    over = len(label) - limit + 2  # (two "…")
    cut_head = min(
        len(head) - 8, (over * len(head) + len(head) + len(tail) - 1) // (len(head) + len(tail))
    )
    cut_tail = over - cut_head
    if cut_head < 0 or cut_tail >= len(tail) - 8:
        return label[: limit - 1] + "…"
    return f"{head[: len(head) - cut_head].rstrip()}…{then}{tail[: len(tail) - cut_tail].rstrip()}…"


#: The most chains an order menu lists (with the two plain orders, one message shows them
#: all: bot.discord.menu_layout shows up to 100 choices without "More choices…").
OFFERED_MAX = 90


def _then_other(
    st: State, seat: int, part: Choice, other: str
) -> tuple[list[Choice], State, list[Event]] | None:
    """The choices of the play's `other` action ("card", "company") once `part` (the first
    action's choice, or all its repetitions) is made, when that action is the seat's very
    next decision, all its choices are complete moves and nothing was drawn or revealed (with
    the state then and the events `part` made); else None."""
    made = _made(st, seat, chain_parts(part.id))
    if made is None or not made[2]:
        return None
    copy, events, _ = made
    nxt = _next_task(copy)
    if (nxt.kind, nxt.b) != ("action", other) and (other, nxt.kind) != ("card", "card_dev"):
        return None  # the first action is not over yet, or something else comes first
    follow = [c for c in moves.options(copy, nxt) if c.id != "company_now"]
    if not follow or any(c.step for c in follow):
        return None
    return follow, copy, events


def apply(st: State, seat: int, cid: str) -> list[Event]:
    """A chain the seat's menu lists now, its parts applied in order."""
    if not st.stack or st.stack[-1].seat != seat:
        raise IllegalAction("It is not your decision now.")
    t = st.stack[-1]
    # The chains the menu lists (engine.benares.prompts.options), by id: built from the plain
    # choices, whose ids are the listed ones' (their warning labels are not needed here).
    plain = bare_options(st, t) if t.kind in ("order", "card_dev") else []
    listed = len(plain) >= 2 and not all(c.step for c in plain)
    if not listed or not any(c.id == cid for c in offered(st, t, plain)):
        raise IllegalAction(f"{cid!r} is not one of the choices on your menu now.")
    events: list[Event] = []
    for part in chain_parts(cid):
        events += moves.decide(st, seat, part)
    return events
