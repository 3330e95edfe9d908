"""Treasury 0-9 with Profit discs on overflow (SEED R29-R32; R105-R107)."""

from __future__ import annotations

from engine.benares.data import data
from engine.benares.state import State
from engine.benares.text import log, seat_name, touch
from engine.core import Event


def gain(st: State, ev: list[Event], seat: int, amount: int, why: str = "") -> None:
    """Income: the marker moves forward; every pass beyond the top gives a disc (R30, R31)."""
    if amount <= 0:
        return
    g = data().game
    c = st.companies[seat]
    wrap = g["treasury_max"] + 1
    total = c.treasury + amount
    discs = 0
    while total >= wrap:
        discs += g["treasury_overflow_profit_discs"]
        total = total - wrap if g["treasury_overflow_carries_remainder"] else 0
    c.treasury = total
    c.discs += discs
    touch(st, f"treasury:{seat}")
    extra = ""
    if discs:
        touch(st, f"discs:{seat}")
        extra = f", plus {discs} Profit disc{'s' if discs > 1 else ''}"
    reason = f" ({why})" if why else ""
    log(st, ev, f"{seat_name(seat)} gains ₹{amount}{reason}: Treasury ₹{c.treasury}{extra}.")


def can_pay(st: State, seat: int, amount: int) -> bool:
    return st.companies[seat].treasury >= amount


def pay(st: State, seat: int, amount: int) -> None:
    """Payment moves the marker back; discs never pay (R32, R106). Callers check first."""
    c = st.companies[seat]
    if amount > c.treasury:
        raise ValueError("payment exceeds the Treasury")
    c.treasury -= amount
    if amount:
        touch(st, f"treasury:{seat}")


def gain_discs(st: State, seat: int, n: int) -> None:
    st.companies[seat].discs += n
    touch(st, f"discs:{seat}")


def gain_vp(st: State, seat: int, n: int) -> None:
    st.companies[seat].vp += n
    touch(st, f"vp:{seat}")
