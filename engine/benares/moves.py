"""Applying a decision (`decide`) and the resolution loop it starts (`run`, on the task stack of
engine/kit/tasks.py): automatic tasks run at once, decision tasks wait for a choice.

A decision with a single legal option (or none) is resolved by the engine (R114), so every
prompt shown to a player has at least two options."""

from __future__ import annotations

from collections.abc import Callable

from engine.benares import administration as adm
from engine.benares import intertwine
from engine.benares.actions import (
    can_perform,
    cannot_text,
    finish_sale,
    perform,
    spec_of,
)
from engine.benares.data import data
from engine.benares.effects import push
from engine.benares.market import advance_text, goods_step, pawn_step, quiet
from engine.benares.menus import MODES, PICK, is_move, parse_play, parse_sale
from engine.benares.posts import check_concession
from engine.benares.prompts import SECRET, bare_options, halves, options, prompt_text
from engine.benares.state import Slot, State, Task
from engine.benares.text import (
    action_text,
    card_text,
    good_name,
    log,
    pawn_name,
    plural,
    seat_name,
    space_name,
    touch,
)
from engine.benares.treasury import credit, gain, gain_discs, gain_vp
from engine.core import BACK, CHAIN, REPEAT, Event, IllegalAction
from engine.kit import tasks

Chooser = Callable[[State, Task, str, list[Event]], None]


# ---- automatic tasks ------------------------------------------------------------------------
def _rupees(st: State, t: Task, ev: list[Event]) -> None:
    gain(st, ev, t.seat, t.n, t.b)


def _vp(st: State, t: Task, ev: list[Event]) -> None:
    gain_vp(st, t.seat, t.n)
    log(st, ev, f"{seat_name(t.seat)} gains {t.n} VP ({t.b}).")


def _discs(st: State, t: Task, ev: list[Event]) -> None:
    gain_discs(st, t.seat, t.n)
    log(st, ev, f"{seat_name(t.seat)} gains {plural(t.n, 'Profit disc')} ({t.b}).")


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


