"""What a deciding player may choose now (the options of every decision) and the prompt texts.

Option builders are pure: they read the state and never change it."""

from __future__ import annotations

from collections.abc import Callable

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
from engine.benares.traps import warned
from engine.core import Choice


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


def bare_options(st: State, t: Task) -> list[Choice]:
    """The choices of decision `t` without warning labels: what the rules need (is a choice
    legal, does a decision resolve itself). The labels cost most of a move's time."""
    return OPTIONS[t.kind](st, t)


def options(st: State, t: Task) -> list[Choice]:
    """The choices of decision `t`; a real decision (two or more) has warning labels."""
    found = bare_options(st, t)
    if len(found) < 2 or t.kind == "boat" or all(c.step for c in found):
        return found
    listed = warned(st, t, found)
    if t.kind in ("order", "card_dev"):
        from engine.benares import chains  # (chains builds menus with this module)

        listed = listed + chains.offered(st, t, listed)
    return listed
