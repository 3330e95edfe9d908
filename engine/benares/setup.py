"""Game setup (section 6, R57-R67)."""

from __future__ import annotations

from engine.benares.data import data
from engine.benares.moves import run
from engine.benares.state import Company, Slot, State, Task
from engine.core import IllegalAction
from engine.rng import Rng


def new_game(seed: int, seats: int, options: dict[str, str]) -> State:
    d = data()
    g = d.game
    if not g["players_min"] <= seats <= g["players_max"]:
        raise IllegalAction(
            f"Benares & Calcutta is for {g['players_min']} to {g['players_max']} players."
        )
    fill = g["source_fill"][seats]
    crates: dict[str, int] = {}
    supply = {good: g["crates_per_good_supply"] for good in d.goods}
    for space in d.map_order:
        good = d.spaces[space]["source"]
        if good:
            crates[space] = fill
            supply[good] -= fill
    companies = [
        Company(
            treasury=g["start_treasury_by_seat"][s],
            capacity=g["hold_capacity"],
            crate_cost=g["crate_cost_rupees"],
            rows=dict(g["start_rows"]),
            goods={good: d.raw["goods_lanes"]["positions"][0] for good in d.goods},
            board=[Slot() for _ in range(g["company_spaces"])],
        )
        for s in range(seats)
    ]
    st = State(
        seats=seats,
        options=dict(options),
        rng=Rng.from_seed(seed),
        companies=companies,
        crates=crates,
        crate_supply=supply,
        post_supply=dict(d.posts["supply_by_player_count"][seats]),
    )
    # LIFO: boats are placed in reverse seat order (R66), then round 1 starts (shuffle, deal).
    st.stack = [Task("start_round", 0)]
    order = (
        range(seats) if g["boat_placement_order"] == "reverse_seat" else range(seats - 1, -1, -1)
    )
    st.stack.extend(Task("boat", s) for s in order)
    run(st, [])
    return st
