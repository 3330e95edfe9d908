"""The automatic player's plain versions, as they were before their fast paths: the evaluation
without its per-decision memos; the bonus-marker candidates without their shared book picks and
argument keys, the picks asked for pick by pick; the expand chains walked through the menus'
options, starting a post again from a copy when its reward asks for book picks; the track values
a step at a time; the action phase's candidates asked for per action the rules offer.
tests/engine/mombasa/test_mb_bot_fast.py checks the fast ones against these."""

from __future__ import annotations

from engine.mombasa import bonus, books, display, expand, names, tracks
from engine.mombasa import map as geo
from engine.mombasa.bot.candidates import _area_score
from engine.mombasa.bot.candidates import post_columns as _columns
from engine.mombasa.bot.evaluation import (
    Ctx,
    _hand_value,
    card_worth,
    projected_value,
    share_credit,
    share_of,
)
from engine.mombasa.data import data
from engine.mombasa.state import State, card_kind, clone


def evaluate(st: State, seat: int, cx: Ctx) -> float:
    d = data()
    rl = cx.rl
    proj = {c: projected_value(st, c, rl) for c in cx.comps}
    p = st.players[seat]
    worth, mine = _hand_value(st, seat, cx)
    v = float(p.cash)
    for c in cx.comps:
        v += (share_credit(cx.sides[c], p.track[c], rl) + mine.get(c, 0)) * proj[c]
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
            opp += (share_credit(cx.sides[c], q.track[c], rl) + theirs.get(c, 0)) * proj[c]
        opp += q.cash + d.diamond.end_value[q.diamond] + d.bookkeeping.end_value[q.ink]
    return v - cx.opp_w * opp


def _book_pick(st: State, seat: int, n: int, plan: list[str]) -> list[str]:
    """The first book offered at each pick, asking `point_steps` again for every pick."""
    for _ in range(8):
        more = books.point_steps(st, seat, n, plan)
        if not more:
            return plan
        plan = [*plan, more[0].id]
    return plan


def track_values(st: State, seat: int, most: int, cx: Ctx) -> dict[str, list[tuple[float, int]]]:
    """Per company: for k = 0..most steps, (value of the marker there incl. the cash paid or won
    on the way, minimum cash used on the way), one `advance` per step."""
    out = {}
    rl = cx.rl
    base_cash = st.players[seat].cash
    for c in cx.comps:
        proj = projected_value(st, c, rl)
        side = cx.sides[c]
        sim = tracks.advance_copy(st) if most else st
        p = sim.players[seat]
        nb = len(p.bonuses)
        rows = [(share_credit(side, p.track[c], rl) * proj, 0)]
        low = 0
        for _k in range(most):
            res = tracks.advance(sim, seat, c, 1)
            if res.moved < 1:
                break
            low = max(low, base_cash - p.cash)
            v = share_credit(side, p.track[c], rl) * proj + (p.cash - base_cash)
            v += 1.5 * (len(p.bonuses) - nb) * min(1.0, rl / 2)
            rows.append((v, low))
        out[c] = rows
    return out


