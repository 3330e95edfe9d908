"""What a deciding player may choose now (the options of every decision) and the prompt texts.

Option builders are pure: they read the state and never change it."""

from __future__ import annotations

import re
from collections.abc import Callable

import msgspec

from engine.benares import administration as adm
from engine.benares import intertwine
from engine.benares.actions import action_options, spec_of
from engine.benares.data import data
from engine.benares.menus import count_label, sell_mode_options, turn_options
from engine.benares.state import State, Task
from engine.benares.text import (
    action_text,
    card_text,
    good_name,
    pawn_name,
    plural,
    seat_name,
    space_name,
)
from engine.core import BACK, Choice, Event, IllegalAction


def _c(cid: str, label: str, group: str = "") -> Choice:
    return Choice(cid, label[:100], group)


# ---- options --------------------------------------------------------------------
def _boat_opts(st: State, t: Task) -> list[Choice]:
    return [
        _c(f"boat:{s}", f"Start your boat at {space_name(s)}", "Boat")
        for s in data().game["boat_start_spaces"]
    ]


def halves(t: Task) -> tuple[str, str]:
    """(card action ref, company action ref) of the play described by an order/turn task."""
    half = "dev" if t.b == "development" else "logistics"
    return f"card:{t.a}:{half}", f"space:{t.n}:{t.b}"


def _order_opts(st: State, t: Task) -> list[Choice]:
    card_ref, comp_ref = halves(t)
    mult = data().board[t.n - 1]["mult"]
    times = f" ×{mult}" if t.b == "development" and mult > 1 else ""
    pool = []
    if (
        intertwine.enabled(st)
        and spec_of(card_ref)["kind"] == "move"
        and spec_of(comp_ref)["kind"] == "move"
    ):
        qty = spec_of(f"pool:{t.a}:{t.n}")["qty"]
        pool = [_c("pool", f"Pool both Moves into one Move {qty} (house rule)", "Order")]
    return pool + [
        _c(
            "first:card",
            f"Do the card action first ({action_text(spec_of(card_ref))}{times})",
            "Order",
        ),
        _c(
            "first:company",
            f"Do the company action first ({action_text(spec_of(comp_ref))})",
            "Order",
        ),
    ]


def _action_opts(st: State, t: Task) -> list[Choice]:
    spec = spec_of(t.a)
    opts = action_options(st, t.seat, spec)
    if not opts:
        return []
    return opts + [_c("decline", f"Decline the {t.b} action ({action_text(spec)})", "Decline")]


def _card_dev_opts(st: State, t: Task) -> list[Choice]:
    spec = data().cards[t.a]["dev"]
    opts = action_options(st, t.seat, spec)
    if not opts:
        return []
    out = list(opts)  # the prompt text names the repetition
    stop = "Stop: decline this and any later repetitions" if t.m > 1 else "Decline the card action"
    out.append(_c("decline", f"{stop} ({action_text(spec)})", "Decline"))
    if t.n > 1 and intertwine.enabled(st) and _company_below(st.stack[:-1]):
        out.append(
            _c("company_now", "Do the company action now, then continue (house rule)", "Order")
        )
    return out


def _company_below(stack: list[Task]) -> bool:
    """True when the task under a card Development repetition is this play's company action."""
    return bool(stack) and stack[-1].kind == "action" and stack[-1].b == "company"


def _up(now: int, steps: int, pawn: bool = False) -> int:
    return min(now + steps, data().max_row if pawn else data().max_pos)


def _pick_pawn_opts(st: State, t: Task) -> list[Choice]:
    c = st.companies[t.seat]
    return [
        _c(
            f"pawn:{p}",
            f"{pawn_name(p)} +{t.n} (row {c.rows[p]} → {_up(c.rows[p], t.n, True)})",
            "Reward",
        )
        for p in t.a.split(",")
        if c.rows[p] < data().max_row
    ]


def _pick_good_opts(st: State, t: Task) -> list[Choice]:
    c = st.companies[t.seat]
    return [
        _c(
            f"good:{g}",
            f"{good_name(g)} +{t.n} (marker {c.goods[g]} → {_up(c.goods[g], t.n)})",
            "Goods",
        )
        for g in data().goods
        if c.goods[g] < data().max_pos
    ]


