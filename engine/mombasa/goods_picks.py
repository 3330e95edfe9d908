"""Goods units (section 9.2: R29-R31, R40, R41, R80, R85) and the goods selections of a goods
action with the purchases each allows (R86-R97, R203)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from engine.mombasa.data import data
from engine.mombasa.display import (  # re-exported: the shared sub-effects live in display.py
    card_price,
    occupied_spaces,
    space_id,
)
from engine.mombasa.state import State, card_kind
from engine.mombasa.tracks import active_bonus_level, company_with_pair
from engine.mombasa.view_static import memo, static

PAIR_EXPANSION = "expansion_value"
PAIR_BANANA = "banana_then_any_goods_discount"
PAIR_COTTON = "cotton_discount_then_cotton_plus1"


def level(st: State, seat: int, pair: str) -> int:
    """The ACTIVE level (0/1/2) of `seat`'s bonus pair `pair`, wherever that pair lies (R25, R85)."""
    comp = company_with_pair(st, pair)
    return active_bonus_level(st, seat, comp) if comp else 0


def _raw(pair: str, lvl: int) -> dict:
    return data().bonuses[pair][lvl - 1].raw


def cotton_plus(st: State, seat: int) -> int:
    """Units added per cotton CARD by the active cotton bonus (R40, R41), else 0."""
    lvl = level(st, seat, PAIR_COTTON)
    return int(_raw(PAIR_COTTON, lvl).get("cotton_units_per_card_plus", 0)) if lvl else 0


def units(st: State, seat: int, kind: str) -> int:
    """Section 9.2: units of `kind` in `seat`'s action area -- face-up AND face-down cards (R80),
    the tile face, +1 per cotton card with the active cotton bonus (R40, R41), the active
    expansion bonus only with >= 1 expansion card (R29-R31). Pending bonuses never count (R85)."""
    d = data()
    p = st.players[seat]
    total = ncards = 0
    kept = static().card_units
    for sc in p.slots:
        if sc.card:
            unit, n = kept.get(sc.card) or memo(kept, sc.card, _card_units)
            if unit == kind:
                total += n
                ncards += 1
    if p.tile and p.tile_in_area and p.tile_face >= 0:
        t_kind, t_units = d.bonus_tiles[p.tile].faces[p.tile_face]
        if t_kind == kind:
            total += t_units
    if kind == "cotton":
        total += cotton_plus(st, seat) * ncards
    if kind == "expansion" and ncards:
        lvl = level(st, seat, PAIR_EXPANSION)
        if lvl:
            total += int(_raw(PAIR_EXPANSION, lvl).get("expansion_value_plus", 0))
    return total


def _card_units(cid: str) -> tuple[str, int]:
    """The unit type a card counts for and its units (kept per data object by card id)."""
    cd = data().cards[card_kind(cid)]
    return cd.unit_type, cd.units


# ---- goods selections --------------------------------------------------------------------------
@dataclass(frozen=True)
class Pick:
    """One goods selection: slot numbers, tile or not, and what they show. Its derived values
    are computed once, when it is made (every purchase and menu asks for them)."""

    slots: tuple[int, ...]
    goods: tuple[tuple[str, int], ...]  # (good, units) per chosen card, slot order
    tile: tuple[str, int] | None
    token: str = field(init=False, compare=False, repr=False)
    kinds: frozenset[str] = field(init=False, compare=False, repr=False)
    base: int = field(init=False, compare=False, repr=False)  # units without bonuses
    cottons: int = field(init=False, compare=False, repr=False)  # cotton cards

    def __post_init__(self) -> None:
        tile = self.tile
        derived = {
            "token": "".join(str(s) for s in self.slots) + ("t" if tile else ""),
            "kinds": frozenset({g for g, _ in self.goods} | ({tile[0]} if tile else set())),
            "base": sum(u for _, u in self.goods) + (tile[1] if tile else 0),
            "cottons": sum(1 for g, _ in self.goods if g == "cotton"),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)  # frozen: set once, here

    def cotton_cards(self) -> int:
        return self.cottons

    def text(self) -> str:
        parts = [f"slot {s}" for s in self.slots] + (["tile"] if self.tile else [])
        return "+".join(parts)


def goods_items(st: State, seat: int) -> list[tuple[int, tuple[str, int]]]:
    """Face-up goods cards (slot number, (good, units)) and a face-up goods-face tile (slot 0)."""
    d = data()
    p = st.players[seat]
    out = []
    for i, sc in enumerate(p.slots):
        if sc.card and sc.face_up:
            cd = d.cards[card_kind(sc.card)]
            if cd.type == "goods":
                out.append((i + 1, (cd.good, cd.units)))
    if p.tile and p.tile_in_area and p.tile_face_up and p.tile_face >= 0:
        face = d.bonus_tiles[p.tile].faces[p.tile_face]
        if face[0] in d.goods_types:
            out.append((0, face))
    return out