def bonus_candidates(st: State, seat: int, cx: Ctx) -> list[tuple[float, str]]:
    """The pre-scored bonus-marker moves, sorted, before the best four are tried."""
    p = st.players[seat]
    rl = cx.rl
    uses = min(rl - 0.5, 6) / 2.5 if rl > 0.5 else 0.0
    vals = None
    pending: list[tuple[float, str]] = []
    for sid in bonus.space_ids(st):
        if bonus.why_not(st, seat, sid):
            continue
        opts = bonus.arg_tokens(st, seat, sid)
        ex = bonus.extra_space_of(st, sid)
        kind = "" if ex else data().bonus_spaces[sid].kind
        pair = ex[2].pair if ex else ""

        def buy_key(t: str, sid: str = sid) -> float:
            if t == "-":
                return 0.0
            r, col = display.parse_space(t)
            cid = st.display[r][col]
            co = share_of(cid)
            w = projected_value(st, co, rl) if co else 0.9 * uses * card_worth(cid)
            return w - bonus.buy_price(st, sid, r, col)

        def sell_key(t: str) -> float:
            cid = next(c for c in p.hand if card_kind(c) == t)
            co = share_of(cid)
            keep = projected_value(st, co, rl) if co else 0.9 * uses * card_worth(cid)
            return data().cards[t].crate - keep

        if opts is None:
            args = [""]
        elif kind == "majority":
            if vals is None:
                vals = track_values(st, seat, 3, cx)
            v = vals
            args = sorted(
                opts,
                key=lambda t: -(v[names.company_of(t)][-1][0] - v[names.company_of(t)][0][0]),
            )[:1]
        elif kind == "buy" or pair == bonus.C2:
            args = sorted(opts, key=lambda t: (-buy_key(t), t))[:2]
        elif kind == "sell" or pair == bonus.D1:
            args = sorted(opts, key=lambda t: (-sell_key(t), t))[:1]
        else:
            args = opts[:6]
        for arg in args:
            head = f"b:{sid}" + (f":{arg}" if arg else "")
            n, _ = bonus.points(st, sid, arg) if (arg or opts is None) else (0, 0)
            plan = _book_pick(st, seat, n, []) if n else []
            move = head + "".join(f"/{t}" for t in plan)
            pre = 2.0
            if kind == "majority" and vals is not None:
                pre = vals[names.company_of(arg)][-1][0] - vals[names.company_of(arg)][0][0]
            elif kind == "buy" or pair == bonus.C2:
                pre = buy_key(arg) + (1.5 if pair == bonus.C2 else 0.0)
            elif kind == "sell" or pair == bonus.D1:
                pre = sell_key(arg)
            pending.append((pre, move))
    pending.sort(key=lambda t: (-t[0], t[1]))
    return pending


def expand_moves(st: State, seat: int, cx: Ctx, base: float) -> list[tuple[float, str]]:
    """The expand candidates: per company the greedy chain of posts, fed to the walk through
    its options; a post whose reward asks for book picks starts again from a copy with the
    first pick offered added."""
    out = []
    supply = sum(len(v) for v in st.book_supply.values())
    for c in expand.companies(st, seat):
        w = expand.Walk(clone(st), seat, c)
        opts = w.feed("")
        tokens = ""
        for _ in range(15):
            if not opts or not w.at_area:
                break
            ws = w.st
            offered = {o.token for o in opts}
            cands = [t for t in w.targets.values() if geo.area_token(t.area) in offered]
            if not cands:
                break
            t = max(cands, key=lambda t: (_area_score(ws, seat, c, t, cx), -t.cost, t.area))
            post = geo.area_token(t.area) + _columns(ws, seat, c, t)
            snap, pts, placed = clone(ws), w.points, w.placed
            opts = w.feed(post)
            guard = 0
            while opts and not w.at_area and guard < 8:  # book picks of a bookkeeping reward
                guard += 1
                post += opts[0].token
                w.st, w.points, w.placed, w.events, w.at_area = clone(snap), pts, placed, [], False
                opts = w.feed(post)
            if opts and not w.at_area:
                break
            tokens += post
            if sum(len(v) for v in w.st.book_supply.values()) != supply:
                break
            out.append((evaluate(w.st, seat, cx) - base, f"x:{names.code(c)}:{tokens}"))
    return out


def action_move(st: State, seat: int) -> str:
    """The best candidate of the actions `rounds.action_offers` lists, if it gains anything."""
    from engine.mombasa import rounds
    from engine.mombasa.bot import candidates as bot_moves
    from engine.mombasa.bot.evaluation import try_move

    cx = Ctx(st, seat)
    base = evaluate(st, seat, cx)
    cands: list[tuple[float, str]] = []
    for o in rounds.action_offers(st, seat):
        if o.id == "g":
            cands += bot_moves.goods_moves(st, seat, cx, base)
        elif o.id == "x":
            cands += bot_moves.expand_moves(st, seat, cx, base)
        elif o.id == "b":
            cands += bot_moves.bonus_moves(st, seat, cx, base)
        elif o.id.startswith("k:"):
            if not any(m.startswith("k:") for _, m in cands):
                cands += bot_moves.bookkeeper_moves(st, seat, cx, base)
        elif not o.step:
            v = try_move(st, seat, o.id, cx)
            if v is not None:
                cands.append((v - base, o.id))
    if not cands:
        return rounds.PASS
    gain, move = max(cands, key=lambda t: (t[0], t[1]))
    return move if gain > 0.05 else rounds.PASS
