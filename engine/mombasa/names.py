"""Short ids and display names shared by every Mombasa module (one place, per the action-module
interface): one-letter company codes for choice ids, company and colour display names, and small
wording helpers. State and data keep the long ids ("cape_town"); choice ids use the codes."""

from __future__ import annotations

from engine.core import IllegalAction
from engine.mombasa.state import State

#: company id -> one-letter code used in choice ids
CODE = {"mombasa": "M", "cape_town": "C", "saint_louis": "S", "cairo": "K"}
#: code -> company id
COMPANY_OF_CODE = {v: k for k, v in CODE.items()}
#: company id -> display name
COMPANY_NAME = {
    "mombasa": "Mombasa",
    "cape_town": "Cape Town",
    "saint_louis": "Saint-Louis",
    "cairo": "Cairo",
}
#: player colour -> display name
COLOUR_NAME = {"blue": "Blue", "green": "Green", "yellow": "Yellow", "purple": "Purple"}


def code(company: str) -> str:
    return CODE[company]


def company_of(code_: str) -> str:
    """The company id of a one-letter code; IllegalAction for an unknown code."""
    try:
        return COMPANY_OF_CODE[code_]
    except KeyError:
        raise IllegalAction(f"{code_!r} is not a company (use M, C, S or K).") from None


def company(company_id: str) -> str:
    """'Cape Town'."""
    return COMPANY_NAME.get(company_id, company_id)


def colour(c: str) -> str:
    """'Blue' for the colour id 'blue'."""
    return COLOUR_NAME.get(c, c.capitalize())


def player(st: State, seat: int) -> str:
    """The name a seat is called by in the log: its colour."""
    return colour(st.players[seat].colour)


def players(st: State) -> list[str]:
    """names[seat] for every seat (the shape tracks.describe wants)."""
    return [colour(p.colour) for p in st.players]


def pounds(n: int) -> str:
    return f"£{n}"


def plural(n: int, word: str, words: str | None = None) -> str:
    """'1 point', '2 points'."""
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"


def reward_text(reward: tuple[tuple[str, int], ...], track_company: str | None = None) -> str:
    """'£1 + 2 bookkeeping points + 1 diamond step' in the reward's order; a `track` reward names
    `track_company` ('1 step on Cape Town'); "nothing" for an empty reward."""
    parts = []
    for k, n in reward:
        if k == "pounds":
            parts.append(f"£{n}")
        elif k == "bookkeeping":
            parts.append(plural(n, "bookkeeping point"))
        elif k == "diamonds":
            parts.append(plural(n, "diamond step"))
        elif k == "track" and track_company is not None:
            parts.append(f"{plural(n, 'step')} on {company(track_company)}")
        else:
            parts.append(f"{n} {k}")
    return " + ".join(parts) or "nothing"


#: the map's one-character signs of the reward kinds (pounds are written "£n")
REWARD_SIGN = {"pounds": "£", "bookkeeping": "B", "diamonds": "◆", "track": "T"}


def reward_short(reward: tuple[tuple[str, int], ...] | list[tuple[str, int]]) -> str:
    """'£1 B1', '◆2', 'T1': a reward as the map's discs show it."""
    out = []
    for k, n in reward:
        out.append(f"£{n}" if k == "pounds" else f"{REWARD_SIGN.get(k, k[:1].upper())}{n}")
    return " ".join(out)
