"""Shares, CEO, stock values and the stock-market order (spec section 12)."""

from __future__ import annotations

from engine.tidewater import names as nm
from engine.tidewater.names import an, cap
from engine.tidewater.state import Company, State


def change_stock(state: State, co: Company, delta: int) -> int:
    """R107: clamp to the track; an actual change stamps a new, higher stock_seq.
    Returns the change that happened."""
    r = state.rules
    new = min(r.stock_max, max(r.stock_min, co.stock + delta))
    moved = new - co.stock
    if moved:
        co.stock = new
        state.stock_counter += 1
        co.stock_seq = state.stock_counter
    return moved


def stock_order(state: State) -> list[str]:
    """R108: higher stock first; equal values -> lower stock_seq (earlier arrival) first."""
    cos = sorted(state.companies, key=lambda c: (-c.stock, c.stock_seq))
    return [c.id for c in cos]


def outstanding(state: State, cid: str) -> int:
    """R105: only player-held shares are outstanding."""
    return sum(p.shares.get(cid, 0) for p in state.players)


def recompute_ceo(state: State, co: Company) -> None:
    """R106: most shares (>= min); the sitting CEO keeps a tie; else the earliest to reach it."""
    r = state.rules
    best = 0
    for p in state.players:
        best = max(best, p.shares.get(co.id, 0))
    if best < r.ceo_min_shares:
        co.ceo = None
        return
    tied = [i for i, p in enumerate(state.players) if p.shares.get(co.id, 0) == best]
    if co.ceo in tied:
        return
    co.ceo = min(tied, key=lambda i: state.players[i].since.get(co.id, 0))


def share_tx(state: State, seat: int, co: Company, delta: int) -> None:
    """One share transaction (R96): update the holding, stamp it, re-check the CEO."""
    p = state.players[seat]
    state.share_counter += 1
    p.shares[co.id] = p.shares.get(co.id, 0) + delta
    if p.shares[co.id] == 0:
        del p.shares[co.id]
    p.since[co.id] = state.share_counter
    recompute_ceo(state, co)


def holds(state: State, seat: int, cid: str) -> int:
    return state.players[seat].shares.get(cid, 0)


def permitted(state: State, seat: int, action: str, cid: str) -> bool:
    """Section 20.6 permissions: anyone | shareholder | ceo (of company `cid`)."""
    rule = state.rules.perm[action]
    if rule == "anyone":
        return True
    if rule == "ceo":
        return state.company(cid).ceo == seat
    return holds(state, seat, cid) >= state.rules.shareholder_min


# ---- buy / sell (R94, R95) -------------------------------------------------------------------


def buy_error(
    state: State, seat: int, cid: str, source: str, credits: int | None = None
) -> str | None:
    co = state.company(cid)
    name = company_name(state, cid)
    have = state.players[seat].credits if credits is None else credits
    if source == "u" and co.unissued < 1:
        if co.pool < 1:
            return f"No {name} share is for sale: every share is held by a player."
        return f"{name} has no unissued share left to sell you; look in the bank pool."
    if source == "p" and co.pool < 1:
        return f"The bank pool holds no {name} share."
    if have < co.stock:
        return f"{cap(an(name))} share costs {nm.credits(co.stock)}; you have {have}."
    return None


def do_buy(state: State, seat: int, cid: str, source: str) -> str:
    co = state.company(cid)
    price = co.stock
    state.players[seat].credits -= price
    if source == "u":
        co.unissued -= 1
        co.treasury += price
        where = f"from the company for {nm.credits(price)}, paid into the line's treasury"
    else:
        co.pool -= 1
        where = f"from the bank pool for {nm.credits(price)}"
    share_tx(state, seat, co, +1)
    return f"buys {an(company_name(state, cid))} share {where}"


def sell_error(state: State, seat: int, cid: str) -> str | None:
    if holds(state, seat, cid) < 1:
        return f"You hold no {company_name(state, cid)} share to sell."
    return None


def do_sell(state: State, seat: int, cid: str) -> str:
    co = state.company(cid)
    price = co.stock
    state.players[seat].credits += price
    co.pool += 1
    share_tx(state, seat, co, -1)
    change_stock(state, co, state.rules.sell_effect)
    moved = f"dropping its stock to {co.stock}" if co.stock != price else "its stock staying put"
    name = an(company_name(state, cid))
    return f"sells {name} share to the bank for {nm.credits(price)}, {moved}"


def company_name(state: State, cid: str) -> str:
    return state.rules.cinfo[cid]["name"]
