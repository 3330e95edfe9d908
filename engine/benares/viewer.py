"""Builds the BenaresView for a seat (or a spectator), redacting other seats' hands (R129)."""

from __future__ import annotations

from functools import cache, lru_cache

from engine.benares.data import data
from engine.benares.moves import prompt_text
from engine.benares.prompts import others_text
from engine.benares.scoring import final_score, result
from engine.benares.state import Company, Slot, State
from engine.benares.text import action_text, seat_name
from engine.benares.view import (
    BenaresView,
    CardView,
    CellView,
    CompanyView,
    ConnectionView,
    LogEntry,
    MapSpaceView,
    RewardView,
    SpaceView,
    since_last_turn,
)


@cache
def action_texts(ref: str | int) -> tuple[str, str]:
    """The texts of the two actions of a card (by id) or a company board space (by index):
    read from the data alone, so worked out once (a view shows dozens)."""
    if isinstance(ref, int):
        sp = data().board[ref]
        return action_text(sp["development"]), action_text(sp["logistics"])
    c = data().cards[ref]
    return action_text(c["dev"]), action_text(c["logistics"])


@cache
def card_view(card_id: str) -> CardView:
    """A card's face (frozen, so every view shares one per card)."""
    c = data().cards[card_id]
    dev, lg = c["dev"], c["logistics"]
    target = dev.get("target") or dev.get("type") or ""
    amount = dev.get("steps") or dev.get("rupees") or 0
    dev_text, log_text = action_texts(card_id)
    return CardView(
        card_id,
        dev_text,
        log_text,
        dev["kind"],
        target,
        amount,
        lg["kind"],
        lg["qty"],
    )


@lru_cache(maxsize=4096)
def _board(board: tuple[Slot, ...]) -> tuple[SpaceView, ...]:
    """A Company board's spaces (frozen, shared): a board changes once a turn, and a game
    shows each one many times."""
    out = []
    for i, slot in enumerate(board):
        sp = data().board[i]
        card = card_view(slot.card) if slot.card else None
        out.append(SpaceView(i + 1, sp["mult"], *action_texts(i), card, slot.mode))
    return tuple(out)


class _Static:
    """The parts of every view read from the data alone, worked out once. Views get fresh
    lists and dicts of them (a consumer may change its view's containers); the frozen structs
    inside are shared."""

    def __init__(self) -> None:
        d = data()
        mb, rm, grid = d.market, d.raw["river_map"], d.grid
        self.spaces = [
            (sid, d.spaces[sid]["name"], d.spaces[sid]["region"], d.spaces[sid]["source"] or "")
            for sid in d.map_order
        ]
        self.conns = [ConnectionView(a, b, cost) for a, b, cost in rm["connections"]] + [
            ConnectionView(sc["ends"][0], sc["ends"][1], sc["cost"], sc["name"], True)
            for sc in rm["shortcuts"]
        ]
        self.rewards = [
            RewardView(row, _reward_text(parts))
            for row, parts in sorted(mb["advisor_track"]["rewards"].items())
        ]
        self.cells = [
            (
                f"{sector}:{lvl}",
                sector,
                lvl,
                grid["cost_by_level"][lvl],
                lv[lvl]["vp"],
                grid["first_buyer_bonus_vp"][lvl],
                lv[lvl].get("text", ""),
            )
            for sector, lv in grid["sectors"].items()
            for lvl in grid["level_order"]
        ]
        self.concession_text = {g: _reward_text(d.concessions["effects"][g]) for g in d.goods}
        self.lane_vp = list(d.raw["goods_lanes"]["end_vp_by_position"])
        self.crate_value = mb["crate_value_by_row"]
        self.city_tracks = list(mb["city_tracks"])
        self.tracks = list(mb["tracks"])
        pres = d.pres
        self.seat_looks = [
            (seat_name(s), pres["seat_colours"][s], pres["seat_colour_names"][s])
            for s in range(len(pres["seat_colours"]))
        ]


@cache
def _static() -> _Static:
    return _Static()


def hands_open(st: State) -> bool:
    return st.options.get("open_hands", "off") == "on"


