"""What just happened, for the reader (the seat the game now waits for): the public moves since
that seat's previous turn, most important first, without the filler the board shows anyway."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from render.tidewater.kit import wrap

# log lines that only say what the time track and the header show better
FILLER = (
    re.compile(r" passes the leader on the Time Track, so the turn ends\.$"),
    re.compile(r" is now last on the Time Track and takes the turn\.$"),
    re.compile(r" is on top of the Start stack and takes the turn\.$"),
    re.compile(r" reaches Start and may still take free actions before ending the round\.$"),
    re.compile(r"^The display is refilled from the bag"),
)
# the detail a banner can do without (the board shows where each piece went)
TRIM = (
    (re.compile(r" \(\d+ times?, now on step \d+\)"), ""),
    (re.compile(r" \((?:[a-z]+ \d+(?:, )?)+\)"), ""),
    (re.compile(r" from the line's treasury"), ""),
    (re.compile(r" to the line's treasury"), ""),
    (re.compile(r", paid into the line's treasury"), ""),
    (re.compile(r" the (\w+ Line) ship"), r" \1"),
)
#: the turn image's lines are shorter still (its text is half as big again as the board's)
TERSE = ((re.compile(r"\b(\d+) credits?\b"), r"\1 cr"),)
#: the order moves are listed in: what changed the board most first
RANK = {
    "deliver": 0,
    "dividend": 1,
    "sell": 1,
    "sail": 2,
    "trade": 3,
    "invest": 3,
    "nav": 3,
    "load": 3,
    "produce": 3,
    "adv": 3,
    "advertise": 3,
    "dump": 3,
    "fund": 4,
    "done": 5,
    "stop": 5,
}
EVENT_RANK = (
    (re.compile(r"^Round \d+ ends"), 1),
    (re.compile(r"^Payout at the end"), 1),
    (re.compile(r"^Production"), 3),
    (re.compile(r" pays its CEO, "), 4),
)
NOUN = {
    "stop": ("stop", "stops"),
    "done": ("done", "done"),
    "fund": ("funding", "fundings"),
    "load": ("load", "loads"),
    "trade": ("trade", "trades"),
    "sail": ("sailing", "sailings"),
    "adv": ("advert", "adverts"),
    "advertise": ("advert", "adverts"),
    "nav": ("point move", "point moves"),
    "invest": ("investment", "investments"),
    "produce": ("production", "productions"),
    "deliver": ("delivery", "deliveries"),
    "dividend": ("dividend", "dividends"),
    "sell": ("sale", "sales"),
    "dump": ("dump", "dumps"),
}


class Item(NamedTuple):
    rank: int
    order: int
    seat: int | None  # whose move (None: what followed from it)
    text: str
    action: str


def moves(v: Any) -> tuple[list[Any], str]:
    """(the moves to tell the reader about, oldest first; the banner's title).

    From `recent` (the latest public moves): everyone else's moves since the reader's last
    one; in the middle of the reader's turn, the reader's moves so far and the others' before
    them; when the reader moved last and starts a new turn, that last turn of theirs. Views
    without a log give the last move alone."""
    log = list(getattr(v, "recent", None) or [])
    reader = reader_of(v)
    if not log or reader is None or v.phase == "game_over":
        return ([v.last] if v.last and v.last.lines else []), "LAST MOVE"
    name = _seat(v, reader).upper()
    k = len(log) - 1
    own: list[Any] = []
    while k >= 0 and log[k].seat == reader:
        own.append(log[k])
        k -= 1
    if own and not v.actions_this_turn:
        return own[::-1], f"{name}'S LAST TURN"
    others: list[Any] = []
    while k >= 0 and log[k].seat != reader:
        others.append(log[k])
        k -= 1
    return (others[::-1] + own[::-1]), f"SINCE {name}'S LAST TURN"


def _seat(v: Any, seat: int) -> str:
    for p in v.players:
        if p.seat == seat:
            return str(p.label)
    return f"Seat {seat + 1}"


def terse(line: str) -> str:
    """A banner line for the turn image: '... 11 credits.' -> '... 11 cr.'"""
    for pat, rep in TERSE:
        line = pat.sub(rep, line)
    return line


def reader_of(v: Any) -> int | None:
    return v.deciding_seat if v.deciding_seat is not None else v.active_seat


def shorten(line: str) -> str:
    for pat, rep in TRIM:
        line = pat.sub(rep, line)
    return line


def _action(m: Any) -> str:
    if m.action == "trade" and m.lines and " sells " in m.lines[0]:
        return "sell"
    return m.action


def items(v: Any, keep_names: bool = False) -> tuple[list[Item], str]:
    """The banner's lines and title: most important first (ties: oldest first), filler
    dropped; a move's own line loses its leading seat name (its disc is drawn instead) unless
    `keep_names`."""
    out: list[Item] = []
    ms, title = moves(v)
    for m in ms:
        action = _action(m)
        for k, line in enumerate(m.lines):
            if not line or any(p.search(line) for p in FILLER):
                continue
            if k == 0:
                rank, seat = RANK.get(action, 3), m.seat
                if seat is not None and not keep_names:
                    line = _drop_name(line, _seat(v, seat))
            else:
                rank = next((r for p, r in EVENT_RANK if p.search(line)), 3)
                seat = None
            out.append(Item(rank, len(out), seat, shorten(line), action if k == 0 else ""))
    out.sort(key=lambda it: (it.rank, it.order))
    return out, title


def _drop_name(line: str, name: str) -> str:
    """'Seat 3 stops.' -> 'Stops.' (a line that does not start with the name stays)."""
    if not line.startswith(name + " "):
        return line
    rest = line[len(name) + 1 :]
    if rest.startswith(","):  # 'Seat 4, CEO of Atlas Line, pays ...'
        return line
    return rest[:1].upper() + rest[1:]


def pack(
    found: list[Item], rows: int, size: int, width: float
) -> tuple[list[tuple[Item, list[str]]], list[Item]]:
    """(the items that fit `rows` rows of `size` px text `width` px wide, each with its wrapped
    rows; the items left over), in `found` order: a row is kept for "+ N more" while any is."""
    placed: list[tuple[Item, list[str]]] = []
    rest: list[Item] = []
    used = 0
    for k, it in enumerate(found):
        lines = wrap(it.text, size, width)
        left = len(found) - k - 1
        room = rows - used - (1 if left or rest else 0)  # keep a row for "+ N more"
        if len(lines) > room:
            rest.append(it)  # a shorter, later line may still fit
            continue
        placed.append((it, lines))
        used += len(lines)
    return placed, rest


def summary(rest: list[Item]) -> str:
    """'+ 5 more: 3 stops, 2 fundings'."""
    counts: dict[str, int] = {}
    for it in rest:
        key = it.action or "event"
        counts[key] = counts.get(key, 0) + 1
    parts = []
    for key, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        one, many = NOUN.get(key, (key if key != "event" else "other", "others"))
        if key not in NOUN and key != "event":
            many = key + "s"
        parts.append(f"{n} {one if n == 1 else many}")
    return f"+ {len(rest)} more: " + ", ".join(parts)


def _mentions(line: str, name: str) -> int:
    """Where `line` last names `name` as a whole name (-1: nowhere)."""
    found = [m.start() for m in re.finditer(re.escape(name) + r"(?!\w)", line)]
    return found[-1] if found else -1


def map_changes(v: Any) -> set[str]:
    """The map's pieces changed by the moves `moves` tells ("ship:RED", "port:M_NORTH",
    "sea:a1", "hex:H_RED"), plus what the last move touched. The log keeps no highlight set
    per move, so a move's pieces are found by the display names its first line mentions: the
    ship it sailed, loaded or unloaded and the port it went to (named last), the hex it loaded
    from or produced onto, the sea hexes of its points."""
    keys = set(v.last.touched) if v.last else set()
    ms, _ = moves(v)
    for m in ms:
        if not m.lines:
            continue
        line = m.lines[0]
        if m.action in ("sail", "deliver", "dump", "load"):
            keys |= {f"ship:{c.id}" for c in v.companies if _mentions(line, f"{c.name} ship") >= 0}
        if m.action in ("sail", "deliver", "dump"):
            at = max(((_mentions(line, p.name), p.id) for p in v.map.ports if p.name), default=None)
            if at is not None and at[0] >= 0:
                keys.add(f"port:{at[1]}")
        if m.action in ("load", "produce"):
            keys |= {f"hex:{h.id}" for h in v.map.company_hexes if h.name and h.name in line}
        if m.action == "nav":
            keys |= {
                f"sea:{s.id}" for s in v.map.sea_hexes if s.name and _mentions(line, s.name) >= 0
            }
    return keys
