"""Exact copies of a game state for searches (the automatic player, the warning labels).

`clone(st)` equals what a serialisation round trip gives (`decode(encode(st))`), built field by
field: the round trip was most of a search's cost. Every list, dict and struct the rules may
change is new; only immutable values are shared (strings, ints, frozen `Slot`s, and the
`Logged` lines of `State.recent`, which the rules only ever append, never change).

`clone(st, only=seat)` copies that seat's company alone and shares the others with `st`: for a
search step that cannot change them (see `bot.Search.after`).

A new field in state.py must be added here too: tests/engine/benares/test_bc_clone.py checks
that every field is copied and that a clone equals a round trip."""

from __future__ import annotations

from engine.benares.state import Company, Mix, State, Task
from engine.rng import Rng


def _company(c: Company) -> Company:
    return Company(
        c.treasury,
        c.discs,
        c.vp,
        c.hand[:],
        c.board[:],  # Slots are frozen
        c.boat,
        c.hold.copy(),
        c.capacity,
        c.crate_cost,
        c.move_bonus,
        c.load_bonus,
        c.rows.copy(),
        c.goods.copy(),
        c.posts[:],
        c.concessions_used[:],
        c.investments[:],
        c.passed,
    )


def _mix(m: Mix | None) -> Mix | None:
    if m is None:
        return None
    return Mix(
        m.move_ref,
        m.load_ref,
        m.move_left,
        m.visited[:],
        m.move_done,
        m.loaded,
        m.load_done,
        m.fleet,
    )


def clone(st: State, only: int | None = None) -> State:
    """An independent copy of `st`, equal to a serialisation round trip of it. With `only`,
    the other seats' companies are the very objects of `st`: nothing may change them."""
    if only is None:
        companies = [_company(c) for c in st.companies]
    else:
        companies = st.companies[:]
        companies[only] = _company(companies[only])
    return State(
        st.seats,
        st.options.copy(),
        Rng(st.rng.state),
        companies,
        st.crates.copy(),
        st.crate_supply.copy(),
        st.post_supply.copy(),
        st.round,
        st.phase,
        st.step,
        st.first_player,
        st.turns_taken,
        st.deck[:],
        st.discard[:],
        st.first_buyers.copy(),
        [Task(t.kind, t.seat, t.a, t.b, t.n, t.m) for t in st.stack],
        st.sale.copy(),
        _mix(st.mix),
        st.last[:],
        st.last_text[:],
        st.recent[:],
    )
