"""What just happened: the log lines the seat now to play has missed, most important first.

`view.recent` carries the public log since that seat's previous turn (with each line's seat);
a view without it falls back to the last turn's lines (`view.last_text`). Lines that change
nothing on the board (which action went first, an action that could not be used, a pass) are
left out, and each kept line is ranked: scoring and money first, then posts, boats and crates,
then markers and pawns, then the card played.
"""

from __future__ import annotations

import re
from typing import Any

from engine.benares.view import since_last_turn

__all__ = ["headline", "rank", "since_last_turn"]

#: lines that change nothing on the board
FILLER = (
    re.compile(r" does the (card|company) action first\.$"),
    re.compile(r" switches to the company action\.$"),
    re.compile(r" cannot use "),
    re.compile(r" declines "),
    re.compile(r" passes"),
    re.compile(r" sells nothing "),
    re.compile(r" will use Fleet II "),
    re.compile(r" pools the two Move actions\.$"),
    re.compile(r"nothing (moves|happens)"),
    re.compile(r" gives nothing\.$"),
    re.compile(r"^Round \d+: the Administration phase begins"),
    re.compile(r"^The game is over\.$"),
)

#: (pattern, rank): the first that matches gives a line's rank, higher first
RANKS = (
    (re.compile(r"game is over|wins|[Ff]inal"), 9),
    (re.compile(r" sells "), 8),
    (re.compile(r" VP\b|Profit disc|Concession"), 7),
    (re.compile(r" buys | invests |Investment"), 7),
    (re.compile(r" post\b|Trading Post"), 6),
    (re.compile(r"Market adjustment"), 5),
    (re.compile(r" loads | Load action"), 5),
    (re.compile(r" moves | Move ends|boat on "), 4),
    (re.compile(r" gains ₹| takes Income"), 4),
    (re.compile(r"Refresh"), 3),
    (re.compile(r" marker | row | advances "), 2),
    (re.compile(r" plays "), 1),
)


def rank(text: str) -> int:
    return next((r for pat, r in RANKS if pat.search(text)), 2)


def headline(view: Any, limit: int = 4) -> tuple[str, list[str]]:
    """(title, lines): at most `limit` lines, most important first (ties: latest first)."""
    entries = list(getattr(view, "recent", None) or [])
    if entries:
        who = _who(view)
        title = f"Since {who}'s last turn" if who else "Latest moves"
        texts = [e.text for e in entries]
    else:
        title = "Last move"
        texts = list(view.last_text)
    kept = [t for t in dict.fromkeys(texts) if not any(p.search(t) for p in FILLER)]
    if not kept:
        kept = texts[-1:]
    order = sorted(range(len(kept)), key=lambda i: (-rank(kept[i]), -i))
    lines = [kept[i] for i in order[:limit]]
    return title, lines


def _who(view: Any) -> str:
    co = next((c for c in view.companies if c.seat == view.current), None)
    return co.label if co is not None and not view.over else ""
