"""Place one bonus marker: the board bonus spaces (spec section 10.5, R130-R141) and the extra
bonus spaces on C/D tracks (section 11.5, R19-R28, R42-R52, R139, R149, R150), with the marker
bonus of A2 (R32-R34, R204) and the section 25 rulings R186, R188, R200.

Move ids: ``b:<space>[:<arg>][/<book token>...]``. `space` is a board space id (``MAJ_BAN``,
``TILE_1``, ``BUY``, ``SELL``, ``STUDY``) or ``X<company code><0|1>`` for an extra track space
(``XC0`` = the first extra space on Cape Town's track). `arg`:
  * majority: the company code of the track that moves 3 (``b:MAJ_COF:K``);
  * BUY / C2: a display space ``r1c2`` or ``-`` (buy nothing);
  * SELL / D1: the data id of the hand card (``b:SELL:S_BAN1``; unique within a hand);
  * C1 first space: ``1`` (1 point + 2 diamonds) or ``2`` (2 points + 1 diamond);
  * D2: the company codes in the order they move (``b:XK0:MC``; 3 codes on the second space).
Book tokens are `books.point_steps` tokens, one per bookkeeping point that needs a pick. Step
ids are the cumulative prefixes (``b``, ``b:STUDY``, ``b:XC0:1/2``); ``b:pg<n>`` pages a menu.

`Player.markers` = markers available to place now (placing moves one into `markers_placed`;
rounds.py gives them back in the preparation phase, R140).
"""

from __future__ import annotations

from itertools import permutations

import msgspec

from engine.core import Choice, Event, IllegalAction
from engine.mombasa import books, diamonds, goods, names
from engine.mombasa.data import BonusDef, data
from engine.mombasa.display import (
    advance_text,
    buy_from_display,
    card_price,
    card_text,
    hand_card,
    move_event,
    move_label,
    occupied_spaces,
    parse_space,
    sell_from_hand,
    space_id,
    space_name,
)
from engine.mombasa.state import State, card_kind, extra_space_id
from engine.mombasa.tracks import active_bonus_level, advance, company_with_pair, side_of

GROUP = "Bonus marker"
MENU = 25
PAIR_MARKERS = "extra_bonus_markers"
C1, C2, D1, D2 = (
    "pay_for_books_and_diamonds",
    "buy_card_with_pounds_and_or_diamonds",
    "sell_card_from_hand",
    "pay1_advance_other_tracks",
)
_ORD = ("1st", "2nd")


# ---- markers (R32-R34, R141, R204) ------------------------------------------------------------
def available_markers(st: State, seat: int) -> int:
    return st.players[seat].markers


def on_bonus_activated(st: State, seat: int, company: str, index: int) -> list[Event]:
    """R204: a marker bonus takes its markers out of the box when it becomes active; the second
    gives 2 in total, never 1 + 2 (R32). Idempotent: it tops up to the active level's total."""
    if side_of(st, company).bonus_pair != PAIR_MARKERS:
        return []
    p = st.players[seat]
    lvl = active_bonus_level(st, seat, company)
    target = (
        int(data().bonuses[PAIR_MARKERS][lvl - 1].raw.get("bonus_markers_plus", 0)) if lvl else 0
    )
    gain = min(max(0, target - p.marker_bonus), p.markers_in_box)
    if not gain:
        return []
    p.markers += gain
    p.markers_in_box -= gain
    p.marker_bonus += gain
    return [
        Event(
            f"{names.player(st, seat)} takes {names.plural(gain, 'more bonus marker')} from the box (marker bonus)."
        )
    ]


# ---- spaces -------------------------------------------------------------------------------------
def _extra(st: State, sid: str) -> tuple[str, int, BonusDef] | None:
    """(company, index, bonus definition) of an extra-space id ``X<code><i>``, else None."""
    if len(sid) != 3 or sid[0] != "X" or sid[2] not in "01" or sid[1] not in names.COMPANY_OF_CODE:
        return None
    comp, idx = names.company_of(sid[1]), int(sid[2])
    side = side_of(st, comp)
    if side.family != "extra_spaces":
        return None
    return comp, idx, data().bonuses[side.bonus_pair][idx]


