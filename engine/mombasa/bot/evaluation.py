"""The automatic player's evaluation: `evaluate(st, seat)`, a cheap estimate of the seat's final
score (see player.py), `try_move` (a move applied to a copy and scored) and the per-track values
the candidate moves are pre-scored with."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.core import IllegalAction
from engine.mombasa import bases, books, rounds, tracks
from engine.mombasa.data import TrackSide, data
from engine.mombasa.scoring import owned_cards
from engine.mombasa.state import Base, State, card_kind, clone
from engine.mombasa.view_static import static

#: share-value growth per remaining round assumed for every company (capped at 15)
GROWTH = 0.45
#: weight of the opponents' share gains (relative play)
OPP_WEIGHT = 0.5


def rounds_left(st: State) -> float:
    """Rounds still to play after this one, plus a half for the rest of this one."""
    left = data().rounds - st.round
    return left + (0.5 if st.phase in ("planning", "action") else 0.0)


def projected_value(st: State, company: str, rl: float) -> float:
    """The company's share value expected at the end, `rl` rounds from now (at most 15)."""
    sv = bases.share_value(st, company)
    room = 15 - sv
    if not bases.posts_available(st, company):
        room = 0
    return sv + min(room, GROWTH * rl * (1 + 0.25 * (st.seats - 2)))


def share_credit(side, pos: int, rl: float) -> float:
    """Track shares with part credit for the way towards the next share icon."""
    icons = side.share_icons
    have, prev = 0, 0
    for space, n in icons:
        if space <= pos:
            have, prev = n, space
        else:
            if rl > 0:
                frac = (pos - prev) / (space - prev)
                have += frac * (n - have) * min(1.0, rl / 2.5) * 0.8
            break
    return have


_WORTH: dict[str, float] = {}
_SHARE: dict[str, str] = {}


def card_worth(cid: str) -> float:
    """What a card is worth per use (in units of about one track step)."""
    w = _WORTH.get(cid)
    if w is None:
        c = data().cards[card_kind(cid)]
        if c.type == "goods":
            w = c.units + (0.3 if c.good == "coffee" else 0.0)
        elif c.type == "expansion":
            w = c.units * 1.1
        elif c.type == "bookkeeper":
            w = 0.5 + 1.3 * c.bookkeeping_points
        elif c.type == "diamond_merchant":
            w = 1.2 * c.diamonds + 0.5
        else:
            w = 0.0
        _WORTH[cid] = w
        _SHARE[cid] = c.company if c.type == "share" else ""
    return w


def share_of(cid: str) -> str:
    """The company of a share card, "" for any other card."""
    if cid not in _SHARE:
        card_worth(cid)
    return _SHARE[cid]


class Ctx:
    """What stays fixed while the candidates of one decision are scored."""

    def __init__(self, st: State, seat: int) -> None:
        d = data()
        self.state, self.seat = st, seat  # the decision's state (read only)
        self.supply = supply_size(st)
        self.rl = rounds_left(st)
        self.sides = {c: tracks.side_of(st, c) for c in d.companies}
        self.comps = d.companies
        self.uses = min(self.rl, 6) / 2.5
        self.half = min(1.0, self.rl / 2)  # the weight of what pays off within two rounds
        self.opp_w = OPP_WEIGHT / max(1, st.seats - 1)
        # my move never changes the cards the others own: their share cards, once
        self.theirs = {s: _shares(_public_cards(st, s)) for s in range(st.seats) if s != seat}
        # pure functions of what is fixed here and of their key (see `credits`, `_projections`,
        # `_opp_weights`, `_own_hand`)
        self.credit_rows = {c: _credit_row(side, self.rl) for c, side in self.sides.items()}
        self.projs: dict[tuple[str, int, tuple[int, ...]], float] = {}
        self.opp_rows: dict[int, tuple[dict[str, int], list[float]]] = {}
        self.hands: dict[tuple[str, ...], tuple[float, dict[str, int]]] = {}
        # most candidates leave the bases and my cards as they are: their values, once
        self.bases = {c: Base(list(b.posts), b.reserve) for c, b in st.bases.items()}
        self.proj = [projected_value(st, c, self.rl) for c in self.comps]
        self.proj_of = dict(zip(self.comps, self.proj, strict=True))  # of the decision's state
        p = st.players[seat]
        self.cards = (list(p.hand), [list(pile) for pile in p.piles], list(p.slots))
        self.hand = _cards_value(owned_cards(st, seat))
        self.area_rewards: dict[tuple[str, int], float] = {}  # candidates._reward_score
        #: the last `track_values` asked: (state, seat, steps, rows)
        self.track_rows: tuple[State, int, int, dict[str, list[tuple[float, int]]]] | None = None

    def credit(self, company: str, pos: int) -> float:
        """`share_credit` of a marker at `pos` on the company's track (see `_credit_row`)."""
        row = self.credit_rows[company]
        v = row[pos]
        if v is None:
            v = row[pos] = share_credit(self.sides[company], pos, self.rl)
        return v

    def credits(self, track: dict[str, int]) -> list[float]:
        """`credit` of the markers on `track`, per company in `comps` order."""
        return [self.credit(c, track[c]) for c in self.comps]


