"""Use goods cards (spec section 10.1, R86-R97) with the permanent track bonuses that affect it
(R35-R41, R95, R96, R203), and `units()` of section 9.2 (R29-R31, R40, R41, R80, R85).

Move ids (cumulative: every step id extends the previous one):
  ``g:<goods>:<buy>:<alloc>``
  * goods: action-slot numbers ascending, then ``t`` for the bonus tile (``13t``);
  * buy: a display space ``r<row>c<col>`` (1-based) or ``-`` for no purchase;
  * alloc: the tracks in the order they move, ``<code><steps>`` each (``C2M3`` = 2 on Cape Town,
    then 3 on Mombasa), or ``-`` for none. Each track at most once; steps >= 1 and never more
    than the marker can actually move at that point (steps that would be forfeited are simply not
    allocated -- the outcome is identical, R93).
Step ids: ``g`` (offer), ``g:pg<n>`` (goods page n), ``g:<goods>``, ``g:<goods>:<buy>``,
``g:<goods>:<buy>:<alloc>`` and, when the allocation menu is too long for one list,
``g:<goods>:<buy>:<alloc><code>`` (track chosen, amount next). Equal goods selections (same good,
same units, card or tile) are offered once, with the lowest slots.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.core import Choice, Event, IllegalAction
from engine.mombasa import names
from engine.mombasa.data import data
from engine.mombasa.display import (  # re-exported: the shared sub-effects live in display.py
    buy_from_display,
    card_price,
    card_text,
    modifier,
    move_event,
    move_label,
    parse_space,
    refill_display,
    sell_from_hand,
    space_name,
)
from engine.mombasa.goods_picks import (
    PAIR_BANANA,
    PAIR_COTTON,
    PAIR_EXPANSION,
    Pick,
    buys,
    can_buy,
    cotton_plus,
    goods_items,
    level,
    picks,
    plain_units,
    purchase,
    units,
)
from engine.mombasa.state import State, card_kind, clone, turn_down
from engine.mombasa.tracks import advance, advance_copy

__all__ = [
    "Draft",
    "PAIR_BANANA",
    "PAIR_COTTON",
    "PAIR_EXPANSION",
    "Pick",
    "apply",
    "buy_from_display",
    "buys",
    "card_price",
    "cotton_plus",
    "level",
    "offers",
    "perform",
    "picks",
    "plain_units",
    "prepare_display",
    "purchase",
    "refill_display",
    "sell_from_hand",
    "steps",
    "units",
]  # the names of the parts, re-exported
MENU = 25
_ALLOC = re.compile(r"([A-Z])(\d+)")

#: rounds.py may know the display refill under its stub name.
prepare_display = refill_display


# ---- parsing and the allocation ----------------------------------------------------------------
def _parse_alloc(text: str) -> tuple[list[tuple[str, int]], str]:
    """'C2M3' -> ([('cape_town', 2), ('mombasa', 3)], ''); a trailing bare code is a chosen track."""
    pending = ""
    if text and text[-1].isalpha():
        text, pending = text[:-1], names.company_of(text[-1])
    out, pos = [], 0
    for m in _ALLOC.finditer(text):
        if m.start() != pos:
            raise IllegalAction(f"Bad track allocation {text!r}.")
        out.append((names.company_of(m[1]), int(m[2])))
        pos = m.end()
    if pos != len(text):
        raise IllegalAction(f"Bad track allocation {text!r}: write it like C2M3.")
    return out, pending


def _alloc_str(alloc: list[tuple[str, int]]) -> str:
    return "".join(f"{names.code(c)}{n}" for c, n in alloc)


@dataclass
class Draft:
    pick: Pick
    buy: str  # space id or "-"
    price: int
    left: int  # units after the purchase
    why: str
    alloc: list[tuple[str, int]]
    pending: str  # company chosen, amount not yet


def _resolve(st: State, seat: int, gtok: str, btok: str | None, atok: str | None) -> Draft:
    """Validate the parts of a (partial) move; IllegalAction if the menus cannot build it."""
    pk = picks(st, seat).get(gtok)
    if pk is None:
        raise IllegalAction(
            "Choose face-up goods cards of one good (mixed goods need the goods discount and a purchase)."
        )
    draft = Draft(pk, "", 0, plain_units(st, seat, pk), "", [], "")
    if btok is None:
        return draft
    if btok == "-":
        if len(pk.kinds) > 1:
            raise IllegalAction("Mixed goods may only be used to buy a card (R94).")
        draft.buy = "-"
    else:
        opts = buys(st, seat, pk)
        if btok not in opts:
            raise IllegalAction("You cannot buy that card with these goods.")
        _, _, draft.price, draft.left, draft.why = opts[btok]
        draft.buy = btok
    if atok is None or atok == "-":
        return draft
    alloc, pending = _parse_alloc(atok)
    sim = advance_copy(st)
    used, remaining = set(), draft.left
    for comp, n in alloc:
        if comp in used or n < 1:
            raise IllegalAction("Give each track at least 1 step, and each track only once.")
        res = advance(sim, seat, comp, n)
        if n > remaining or res.moved < n:
            raise IllegalAction(
                f"{names.company(comp)} cannot take {n} steps there (units left or movement blocked)."
            )
        used.add(comp)
        remaining -= n
    if pending in used:
        raise IllegalAction("That track already has its steps.")
    draft.alloc, draft.pending = alloc, pending
    return draft


def _split(move: str) -> tuple[str, str | None, str | None]:
    parts = move.split(":")
    if parts[0] != "g" or not 2 <= len(parts) <= 4 or not parts[1]:
        raise IllegalAction("That is not a goods move.")
    return parts[1], (parts[2] if len(parts) > 2 else None), (parts[3] if len(parts) > 3 else None)


def _cut(label: str) -> str:
    return label if len(label) <= 100 else label[:99] + "…"


# ---- the action-module interface ---------------------------------------------------------------
def offers(st: State, seat: int) -> list[Choice]:
    items = goods_items(st, seat)
    if not items:
        return []
    tot: dict[str, int] = {}
    for _, (g, u) in items:
        tot[g] = tot.get(g, 0) + u
    what = ", ".join(f"{names.plural(u, 'unit')} of {g}" for g, u in tot.items())
    return [Choice("g", f"Use goods cards ({what} face up)", group="Goods", step=True)]


def _pick_label(st: State, seat: int, pk: Pick, has_buy: bool) -> str:
    kinds = "/".join(sorted(pk.kinds))
    total = plain_units(st, seat, pk)
    bonus = total - pk.base
    extra = f", incl. +{bonus} cotton bonus" if bonus else ""
    txt = f"{kinds.capitalize()}: {pk.text()} = {names.plural(total, 'unit')}{extra}"
    if len(pk.kinds) > 1:
        txt = f"Mixed goods to buy a card: {pk.text()} = {pk.base} units"
    elif not has_buy:
        txt += " (no card affordable: all to tracks)"
    return _cut(txt)


def _alloc_menu(st: State, seat: int, d: Draft, prefix: str) -> list[Choice]:
    sim = clone(st)
    for comp, n in d.alloc:
        advance(sim, seat, comp, n)
    remaining = d.left - sum(n for _, n in d.alloc)
    used = {c for c, _ in d.alloc}
    free = [c for c in data().companies if c not in used]
    reach = {c: advance(clone(sim), seat, c, remaining).moved if remaining else 0 for c in free}
    base = prefix + _alloc_str(d.alloc)

    def amount(comp: str, k: int) -> Choice:
        res = advance(clone(sim), seat, comp, k)
        last = k == remaining or len(free) == 1
        tail = (
            ""
            if k == remaining
            else (f"; {remaining - k} lost" if last else f"; {remaining - k} left")
        )
        return Choice(
            f"{base}{names.code(comp)}{k}",
            _cut(f"{move_label(st, res)}{tail}"),
            "Goods",
            step=not last,
        )

    if d.pending:
        if not reach.get(d.pending):
            raise IllegalAction(f"{names.company(d.pending)} cannot move now.")
        return [amount(d.pending, k) for k in range(1, reach[d.pending] + 1)]
    done_lbl = "Done" + (
        f": {names.plural(remaining, 'unit')} not used (lost)" if remaining else ": all units used"
    )
    done = Choice(base if d.alloc else base + "-", done_lbl, "Goods")
    if sum(reach.values()) + 1 <= MENU:
        return [amount(c, k) for c in free for k in range(1, reach[c] + 1)] + [done]
    out = [
        Choice(
            f"{base}{names.code(c)}",
            _cut(f"{names.company(c)}: up to {reach[c]} steps"),
            "Goods",
            step=True,
        )
        for c in free
        if reach[c]
    ]
    return out + [done]


def _buy_nothing(st: State, seat: int, gtok: str, left: int, room: int) -> list[Choice]:
    """ "Buy nothing" on the purchase menu: the track choices it leads to, listed there at once
    under that heading when they fit in `room` (one press fewer), else the step to them."""
    label = f"Buy nothing: {left} units for the tracks"
    tracks = _alloc_menu(st, seat, _resolve(st, seat, gtok, "-", None), f"g:{gtok}:-:")
    if len(tracks) <= room:
        return [Choice(c.id, c.label, _cut(label), c.step) for c in tracks]
    return [Choice(f"g:{gtok}:-", label, "Goods", step=True)]


def steps(st: State, seat: int, path: tuple[str, ...]) -> list[Choice]:
    if not path or path[0] != "g":
        raise IllegalAction("That menu is not available now.")
    rest = list(path[1:])
    page = 1
    while rest and rest[0].startswith("g:pg"):
        page = int(rest.pop(0)[4:] or 0)
    if not rest:
        opts = []
        for tok, pk in picks(st, seat).items():
            has_buy = can_buy(st, seat, pk)
            cid = f"g:{tok}" if has_buy else f"g:{tok}:-"
            opts.append(Choice(cid, _pick_label(st, seat, pk, has_buy), "Goods", step=True))
        if len(opts) <= MENU:
            return opts
        per = MENU - 1
        chunk = opts[(page - 1) * per : page * per]
        if page * per < len(opts):
            chunk.append(Choice(f"g:pg{page + 1}", "More goods choices…", "Goods", step=True))
        return chunk
    last = rest[-1]
    if any(not last.startswith(e) for e in rest):
        raise IllegalAction("That menu is not available now.")
    gtok, btok, atok = _split(last)
    d = _resolve(st, seat, gtok, btok, atok)
    if btok is None:
        opts = [
            Choice(
                f"g:{gtok}:{sid}",
                _cut(
                    f"Buy {card_text(st.display[r][c])} at {space_name(r, c)} for {price} units"
                    f"{f' ({why})' if why else ''}: {left} left for tracks"
                ),
                "Goods",
                step=True,
            )
            for sid, (r, c, price, left, why) in buys(st, seat, d.pick).items()
        ]
        if len(d.pick.kinds) == 1:
            opts += _buy_nothing(st, seat, gtok, d.left, MENU - len(opts))
        return opts
    if atok is not None and atok == "-":
        raise IllegalAction("That move is complete.")
    return _alloc_menu(st, seat, d, f"g:{gtok}:{btok}:")


def apply(st: State, seat: int, move: str) -> list[Event]:
    gtok, btok, atok = _split(move)
    if btok is None or atok is None:
        raise IllegalAction("Finish the goods move: goods, purchase and track allocation.")
    d = _resolve(st, seat, gtok, btok, atok)
    if d.pending:
        raise IllegalAction("Choose how many steps go to that track.")
    return perform(st, seat, d)


def perform(st: State, seat: int, d: Draft) -> list[Event]:
    """Carry out a complete goods move as `_resolve` gives it (valid, nothing pending)."""
    p = st.players[seat]
    dd = data()
    used = [f"{card_text(p.slots[s - 1].card)} in slot {s}" for s in d.pick.slots]
    for s in d.pick.slots:
        turn_down(p, s)
    if d.pick.tile:
        p.tile_face_up = False
        used.append(f"the tile ({d.pick.tile[1]} {d.pick.tile[0]})")
    who = names.player(st, seat)
    events = [Event(f"{who} uses goods: {', '.join(used)} ({names.plural(d.pick.base, 'unit')}).")]
    if d.buy != "-":
        r, c = parse_space(d.buy)
        events += buy_from_display(st, seat, r, c, d.price, in_goods=True)
        if d.why:
            crate = dd.cards[card_kind(p.hand[-1])].crate
            events.append(
                Event(f"Price: crate {crate} {modifier(c):+d} with the {d.why} = {d.price} units.")
            )
    for comp, n in d.alloc:
        res = advance(st, seat, comp, n)
        events.append(Event(move_event(st, res)))
    lost = d.left - sum(n for _, n in d.alloc)
    if lost:
        events.append(Event(f"{who} leaves {names.plural(lost, 'unit')} unused (lost)."))
    return events
