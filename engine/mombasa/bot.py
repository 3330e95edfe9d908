"""The heuristic automatic player of Mombasa (R189, R194).

It decides from its own seat's knowledge only (R194): every decision starts from `_seen(st,
seat)`, a copy of the state in which everything the seat cannot see (other hands, the deck order,
the book supplies, other seats' unrevealed plans and tile faces, the starting tiles dealt to
others) is replaced by a canonical arrangement that depends only on what the seat sees. Moves are
then tried on copies of that state and the resulting positions are scored by `evaluate`, a cheap
estimate of the seat's final score: cash + shares x projected share value (part credit for the
way to the next share icon) + diamond / bookkeeping track values + the potential of books placed
ahead of the ink jar, unlocked slots, track bonuses and owned cards; minus a part of what the
opponents' shares gain.

* starting tile: the face that locks the fewest units into the discard piles;
* planning: greedy, card by card, by the marginal worth of the plan (goods of one kind together,
  expansion when a company is worth expanding, bookkeepers and diamond merchants when they pay;
  share cards are never planned); a held tile shows the face the plan uses most;
* action: complete candidate moves per action, each applied to a copy and scored (goods: every
  selection x purchase pre-scored, the units split over the tracks by a small knapsack over
  per-track values, the best two tried; expand: per company a greedy chain of posts, every prefix
  a candidate; bookkeeper: book picks for the first face-up bookkeeper, the farthest ink
  targets; bonus markers: every free space with its best arguments pre-scored, the best four
  tried; diamond merchant: as offered); the best move if it gains anything, else pass. A move
  that would draw from a hidden book supply (an empty display row refilled mid-move) is never
  chosen: its book picks cannot be known from the seat's view;
* discard pile: the one whose cards are worth most.

Deterministic: no randomness is needed at all (the rng is accepted for the interface).
"""

from __future__ import annotations

import msgspec

from engine.core import IllegalAction
from engine.mombasa import bases, books, expand, goods, planning, prompts, rounds, tracks
from engine.mombasa.data import data
from engine.mombasa.scoring import owned_cards
from engine.mombasa.state import Plan, StartDeal, State, card_kind
from engine.rng import Rng

#: share-value growth per remaining round assumed for every company (capped at 15)
GROWTH = 0.45
#: weight of the opponents' share gains (relative play)
OPP_WEIGHT = 0.5


# ---- R194: the state as this seat knows it --------------------------------------------------------
def _copy(st: State) -> State:
    return msgspec.json.decode(msgspec.json.encode(st), type=State)


def _seen(st: State, seat: int) -> State:
    """A copy in which all the seat cannot see is canonical (a function of what it sees): the
    cards hidden from it (deck + other hands) are redistributed in sorted order within each card
    letter, the book supplies sorted, others' plans emptied, the rng reset."""
    new = _copy(st)
    d = data()
    others = [s for s in range(new.seats) if s != seat]
    places: dict[str, list[tuple[int, int]]] = {}
    for i, cid in enumerate(new.deck):
        places.setdefault(d.cards[card_kind(cid)].letter, []).append((-1, i))
    for s in others:
        for i, cid in enumerate(new.players[s].hand):
            places.setdefault(d.cards[card_kind(cid)].letter, []).append((s, i))
    for spots in places.values():
        cards = sorted(new.deck[i] if h < 0 else new.players[h].hand[i] for h, i in spots)
        for (h, i), cid in zip(spots, cards, strict=True):
            if h < 0:
                new.deck[i] = cid
            else:
                new.players[h].hand[i] = cid
    for pile in new.book_supply.values():
        pile.sort()
    for s in others:
        p = new.players[s]
        if p.plan.confirmed:
            p.plan = Plan(confirmed=True)
    if new.phase == "start_tiles":
        mine = {t.tile for t in new.players[seat].start_deal}
        pool = sorted(t.tile for t in d.start_tiles if t.tile not in mine)
        for s in others:
            p = new.players[s]
            p.start_deal = [StartDeal(pool.pop(0), "a") for _ in range(2)]
            if p.start_choice >= 0:
                p.start_choice = 0
    new.rng = Rng.from_seed(0)
    return new


# ---- evaluation ---------------------------------------------------------------------------------
def _rounds_left(st: State) -> float:
    """Rounds still to play after this one, plus a half for the rest of this one."""
    left = data().rounds - st.round
    return left + (0.5 if st.phase in ("planning", "action") else 0.0)


