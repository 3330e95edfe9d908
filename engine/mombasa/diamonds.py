"""Diamond track and the diamond-merchant action (spec sections 10.4, 15; data section 21.9).

Action-module interface (see NOTES.md): `offers` / `steps` / `apply`; move id `d:<slot>` (slot
number 1..5 of a face-up diamond merchant). The shared sub-effect `diamond_steps` is used by map
rewards, STUDY and the C1/C2 spaces too.

Rules owned: R126-R129 (and the player-board milestone effects, shared with books.py).
"""

from __future__ import annotations

from engine.core import Choice, Event, IllegalAction
from engine.mombasa import names
from engine.mombasa.data import Milestone, data
from engine.mombasa.state import State, card_kind, turn_down

GROUP = "Diamond merchant"


def milestone_effect(st: State, seat: int, m: Milestone, track: str) -> Event:
    """Apply one player-board milestone (R118, R127): unlock an action slot (usable from the next
    planning phase, R76) or take bonus markers out of the box (R141; placeable from the next turn,
    which is the earliest the player acts again anyway)."""
    p = st.players[seat]
    who = names.player(st, seat)
    if m.effect == "unlock_action_slot":
        if m.slot not in p.unlocked:
            p.unlocked.append(m.slot)
            p.unlocked.sort()
        return Event(
            f"{who} reaches {m.position} on the {track} track: action slot {m.slot} is unlocked (from the next planning phase)."
        )
    gained = min(m.amount, p.markers_in_box)
    p.markers += gained
    p.markers_in_box -= gained
    return Event(
        f"{who} reaches {m.position} on the {track} track: +{gained} bonus marker(s) from the box."
    )


def diamond_steps(st: State, seat: int, n: int) -> list[Event]:
    """Move `seat`'s diamond marker `n` steps (R126-R128): milestones reached or passed take
    effect at once (R127); every step the marker cannot make because it is on the last position
    gives £2 instead (R128)."""
    if n < 0:
        raise ValueError("diamond_steps needs n >= 0")
    d = data().diamond
    p = st.players[seat]
    if n == 0:
        return []
    start = p.diamond
    end = min(d.last_position, start + n)
    over = n - (end - start)
    p.diamond = end
    who = names.player(st, seat)
    text = f"{who} moves {end - start} on the diamond track ({start} → {end})"
    if over:
        gain = over * d.overflow_pounds
        p.cash += gain
        text += f"; {over} step(s) beyond the last position give £{gain}"
    events = [Event(text + ".")]
    for m in d.milestones:
        if start < m.position <= end:
            events.append(milestone_effect(st, seat, m, "diamond"))
    return events


def preview(st: State, seat: int, n: int) -> str:
    """A label fragment: 'diamonds 4 → 6, unlocks slot 1' (no state change)."""
    d = data().diamond
    start = st.players[seat].diamond
    end = min(d.last_position, start + n)
    over = n - (end - start)
    parts = [f"diamonds {start} → {end}"]
    if over:
        parts.append(f"+£{over * d.overflow_pounds} for {over} step(s) past the end")
    for m in d.milestones:
        if start < m.position <= end:
            parts.append(
                f"unlocks slot {m.slot}"
                if m.effect == "unlock_action_slot"
                else f"+{m.amount} bonus marker"
            )
    return ", ".join(parts)


def merchant_slots(st: State, seat: int) -> list[int]:
    """Slot numbers holding a face-up diamond merchant (R126, R78)."""
    cards = data().cards
    out = []
    for i, sc in enumerate(st.players[seat].slots):
        if sc.card and sc.face_up and cards[card_kind(sc.card)].type == "diamond_merchant":
            out.append(i + 1)
    return out


def _label(st: State, seat: int, slot: int) -> str:
    n = data().cards[card_kind(st.players[seat].slots[slot - 1].card)].diamonds
    return f"Diamond merchant in slot {slot}: {names.plural(n, 'diamond step')} ({preview(st, seat, n)})"


def offers(st: State, seat: int) -> list[Choice]:
    """One complete move per face-up diamond merchant."""
    return [Choice(f"d:{s}", _label(st, seat, s)[:100], GROUP) for s in merchant_slots(st, seat)]


def steps(st: State, seat: int, path: tuple[str, ...]) -> list[Choice]:
    """The diamond-merchant offers are complete moves: there is no sub-menu."""
    raise IllegalAction("Using a diamond merchant needs no further choice.")


def apply(st: State, seat: int, move: str) -> list[Event]:
    """`d:<slot>`: move the diamond marker by the card's diamonds, then turn it face down (R126)."""
    parts = move.split(":")
    if len(parts) != 2 or parts[0] != "d" or not parts[1].isdigit():
        raise IllegalAction(f"{move!r} is not a diamond-merchant move.")
    slot = int(parts[1])
    if slot not in merchant_slots(st, seat):
        raise IllegalAction(f"There is no face-up diamond merchant in your slot {slot}.")
    sc = st.players[seat].slots[slot - 1]
    n = data().cards[card_kind(sc.card)].diamonds
    events = [
        Event(
            f"{names.player(st, seat)} uses the diamond merchant in slot {slot} ({names.plural(n, 'diamond step')})."
        )
    ]
    events += diamond_steps(st, seat, n)
    turn_down(st.players[seat], slot)
    return events
