"""The card display and card prices (spec section 16, R156-R158, R203 via `goods`), plus the
wording shared by the goods and bonus-marker menus (card text, display-space names, track-move
previews).

Display spaces are `display[row][col]` 0-based in code; choice ids name them 1-based as
`r<row>c<col>` (`r1c1` = top left, modifier +1; `c3` = right column, -1).
"""

from __future__ import annotations

import re

from engine.core import Event, IllegalAction
from engine.mombasa import names
from engine.mombasa.data import data
from engine.mombasa.state import State, card_kind
from engine.mombasa.tracks import AdvanceResult
from engine.mombasa.view_static import static

_SPACE = re.compile(r"r([1-9])c([1-9])")


# ---- wording ---------------------------------------------------------------------------------
def card_text(cid: str) -> str:
    """'Bananas 3 (crate 5)': the face players read and its crate value (never the card id)."""
    from engine.mombasa.text import card_label

    return card_label(cid)


def space_id(row: int, col: int) -> str:
    return f"r{row + 1}c{col + 1}"


def parse_space(token: str) -> tuple[int, int]:
    """'r1c2' -> (0, 1); IllegalAction if it is not a display space. The spaces are kept per
    data object."""
    got = static().display_spaces.get(token)
    if got is None:
        got = static().display_spaces[token] = _parse_space(token)
    return got


def _parse_space(token: str) -> tuple[int, int]:
    d = data()
    m = _SPACE.fullmatch(token)
    if not m or not (1 <= int(m[1]) <= d.display_rows and 1 <= int(m[2]) <= len(d.display_columns)):
        raise IllegalAction(
            f"{token!r} is not a card-display space (r1c1 .. r{d.display_rows}c{len(d.display_columns)})."
        )
    return int(m[1]) - 1, int(m[2]) - 1


def space_name(row: int, col: int) -> str:
    """'row 1 left'."""
    return f"row {row + 1} {data().display_columns[col]}"


def advance_text(st: State, res: AdvanceResult, *, you: bool = False, short: bool = False) -> str:
    """A description of one track move for labels (`you=True`) and the log; `short` (several
    moves in one label) drops the share count and the payees."""
    comp = names.company(res.company)
    who = "you" if you else names.player(st, res.seat)
    if res.moved == 0:
        txt = f"cannot move on {comp}"
    else:
        txt = (
            f"{comp} {res.start}→{res.end}"
            if short
            else f"{res.moved} on {comp} ({res.start}→{res.end})"
        )
    parts = [txt]
    for c in res.calls_paid:
        parts.append(
            f"£{c.pounds} call"
            if short
            else (f"pay the £{c.pounds} call" if you else f"pays the £{c.pounds} capital call")
        )
    for s in res.specials:
        others = [names.player(st, q) for q, _ in s.paid[1:]]
        parts.append(
            f"+£{s.pounds}"
            if short
            else f"£{s.pounds} special space (to {', '.join([who, *others])})"
        )
    if res.unlocked and not short:
        parts.append("unlock " + " and ".join(("1st", "2nd")[i] for i in res.unlocked) + " bonus")
    if res.shares_after != res.shares_before and not short:
        parts.append(f"now {names.plural(res.shares_after, 'share')}")
    if res.lost and short:
        parts.append(f"{res.lost} lost")
    elif res.lost:
        why = "end of track" if res.stopped == "end" else f"£{res.blocked_call} capital call unpaid"
        parts.append(f"{res.lost} lost ({why})")
    return ", ".join(parts)


def move_event(st: State, res: AdvanceResult) -> str:
    """The log line of one track move: 'Blue moves 3 on Cairo (2→5), now 2 shares.' or 'Blue
    cannot move on Cairo, 3 lost (£2 capital call unpaid).'"""
    who = names.player(st, res.seat)
    return f"{who} {'' if res.moved == 0 else 'moves '}{advance_text(st, res)}."


def move_label(st: State, res: AdvanceResult) -> str:
    """A menu label for one track move: 'Move 3 on Cairo (2→5)' / 'Cannot move on Cairo, 3 lost'."""
    txt = advance_text(st, res, you=True)
    return txt[:1].upper() + txt[1:] if res.moved == 0 else f"Move {txt}"