def _projected(st: State, company: str, rl: float) -> float:
    sv = bases.share_value(st, company)
    room = 15 - sv
    if not bases.posts_available(st, company):
        room = 0
    return sv + min(room, GROWTH * rl * (1 + 0.25 * (st.seats - 2)))


def _shares(side, pos: int, rl: float) -> float:
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


def _share_of(cid: str) -> str:
    if cid not in _SHARE:
        card_worth(cid)
    return _SHARE[cid]


class Ctx:
    """What stays fixed while the candidates of one decision are scored."""

    def __init__(self, st: State, seat: int) -> None:
        d = data()
        self.seat = seat
        self.rl = _rounds_left(st)
        self.sides = {c: tracks.side_of(st, c) for c in d.companies}
        self.comps = d.companies
        self.uses = min(self.rl, 6) / 2.5
        self.opp_w = OPP_WEIGHT / max(1, st.seats - 1)
        # my move never changes the cards the others own: their share cards, once
        self.theirs = {s: _hand_value(st, s, self)[1] for s in range(st.seats) if s != seat}


def _hand_value(st: State, seat: int, cx: Ctx) -> tuple[float, dict[str, int]]:
    shares: dict[str, int] = {}
    total = 0.0
    for cid in owned_cards(st, seat) if seat == cx.seat else _public_cards(st, seat):
        total += card_worth(cid)
        co = _SHARE[cid]
        if co:
            shares[co] = shares.get(co, 0) + 1
    return total, shares


def evaluate(st: State, seat: int, cx: Ctx | None = None) -> float:
    d = data()
    cx = cx or Ctx(st, seat)
    rl = cx.rl
    proj = {c: _projected(st, c, rl) for c in cx.comps}
    p = st.players[seat]
    worth, mine = _hand_value(st, seat, cx)
    v = float(p.cash)
    for c in cx.comps:
        v += (_shares(cx.sides[c], p.track[c], rl) + mine.get(c, 0)) * proj[c]
    v += d.diamond.end_value[p.diamond] + d.bookkeeping.end_value[p.ink]
    if rl > 0:
        ahead = p.ink
        while ahead < 13 and (p.books[ahead].tile or p.books[ahead].left_empty):
            ahead += 1
        gain = d.bookkeeping.end_value[ahead] - d.bookkeeping.end_value[p.ink]
        v += 0.55 * gain * min(1.0, rl / 2)
        v += (len(p.unlocked) - 3) * 3.0 * cx.uses
        v += 1.5 * len(p.bonuses) * min(1.0, rl / 2)
        v += 0.9 * cx.uses * worth
        v += (p.markers + len(p.markers_placed)) * 0.8 * cx.uses
    opp = 0.0
    for s in range(st.seats):
        if s == seat:
            continue
        q = st.players[s]
        theirs = cx.theirs[s] if s in cx.theirs else _hand_value(st, s, cx)[1]
        for c in cx.comps:
            opp += (_shares(cx.sides[c], q.track[c], rl) + theirs.get(c, 0)) * proj[c]
        opp += q.cash + d.diamond.end_value[q.diamond] + d.bookkeeping.end_value[q.ink]
    return v - cx.opp_w * opp


def _public_cards(st: State, seat: int) -> list[str]:
    """Another seat's cards this seat can see: its discard piles and action area."""
    p = st.players[seat]
    return [c for pile in p.piles for c in pile] + [s.card for s in p.slots if s.card]


def _try(st: State, seat: int, move: str, cx: Ctx | None = None) -> float | None:
    """The evaluation after `move` on a copy, None if the move is refused, or if it draws from a
    book supply (an empty display row refilled in the middle of the move): the tiles drawn are
    hidden from the seat, so the move's book picks cannot be known (R194)."""
    sim = _copy(st)
    supply = sum(len(v) for v in st.book_supply.values())
    try:
        if move.startswith("k:"):
            books._perform(sim, seat, move)
        else:
            rounds.module_of(move).apply(sim, seat, move)
    except IllegalAction:
        return None
    if sum(len(v) for v in sim.book_supply.values()) != supply:
        return None
    return evaluate(sim, seat, cx)


