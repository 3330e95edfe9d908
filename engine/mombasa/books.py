"""Bookkeeping (spec sections 10.3, 14; data sections 21.8, 21.9, 21.13).

Two isolated pieces (section 14.1 asks for that, the model is DESIGN):

* bookkeeping points (section 14.2, R120-R124): each point fills the leftmost empty book position
  with a tile the player picks from that letter's book-display row (refilled at once when empty,
  R122; left empty for good when the supply is out too, R123), or gives £2 when no position is
  empty (R124). Shared signatures: `bookkeeping_points(st, seat, n, plan)` performs them,
  `point_steps(st, seat, n, path)` lists the next pick. A *plan* is a list of one-character
  tokens, one per point that has a real choice: the 1-based index in the display row of the tile
  taken ("2" = second tile). Tiles with the same requirement and reward are the same choice, so
  only the first of each kind is offered; a point with one kind (or none) takes no token.
* the bookkeeper action (R111-R119): move id `k:<slot>:<picks>:<target>[:<reward picks>]`, e.g.
  `k:3:1:5` = bookkeeper in slot 3, its point takes the first tile, the ink jar goes to 5. The
  5th field appears only when the book stopped on rewards bookkeeping points (not in the default
  data). Steps are the cumulative prefixes `k:3` (offer), `k:3:1`, ...

Rules owned: R111-R125.
"""

from __future__ import annotations

from engine.core import Choice, Event, IllegalAction
from engine.mombasa import diamonds, names
from engine.mombasa.book_points import (
    GROUP,
    UNIT_WORD,
    book_req,
    book_reward,
    book_text,
    bookkeeping_points,
    first_picks,
    point_steps,
    points_need_choice,
    refill_book_display,
    req_text,
    reward_text,
    take_points,
)
from engine.mombasa.data import data
from engine.mombasa.state import BookPos, State, card_kind, clone, turn_down

__all__ = [
    "GROUP",
    "UNIT_WORD",
    "book_req",
    "book_reward",
    "book_text",
    "bookkeeping_points",
    "first_picks",
    "point_steps",
    "points_need_choice",
    "refill_book_display",
    "req_text",
    "reward_text",
    "take_points",
]  # the names of the parts, re-exported


# ---- ink jar (R113-R118) ----------------------------------------------------------------------
def requirement_met(st: State, seat: int, tile: str) -> bool:
    """R114: units(P, T) >= required for every type on the book (section 9.2 counts)."""
    from engine.mombasa import goods  # the goods module owns units() (section 9.2)

    return all(goods.units(st, seat, kind) >= n for kind, n in book_req(tile))


def ink_targets(st: State, seat: int) -> list[tuple[int, list[int], int]]:
    """Positions the ink jar can move to now: (target, positions flipped on the way, £ paid).
    Entering a face-up book needs its requirement met or £2 to turn it face down (R114-R116);
    a position without a book stops the movement (R113); cash never goes below 0 (R174)."""
    d = data()
    p = st.players[seat]
    out = []
    flips: list[int] = []
    cost = 0
    for q in range(p.ink + 1, d.bookkeeping.last_position + 1):
        b = p.books[q - 1]
        if not b.tile and not b.left_empty:
            break
        if b.tile and b.face_up and not requirement_met(st, seat, b.tile):
            if p.cash < cost + d.book_flip_cost:
                break
            cost += d.book_flip_cost
            flips = [*flips, q]
        out.append((q, flips, cost))
    return out


def _flipped(b: BookPos) -> BookPos:
    """The book turned face down (R115, R116)."""
    return BookPos(b.tile, False, b.left_empty)


def _milestones(st: State, seat: int, start: int, end: int) -> list[Event]:
    return [
        diamonds.milestone_effect(st, seat, m, "bookkeeping")
        for m in data().bookkeeping.milestones
        if start < m.position <= end
    ]


def stop_reward(st: State, seat: int, target: int) -> tuple[tuple[str, int], ...]:
    """The reward paid for stopping on `target` after the flips of that move (R117)."""
    b = st.players[seat].books[target - 1]
    return book_reward(b.tile) if b.tile else ()


def reward_points(reward: tuple[tuple[str, int], ...]) -> int:
    """The bookkeeping points in a reward."""
    return sum(n for k, n in reward if k == "bookkeeping")


