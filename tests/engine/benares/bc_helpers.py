"""Shared helpers for the Benares & Calcutta tests: arranging positions and resolving tasks."""

from __future__ import annotations

from collections.abc import Iterator

from engine.benares import TITLE, moves
from engine.benares.data import data
from engine.benares.state import Company, State, Task
from engine.core import BACK, CHAIN, REPEAT, Event, Prompt, next_draft

T = TITLE
D = data()


def new(seats: int = 2, seed: int = 1, boats: str = "BEN", **options: str) -> State:
    """A game with every boat placed, at the first turn of round 1."""
    st = T.setup(seed, seats, dict(options))
    while st.phase == "boats":
        T.apply(st, st.stack[-1].seat, f"boat:{boats}")
    return st


def me(boat: str = "BEN", treasury: int = 5, seats: int = 2) -> tuple[State, Company]:
    """A game at seat 1's first turn, its boat and Treasury set."""
    st = new(seats=seats)
    c = st.companies[0]
    c.boat, c.treasury = boat, treasury
    return st, c


def ids(st: State) -> list[str]:
    """The ids of the decision now, without the chains that join it with the seat's next
    decisions (engine.benares.chains; see `chain_ids`)."""
    return [i for i in all_ids(st) if CHAIN not in i and REPEAT not in i]


def chain_ids(st: State) -> list[str]:
    return [i for i in all_ids(st) if CHAIN in i or REPEAT in i]


def all_ids(st: State) -> list[str]:
    ps = T.prompts(st)
    return [c.id for c in ps[0].choices] if ps else []


def menu(st: State, *draft: str) -> Prompt:
    """The deciding seat's menu after the draft steps `draft` (nothing is applied)."""
    prompt = T.choices(st, top(st).seat, draft)
    assert prompt is not None
    return prompt


def menu_ids(st: State, *draft: str) -> list[str]:
    return [c.id for c in menu(st, *draft).choices]


def menus(st: State, seat: int, draft: tuple[str, ...] = ()) -> Iterator[tuple[tuple, Prompt]]:
    """Every (draft, menu) a seat can reach by taking listed steps forward (never Back)."""
    prompt = T.choices(st, seat, draft)
    assert prompt is not None and prompt.choices, draft
    yield draft, prompt
    for c in prompt.choices:
        if c.step and c.id != BACK:
            yield from menus(st, seat, next_draft(draft, c))


def top(st: State) -> Task:
    return st.stack[-1]


def give(st: State, seat: int, *cards: str) -> None:
    """Move cards into a seat's hand from wherever they are (deck or another hand)."""
    for card in cards:
        for c in st.companies:
            if card in c.hand:
                c.hand.remove(card)
        if card in st.deck:
            st.deck.remove(card)
        st.companies[seat].hand.append(card)


def set_turn(st: State, seat: int) -> None:
    """Make it `seat`'s turn now (keeps turns_taken; used to arrange scenarios)."""
    st.stack = [Task("turn", seat)]


def act(st: State, *choices: str) -> list[Event]:
    ev: list[Event] = []
    for cid in choices:
        ev += T.apply(st, top(st).seat, cid)
    return ev


def run_task(st: State, task: Task) -> list[Event]:
    """Push one task (e.g. an Advisor advance) on the current stack and resolve it."""
    ev: list[Event] = []
    st.stack.append(task)
    moves.run(st, ev)
    return ev


def texts(ev: list[Event]) -> str:
    return "\n".join(e.text for e in ev)


def play_bot_game(seats: int, seed: int, check=None, **options: str) -> tuple[State, list]:
    from engine.rng import Rng

    st = T.setup(seed, seats, dict(options))
    rng = Rng.from_seed(seed * 7 + 1)
    log: list[tuple[int, str]] = []
    for _ in range(5000):
        ps = T.prompts(st)
        if not ps:
            break
        assert len(ps) == 1
        seat = ps[0].seat
        cid = T.bot_choice(st, seat, rng)
        log.append((seat, cid))
        T.apply(st, seat, cid)
        if check:
            check(st)
    return st, log