# ---- goods ----------------------------------------------------------------------------------------
def _track_values(st: State, seat: int, most: int, cx: Ctx) -> dict[str, list[tuple[float, int]]]:
    """Per company: for k = 0..most steps, (value of my marker there incl. the cash paid or won on
    the way, minimum cash used on the way)."""
    out = {}
    rl = cx.rl
    base_cash = st.players[seat].cash
    for c in cx.comps:
        proj = _projected(st, c, rl)
        side = cx.sides[c]
        sim = _copy(st) if most else st
        p = sim.players[seat]
        nb = len(p.bonuses)
        rows = [(_shares(side, p.track[c], rl) * proj, 0)]
        low = 0
        for _k in range(most):
            res = tracks.advance(sim, seat, c, 1)
            if res.moved < 1:
                break
            low = max(low, base_cash - p.cash)
            v = _shares(side, p.track[c], rl) * proj + (p.cash - base_cash)
            v += 1.5 * (len(p.bonuses) - nb) * min(1.0, rl / 2)
            rows.append((v, low))
        out[c] = rows
    return out


def _allocate(vals: dict[str, list[tuple[float, int]]], units: int) -> list[tuple[str, int]]:
    """Knapsack: the split of `units` over the tracks maximising the sum of value gains."""
    best: dict[int, tuple[float, list[tuple[str, int]]]] = {0: (0.0, [])}
    for c, rows in vals.items():
        base = rows[0][0]
        nxt: dict[int, tuple[float, list[tuple[str, int]]]] = {}
        for used, (v, alloc) in best.items():
            for k in range(0, min(len(rows) - 1, units - used) + 1):
                g = v + rows[k][0] - base
                key = used + k
                if key not in nxt or g > nxt[key][0] + 1e-9:
                    nxt[key] = (g, [*alloc, (c, k)] if k else alloc)
        best = nxt
    return max(best.values(), key=lambda t: t[0])[1]


def _alloc_id(st: State, seat: int, alloc: list[tuple[str, int]]) -> str:
    """A legal allocation string: each track's steps truncated to what it can really move after
    the earlier ones (steps that would be forfeited are simply not allocated, R93)."""
    if not alloc:
        return "-"
    sim = _copy(st)
    parts = []
    for c, k in alloc:
        res = tracks.advance(sim, seat, c, k)
        if res.moved:
            parts.append(f"{_code(c)}{res.moved}")
    return "".join(parts) or "-"


def _code(company: str) -> str:
    from engine.mombasa import names

    return names.code(company)


def goods_moves(st: State, seat: int, cx: Ctx, base: float) -> list[tuple[float, str]]:
    pks = goods.picks(st, seat)
    if not pks:
        return []
    all_units = {tok: goods.plain_units(st, seat, pk) for tok, pk in pks.items()}
    top = max(all_units.values())
    vals = _track_values(st, seat, min(top + 2, 18), cx)
    rl = cx.rl
    uses = min(rl - 0.5, 6) / 2.5 if rl > 0.5 else 0.0
    est: list[tuple[float, str, str, list]] = []
    for tok, pk in pks.items():
        options = [("-", all_units[tok], 0.0)] if len(pk.kinds) == 1 else []
        for sid, (r, c, _price, left, _why) in goods.buys(st, seat, pk).items():
            cid = st.display[r][c]
            co = _share_of(cid)
            worth = 0.9 * uses * card_worth(cid)
            if co:
                worth = _projected(st, co, rl)
            options.append((sid, left, worth))
        # units of other face-up goods stay for a later goods action
        rest = 0.8 * (top - all_units[tok]) if all_units[tok] < top else 0.0
        for sid, left, worth in options:
            alloc = _allocate(vals, left)
            gain = sum(vals[c][k][0] - vals[c][0][0] for c, k in alloc)
            est.append((gain + worth - rest, tok, sid, alloc))
    est.sort(key=lambda t: (-t[0], t[1], t[2]))
    out = []
    for _e, tok, sid, alloc in est[:2]:
        alloc = sorted(alloc, key=lambda ck: (vals[ck[0]][ck[1]][1], ck[0]))  # cheapest first
        move = f"g:{tok}:{sid}:{_alloc_id(st, seat, alloc)}"
        v = _try(st, seat, move, cx)
        if v is not None:
            out.append((v - base, move))
    return out


