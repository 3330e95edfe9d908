"""Moves built in steps (engine contract: "A move is a path of small choices").

Two decisions are menus of steps; the steps live in the host's draft, never in the state:

* a turn: pick a hand card (step ``card:<card>``), then where and how to play it, the move
  ``play:<card>:<dev|log|skip>:<space>`` (a hand of one card skips the first menu);
* a sale of several goods, count by count: ``sell:pick`` (step), then ``n:<k>`` for each held
  good in goods order (steps); the last count completes ``sell:<good>=<k>,<good>=<k>...``.

Option builders are pure: they read the state and never change it."""

from __future__ import annotations

from engine.benares.actions import crate_price
from engine.benares.data import data
from engine.benares.state import State, Task
from engine.benares.text import action_text, card_text, good_name, plural, space_name
from engine.benares.traps import warned
from engine.core import BACK, Choice, IllegalAction, Prompt

#: Play id mode -> Slot.mode.
MODES = {"dev": "development", "log": "logistics", "skip": "skip"}
PICK = "sell:pick"


def _c(cid: str, label: str, group: str = "", step: bool = False) -> Choice:
    return Choice(cid, label[:100], group, step)


# ---- a turn: card, then play ------------------------------------------------------------------
def play_id(card: str, mode: str, space: int) -> str:
    return f"play:{card}:{mode}:{space}"


def parse_play(cid: str) -> tuple[str, str, int] | None:
    """(card, mode key, space) of a play id, or None when `cid` is not shaped like one."""
    parts = cid.split(":")
    if len(parts) != 4 or parts[0] != "play" or parts[2] not in MODES or not parts[3].isdigit():
        return None
    return parts[1], parts[2], int(parts[3])


def open_spaces(st: State, seat: int) -> list[int]:
    return [i + 1 for i, slot in enumerate(st.companies[seat].board) if not slot.card]


def play_choices(st: State, seat: int, card: str) -> list[Choice]:
    """All Development plays, then all Logistics plays, then Skips, so each menu group is whole."""
    d = data()
    cd = d.cards[card]
    skip = d.game["skip_income_rupees"]
    dev, log, skips = [], [], []
    for n in open_spaces(st, seat):
        sp = d.board[n - 1]
        times = f" ×{sp['mult']}" if sp["mult"] > 1 else ""
        dev.append(
            _c(
                play_id(card, "dev", n),
                f"Space {n}: card {action_text(cd['dev'])}{times} and company "
                f"{action_text(sp['development'])}",
                "Development play",
            )
        )
        log.append(
            _c(
                play_id(card, "log", n),
                f"Space {n}: card {action_text(cd['logistics'])} and company "
                f"{action_text(sp['logistics'])}",
                "Logistics play",
            )
        )
        skips.append(
            _c(
                play_id(card, "skip", n),
                f"Skip on space {n}: ignore both actions and gain ₹{skip}",
                "Skip",
            )
        )
    return dev + log + skips


def card_menu(st: State, seat: int, card: str) -> list[Choice]:
    """The menu after picking `card`: its plays and a way back to the cards."""
    return play_choices(st, seat, card) + [_c(BACK, "Back: choose another card", "Back", True)]


def turn_options(st: State, t: Task) -> list[Choice]:
    """The first menu of a turn: the hand's cards as steps (or the plays of a single card)."""
    hand = st.companies[t.seat].hand
    if len(hand) == 1:
        return play_choices(st, t.seat, hand[0])
    return [_c(f"card:{x}", f"Play {card_text(x)}", "Cards", True) for x in hand]


def _turn_menu(st: State, t: Task, draft: tuple[str, ...]) -> Prompt:
    hand = st.companies[t.seat].hand
    kind, _, card = draft[0].partition(":")
    if kind == "card" and card not in hand:
        raise IllegalAction(f"You don't hold card {card}; choose one of the cards in your hand.")
    if len(draft) != 1 or kind != "card" or len(hand) < 2:
        raise IllegalAction("That menu is not available: choose one of the cards in your hand.")
    text = f"Where and how do you play {card_text(card)}?"
    return Prompt(t.seat, text, card_menu(st, t.seat, card), secret=True)


