"""The pieces every Tidewater Lines menu is made of: the choice groups, the way back, a step
(`push`), and the short notes labels share (a port's cargo, a time cost)."""

from __future__ import annotations

from engine.core import BACK, Choice
from engine.tidewater import names as nm
from engine.tidewater.production import colour_word
from engine.tidewater.state import State

G_FREE = "Free actions (no time)"
G_SAIL = "Set sail (free)"
G_TIME = "Actions (cost time)"
G_TURN = "Turn"
G_BUY = "Buy a share (cost 1 time)"
G_LOAD = "Load a container (cost 1 time)"
G_TRADE_ONE = "One share"
G_TRADE_TWO = "Two shares (a sale and a purchase)"
G_BACK = "Menu"
BACK_CHOICE = Choice(BACK, "Back to the previous menu", G_BACK, step=True)

Menu = tuple[str, list[Choice]]

#: The most choices one message shows at once (4 select menus of 25; the host pages beyond
#: with "More choices…"): a menu that lists a move both as a choice and as a step towards a
#: longer one stays within it.
SHOWN_AT_ONCE = 100


def push(cid: str, label: str, group: str) -> Choice:
    """A step that opens a sub-menu (kept in the seat's draft, never applied)."""
    return Choice(cid, label, group, step=True)


def port_note(state: State, port: str) -> str:
    """'3 yellow containers to load', 'nothing to load', '+2 per container' or ''."""
    r = state.rules
    info = r.ports[port]
    if info["type"] == "company":
        n = state.company(info["company"]).hex_containers
        if n == 0:
            return "nothing to load"
        colour = colour_word(info["company"])
        return f"{n} {colour} container{'s' if n != 1 else ''} to load"
    bonus = r.port_bonus.get(port, 0)
    return f"+{bonus} per container" if bonus else ""


def semi(note: str) -> str:
    return f"; {note}" if note else ""


def t(n: int) -> str:
    return f"(cost {nm.time(n)})"


def turn_info(state: State, seat: int, cost: int) -> str:
    """'cost 1 time: step 4 -> 5 of 16' for the prompt texts of time-costing sub-menus."""
    pos = state.players[seat].pos
    return f"cost {nm.time(cost)}: step {pos} → {pos + cost} of {state.rules.steps}"
