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

from engine.core import Choice, Event, IllegalAction
from engine.mombasa import books, diamonds, goods, names
from engine.mombasa.bonus_args import (
    arg_tokens,
    args,
    buy_options,
    buy_price,
    gives_points,
    is_complete,
    move_id,
    parse_move,
    points,
    sell_extra,
    space_diamonds,
    split_move,
)
from engine.mombasa.bonus_spaces import (
    C1,
    C2,
    D1,
    D2,
    GROUP,
    MENU,
    PAIR_MARKERS,
    available_markers,
    extra_space_of,
    marker_pair_company,
    on_bonus_activated,
    space_ids,
    space_kind,
    space_state_id,
    space_title,
    why_not,
)
from engine.mombasa.data import data
from engine.mombasa.display import (
    buy_from_display,
    hand_card,
    move_event,
    parse_space,
    sell_from_hand,
)
from engine.mombasa.state import State
from engine.mombasa.tracks import advance

__all__ = [
    "C1",
    "C2",
    "D1",
    "D2",
    "GROUP",
    "MENU",
    "PAIR_MARKERS",
    "arg_tokens",
    "args",
    "available_markers",
    "buy_options",
    "buy_price",
    "extra_space_of",
    "gives_points",
    "marker_pair_company",
    "on_bonus_activated",
    "perform",
    "points",
    "split_move",
    "space_ids",
    "space_kind",
    "space_title",
    "why_not",
]  # the names of the parts, re-exported


# ---- the action-module interface ------------------------------------------------------------------
def offers(st: State, seat: int) -> list[Choice]:
    n = available_markers(st, seat)
    if n < 1 or not _any_space_open(st, seat):
        return []
    return [Choice("b", f"Place a bonus marker ({n} available)", GROUP, step=True)]


def _any_space_open(st: State, seat: int) -> bool:
    """Whether some space takes a marker now. The majority spaces, which count every seat's
    units, are asked last: the answer does not depend on the order."""
    spaces = data().bonus_spaces
    ids = space_ids(st)
    majority = [s for s in ids if s in spaces and spaces[s].kind == "majority"]
    return any(not why_not(st, seat, s) for s in ids if s not in majority) or any(
        not why_not(st, seat, s) for s in majority
    )


def _space_label(st: State, seat: int, sid: str) -> str:
    title = space_title(st, sid)
    title = title[:1].upper() + title[1:]
    ex = extra_space_of(st, sid)
    if not ex:
        sp = data().bonus_spaces[sid]
        if sp.kind == "majority":
            return f"{title}: you have {goods.units(st, seat, sp.measure)}; move {sp.advance} on one track"
        if sp.kind == "tile":
            faces = " or ".join(f"{u} {k}" for k, u in data().bonus_tiles[sp.tile].faces)
            if st.round >= data().rounds:  # R135: used next round, and there is none
                return f"{title}: round {st.round} is the last, so tile {sp.tile} is never used; this only uses your marker"
            return f"{title}: take tile {sp.tile} ({faces}) for next round"
        if sp.kind == "buy":
            return f"{title}: buy a display card for its price in £" + (
                ""
                if len(arg_tokens(st, seat, sid) or []) > 1
                else " (none affordable: reward lost)"
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
        what = f"buy a card in £{' (price -1)' if idx else ''} and/or {names.plural(space_diamonds(st, sid), 'diamond step')}"
    elif bd.pair == D1:
        what = f"sell a {'coffee goods ' if idx else ''}hand card for its crate value + £{sell_extra(st, sid)}"
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
                    step=not is_complete(st, seat, s, "", []),
                )
            )
        return _page(out, page)
    sid, arg, plan = parse_move(st, seat, rest[-1])
    if is_complete(st, seat, sid, arg, plan):
        raise IllegalAction("That move is complete.")
    opts = args(st, seat, sid)
    if opts is not None and not arg:
        out = [
            Choice(
                move_id(sid, t, []), lbl[:100], GROUP, step=not is_complete(st, seat, sid, t, [])
            )
            for t, lbl in opts
        ]
        return _page(out, page)
    n, _ = points(st, sid, arg)
    out = []
    for c in books.point_steps(st, seat, n, plan):
        nxt = [*plan, c.id]
        out.append(
            Choice(
                move_id(sid, arg, nxt),
                c.label,
                GROUP,
                step=not is_complete(st, seat, sid, arg, nxt),
            )
        )
    return _page(out, page)


def apply(st: State, seat: int, move: str) -> list[Event]:
    sid, arg, plan = parse_move(st, seat, move)
    if not is_complete(st, seat, sid, arg, plan):
        raise IllegalAction("Finish choosing what this bonus space gives you.")
    return perform(st, seat, sid, arg, plan)


def perform(st: State, seat: int, sid: str, arg: str, plan: list[str]) -> list[Event]:
    """Place the marker of a complete move `parse_move` and `is_complete` accept."""
    p = st.players[seat]
    who = names.player(st, seat)
    p.markers -= 1
    state_sid = space_state_id(st, sid)
    st.bonus_spaces[state_sid] = seat
    p.markers_placed.append(state_sid)
    events = [Event(f"{who} places a bonus marker on the {space_title(st, sid)}.")]
    ex = extra_space_of(st, sid)
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
            events += buy_from_display(st, seat, r, c, buy_price(st, sid, r, c))
        elif kind == "buy":
            events.append(Event(f"{who} buys nothing."))
        dia = space_diamonds(st, sid)
        if dia:
            events += diamonds.diamond_steps(st, seat, dia)
    elif kind == "sell" or pair == D1:
        events += sell_from_hand(st, seat, hand_card(st, seat, arg), sell_extra(st, sid))
    elif kind == "study" or pair == C1:
        bk, dia = points(st, sid, arg)
        events += books.bookkeeping_points(st, seat, bk, plan)
        events += diamonds.diamond_steps(st, seat, dia)
    elif ex and pair == D2:
        n = int(ex[2].raw["reward"]["advance"]["spaces_each"])
        for code in arg:
            res = advance(st, seat, names.company_of(code), n)
            events.append(Event(move_event(st, res)))
    return events
