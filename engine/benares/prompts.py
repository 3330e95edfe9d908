"""What a deciding player may choose now (the options of every decision) and the prompt texts.

Option builders are pure: they read the state and never change it."""

from __future__ import annotations

from collections.abc import Callable

from engine.benares import administration as adm
from engine.benares import intertwine
from engine.benares.actions import action_options, crate_price, spec_of
from engine.benares.data import data
from engine.benares.state import State, Task
from engine.benares.text import action_text, card_text, good_name, pawn_name, space_name
from engine.core import Choice


def _c(cid: str, label: str, group: str = "") -> Choice:
    return Choice(cid, label[:100], group)


# ---- options --------------------------------------------------------------------
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


def halves(t: Task) -> tuple[str, str]:
    """(card action ref, company action ref) of the play described by an order/turn task."""
    half = "dev" if t.b == "development" else "logistics"
    return f"card:{t.a}:{half}", f"space:{t.n}:{t.b}"


def _order_opts(st: State, t: Task) -> list[Choice]:
    card_ref, comp_ref = halves(t)
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


OPTIONS: dict[str, Callable[[State, Task], list[Choice]]] = {
    "boat": _boat_opts,
    "turn": _turn_opts,
    "play": _play_opts,
    "order": _order_opts,
    "action": _action_opts,
    "card_dev": _card_dev_opts,
    "pick_pawn": _pick_pawn_opts,
    "pick_good": _pick_good_opts,
    "wild_goods": _wild_goods_opts,
    "sell_mode": _sell_mode_opts,
    "sell": _sell_opts,
    "invest": _invest_opts,
    "mix": intertwine.options,
}

#: Decisions whose choices show cards from the hand: collected privately.
SECRET = {"turn", "play"}


def options(st: State, t: Task) -> list[Choice]:
    return OPTIONS[t.kind](st, t)
