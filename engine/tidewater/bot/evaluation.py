"""The automatic player's evaluation: every seat's estimated final score (R117).

It reads only public information (spec section 2): holdings, treasuries, stock values, ships,
the demand queue and the track. It never looks at the bag order (the state's generator).

The estimate plays the remaining payouts forward (R51-R61, R112-R115) with today's holdings, each
CEO paying the highest affordable dividend, after adding to each treasury what its ship will
probably earn: the cargo aboard priced on the demand queue (R101, R104), containers ready to load
and, for later rounds, a route to a market.
"""

from __future__ import annotations

from engine.tidewater import shipping
from engine.tidewater.actions import free_slots
from engine.tidewater.state import OVER, State

#: Share of a cargo's queue price counted, by how close it is to being delivered.
AT_MARKET = 0.9
ROUTED = 0.75
UNROUTED = 0.2
#: Value of a container on the hex where the ship is docked (with a route to a market).
READY = 1.0
#: Treasury income expected per later payout from a company with a route to a market.
ROUTE_INCOME = 3.0
#: Value of a time step still to spend (Funding earns 1 per step, R24).
STEP = 1.0
#: Entries each memo below keeps before it starts again: one decision's look-ahead reuses
#: a few hundred; the host runs automatic players inside the bot process, where 50,000 took
#: about 40 MiB (bench.e2e_load, 20 Tidewater games).
CACHE_MAX = 2048


def delivery_price(state: State, colours: list[str], bonus: int) -> int:
    """R101, R104: what delivering these containers in this order would earn."""
    queue = list(state.queue)
    prices = state.rules.prices
    total = 0
    for c in colours:
        i = queue.index(c)
        total += prices[i] + bonus
        queue.append(queue.pop(i))
    return total


def ship_income(
    state: State, cid: str, queue: tuple[str, ...] | None = None
) -> tuple[float, float]:
    """(expected income before the next payout, income per later payout) of a company.
    `queue`: `tuple(state.queue)`, when the caller has it already."""
    key = _ship_key(state, cid, tuple(state.queue) if queue is None else queue)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > CACHE_MAX:
            _CACHE.clear()
        found = _CACHE[key] = _ship_income(state, cid)
    return found


def _ship_key(state: State, cid: str, queue: tuple[str, ...]) -> tuple:
    """Everything `_ship_income` reads: the key of its memo, and the start of `estimates'`."""
    r = state.rules
    ship = state.ship(cid)
    hex_co = r.port_hex_company.get(ship.port)
    return (
        r,  # the rules data: never changed once built, so keyed by identity
        cid,
        ship.port,
        ship.can_deliver,
        tuple([(s.investor is None, s.container) for s in ship.slots]),
        frozenset(state.company(cid).nav),
        state.company(hex_co).hex_containers if hex_co else 0,
        queue,
    )


#: ship_income by everything it reads (a pure function of public information).
_CACHE: dict[tuple, tuple[float, float]] = {}


def _ship_income(state: State, cid: str) -> tuple[float, float]:
    r = state.rules
    ship = state.ship(cid)
    cargo = [s.container for s in ship.slots if s.container is not None]
    ports = shipping.reachable(state, cid)
    markets = [p for p in ports if p in r.market_ports]
    here_market = ship.port in r.market_ports
    home = r.home_port[cid]
    routed = bool(markets) or (here_market and home in ports)
    now = 0.0
    if cargo:
        if here_market and ship.can_deliver:
            now += AT_MARKET * delivery_price(state, cargo, r.port_bonus.get(ship.port, 0))
        elif markets:
            bonus = max(r.port_bonus.get(p, 0) for p in markets)
            now += ROUTED * delivery_price(state, cargo, bonus)
        else:
            now += UNROUTED * delivery_price(state, cargo, 0)
    if routed and not here_market:
        hex_co = r.port_hex_company.get(ship.port)
        if hex_co is not None:
            ready = min(state.company(hex_co).hex_containers, len(free_slots(state, cid)))
            now += READY * ready
    return now, ROUTE_INCOME if routed else 0.0


def payouts_left(state: State) -> int:
    """Whole payouts still to come (one per round, R49; the one in progress not counted)."""
    if state.phase == OVER:
        return 0
    later = state.rules.rounds - state.round
    this = state.first_finisher is None and state.payout is None
    return later + (1 if this else 0)


