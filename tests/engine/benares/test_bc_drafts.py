"""Moves built step by step (engine contract: "A move is a path of small choices").

A turn's card and a sale's per-good counts are draft steps: listed by `choices`, never accepted
by `apply`, never stored in the state. Random walks through the menus of many games check it."""

from __future__ import annotations

import pytest

from engine.benares.state import State
from engine.core import BACK, MAX_CHOICE_ID, MAX_LABEL, IllegalAction, next_draft, random_move
from engine.rng import Rng
from tests.engine.benares.bc_helpers import T, act, give, menu, menu_ids, menus, new, top


def _check_menu(st: State, seat: int, draft: tuple[str, ...]) -> None:
    """Every choice of one menu: steps lead to a menu and are refused by apply; the complete
    moves are accepted by apply (on a copy)."""
    prompt = T.choices(st, seat, draft)
    assert prompt is not None and prompt.seat == seat and prompt.choices
    assert len({c.id for c in prompt.choices}) == len(prompt.choices)
    for c in prompt.choices:
        assert len(c.id) <= MAX_CHOICE_ID and len(c.label) <= MAX_LABEL
        if c.step:
            assert c.id != BACK or draft
            after = T.choices(st, seat, next_draft(draft, c))
            assert after is not None and after.choices
            with pytest.raises(IllegalAction):
                T.apply(T.copy(st), seat, c.id)
        else:
            T.apply(T.copy(st), seat, c.id)


def _walk(st: State, seat: int, rng: Rng, walks: int = 2) -> None:
    """Random walks (Back included) from the empty draft; the state never changes."""
    before = T.encode(st)
    assert T.choices(st, seat) == T.prompts(st)[0]
    for other in range(st.seats):
        if other != seat:
            assert T.choices(st, other) is None
    for _ in range(walks):
        draft: tuple[str, ...] = ()
        for _ in range(10):
            _check_menu(st, seat, draft)
            pick = rng.choice(T.choices(st, seat, draft).choices)
            if not pick.step:
                break
            draft = next_draft(draft, pick)
    assert T.encode(st) == before


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_walks_through_draft_menus(seats: int) -> None:
    for seed in range(5):
        opts = {"intertwined_blocks": "on", "open_hands": "on"} if seed >= 3 else {}
        st = T.setup(seed, seats, opts)
        rng = Rng.from_seed(seed * 31 + seats)
        while prompts := T.prompts(st):
            seat = prompts[0].seat
            _walk(st, seat, rng)
            # bot moves mostly (they reach more of the game), random step-by-step moves too
            cid = (
                random_move(T, st, seat, rng) if rng.below(3) == 0 else T.bot_choice(st, seat, rng)
            )
            T.apply(st, seat, cid)
        assert st.phase == "over"


def test_menus_showing_the_hand_are_secret() -> None:
    st = new(seats=3)
    rng = Rng.from_seed(5)
    turns = 0
    while st.phase == "action":
        seat = top(st).seat
        hand = st.companies[seat].hand
        first = T.choices(st, seat)
        if top(st).kind == "turn":
            assert first.secret and {c.id for c in first.choices} == {f"card:{x}" for x in hand}
            for card in hand:
                sub = menu(st, f"card:{card}")
                assert sub.secret and card in sub.text
                assert all(c.id.startswith(f"play:{card}:") for c in sub.choices if c.id != BACK)
            turns += 1
        else:  # the decisions after a play show no hand card
            assert not first.secret
            assert all(not c.step or c.id == "sell:pick" for c in first.choices)
        T.apply(st, seat, T.bot_choice(st, seat, rng))
    assert turns == 3 * 6


def test_a_sale_is_chosen_good_by_good_in_the_draft() -> None:
    st = new()
    c = st.companies[0]
    c.boat, c.treasury = "E6", 0
    c.hold = {"silk": 2, "indigo": 1, "cotton": 2}
    give(st, 0, "C26")  # Move 2: E6 -> Calcutta
    act(st, "play:C26:log:1", "first:card", "to:CAL")
    assert top(st).kind == "sell_mode"
    _walk(st, 0, Rng.from_seed(1), walks=4)
    leaves = [ch.id for _, m in menus(st, 0) for ch in m.choices if not ch.step and ch.id != BACK]
    assert len(leaves) == 2 + 2 * 3 * 3  # all, none, and every count of indigo, silk, cotton
    assert "sell:indigo=1,silk=0,cotton=2" in leaves
    assert menu_ids(st, "sell:pick", "n:1")[:1] == ["n:2"]  # silk after indigo
    with pytest.raises(IllegalAction):
        T.choices(st, 0, ("sell:pick", "n:2"))  # only 1 Indigo crate in the hold
    with pytest.raises(IllegalAction):
        T.apply(T.copy(st), 0, "sell:indigo=1,silk=3,cotton=0")
    with pytest.raises(IllegalAction):
        T.apply(T.copy(st), 0, "sell:silk=1,indigo=1,cotton=0")  # not a path the menus build
    act(st, "sell:indigo=1,silk=0,cotton=2")
    assert c.hold == {"silk": 2} and top(st).kind != "sell_mode"


def test_bad_drafts_are_refused() -> None:
    st = new()
    hand = st.companies[0].hand
    for draft in [
        ("card:C99",),
        (f"card:{hand[0]}", f"card:{hand[1]}"),
        (f"card:{hand[0]}", f"play:{hand[0]}:dev:1"),
        ("sell:pick",),
        (BACK,),
    ]:
        with pytest.raises(IllegalAction):
            T.choices(st, 0, draft)
    assert T.choices(st, 1, (f"card:{st.companies[1].hand[0]}",)) is None
    act(st, f"play:{hand[0]}:dev:5")
    assert top(st).kind == "order"
    with pytest.raises(IllegalAction):
        T.choices(st, 0, ("first:card",))