# ---- the bookkeeper action (R111-R119) --------------------------------------------------------
def bookkeeper_slots(st: State, seat: int) -> list[int]:
    cards = data().cards
    return [
        i + 1
        for i, sc in enumerate(st.players[seat].slots)
        if sc.card and sc.face_up and cards[card_kind(sc.card)].type == "bookkeeper"
    ]


def card_points(st: State, seat: int, slot: int) -> int:
    """The bookkeeping points of the bookkeeper card in `slot` (1-based)."""
    return data().cards[card_kind(st.players[seat].slots[slot - 1].card)].bookkeeping_points


def offers(st: State, seat: int) -> list[Choice]:
    out = []
    slots = bookkeeper_slots(st, seat)
    reach = (
        max((t for t, _, _ in ink_targets(st, seat)), default=st.players[seat].ink) if slots else 0
    )
    for s in slots:
        n = card_points(st, seat, s)
        pts = names.plural(n, "bookkeeping point")
        label = f"Bookkeeper in slot {s}: {pts}, then move the ink jar from {st.players[seat].ink}"
        if not n and reach == st.players[seat].ink:
            label += " (it cannot move: nothing to gain)"
        out.append(Choice(f"k:{s}", label[:100], GROUP, True))
    return out


def _parse(st: State, seat: int, move: str) -> tuple[int, list[str], int | None, list[str] | None]:
    parts = move.split(":")
    if parts[0] != "k" or not 2 <= len(parts) <= 5 or not parts[1].isdigit():
        raise IllegalAction(f"{move!r} is not a bookkeeper move.")
    slot = int(parts[1])
    if slot not in bookkeeper_slots(st, seat):
        raise IllegalAction(f"There is no face-up bookkeeper in your slot {slot}.")
    picks = list(parts[2]) if len(parts) > 2 else []
    target = None
    if len(parts) > 3:
        if not parts[3].isdigit():
            raise IllegalAction("Choose where the ink jar stops.")
        target = int(parts[3])
    rpicks = list(parts[4]) if len(parts) > 4 else None
    return slot, picks, target, rpicks


def _ink_move(st: State, seat: int, target: int, rpicks: list[str]) -> list[Event]:
    """Move the ink jar to `target` (validated), pay the flips, milestones, stop reward."""
    p = st.players[seat]
    who = names.player(st, seat)
    if target == p.ink:
        if rpicks:
            raise IllegalAction(
                "The ink jar did not move, so there is no book reward to choose for."
            )
        return [Event(f"{who} leaves the ink jar on {p.ink}.")]
    legal = {t: (f, c) for t, f, c in ink_targets(st, seat)}
    if target not in legal:
        raise IllegalAction(f"The ink jar cannot reach position {target}.")
    flips, cost = legal[target]
    start = p.ink
    for q in flips:
        p.books[q - 1] = _flipped(p.books[q - 1])
    p.cash -= cost
    p.ink = target
    text = f"{who} moves the ink jar {start} → {target}"
    if flips:
        text += f", paying £{cost} to turn over the book(s) on {', '.join(map(str, flips))}"
    events = [Event(text + ".")]
    events += _milestones(st, seat, start, target)
    b = p.books[target - 1]
    reward = stop_reward(st, seat, target) if b.tile and b.face_up else ()
    if not reward:
        if rpicks:
            raise IllegalAction("That book gives no bookkeeping points to choose for.")
        return events
    events.append(Event(f"{who} takes the reward of the book on {target}: {reward_text(reward)}."))
    for k, n in reward:  # R176: pounds, bookkeeping, diamonds (the data orders them so)
        if k == "pounds":
            p.cash += n
        elif k == "bookkeeping":
            events += bookkeeping_points(st, seat, n, rpicks)
            rpicks = []
        elif k == "diamonds":
            events += diamonds.diamond_steps(st, seat, n)
    if rpicks:
        raise IllegalAction("That book gives no bookkeeping points to choose for.")
    return events


def perform(st: State, seat: int, move: str) -> list[Event]:
    """Apply a complete bookkeeper move `k:<slot>:<picks>:<ink target>[:<reward picks>]`."""
    slot, picks, target, rpicks = _parse(st, seat, move)
    if target is None:
        raise IllegalAction("Choose where the ink jar stops.")
    n = card_points(st, seat, slot)
    events = [
        Event(
            f"{names.player(st, seat)} uses the bookkeeper in slot {slot} ({names.plural(n, 'bookkeeping point')})."
        )
    ]
    events += bookkeeping_points(st, seat, n, picks)  # R112: points first
    events += _ink_move(st, seat, target, rpicks or [])
    turn_down(st.players[seat], slot)  # R119
    return events


