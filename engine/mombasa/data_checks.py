"""Constants and small helpers the Mombasa data validation shares (data.py and data_*.py)."""

from __future__ import annotations

from typing import Any, NoReturn

COMPANIES = ("mombasa", "cape_town", "saint_louis", "cairo")
LETTERS = ("A", "B", "C", "D")
CARD_LETTERS = ("A", "B", "C", "D", "E")
BOOK_LETTERS = ("A", "B", "C")
CARD_TYPES = ("goods", "expansion", "bookkeeper", "diamond_merchant", "share")
#: Totals stated in the section 21.5 comment.
CARD_TOTALS = {
    "bananas": 6,
    "cotton": 6,
    "coffee": 7,
    "expansion": 9,
    "bookkeeper": 5,
    "diamond_merchant": 7,
    "share": 4,
}

#: Which bonus-pair family each letter carries (SEED, R20, R21, R202).
FAMILY_BY_LETTER = {"A": "permanent", "B": "permanent", "C": "extra_spaces", "D": "extra_spaces"}
#: The pair whose own seed text names "track D2" (R202).
D2_PAIR = "pay1_advance_other_tracks"


def fail(what: str) -> NoReturn:
    """Refuse the data file: a ValueError naming the bad value."""
    raise ValueError(f"mombasa data: {what}")


def check(cond: bool, what: str) -> None:
    """`fail(what)` unless `cond` holds."""
    if not cond:
        fail(what)


def positive_pairs(
    d: dict[str, Any] | None, what: str, allowed: tuple[str, ...]
) -> tuple[tuple[str, int], ...]:
    """A `{key: positive int}` mapping with keys from `allowed`, as (key, n) pairs in order."""
    out = []
    for k, v in (d or {}).items():
        check(k in allowed, f"{what}: unknown key {k!r}")
        check(isinstance(v, int) and v > 0, f"{what}: {k} must be a positive integer, got {v!r}")
        out.append((k, int(v)))
    return tuple(out)
