"""The automatic player's candidate moves of the action phase: complete moves per action (goods,
expand, bookkeeper, bonus markers, diamond merchant), each scored by `evaluation`; `action_move`
picks the best (see player.py)."""

from __future__ import annotations

import functools

from engine.core import IllegalAction
from engine.mombasa import bases, bonus, books, diamonds, expand, goods, names, rounds, tracks
from engine.mombasa import map as geo
from engine.mombasa.bot.evaluation import (
    Ctx,
    card_worth,
    evaluate,
    share_of,
    supply_size,
    track_values,
    try_action,
    try_move,
)
from engine.mombasa.data import data
from engine.mombasa.state import State, card_kind, clone


# ---- goods ----------------------------------------------------------------------------------------
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


def _steps(st: State, seat: int, alloc: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A legal allocation: each track's steps truncated to what it can really move after the
    earlier ones (steps that would be forfeited are simply not allocated, R93)."""
    if not alloc:
        return []
    sim = tracks.advance_copy(st)
    out = []
    for c, k in alloc:
        res = tracks.advance(sim, seat, c, k)
        if res.moved:
            out.append((c, res.moved))
    return out


def goods_moves(st: State, seat: int, cx: Ctx, base: float) -> list[tuple[float, str]]:
    """Every goods selection x purchase pre-scored (the units split over the tracks by
    `_allocate`), the best two tried. A candidate is carried out from the selection, purchase
    and steps found here: `goods._resolve` of its move id gives that very draft (the test
    test_mb_bot_fast checks it), so it is not parsed and checked again."""
    pks = goods.picks(st, seat)
    if not pks:
        return []
    all_units = {tok: goods.plain_units(st, seat, pk) for tok, pk in pks.items()}
    top = max(all_units.values())
    # rows beyond `top` steps are never read (no option leaves more units); 3 serve the
    # majority spaces' question later in the decision
    vals = track_values(st, seat, min(max(top, 3), 18), cx)
    rl = cx.rl
    uses = min(rl - 0.5, 6) / 2.5 if rl > 0.5 else 0.0
    est: list[tuple[float, str, str, list]] = []
    terms: dict[tuple[str, str], tuple[int, int, str]] = {}  # (selection, buy) -> price, left, why
    allocs: dict[int, list[tuple[str, int]]] = {}  # units -> their best split (read only)
    for tok, pk in pks.items():
        options = [("-", all_units[tok], 0.0)] if len(pk.kinds) == 1 else []
        terms[tok, "-"] = (0, all_units[tok], "")
        for sid, (r, c, price, left, why) in goods.buys(st, seat, pk).items():
            cid = st.display[r][c]
            co = share_of(cid)
            worth = 0.9 * uses * card_worth(cid)
            if co:
                worth = cx.proj_of[co]
            options.append((sid, left, worth))
            terms[tok, sid] = (price, left, why)
        # units of other face-up goods stay for a later goods action
        rest = 0.8 * (top - all_units[tok]) if all_units[tok] < top else 0.0
        for sid, left, worth in options:
            alloc = allocs.get(left)
            if alloc is None:
                alloc = allocs[left] = _allocate(vals, left)
            gain = sum(vals[c][k][0] - vals[c][0][0] for c, k in alloc)
            est.append((gain + worth - rest, tok, sid, alloc))
    est.sort(key=lambda t: (-t[0], t[1], t[2]))
    out = []
    for _e, tok, sid, alloc in est[:2]:
        alloc = sorted(alloc, key=lambda ck: (vals[ck[0]][ck[1]][1], ck[0]))  # cheapest first
        steps = _steps(st, seat, alloc)
        draft = goods.Draft(pks[tok], sid, *terms[tok, sid], steps, "")
        v = try_action(st, seat, functools.partial(goods.perform, seat=seat, d=draft), cx)
        if v is not None:
            out.append((v - base, goods_id(draft)))
    return out


def goods_id(draft: goods.Draft) -> str:
    """The move id of a complete goods draft."""
    alloc = "".join(f"{names.code(c)}{n}" for c, n in draft.alloc) or "-"
    return f"g:{draft.pick.token}:{draft.buy}:{alloc}"


# ---- expand ---------------------------------------------------------------------------------------
def _area_score(st: State, seat: int, company: str, t: geo.Target, cx: Ctx) -> float:
    p = st.players[seat]
    v = _reward_score(t.area, p.diamond, cx)
    v -= 1.5 * (t.cost - 1)
    if t.displaces:
        mine = cx.credit(t.displaces, p.track[t.displaces])
        v -= 0.8 * max(0.0, mine)
    return v


def _reward_score(area: str, diamond: int, cx: Ctx) -> float:
    """What the reward of a post into `area` is worth with the diamond marker at `diamond`
    (kept per decision: the chains ask for the same areas again and again)."""
    key = (area, diamond)
    v = cx.area_rewards.get(key)
    if v is None:
        d = data()
        v = 0.0
        for k, n in d.areas[area].reward:
            if k == "pounds":
                v += n
            elif k == "bookkeeping":
                v += 1.4 * n
            elif k == "diamonds":
                v += d.diamond.end_value[min(15, diamond + n)] - d.diamond.end_value[diamond]
            elif k == "track":
                v += 1.2 * n
        cx.area_rewards[key] = v
    return v


def _area_picks(st: State, seat: int, area: str) -> str | None:
    """The book-pick tokens a post into `area` needs: the first book offered at each pick (at
    most 8; None when more are asked for). The picks are those the walk would offer when the
    reward is taken: placing the post and its pounds change neither the books, the book
    display nor the supply (area rewards hold at most one bookkeeping entry)."""
    n = next((k for kind, k in data().areas[area].reward if kind == "bookkeeping"), 0)
    if not n:
        return ""
    plan, done = books.first_picks(st, seat, n, 8)
    return "".join(plan) if done else None


def expand_moves(st: State, seat: int, cx: Ctx, base: float) -> list[tuple[float, str]]:
    """Per company a greedy chain of posts: the best-scored reachable area each time (reward,
    cost, displacement), the base column uncovering most coins, the displaced post on the column
    that hurts me least; every prefix of the chain is a candidate, scored by `evaluate`."""
    out = []
    supply = supply_size(st)
    pts = expand.expansion_value(st, seat)
    if not pts:
        return []  # nothing to expand with (R98)
    for c in expand.companies(st, seat, pts):
        w = expand.Walk(clone(st, seat), seat, c, pts, log=False)
        tokens = ""
        w.run("")
        for _ in range(15):
            if not w.at_area:
                break  # no post possible (or a choice the chain does not make)
            post = _next_post(w.st, seat, c, w.targets, cx)
            if post is None:
                break  # more book picks than a walk is given (R194: not guessed)
            if w.run(post):
                break  # a choice the tokens do not cover (at an area stop `run` gives None)
            tokens += post
            if supply_size(w.st) != supply:
                break  # a hidden book refill: the picks cannot be known (R194)
            out.append((evaluate(w.st, seat, cx) - base, f"x:{names.code(c)}:{tokens}"))
    return out


def post_columns(ws: State, seat: int, c: str, t: geo.Target) -> str:
    """The base-column and displaced-post digits of a post into `t` (when a real choice): the
    column uncovering most coins; the displaced company's column covering fewest coins when the
    seat leads its shares, else most."""
    post = ""
    take = expand.column_classes(ws, c, bases.take_columns(ws, c))
    if len(take) > 1:
        post += str(expand.best_column(ws, c, take) + 1)
    if t.displaces:
        o = t.displaces
        back = expand.column_classes(ws, o, bases.return_columns(ws, o))
        if len(back) > 1:
            mine = tracks.shares(ws, seat, o)
            theirs = max(tracks.shares(ws, s, o) for s in range(ws.seats) if s != seat)
            sign = 1 if mine >= theirs else -1
            col = min(back, key=lambda k: (sign * bases.coins_covered_by_return(ws, o, k), k))
            post += str(col + 1)
    return post


def _next_post(ws: State, seat: int, c: str, targets: dict[str, geo.Target], cx: Ctx) -> str | None:
    """The tokens of the next post of the chain: the best-scored area (every target is offered
    at an area stop), the base column, the displaced post's column and the book picks."""
    t = max(targets.values(), key=lambda t: (_area_score(ws, seat, c, t, cx), -t.cost, t.area))
    post = geo.area_token(t.area) + post_columns(ws, seat, c, t)
    picks = _area_picks(ws, seat, t.area)
    return None if picks is None else post + picks


# ---- bookkeeper -------------------------------------------------------------------------------------
def _book_pick(st: State, seat: int, n: int) -> list[str]:
    """Tokens for `n` bookkeeping points: the first book offered at each pick (at most 8)."""
    return books.first_picks(st, seat, n, 8)[0]


def bookkeeper_moves(st: State, seat: int, cx: Ctx, base: float) -> list[tuple[float, str]]:
    out = []
    for slot in books.bookkeeper_slots(st, seat):
        n = books.card_points(st, seat, slot)
        picks = _book_pick(st, seat, n)
        sim = clone(st, seat)
        supply = supply_size(sim)
        try:
            books.bookkeeping_points(sim, seat, n, picks)
        except IllegalAction:
            continue
        if supply_size(sim) != supply:
            continue
        targets = [t for t, _, _ in books.ink_targets(sim, seat)] or [sim.players[seat].ink]
        for t in targets[-3:]:
            move = f"k:{slot}:{''.join(picks)}:{t}"
            need = (
                books.reward_points(books.stop_reward(sim, seat, t))
                if t != sim.players[seat].ink
                else 0
            )
            if need:
                trial = clone(sim, seat)
                books.ink_move_prefix(trial, seat, t)
                rp = _book_pick(trial, seat, need)
                if rp:
                    move += ":" + "".join(rp)
            v = try_move(st, seat, move, cx)
            if v is not None:
                out.append((v - base, move))
        break  # one bookkeeper at a time: the first face-up one
    return out


# ---- bonus markers ------------------------------------------------------------------------------------
def bonus_moves(st: State, seat: int, cx: Ctx, base: float) -> list[tuple[float, str]]:
    """Every free space with its best arguments pre-scored; the best four tried. A candidate
    is built from the arguments and book picks the state offers, so it is carried out without
    checking its id again (the test test_mb_bot_fast checks that `apply` accepts each one).

    A tile space is not tried: `evaluate` does not value a held tile (only its use) and counts
    placed markers with the others, so taking a tile scores exactly the current position, a
    gain of 0 that `action_move` never chooses (test_mb_bot_fast checks the score)."""
    out = []
    for _pre, move in bonus_candidates(st, seat, cx)[:4]:
        parts = bonus.split_move(move)
        if bonus.space_kind(st, parts[0])[0] == "tile":
            continue
        sid, arg, plan = parts
        act = functools.partial(bonus.perform, seat=seat, sid=sid, arg=arg, plan=plan)
        v = try_action(st, seat, act, cx)
        if v is not None:
            out.append((v - base, move))
    return out


def bonus_candidates(st: State, seat: int, cx: Ctx) -> list[tuple[float, str]]:
    """(pre-score, move) of every free space with its best arguments, best first."""
    pending: list[tuple[float, str]] = []
    args = _BonusArgs(st, seat, cx)
    plans: dict[int, list[str]] = {}  # book picks per number of points: the same for every space
    for sid in bonus.space_ids(st):
        if bonus.why_not(st, seat, sid):
            continue
        kind, pair = bonus.space_kind(st, sid)
        opts = args.options(sid, kind, pair)
        points = bonus.gives_points(kind, pair)
        for arg, pre in args.best(sid, kind, pair, opts):
            head = f"b:{sid}:{arg}" if arg else f"b:{sid}"
            n = bonus.points(st, sid, arg)[0] if points and (arg or opts is None) else 0
            if n and n not in plans:
                plans[n] = _book_pick(st, seat, n)
            pending.append((pre, head + "/" + "/".join(plans[n]) if n and plans[n] else head))
    pending.sort(key=lambda t: (-t[0], t[1]))
    return pending


class _BonusArgs:
    """The arguments of a bonus space worth trying, with their pre-scores."""

    def __init__(self, st: State, seat: int, cx: Ctx) -> None:
        self.st, self.seat, self.cx = st, seat, cx
        rl = cx.rl
        self.uses = min(rl - 0.5, 6) / 2.5 if rl > 0.5 else 0.0
        self.vals: dict[str, list[tuple[float, int]]] | None = None  # track_values, when asked
        self.worths: dict[str, float] = {}  # display space -> the worth of its card
        self.prices: dict[str, tuple[int, int, int]] = {}  # of the last buy space's cards

    def options(self, sid: str, kind: str, pair: str) -> list[str] | None:
        """`bonus.arg_tokens` of the space; a buy space's cards keep their place and price."""
        if kind == "buy" or pair == bonus.C2:
            cards = bonus.buy_options(self.st, self.seat, sid)
            self.prices = {t: (r, c, price) for t, r, c, price in cards}
            return [*self.prices, "-"]
        return bonus.arg_tokens(self.st, self.seat, sid)

    def best(
        self, sid: str, kind: str, pair: str, opts: list[str] | None
    ) -> list[tuple[str, float]]:
        """(argument, pre-score) of the arguments to try on `sid`, best first ("" = none)."""
        if opts is None:
            return [("", 2.0)]
        if kind == "majority":
            gains = [(t, self._majority_gain(t)) for t in opts]
            return sorted(gains, key=lambda tg: -tg[1])[:1]
        if kind == "buy" or pair == bonus.C2:
            keys = {t: self._buy_key(t) for t in opts}
            extra = 1.5 if pair == bonus.C2 else 0.0
            return [(t, keys[t] + extra) for t in sorted(opts, key=lambda t: (-keys[t], t))[:2]]
        if kind == "sell" or pair == bonus.D1:
            keys = {t: self._sell_key(t) for t in opts}
            return [(t, keys[t]) for t in sorted(opts, key=lambda t: (-keys[t], t))[:1]]
        return [(t, 2.0) for t in opts[:6]]

    def _majority_gain(self, token: str) -> float:
        if self.vals is None:
            self.vals = track_values(self.st, self.seat, 3, self.cx)
        rows = self.vals[names.company_of(token)]
        return rows[-1][0] - rows[0][0]

    def _worth(self, cid: str) -> float:
        """What having card `cid` is worth: a share card its company's projected value."""
        co = share_of(cid)
        return self.cx.proj_of[co] if co else 0.9 * self.uses * card_worth(cid)

    def _buy_key(self, token: str) -> float:
        """The worth of the card on display space `token` less its price from the current buy
        space (`options`); 0 for buying nothing."""
        if token == "-":
            return 0.0
        r, col, price = self.prices[token]
        w = self.worths.get(token)  # the same card for the BUY and C2 spaces
        if w is None:
            w = self.worths[token] = self._worth(self.st.display[r][col])
        return w - price

    def _sell_key(self, token: str) -> float:
        cid = next(c for c in self.st.players[self.seat].hand if card_kind(c) == token)
        return data().cards[token].crate - self._worth(cid)


# ---- the action phase -----------------------------------------------------------------------------
def action_move(st: State, seat: int) -> str:
    """The best candidate of every action (in the rules' order: goods, expand, bookkeeper,
    diamond merchant, bonus marker) if it gains anything, else pass. An action's candidates are
    empty exactly when the rules offer no such action (`rounds.action_offers`), so the offers'
    menus are not built: no goods card face up gives no selection, no expansion value or no
    reachable area no company, no bookkeeper no slot, and with a marker left no free space no
    bonus candidate."""
    cx = Ctx(st, seat)
    base = evaluate(st, seat, cx)
    cands = goods_moves(st, seat, cx, base)
    cands += expand_moves(st, seat, cx, base)
    cands += bookkeeper_moves(st, seat, cx, base)
    for slot in diamonds.merchant_slots(st, seat):
        v = try_move(st, seat, f"d:{slot}", cx)
        if v is not None:
            cands.append((v - base, f"d:{slot}"))
    if bonus.available_markers(st, seat) >= 1:
        cands += bonus_moves(st, seat, cx, base)
    if not cands:
        return rounds.PASS
    gain, move = max(cands, key=lambda t: (t[0], t[1]))
    return move if gain > 0.05 else rounds.PASS
