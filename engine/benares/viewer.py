"""Builds the BenaresView for a seat (or a spectator), redacting other seats' hands (R129)."""

from __future__ import annotations

from functools import cache

from engine.benares.data import data
from engine.benares.flow import prompt_text
from engine.benares.prompts import others_text
from engine.benares.scoring import final_score, result
from engine.benares.state import State
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


def card_view(card_id: str) -> CardView:
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


def hands_open(st: State) -> bool:
    return st.options.get("open_hands", "off") == "on"


def build(st: State, seat: int | None, status: str) -> BenaresView:
    d = data()
    pres = d.pres
    mb = d.market
    over = st.phase == "over"
    companies = []
    for s, c in enumerate(st.companies):
        board = []
        for i, slot in enumerate(c.board):
            sp = d.board[i]
            board.append(
                SpaceView(
                    i + 1,
                    sp["mult"],
                    *action_texts(i),
                    card_view(slot.card) if slot.card else None,
                    slot.mode,
                )
            )
        track = [""] * d.post_spaces
        for i, p in enumerate(c.posts):
            track[d.post_spaces - 1 - i] = p
        show = seat == s or hands_open(st)
        companies.append(
            CompanyView(
                seat=s,
                label=seat_name(s),
                colour=pres["seat_colours"][s],
                colour_name=pres["seat_colour_names"][s],
                treasury=c.treasury,
                discs=c.discs,
                vp=c.vp,
                boat=c.boat,
                hold=dict(c.hold),
                capacity=c.capacity,
                rows=dict(c.rows),
                crate_value={t: mb["crate_value_by_row"][c.rows[t]] for t in mb["city_tracks"]},
                goods=dict(c.goods),
                post_track=track,
                posts_placed=len(c.posts),
                agency_column=d.post_spaces - len(c.posts),
                concessions_used=list(c.concessions_used),
                investments=list(c.investments),
                board=board,
                hand_count=len(c.hand),
                hand=[card_view(x) for x in c.hand] if show else None,
                passed=c.passed,
                score=final_score(c) if over else None,
                fleet_bonus=c.move_bonus,
                load_bonus=c.load_bonus,
                crate_cost=c.crate_cost,
            )
        )
    spaces = [
        MapSpaceView(
            sid,
            d.spaces[sid]["name"],
            d.spaces[sid]["region"],
            d.spaces[sid]["source"] or "",
            st.crates.get(sid, 0),
            [s for s, c in enumerate(st.companies) if c.boat == sid],
        )
        for sid in d.map_order
    ]
    rm = d.raw["river_map"]
    conns = [ConnectionView(a, b, cost) for a, b, cost in rm["connections"]]
    conns += [
        ConnectionView(sc["ends"][0], sc["ends"][1], sc["cost"], sc["name"], True)
        for sc in rm["shortcuts"]
    ]
    rewards = [
        RewardView(row, _reward_text(parts))
        for row, parts in sorted(mb["advisor_track"]["rewards"].items())
    ]
    grid = d.grid
    cells = []
    for sector, lv in grid["sectors"].items():
        for lvl in grid["level_order"]:
            info = lv[lvl]
            cell = f"{sector}:{lvl}"
            cells.append(
                CellView(
                    sector,
                    lvl,
                    grid["cost_by_level"][lvl],
                    info["vp"],
                    grid["first_buyer_bonus_vp"][lvl],
                    info.get("text", ""),
                    [s for s, c in enumerate(st.companies) if cell in c.investments],
                    st.first_buyers.get(cell),
                )
            )
    top = st.stack[-1] if st.stack else None
    current = top.seat if top else None
    if top is None:
        ptext = ""
    elif seat == current:
        ptext = prompt_text(st, top)
    else:
        ptext = others_text(st, top, hide_card=not hands_open(st))
    res = result(st)
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
        connections=conns,
        market={t: [c.rows[t] for c in st.companies] for t in mb["tracks"]},
        advisor_rewards=rewards,
        investment=cells,
        crate_supply=dict(st.crate_supply),
        post_supply=dict(st.post_supply),
        deck_count=len(st.deck),
        last=list(st.last),
        last_text=list(st.last_text),
        recent=since_last_turn([LogEntry(e.seat, e.text) for e in st.recent], current),
        options=dict(st.options),
        over=over,
        final_scores=[res.scores[s] for s in range(st.seats)] if res else None,
        ranking=list(res.ranking) if res else None,
        concession_text={g: _reward_text(d.concessions["effects"][g]) for g in d.goods},
        goods_lane_vp=list(d.raw["goods_lanes"]["end_vp_by_position"]),
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