def _state_id(st: State, sid: str) -> str:
    ex = _extra(st, sid)
    return extra_space_id(ex[0], ex[1]) if ex else sid


def space_ids(st: State) -> list[str]:
    out = list(data().bonus_spaces)
    for comp in data().companies:
        if side_of(st, comp).family == "extra_spaces":
            out += [f"X{names.code(comp)}0", f"X{names.code(comp)}1"]
    return out


def space_title(st: State, sid: str) -> str:
    ex = _extra(st, sid)
    if ex:
        comp, idx, _ = ex
        return f"{_ORD[idx]} extra space on {names.company(comp)}'s track ({side_of(st, comp).id})"
    sp = data().bonus_spaces[sid]
    if sp.kind == "majority":
        return f"{sp.measure} majority"
    if sp.kind == "tile":
        return f"tile space {sp.tile}"
    return f"{sp.kind} space"  # "buy space", "sell space", "study space"


def _sell_cards(st: State, seat: int, coffee_only: bool) -> list[str]:
    d = data()
    return [
        c
        for c in st.players[seat].hand
        if not coffee_only
        or (d.cards[card_kind(c)].type == "goods" and d.cards[card_kind(c)].good == "coffee")
    ]


def why_not(st: State, seat: int, sid: str) -> str:
    """'' if `seat` may place a marker on `sid` now (R131-R133, R27, R28, R186, R200), else why."""
    if sid not in space_ids(st):
        return "There is no such bonus space."
    if st.bonus_spaces.get(_state_id(st, sid), -1) >= 0:
        return "That bonus space already holds a marker this round."
    p = st.players[seat]
    ex = _extra(st, sid)
    if ex:
        comp, idx, bd = ex
        if active_bonus_level(st, seat, comp) < idx + 1:
            return "You have not unlocked that extra space (or the unlock is not active yet)."
        if st.bonus_spaces.get(extra_space_id(comp, 1 - idx), -1) == seat:
            return "You already have a marker on the other extra space of that track."
        cost = bd.cost_pounds
        if cost and p.cash < cost:
            return f"It costs £{cost}; you have £{p.cash}."
        if bd.pair == D1 and not _sell_cards(st, seat, idx == 1):
            return "You have no " + ("coffee goods card" if idx else "card") + " in your hand."
        return ""
    sp = data().bonus_spaces[sid]
    if sp.kind == "majority":
        mine = goods.units(st, seat, sp.measure)
        if mine < 1 or any(
            goods.units(st, q, sp.measure) >= mine for q in range(st.seats) if q != seat
        ):
            return f"You need strictly more {sp.measure} units than every other player."
    elif sp.kind == "tile":
        if st.bonus_tiles.get(sp.tile) != "space":
            return f"Tile {sp.tile} is not on its space."
        if p.tile or any(v == f"seat:{seat}" for v in st.bonus_tiles.values()):
            return "You already hold a bonus tile."
    elif sp.kind == "sell" and not p.hand:
        return "You have no card in your hand."
    elif sp.kind == "study" and p.cash < sp.pay_pounds:
        return f"It costs £{sp.pay_pounds}; you have £{p.cash}."
    return ""


# ---- arguments and book plans --------------------------------------------------------------------
def _copy(st: State) -> State:
    return msgspec.json.decode(msgspec.json.encode(st), type=State)


def _moves_label(st: State, seat: int, order: list[str], n: int, pay: int = 0) -> str:
    """Preview of fixed moves in `order`, after paying `pay` first (R149)."""
    sim = _copy(st)
    sim.players[seat].cash -= pay
    short = len(order) > 1
    return "; ".join(
        advance_text(st, advance(sim, seat, c, n), you=True, short=short) for c in order
    )


def _buy_price(st: State, sid: str, row: int, col: int) -> int:
    ex = _extra(st, sid)
    delta = (
        int(ex[2].raw["reward_and_or"][0]["buy_card_for_pounds"].get("price_delta", 0)) if ex else 0
    )
    return card_price(st, row, col, -delta)  # goods discounts never apply in pounds (R136, R150)


