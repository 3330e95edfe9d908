"""The engine contract every title implements (see shared/design.md).

A title is a stateless object; all game data lives in a `State` (a msgspec Struct, so it
serialises to JSON and back exactly). The host only ever:

* calls `setup` once, then loops `prompts` -> `apply` until `result` is not None;
* stores `encode(state)` as snapshots and replays the action log through `apply`;
* hands `view(state, seat)` (never the state) to renderers and to public messages.

Legal actions are the single source of truth: every `Choice` listed in a prompt must be
accepted by `apply`, and `apply` must refuse anything else with `IllegalAction`.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from engine.rng import Rng

#: Discord limits a component custom_id to 100 characters; the host adds a prefix.
MAX_CHOICE_ID = 60
#: Discord limits select option and autocomplete labels to 100 characters.
MAX_LABEL = 100


class IllegalAction(Exception):
    """Raised by `apply` with a message written for the player, e.g.
    "You can't pay the £2 capital call on track B; you have £1"."""


class Choice(msgspec.Struct, frozen=True):
    """One atomic decision. `id` is stable and short (<= 60 chars, no spaces needed);
    `label` is what the player reads; `group` clusters choices in menus ("Actions", "Free")."""

    id: str
    label: str
    group: str = ""


class Prompt(msgspec.Struct, frozen=True):
    """Who must decide now. One prompt per deciding seat; several prompts at once form a
    simultaneous decision. `secret=True` means the choice must be collected privately and is only
    revealed (by the title's events) once everybody has chosen."""

    seat: int
    text: str
    choices: list[Choice]
    secret: bool = False

    def find(self, choice_id: str) -> Choice | None:
        for c in self.choices:
            if c.id == choice_id:
                return c
        return None


class Event(msgspec.Struct, frozen=True):
    """A readable log line. `private_to` set: only that seat may read it (e.g. "You drew ...").
    `barrier=True` marks a random draw or a reveal of hidden information: undo never crosses it."""

    text: str
    private_to: int | None = None
    barrier: bool = False


class Result(msgspec.Struct, frozen=True):
    """Final standings. `ranking` lists seats best first; tied seats share a `place`."""

    scores: dict[int, int]
    ranking: list[int]
    places: dict[int, int]
    details: str = ""


class OptionSpec(msgspec.Struct, frozen=True):
    """A game option offered by `/game new options:`; values are strings from `choices`."""

    name: str
    description: str
    default: str
    choices: list[str]


S = TypeVar("S", bound=msgspec.Struct)


class Title(Generic[S]):
    """Base class of every title. Subclasses set the class attributes and implement the rules.

    Helpers here (encode/decode/copy/bot_choice) are generic; override only when needed.
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    rules_version: ClassVar[str]
    state_type: ClassVar[type]
    options: ClassVar[list[OptionSpec]] = []
    #: A short pitch shown in the lobby.
    blurb: ClassVar[str] = ""
    #: Do players hold hidden information (a hand)? The host then offers "Show my hand" and
    #: sends each player theirs privately.
    hidden_hands: ClassVar[bool] = False

    # ---- rules -------------------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, str]) -> S:
        raise NotImplementedError

    def prompts(self, state: S) -> list[Prompt]:
        """Who must decide now; empty once the game is over."""
        raise NotImplementedError

    def apply(self, state: S, seat: int, choice_id: str) -> list[Event]:
        """Validate and apply one choice, mutating `state`; raise IllegalAction otherwise.
        The host always calls this on a private copy, so a refused action changes nothing."""
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> Any:
        """What `seat` (or a spectator, None) may see: a msgspec Struct or plain dict."""
        raise NotImplementedError

    def result(self, state: S) -> Result | None:
        """Final standings once the game is over, else None."""
        raise NotImplementedError

    # ---- presentation --------------------------------------------------------------------
    def rules_pages(self) -> list[str]:
        """A few short Markdown pages explaining the title (for `/game rules`)."""
        return [self.blurb or self.name]

    def private_text(self, state: S, seat: int) -> str | None:
        """That seat's hidden information in words (their hand), or None if it has none."""
        return None

    def seat_label(self, state: S, seat: int) -> str:
        """How the game calls a seat (a colour, a company)."""
        return f"Seat {seat + 1}"

    def status_line(self, state: S) -> str:
        """One line: round, phase, whose turn."""
        return ""

    # ---- automatic player -----------------------------------------------------------------
    def bot_choice(self, state: S, seat: int, rng: Rng) -> str:
        """The automatic player's pick: a seeded random legal choice unless a title does better."""
        for p in self.prompts(state):
            if p.seat == seat:
                return rng.choice(p.choices).id
        raise IllegalAction("It is not this seat's decision.")

    # ---- serialisation (generic) ----------------------------------------------------------
    def encode(self, state: S) -> bytes:
        return msgspec.json.encode(state)

    def decode(self, data: bytes | str) -> S:
        return msgspec.json.decode(data, type=self.state_type)

    def copy(self, state: S) -> S:
        return self.decode(self.encode(state))

    # ---- helpers the host uses ------------------------------------------------------------
    def prompt_for(self, state: S, seat: int) -> Prompt | None:
        for p in self.prompts(state):
            if p.seat == seat:
                return p
        return None
