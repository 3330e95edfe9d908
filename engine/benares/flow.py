"""The resolution loop: automatic tasks run at once, decision tasks wait for a choice.

A decision with a single legal option (or none) is resolved by the engine (R114), so every
prompt shown to a player has at least two options."""

from __future__ import annotations

from collections.abc import Callable

from engine.benares import administration as adm
from engine.benares import intertwine
from engine.benares.actions import (
    action_options,
    cannot_text,
    crate_price,
    finish_sale,
    perform,
    spec_of,
)
from engine.benares.data import data
from engine.benares.effects import push
from engine.benares.market import goods_step, pawn_step
from engine.benares.posts import check_concession
from engine.benares.state import State, Task
from engine.benares.text import (
    action_text,
    card_text,
    good_name,
    log,
    pawn_name,
    seat_name,
    space_name,
    touch,
)
from engine.benares.treasury import gain, gain_discs, gain_vp
from engine.core import Choice, Event, IllegalAction

Options = Callable[[State, Task], list[Choice]]
Chooser = Callable[[State, Task, str, list[Event]], None]


def _c(cid: str, label: str, group: str = "") -> Choice:
    return Choice(cid, label[:100], group)


# ---- automatic tasks ------------------------------------------------------------------------
def _rupees(st: State, t: Task, ev: list[Event]) -> None:
    gain(st, ev, t.seat, t.n, t.b)


def _vp(st: State, t: Task, ev: list[Event]) -> None:
    gain_vp(st, t.seat, t.n)
    log(st, ev, f"{seat_name(t.seat)} gains {t.n} VP ({t.b}).")


def _discs(st: State, t: Task, ev: list[Event]) -> None:
    gain_discs(st, t.seat, t.n)
    log(st, ev, f"{seat_name(t.seat)} gains {t.n} Profit disc{'s' if t.n > 1 else ''} ({t.b}).")


def _lasting(st: State, t: Task, ev: list[Event]) -> None:
    c = st.companies[t.seat]
    if t.a == "set_hold_capacity":
        c.capacity = t.n
    elif t.a == "move_bonus_steps":
        c.move_bonus = t.n
    elif t.a == "set_crate_cost_rupees":
        c.crate_cost = t.n
    elif t.a == "load_bonus_crates":
        c.load_bonus = t.n


AUTO: dict[str, Callable[[State, Task, list[Event]], None]] = {
    "pawn": pawn_step,
    "goods": goods_step,
    "concession": lambda st, t, ev: check_concession(st, t.seat, t.a, ev),
    "rupees": _rupees,
    "vp": _vp,
    "discs": _discs,
    "lasting": _lasting,
    "end_turn": lambda st, t, ev: adm.end_turn(st, ev),
    "start_round": lambda st, t, ev: adm.start_round(st, ev),
    "admin": lambda st, t, ev: adm.start_admin(st, ev),
    "invest_next": lambda st, t, ev: adm.invest_next(st, ev, t.seat),
    "admin_end": lambda st, t, ev: adm.admin_end(st, ev),
    "sell_done": lambda st, t, ev: finish_sale(st, ev, t.seat, t.a),
}


# ---- decisions: options --------------------------------------------------------------------
def _boat_opts(st: State, t: Task) -> list[Choice]:
    return [
        _c(f"boat:{s}", f"Start your boat at {space_name(s)}", "Boat")
        for s in data().game["boat_start_spaces"]
    ]


def _turn_opts(st: State, t: Task) -> list[Choice]:
    return [_c(f"card:{x}", f"Play {card_text(x)}", "Cards") for x in st.companies[t.seat].hand]


def _play_opts(st: State, t: Task) -> list[Choice]:
    d = data()
    card = d.cards[t.a]
    skip = d.game["skip_income_rupees"]
    out = []
    for i, slot in enumerate(st.companies[t.seat].board):
        if slot.card:
            continue
        sp = d.board[i]
        n = i + 1
        out.append(
            _c(
                f"dev:{n}",
                f"Play {action_text(card['dev'])} ×{sp['mult']} on space {n} "
                f"(+ company {action_text(sp['development'])})",
                "Development play",
            )
        )
        out.append(
            _c(
                f"log:{n}",
                f"Play {action_text(card['logistics'])} on space {n} "
                f"(+ company {action_text(sp['logistics'])})",
                "Logistics play",
            )
        )
    for i, slot in enumerate(st.companies[t.seat].board):
        if not slot.card:
            out.append(
                _c(
                    f"skip:{i + 1}",
                    f"Skip: put it on space {i + 1}, ignore both actions, gain ₹{skip}",
                    "Skip",
                )
            )
    out.append(_c("back", "Back: choose another card", "Back"))
    return out


