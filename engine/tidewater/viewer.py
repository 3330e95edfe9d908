"""Views, status line and rules pages: everything the host shows about a game."""

from __future__ import annotations

from engine.tidewater import names as nm
from engine.tidewater import track
from engine.tidewater.data import Rules, rules_for
from engine.tidewater.market import outstanding, stock_order
from engine.tidewater.production import bag_total
from engine.tidewater.scoring import result, score
from engine.tidewater.shipping import reachable
from engine.tidewater.state import OVER, PAYOUT, START, TURN, State
from engine.tidewater.view import (
    CompanyHexView,
    CompanyView,
    DemandView,
    DiscView,
    LastView,
    MapView,
    MoveView,
    PayoutView,
    PlayerView,
    PortView,
    SeaHexView,
    ShipView,
    SlotView,
    StackView,
    TidewaterView,
    TimeTrackView,
    WageBandView,
)


def build_view(state: State, seat: int | None) -> TidewaterView:
    r = state.rules
    last = track.last(state)
    lead = track.leader(state)
    discs = [
        DiscView(
            seat=i,
            pos=p.pos,
            level=track.level(state, i),
            finished=p.pos == r.steps,
            is_last=i == last,
            is_leader=i == lead,
        )
        for i, p in enumerate(state.players)
    ]
    stacks = [StackView(pos=pos, seats=list(s)) for pos, s in enumerate(state.stacks) if s]
    ships_at: dict[str, list[str]] = {}
    for cid, ship in zip(r.companies, state.ships, strict=True):
        ships_at.setdefault(ship.port, []).append(cid)
    map_view = MapView(
        company_hexes=[
            CompanyHexView(
                id=h,
                company=info["company"],
                port=info["port"],
                containers=state.company(info["company"]).hex_containers,
                capacity=r.hex_cap,
                name=r.place_names[h],
            )
            for h, info in r.company_hexes.items()
        ],
        ports=[
            PortView(
                id=p,
                kind=info["type"],
                company=info.get("company"),
                bonus=r.port_bonus.get(p, 0),
                sea=list(info["sea"]),
                ships=ships_at.get(p, []),
                name=r.place_names[p],
            )
            for p, info in r.ports.items()
        ],
        sea_hexes=[
            SeaHexView(
                id=h,
                cost=info["cost"],
                adj=list(info["adj"]),
                ports=list(info["ports"]),
                nav=[c.id for c in state.companies if h in c.nav],
                name=r.place_names[h],
            )
            for h, info in r.sea.items()
        ],
    )
    ships = []
    for cid, ship in zip(r.companies, state.ships, strict=True):
        slots = [
            SlotView(
                id=s.id,
                kind=s.kind,
                cost=s.cost,
                open=s.kind == "open" or ship.slots[i].investor is not None,
                investor=ship.slots[i].investor,
                container=ship.slots[i].container,
            )
            for i, s in enumerate(r.slots)
        ]
        ships.append(
            ShipView(
                company=cid,
                port=ship.port,
                can_deliver=ship.can_deliver,
                sailed_this_window=ship.sailed,
                slots=slots,
                reachable=reachable(state, cid),
            )
        )
    order = stock_order(state)
    companies = [
        CompanyView(
            id=c.id,
            name=r.cinfo[c.id]["name"],
            colour=r.cinfo[c.id]["colour"],
            treasury=c.treasury,
            stock=c.stock,
            stock_seq=c.stock_seq,
            wage=r.wage(c.stock),
            unissued=c.unissued,
            pool=c.pool,
            outstanding=outstanding(state, c.id),
            ceo=c.ceo,
            nav_supply=c.nav_supply,
            nav_on_map=list(c.nav),
            hex=r.hex_of_company[c.id],
            home_port=r.home_port[c.id],
            market_rank=order.index(c.id) + 1,
        )
        for c in state.companies
    ]
    players = [
        PlayerView(
            seat=i,
            label=f"Seat {i + 1}",
            credits=p.credits,
            shares={c: p.shares.get(c, 0) for c in r.companies},
            investment_discs=p.inv_discs,
            ceo_of=[c.id for c in state.companies if c.ceo == i],
            score=score(state, i),
        )
        for i, p in enumerate(state.players)
    ]
    payout = None
    deciding: int | None = None
    if state.phase == PAYOUT and state.payout is not None:
        pay = state.payout
        cid = pay.order[pay.index]
        co = state.company(cid)
        assert co.ceo is not None
        deciding = co.ceo
        payout = PayoutView(
            company=cid,
            ceo=co.ceo,
            treasury=co.treasury,
            outstanding=outstanding(state, cid),
            options=list(pay.options),
            order=list(pay.order),
            done=list(pay.order[: pay.index]),
        )
    elif state.phase in (TURN, START):
        deciding = state.active
    res = result(state)
    return TidewaterView(
        viewer=seat,
        round=state.round,
        rounds=r.rounds,
        phase=state.phase,
        active_seat=None if state.phase == OVER else state.active,
        deciding_seat=deciding,
        halfway_done=state.halfway_done,
        first_finisher=state.first_finisher,
        actions_this_turn=state.actions_this_turn,
        can_stop=track.can_stop(state),
        time_track=TimeTrackView(
            steps_per_round=r.steps,
            halfway_step=r.halfway,
            halfway_enabled=r.halfway_enabled(state.seats),
            discs=discs,
            stacks=stacks,
        ),
        map=map_view,
        ships=ships,
        demand=[
            DemandView(position=i + 1, colour=c, price=r.prices[i])
            for i, c in enumerate(state.queue)
        ],
        display=list(state.display),
        bag={c: state.bag.get(c, 0) for c in r.colours},
        bag_total=bag_total(state),
        companies=companies,
        stock_order=order,
        stock_min=r.stock_min,
        stock_max=r.stock_max,
        players=players,
        payout=payout,
        last=LastView(
            seat=state.last.seat,
            action=state.last.action,
            touched=list(state.last.touched),
            lines=list(state.last.lines),
        ),
        variants=list(state.variants),
        scores=res.scores if res else None,
        ranking=res.ranking if res else None,
        wage_bands=[WageBandView(min=b["min"], max=b["max"], wage=b["wage"]) for b in r.wage_bands],
        recent=[MoveView(seat=m.seat, action=m.action, lines=list(m.lines)) for m in state.recent],
    )


