"""Views, status line and rules pages: everything the host shows about a game."""

from __future__ import annotations

from engine.tidewater import track
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
    PayoutView,
    PlayerView,
    PortView,
    SeaHexView,
    ShipView,
    SlotView,
    StackView,
    TidewaterView,
    TimeTrackView,
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
        step=state.menu[-1][1:].split(":")[0] if state.menu else "",
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
        return f"{head}, round-end payout: Seat {(ceo or 0) + 1} chooses the {name} dividend"
    p = state.players[state.active]
    if state.phase == START:
        where = "on Start (free actions, then Done)"
    else:
        where = f"step {p.pos}/{r.steps}"
    return f"{head}: Seat {state.active + 1} to act, {where}"


RULES_PAGES = [
    """**Tidewater Lines: overview**
2-4 investors trade shares in four container lines (Atlas, Boreal, Coral, Dune). The player with \
the most shares of a line is its CEO. Time is the currency of actions: every action moves your \
disc along a circular Time Track of 16 steps. Three rounds; the richest player wins.
**Score** = your credits + shares held × stock value. Ties: more credits, then more shares.""",
    """**Turns on the Time Track**
The disc furthest behind acts (on a shared space, the top disc). Each action moves your disc first, \
then resolves. While you are still last you must act again; once you are not last you may stop. \
If a move carries you strictly past the leading disc, your turn ends at once. You can never pass \
Start: reaching it exactly gives you a last chance for free actions (Done ends your round).""",
    """**Actions (1 time each)**
Load a container (ship at a company port takes one from that hex). Produce (draw from the bag to \
its company hex, max 6). Navigation points: place (shareholder) or move (CEO only) 1-2 points, \
1 time each, paid from the company treasury. Funding (+1 credit). Invest (put a disc on ship \
slot 3, 4 or 5 for 3/4/5 credits; you earn 1 per container later delivered from it). Advertise (swap two \
adjacent demand markers). Buy and/or sell one share (price = stock value; selling drops it by 1).""",
    """**Ships (free actions)**
Ships load at the coloured company ports (Red port...) and deliver at the North, South and \
Far Markets. Shareholders operate their line's ship: Set Sail once per window along sea hexes holding the \
line's navigation points to any other port; Deliver once per market arrival: each container is \
priced by the frontmost demand marker of its colour (6,5,5,4,4,3,3,2; +2 at the Far Market), which then \
moves to the back; money goes to the line's treasury. Dump returns containers to the bag.""",
    """**Production and payout**
With 3-4 players the first disc to reach step 8 triggers production: the display containers go \
to their company hexes (max 6, excess back to the bag), then the display refills. When the first \
disc reaches Start (after its free actions): production again, then every line is paid in \
stock-market order: no CEO -> stock -1. Otherwise the CEO takes the wage (2/4/6/8 by stock) if \
the treasury can pay it (else stock -1), then picks a dividend 0-3 per share: 0 -> stock -1, \
1 -> same, 2 -> +1, 3 -> +2.""",
]
