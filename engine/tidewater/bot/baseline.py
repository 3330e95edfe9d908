"""The automatic player as it was before issue 12, frozen: the baseline a stronger bot is
measured against (bench.bot_vs_baseline). Not used in play; do not improve it.

The automatic player: plays a simple shipping economy and always lets the game end.

It plans one complete move and plays it when the menus list it (the path that leads toward it
ends in it); otherwise it funds or takes the first listed move. It never returns a menu step,
and every time-costing action advances a disc: games always terminate.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.rng import Rng
from engine.tidewater import actions as act
from engine.tidewater import options as opt
from engine.tidewater import prompts as pr
from engine.tidewater import shipping, track
from engine.tidewater.bot.player import first_move, reachable  # (menu walking, unchanged)
from engine.tidewater.market import holds
from engine.tidewater.navigation import nav_op_error
from engine.tidewater.state import PAYOUT, START, State


def plan(state: State, seat: int, rng: Rng) -> str:
    """A complete move id (reached through menus by a player) the bot wants to play now."""
    if state.phase == PAYOUT:
        pay = state.payout
        assert pay is not None
        return f"div:{max(pay.options)}"
    free = free_plan(state, seat)
    if free:
        return free
    if state.phase == START:
        return "done"
    return time_plan(state, seat, rng)


def free_plan(state: State, seat: int) -> str | None:
    r = state.rules
    ships = opt.deliver_ships(state, seat)
    if ships:
        return f"deliver:{ships[0]}:{'.'.join(opt.occupied(state, ships[0]))}"
    for co, port in opt.sail_options(state, seat):
        ship = state.ship(co)
        cargo = opt.occupied(state, co)
        is_market = r.ports[port]["type"] == "market"
        if (
            cargo
            and is_market
            and not (r.ports[ship.port]["type"] == "market" and ship.can_deliver)
        ):
            return f"sail:{co}:{port}"
        here_market = r.ports[ship.port]["type"] == "market"
        if not cargo and here_market and not is_market:
            hex_co = r.port_hex_company[port]
            if state.company(hex_co).hex_containers:
                return f"sail:{co}:{port}"
    return None


def time_plan(state: State, seat: int, rng: Rng) -> str:
    r = state.rules
    p = state.players[seat]
    if track.can_stop(state) and rng.below(3) > 0:
        return "stop"
    owned = [c for c in r.companies if holds(state, seat, c)]
    # Get into a company first.
    if len(owned) < 2 or rng.below(4) == 0:
        parts = [x for x in opt.trade_first_parts(state, seat) if x.startswith("buy")]
        if parts:
            return f"trade:{rng.choice(parts)}"
    loads = opt.load_options(state, seat)
    if loads and rng.below(4) > 0:
        co, slot = loads[0]
        return f"load:{co}:{slot}"
    # Build a route to a market for a ship we hold.
    for co in owned:
        if opt.occupied(state, co) and not any(
            r.ports[x]["type"] == "market" for x in shipping.reachable(state, co)
        ):
            op = route_op(state, seat, co)
            if op:
                return f"nav:{op}"
    if p.pos + 1 <= r.steps:
        roll = rng.below(10)
        if roll == 0 and not act.produce_error(state, seat):
            return "produce"
        if roll == 1:
            inv = opt.invest_options(state, seat)
            if inv:
                co, slot = rng.choice(inv)
                return f"invest:{co}:{slot}"
        if roll == 2:
            return f"adv:{rng.randint(1, len(state.queue) - 1)}"
        if roll == 3 and p.credits < 4:
            sells = [x for x in opt.trade_first_parts(state, seat) if x.startswith("sell")]
            if sells:
                return f"trade:{rng.choice(sells)}"
    return "fund"


def route_op(state: State, seat: int, co: str) -> str | None:
    """Place the next point on a shortest hex path from the ship's port to some market."""
    r = state.rules
    ship = state.ship(co)
    have = set(state.company(co).nav)
    best: list[str] | None = None
    for start in r.ports[ship.port]["sea"]:
        prev: dict[str, str | None] = {start: None}
        frontier = [start]
        found = None
        while frontier and found is None:
            nxt = []
            for h in frontier:
                if any(r.ports[p]["type"] == "market" for p in r.sea[h]["ports"]):
                    found = h
                    break
                for a in r.sea[h]["adj"]:
                    if a not in prev:
                        prev[a] = h
                        nxt.append(a)
            frontier = nxt
        if found is not None:
            path = []
            cur: str | None = found
            while cur is not None:
                path.append(cur)
                cur = prev[cur]
            if best is None or len(path) < len(best):
                best = path
    for h in reversed(best or []):
        if h not in have:
            op = f"place:{co}:{h}"
            if not nav_op_error(state, seat, op):
                return op
            return None
    return None


def bot_choice(state: State, seat: int, rng: Rng) -> str:
    """The planned complete move, if the menus can build it now; else a safe complete move."""
    top = pr.choices(state, seat, ())
    if top is None:
        raise IllegalAction("It is not this seat's decision.")
    target = plan(state, seat, rng)
    if reachable(state, seat, top, target):
        return target
    finals = [c.id for c in top.choices if not c.step]
    if "fund" in finals:
        return "fund"
    return finals[0] if finals else first_move(state, seat)


#: The name bench.bot_vs_baseline calls.
choose = bot_choice
