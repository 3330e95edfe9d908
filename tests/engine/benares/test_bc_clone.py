"""`clone.clone`, the searches' state copy, is exactly a serialisation round trip and shares
nothing the rules may change."""

from __future__ import annotations

from engine.benares.clone import clone
from engine.benares.state import Company, Logged, Mix, Slot, State, Task
from engine.rng import Rng
from tests.engine.benares.bc_helpers import T
from tests.engine.clones import assert_exact_copy, assert_knows_every_field

#: The fields clone.py copies. A new field fails here: copy it in clone.py, then add it.
FIELDS = {
    State: (
        "seats options rng companies crates crate_supply post_supply round phase step "
        "first_player turns_taken deck discard first_buyers stack sale mix last last_text recent"
    ),
    Company: (
        "treasury discs vp hand board boat hold capacity crate_cost move_bonus load_bonus rows "
        "goods posts concessions_used investments passed"
    ),
    Mix: "move_ref load_ref move_left visited move_done loaded load_done fleet",
    Slot: "card mode",
    Task: "kind seat a b n m",
    Logged: "seat text",
    Rng: "state",
}


def test_clone_knows_every_field() -> None:
    assert_knows_every_field(FIELDS)


def _states(seats: int, options: dict[str, str]) -> list[State]:
    st = T.setup(7, seats, options)
    rng = Rng.from_seed(11)
    out = [T.copy(st)]
    while T.result(st) is None:
        seat = T.prompts(st)[0].seat
        T.apply(st, seat, T.bot_choice(st, seat, rng))
        out.append(T.copy(st))
    return out


def test_clone_equals_a_round_trip_and_shares_nothing_mutable() -> None:
    states = _states(3, {}) + _states(2, {"intertwined_blocks": "on"})
    assert any(st.mix is not None for st in states)
    for st in states:
        # log lines never change; Slots and Tasks are frozen
        assert_exact_copy(T, st, clone(st), immutable=(Logged, Slot, Task))
