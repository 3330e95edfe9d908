"""What players read: display names for places, slots and amounts (data `names:`).

Choice ids and the state keep the short ids ("P_RED", "a1", "S3"); every player-facing sentence
(events, labels, prompts, refusals) goes through these helpers instead.
"""

from __future__ import annotations

from engine.tidewater.state import State


def company(state: State, cid: str) -> str:
    """'Atlas Line'."""
    return state.rules.cinfo[cid]["name"]


def place(state: State, pid: str) -> str:
    """A port, market, company hex or sea hex: 'Red port', 'North Market', 'sea hex a1'.
    Unknown ids (a player's typo) are echoed as typed."""
    return state.rules.place_names.get(pid, pid)


def hex_of(state: State, cid: str) -> str:
    """'the Red company hex' (the hex of company `cid`)."""
    return "the " + place(state, state.rules.hex_of_company[cid])


def slot(state: State, sid: str) -> str:
    """'slot 3'."""
    return state.rules.slot_names.get(sid, sid)


def colour(c: str) -> str:
    """'red' for the container colour id 'RED'."""
    return c.lower()


def an(phrase: str) -> str:
    """'an Atlas Line', 'a Boreal Line'."""
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def cap(text: str) -> str:
    """Capitalise the first letter only ('slot 3' -> 'Slot 3'; 'an Atlas Line' keeps 'Atlas')."""
    return text[:1].upper() + text[1:]


def credits(n: int) -> str:
    """'1 credit', '5 credits'."""
    return f"{n} credit" if n == 1 else f"{n} credits"


def time(n: int) -> str:
    """'1 time', the wording of the Time Track cost."""
    return f"{n} time"


def seat(n: int) -> str:
    """'Seat 2' for seat index 1."""
    return f"Seat {n + 1}"


def stock_moves(before: int, after: int) -> str:
    """'rises to 7', 'drops to 4', 'stays at 5': a stock value change, after the line's name."""
    if after > before:
        return f"rises to {after}"
    if after < before:
        return f"drops to {after}"
    return f"stays at {after}"