def _diamonds(st: State, sid: str) -> int:
    ex = _extra(st, sid)
    if ex and ex[2].pair == C2:
        return int(ex[2].raw["reward_and_or"][1]["diamonds"])
    return 0


def _sell_extra(st: State, sid: str) -> int:
    """The '+ n' of a SELL / D1 reward (crate value + n)."""
    ex = _extra(st, sid)
    if ex:
        return int(str(ex[2].raw["reward"]["pounds"]).split("+")[1])
    return data().bonus_spaces[sid].sell_bonus


def args(st: State, seat: int, sid: str) -> list[tuple[str, str]] | None:
    """(token, label) for the space's argument, None when it takes none."""
    p = st.players[seat]
    ex = _extra(st, sid)
    pair = ex[2].pair if ex else ""
    kind = "" if ex else data().bonus_spaces[sid].kind
    if kind == "majority":
        n = data().bonus_spaces[sid].advance
        sim = _copy(st)
        return [
            (names.code(c), move_label(st, advance(_copy(sim), seat, c, n)))
            for c in data().companies
        ]
    if kind == "buy" or pair == C2:
        dia = _diamonds(st, sid)
        tail = f", then {names.plural(dia, 'diamond step')}" if dia else ""
        out = []
        for r, c in occupied_spaces(st):
            price = _buy_price(st, sid, r, c)
            if p.cash >= price:
                out.append(
                    (
                        space_id(r, c),
                        f"Buy {card_text(st.display[r][c])} at {space_name(r, c)} for £{price}{tail}",
                    )
                )
        return out + [("-", "Buy nothing" + (tail.replace(", then", ":") if dia else ""))]
    if kind == "sell" or pair == D1:
        extra = _sell_extra(st, sid)
        coffee_only = pair == D1 and ex[1] == 1
        what = "the coffee card " if coffee_only else ""
        cards = _sell_cards(st, seat, coffee_only)
        return [
            (
                card_kind(c),
                f"Sell {what}{card_text(c)} for £{data().cards[card_kind(c)].crate + extra}",
            )
            for c in cards
        ]
    if pair == C1 and "reward_choice" in ex[2].raw:
        return [
            (
                str(i + 1),
                f"Pay £{ex[2].cost_pounds}: {names.plural(int(o['bookkeeping']), 'bookkeeping point')}, "
                f"then {names.plural(int(o['diamonds']), 'diamond step')}",
            )
            for i, o in enumerate(ex[2].raw["reward_choice"])
        ]
    if pair == D2:
        adv = ex[2].raw["reward"]["advance"]
        others = [c for c in data().companies if c != ex[0]]
        k = len(others) if adv["tracks"] == "all_other_3" else int(adv["tracks"])
        n = int(adv["spaces_each"])
        return [
            (
                "".join(names.code(c) for c in order),
                f"Pay £{ex[2].cost_pounds}, move {_moves_label(st, seat, list(order), n, ex[2].cost_pounds)}",
            )
            for order in permutations(others, k)
        ]
    return None


def points(st: State, sid: str, arg: str) -> tuple[int, int]:
    """(bookkeeping points, diamond steps) of a STUDY/C1 reward, else (0, diamonds of C2)."""
    ex = _extra(st, sid)
    if ex and ex[2].pair == C1:
        rw = (
            ex[2].raw["reward_choice"][int(arg) - 1]
            if "reward_choice" in ex[2].raw
            else ex[2].raw["reward"]
        )
        return int(rw["bookkeeping"]), int(rw["diamonds"])
    if not ex and data().bonus_spaces[sid].kind == "study":
        rw = dict(data().bonus_spaces[sid].reward)
        return rw.get("bookkeeping", 0), rw.get("diamonds", 0)
    return 0, _diamonds(st, sid)


