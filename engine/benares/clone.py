"""Exact copies of a game state for searches (the automatic player, the warning labels).

`clone(st)` equals what a serialisation round trip gives (`decode(encode(st))`), built field by
field: the round trip was most of a search's cost. Every list, dict and struct the rules may
change is new; only immutable values are shared (strings, ints, frozen `Slot`s, and the
`Logged` lines of `State.recent`, which the rules only ever append, never change).

`draft(st, only)` is the automatic player's copy: a `Draft`, on which the rules write no log
lines or highlights (so it starts without any), that shares with `st` what no search changes:
the options, the generator, the deck, the discard pile and the first buyers (only a new round
and the Investment step change them, and a search stops before both), and, with `only=seat`, the other
seats' companies (see `bot.Search.after`). tests/engine/benares/test_bc_bot_fast.py checks both.

A new field in state.py must be added here too: tests/engine/benares/test_bc_clone.py checks
that every field is copied and that a clone equals a round trip."""

from __future__ import annotations

from engine.benares.state import Company, Draft, Mix, State
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


def _companies(st: State, only: int | None) -> list[Company]:
    """New companies; with `only`, that seat's alone, the others are the very objects of `st`."""
    if only is None:
        return [_company(c) for c in st.companies]
    companies = st.companies[:]
    companies[only] = _company(companies[only])
    return companies


def clone(st: State, only: int | None = None) -> State:
    """An independent copy of `st`, equal to a serialisation round trip of it. With `only`,
    the other seats' companies are shared with `st` (the warning labels' tries: traps.own_only
    says when nothing may change them)."""
    return State(
        st.seats,
        st.options.copy(),
        Rng(st.rng.state),
        _companies(st, only),
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
        st.stack[:],  # Tasks are frozen
        st.sale.copy(),
        _mix(st.mix),
        st.last[:],
        st.last_text[:],
        st.recent[:],
    )


def draft(st: State, only: int | None = None) -> Draft:
    """A search copy of `st` (see above). With `only`, the other seats' companies are the very
    objects of `st`: nothing may change them."""
    return Draft(
        st.seats,
        st.options,
        st.rng,
        _companies(st, only),
        st.crates.copy(),
        st.crate_supply.copy(),
        st.post_supply.copy(),
        st.round,
        st.phase,
        st.step,
        st.first_player,
        st.turns_taken,
        st.deck,
        st.discard,
        st.first_buyers,
        st.stack[:],  # Tasks are frozen
        st.sale.copy(),
        _mix(st.mix),
        [],
        [],
        [],
    )
