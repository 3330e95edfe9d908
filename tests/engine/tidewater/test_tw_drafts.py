"""A move is a path of small choices (design.md, "Engine contract"): the draft of push ids is
answered by `choices`, only complete moves reach `apply`, and drafts touch nothing."""

from __future__ import annotations

import pytest

from engine.core import BACK, MAX_DRAFT_STEPS, IllegalAction, next_draft, random_move
from engine.rng import Rng
from tests.engine.tidewater.tw_helpers import T, act, arrange, deciding, give, new, walk


def check_menu(state, seat: int, draft: tuple[str, ...]):
    """Every listed step answers with a sub-menu, every listed complete move is accepted by
    `apply` on a copy, every step is refused by `apply`; returns the prompt."""
    prompt = T.choices(state, seat, draft)
    assert prompt is not None and prompt.seat == seat, draft
    assert prompt.choices, draft
    ids = [c.id for c in prompt.choices]
    assert len(ids) == len(set(ids)), draft
    assert (BACK in ids) == bool(draft), draft  # "back" exactly when a step can be dropped
    for c in prompt.choices:
        if c.step:
            assert c.id == BACK or c.id.startswith(">"), c
            if c.id != BACK:
                sub = T.choices(state, seat, (*draft, c.id))
                assert sub is not None and sub.choices, (draft, c.id)
            with pytest.raises(IllegalAction, match="not a move"):
                T.apply(T.copy(state), seat, c.id)
        else:
            assert not c.id.startswith(">") and c.id != BACK, c
            T.apply(T.copy(state), seat, c.id)
    return prompt


def explore(state, seat: int, rng: Rng) -> None:
    """One random walk down the menus from the top (sometimes backing up), checking each menu."""
    draft: tuple[str, ...] = ()
    for _ in range(MAX_DRAFT_STEPS):
        prompt = check_menu(state, seat, draft)
        pick = rng.choice(prompt.choices)
        if not pick.step:
            return
        draft = next_draft(draft, pick)
        if pick.id == BACK and rng.below(2):
            return


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_draft_walks_list_only_legal_choices(seats: int) -> None:
    """Random walks through the drafts of whole games (several seeds): each step leads to a
    valid menu, each complete move is accepted, steps are refused; the drafts change nothing."""
    for seed in range(2):
        state = new(seats, 100 * seats + seed)
        rng = Rng.from_seed(seed + seats)
        n = 0
        while T.result(state) is None:
            seat = deciding(state)
            before = T.encode(state)
            view = T.view(state, None)
            explore(state, seat, rng)
            assert T.encode(state) == before  # exploring drafts touches nothing
            assert T.view(state, None) == view  # nor the public view
            # Half bot moves, half random walks through the menus (core.random_move).
            move = (
                T.bot_choice(state, seat, rng) if rng.below(2) else random_move(T, state, seat, rng)
            )
            assert not move.startswith(">") and move != BACK
            T.apply(state, seat, move)
            n += 1
            assert n < 5000


def every_path(state, seat: int, draft: tuple[str, ...] = ()) -> int:
    """Check every menu below `draft` (depth first); the number of complete moves met."""
    prompt = check_menu(state, seat, draft)
    moves = 0
    for c in prompt.choices:
        if not c.step:
            moves += 1
        elif c.id != BACK:
            moves += every_path(state, seat, (*draft, c.id))
    return moves


def rich_position(sail: bool = True):
    """Seat 0 at a market with three containers aboard, shares to trade, points to place
    (`sail=False`: still at the Red port, about to sail)."""
    s = new(2, seed=1)
    give(s, 0, "RED", 2)
    give(s, 0, "BLUE", 1)
    arrange(s, {0: [0], 9: [1]})
    red = s.company("RED")
    red.nav, red.nav_supply = ["a1", "n1"], red.nav_supply - 2
    for i, colour in enumerate(("RED", "BLUE", "GREEN")):
        if i >= 2:
            s.ship("RED").slots[i].investor = 0
            s.players[0].inv_discs -= 1
        s.ship("RED").slots[i].container = colour
        s.company(colour).hex_containers -= 1
    if sail:
        act(s, "sail:RED:M_NORTH")
    return s