def _parse(st: State, seat: int, move: str) -> tuple[str, str, list[str]]:
    """Validate a (partial) move: (space, arg, plan); arg '' = not chosen / none."""
    head, *plan = move.split("/")
    parts = head.split(":")
    if parts[0] != "b" or len(parts) not in (2, 3):
        raise IllegalAction("That is not a bonus-marker move.")
    sid, arg = parts[1], (parts[2] if len(parts) == 3 else "")
    if available_markers(st, seat) < 1:
        raise IllegalAction("You have no bonus marker left to place.")
    why = why_not(st, seat, sid)
    if why:
        raise IllegalAction(why)
    opts = args(st, seat, sid)
    if arg and (opts is None or arg not in {t for t, _ in opts}):
        raise IllegalAction("That choice is not available on this bonus space.")
    if plan:
        n, _ = points(st, sid, arg) if (arg or opts is None) else (0, 0)
        for i, tok in enumerate(plan):
            if tok not in {c.id for c in books.point_steps(st, seat, n, plan[:i])}:
                raise IllegalAction("Choose one of the books on display.")
    return sid, arg, plan


def _complete(st: State, seat: int, sid: str, arg: str, plan: list[str]) -> bool:
    opts = args(st, seat, sid)
    if opts is not None and not arg:
        return False
    n, _ = points(st, sid, arg)
    return not n or not books.point_steps(st, seat, n, plan)


def _move_id(sid: str, arg: str, plan: list[str]) -> str:
    return f"b:{sid}" + (f":{arg}" if arg else "") + "".join(f"/{t}" for t in plan)


# ---- the action-module interface ------------------------------------------------------------------
def offers(st: State, seat: int) -> list[Choice]:
    n = available_markers(st, seat)
    if n < 1 or not any(not why_not(st, seat, s) for s in space_ids(st)):
        return []
    return [Choice("b", f"Place a bonus marker ({n} available)", GROUP, step=True)]


def _space_label(st: State, seat: int, sid: str) -> str:
    title = space_title(st, sid)
    title = title[:1].upper() + title[1:]
    ex = _extra(st, sid)
    if not ex:
        sp = data().bonus_spaces[sid]
        if sp.kind == "majority":
            return f"{title}: you have {goods.units(st, seat, sp.measure)}; move {sp.advance} on one track"
        if sp.kind == "tile":
            faces = " or ".join(f"{u} {k}" for k, u in data().bonus_tiles[sp.tile].faces)
            return f"{title}: take tile {sp.tile} ({faces}) for next round"
        if sp.kind == "buy":
            return f"{title}: buy a display card for its price in £" + (
                "" if len(args(st, seat, sid) or []) > 1 else " (none affordable: reward lost)"
            )
        if sp.kind == "sell":
            return f"{title}: sell a hand card for its crate value + £{sp.sell_bonus}"
        bk, dia = points(st, sid, "")
        return (
            f"{title}: pay £{sp.pay_pounds}, {names.plural(bk, 'bookkeeping point')}, "
            f"then {names.plural(dia, 'diamond step')}"
        )
    comp, idx, bd = ex
    if bd.pair == C1:
        what = f"pay £{bd.cost_pounds} for bookkeeping points and diamond steps"
    elif bd.pair == C2:
        what = f"buy a card in £{' (price -1)' if idx else ''} and/or {names.plural(_diamonds(st, sid), 'diamond step')}"
    elif bd.pair == D1:
        what = f"sell a {'coffee goods ' if idx else ''}hand card for its crate value + £{_sell_extra(st, sid)}"
    else:
        what = f"pay £{bd.cost_pounds}, move 2 on {'each other track' if idx else '2 other tracks'}"
    return f"{title}: {what}"


def _page(opts: list[Choice], page: int) -> list[Choice]:
    if len(opts) <= MENU:
        return opts
    per = MENU - 1
    chunk = opts[(page - 1) * per : page * per]
    if page * per < len(opts):
        chunk.append(Choice(f"b:pg{page + 1}", "More…", GROUP, step=True))
    return chunk


