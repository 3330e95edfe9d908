"""Game setup (spec section 6), random steps in the order of R119."""

from __future__ import annotations

from engine.core import IllegalAction
from engine.rng import Rng
from engine.tidewater.data import rules_for
from engine.tidewater.production import draw
from engine.tidewater.state import Company, Player, Ship, Slot, State


def new_game(seed: int, seats: int, variants: list[str]) -> State:
    r = rules_for(tuple(sorted(variants)))
    if not r.min_players <= seats <= r.max_players:  # R64
        raise IllegalAction(
            f"Tidewater Lines needs {r.min_players} to {r.max_players} players, not {seats}."
        )
    companies = [
        Company(
            id=c,
            treasury=r.start_treasury,
            stock=r.start_stock,
            stock_seq=r.initial_stock_seq[c],
            unissued=r.shares,
            nav_supply=r.nav_points,
            hex_containers=r.start_on_hex,
        )
        for c in r.companies
    ]
    ships = [Ship(port=r.home_port[c], slots=[Slot() for _ in r.slots]) for c in r.companies]
    bag = {c: r.per_colour - r.start_on_hex for c in r.colours}
    players = [
        Player(credits=r.starting_credits[seats], inv_discs=r.investment_discs)
        for _ in range(seats)
    ]
    state = State(
        seats=seats,
        variants=sorted(variants),
        rng=Rng.from_seed(seed),
        players=players,
        companies=companies,
        ships=ships,
        stacks=[[] for _ in range(r.steps + 1)],
        bag=bag,
        display=[],
        queue=[],
        stock_counter=max(r.initial_stock_seq.values()),
    )
    # R71: random stack order on Start (bottom -> top).
    order = list(range(seats))
    state.rng.shuffle(order)
    state.stacks[0] = order
    # R68: one marker of each colour on 1-4, then the second on 5-8, independently.
    for _ in range(r.markers_per_colour):
        half = list(r.colours)
        state.rng.shuffle(half)
        state.queue.extend(half)
    # R67: one draw per display slot, in slot order.
    state.display = [draw(state) for _ in range(r.display_slots[seats])]
    state.active = order[-1]  # R13: the top disc acts first
    return state
