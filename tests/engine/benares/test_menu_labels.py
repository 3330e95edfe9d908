"""A choice whose action cannot happen says so in its label before it is chosen (issue 12,
"Menus that set traps"): "Space 3: card Any post ×2" was offered, and only afterwards did the log
say the card action could not be used.

Over seeded games of random legal moves, every choice of every prompt (and of one card's play
menu) is applied to a copy of the state: a "cannot use the ... action" line in its log must be
announced by its label. For the plays of a turn, whose actions come later, a search of every
continuation (written here, independently of the engine's own) decides whether each action can
still happen; the label warns exactly when it cannot."""

from __future__ import annotations

import re

import pytest

from engine.benares import TITLE as T
from engine.benares import prompts as pr
from engine.benares import traps
from engine.benares.menus import parse_play
from engine.benares.state import State, Task
from engine.core import BACK, IllegalAction, random_move
from engine.rng import Rng

CANNOT = re.compile(r"^Seat (\d+) cannot use the (card|company|pooled Move) action")
WARNED = re.compile(r"can't happen|neither action can happen")


def _holds(task: Task, which: str) -> bool:
    if which == "card":
        return task.kind == "card_dev" or task.kind == "action" and task.b == "card"
    return task.kind == "action" and task.b == which


def _pending(st: State, seat: int, which: str) -> bool:
    return any(x.seat == seat and (x.kind == "order" or _holds(x, which)) for x in st.stack)


def _can_happen(st: State, seat: int, which: str, budget: list[int]) -> bool | None:
    """Whether some continuation brings that action's own menu up (None: search too big)."""
    if not _pending(st, seat, which):
        return False
    top = st.stack[-1]
    if top.seat != seat:
        return False
    if _holds(top, which):
        return True
    unknown = False
    for c in pr.OPTIONS[top.kind](st, top):
        if c.step or c.id == BACK:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        new = T.copy(st)
        ev = T.apply(new, seat, c.id)
        if any(CANNOT.match(e.text) and which in e.text for e in ev):
            continue
        got = _can_happen(new, seat, which, budget)
        if got:
            return True
        unknown = unknown or got is None
    return None if unknown else False


def _menus(st: State, seat: int, rng: Rng):
    prompt = T.prompts(st)[0]
    yield prompt
    cards = [c for c in prompt.choices if c.step and c.id.startswith("card:")]
    if cards:
        yield T.choices(st, seat, (rng.choice(cards).id,))


def _check_prompt(st: State, seat: int, rng: Rng, stats: dict[str, int]) -> None:
    for menu in _menus(st, seat, rng):
        for c in menu.choices:
            if c.step:
                continue
            assert len(c.label) <= 100, c
            new = T.copy(st)
            ev = T.apply(new, seat, c.id)
            stats["choices"] += 1
            mine = [e.text for e in ev if (m := CANNOT.match(e.text)) and int(m[1]) == seat + 1]
            if mine:
                stats["immediate"] += 1
                assert WARNED.search(c.label), (c, mine)
            play = parse_play(c.id)
            if play is None or play[1] == "skip":
                continue
            traps._busy += 1  # the search below needs no labels
            try:
                for which in ("card", "company"):
                    got = _can_happen(new, seat, which, [400])
                    if got is None:
                        continue
                    said = f"{which} action can't happen" in c.label or "neither" in c.label
                    stats["plays"] += 1
                    stats["doomed"] += not got
                    assert said == (not got), (c.label, which)
            finally:
                traps._busy -= 1


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_choice_that_cannot_happen_says_so(seats: int) -> None:
    stats = dict.fromkeys(("choices", "immediate", "plays", "doomed"), 0)
    for seed in range(3):
        st = T.setup(seed, seats, {})
        rng = Rng.from_seed(100 + seed)
        while T.result(st) is None:
            seat = T.prompts(st)[0].seat
            if st.phase == "action":
                _check_prompt(st, seat, rng, stats)
            T.apply(st, seat, random_move(T, st, seat, rng))
    assert stats["immediate"] > 10 and stats["doomed"] > 5 and stats["plays"] > 200, stats


def _city_turn() -> tuple[State, int, str]:
    """Seat 1 in Benares (a city) holding an Any post card: no post can be placed there."""
    st = T.setup(1, 2, {})
    while st.phase == "boats":
        T.apply(st, st.stack[-1].seat, "boat:BEN")
    seat = st.stack[-1].seat
    from engine.benares.data import data

    card = next(k for k, v in data().cards.items() if v["dev"] == {"kind": "post", "type": "any"})
    hand = st.companies[seat].hand
    if card not in hand:
        for c in st.companies:
            if card in c.hand:
                c.hand.remove(card)
        if card in st.deck:
            st.deck.remove(card)
        hand[0] = card
    return st, seat, card


def test_the_reported_trap_is_labelled() -> None:
    st, seat, card = _city_turn()
    menu = T.choices(st, seat, (f"card:{card}",))
    assert menu is not None
    dev = [c for c in menu.choices if c.id.startswith(f"play:{card}:dev:")]
    assert dev and all("card action can't happen" in c.label or "neither" in c.label for c in dev)
    assert any("the boat is in a city" in c.label for c in dev), [c.label for c in dev]
    # still offered (R76: a play may do nothing) and accepted
    T.apply(T.copy(st), seat, dev[0].id)
    log = [c for c in menu.choices if c.id.startswith(f"play:{card}:log:")]
    assert log and all("card action" not in c.label for c in log)


def test_labels_do_not_change_ids_or_legality() -> None:
    st, seat, card = _city_turn()
    before = T.encode(st)
    raw = [c.id for c in pr.OPTIONS["turn"](st, st.stack[-1])]
    assert [c.id for c in T.prompts(st)[0].choices] == raw
    assert T.encode(st) == before  # trying the choices changed nothing
    with pytest.raises(IllegalAction):
        T.apply(T.copy(st), seat, "play:NOPE:dev:1")
