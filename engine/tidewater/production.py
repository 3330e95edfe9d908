"""The bag, Produce a Container and the production event (spec sections 3, 9.2, 14)."""

from __future__ import annotations

from engine.tidewater.state import State


def bag_total(state: State) -> int:
    return sum(state.bag.values())


def draw(state: State) -> str:
    """R120: one container uniformly among the individual containers in the bag."""
    r = state.rng.below(bag_total(state))
    for colour in state.rules.colours:
        n = state.bag.get(colour, 0)
        if r < n:
            state.bag[colour] = n - 1
            return colour
        r -= n
    raise AssertionError("bag draw out of range")


def to_bag(state: State, colour: str) -> None:
    state.bag[colour] = state.bag.get(colour, 0) + 1


def place_on_hex(state: State, colour: str) -> bool:
    """Put a container on its company hex; at the cap it goes back to the bag (R46-R48)."""
    co = state.company(colour)
    if co.hex_containers >= state.rules.hex_cap:
        to_bag(state, colour)
        return False
    co.hex_containers += 1
    return True


def colour_word(colour: str) -> str:
    return colour.lower()


def production_event(state: State, why: str, touched: list[str]) -> list[str]:
    """R42, R43, R109: empty the display in slot order onto the hexes, then refill it."""
    r = state.rules
    lines: list[str] = []
    placed: list[str] = []
    returned: list[str] = []
    for i, colour in enumerate(state.display):
        if colour is None:
            continue
        state.display[i] = None
        touched.append(f"display:{i + 1}")
        if place_on_hex(state, colour):
            placed.append(colour_word(colour))
            touched.append(f"hex:{r.hex_of_company[colour]}")
        else:
            returned.append(colour_word(colour))
    text = f"Production ({why}): "
    text += (", ".join(placed) + " to their company hexes") if placed else "nothing placed"
    if returned:
        text += "; back to the bag (hex full): " + ", ".join(returned)
    lines.append(text + ".")
    drawn: list[str] = []
    for i in range(len(state.display)):
        if bag_total(state) == 0:
            break
        c = draw(state)
        state.display[i] = c
        drawn.append(colour_word(c))
    if drawn:
        lines.append("The display is refilled from the bag: " + ", ".join(drawn) + ".")
    else:
        lines.append("The bag is empty; the display stays empty.")
    return lines
