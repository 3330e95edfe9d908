"""The arguments of a bonus space and the book plans of its bookkeeping points: what a
marker placement may choose, the points it pays, parsing of complete `b:` ids."""

from __future__ import annotations

from itertools import permutations

from engine.core import IllegalAction
from engine.mombasa import books, names
from engine.mombasa.bonus_spaces import (
    C1,
    C2,
    D1,
    D2,
    available_markers,
    extra_space_of,
    sellable_cards,
    why_not,
)
from engine.mombasa.data import data
from engine.mombasa.display import (
    advance_text,
    card_price,
    card_text,
    move_label,
    occupied_spaces,
    space_id,
    space_name,
)
from engine.mombasa.state import State, card_kind, clone
from engine.mombasa.tracks import advance


# ---- arguments and book plans --------------------------------------------------------------------
def _moves_label(st: State, seat: int, order: list[str], n: int, pay: int = 0) -> str:
    """Preview of fixed moves in `order`, after paying `pay` first (R149)."""
    sim = clone(st)
    sim.players[seat].cash -= pay
    short = len(order) > 1
    return "; ".join(
        advance_text(st, advance(sim, seat, c, n), you=True, short=short) for c in order
    )


def buy_price(st: State, sid: str, row: int, col: int) -> int:
    """The price of the display card at (row, col) bought from bonus space `sid`."""
    return card_price(st, row, col, -_price_delta(st, sid))


def _price_delta(st: State, sid: str) -> int:
    """What bonus space `sid` adds to a display card's price (-1 on the second C2 space);
    goods discounts never apply in pounds (R136, R150)."""
    ex = extra_space_of(st, sid)
    if not ex:
        return 0
    return int(ex[2].raw["reward_and_or"][0]["buy_card_for_pounds"].get("price_delta", 0))


def buy_options(st: State, seat: int, sid: str) -> list[tuple[str, int, int, int]]:
    """(token, row, col, price) of the display cards `seat` can pay for from buy space `sid`
    (BUY or C2): the arguments of `arg_tokens` before its "-" (buy nothing)."""
    return [(space_id(r, c), r, c, price) for r, c, price in _buyable(st, seat, sid)]


def gives_points(kind: str, pair: str) -> bool:
    """Whether `points` of a space of this `space_kind` can give bookkeeping points (STUDY and
    C1 spaces)."""
    return kind == "study" or pair == C1


def _buyable(st: State, seat: int, sid: str) -> list[tuple[int, int, int]]:
    """(row, col, price) of the display cards `seat` can pay for from bonus space `sid`."""
    cash, minus = st.players[seat].cash, -_price_delta(st, sid)
    out = []
    for r, c in occupied_spaces(st):
        price = card_price(st, r, c, minus)
        if cash >= price:
            out.append((r, c, price))
    return out


def space_diamonds(st: State, sid: str) -> int:
    ex = extra_space_of(st, sid)
    if ex and ex[2].pair == C2:
        return int(ex[2].raw["reward_and_or"][1]["diamonds"])
    return 0


def sell_extra(st: State, sid: str) -> int:
    """The '+ n' of a SELL / D1 reward (crate value + n)."""
    ex = extra_space_of(st, sid)
    if ex:
        return int(str(ex[2].raw["reward"]["pounds"]).split("+")[1])
    return data().bonus_spaces[sid].sell_bonus


def args(st: State, seat: int, sid: str) -> list[tuple[str, str]] | None:
    """(token, label) for the space's argument, None when it takes none."""
    ex = extra_space_of(st, sid)
    pair = ex[2].pair if ex else ""
    kind = "" if ex else data().bonus_spaces[sid].kind
    if kind == "majority":
        n = data().bonus_spaces[sid].advance
        return [
            (names.code(c), move_label(st, advance(clone(st), seat, c, n)))
            for c in data().companies
        ]
    if kind == "buy" or pair == C2:
        dia = space_diamonds(st, sid)
        tail = f", then {names.plural(dia, 'diamond step')}" if dia else ""
        out = [
            (
                space_id(r, c),
                f"Buy {card_text(st.display[r][c])} at {space_name(r, c)} for £{price}{tail}",
            )
            for r, c, price in _buyable(st, seat, sid)
        ]
        nothing = (
            f"Buy no card: your marker gives only the {names.plural(dia, 'diamond step')}"
            if dia
            else "Buy nothing: your marker stays on the space for no reward"
        )
        return [*out, ("-", nothing)]
    if kind == "sell" or pair == D1:
        extra = sell_extra(st, sid)
        coffee_only = ex is not None and pair == D1 and ex[1] == 1
        what = "the coffee card " if coffee_only else ""
        cards = sellable_cards(st, seat, coffee_only)
        return [
            (
                card_kind(c),
                f"Sell {what}{card_text(c)} for £{data().cards[card_kind(c)].crate + extra}",
            )
            for c in cards
        ]
    if ex and pair == C1 and "reward_choice" in ex[2].raw:
        return [
            (
                str(i + 1),
                f"Pay £{ex[2].cost_pounds}: {names.plural(int(o['bookkeeping']), 'bookkeeping point')}, "
                f"then {names.plural(int(o['diamonds']), 'diamond step')}",
            )
            for i, o in enumerate(ex[2].raw["reward_choice"])
        ]
    if ex and pair == D2:
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


