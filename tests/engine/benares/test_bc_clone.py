"""`clone.clone`, the searches' state copy, is exactly a serialisation round trip and shares
nothing the rules may change."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.benares.clone import clone
from engine.benares.state import Company, Logged, Mix, Slot, State, Task
from engine.rng import Rng
from tests.engine.benares.bc_helpers import T

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
    for cls, names in FIELDS.items():
        assert cls.__struct_fields__ == tuple(names.split()), cls.__name__


def _containers(x: Any, out: dict[int, Any]) -> None:
    """Every list, dict and struct inside `x` (the `Logged` lines are immutable: left out)."""
    if isinstance(x, Logged):
        return
    if isinstance(x, msgspec.Struct):
        out[id(x)] = x
        for name in x.__struct_fields__:
            _containers(getattr(x, name), out)
    elif isinstance(x, list | dict):
        out[id(x)] = x
        for v in x.values() if isinstance(x, dict) else x:
            _containers(v, out)


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
        new = clone(st)
        assert new == T.copy(st)
        assert T.encode(new) == T.encode(st)
        mine: dict[int, Any] = {}
        _containers(st, mine)
        theirs: dict[int, Any] = {}
        _containers(new, theirs)
        assert not mine.keys() & theirs.keys()
