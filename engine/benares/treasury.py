"""Treasury 0-9 with Profit discs on overflow (SEED R29-R32; R105-R107)."""

from __future__ import annotations

from engine.benares.data import data
from engine.benares.state import State
from engine.benares.text import log, plural, seat_name, times, touch
from engine.core import Event


def credit(st: State, seat: int, amount: int) -> str:
    """Income: the marker moves forward; every pass beyond the top gives a disc (R30, R31).
    Returns the Treasury note for the log line: 'Treasury ₹6' or
    'Treasury passes ₹9: +1 Profit disc, now ₹2' ('' on a search copy, which logs nothing)."""
    g = data().game
    c = st.companies[seat]
    if amount <= 0:
        return f"Treasury ₹{c.treasury}"
    wrap = g["treasury_max"] + 1
    total = c.treasury + amount
    passes = 0
    while total >= wrap:
        passes += 1
        total = total - wrap if g["treasury_overflow_carries_remainder"] else 0
    discs = passes * g["treasury_overflow_profit_discs"]
    c.treasury = total
    c.discs += discs
    if not st.logged:  # a search copy: no highlights, no log line
        return ""
    touch(st, f"treasury:{seat}")
    if not passes:
        return f"Treasury ₹{c.treasury}"
    touch(st, f"discs:{seat}")
    gained = f": +{plural(discs, 'Profit disc')}" if discs else ""
    return f"Treasury passes ₹{g['treasury_max']}{times(passes)}{gained}, now ₹{c.treasury}"


def gain(st: State, ev: list[Event], seat: int, amount: int, why: str = "") -> None:
    """Credit `amount` and log it: 'Seat 1 gains ₹2 (Financial Advisor row 2; Treasury ₹6).'"""
    if amount <= 0:
        return
    note = credit(st, seat, amount)
    if not st.logged:
        return
    reason = f"{why}; " if why else ""
    log(st, ev, f"{seat_name(seat)} gains ₹{amount} ({reason}{note}).")


def can_pay(st: State, seat: int, amount: int) -> bool:
    return st.companies[seat].treasury >= amount


def pay(st: State, seat: int, amount: int) -> None:
    """Payment moves the marker back; discs never pay (R32, R106). Callers check first."""
    c = st.companies[seat]
    if amount > c.treasury:
        raise ValueError("payment exceeds the Treasury")
    c.treasury -= amount
    if amount:
        touch(st, f"treasury:{seat}")  # (none on a search copy: see text.touch)


def gain_discs(st: State, seat: int, n: int) -> None:
    st.companies[seat].discs += n
    touch(st, f"discs:{seat}")


def gain_vp(st: State, seat: int, n: int) -> None:
    st.companies[seat].vp += n
    touch(st, f"vp:{seat}")