def plain_units(st: State, seat: int, pick: Pick) -> int:
    """Units of a selection without a purchase (R88): the cotton bonus applies."""
    return pick.base + cotton_plus(st, seat) * pick.cotton_cards()


def purchase(st: State, seat: int, pick: Pick, row: int, col: int) -> tuple[int, int, str]:
    """(price in units, units left, why) for buying display card (row, col) with `pick`
    (R90, R95, R96, R203). Units left < 0 means not affordable."""
    return _purchase(st, _Terms.of(st, seat), pick, row, col)


@dataclass(frozen=True)
class _Terms:
    """The seat's active banana and cotton bonus levels and cotton units per card: what
    `purchase` reads of the seat, read once for every display space it is asked about."""

    ban: int
    cot: int
    cotton_plus: int

    @staticmethod
    def of(st: State, seat: int) -> _Terms:
        return _Terms(
            level(st, seat, PAIR_BANANA), level(st, seat, PAIR_COTTON), cotton_plus(st, seat)
        )


def _purchase(st: State, t: _Terms, pick: Pick, row: int, col: int) -> tuple[int, int, str]:
    ban, cot = t.ban, t.cot
    kinds, has_card = pick.kinds, bool(pick.goods)
    plus = t.cotton_plus * pick.cotton_cards()
    disc, why = 0, ""
    if ban >= 2 and has_card:
        disc, why = int(_raw(PAIR_BANANA, 2).get("card_price_minus", 1)), "goods discount"
    elif ban == 1 and kinds == {"bananas"} and has_card:
        disc, why = int(_raw(PAIR_BANANA, 1).get("card_price_minus", 1)), "banana discount"
    if cot and kinds == {"cotton"} and has_card:
        minus = int(_raw(PAIR_COTTON, 1).get("card_price_minus", 1))
        with_disc = pick.base - card_price(st, row, col, minus)
        if cot == 1:
            return card_price(st, row, col, minus), with_disc, "cotton discount"
        with_plus = pick.base + plus - card_price(st, row, col, 0)
        if with_plus >= with_disc:  # R96: the one leaving more units; the second on a tie
            return card_price(st, row, col, 0), with_plus, "cotton +1 per card"
        return card_price(st, row, col, minus), with_disc, "cotton discount"
    price = card_price(st, row, col, disc)
    return price, pick.base + plus - price, why


def picks(st: State, seat: int) -> dict[str, Pick]:
    """The goods selections offered, in menu order: per good the largest first; mixed ones (R37,
    R94: goods discount active, and only if some card is then affordable) last."""
    items = goods_items(st, seat)
    mixed_ok = level(st, seat, PAIR_BANANA) >= 2 and bool(
        _raw(PAIR_BANANA, 2).get("allow_mixed_goods_for_purchase")
    )
    seen: dict[tuple, Pick] = {}
    for n in range(len(items), 0, -1):
        for combo in combinations(items, n):
            if not mixed_ok and len({f[0] for _, f in combo}) > 1:
                continue  # mixed goods (the pick's kinds), not allowed
            cards = tuple((s, f) for s, f in combo if s)
            tile = next((f for s, f in combo if not s), None)
            pick = Pick(tuple(s for s, _ in cards), tuple(f for _, f in cards), tile)
            if len(pick.kinds) > 1 and (not mixed_ok or not can_buy(st, seat, pick)):
                continue
            key = (tuple(sorted(pick.goods)), tile)
            seen.setdefault(key, pick)
    goods = data().goods_types
    order = sorted(
        seen.values(),
        key=lambda pk: (
            len(pk.kinds) > 1,
            goods.index(min(pk.kinds, key=goods.index)),
            -plain_units(st, seat, pk),
            pk.token,
        ),
    )
    return {pk.token: pk for pk in order}


def buys(st: State, seat: int, pick: Pick) -> dict[str, tuple[int, int, int, int, str]]:
    """Affordable purchases: space id -> (row, col, price, units left, why)."""
    terms = _Terms.of(st, seat)
    out = {}
    for r, c in occupied_spaces(st):
        price, left, why = _purchase(st, terms, pick, r, c)
        if left >= 0:
            out[space_id(r, c)] = (r, c, price, left, why)
    return out


def can_buy(st: State, seat: int, pick: Pick) -> bool:
    """`bool(buys(st, seat, pick))`, stopping at the first affordable card."""
    terms = _Terms.of(st, seat)
    return any(_purchase(st, terms, pick, r, c)[1] >= 0 for r, c in occupied_spaces(st))