# ---- expand ---------------------------------------------------------------------------------------
def _area_score(st: State, seat: int, company: str, t, cx: Ctx) -> float:
    d = data()
    p = st.players[seat]
    v = 0.0
    for k, n in d.areas[t.area].reward:
        if k == "pounds":
            v += n
        elif k == "bookkeeping":
            v += 1.4 * n
        elif k == "diamonds":
            v += d.diamond.end_value[min(15, p.diamond + n)] - d.diamond.end_value[p.diamond]
        elif k == "track":
            v += 1.2 * n
    v -= 1.5 * (t.cost - 1)
    if t.displaces:
        mine = _shares(cx.sides[t.displaces], p.track[t.displaces], cx.rl)
        v -= 0.8 * max(0.0, mine)
    return v


def _walk_state(w, snap: State, points: int, placed: int) -> None:
    w.st, w.points, w.placed, w.events = _copy(snap), points, placed, []


def expand_moves(st: State, seat: int, cx: Ctx, base: float) -> list[tuple[float, str]]:
    """Per company a greedy chain of posts: the best-scored reachable area each time (reward,
    cost, displacement), the base column uncovering most coins, the displaced post on the column
    that hurts me least; every prefix of the chain is a candidate, scored by `evaluate`."""
    from engine.mombasa import map as geo

    out = []
    supply = sum(len(v) for v in st.book_supply.values())
    for c in expand.companies(st, seat):
        w = expand._Walk(_copy(st), seat, c)
        opts = w.feed("")
        tokens = ""
        for _ in range(15):
            if not opts or not w.at_area:
                break
            ws = w.st
            targets = geo.legal_targets(ws, c, w.points)
            offered = {o.token for o in opts}
            cands = [t for t in targets.values() if geo.area_token(t.area) in offered]
            if not cands:
                break
            t = max(cands, key=lambda t: (_area_score(ws, seat, c, t, cx), -t.cost, t.area))
            post = geo.area_token(t.area)
            take = expand._classes(ws, c, bases.take_columns(ws, c))
            if len(take) > 1:
                col = max(
                    take,
                    key=lambda k: (
                        bases.coins_uncovered_by_take(ws, c, k),
                        -ws.bases[c].posts[k],
                        -k,
                    ),
                )
                post += str(col + 1)
            if t.displaces:
                o = t.displaces
                back = expand._classes(ws, o, bases.return_columns(ws, o))
                if len(back) > 1:
                    mine = tracks.shares(ws, seat, o)
                    theirs = max(tracks.shares(ws, s, o) for s in range(ws.seats) if s != seat)
                    sign = 1 if mine >= theirs else -1
                    col = min(
                        back, key=lambda k: (sign * bases.coins_covered_by_return(ws, o, k), k)
                    )
                    post += str(col + 1)
            snap, pts, placed = _copy(ws), w.points, w.placed
            opts = w.feed(post)
            guard = 0
            while opts and not w.at_area and guard < 8:  # book picks of a bookkeeping reward
                guard += 1
                post += opts[0].token
                _walk_state(w, snap, pts, placed)
                opts = w.feed(post)
            if opts and not w.at_area:
                break
            tokens += post
            if sum(len(v) for v in w.st.book_supply.values()) != supply:
                break  # a hidden book refill: the picks cannot be known (R194)
            out.append((evaluate(w.st, seat, cx) - base, f"x:{_code(c)}:{tokens}"))
    return out


# ---- bookkeeper -------------------------------------------------------------------------------------
def _book_pick(st: State, seat: int, n: int, plan: list[str]) -> list[str]:
    """Tokens for `n` bookkeeping points: a book whose requirement the action area meets (the
    ink jar can then enter it for free), the richest reward first."""
    for _ in range(8):
        more = books.point_steps(st, seat, n, plan)
        if not more:
            return plan
        plan = [*plan, more[0].id]
    return plan


def bookkeeper_moves(st: State, seat: int, cx: Ctx, base: float) -> list[tuple[float, str]]:
    out = []
    for slot in books.bookkeeper_slots(st, seat):
        n = books._card_points(st, seat, slot)
        picks = _book_pick(st, seat, n, [])
        sim = _copy(st)
        supply = sum(len(v) for v in sim.book_supply.values())
        try:
            books.bookkeeping_points(sim, seat, n, picks)
        except IllegalAction:
            continue
        if sum(len(v) for v in sim.book_supply.values()) != supply:
            continue
        targets = [t for t, _, _ in books.ink_targets(sim, seat)] or [sim.players[seat].ink]
        for t in targets[-3:]:
            move = f"k:{slot}:{''.join(picks)}:{t}"
            need = (
                books._reward_points(books._stop_reward(sim, seat, t))
                if t != sim.players[seat].ink
                else 0
            )
            if need:
                trial = _copy(sim)
                books._ink_move_prefix(trial, seat, t)
                rp = _book_pick(trial, seat, need, [])
                if rp:
                    move += ":" + "".join(rp)
            v = _try(st, seat, move, cx)
            if v is not None:
                out.append((v - base, move))
        break  # one bookkeeper at a time: the first face-up one
    return out