def _wild_goods_opts(st: State, t: Task) -> list[Choice]:
    c = st.companies[t.seat]
    return [
        _c(
            f"good:{g}",
            f"Next step to {good_name(g)} (marker {c.goods[g]} → {c.goods[g] + 1})",
            "Goods",
        )
        for g in data().goods
        if c.goods[g] < data().max_pos
    ]


def _sell_opts(st: State, t: Task) -> list[Choice]:
    have = st.companies[t.seat].hold.get(t.b, 0)
    return [_c(f"n:{k}", count_label(st, t.seat, t.a, t.b, k), "Sell") for k in range(have, -1, -1)]


def _invest_opts(st: State, t: Task) -> list[Choice]:
    return adm.invest_options(st, t.seat)


PROMPT_TEXT: dict[str, Callable[[State, Task], str]] = {
    "boat": lambda st, t: (
        "Choose where your boat starts: "
        + " or ".join(space_name(s) for s in data().game["boat_start_spaces"])
        + "."
    ),
    "turn": lambda st, t: (
        f"Round {st.round}, your turn {st.turns_taken // st.seats + 1} of "
        f"{data().game['company_spaces']}: "
        + (
            f"where and how do you play {card_text(_only_card(st, t))}?"
            if _only_card(st, t)
            else "choose a card to play."
        )
    ),
    "order": lambda st, t: "Which action goes first? Each is finished before the other begins.",
    "action": lambda st, t: (
        f"{t.b.capitalize()} action ({action_text(spec_of(t.a))}): perform it or decline?"
    ),
    "card_dev": lambda st, t: (
        f"Card action ({action_text(data().cards[t.a]['dev'])})"
        + (f", repetition {t.n} of {t.m}" if t.m > 1 else "")
        + ": perform it or decline?"
    ),
    "pick_pawn": lambda st, t: f"{t.b}: choose a pawn to advance.",
    "pick_good": lambda st, t: f"{t.b}: choose a good to advance.",
    "wild_goods": lambda st, t: "Choose the good for the next step of the wild Goods action.",
    "sell_mode": lambda st, t: f"Your boat entered {space_name(t.a)}: sell crates?",
    "sell": lambda st, t: f"How many {good_name(t.b)} crates do you sell in {space_name(t.a)}?",
    "mix": lambda st, t: "Intertwined Load and Move: choose the next unit.",
    "invest": lambda st, t: (
        f"Investment (you have {plural(st.companies[t.seat].discs, 'Profit disc')}): "
        "buy one cell or pass."
    ),
}

#: The same decisions told to everybody else (spectators, other seats): no "you".
OTHERS_TEXT: dict[str, Callable[[State, Task], str]] = {
    "boat": lambda st, t: "is choosing where their boat starts.",
    "turn": lambda st, t: (
        f"is choosing a card to play (turn {st.turns_taken // st.seats + 1} of "
        f"{data().game['company_spaces']})."
    ),
    "order": lambda st, t: "is choosing which action of the play goes first.",
    "action": lambda st, t: (
        f"is deciding whether to perform the {t.b} action ({action_text(spec_of(t.a))})."
    ),
    "card_dev": lambda st, t: (
        f"is deciding whether to perform the card action ({action_text(data().cards[t.a]['dev'])}"
        + (f", repetition {t.n} of {t.m}" if t.m > 1 else "")
        + ")."
    ),
    "pick_pawn": lambda st, t: f"is choosing a pawn to advance ({t.b}).",
    "pick_good": lambda st, t: f"is choosing a good to advance ({t.b}).",
    "wild_goods": lambda st, t: "is choosing the good for the next step of a wild Goods action.",
    "sell_mode": lambda st, t: f"is deciding what to sell in {space_name(t.a)}.",
    "sell": lambda st, t: (
        f"is deciding how many {good_name(t.b)} crates to sell in {space_name(t.a)}."
    ),
    "mix": lambda st, t: "is choosing the next unit of an intertwined Load and Move.",
    "invest": lambda st, t: "is choosing an investment or passing.",
}


def _only_card(st: State, t: Task) -> str:
    """The card of a turn whose hand holds just one (its plays are offered at once), else ""."""
    hand = st.companies[t.seat].hand
    return hand[0] if len(hand) == 1 else ""


def prompt_text(st: State, t: Task) -> str:
    """The text for the deciding seat ("you")."""
    return PROMPT_TEXT[t.kind](st, t)