def _halves(t: Task) -> tuple[str, str]:
    """(card action ref, company action ref) of the play described by an order/turn task."""
    half = "dev" if t.b == "development" else "logistics"
    return f"card:{t.a}:{half}", f"space:{t.n}:{t.b}"


def _order_opts(st: State, t: Task) -> list[Choice]:
    card_ref, comp_ref = _halves(t)
    mult = data().board[t.n - 1]["mult"]
    times = f" ×{mult}" if t.b == "development" else ""
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
    pre = f"Repetition {t.n} of {t.m}: " if t.m > 1 else ""
    out = [_c(o.id, pre + o.label, o.group) for o in opts]
    stop = "Stop: skip this and later repetitions" if t.m > 1 else "Decline the card action"
    out.append(_c("decline", f"{stop} ({action_text(spec)})", "Decline"))
    if t.n > 1 and intertwine.enabled(st) and _company_below(st.stack[:-1]):
        out.append(
            _c("company_now", "Do the company action now, then continue (house rule)", "Order")
        )
    return out


def _company_below(stack: list[Task]) -> bool:
    """True when the task under a card Development repetition is this play's company action."""
    return bool(stack) and stack[-1].kind == "action" and stack[-1].b == "company"


def _pick_pawn_opts(st: State, t: Task) -> list[Choice]:
    c = st.companies[t.seat]
    return [
        _c(f"pawn:{p}", f"{pawn_name(p)} +{t.n} (now row {c.rows[p]})", "Reward")
        for p in t.a.split(",")
        if c.rows[p] < data().max_row
    ]


def _pick_good_opts(st: State, t: Task) -> list[Choice]:
    c = st.companies[t.seat]
    return [
        _c(f"good:{g}", f"{good_name(g)} +{t.n} (now {c.goods[g]})", "Goods")
        for g in data().goods
        if c.goods[g] < data().max_pos
    ]


def _wild_goods_opts(st: State, t: Task) -> list[Choice]:
    c = st.companies[t.seat]
    return [
        _c(f"good:{g}", f"Next step to {good_name(g)} (now {c.goods[g]})", "Goods")
        for g in data().goods
        if c.goods[g] < data().max_pos
    ]


def _sell_mode_opts(st: State, t: Task) -> list[Choice]:
    c = st.companies[t.seat]
    total = sum(n * crate_price(st, t.seat, t.a, g) for g, n in c.hold.items())
    return [
        _c("sell:all", f"Sell all {sum(c.hold.values())} crates for ₹{total}", "Sell"),
        _c("sell:pick", "Choose how many crates of each good to sell", "Sell"),
        _c("sell:none", "Sell nothing (keep the crates)", "Sell"),
    ]


def _sell_opts(st: State, t: Task) -> list[Choice]:
    have = st.companies[t.seat].hold.get(t.b, 0)
    price = crate_price(st, t.seat, t.a, t.b)
    return [
        _c(
            f"n:{k}",
            f"Sell {k} {good_name(t.b)} at ₹{price} each (₹{k * price})"
            if k
            else f"Sell no {good_name(t.b)}",
            "Sell",
        )
        for k in range(have, -1, -1)
    ]


def _invest_opts(st: State, t: Task) -> list[Choice]:
    return adm.invest_options(st, t.seat)