# ---- bonus markers ------------------------------------------------------------------------------------
def bonus_moves(st: State, seat: int, cx: Ctx, base: float) -> list[tuple[float, str]]:
    from engine.mombasa import bonus

    out = []
    p = st.players[seat]
    rl = cx.rl
    uses = min(rl - 0.5, 6) / 2.5 if rl > 0.5 else 0.0
    vals = None
    pending: list[tuple[float, str]] = []
    for sid in bonus.space_ids(st):
        if bonus.why_not(st, seat, sid):
            continue
        opts = bonus.args(st, seat, sid)
        args: list[str]
        ex = bonus._extra(st, sid)
        kind = "" if ex else data().bonus_spaces[sid].kind
        pair = ex[2].pair if ex else ""
        if opts is None:
            args = [""]
        else:
            toks = [t for t, _ in opts]
            if kind == "majority":
                if vals is None:
                    vals = _track_values(st, seat, 3, cx)
                toks = sorted(
                    toks, key=lambda t: -(vals[_company(t)][-1][0] - vals[_company(t)][0][0])
                )[:1]
            elif kind == "buy" or pair == bonus.C2:

                def buy_key(t: str, sid: str = sid) -> float:
                    if t == "-":
                        return 0.0
                    r, col = _space(t)
                    cid = st.display[r][col]
                    co = _share_of(cid)
                    w = _projected(st, co, rl) if co else 0.9 * uses * card_worth(cid)
                    return w - bonus._buy_price(st, sid, r, col)

                toks = sorted(toks, key=lambda t: (-buy_key(t), t))[:2]
            elif kind == "sell" or pair == bonus.D1:

                def sell_key(t: str) -> float:
                    cid = next(c for c in p.hand if card_kind(c) == t)
                    co = _share_of(cid)
                    keep = _projected(st, co, rl) if co else 0.9 * uses * card_worth(cid)
                    return data().cards[t].crate - keep

                toks = sorted(toks, key=lambda t: (-sell_key(t), t))[:1]
            else:
                toks = toks[:6]
            args = toks
        for arg in args:
            head = f"b:{sid}" + (f":{arg}" if arg else "")
            n, _ = bonus.points(st, sid, arg) if (arg or opts is None) else (0, 0)
            plan = _book_pick(st, seat, n, []) if n else []
            move = head + "".join(f"/{t}" for t in plan)
            pre = 2.0
            if kind == "majority" and vals is not None:
                pre = vals[_company(arg)][-1][0] - vals[_company(arg)][0][0]
            elif kind == "buy" or pair == bonus.C2:
                pre = buy_key(arg) + (1.5 if pair == bonus.C2 else 0.0)
            elif kind == "sell" or pair == bonus.D1:
                pre = sell_key(arg)
            pending.append((pre, move))
    pending.sort(key=lambda t: (-t[0], t[1]))
    for _pre, move in pending[:4]:
        v = _try(st, seat, move, cx)
        if v is not None:
            out.append((v - base, move))
    return out


def _company(code: str) -> str:
    from engine.mombasa import names

    return names.company_of(code)


def _space(tok: str) -> tuple[int, int]:
    from engine.mombasa import display

    return display.parse_space(tok)


# ---- the action phase -----------------------------------------------------------------------------
def action_move(st: State, seat: int) -> str:
    cx = Ctx(st, seat)
    base = evaluate(st, seat, cx)
    top = rounds.action_offers(st, seat)
    cands: list[tuple[float, str]] = []
    for o in top:
        if o.id == "g":
            cands += goods_moves(st, seat, cx, base)
        elif o.id == "x":
            cands += expand_moves(st, seat, cx, base)
        elif o.id == "b":
            cands += bonus_moves(st, seat, cx, base)
        elif o.id.startswith("k:"):
            if not any(m.startswith("k:") for _, m in cands):
                cands += bookkeeper_moves(st, seat, cx, base)
        elif not o.step:
            v = _try(st, seat, o.id, cx)
            if v is not None:
                cands.append((v - base, o.id))
    if not cands:
        return rounds.PASS
    gain, move = max(cands, key=lambda t: (t[0], t[1]))
    return move if gain > 0.05 else rounds.PASS