def others_text(st: State, t: Task, hide_card: bool = False) -> str:
    """The text for everybody but the deciding seat; `hide_card` keeps a hand card secret."""
    if t.kind == "turn" and _only_card(st, t):
        card = "a card" if hide_card else card_text(_only_card(st, t))
        return f"{seat_name(t.seat)} is choosing where and how to play {card}."
    return f"{seat_name(t.seat)} {OTHERS_TEXT[t.kind](st, t)}"


OPTIONS: dict[str, Callable[[State, Task], list[Choice]]] = {
    "boat": _boat_opts,
    "turn": turn_options,
    "order": _order_opts,
    "action": _action_opts,
    "card_dev": _card_dev_opts,
    "pick_pawn": _pick_pawn_opts,
    "pick_good": _pick_good_opts,
    "wild_goods": _wild_goods_opts,
    "sell_mode": sell_mode_options,
    "sell": _sell_opts,
    "invest": _invest_opts,
    "mix": intertwine.options,
}

#: Decisions whose choices show cards from the hand: collected privately (their draft menus too).
SECRET = {"turn"}


def options(st: State, t: Task) -> list[Choice]:
    """The choices of decision `t`; a real decision (two or more) has warning labels."""
    found = OPTIONS[t.kind](st, t)
    if len(found) < 2 or t.kind == "boat" or all(c.step for c in found):
        return found
    return warned(st, t, found)


# ---- warnings: a choice whose action cannot happen says so before it is chosen -------------------
# Each offered choice is tried on a copy of the state with the engine itself (flow.decide, so the
# rule functions the effect uses decide, nothing is restated here). Its label then names:
# * every action of the play that this choice leaves with no way to happen ("cannot use the ...
#   action" in the log, now or in every continuation of the play), and
# * every step or effect it loses outright ("... lost", "gives nothing", "nothing happens").
# The rules allow all of these (R76: a play may do nothing), so the choices stay on offer.

#: Tries of one continuation search; past it an action counts as possible (no warning).
SEARCH_BUDGET = 250
#: > 0 while choices are being tried: the menus seen inside a try need no warnings.
_busy = 0
_cache: dict[bytes, list[Choice]] = {}
_CACHE_MAX = 16

_CANNOT = re.compile(
    r"^(?P<who>Seat \d+) cannot use the (?P<which>card|company|pooled Move) action "
    r"(?P<act>.+?)(?P<rep> \(repetition \d+ of \d+\))?: (?P<why>.+)\.$"
)
_LOST = re.compile(r"(\d+ steps? lost|gives nothing|nothing happens)")
#: The tasks that hold each action of a play (an `order` task holds both until it is decided).
_WHICH = ("card", "company", "pooled Move")


def warned(st: State, t: Task, found: list[Choice]) -> list[Choice]:
    """`found` with a warning on every label whose choice's action cannot happen (cached)."""
    global _busy
    if _busy:
        return found
    key = msgspec.json.encode(st) + msgspec.json.encode([c.id for c in found])
    hit = _cache.get(key)
    if hit is not None:
        return hit
    _busy += 1
    try:
        out = [_warn(st, t, c) for c in found]
    finally:
        _busy -= 1
    if len(_cache) >= _CACHE_MAX:
        _cache.pop(next(iter(_cache)))
    _cache[key] = out
    return out


def _copy(st: State) -> State:
    return msgspec.json.decode(msgspec.json.encode(st), type=State)


def _try(st: State, seat: int, cid: str) -> tuple[State, list[Event]] | None:
    from engine.benares import flow  # flow imports this module

    new = _copy(st)
    try:
        return new, flow.decide(new, seat, cid)
    except IllegalAction:
        return None


def _holds(task: Task, which: str) -> bool:
    if which == "card" and task.kind == "card_dev":
        return True
    return task.kind == "action" and task.b == which


def _pending(st: State, seat: int, which: str) -> bool:
    """Is that action of `seat`'s play still to be performed, declined or lost?"""
    return any(
        x.seat == seat and (_holds(x, which) or x.kind == "order" and which != "pooled Move")
        for x in st.stack
    )


def _cannot(ev: list[Event], seat: int, which: str | None = None) -> re.Match[str] | None:
    for e in ev:
        m = _CANNOT.match(e.text)
        if m and m["who"] == seat_name(seat) and which in (None, m["which"]):
            return m
    return None


