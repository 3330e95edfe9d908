"""Fewer presses (issue 32): a play's order chained with the action that then comes first (and
the other action), and all repetitions of a card's Development action as one choice
(engine.benares.chains). Each chain makes exactly the moves of its parts, one by one."""

from __future__ import annotations

import pytest

from bench.menu_counts import path_to
from engine.core import IllegalAction, chain_parts
from engine.rng import Rng
from tests.engine.benares.bc_helpers import T, act, chain_ids, give, ids, new, top


def _same_as_one_by_one(st, chain: str) -> None:
    chained, single = T.copy(st), T.copy(st)
    events = act(chained, chain)
    singles = act(single, *chain_parts(chain))
    assert [e.text for e in events] == [e.text for e in singles]
    assert T.encode(chained) == T.encode(single)


def test_r75_all_repetitions_of_a_development_action_in_one_choice() -> None:
    st = new()
    give(st, 0, "C15")  # Any pawn +1 on space 5 (x3)
    act(st, "play:C15:dev:5", "first:card")
    assert {"do:benares", "do:calcutta", "do:advisor", "decline"} == set(ids(st))
    assert {"do:benares~3", "do:calcutta~3", "do:advisor~3"} <= set(chain_ids(st))
    _same_as_one_by_one(st, "do:calcutta~3")
    assert len(path_to(T, st, 0, "do:calcutta~3").sizes) == 1  # one press, was three
    before = st.companies[0].rows["calcutta"]
    act(st, "do:calcutta~3")
    assert st.companies[0].rows["calcutta"] == before + 3
    for bad in ("do:calcutta~4", "do:calcutta~2&do:advisor", "do:calcutta~1", "decline~3"):
        with pytest.raises(IllegalAction):
            T.apply(T.copy(st), 0, bad)


def test_r9_r10_the_order_and_both_actions_of_a_play_in_one_choice() -> None:
    st = new()
    give(st, 0, "C15")
    act(st, "play:C15:dev:5")
    assert set(ids(st)) == {"first:card", "first:company"}  # both orders stay (R9)
    chains = chain_ids(st)
    # the order and all three repetitions (the company action, Any post, cannot happen with
    # the boat in a city: the play is over then)
    whole = [c for c in chains if c.startswith("first:card&do:benares~3")]
    assert whole, chains
    _same_as_one_by_one(st, whole[0])
    assert len(path_to(T, st, 0, whole[0]).sizes) == 1  # one press, was four
    assert any(c.startswith("first:company&") for c in chains)
    with pytest.raises(IllegalAction):
        T.apply(T.copy(st), 0, "first:card&first:company")


def test_r10_every_chain_on_offer_is_accepted_and_draws_nothing_on_the_way() -> None:
    """Over automatic games: each chain listed is legal and equals its parts one by one; only
    its last part may draw or reveal (R10's blocks stay whole: a chain is never cut)."""
    checked = whole = 0
    for seed in (1, 2):
        st = T.setup(seed, 3, {})
        rng = Rng.from_seed(seed)
        while T.prompts(st) and checked < 60:
            seat = top(st).seat
            for cid in chain_ids(st)[:3]:
                copy = T.copy(st)
                parts = chain_parts(cid)
                for part in parts[:-1]:
                    assert not any(e.barrier for e in T.apply(copy, seat, part))
                    assert top(copy).seat == seat
                T.apply(copy, seat, parts[-1])
                _same_as_one_by_one(st, cid)
                checked += 1
                whole += cid.count("&") == 2  # the order and both actions
            T.apply(st, seat, T.bot_choice(st, seat, rng))
    assert checked >= 60 and whole > 0


def test_a_long_chain_label_keeps_what_tells_it_apart() -> None:
    """A chain's label within Discord's 100 characters: its group (shown above it by the menu)
    goes first, then both parts are shortened alike, so two chains of the same start still
    differ where their second parts do."""
    from engine.benares.chains import fit

    first = "All 3 repetitions: Advance your Benares pawn +1 (row 2 → 3)"
    a = fit(
        f"Card action first: {first}, then Advance your Financial Advisor +1 (row 0 → 1)",
        "Card action first",
    )
    b = fit(
        f"Card action first: {first}, then Decline the company action (Financial Advisor +1)",
        "Card action first",
    )
    assert len(a) <= 100 and len(b) <= 100
    assert a.startswith("All 3 repetitions: Advance your Benares pawn") and ", then Advance" in a
    assert b.startswith("All 3 repetitions: Advance your Benares pawn") and ", then Decline" in b
    short = "Card action first: Advance your Benares pawn +1 (row 2 → 3)"
    assert fit(short, "Card action first") == short  # what fits is left as it is
    assert len(fit("x" * 150, "")) == 100