def test_every_draft_path_of_a_rich_position() -> None:
    s = rich_position()
    before = T.encode(s)
    assert every_path(s, 0) > 100
    assert T.encode(s) == before
    # Every order of the three containers is a path; each reaches its complete move.
    ids = [c.id for c in T.choices(s, 0, (">deliver", ">deliver:RED", ">deliver:RED:S2")).choices]
    assert ">deliver:RED:S2.S1" in ids and ">deliver:RED:S2.S3" in ids and "deliver:RED:S2" in ids
    walk(
        s,
        ">deliver",
        ">deliver:RED",
        ">deliver:RED:S3",
        ">deliver:RED:S3.S1",
        "deliver:RED:S3.S1.S2",
    )
    assert all(x.container is None for x in s.ship("RED").slots)


def step_ids(state, seat: int, draft: tuple[str, ...]) -> set[str]:
    """The step ids listed at `draft` and in the menus up to two levels below it."""
    found = set()
    for c in T.choices(state, seat, draft).choices:
        if c.step and c.id != BACK:
            found.add(c.id)
            if len(draft) < 2:
                found |= step_ids(state, seat, (*draft, c.id))
    return found


def test_apply_refuses_every_step_id() -> None:
    for s in (rich_position(sail=False), rich_position()):
        before = T.encode(s)
        steps = step_ids(s, 0, ())
        for step in sorted(steps | {BACK}):
            for seat in range(2):
                with pytest.raises(IllegalAction, match="not a move"):
                    T.apply(s, seat, step)
        assert T.encode(s) == before
        kinds = {step.split(":")[0] for step in steps}
        assert {">dump", ">nav", ">adv", ">trade"} <= kinds
        # the loads are complete moves on the top-level menu: no sub-menu (LOAD_AT_TOP_MAX)
        assert ">load" not in kinds
        assert any(c.id.startswith("load:") for c in T.choices(s, 0, ()).choices)
        sails = any(c.id.startswith("sail:") for c in T.choices(s, 0, ()).choices)
        assert sails != (">deliver" in kinds)  # at the port, then at the market


def test_drafts_that_the_menus_cannot_build_are_refused() -> None:
    s = rich_position()
    before = T.encode(s)
    assert T.choices(s, 0, ()) == T.prompts(s)[0]
    assert T.choices(s, 1, ()) is None  # nothing to decide
    bad = [
        ((">adv",), 1, "turn"),  # not this seat's turn
        ((">load",), 0, "not available"),  # the loads are on the top-level menu
        ((">nowhere",), 0, "not available"),
        ((">deliver:RED",), 0, "not available"),  # skips its parent menu
        ((">deliver", ">deliver:RED:S1"), 0, "not available"),  # skips a level
        ((">adv", ">adv"), 0, "not available"),
        (("fund",), 0, "not available"),  # a complete move is no step
        ((">adv", "adv:1"), 0, "not available"),
        ((BACK,), 0, "Back"),
        ((">adv", BACK), 0, "Back"),
    ]
    for draft, seat, msg in bad:
        with pytest.raises(IllegalAction, match=msg):
            T.choices(s, seat, draft)
    assert T.encode(s) == before


def test_a_draft_goes_stale_when_the_game_moves_on() -> None:
    s = rich_position()
    draft = (">deliver", ">deliver:RED", ">deliver:RED:S1")
    assert T.choices(s, 0, draft) is not None
    act(s, "deliver:RED:S1.S2.S3")
    with pytest.raises(IllegalAction, match="moved on"):
        T.choices(s, 0, draft)


def test_payout_and_game_over_have_no_sub_menus() -> None:
    s = new(3)
    arrange(s, {15: [0, 1, 2]})
    give(s, 0, "RED", 1)
    s.company("RED").treasury = 4
    act(s, "fund", "done")
    assert T.choices(s, 0, ()) == T.prompts(s)[0]
    assert not any(c.step for c in T.choices(s, 0, ()).choices)
    with pytest.raises(IllegalAction, match="dividend"):
        T.choices(s, 0, (">load",))


def test_bot_moves_are_complete_and_listed() -> None:
    """bot_choice returns a complete move the menus build (never a step, never 'back')."""
    for seats in (2, 4):
        state = new(seats, 7)
        rng = Rng.from_seed(seats)
        while T.result(state) is None:
            seat = deciding(state)
            move = T.bot_choice(state, seat, rng)
            assert reachable(state, seat, move), move
            T.apply(state, seat, move)


def reachable(state, seat: int, move: str, draft: tuple[str, ...] = ()) -> bool:
    prompt = T.choices(state, seat, draft)
    for c in prompt.choices:
        if c.id == move and not c.step:
            return True
    return any(
        reachable(state, seat, move, (*draft, c.id))
        for c in prompt.choices
        if c.step and c.id != BACK and move.startswith(c.id[1:])  # ">trade:X" -> "trade:X..."
    )