def _company(
    s: int, c: Company, show: bool, over: bool, fixed: _Static, post_spaces: int
) -> CompanyView:
    track = [""] * post_spaces
    for i, p in enumerate(c.posts):
        track[post_spaces - 1 - i] = p
    label, colour, colour_name = fixed.seat_looks[s]
    rows = c.rows
    return CompanyView(
        seat=s,
        label=label,
        colour=colour,
        colour_name=colour_name,
        treasury=c.treasury,
        discs=c.discs,
        vp=c.vp,
        boat=c.boat,
        hold=dict(c.hold),
        capacity=c.capacity,
        rows=dict(rows),
        crate_value={t: fixed.crate_value[rows[t]] for t in fixed.city_tracks},
        goods=dict(c.goods),
        post_track=track,
        posts_placed=len(c.posts),
        agency_column=post_spaces - len(c.posts),
        concessions_used=list(c.concessions_used),
        investments=list(c.investments),
        board=list(_board(tuple(c.board))),
        hand_count=len(c.hand),
        hand=[card_view(x) for x in c.hand] if show else None,
        passed=c.passed,
        score=final_score(c) if over else None,
        fleet_bonus=c.move_bonus,
        load_bonus=c.load_bonus,
        crate_cost=c.crate_cost,
    )


def build(st: State, seat: int | None, status: str) -> BenaresView:
    d = data()
    fixed = _static()
    over = st.phase == "over"
    opened = hands_open(st)
    companies = [
        _company(s, c, seat == s or opened, over, fixed, d.post_spaces)
        for s, c in enumerate(st.companies)
    ]
    boats: dict[str, list[int]] = {}
    owners: dict[str, list[int]] = {}
    for s, c in enumerate(st.companies):
        boats.setdefault(c.boat, []).append(s)
        for cell in dict.fromkeys(c.investments):
            owners.setdefault(cell, []).append(s)
    crates = st.crates
    spaces = [
        MapSpaceView(sid, name, region, source, crates.get(sid, 0), list(boats.get(sid, ())))
        for sid, name, region, source in fixed.spaces
    ]
    first = st.first_buyers
    cells = [
        CellView(sector, lvl, cost, vp, bonus, text, list(owners.get(cell, ())), first.get(cell))
        for cell, sector, lvl, cost, vp, bonus, text in fixed.cells
    ]
    top = st.stack[-1] if st.stack else None
    current = top.seat if top else None
    if top is None:
        ptext = ""
    elif seat == current:
        ptext = prompt_text(st, top)
    else:
        ptext = others_text(st, top, hide_card=not opened)
    res = result(st) if over else None
    rows = [c.rows for c in st.companies]
    return BenaresView(
        title=d.game["title"],
        seats=st.seats,
        viewer=seat,
        round=st.round,
        phase=st.phase,
        step=st.step,
        first_player=st.first_player,
        current=current,
        prompt_text=ptext,
        status=status,
        companies=companies,
        map_spaces=spaces,
        connections=list(fixed.conns),
        market={t: [r[t] for r in rows] for t in fixed.tracks},
        advisor_rewards=list(fixed.rewards),
        investment=cells,
        crate_supply=dict(st.crate_supply),
        post_supply=dict(st.post_supply),
        deck_count=len(st.deck),
        last=list(st.last),
        last_text=list(st.last_text),
        recent=[LogEntry(e.seat, e.text) for e in since_last_turn(st.recent, current)],
        options=dict(st.options),
        over=over,
        final_scores=[res.scores[s] for s in range(st.seats)] if res else None,
        ranking=list(res.ranking) if res else None,
        concession_text=dict(fixed.concession_text),
        goods_lane_vp=list(fixed.lane_vp),
    )


def _reward_text(parts: list[dict]) -> str:
    out = []
    for part in parts:
        ((k, v),) = part.items()
        if k == "gain_rupees":
            out.append(f"₹{v}")
        elif k == "gain_vp":
            out.append(f"+{v} VP")
        elif k == "gain_profit_discs":
            out.append(f"+{v} Profit disc")
        elif k == "advance_market":
            who = "/".join(x.capitalize() for x in v.get("choice", [v.get("pawn", "")]))
            out.append(f"{who} +{v['steps']}")
        elif k == "advance_goods":
            out.append(f"{'any good' if v['good'] == 'any' else v['good']} +{v['steps']}")
    return ", ".join(out)
