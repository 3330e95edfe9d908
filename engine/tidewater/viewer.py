"""Views and the status line: what the host shows of a game (the rules pages: rules_text.py)."""

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
    order = stock_order(state)
    payout, deciding = _payout_view(state)
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
        time_track=_time_track_view(state),
        map=_map_view(state),
        ships=_ship_views(state),
        demand=[
            DemandView(position=i + 1, colour=c, price=r.prices[i])
            for i, c in enumerate(state.queue)
        ],
        display=list(state.display),
        bag={c: state.bag.get(c, 0) for c in r.colours},
        bag_total=bag_total(state),
        companies=_company_views(state, order),
        stock_order=order,
        stock_min=r.stock_min,
        stock_max=r.stock_max,
        players=_player_views(state),
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


def _time_track_view(state: State) -> TimeTrackView:
    """The discs on the Time Track and their stacks."""
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
    return TimeTrackView(
        steps_per_round=r.steps,
        halfway_step=r.halfway,
        halfway_enabled=r.halfway_enabled(state.seats),
        discs=discs,
        stacks=stacks,
    )


def _map_view(state: State) -> MapView:
    """Company hexes, ports (with the ships in each) and sea hexes."""
    r = state.rules
    ships_at: dict[str, list[str]] = {}
    for cid, ship in zip(r.companies, state.ships, strict=True):
        ships_at.setdefault(ship.port, []).append(cid)
    return MapView(
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


def _ship_views(state: State) -> list[ShipView]:
    r = state.rules
    ships: list[ShipView] = []
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
    return ships


def _company_views(state: State, order: list[str]) -> list[CompanyView]:
    r = state.rules
    return [
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


def _player_views(state: State) -> list[PlayerView]:
    r = state.rules
    return [
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


def _payout_view(state: State) -> tuple[PayoutView | None, int | None]:
    """The dividend being decided, if any, and the seat that decides now."""
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
    return payout, deciding


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
