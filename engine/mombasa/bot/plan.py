"""The automatic player's plan: greedy, card by card, by the marginal worth of the plan (see player.py)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.mombasa import bases, books, goods, planning, rounds, tracks
from engine.mombasa.bot.evaluation import rounds_left
from engine.mombasa.data import CardDef, data
from engine.mombasa.state import State, card_kind


@dataclass
class _Seat:
    """What the worth of a plan reads of the state: fixed while one plan is chosen."""

    st: State
    seat: int
    cotton_plus: int
    diamond: int
    slot_1_locked: bool
    rl: float
    #: the expansion term and whether the ink jar can move now, computed when first asked
    best_shares: int | None = None
    ink_moves: bool | None = None

    @staticmethod
    def of(st: State, seat: int) -> _Seat:
        p = st.players[seat]
        return _Seat(
            st, seat, goods.cotton_plus(st, seat), p.diamond, 1 not in p.unlocked, rounds_left(st)
        )

    def best(self) -> int:
        """The most track shares in any company, 0 when no company can expand any more."""
        if self.best_shares is None:
            st, d = self.st, data()
            self.best_shares = max(
                (
                    sum(1 for c2 in d.companies if bases.posts_available(st, c2))
                    and max(tracks.shares(st, self.seat, c2) for c2 in d.companies)
                ),
                0,
            )
        return self.best_shares

    def ink(self) -> bool:
        if self.ink_moves is None:
            self.ink_moves = bool(books.ink_targets(self.st, self.seat))
        return self.ink_moves


def _plan_value(me: _Seat, cards: list[CardDef], tile_face: tuple[str, int] | None) -> float:
    d = data()
    units: dict[str, int] = {}
    exp = 0
    bk: list[int] = []
    dia = 0
    v = 0.0
    for c in cards:
        if c.type == "goods":
            units[c.good] = units.get(c.good, 0) + c.units
            if c.good == "cotton":
                units[c.good] += me.cotton_plus
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
        v += 1.5 * exp + 0.3 * me.best() + 1.0
    for i, n in enumerate(sorted(bk, reverse=True)):
        v += (0.8 + 1.8 * n) * (0.6 if i else 1.0)
        if i == 0 and n == 0 and me.ink():
            v += 1.0
    if dia:
        pos = me.diamond
        end = min(15, pos + dia)
        v += d.diamond.end_value[end] - d.diamond.end_value[pos] + 0.5 * dia
        if pos < 5 <= end and me.slot_1_locked and me.rl > 1:
            v += 4
    return v


def plan_move(st: State, seat: int) -> str:
    hand = planning.sorted_hand(st, seat)
    cards = [data().cards[card_kind(cid)] for cid in hand]
    me = _Seat.of(st, seat)
    p = st.players[seat]
    slots = sorted(p.unlocked)
    tile = rounds.tile_to_place(st, seat)
    faces = data().bonus_tiles[tile].faces if tile else [None]
    best = None
    for k, face in enumerate(faces):
        chosen: list[int] = []
        cur = _plan_value(me, [], face)
        while len(chosen) < len(slots):
            pick, pv = None, cur
            for i, c in enumerate(cards):
                if i in chosen:
                    continue
                v = _plan_value(me, [cards[j] for j in chosen] + [c], face)
                if v > pv + 1e-9:
                    pick, pv = i, v
            if pick is None:
                break
            chosen.append(pick)
            cur = pv
        key = (cur, -k)
        if best is None or key > best[0]:
            best = (key, chosen, k if tile else -1)
    assert best is not None  # `faces` holds at least one entry
    _, chosen, face_k = best
    chosen.sort()
    dr = planning.Draft(slots=dict(zip(slots, chosen, strict=False)), face=face_k)
    return planning.encode(st, seat, dr)