# ---- decisions: choosing --------------------------------------------------------------------
def _boat(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    st.last.clear()
    st.last_text.clear()
    space = cid.split(":")[1]
    st.companies[t.seat].boat = space
    touch(st, f"boat:{t.seat}", f"map:{space}")
    log(st, ev, f"{seat_name(t.seat)} puts their boat on {space_name(space)}.")


def _turn(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    st.last.clear()
    st.last_text.clear()
    push(st, Task("play", t.seat, a=cid.split(":")[1]))


def _play(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    if cid == "back":
        push(st, Task("turn", t.seat))
        return
    d = data()
    mode_key, space = cid.split(":")
    n = int(space)
    c = st.companies[t.seat]
    mode = {"dev": "development", "log": "logistics", "skip": "skip"}[mode_key]
    c.hand.remove(t.a)
    c.board[n - 1].card = t.a
    c.board[n - 1].mode = mode
    touch(st, f"space:{t.seat}:{n}")
    push(st, Task("end_turn", t.seat))
    if mode == "skip":
        log(
            st,
            ev,
            f"{seat_name(t.seat)} skips the turn, putting {card_text(t.a)} on space {n}.",
            barrier=True,
        )
        gain(st, ev, t.seat, d.game["skip_income_rupees"], "skip")
        return
    log(
        st,
        ev,
        f"{seat_name(t.seat)} plays {card_text(t.a)} on space {n} as a {mode.capitalize()} play.",
        barrier=True,
    )
    if mode == "logistics" and intertwine.enabled(st):
        card_ref, comp_ref = f"card:{t.a}:logistics", f"space:{n}:logistics"
        kinds = (spec_of(card_ref)["kind"], spec_of(comp_ref)["kind"])
        if sorted(kinds) == ["load", "move"]:
            move_ref, load_ref = (
                (card_ref, comp_ref) if kinds[0] == "move" else (comp_ref, card_ref)
            )
            intertwine.start(st, t.seat, move_ref, load_ref)
            return
    push(st, Task("order", t.seat, a=t.a, b=mode, n=n))


def _order(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    card_ref, comp_ref = _halves(t)
    if cid == "pool":
        log(st, ev, f"{seat_name(t.seat)} pools the two Move actions.")
        push(st, Task("action", t.seat, a=f"pool:{t.a}:{t.n}", b="pooled Move"))
        return
    if t.b == "development":
        card_task = Task("card_dev", t.seat, a=t.a, n=1, m=data().board[t.n - 1]["mult"])
    else:
        card_task = Task("action", t.seat, a=card_ref, b="card")
    comp_task = Task("action", t.seat, a=comp_ref, b="company")
    first, second = (card_task, comp_task) if cid == "first:card" else (comp_task, card_task)
    log(
        st,
        ev,
        f"{seat_name(t.seat)} does the {'card' if first is card_task else 'company'} action first.",
    )
    push(st, second)
    push(st, first)


def _action(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    spec = spec_of(t.a)
    if not cid:
        log(
            st,
            ev,
            f"{seat_name(t.seat)} cannot use the {t.b} action {action_text(spec)}: "
            f"{cannot_text(st, t.seat, spec)}.",
        )
    elif cid == "decline":
        log(st, ev, f"{seat_name(t.seat)} declines the {t.b} action {action_text(spec)}.")
    else:
        perform(st, ev, t.seat, spec, cid)


def _card_dev(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    spec = data().cards[t.a]["dev"]
    rep = f" (repetition {t.n} of {t.m})" if t.m > 1 else ""
    if not cid:
        log(
            st,
            ev,
            f"{seat_name(t.seat)} cannot use the card action {action_text(spec)}{rep}: "
            f"{cannot_text(st, t.seat, spec)}.",
        )
    elif cid == "decline":
        log(st, ev, f"{seat_name(t.seat)} declines the card action {action_text(spec)}{rep}.")
    elif cid == "company_now":
        comp = st.stack.pop()
        log(st, ev, f"{seat_name(t.seat)} switches to the company action.")
        push(st, Task("card_dev", t.seat, a=t.a, n=t.n, m=t.m))
        push(st, comp)
    else:
        if t.n < t.m:  # the next repetition waits under everything this one triggers (R75)
            push(st, Task("card_dev", t.seat, a=t.a, n=t.n + 1, m=t.m))
        perform(st, ev, t.seat, spec, cid)


def _pick_pawn(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    if not cid:
        log(st, ev, f"{seat_name(t.seat)}'s pawns are at the top: {t.b} gives nothing.")
        return
    pawn = cid.split(":")[1]
    log(st, ev, f"{seat_name(t.seat)} picks the {pawn_name(pawn)} for {t.b}.")
    push(st, Task("pawn", t.seat, a=pawn, b=t.b, n=t.n))


def _pick_good(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    if not cid:
        log(st, ev, f"{seat_name(t.seat)}'s Goods markers are all at the end: nothing happens.")
        return
    good = cid.split(":")[1]
    log(st, ev, f"{seat_name(t.seat)} picks {good_name(good)} for {t.b}.")
    push(st, Task("goods", t.seat, a=good, b=t.b, n=t.n))


def _wild_goods(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    if not cid:
        log(st, ev, f"{seat_name(t.seat)}'s Goods markers are all at the end: steps lost.")
        return
    if t.n > 1:
        push(st, Task("wild_goods", t.seat, n=t.n - 1))
    push(st, Task("goods", t.seat, a=cid.split(":")[1], n=1))


def _sell_mode(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    c = st.companies[t.seat]
    if cid == "sell:all":
        st.sale = dict(c.hold)
    elif cid == "sell:pick":
        for g in reversed(data().goods):
            if c.hold.get(g, 0):
                push(st, Task("sell", t.seat, a=t.a, b=g))


def _sell(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    st.sale[t.b] = int(cid.split(":")[1])


def _invest(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    st.last.clear()
    st.last_text.clear()
    adm.invest_choose(st, ev, t.seat, cid)


DECIDE: dict[str, tuple[Options, Chooser]] = {
    "boat": (_boat_opts, _boat),
    "turn": (_turn_opts, _turn),
    "play": (_play_opts, _play),
    "order": (_order_opts, _order),
    "action": (_action_opts, _action),
    "card_dev": (_card_dev_opts, _card_dev),
    "pick_pawn": (_pick_pawn_opts, _pick_pawn),
    "pick_good": (_pick_good_opts, _pick_good),
    "wild_goods": (_wild_goods_opts, _wild_goods),
    "sell_mode": (_sell_mode_opts, _sell_mode),
    "sell": (_sell_opts, _sell),
    "invest": (_invest_opts, _invest),
    "mix": (intertwine.options, intertwine.choose),
}

#: Decisions whose choices show cards from the hand: collected privately.
SECRET = {"turn", "play"}


def options(st: State, t: Task) -> list[Choice]:
    return DECIDE[t.kind][0](st, t)


def run(st: State, ev: list[Event]) -> None:
    """Resolve until a real decision (two or more options) is on top, or the stack is empty."""
    stack = st.stack
    while stack:
        top = stack[-1]
        auto = AUTO.get(top.kind)
        if auto is not None:
            stack.pop()
            auto(st, top, ev)
            continue
        opts, choose = DECIDE[top.kind]
        found = opts(st, top)
        if len(found) >= 2:
            return
        stack.pop()
        choose(st, top, found[0].id if found else "", ev)


def decide(st: State, seat: int, cid: str) -> list[Event]:
    if not st.stack:
        raise IllegalAction("The game is over; there is nothing left to decide.")
    top = st.stack[-1]
    if seat != top.seat:
        raise IllegalAction(f"It is not your decision now: {seat_name(top.seat)} is deciding.")
    valid = {c.id for c in options(st, top)}
    if cid not in valid:
        raise IllegalAction(explain(st, top, cid))
    ev: list[Event] = []
    st.stack.pop()
    DECIDE[top.kind][1](st, top, cid, ev)
    run(st, ev)
    return ev


def explain(st: State, t: Task, cid: str) -> str:
    """A specific, polite refusal for a choice that is not on offer."""
    kind, _, arg = cid.partition(":")
    c = st.companies[t.seat]
    if t.kind == "turn" and kind == "card":
        return f"You don't hold card {arg}; choose one of the cards in your hand."
    if t.kind == "play" and kind in ("dev", "log", "skip") and arg.isdigit():
        n = int(arg)
        if not 1 <= n <= len(c.board):
            return f"Your Company board has spaces 1 to {len(c.board)}."
        return f"Space {n} already holds a card this round; pick an empty space."
    if t.kind == "invest" and kind == "buy":
        return (
            f"You can't buy {arg} now: you have {c.discs} Profit disc(s), and a sector's "
            "levels must be bought in order, each at most once."
        )
    if kind == "load":
        return "You can't load that many crates here now."
    if kind in ("to", "fleet"):
        return "Your boat can't end this Move there (movement is mandatory while possible)."
    return "That choice isn't available right now; please pick one of the listed options."


PROMPT_TEXT: dict[str, Callable[[State, Task], str]] = {
    "boat": lambda st, t: "Choose where your boat starts: Benares or Calcutta.",
    "turn": lambda st, t: (
        f"Round {st.round}, your turn {st.turns_taken // st.seats + 1} of "
        f"{data().game['company_spaces']}: choose a card to play."
    ),
    "play": lambda st, t: f"Where and how do you play {card_text(t.a)}?",
    "order": lambda st, t: "Which action goes first? Each is finished before the other begins.",
    "action": lambda st, t: f"The {t.b} action {action_text(spec_of(t.a))}: perform or decline?",
    "card_dev": lambda st, t: (
        f"Card action {action_text(data().cards[t.a]['dev'])}"
        + (f", repetition {t.n} of {t.m}" if t.m > 1 else "")
        + ": perform or decline?"
    ),
    "pick_pawn": lambda st, t: f"{t.b}: choose a pawn to advance.",
    "pick_good": lambda st, t: f"{t.b}: choose a good to advance.",
    "wild_goods": lambda st, t: "Choose the good for the next step of the wild Goods action.",
    "sell_mode": lambda st, t: f"Your boat entered {space_name(t.a)}: sell crates?",
    "sell": lambda st, t: f"How many {good_name(t.b)} crates do you sell in {space_name(t.a)}?",
    "mix": lambda st, t: "Intertwined Load and Move: choose the next unit.",
    "invest": lambda st, t: (
        f"Investment (you have {st.companies[t.seat].discs} Profit discs): buy one cell or pass."
    ),
}


def prompt_text(st: State, t: Task) -> str:
    return PROMPT_TEXT[t.kind](st, t)
