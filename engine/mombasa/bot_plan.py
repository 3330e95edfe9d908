"""The automatic player's plan: greedy, card by card, by the marginal worth of the plan (see bot.py)."""

from __future__ import annotations

from engine.mombasa import bases, books, goods, planning, rounds, tracks
from engine.mombasa.bot_eval import rounds_left
from engine.mombasa.data import data
from engine.mombasa.state import State, card_kind


def _plan_value(st: State, seat: int, cards: list[str], tile_face: tuple[str, int] | None) -> float:
    d = data()
    p = st.players[seat]
    rl = rounds_left(st)
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
