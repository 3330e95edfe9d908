"""The planning menus (R71-R76, R192, R193): a plan is built as private draft steps and confirmed
as ONE move whose id carries the whole plan.

Draft steps (never applied, never seen by others):
  `c<i>s<n>` put hand card i (index into the SORTED hand) into free unlocked slot n: one
          choice, offered while every card-and-slot pair fits one message (`PAIRS_MAX`);
  `c<i>`  pick hand card i -> then `s<n>` puts it into free unlocked slot n (the two-step
          path of a hand too large for the pairs, or of a hand page);
  `u<n>`  take back the card planned into slot n;
  `f<k>`  show face k (0/1) of the held bonus tile (R73; the draft starts on face 0, and
          the confirm label always says which face);
  `pg<k>` open page k of the hand (only when the hand does not fit one menu).
The confirm move: `plan:<slot>=<i>,<slot>=<i>...` (slots ascending) or `plan:-` (nothing planned),
plus `;t=<k>` when a bonus tile must be placed, e.g. `plan:2=3,4=0;t=1` (at most 34 chars).
Exactly one spelling per plan is accepted (no aliases).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.core import BACK, Choice, IllegalAction
from engine.mombasa.data import data
from engine.mombasa.rounds import tile_to_place
from engine.mombasa.state import State, card_kind
from engine.mombasa.text import alike, card_label, card_name, tile_face_text, truncate

MAX_MENU = 25
PAGE = 20
#: The most card-and-slot pairs the top planning menu lists as single choices (4 selects of 25
#: in one message, less room for take-backs, faces and confirm): beyond, a card is picked
#: first and its slot next.
PAIRS_MAX = 80
_PLAN = re.compile(r"plan:(-|[1-5]=\d{1,3}(?:,[1-5]=\d{1,3})*)(?:;t=(\d))?")


def sorted_hand(st: State, seat: int) -> list[str]:
    return sorted(st.players[seat].hand)


@dataclass
class Draft:
    slots: dict[int, int] = field(default_factory=dict)  # slot number -> sorted-hand index
    face: int = -1
    card: int = -1  # a picked card waiting for its slot
    page: int = -1  # a hand page opened


def free_slots(st: State, seat: int, dr: Draft) -> list[int]:
    return [n for n in sorted(st.players[seat].unlocked) if n not in dr.slots]


def replay(st: State, seat: int, path: tuple[str, ...]) -> Draft:
    """The draft a path of steps builds; IllegalAction when the menus cannot build it."""
    hand = sorted_hand(st, seat)
    tile = tile_to_place(st, seat)
    dr = Draft(face=0 if tile else -1)  # a held tile shows its first face until changed
    for step in path:
        pair = re.fullmatch(r"c(\d{1,3})s(\d)", step)
        if pair is not None:
            i, n = int(pair.group(1)), int(pair.group(2))
            if dr.card >= 0 or dr.page >= 0 or not _pairs_fit(st, seat, dr):
                raise IllegalAction("That planning menu is not available.")
            if i not in _cards(st, seat, dr) or n not in free_slots(st, seat, dr):
                raise IllegalAction("You cannot plan that card into that slot now.")
            dr.slots[n] = i
            continue
        m = re.fullmatch(r"(pg|[csuf])(\d{1,3})", step)
        if m is None:
            raise IllegalAction("That planning menu is not available.")
        kind, n = m.group(1), int(m.group(2))
        if dr.card >= 0:
            if kind != "s" or n not in free_slots(st, seat, dr):
                raise IllegalAction("Choose a free unlocked slot for the card you picked.")
            dr.slots[n], dr.card = dr.card, -1
            continue
        if dr.page >= 0 and kind != "c":
            raise IllegalAction("Choose a card from this page of your hand.")
        if kind == "pg":
            if n >= _pages(st, seat, dr) or dr.page >= 0:
                raise IllegalAction("There is no such page of your hand.")
            dr.page = n
        elif kind == "c":
            if dr.page < 0 and _pairs_fit(st, seat, dr):
                raise IllegalAction("Choose a card and its slot in one choice.")
            if n not in _cards(st, seat, dr) or not free_slots(st, seat, dr):
                raise IllegalAction("You cannot plan that card now.")
            if dr.page >= 0 and n not in _page_cards(st, seat, dr, dr.page):
                raise IllegalAction("That card is not on this page.")
            if dr.page < 0 and _pages(st, seat, dr):
                raise IllegalAction("Open a page of your hand first.")
            dr.card, dr.page = n, -1
        elif kind == "u":
            if n not in dr.slots:
                raise IllegalAction(f"Slot {n} holds no planned card.")
            del dr.slots[n]
        elif kind == "f":
            if not tile or n >= len(data().bonus_tiles[tile].faces):
                raise IllegalAction("You hold no bonus tile with that face.")
            if n == dr.face:
                raise IllegalAction("Your tile already shows that face.")
            dr.face = n
        else:
            raise IllegalAction("Pick a card before choosing its slot.")
    if any(i >= len(hand) for i in dr.slots.values()):
        raise IllegalAction("That card is no longer in your hand.")
    return dr


def _cards(st: State, seat: int, dr: Draft) -> list[int]:
    """Sorted-hand indices not planned yet, one per kind of card that plays alike (the
    first of its kind; `alike`): the menus offer one choice for cards nothing tells apart."""
    hand = sorted_hand(st, seat)
    taken = set(dr.slots.values())
    seen: set[tuple] = set()
    out = []
    for i, cid in enumerate(hand):
        key = alike(cid)
        if i not in taken and key not in seen:
            seen.add(key)
            out.append(i)
    return out


def _unplanned_alike(st: State, seat: int, dr: Draft, i: int) -> int:
    """How many cards like hand card `i` are not planned yet (it included)."""
    hand = sorted_hand(st, seat)
    taken = set(dr.slots.values())
    key = alike(hand[i])
    return sum(1 for j, cid in enumerate(hand) if j not in taken and alike(cid) == key)


def _card_choice(st: State, seat: int, dr: Draft, i: int) -> Choice:
    hand = sorted_hand(st, seat)
    n = _unplanned_alike(st, seat, dr, i)
    more = f" (you have {n} alike)" if n > 1 else ""
    return Choice(f"c{i}", truncate(f"Plan {card_label(hand[i])}{more}"), "Cards", step=True)


def canonical(st: State, seat: int, dr: Draft) -> dict[int, int]:
    """The draft's slots with, for each kind of card that plays alike, the lowest hand indices
    of that kind in ascending slot order: one spelling per plan (cards alike are one choice)."""
    hand = sorted_hand(st, seat)
    out: dict[int, int] = {}
    groups: dict[tuple, list[int]] = {}
    for n in sorted(dr.slots):
        groups.setdefault(alike(hand[dr.slots[n]]), []).append(n)
    for key, slots in groups.items():
        lowest = [j for j, cid in enumerate(hand) if alike(cid) == key][: len(slots)]
        out.update(zip(slots, lowest, strict=True))
    return out


def _pages(st: State, seat: int, dr: Draft) -> int:
    """0 = the cards fit the top menu; else how many pages of PAGE cards."""
    n = len(_cards(st, seat, dr))
    others = len(dr.slots) + 4  # take-backs, 2 faces, confirm, back
    if n + others <= MAX_MENU:
        return 0
    return -(-n // PAGE)


def _pairs_fit(st: State, seat: int, dr: Draft) -> bool:
    """Whether the top planning menu lists every card-and-slot pair as one choice (with, for
    the last free slot, each card put there and confirmed)."""
    cards, free = len(_cards(st, seat, dr)), len(free_slots(st, seat, dr))
    return 0 < cards * free + (cards if free == 1 else 0) <= PAIRS_MAX


def _pair_choices(st: State, seat: int, dr: Draft, tile: str | None) -> list[Choice]:
    """Every (card, free slot) pair as one step, grouped by slot (each slot's select lists the
    cards in hand order, so a card is always found in the same place); when one free slot is
    left, also each card put there and the plan confirmed at once (R192, R193: final)."""
    hand = sorted_hand(st, seat)
    free = free_slots(st, seat, dr)
    out: list[Choice] = []
    for n in free:
        for i in _cards(st, seat, dr):
            label = _card_choice(st, seat, dr, i).label + f" into slot {n}"
            out.append(Choice(f"c{i}s{n}", truncate(label), f"Slot {n}", step=True))
    if len(free) == 1 and (not tile or dr.face >= 0):
        n = free[0]
        for i in _cards(st, seat, dr):
            done = Draft(slots={**dr.slots, n: i}, face=dr.face)
            label = (
                f"Plan {card_name(hand[i])} into slot {n} and confirm (final): "
                f"{summary(st, seat, done)}"
            )
            out.append(Choice(encode(st, seat, done), truncate(label), "Confirm"))
    return out


def _page_cards(st: State, seat: int, dr: Draft, page: int) -> list[int]:
    return _cards(st, seat, dr)[page * PAGE : (page + 1) * PAGE]


def encode(st: State, seat: int, dr: Draft) -> str:
    slots = canonical(st, seat, dr)
    body = ",".join(f"{n}={slots[n]}" for n in sorted(slots)) or "-"
    return f"plan:{body}" + (f";t={dr.face}" if tile_to_place(st, seat) else "")


def decode(st: State, seat: int, move: str) -> tuple[list[str], int]:
    """A confirm id -> (card per slot 1..5, tile face); IllegalAction unless it is the one
    spelling `encode` gives for a legal plan."""
    m = _PLAN.fullmatch(move)
    if m is None:
        raise IllegalAction(f"{move!r} is not a plan.")
    hand = sorted_hand(st, seat)
    dr = Draft(face=int(m.group(2)) if m.group(2) is not None else -1)
    if m.group(1) != "-":
        for part in m.group(1).split(","):
            n, i = (int(x) for x in part.split("="))
            if n in dr.slots or i >= len(hand) or i in dr.slots.values():
                raise IllegalAction(
                    "A plan puts different cards of your hand into different slots."
                )
            dr.slots[n] = i
    if encode(st, seat, dr) != move:
        raise IllegalAction(f"{move!r} is not a plan in the form the menus build.")
    slots = [""] * 5
    for n, i in dr.slots.items():
        slots[n - 1] = hand[i]
    return slots, dr.face


def summary(st: State, seat: int, dr: Draft) -> str:
    hand = sorted_hand(st, seat)
    parts = [f"{n}: {card_name(hand[dr.slots[n]])}" for n in sorted(dr.slots)]
    tile = tile_to_place(st, seat)
    text = "; ".join(parts) or "nothing yet"
    if tile:
        text += f"; tile {tile}: " + (
            tile_face_text(tile, dr.face) if dr.face >= 0 else "face not chosen"
        )
    return text


def text_for(st: State, seat: int, dr: Draft) -> str:
    unlocked = ", ".join(str(n) for n in sorted(st.players[seat].unlocked))
    head = f"Round {st.round} planning (secret). Unlocked slots: {unlocked}. Your plan: {summary(st, seat, dr)}."
    if dr.card >= 0:
        return head + f" Choose a slot for {card_name(sorted_hand(st, seat)[dr.card])}."
    return head + " Plan a card, take one back, choose your tile's face, or confirm."


def menu(st: State, seat: int, path: tuple[str, ...], dr: Draft | None = None) -> list[Choice]:
    """The next choices after `path` (BACK included below the top); `dr` is `replay(st, seat,
    path)` when the caller has it already."""
    dr = replay(st, seat, path) if dr is None else dr
    hand = sorted_hand(st, seat)
    out: list[Choice] = []
    back = [Choice(BACK, "Back", "Other", step=True)] if path else []
    tile = tile_to_place(st, seat)
    if dr.card >= 0:
        name = card_name(hand[dr.card])
        free = free_slots(st, seat, dr)
        for n in free:
            out.append(Choice(f"s{n}", f"Put {name} into slot {n}", "Slot", step=True))
        if not tile or dr.face >= 0:  # a shortcut: place it and confirm at once
            for n in free:
                done = Draft(slots={**dr.slots, n: dr.card}, face=dr.face)
                label = f"Put {name} into slot {n} and confirm (final): {summary(st, seat, done)}"
                out.append(Choice(encode(st, seat, done), truncate(label), "Confirm"))
        return out + back
    if dr.page >= 0:
        for i in _page_cards(st, seat, dr, dr.page):
            out.append(_card_choice(st, seat, dr, i))
        return out + back
    if _pairs_fit(st, seat, dr):
        out += _pair_choices(st, seat, dr, tile)
    elif free_slots(st, seat, dr):
        pages = _pages(st, seat, dr)
        if pages == 0:
            for i in _cards(st, seat, dr):
                out.append(_card_choice(st, seat, dr, i))
        else:
            for k in range(pages):
                cards = _page_cards(st, seat, dr, k)
                label = f"Plan a card: hand cards {k * PAGE + 1}-{k * PAGE + len(cards)} ({card_name(hand[cards[0]])} …)"
                out.append(Choice(f"pg{k}", truncate(label), "Cards", step=True))
    for n in sorted(dr.slots):
        out.append(
            Choice(
                f"u{n}",
                f"Take back {card_name(hand[dr.slots[n]])} from slot {n}",
                "Take back",
                step=True,
            )
        )
    if tile:
        for k in range(len(data().bonus_tiles[tile].faces)):
            if k != dr.face:
                out.append(
                    Choice(
                        f"f{k}",
                        f"Bonus tile {tile} shows {tile_face_text(tile, k)}",
                        "Tile",
                        step=True,
                    )
                )
    if not tile or dr.face >= 0:
        label = truncate(f"Confirm plan (final): {summary(st, seat, dr)}")
        out.append(Choice(encode(st, seat, dr), label, "Confirm"))
    return out + back


# ---- the automatic player's plan (R189, R205) ----------------------------------------------------
def _worth(cid: str) -> float:
    c = data().cards[card_kind(cid)]
    if c.type == "goods":
        return c.units + (0.5 if c.good == "coffee" else 0.0)
    if c.type == "expansion":
        return c.units + 0.25
    if c.type == "bookkeeper":
        return 1 + c.bookkeeping_points
    if c.type == "diamond_merchant":
        return 1 + c.diamonds
    return -1.0  # share cards do nothing in a slot (R72): keep them


def auto_plan(st: State, seat: int) -> str:
    """The heuristic plan: the most useful cards into every unlocked slot, left to right; the
    held tile shows the face whose type the plan already uses most (ties: the first face)."""
    hand = sorted_hand(st, seat)
    ranked = sorted(
        (i for i in range(len(hand)) if _worth(hand[i]) > 0), key=lambda i: (-_worth(hand[i]), i)
    )
    dr = Draft()
    for n, i in zip(sorted(st.players[seat].unlocked), ranked, strict=False):
        dr.slots[n] = i
    tile = tile_to_place(st, seat)
    if tile:
        counts: dict[str, int] = {}
        for i in dr.slots.values():
            c = data().cards[card_kind(hand[i])]
            kind = c.good if c.type == "goods" else c.type
            counts[kind] = counts.get(kind, 0) + c.units
        faces = data().bonus_tiles[tile].faces
        dr.face = max(range(len(faces)), key=lambda k: (counts.get(faces[k][0], 0), -k))
    return encode(st, seat, dr)