def apply(st: State, seat: int, move: str) -> list[Event]:
    perform(clone(st), seat, move)  # validate everything first
    return perform(st, seat, move)


def _target_label(st: State, seat: int, target: int, flips: list[int], cost: int) -> str:
    p = st.players[seat]
    parts = [f"Ink jar {p.ink} → {target}"]
    if flips:
        parts.append(f"pay £{cost} to turn over book(s) on {', '.join(map(str, flips))}")
    for m in data().bookkeeping.milestones:
        if p.ink < m.position <= target:
            parts.append(
                f"unlock slot {m.slot}"
                if m.effect == "unlock_action_slot"
                else f"+{m.amount} bonus marker"
            )
    b = p.books[target - 1]
    if b.tile and b.face_up and target not in flips:
        parts.append(f"reward {reward_text(book_reward(b.tile))}")
    else:
        parts.append("no reward")
    return ", ".join(parts)


def steps(st: State, seat: int, path: tuple[str, ...]) -> list[Choice]:
    if not path or not path[0].startswith("k:"):
        raise IllegalAction("That is not a bookkeeper menu.")
    for a, z in zip(path, path[1:], strict=False):
        if not z.startswith(a) or len(z) <= len(a):
            raise IllegalAction("That bookkeeper menu path is not one the menus build.")
    slot, picks, target, rpicks = _parse(st, seat, path[-1])
    if path[0] != f"k:{slot}":
        raise IllegalAction("That bookkeeper menu path is not one the menus build.")
    n = card_points(st, seat, slot)
    base = f"k:{slot}"
    sim = clone(st)
    if target is None:
        more = point_steps(sim, seat, n, picks)
        if more:
            return [
                Choice(f"{base}:{''.join(picks)}{c.id}", c.label, "Bookkeeping point", True)
                for c in more
            ]
        bookkeeping_points(sim, seat, n, picks)
        p = sim.players[seat]
        prefix = f"{base}:{''.join(picks)}"
        out = [Choice(f"{prefix}:{p.ink}", f"Leave the ink jar on {p.ink} (no reward)", GROUP)]
        for t, flips, cost in ink_targets(sim, seat):
            b = p.books[t - 1]
            pts = (
                reward_points(book_reward(b.tile)) if b.tile and b.face_up and t not in flips else 0
            )
            need = False
            if pts:
                trial = clone(sim)
                ink_move_prefix(trial, seat, t)
                need = points_need_choice(trial, seat, pts)
            out.append(
                Choice(
                    f"{prefix}:{t}" + (":" if need else ""),
                    _target_label(sim, seat, t, flips, cost)[:100],
                    GROUP,
                    need,
                )
            )
        return out
    bookkeeping_points(sim, seat, n, picks)
    pts = reward_points(stop_reward(sim, seat, target))
    ink_move_prefix(sim, seat, target)
    more = point_steps(sim, seat, pts, rpicks or [])
    if not more:
        raise IllegalAction("Nothing is left to choose in that bookkeeper move.")
    prefix = f"{base}:{''.join(picks)}:{target}:{''.join(rpicks or [])}"
    done = [not point_steps(sim, seat, pts, [*(rpicks or []), c.id]) for c in more]
    return [
        Choice(prefix + c.id, c.label, "Book reward", not end)
        for c, end in zip(more, done, strict=True)
    ]


def ink_move_prefix(st: State, seat: int, target: int) -> None:
    """The ink movement and the pounds of the stop reward, without its bookkeeping points: the
    state in which those points are chosen (steps only)."""
    legal = {t: (f, c) for t, f, c in ink_targets(st, seat)}
    flips, cost = legal[target]
    p = st.players[seat]
    for q in flips:
        p.books[q - 1] = _flipped(p.books[q - 1])
    p.cash -= cost
    start, p.ink = p.ink, target
    _milestones(st, seat, start, target)
    b = p.books[target - 1]
    if b.tile and b.face_up:
        p.cash += sum(n for k, n in book_reward(b.tile) if k == "pounds")