# ---- decisions: choosing --------------------------------------------------------------------
def _boat(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    st.last.clear()
    st.last_text.clear()
    space = cid.split(":")[1]
    st.companies[t.seat].boat = space
    touch(st, f"boat:{t.seat}", f"map:{space}")
    log(st, ev, f"{seat_name(t.seat)} puts their boat on {space_name(space)}.")


def _turn(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    """A complete play `play:<card>:<mode>:<space>` (the card was a step of the draft)."""
    st.last.clear()
    st.last_text.clear()
    parsed = parse_play(cid)
    assert parsed is not None  # validated by decide
    card, mode_key, n = parsed
    _play(st, t.seat, card, mode_key, n, ev)


def _play(st: State, seat: int, card: str, mode_key: str, n: int, ev: list[Event]) -> None:
    d = data()
    c = st.companies[seat]
    mode = MODES[mode_key]
    c.hand.remove(card)
    c.board[n - 1] = Slot(card, mode)
    touch(st, f"space:{seat}:{n}")
    push(st, Task("end_turn", seat))
    if mode == "skip":
        rupees = d.game["skip_income_rupees"]
        note = credit(st, seat, rupees)
        log(
            st,
            ev,
            f"{seat_name(seat)} skips the turn, putting {card_text(card, False)} on space {n}, "
            f"and gains ₹{rupees} ({note}).",
            barrier=True,
        )
        return
    if st.logged:  # no log text on a search copy
        log(
            st,
            ev,
            f"{seat_name(seat)} plays {card_text(card, False)} on space {n} as a "
            f"{mode.capitalize()} play.",
            barrier=True,
        )
    if mode == "logistics" and intertwine.enabled(st):
        card_ref, comp_ref = f"card:{card}:logistics", f"space:{n}:logistics"
        kinds = (spec_of(card_ref)["kind"], spec_of(comp_ref)["kind"])
        if sorted(kinds) == ["load", "move"]:
            move_ref, load_ref = (
                (card_ref, comp_ref) if kinds[0] == "move" else (comp_ref, card_ref)
            )
            intertwine.start(st, seat, move_ref, load_ref)
            return
    push(st, Task("order", seat, a=card, b=mode, n=n))


def _order(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    card_ref, comp_ref = halves(t)
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
    if st.logged:  # no log text on a search copy
        which = "card" if first is card_task else "company"
        log(st, ev, f"{seat_name(t.seat)} does the {which} action first.")
    push(st, second)
    push(st, first)


def _action(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    spec = spec_of(t.a)
    if not st.logged and cid in ("", "decline"):  # only a log line: none on a search copy
        return
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
    if cid in ("", "decline"):
        if st.logged:  # only a log line: none on a search copy
            what = f"card action {action_text(spec)}"
            what += f" (repetition {t.n} of {t.m})" if t.m > 1 else ""
            if cid:
                log(st, ev, f"{seat_name(t.seat)} declines the {what}.")
            else:
                log(
                    st,
                    ev,
                    f"{seat_name(t.seat)} cannot use the {what}: {cannot_text(st, t.seat, spec)}.",
                )
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
    now = st.companies[t.seat].rows[pawn]
    span = advance_text(now, t.n, data().max_row)
    log(st, ev, f"{seat_name(t.seat)} picks the {pawn_name(pawn)} for {t.b}: row {span}.")
    push(st, Task("pawn", t.seat, a=pawn, b=t.b, n=t.n, m=quiet(now)))


def _pick_good(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    if not cid:
        log(st, ev, f"{seat_name(t.seat)}'s Goods markers are all at the end: nothing happens.")
        return
    good = cid.split(":")[1]
    now = st.companies[t.seat].goods[good]
    span = advance_text(now, t.n, data().max_pos)
    log(st, ev, f"{seat_name(t.seat)} picks {good_name(good)} for {t.b}: marker {span}.")
    push(st, Task("goods", t.seat, a=good, b=t.b, n=t.n, m=quiet(now)))


def _wild_goods(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    if not cid:
        log(st, ev, f"{seat_name(t.seat)}'s Goods markers are all at the end: steps lost.")
        return
    good = cid.split(":")[1]
    now = st.companies[t.seat].goods[good]
    span = advance_text(now, 1, data().max_pos)
    log(st, ev, f"{seat_name(t.seat)} puts the next step on {good_name(good)}: marker {span}.")
    if t.n > 1:
        push(st, Task("wild_goods", t.seat, n=t.n - 1))
    push(st, Task("goods", t.seat, a=good, n=1, m=quiet(now)))


def _sell_mode(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    c = st.companies[t.seat]
    if cid == "sell:all":
        st.sale = dict(c.hold)
    elif cid != "sell:none":  # counts chosen good by good in the draft
        st.sale = dict(parse_sale(cid) or [])


def _sell(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    st.sale[t.b] = int(cid.split(":")[1])


def _invest(st: State, t: Task, cid: str, ev: list[Event]) -> None:
    st.last.clear()
    st.last_text.clear()
    adm.invest_choose(st, ev, t.seat, cid)


CHOOSE: dict[str, Chooser] = {
    "boat": _boat,
    "turn": _turn,
    "order": _order,
    "action": _action,
    "card_dev": _card_dev,
    "pick_pawn": _pick_pawn,
    "pick_good": _pick_good,
    "wild_goods": _wild_goods,
    "sell_mode": _sell_mode,
    "sell": _sell,
    "invest": _invest,
    "mix": intertwine.choose,
}


def run(st: State, ev: list[Event]) -> None:
    """Resolve until a real decision (two or more options) is on top, or the stack is empty."""
    tasks.resolve(st, st.stack, AUTO, _forced, CHOOSE, ev)


def _forced(st: State, t: Task) -> str | None:
    """The move decision `t` resolves to by itself (R114): its only option, "" when it has none;
    None when it waits for its seat (two or more options, or a step)."""
    if waits(st, t):
        return None
    found = bare_options(st, t)
    if len(found) >= 2 or any(c.step for c in found):
        return None
    return found[0].id if found else ""


def waits(st: State, t: Task) -> bool:
    """True when decision `t` surely waits for its seat (`run` would stop at it), known without
    building its options and their labels: an order and a sale always offer two or more; an
    action (or a card's Development) that can be performed offers its ways and decline; a
    turn's two or more cards are steps, one card has three plays per open space. False: build
    the options to see."""
    if t.kind in ("order", "sell_mode"):
        return True
    if t.kind == "action":
        return can_perform(st, t.seat, spec_of(t.a))
    if t.kind == "card_dev":
        return can_perform(st, t.seat, data().cards[t.a]["dev"])
    if t.kind != "turn":
        return False
    c = st.companies[t.seat]
    return len(c.hand) >= 2 or bool(c.hand) and any(not s.card for s in c.board)


def apply(st: State, seat: int, cid: str) -> list[Event]:
    """One complete move of `seat`: a chain of decisions (chains.py) or a single one (`decide`)."""
    if CHAIN in cid or REPEAT in cid:
        from engine.benares import chains  # (chains builds on `decide`: imported on first use)

        return chains.apply(st, seat, cid)
    return decide(st, seat, cid)


def decide(st: State, seat: int, cid: str) -> list[Event]:
    if not st.stack:
        raise IllegalAction("The game is over; there is nothing left to decide.")
    top = st.stack[-1]
    if seat != top.seat:
        raise IllegalAction(f"It is not your decision now: {seat_name(top.seat)} is deciding.")
    if not legal(st, top, cid):
        raise IllegalAction(explain(st, top, cid))
    ev: list[Event] = []
    st.stack.pop()
    CHOOSE[top.kind](st, top, cid, ev)
    run(st, ev)
    return ev


def legal(st: State, t: Task, cid: str) -> bool:
    """Is `cid` a complete move of decision `t` (what the menus can build, never a step)?"""
    stepped = is_move(st, t, cid)
    if stepped is not None:
        return stepped
    return any(c.id == cid and not c.step for c in bare_options(st, t))


def explain(st: State, t: Task, cid: str) -> str:
    """A specific, polite refusal for a choice that is not on offer."""
    kind, _, arg = cid.partition(":")
    c = st.companies[t.seat]
    if cid == BACK:
        return "Back only changes your menu; it is not a move."
    if cid == PICK:
        return "Choose how many crates of each good to sell first."
    play = parse_play(cid)
    if t.kind == "turn" and (kind == "card" or play):
        card = play[0] if play else arg
        if card not in c.hand:
            return f"You don't hold card {card}; choose one of the cards in your hand."
        if not play:
            return f"Choose where and how to play {card}: picking the card is not a move yet."
        n = play[2]
        if not 1 <= n <= len(c.board):
            return f"Your Company board has spaces 1 to {len(c.board)}."
        return f"Space {n} already holds a card this round; pick an empty space."
    if t.kind == "invest" and kind == "buy":
        return (
            f"You can't buy {arg} now: you have {plural(c.discs, 'Profit disc')}, and a sector's "
            "levels must be bought in order, each at most once."
        )
    if kind == "load":
        return "You can't load that many crates here now."
    if kind in ("to", "fleet"):
        return "Your boat can't end this Move there (movement is mandatory while possible)."
    return "That choice isn't available right now; please pick one of the listed options."


__all__ = ["SECRET", "decide", "legal", "options", "prompt_text", "run"]