def _credit_row(side: TrackSide, rl: float) -> list[float | None]:
    """`share_credit` on `side` per position with `rl` rounds left, filled in as asked: a pure
    function of both, kept per data object."""
    rows = static().credit_rows
    row = rows.get((side.id, rl))
    if row is None:
        row = rows[side.id, rl] = [None] * (side.last_space + 1)
    return row


def _projections(st: State, cx: Ctx) -> list[float]:
    """`projected_value` of every company in `comps` order, kept per decision by the base's
    posts and reserve (all it reads of the state besides the seat count, which a game never
    changes)."""
    if st.bases == cx.bases:
        return cx.proj
    out = []
    projs = cx.projs
    for c in cx.comps:
        b = st.bases[c]
        key = (c, b.reserve, tuple(b.posts))
        v = projs.get(key)
        if v is None:
            v = projs[key] = projected_value(st, c, cx.rl)
        out.append(v)
    return out


def _opp_weights(st: State, s: int, cx: Ctx) -> list[float]:
    """Per company in `comps` order: seat `s`'s share credit + its share cards, what its shares
    are multiplied by. Kept per decision by its track positions (no move of the deciding seat
    moves another seat's markers, and `cx.theirs` holds its share cards)."""
    q = st.players[s]
    got = cx.opp_rows.get(s)
    if got is not None and got[0] == q.track:
        return got[1]
    theirs = cx.theirs[s] if s in cx.theirs else _hand_value(st, s, cx)[1]
    weights = [
        credit + theirs.get(c, 0) for c, credit in zip(cx.comps, cx.credits(q.track), strict=True)
    ]
    if s in cx.theirs:
        cx.opp_rows[s] = (dict(q.track), weights)
    return weights


def _hand_value(st: State, seat: int, cx: Ctx) -> tuple[float, dict[str, int]]:
    """The worth of the cards `seat` owns (all of them for the deciding seat, the visible ones
    for the others) and its share cards per company."""
    return _cards_value(owned_cards(st, seat) if seat == cx.seat else _public_cards(st, seat))


def _own_hand(st: State, cx: Ctx) -> tuple[float, dict[str, int]]:
    """`_hand_value` of the deciding seat, kept per decision by its cards (in their order: the
    worth is a sum of floats). The dict returned is shared: read it only."""
    p = st.players[cx.seat]
    if (p.hand, p.piles, p.slots) == cx.cards:
        return cx.hand
    cards = tuple(owned_cards(st, cx.seat))
    got = cx.hands.get(cards)
    if got is None:
        got = cx.hands[cards] = _cards_value(cards)
    return got


def _shares(cards: Iterable[str]) -> dict[str, int]:
    """Share cards per company among `cards`."""
    shares: dict[str, int] = {}
    for cid in cards:
        co = share_of(cid)
        if co:
            shares[co] = shares.get(co, 0) + 1
    return shares


def _cards_value(cards: Iterable[str]) -> tuple[float, dict[str, int]]:
    shares: dict[str, int] = {}
    total = 0.0
    for cid in cards:
        total += card_worth(cid)
        co = _SHARE[cid]
        if co:
            shares[co] = shares.get(co, 0) + 1
    return total, shares


