"""`state.clone`, the searches' state copy, is exactly a serialisation round trip and shares
nothing the rules may change."""

from __future__ import annotations

from engine.mombasa import TITLE as T
from engine.mombasa.state import (
    Base,
    BookPos,
    Moved,
    Plan,
    Player,
    SlotCard,
    StartDeal,
    State,
    Task,
    TrackBonus,
    clone,
)
from engine.rng import Rng
from tests.engine.clones import assert_exact_copy, assert_knows_every_field

#: The fields clone() copies. A new field fails here: copy it in state.clone, then add it.
FIELDS = {
    State: (
        "seats options rng players round phase turn start_player sides arrivals bases map deck "
        "display discard book_supply book_display bonus_spaces bonus_tiles pending log last "
        "last_text recent"
    ),
    Player: (
        "colour cash hand piles slots unlocked tile tile_taken_round tile_in_area tile_face "
        "tile_face_up plan pile_choice markers markers_placed markers_in_box marker_bonus track "
        "diamond ink books bonuses start_deal start_choice passed"
    ),
    Plan: "slots tile_face confirmed",
    SlotCard: "card face_up",
    BookPos: "tile face_up left_empty",
    TrackBonus: "company index active",
    StartDeal: "tile face",
    Base: "posts reserve",
    Task: "kind seat a b n m",
    Moved: "seat lines touched",
    Rng: "state",
}


def test_clone_knows_every_field() -> None:
    assert_knows_every_field(FIELDS)


def _states(seed: int, seats: int) -> list[State]:
    st = T.setup(seed, seats, {})
    out = [T.copy(st)]
    k = 0
    while T.result(st) is None:
        seat = T.prompts(st)[0].seat
        T.apply(st, seat, T.bot_choice(st, seat, Rng.from_seed(k)))
        out.append(T.copy(st))
        k += 1
    return out


def test_clone_equals_a_round_trip_and_shares_nothing_mutable() -> None:
    states = _states(3, 2) + _states(4, 4)[::3]
    assert any(p.bonuses and p.plan.confirmed for st in states for p in st.players)
    for st in states:
        assert_exact_copy(
            T, st, clone(st), immutable=(SlotCard, BookPos, Moved)
        )  # (frozen: shared)
        assert_exact_copy(
            T, st, T.copy(st), immutable=(SlotCard, BookPos, Moved)
        )  # the host's copy


def test_the_titles_copy_is_the_clone() -> None:
    """`Mombasa.copy` (the host's copy of a stored state) is `clone`: an exact copy."""
    for st in _states(6, 3)[::5]:
        copy = T.copy(st)
        assert_exact_copy(T, st, copy, immutable=(SlotCard, BookPos, Moved))
        assert T.encode(copy) == T.encode(T.decode(T.encode(st)))


def test_shared_structs_are_frozen() -> None:
    """clone shares slots and book positions: they must be replaced, never changed."""
    for struct in (SlotCard, BookPos):
        assert struct.__struct_config__.frozen, struct.__name__


def test_arg_tokens_are_the_tokens_of_args() -> None:
    """`bonus.arg_tokens` (validation, the automatic player) lists exactly `bonus.args`' tokens."""
    from engine.mombasa import bonus

    states = [st for st in _states(5, 3) if st.phase == "action"]
    assert states
    for st in states[::2]:
        for seat in range(st.seats):
            for sid in bonus.space_ids(st):
                opts = bonus.args(st, seat, sid)
                want = None if opts is None else [t for t, _ in opts]
                assert bonus.arg_tokens(st, seat, sid) == want, sid