def is_play(st: State, t: Task, cid: str) -> bool:
    parsed = parse_play(cid)
    if parsed is None:
        return False
    card, _, n = parsed
    return card in st.companies[t.seat].hand and n in open_spaces(st, t.seat)


# ---- a sale of several goods ------------------------------------------------------------------
def sale_goods(st: State, seat: int) -> list[str]:
    hold = st.companies[seat].hold
    return [g for g in data().goods if hold.get(g, 0) > 0]


def sale_id(counts: list[tuple[str, int]]) -> str:
    return "sell:" + ",".join(f"{g}={n}" for g, n in counts)


def parse_sale(cid: str) -> list[tuple[str, int]] | None:
    """[(good, count), ...] of a sale id built good by good, or None."""
    kind, _, rest = cid.partition(":")
    if kind != "sell" or "=" not in rest:
        return None
    out = []
    for part in rest.split(","):
        good, _, n = part.partition("=")
        if not n.isdigit():
            return None
        out.append((good, int(n)))
    return out


def count_label(st: State, seat: int, city: str, good: str, k: int) -> str:
    if not k:
        return f"Sell no {good_name(good)}"
    price = crate_price(st, seat, city, good)
    return f"Sell {plural(k, good_name(good) + ' crate')} at ₹{price} each (₹{k * price})"


def sell_mode_options(st: State, t: Task) -> list[Choice]:
    c = st.companies[t.seat]
    total = sum(n * crate_price(st, t.seat, t.a, g) for g, n in c.hold.items())
    return [
        _c("sell:all", f"Sell all {sum(c.hold.values())} crates for ₹{total}", "Sell"),
        _c(PICK, "Choose how many crates of each good to sell", "Sell", True),
        _c("sell:none", "Sell nothing (keep the crates)", "Sell"),
    ]


def _sale_menu(st: State, t: Task, draft: tuple[str, ...]) -> Prompt:
    goods = sale_goods(st, t.seat)
    hold = st.companies[t.seat].hold
    if draft[0] != PICK or len(draft) > len(goods):
        raise IllegalAction("That menu is not available: choose how to sell first.")
    counts = []
    for good, step in zip(goods, draft[1:], strict=False):
        kind, _, k = step.partition(":")
        if kind != "n" or not k.isdigit() or int(k) > hold[good]:
            raise IllegalAction(f"You can't sell that many {good_name(good)} crates.")
        counts.append((good, int(k)))
    good = goods[len(counts)]
    last = len(counts) == len(goods) - 1
    out = [
        _c(
            sale_id([*counts, (good, k)]) if last else f"n:{k}",
            count_label(st, t.seat, t.a, good, k),
            "Sell",
            not last,
        )
        for k in range(hold[good], -1, -1)
    ]
    back = "Back: sell all, none or choose" if not counts else "Back: change the previous count"
    out.append(_c(BACK, back, "Back", True))
    text = f"How many {good_name(good)} crates do you sell in {space_name(t.a)}?"
    return Prompt(t.seat, text, out)


def is_sale(st: State, t: Task, cid: str) -> bool:
    if cid in ("sell:all", "sell:none"):
        return True
    counts = parse_sale(cid)
    hold = st.companies[t.seat].hold
    return (
        counts is not None
        and [g for g, _ in counts] == sale_goods(st, t.seat)
        and all(k <= hold[g] for g, k in counts)
    )


# ---- the draft ----------------------------------------------------------------------------------
def submenu(st: State, t: Task, draft: tuple[str, ...]) -> Prompt:
    """The menu after the steps in a non-empty `draft` of the decision `t`; a choice whose
    action cannot happen says so (traps.warned)."""

    if t.kind == "turn":
        found = _turn_menu(st, t, draft)
    elif t.kind == "sell_mode":
        found = _sale_menu(st, t, draft)
    else:
        raise IllegalAction("That menu is not available now.")
    return Prompt(found.seat, found.text, warned(st, t, found.choices), found.secret)


def is_move(st: State, t: Task, cid: str) -> bool | None:
    """Whether `cid` is a complete move of a stepped decision; None for other decisions."""
    if t.kind == "turn":
        return is_play(st, t, cid)
    if t.kind == "sell_mode":
        return is_sale(st, t, cid)
    return None