def steps(st: State, seat: int, path: tuple[str, ...]) -> list[Choice]:
    if not path or path[0] != "b":
        raise IllegalAction("That menu is not available now.")
    rest = [e for e in path[1:] if not e.startswith("b:pg")]
    page = int(path[-1][4:]) if path[-1].startswith("b:pg") else 1
    if any(not rest[-1].startswith(e) for e in rest):
        raise IllegalAction("That menu is not available now.")
    if not rest:
        if available_markers(st, seat) < 1:
            raise IllegalAction("You have no bonus marker left to place.")
        out = []
        for s in space_ids(st):
            if why_not(st, seat, s):
                continue
            out.append(
                Choice(
                    f"b:{s}",
                    _space_label(st, seat, s)[:100],
                    GROUP,
                    step=not _complete(st, seat, s, "", []),
                )
            )
        return _page(out, page)
    sid, arg, plan = _parse(st, seat, rest[-1])
    if _complete(st, seat, sid, arg, plan):
        raise IllegalAction("That move is complete.")
    opts = args(st, seat, sid)
    if opts is not None and not arg:
        out = [
            Choice(_move_id(sid, t, []), lbl[:100], GROUP, step=not _complete(st, seat, sid, t, []))
            for t, lbl in opts
        ]
        return _page(out, page)
    n, _ = points(st, sid, arg)
    out = []
    for c in books.point_steps(st, seat, n, plan):
        nxt = [*plan, c.id]
        out.append(
            Choice(
                _move_id(sid, arg, nxt), c.label, GROUP, step=not _complete(st, seat, sid, arg, nxt)
            )
        )
    return _page(out, page)


def apply(st: State, seat: int, move: str) -> list[Event]:
    sid, arg, plan = _parse(st, seat, move)
    if not _complete(st, seat, sid, arg, plan):
        raise IllegalAction("Finish choosing what this bonus space gives you.")
    p = st.players[seat]
    who = names.player(st, seat)
    p.markers -= 1
    state_sid = _state_id(st, sid)
    st.bonus_spaces[state_sid] = seat
    p.markers_placed.append(state_sid)
    events = [Event(f"{who} places a bonus marker on the {space_title(st, sid)}.")]
    ex = _extra(st, sid)
    kind = "" if ex else data().bonus_spaces[sid].kind
    pair = ex[2].pair if ex else ""
    # requirement in full (R133, R174), then the reward as far as possible (R175, R176)
    cost = (
        ex[2].cost_pounds if ex else (data().bonus_spaces[sid].pay_pounds if kind == "study" else 0)
    )
    if cost:
        p.cash -= cost  # why_not checked cash >= cost
        events.append(Event(f"{who} pays £{cost}."))
    if kind == "majority":
        res = advance(st, seat, names.company_of(arg), data().bonus_spaces[sid].advance)
        events.append(Event(move_event(st, res)))
    elif kind == "tile":
        tile = data().bonus_spaces[sid].tile
        st.bonus_tiles[tile] = f"seat:{seat}"
        p.tile, p.tile_taken_round, p.tile_in_area, p.tile_face, p.tile_face_up = (
            tile,
            st.round,
            False,
            -1,
            True,
        )
        events.append(
            Event(f"{who} takes bonus tile {tile}; it goes into their action area next round.")
        )
    elif kind == "buy" or pair == C2:
        if arg != "-":  # R188: the buy first, then the diamond steps
            r, c = parse_space(arg)
            events += buy_from_display(st, seat, r, c, _buy_price(st, sid, r, c))
        elif kind == "buy":
            events.append(Event(f"{who} buys nothing."))
        dia = _diamonds(st, sid)
        if dia:
            events += diamonds.diamond_steps(st, seat, dia)
    elif kind == "sell" or pair == D1:
        events += sell_from_hand(st, seat, hand_card(st, seat, arg), _sell_extra(st, sid))
    elif kind == "study" or pair == C1:
        bk, dia = points(st, sid, arg)
        events += books.bookkeeping_points(st, seat, bk, plan)
        events += diamonds.diamond_steps(st, seat, dia)
    elif pair == D2:
        n = int(ex[2].raw["reward"]["advance"]["spaces_each"])
        for code in arg:
            res = advance(st, seat, names.company_of(code), n)
            events.append(Event(move_event(st, res)))
    return events


def marker_pair_company(st: State) -> str | None:
    """Where the marker bonus lies (for views), None if its side is not in play."""
    return company_with_pair(st, PAIR_MARKERS)