# ---- planning -------------------------------------------------------------------------------------
def _plan_value(st: State, seat: int, cards: list[str], tile_face: tuple[str, int] | None) -> float:
    d = data()
    p = st.players[seat]
    rl = _rounds_left(st)
    units: dict[str, int] = {}
    exp = 0
    bk: list[int] = []
    dia = 0
    v = 0.0
    for cid in cards:
        c = d.cards[card_kind(cid)]
        if c.type == "goods":
            units[c.good] = units.get(c.good, 0) + c.units
            if c.good == "cotton":
                units[c.good] += goods.cotton_plus(st, seat)
        elif c.type == "expansion":
            exp += c.units
        elif c.type == "bookkeeper":
            bk.append(c.bookkeeping_points)
        elif c.type == "diamond_merchant":
            dia += c.diamonds
        else:
            v -= 5
    if tile_face:
        kind, n = tile_face
        if kind == "expansion":
            exp += n
        else:
            units[kind] = units.get(kind, 0) + n
    for g, u in units.items():
        v += 1.6 * u + 0.35 * max(0, u - 2) + (0.3 * u if g == "coffee" else 0.0)
    if exp:
        best = max(
            (
                sum(1 for c2 in d.companies if bases.posts_available(st, c2))
                and max(tracks.shares(st, seat, c2) for c2 in d.companies)
            ),
            0,
        )
        v += 1.5 * exp + 0.3 * best + 1.0
    for i, n in enumerate(sorted(bk, reverse=True)):
        v += (0.8 + 1.8 * n) * (0.6 if i else 1.0)
        if i == 0 and n == 0 and books.ink_targets(st, seat):
            v += 1.0
    if dia:
        pos = p.diamond
        end = min(15, pos + dia)
        v += d.diamond.end_value[end] - d.diamond.end_value[pos] + 0.5 * dia
        if pos < 5 <= end and 1 not in p.unlocked and rl > 1:
            v += 4
    return v


def plan_move(st: State, seat: int) -> str:
    hand = planning.sorted_hand(st, seat)
    p = st.players[seat]
    slots = sorted(p.unlocked)
    tile = rounds.tile_to_place(st, seat)
    faces = data().bonus_tiles[tile].faces if tile else [None]
    best = None
    for k, face in enumerate(faces):
        chosen: list[int] = []
        cur = _plan_value(st, seat, [], face)
        while len(chosen) < len(slots):
            pick, pv = None, cur
            for i, cid in enumerate(hand):
                if i in chosen:
                    continue
                v = _plan_value(st, seat, [hand[j] for j in chosen] + [cid], face)
                if v > pv + 1e-9:
                    pick, pv = i, v
            if pick is None:
                break
            chosen.append(pick)
            cur = pv
        key = (cur, -k)
        if best is None or key > best[0]:
            best = (key, chosen, k if tile else -1)
    _, chosen, face_k = best
    chosen.sort()
    dr = planning.Draft(slots=dict(zip(slots, chosen, strict=False)), face=face_k)
    return planning.encode(st, seat, dr)


# ---- the other decisions ----------------------------------------------------------------------------
def start_move(st: State, seat: int) -> str:
    d = data()
    best = 0
    best_v = None
    for i, deal in enumerate(st.players[seat].start_deal):
        tile = next(t for t in d.start_tiles if t.tile == deal.tile)
        face = tile.faces[deal.face]
        locked = sum(card_worth(c) for c in face.lock)
        v = -locked
        if best_v is None or v > best_v + 1e-9:
            best, best_v = i, v
    return f"start:{best}"


def pile_move(st: State, seat: int) -> str:
    piles = st.players[seat].piles
    return f"pile:{max(range(1, 6), key=lambda n: (sum(card_worth(c) for c in piles[n - 1]), -n))}"


def choose(st: State, seat: int, rng: Rng) -> str:
    """The automatic player's complete move for `seat` (which must be deciding now)."""
    del rng  # the heuristic is deterministic
    if prompts.choices(st, seat, ()) is None:
        raise IllegalAction("It is not this seat's decision.")
    seen = _seen(st, seat)
    if seen.phase == "start_tiles":
        return start_move(seen, seat)
    if seen.phase == "planning":
        return plan_move(seen, seat)
    if seen.phase == "preparation":
        return pile_move(seen, seat)
    return action_move(seen, seat)
