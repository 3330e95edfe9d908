"""The round-end payout (spec section 15), resumable around the CEOs' dividend prompts."""

from __future__ import annotations

from engine.tidewater import names as nm
from engine.tidewater.market import change_stock, company_name, outstanding, stock_order
from engine.tidewater.state import PAYOUT, Payout, State


def start_payout(state: State, touched: list[str]) -> list[str]:
    """Fix the stock-market order (R51, R112) and process companies until a CEO must choose."""
    state.payout = Payout(order=stock_order(state))
    order = ", ".join(company_name(state, c) for c in state.payout.order)
    lines = [f"Payout at the end of round {state.round}, in stock-market order: {order}."]
    return lines + run_payout(state, touched)


def dividend_options(state: State, cid: str) -> list[int]:
    """R114: every d with d x outstanding shares <= treasury (after the wage)."""
    co = state.company(cid)
    k = outstanding(state, cid)
    return [d for d in state.rules.dividend_options if d * k <= co.treasury]


def run_payout(state: State, touched: list[str]) -> list[str]:
    """Process companies from `payout.index`; stop at a dividend prompt or at the end."""
    r = state.rules
    pay = state.payout
    assert pay is not None
    lines: list[str] = []
    while pay.index < len(pay.order):
        cid = pay.order[pay.index]
        co = state.company(cid)
        name = company_name(state, cid)
        touched += [f"company:{cid}", f"stock:{cid}"]
        before = co.stock
        if co.ceo is None:  # R52, R53
            change_stock(state, co, r.no_ceo_effect)
            moves = nm.stock_moves(before, co.stock)
            lines.append(f"{name} has no CEO: no wage, no dividend; its stock {moves}.")
            pay.index += 1
            continue
        wage = r.wage(co.stock)  # R55, R112, R113
        if co.treasury < wage:  # R56
            change_stock(state, co, r.unpaid_wage_effect)
            lines.append(
                f"{name} cannot pay the wage of {nm.credits(wage)} (treasury {co.treasury}): "
                f"no wage, no dividend; its stock {nm.stock_moves(before, co.stock)}."
            )
            pay.index += 1
            continue
        co.treasury -= wage  # R54
        state.players[co.ceo].credits += wage
        touched.append(f"player:{co.ceo}")
        if wage:
            lines.append(
                f"{name} pays its CEO, {nm.seat(co.ceo)}, a wage of {nm.credits(wage)} "
                f"(treasury now {co.treasury})."
            )
        else:
            lines.append(f"{name} pays its CEO, {nm.seat(co.ceo)}, no wage at stock {co.stock}.")
        options = dividend_options(state, cid)
        if options == [0] and r.auto_apply_only_option:  # R61, R114
            lines.append(pay_dividend(state, cid, 0, touched))
            pay.index += 1
            continue
        pay.options = options
        state.phase = PAYOUT
        return lines
    state.payout = None
    return lines


def pay_dividend(
    state: State, cid: str, d: int, touched: list[str], chooser: int | None = None
) -> str:
    """R58-R60, R115: d per outstanding share, then the stock effect. `chooser` is the CEO
    seat when the dividend was chosen (the event then names them)."""
    co = state.company(cid)
    name = company_name(state, cid)
    k = outstanding(state, cid)
    if d:
        for i, p in enumerate(state.players):
            n = p.shares.get(cid, 0)
            if n:
                p.credits += d * n
                touched.append(f"player:{i}")
        co.treasury -= d * k
    before = co.stock
    change_stock(state, co, state.rules.dividend_effect[d])
    moves = nm.stock_moves(before, co.stock)
    who = name if chooser is None else f"{nm.seat(chooser)}, CEO of {name},"
    if d == 0:
        return f"{who} pays no dividend; {name} stock {moves}."
    return (
        f"{who} pays a dividend of {d} per share ({nm.credits(d * k)} in total); "
        f"{name} stock {moves}."
    )