def estimates(state: State) -> list[float]:
    """Every seat's estimated final score: credits, dividends and wages to come, shares at the
    estimated final stock value, and the time steps it still has to spend."""
    r = state.rules
    players = state.players
    cash = [float(p.credits) for p in players]
    n_pay = payouts_left(state)
    pay = state.payout
    waiting = pay.order[pay.index :] if pay is not None else []
    queue = tuple(state.queue)
    for co in state.companies:
        cid = co.id
        rounds, awaited = n_pay, None
        if pay is not None and cid in waiting:
            if cid == waiting[0]:  # wage paid, dividend awaited (R57)
                awaited = max(pay.options) if pay.options else 0
            else:
                rounds += 1
        key = (  # everything `company_gains` reads
            *_ship_key(state, cid, queue),
            tuple([p.shares.get(cid, 0) for p in players]),
            co.ceo,
            co.treasury,
            co.stock,
            n_pay,
            rounds,
            awaited,
        )
        gains = _GAINS.get(key)
        if gains is None:
            if len(_GAINS) > CACHE_MAX:
                _GAINS.clear()
            gains = _GAINS[key] = company_gains(state, cid, queue, *key[-7:])
        for s, g in enumerate(gains):
            cash[s] += g
    steps = [r.steps - p.pos + r.steps * (r.rounds - state.round) for p in players]
    if state.phase == OVER:
        steps = [0] * state.seats
    return [c + STEP * s for c, s in zip(cash, steps, strict=True)]


#: company_gains by everything it reads (a pure function of public information): one
#: look-up per company in most of a decision's look-ahead, where little changes.
_GAINS: dict[tuple, list[float]] = {}


def company_gains(
    state: State,
    cid: str,
    queue: tuple[str, ...],
    holders: tuple[int, ...],
    ceo: int | None,
    treasury: int,
    stock: int,
    n_pay: int,
    rounds: int,
    awaited: int | None,
) -> list[float]:
    """What each seat gains from one company (its ship's income played forward)."""
    now, later = ship_income(state, cid, queue) if n_pay else (0.0, 0.0)
    key = (state.rules, holders, ceo, treasury + now, later, stock, rounds, awaited)
    gains = _COMPANY.get(key)
    if gains is None:
        if len(_COMPANY) > CACHE_MAX:
            _COMPANY.clear()
        gains = _COMPANY[key] = _company(state, *key[1:])
    return gains


#: _company by its arguments (a pure function).
_COMPANY: dict[tuple, list[float]] = {}


def _company(
    state: State,
    holders: tuple[int, ...],
    ceo: int | None,
    t: float,
    later: float,
    stock: int,
    rounds: int,
    awaited: int | None,
) -> list[float]:
    """What each seat gains from one company: payouts to come and its shares' final value."""
    cash = [0.0] * len(holders)
    k = sum(holders)
    if awaited is not None:
        t, stock = _dividend(state, cash, list(holders), k, t, stock, awaited)
    for i in range(rounds):
        if i:
            t += later
        t, stock = _payout(state, ceo, cash, list(holders), k, t, stock)
    return [c + n * stock for c, n in zip(cash, holders, strict=True)]


def _payout(
    state: State,
    ceo: int | None,
    cash: list[float],
    holders: list[int],
    k: int,
    t: float,
    stock: int,
) -> tuple[float, int]:
    """One company's payout (R52-R56) with the highest affordable dividend."""
    r = state.rules
    if ceo is None:
        return t, _clamp(state, stock + r.no_ceo_effect)
    wage = r.wage(stock)
    if t < wage:
        return t, _clamp(state, stock + r.unpaid_wage_effect)
    t -= wage
    cash[ceo] += wage
    d = max(x for x in r.dividend_options if x * k <= t)
    return _dividend(state, cash, holders, k, t, stock, d)


def _dividend(
    state: State,
    cash: list[float],
    holders: list[int],
    k: int,
    t: float,
    stock: int,
    d: int,
) -> tuple[float, int]:
    """R58-R60, R115: d per outstanding share, then the stock effect."""
    for s, n in enumerate(holders):
        cash[s] += d * n
    return t - d * k, _clamp(state, stock + state.rules.dividend_effect[d])


def _clamp(state: State, stock: int) -> int:
    r = state.rules
    return min(r.stock_max, max(r.stock_min, stock))


def advantage(state: State, seat: int) -> float:
    """The seat's estimate against its strongest rival (and, with more seats, the average)."""
    est = estimates(state)
    mine = est[seat]
    others = [e for s, e in enumerate(est) if s != seat]
    return mine - 0.5 * max(others) - 0.5 * sum(others) / len(others)