# ---- prices and purchases (R90, R136, R150, R156) ----------------------------------------------
def modifier(col: int) -> int:
    d = data()
    return d.price_modifier[d.display_columns[col]]


def card_price(st: State, row: int, col: int, discount: int) -> int:
    """Crate value + the space's modifier - `discount`, never below the floor (0) (R90, R150)."""
    cid = st.display[row][col]
    if not cid:
        raise IllegalAction(f"The display space {space_name(row, col)} is empty.")
    d = data()
    mod = d.price_modifier[d.display_columns[col]]  # `modifier(col)`, inline: asked very often
    return max(d.price_floor, d.cards[card_kind(cid)].crate + mod - discount)


def occupied_spaces(st: State) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(st.display) for c, cid in enumerate(row) if cid]


def buy_from_display(
    st: State, seat: int, row: int, col: int, price: int, *, in_goods: bool = False
) -> list[Event]:
    """Take the display card at (row, col) into `seat`'s hand (R91, R136). Pays `price` pounds,
    or nothing when `in_goods` (the goods action pays with units). The space stays empty until the
    preparation phase. A bought card is public (everyone sees it leave the display)."""
    if (
        not (0 <= row < len(st.display) and 0 <= col < len(st.display[row]))
        or not st.display[row][col]
    ):
        raise IllegalAction("There is no card on that display space.")
    p = st.players[seat]
    if not in_goods:
        if p.cash < price:
            raise IllegalAction(f"That card costs £{price}; you have £{p.cash}.")
        p.cash -= price
    cid = st.display[row][col]
    st.display[row][col] = ""
    p.hand.append(cid)
    paid = f"{price} goods units" if in_goods else f"£{price}"
    return [
        Event(
            f"{names.player(st, seat)} buys {card_text(cid)} from {space_name(row, col)} for {paid}."
        )
    ]


def sell_from_hand(st: State, seat: int, card_id: str, bonus: int) -> list[Event]:
    """Put a hand card face up on the action-card discard pile for £ crate value + `bonus`
    (R48, R49, R137, R158). The card becomes public."""
    p = st.players[seat]
    if card_id not in p.hand:
        raise IllegalAction("That card is not in your hand.")
    gain = data().cards[card_kind(card_id)].crate + bonus
    p.hand.remove(card_id)
    st.discard.append(card_id)
    p.cash += gain
    return [
        Event(
            f"{names.player(st, seat)} sells {card_text(card_id)} to the discard pile for £{gain}."
        )
    ]


def hand_card(st: State, seat: int, kind: str) -> str:
    """The physical id of the card of data id `kind` in `seat`'s hand (kinds are unique per hand)."""
    for cid in st.players[seat].hand:
        if card_kind(cid) == kind:
            return cid
    raise IllegalAction(f"You have no card {kind} in your hand.")


# ---- preparation (R157) ------------------------------------------------------------------------
def refill_display(st: State) -> list[Event]:
    """R157: right-column cards go to the discard pile; every row slides right closing its gaps
    (order kept); empty spaces are refilled from the deck in fill order (right column top to
    bottom, then middle, then left). An empty deck leaves spaces empty. New cards are public."""
    d = data()
    right = len(d.display_columns) - 1
    gone = [row[right] for row in st.display if row[right]]
    for row in st.display:
        row[right] = ""
        cards = [c for c in row if c]
        row[:] = [""] * (len(row) - len(cards)) + cards
    st.discard.extend(gone)
    drawn = []
    for col_name in d.fill_order:
        col = d.display_columns.index(col_name)
        for r in range(d.display_rows):
            if not st.display[r][col] and st.deck:
                st.display[r][col] = st.deck.pop(0)
                drawn.append(f"{card_text(st.display[r][col])} to {space_name(r, col)}")
    out = []
    if gone:
        out.append(
            Event(
                "Card display: "
                + ", ".join(card_text(c) for c in gone)
                + " go to the discard pile."
            )
        )
    if drawn:
        out.append(Event("Card display refilled: " + "; ".join(drawn) + ".", barrier=True))
    elif not st.deck:
        out.append(Event("The action-card deck is empty: the empty display spaces stay empty."))
    return out
