"""R83: the turn order asks whether a seat has any action with `rounds.has_action`, which stops
at the first action module with an offer; it answers what listing every offer answers, for
every seat at every action-phase position of seeded automatic games."""

from __future__ import annotations

import pytest

from engine.mombasa import TITLE as T
from engine.mombasa import rounds
from engine.rng import Rng


@pytest.mark.parametrize(("seed", "seats", "opts"), [(501, 2, {}), (502, 3, {"tracks": "fixed"})])
def test_has_action_as_listing_the_offers(seed: int, seats: int, opts: dict[str, str]) -> None:
    st = T.setup(seed, seats, opts)
    k = none = 0
    while T.result(st) is None:
        if st.phase == "action":
            for s in range(seats):
                offers = rounds.action_offers(st, s)
                assert rounds.has_action(st, s) == bool(offers)
                none += not offers
        seat = T.prompts(st)[0].seat
        T.apply(st, seat, T.bot_choice(T.copy(st), seat, Rng.from_seed(seed * 100 + k)))
        k += 1
    assert none > 0  # seats with nothing left to do are met too
