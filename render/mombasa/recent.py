"""What changed since the seat to act last played (issue 32): the turn image's moves to tell.

`view.recent` holds the latest public moves, oldest first (engine/mombasa/recent.py). When one
seat is to play, the moves to tell are the others' since that seat's own latest one; a move that
changes nothing the board shows (a plan confirmed, a bonus made active) is left out. Each move's
lines are ranked: the end of the game first, then posts, trades, tracks, books and diamonds,
then the card played, then what the round does by itself; a move ranks as its best line.
When several seats decide at once, or the seat to act moved last, the last move alone is told
(`headline`).
"""

from __future__ import annotations

import re
from typing import Any

from engine.text_board import listed
from render.mombasa.board import FILLER

#: lines that tell nothing the board does not show (beside board.FILLER)
QUIET = (
    *FILLER,
    re.compile(r" has chosen a starting tile\.$"),
    re.compile(r" point\(s\) are left unused"),
)

#: a post placed: who, which company, where (the details follow in brackets)
POST = re.compile(r"^(\S+) places an? (.+?) post in (.+?)(?: \(|;|\.$)")

#: (pattern, rank): the first that matches gives a line's rank, higher first
RANKS = (
    (re.compile(r" wins |game is over"), 9),
    (re.compile(r" posts? in "), 8),
    (re.compile(r" buys | sells "), 7),
    (re.compile(r" moves \d+ on "), 6),
    (re.compile(r"diamond|ink jar| book | the reward |bookkeeping track"), 5),
    (re.compile(r" bonus marker on "), 4),
    (re.compile(r" passes|^Plans revealed"), 2),
    (re.compile(r"take[s]? back|^Card display|book display|^Round |^Every bonus"), 1),
)


def rank(line: str) -> int:
    return next((r for pat, r in RANKS if pat.search(line)), 3)


def since_last_turn(v: Any) -> list[Any]:
    """The others' moves since the one seat to act last played, oldest first, leaving out those
    that change nothing shown; [] when several seats decide, or that seat moved last."""
    if v.phase != "action" or len(v.deciding) != 1:
        return []
    seat = v.deciding[0]
    moves = list(v.recent)
    k = len(moves)
    while k > 0 and moves[k - 1].seat != seat:
        k -= 1
    return [m for m in moves[k:] if any(not _quiet(ln) for ln in m.lines)]


def _quiet(line: str) -> bool:
    return any(p.search(line) for p in QUIET)


def lines_of(move: Any, round_: int) -> list[str]:
    """A move's lines that matter, best first (ties: in the order written); a reveal is summed
    up in one line."""
    if any(" reveals: " in ln for ln in move.lines):
        return [f"Plans revealed: round {round_} action phase begins."]
    kept = _posts([ln for ln in move.lines if not _quiet(ln)])
    return sorted(kept, key=rank, reverse=True)


def _posts(lines: list[str]) -> list[str]:
    """`lines` with the posts one expansion placed told in one line ("Blue places Cairo posts
    in Fezzan and Nile Delta."), where the first of them was."""
    found = [(i, m) for i, ln in enumerate(lines) if (m := POST.match(ln))]
    if len(found) < 2 or len({(m[1], m[2]) for _, m in found}) > 1:
        return lines
    (first, m), rest = found[0], {i for i, _ in found[1:]}
    out = list(lines)
    out[first] = f"{m[1]} places {m[2]} posts in {listed(p[3] for _, p in found)}."
    return [ln for i, ln in enumerate(out) if i not in rest]


def ranked(moves: list[Any], round_: int) -> list[tuple[Any, list[str]]]:
    """(move, its lines best first) for `moves`, the most important move first (ties: the
    latest first)."""
    told = [(m, lines_of(m, round_)) for m in moves]
    order = sorted(range(len(told)), key=lambda i: (-rank(told[i][1][0]), -i))
    return [told[i] for i in order]
