"""VARIANT "Intertwined blocks" (R131, section 16.1), off by default.

A Load and a Move of one play are resolved unit by unit: before the Move starts, between its
steps or after it, the player may load single crates (each paid when loaded, within the Load's own
limit). Each Move keeps its own rules (mandatory steps once started, no revisiting, a city ends
it and triggers the sale). Pooling two Moves and switching to the company action between two
repetitions are handled in moves.py / actions.py."""

from __future__ import annotations

from engine.benares.actions import spec_of, start_sale
from engine.benares.data import data
from engine.benares.effects import push
from engine.benares.state import Mix, State, Task
from engine.benares.text import (
    action_text,
    good_name,
    log,
    plural,
    seat_name,
    space_name,
    touch,
)
from engine.benares.treasury import pay
from engine.core import Choice, Event


def enabled(st: State) -> bool:
    return st.options.get("intertwined_blocks", "off") == "on"


def start(st: State, seat: int, move_ref: str, load_ref: str) -> None:
    st.mix = Mix(move_ref=move_ref, load_ref=load_ref)
    push(st, Task("mix", seat))


def _legal_steps(st: State, seat: int, m: Mix, budget: int) -> list[tuple[str, int, str]]:
    c = st.companies[seat]
    visited = set(m.visited) if m.visited else {c.boat}
    return [
        (o, cost, n) for o, cost, n in data().links[c.boat] if cost <= budget and o not in visited
    ]


def _can_load_one(st: State, seat: int, m: Mix) -> bool:
    d = data()
    c = st.companies[seat]
    limit = spec_of(m.load_ref)["qty"] + c.load_bonus
    return (
        m.loaded < limit
        and bool(d.spaces[c.boat]["source"])
        and st.crates.get(c.boat, 0) > 0
        and sum(c.hold.values()) < c.capacity
        and c.treasury >= c.crate_cost
    )


def options(st: State, t: Task) -> list[Choice]:
    m = st.mix
    if m is None:
        return []
    c = st.companies[t.seat]
    qty = spec_of(m.move_ref)["qty"]
    out: list[Choice] = []
    if not m.move_done:
        if m.move_left < 0:
            budget = qty + (c.move_bonus if m.fleet else 0)
            for o, cost, n in _legal_steps(st, t.seat, m, budget):
                via = f" by the {n}" if n else ""
                out.append(Choice(f"step:{o}", f"Start the Move: to {space_name(o)}{via} ({cost})"))
            if c.move_bonus and not m.fleet:
                out.append(Choice("fleet", f"Use Fleet II on this Move (+{c.move_bonus} step)"))
            out.append(
                Choice("mdecline", f"Decline the Move action ({action_text(spec_of(m.move_ref))})")
            )
        else:
            for o, cost, n in _legal_steps(st, t.seat, m, m.move_left):
                via = f" by the {n}" if n else ""
                out.append(
                    Choice(
                        f"step:{o}", f"Move on to {space_name(o)}{via} ({cost}; {m.move_left} left)"
                    )
                )
    if not m.load_done:
        if _can_load_one(st, t.seat, m):
            good = good_name(data().spaces[c.boat]["source"])
            out.append(Choice("crate", f"Load 1 {good} crate here (₹{c.crate_cost})"))
        if out:
            out.append(Choice("ldone", "Finish the Load action (load no more)"))
    return out


def option_ids(st: State, t: Task) -> list[str]:
    """The ids of `options(st, t)`, in order, without their labels (for the automatic player;
    tests/engine/benares/test_bc_bot_fast.py compares the two)."""
    m = st.mix
    if m is None:
        return []
    c = st.companies[t.seat]
    out: list[str] = []
    if not m.move_done:
        if m.move_left < 0:
            budget = spec_of(m.move_ref)["qty"] + (c.move_bonus if m.fleet else 0)
            out += [f"step:{o}" for o, _, _ in _legal_steps(st, t.seat, m, budget)]
            if c.move_bonus and not m.fleet:
                out.append("fleet")
            out.append("mdecline")
        else:
            out += [f"step:{o}" for o, _, _ in _legal_steps(st, t.seat, m, m.move_left)]
    if not m.load_done:
        if _can_load_one(st, t.seat, m):
            out.append("crate")
        if out:
            out.append("ldone")
    return out


def choose(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    m = st.mix
    assert m is not None
    d = data()
    c = st.companies[t.seat]
    who = seat_name(t.seat)
    logged = st.logged  # no log text on a search copy
    sale = ""
    if cid == "":
        m.move_done = m.load_done = True
    elif cid == "fleet":
        m.fleet = True
        log(st, ev, f"{who} will use Fleet II on this Move.")
    elif cid == "mdecline":
        m.move_done = True
        log(st, ev, f"{who} declines the Move action.")
    elif cid == "ldone":
        m.load_done = True
        if logged:
            log(st, ev, f"{who} finishes the Load action ({plural(m.loaded, 'crate')}).")
    elif cid == "crate":
        good = d.spaces[c.boat]["source"]
        pay(st, t.seat, c.crate_cost)
        st.crates[c.boat] -= 1
        c.hold[good] = c.hold.get(good, 0) + 1
        m.loaded += 1
        if logged:
            touch(st, f"map:{c.boat}", f"hold:{t.seat}")
            log(st, ev, f"{who} loads 1 {good_name(good)} crate at {space_name(c.boat)}.")
    else:
        dest = cid.split(":")[1]
        if m.move_left < 0:
            m.move_left = spec_of(m.move_ref)["qty"] + (c.move_bonus if m.fleet else 0)
            m.visited = [c.boat]
        cost = next(cost for o, cost, _n in d.links[c.boat] if o == dest and cost <= m.move_left)
        start_space = c.boat
        c.boat = dest
        m.move_left -= cost
        m.visited.append(dest)
        if logged:
            touch(st, f"map:{start_space}", f"map:{dest}", f"boat:{t.seat}")
            log(st, ev, f"{who} moves {start_space} → {dest}.")
        if dest in d.cities:
            m.move_done = True
            m.move_left = 0
            sale = dest
        elif not _legal_steps(st, t.seat, m, m.move_left):
            m.move_done = True
            if m.move_left:
                log(st, ev, f"{who}'s Move ends: {plural(m.move_left, 'step')} lost.")
    if m.move_done and m.load_done:
        st.mix = None
    elif not m.load_done and m.move_done and not _can_load_one(st, t.seat, m):
        st.mix = None
        if logged:
            log(st, ev, f"{who}'s Load action ends ({plural(m.loaded, 'crate')}).")
    else:
        push(st, Task("mix", t.seat))
    if sale and sum(c.hold.values()) > 0:
        start_sale(st, t.seat, sale)  # the sale is the last part of the Move, before more loading
