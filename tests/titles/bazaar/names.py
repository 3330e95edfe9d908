"""What players read: seat names and amounts."""

from __future__ import annotations

from tests.titles.bazaar.data import SEAT_NAMES


def coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]