def arg_tokens(st: State, seat: int, sid: str) -> list[str] | None:
    """The tokens of `args(st, seat, sid)` without their labels (the labels preview moves on
    copies of the state: most of the cost, and validation needs the tokens only)."""
    ex = extra_space_of(st, sid)
    pair = ex[2].pair if ex else ""
    kind = "" if ex else data().bonus_spaces[sid].kind
    if kind == "majority":
        return [names.code(c) for c in data().companies]
    if kind == "buy" or pair == C2:
        return [*(t for t, _, _, _ in buy_options(st, seat, sid)), "-"]
    if kind == "sell" or pair == D1:
        return [
            card_kind(c)
            for c in sellable_cards(st, seat, ex is not None and pair == D1 and ex[1] == 1)
        ]
    if ex and pair == C1 and "reward_choice" in ex[2].raw:
        return [str(i + 1) for i in range(len(ex[2].raw["reward_choice"]))]
    if ex and pair == D2:
        adv = ex[2].raw["reward"]["advance"]
        others = [c for c in data().companies if c != ex[0]]
        k = len(others) if adv["tracks"] == "all_other_3" else int(adv["tracks"])
        return ["".join(names.code(c) for c in order) for order in permutations(others, k)]
    return None


def takes_arg(st: State, sid: str) -> bool:
    """Whether `arg_tokens(st, seat, sid)` is not None, without listing the tokens."""
    ex = extra_space_of(st, sid)
    if not ex:
        return data().bonus_spaces[sid].kind in ("majority", "buy", "sell")
    pair = ex[2].pair
    return pair in (C2, D1, D2) or (pair == C1 and "reward_choice" in ex[2].raw)


def points(st: State, sid: str, arg: str) -> tuple[int, int]:
    """(bookkeeping points, diamond steps) of a STUDY/C1 reward, else (0, diamonds of C2)."""
    ex = extra_space_of(st, sid)
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
    return 0, space_diamonds(st, sid)


def split_move(move: str) -> tuple[str, str, list[str]]:
    """The parts of a (partial) move id, unchecked: (space, arg, plan); arg '' = none."""
    head, *plan = move.split("/")
    parts = head.split(":")
    if parts[0] != "b" or len(parts) not in (2, 3):
        raise IllegalAction("That is not a bonus-marker move.")
    return parts[1], (parts[2] if len(parts) == 3 else ""), plan


def parse_move(st: State, seat: int, move: str) -> tuple[str, str, list[str]]:
    """Validate a (partial) move: (space, arg, plan); arg '' = not chosen / none."""
    sid, arg, plan = split_move(move)
    if available_markers(st, seat) < 1:
        raise IllegalAction("You have no bonus marker left to place.")
    why = why_not(st, seat, sid)
    if why:
        raise IllegalAction(why)
    if arg:
        opts = arg_tokens(st, seat, sid)
        if opts is None or arg not in opts:
            raise IllegalAction("That choice is not available on this bonus space.")
    if plan:
        n, _ = points(st, sid, arg) if (arg or not takes_arg(st, sid)) else (0, 0)
        for i, tok in enumerate(plan):
            if tok not in {c.id for c in books.point_steps(st, seat, n, plan[:i])}:
                raise IllegalAction("Choose one of the books on display.")
    return sid, arg, plan


def is_complete(st: State, seat: int, sid: str, arg: str, plan: list[str]) -> bool:
    if not arg and takes_arg(st, sid):
        return False
    n, _ = points(st, sid, arg)
    return not n or not books.point_steps(st, seat, n, plan)


def move_id(sid: str, arg: str, plan: list[str]) -> str:
    return f"b:{sid}" + (f":{arg}" if arg else "") + "".join(f"/{t}" for t in plan)