def _doomed(
    st: State, seat: int, which: str, budget: list[int], seen: set[bytes] | None = None
) -> re.Match[str] | None:
    """The log line saying `which` cannot be used, when every continuation of the play (all
    choices of `seat`, a sale counted as all or nothing) leads to it; None when it can happen."""
    top = st.stack[-1] if st.stack else None
    if top is None or top.seat != seat:
        return None
    if _holds(top, which):  # its own menu is up: it has a way to be performed
        return None
    if top.kind == "order" and which != "pooled Move":  # it may go first: can it now?
        card_ref, comp_ref = halves(top)
        spec = data().cards[top.a]["dev"] if which == "card" and top.b == "development" else None
        if action_options(st, seat, spec or spec_of(card_ref if which == "card" else comp_ref)):
            return None
    seen = set() if seen is None else seen
    found: re.Match[str] | None = None
    for c in OPTIONS[top.kind](st, top):
        if c.step or c.id == BACK:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        tried = _try(st, seat, c.id)
        if tried is None:
            continue
        new, ev = tried
        m = _cannot(ev, seat, which)
        if m is None:
            if not _pending(new, seat, which):
                return None
            new.last, new.last_text = [], []  # the same position reached another way
            key = msgspec.json.encode(new)
            if key in seen:
                continue
            seen.add(key)
            m = _doomed(new, seat, which, budget, seen)
            if m is None:
                return None
        found = found or m
    return found


def _note(m: re.Match[str]) -> tuple[str, str, str]:
    """(long, medium, short) warnings for a 'cannot use' log line: with the action's name and
    the reason, with the reason, bare."""
    which, act = m["which"], m["act"]
    rep = re.match(r" \(repetition (\d+) of (\d+)\)", m["rep"] or "")
    if rep and rep[1] != "1":  # this repetition and any later ones
        i, k = rep[1], rep[2]
        what = f"repetition {k}" if i == k else f"repetitions {i}-{k}"
        named = f"{what} of {act}"
    else:
        what = f"{which} action"
        named = f"{which} action {act}" + (f" ×{rep[2]}" if rep else "")
    return (
        f"{named} can't happen: {m['why']}",
        f"{what} can't happen: {m['why']}",
        f"{what} can't happen",
    )


def _lost_notes(ev: list[Event], seat: int) -> list[tuple[str, str, str]]:
    who = seat_name(seat)
    out = []
    for e in ev:
        m = _LOST.search(e.text)
        if not m or not e.text.startswith(who) or e.private_to is not None:
            continue
        text = e.text[len(who) :].removeprefix("'s").strip().rstrip(".")
        out.append((text, text, m[1]))
    return out


def _warn(st: State, t: Task, c: Choice) -> Choice:
    if c.step or c.id == BACK:
        return c
    tried = _try(st, t.seat, c.id)
    if tried is None:
        return c
    new, ev = tried
    notes: list[tuple[str, str, str]] = []
    lost: dict[str, re.Match[str]] = {}
    for which in _WHICH:
        m = _cannot(ev, t.seat, which)
        if m is None and _pending(new, t.seat, which):
            m = _doomed(new, t.seat, which, [SEARCH_BUDGET])
        if m is not None:
            lost[which] = m
    if {"card", "company"} <= lost.keys():
        both = "neither action can happen"
        if t.kind == "turn":
            both += ": the card is spent for nothing"
            skip = f"{both} (Skip gains ₹{data().game['skip_income_rupees']})"
            notes.append((skip, skip, both))
        else:
            notes.append((both, both, both))
    else:
        notes += [_note(m) for m in lost.values()]
    notes += _lost_notes(ev, t.seat)
    return Choice(c.id, with_notes(c.label, notes), c.group, c.step)


#: A label is cut to make room for a warning, but not below this many characters.
LABEL_KEEP = 40


def with_notes(label: str, notes: list[tuple[str, str, str]], limit: int = 100) -> str:
    """'label — note; note' within `limit` characters: the most telling notes that fit, the
    label cut (to LABEL_KEEP at least) when needed; a warning itself is never cut."""
    if not notes:
        return label
    tails = [" — " + "; ".join(dict.fromkeys(n[k] for n in notes)) for k in range(3)]
    for tail in tails:
        if len(label) + len(tail) <= limit:
            return label + tail
    for tail in tails:
        room = limit - len(tail) - 1
        if room >= min(LABEL_KEEP, len(label)) or tail is tails[-1]:
            return label[: max(0, room)].rstrip() + "…" + tail
    return label  # pragma: no cover - the loop always returns