def evaluate(st: State, seat: int, cx: Ctx | None = None) -> float:
    d = data()
    cx = cx or Ctx(st, seat)
    proj = _projections(st, cx)
    p = st.players[seat]
    worth, mine = _own_hand(st, cx) if seat == cx.seat else _hand_value(st, seat, cx)
    v = float(p.cash)
    for c, credit, pc in zip(cx.comps, cx.credits(p.track), proj, strict=True):
        v += (credit + mine.get(c, 0)) * pc
    ink_values = d.bookkeeping.end_value
    v += d.diamond.end_value[p.diamond] + ink_values[p.ink]
    if cx.rl > 0:
        ahead = p.ink
        while ahead < 13 and (p.books[ahead].tile or p.books[ahead].left_empty):
            ahead += 1
        gain = ink_values[ahead] - ink_values[p.ink]
        v += 0.55 * gain * cx.half
        v += (len(p.unlocked) - 3) * 3.0 * cx.uses
        v += 1.5 * len(p.bonuses) * cx.half
        v += 0.9 * cx.uses * worth
        v += (p.markers + len(p.markers_placed)) * 0.8 * cx.uses
    opp = 0.0
    for s in range(st.seats):
        if s == seat:
            continue
        for w, pc in zip(_opp_weights(st, s, cx), proj, strict=True):
            opp += w * pc
        q = st.players[s]
        opp += q.cash + d.diamond.end_value[q.diamond] + ink_values[q.ink]
    return v - cx.opp_w * opp


def _public_cards(st: State, seat: int) -> list[str]:
    """Another seat's cards this seat can see: its discard piles and action area."""
    p = st.players[seat]
    return [c for pile in p.piles for c in pile] + [s.card for s in p.slots if s.card]


def supply_size(st: State) -> int:
    """The book tiles left in the supplies (hidden from every seat)."""
    return sum(map(len, st.book_supply.values()))


def try_move(st: State, seat: int, move: str, cx: Ctx | None = None) -> float | None:
    """The evaluation after `move` on a copy, None if the move is refused, or if it draws from a
    book supply (an empty display row refilled in the middle of the move): the tiles drawn are
    hidden from the seat, so the move's book picks cannot be known (R194)."""

    def act(sim: State) -> None:
        if move.startswith("k:"):
            books.perform(sim, seat, move)
        else:
            rounds.module_of(move).apply(sim, seat, move)

    return try_action(st, seat, act, cx)


def try_action(
    st: State, seat: int, act: Callable[[State], object], cx: Ctx | None = None
) -> float | None:
    """`try_move` of an action carried out by `act` on the copy."""
    sim = clone(st, seat)
    supply = cx.supply if cx is not None and cx.state is st else supply_size(st)
    try:
        act(sim)
    except IllegalAction:
        return None
    if supply_size(sim) != supply:
        return None
    return evaluate(sim, seat, cx)


def track_values(st: State, seat: int, most: int, cx: Ctx) -> dict[str, list[tuple[float, int]]]:
    """Per company: for k = 0..most steps, (value of my marker there incl. the cash paid or won on
    the way, minimum cash used on the way). Kept per decision: the rows for fewer steps are the
    first rows of more (the goods action asks first, with the most steps). Read them only."""
    kept = cx.track_rows
    if kept is not None and kept[0] is st and kept[1] == seat and kept[2] >= most:
        return {c: rows[: most + 1] for c, rows in kept[3].items()}
    proj = _projections(st, cx)
    out = {c: _track_rows(st, seat, c, most, pc, cx) for c, pc in zip(cx.comps, proj, strict=True)}
    cx.track_rows = (st, seat, most, out)
    return out


def _track_rows(
    st: State, seat: int, c: str, most: int, proj: float, cx: Ctx
) -> list[tuple[float, int]]:
    """The `track_values` rows of company `c` (projected value `proj`): one move of `most`
    steps on a light copy, read after every step."""
    rl = cx.rl
    base_cash = st.players[seat].cash
    if not most:
        return [(cx.credit(c, st.players[seat].track[c]) * proj, 0)]
    sim = tracks.advance_copy(st)
    p = sim.players[seat]
    nb = len(p.bonuses)
    rows = [(cx.credit(c, p.track[c]) * proj, 0)]

    def step() -> None:
        low = max(rows[-1][1], base_cash - p.cash)
        v = cx.credit(c, p.track[c]) * proj + (p.cash - base_cash)
        v += 1.5 * (len(p.bonuses) - nb) * min(1.0, rl / 2)
        rows.append((v, low))

    tracks.advance(sim, seat, c, most, on_step=step)
    return rows