def status_line(state: State) -> str:
    r = state.rules
    if state.phase == OVER:
        res = result(state)
        assert res is not None
        best = res.ranking[0]
        winners = [f"Seat {i + 1}" for i in res.ranking if res.places[i] == 1]
        if len(winners) > 1:
            return (
                f"Game over: {' and '.join(winners)} share the win with {res.scores[best]} points."
            )
        return f"Game over: Seat {best + 1} wins with {res.scores[best]} points."
    head = f"Round {state.round}/{r.rounds}"
    if state.phase == PAYOUT and state.payout is not None:
        cid = state.payout.order[state.payout.index]
        ceo = state.company(cid).ceo
        name = r.cinfo[cid]["name"]
        return f"{head}, payout: Seat {(ceo or 0) + 1} chooses the {name} dividend."
    if state.phase == START:
        return f"{head}, on Start: Seat {state.active + 1} takes free actions, then Done."
    # The seat's step and credits are in its turn prompt, not here.
    return f"{head}, Time Track: Seat {state.active + 1} to act."


def _num_word(n: int) -> str:
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    return words[n] if 0 <= n < len(words) else str(n)


def _signed(n: int) -> str:
    return "same" if n == 0 else f"{n:+d}"


def rules_pages(r: Rules) -> list[str]:
    """The rules pages, with every number taken from the rules data (spec section 20)."""
    lines = ", ".join(r.cinfo[c]["name"].split()[0] for c in r.companies)
    costs = set(r.cost.values()) | {r.nav_per_point}
    each = f"{nm.time(costs.pop())} each" if len(costs) == 1 else "time costs vary"
    inv = [s for s in r.slots if s.kind == "investment"]
    inv_ids = [str(r.slot_index[s.id] + 1) for s in inv]
    inv_where = ", ".join(inv_ids[:-1]) + f" or {inv_ids[-1]}" if len(inv_ids) > 1 else inv_ids[0]
    prices = ",".join(map(str, r.prices))
    markets = ", ".join(r.place_names[p] for p in r.market_ports)
    bonus = "; ".join(f"+{b} at the {r.place_names[p]}" for p, b in r.port_bonus.items() if b)
    half_players = [n for n in range(r.min_players, r.max_players + 1) if r.halfway_enabled(n)]
    if len(half_players) > 1:
        half_who = f"With {half_players[0]}-{half_players[-1]} players"
    elif half_players:
        half_who = f"With {half_players[0]} players"
    else:  # data without a halfway trigger at any player count
        half_who = "With no player count"
    wages = "/".join(str(b["wage"]) for b in r.wage_bands if b["wage"])
    opts = r.dividend_options
    effects = ", ".join(f"{d} -> {_signed(r.dividend_effect[d])}" for d in opts)
    rounds = _num_word(r.rounds)
    return [
        f"""**Tidewater Lines: overview**
{r.min_players}-{r.max_players} investors trade shares in {_num_word(len(r.companies))} \
container lines ({lines}). The player with \
the most shares of a line is its CEO. Time is the currency of actions: every action moves your \
disc along a circular Time Track of {r.steps} steps. {rounds[0].upper() + rounds[1:]} rounds; the \
richest player wins.
**Score** = your credits + shares held × stock value. Ties: more credits, then more shares.""",
        """**Turns on the Time Track**
The disc furthest behind acts (on a shared space, the top disc). Each action moves your disc first, \
then resolves. While you are still last you must act again; once you are not last you may stop. \
If a move carries you strictly past the leading disc, your turn ends at once. You can never pass \
Start: reaching it exactly gives you a last chance for free actions (Done ends your round).""",
        f"""**Actions ({each})**
Load a container (ship at a company port takes one from that hex). Produce (draw from the bag to \
its company hex, max {r.hex_cap}). Navigation points: place (shareholder) or move (CEO only) \
1-{r.nav_max_points} points, {nm.time(r.nav_per_point)} each, paid from the company treasury. \
Funding (+{nm.credits(r.funding_credits)}). Invest (put a disc on ship \
slot {inv_where} for {"/".join(str(s.cost) for s in inv)} credits; you earn \
{r.investor_fee} per container later delivered from it). Advertise (swap two \
adjacent demand markers). Buy and/or sell one share (price = stock value; selling drops it by \
{-r.sell_effect}).""",
        f"""**Ships (free actions)**
Ships load at the coloured company ports (Red port...) and deliver at the markets \
({markets}). Shareholders operate their line's ship: Set Sail once per window along sea hexes holding the \
line's navigation points to any other port; Deliver once per market arrival: each container is \
priced by the frontmost demand marker of its colour ({prices}; {bonus}), which then \
moves to the back; money goes to the line's treasury. Dump returns containers to the bag.""",
        f"""**Production and payout**
{half_who} the first disc to reach step {r.halfway} triggers production: the display containers \
go to their company hexes (max {r.hex_cap}, excess back to the bag), then the display refills. \
When the first disc reaches Start (after its free actions): production again, then every line is \
paid in stock-market order: no CEO -> stock {r.no_ceo_effect:+d}. Otherwise the CEO takes the \
wage ({wages} by stock) if the treasury can pay it (else stock {r.unpaid_wage_effect:+d}), then \
picks a dividend {opts[0]}-{opts[-1]} per share: {effects}.""",
    ]


RULES_PAGES = rules_pages(rules_for(()))
