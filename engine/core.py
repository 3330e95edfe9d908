"""The engine contract every title implements (see docs/design.md).

A title is a stateless object; all game data lives in a `State` (a msgspec Struct, so it
serialises to JSON and back exactly). The host only ever:

* calls `setup` once, then loops `prompts` -> `apply` until `result` is not None;
* builds a move step by step: `choices(state, seat, draft)` lists the next choices after the
  steps taken so far (the seat's *draft*); a `step` choice narrows the move (the host keeps it
  in the draft, nothing in the game changes), any other choice completes it and is the move
  that `apply` receives, logs and posts;
* stores `encode(state)` as snapshots and replays the action log through `apply`;
* hands `view(state, seat)` (never the state) to renderers and to public messages.

Legal actions are the single source of truth: every `Choice` listed in a prompt must be
accepted by `apply`, and `apply` must refuse anything else with `IllegalAction`.
"""

from __future__ import annotations

from collections.abc import Sequence
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


#: The id of the step choice that takes the last step off a draft ("back to the previous menu").
BACK = "back"


class Choice(msgspec.Struct, frozen=True):
    """One choice on a menu. `id` is stable and short (<= 60 chars, no spaces needed);
    `label` is what the player reads; `group` clusters choices in menus ("Actions", "Free").

    `step=True`: the choice narrows the move being built (it opens a sub-menu, or picks one
    part of a move still to be confirmed). The host appends its id to the seat's draft (or, for
    `BACK`, drops the draft's last step) and asks `choices` again; a step is never applied,
    logged or shown to anyone else. Otherwise the id is a complete move for `apply`."""

    id: str
    label: str
    group: str = ""
    step: bool = False


class Prompt(msgspec.Struct, frozen=True):
    """Who must decide now. One prompt per deciding seat; several prompts at once form a
    simultaneous decision. `secret=True` means the choice must be collected privately and is only
    revealed (by the title's events) once everybody has chosen. A seat's move on a secret prompt
    while others decide too is sealed: final, never taken back by undo (`sealed`)."""

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
    """A game option offered by `/game new options:`; values are strings from `choices`, or,
    when `example` is set, also values like it (an explicit deal), which the title's
    `check_option` validates."""

    name: str
    description: str
    default: str
    choices: list[str]
    example: str = ""


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
    #: State fields that only keep a public log for display (a board's "since your last
    #: turn" banner): a state saved before the title kept them has them empty, and is still
    #: the same position (`same_position`).
    shown_logs: ClassVar[tuple[str, ...]] = ()

    # ---- rules -------------------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, str]) -> S:
        raise NotImplementedError

    def prompts(self, state: S) -> list[Prompt]:
        """Who must decide now; empty once the game is over."""
        raise NotImplementedError

    def deciding(self, state: S) -> list[int]:
        """The seats of `prompts(state)`, in order, without building their menus (the host
        asks it between automatic players' moves). Titles whose menus cost something to build
        give it directly."""
        return [p.seat for p in self.prompts(state)]

    def choices(self, state: S, seat: int, draft: tuple[str, ...] = ()) -> Prompt | None:
        """The seat's next choices after the steps in `draft` (None: the seat has nothing to
        decide). Raise IllegalAction when `draft` is not a path the menus can build. Titles
        whose moves are all single choices keep this default."""
        if draft:
            raise IllegalAction("That menu is not available now.")
        return self.prompt_for(state, seat)

    def apply(self, state: S, seat: int, choice_id: str) -> list[Event]:
        """Validate and apply one complete move (never a step), mutating `state`; raise
        IllegalAction otherwise. The host always calls this on a private copy, so a refused
        move changes nothing."""
        raise NotImplementedError

    def replay(self, state: S, seat: int, choice_id: str) -> None:
        """Apply a logged move that a later move follows before the state is shown: the host
        folds a log this way up to its last move, which goes through `apply`. The state must
        end as `apply` leaves it, except what describes only the latest move (a highlight),
        which the next `apply` replaces whole. By default `apply` itself."""
        self.apply(state, seat, choice_id)

    def view(self, state: S, seat: int | None) -> Any:
        """What `seat` (or a spectator, None) may see: a msgspec Struct or plain dict."""
        raise NotImplementedError

    def result(self, state: S) -> Result | None:
        """Final standings once the game is over, else None."""
        raise NotImplementedError

    def check_option(self, name: str, value: str) -> str:
        """A value of option `name` outside its `choices` (one like its `example`), as the
        title reads it (tidied: `a1, b2` -> `A1,B2`); IllegalAction saying what a valid one
        looks like otherwise. Only titles with such options override it."""
        raise IllegalAction(f"Option {name} takes only the values listed for it.")

    def upgrade_log(
        self, rules_version: str, state: S, moves: list[tuple[int, str]]
    ) -> list[tuple[int, str]] | None:
        """The moves (seat, choice id) of a game recorded under an older `rules_version`,
        rewritten for this one, applying them to `state` (a fresh `setup`) on the way; None
        when they cannot be. The host then replays the result and checks it against the game's
        newest snapshot before it replaces the old record."""
        return None

    def redeal(self, state: S, seat: int | None, rng: Rng) -> S | None:
        """A copy of `state` with everything `seat` (None: a spectator) cannot see drawn anew
        (other seats' hands, the order of the deck) and all it can see unchanged; None when the
        title hides nothing. The conformance suite checks views with it: `view(state, seat)`
        must not change, so no view can leak what it should hide."""
        return None

    # ---- presentation --------------------------------------------------------------------
    def rules_pages(self) -> list[str]:
        """A few short Markdown pages explaining the title (for `/game rules`)."""
        return [self.blurb or self.name]

    def board_text(self, view: Any) -> str | None:
        """The public part of `view` (from `view(state, seat)`) as plain structured text for a
        screen reader (`/game board text:on`): Markdown headings and short list lines read in
        order, names spelled out, no drawing with characters. Built from the view alone, so it
        shows nothing the view hides; None when the title offers no text board."""
        return None

    def hand_text(self, view: Any) -> str | None:
        """The viewing seat's own hidden part of `view` (its hand, its plan) as structured text
        like `board_text` (`/game hand text:on`); None when the view holds nothing private."""
        return None

    def alt_text(self, view: Any, part: str = "board") -> str:
        """The alt text of an image drawn from `view` (Discord's attachment description, at most
        1,024 characters: `engine.text_board.alt_text`). `part` is what the image shows: "board"
        (the table, from the public view), "area:<seat>" (one seat's area of it) or "hand" (the
        viewing seat's own hand, from its view). Built from the view alone, like the image: the
        title, round and phase, who acts, what just changed, the scores; a board's never reads
        the viewer's private part. Titles override this short default."""
        return f"{self.name}: your hand." if part == "hand" else f"{self.name} board."

    def private_text(self, state: S, seat: int) -> str | None:
        """That seat's hidden information in words (their hand), or None if it has none."""
        return None

    def seat_label(self, state: S, seat: int) -> str:
        """How the game calls a seat (a colour, a company)."""
        return f"Seat {seat + 1}"

    def status_line(self, state: S) -> str:
        """One line: round, phase, whose turn."""
        return ""

    def secret_decision(self, state: S, seat: int) -> str:
        """What `seat`'s part of the simultaneous secret decision under way in `state` is called
        ("plan", "bid"): undo refuses to take one back with "Your plan is confirmed: ..."."""
        return "choice"

    # ---- automatic player -----------------------------------------------------------------
    def bot_choice(self, state: S, seat: int, rng: Rng) -> str:
        """The automatic player's complete move (never a step): seeded random walk through the
        menus unless a title does better."""
        return random_move(self, state, seat, rng)

    def default_move(self, state: S, seat: int) -> str:
        """The title's *default decision* for `seat` now: a complete move (never a step) that
        `apply` accepts, used by the host when a seat's clock runs out and the game's timeout
        policy is "default". Deterministic: the same state and seat give the same move.

        Titles override it with their rules' forced defaults. This base default is
        `first_move`: the first complete move reached by taking the first non-BACK choice at
        each menu level (backtracking past a step whose menu offers nothing). Raise
        IllegalAction when `seat` has nothing to decide."""
        return first_move(self, state, seat)

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


def sealed(before: Sequence[Prompt], seat: int) -> bool:
    """Is `seat`'s move, made among the prompts `before`, its part of a simultaneous secret
    decision (a plan, a sealed bid)? Confirming one is final: the others decide knowing it is
    made, and taking it back would let a seat change a choice it has committed to."""
    mine = next((p for p in before if p.seat == seat), None)
    return mine is not None and mine.secret and len(before) > 1


def undoable(
    before: Sequence[Prompt], seat: int, events: Sequence[Event], deciding: Sequence[int]
) -> bool:
    """May `seat` take back its own move by undo? `before`: the prompts it was made among;
    `events`: what it did; `deciding`: the seats deciding after it. Never across a barrier (a
    draw, a reveal), never once it changed who else decides, never a sealed move (`sealed`)."""
    if any(e.barrier for e in events) or sealed(before, seat):
        return False
    return {p.seat for p in before} - {seat} == set(deciding) - {seat}


#: A menu path longer than this is a title bug (a loop of steps), not a move.
MAX_DRAFT_STEPS = 32


def same_position(title: Title, replayed: Any, stored: Any) -> bool:
    """Whether a state replayed from a game's log is the one stored for it: equal encodings,
    or equal once the title's display-only logs (`Title.shown_logs`) are set aside where the
    stored state has none (it was saved before the title kept them)."""
    if title.encode(replayed) == title.encode(stored):
        return True
    names = [n for n in title.shown_logs if not getattr(stored, n, None)]
    if not names:
        return False
    blank = msgspec.structs.replace(replayed, **{n: [] for n in names})
    return title.encode(blank) == title.encode(stored)


def random_move(title: Title, state: Any, seat: int, rng: Rng) -> str:
    """A complete move built by random steps (never backwards) from an empty draft."""
    draft: tuple[str, ...] = ()
    for _ in range(MAX_DRAFT_STEPS):
        prompt = title.choices(state, seat, draft)
        if prompt is None:
            raise IllegalAction("It is not this seat's decision.")
        options = [c for c in prompt.choices if c.id != BACK]
        if not options:
            raise IllegalAction("This menu has nothing to choose.")
        pick = rng.choice(options)
        if not pick.step:
            return pick.id
        draft = (*draft, pick.id)
    raise IllegalAction("This menu never ends in a move.")


def first_move(title: Title, state: Any, seat: int) -> str:
    """The first complete move of the menu tree in listing order (never BACK): at each menu
    the first choice that is a move, or a step that leads to one; depth-first, so a step whose
    sub-menus offer no move is skipped for the next choice. Deterministic."""
    if title.choices(state, seat, ()) is None:
        raise IllegalAction("It is not this seat's decision.")

    def walk(draft: tuple[str, ...]) -> str | None:
        if len(draft) > MAX_DRAFT_STEPS:
            raise IllegalAction("This menu never ends in a move.")
        try:
            prompt = title.choices(state, seat, draft)
        except IllegalAction:
            return None
        for c in prompt.choices if prompt is not None else []:
            if c.id == BACK:
                continue
            if not c.step:
                return c.id
            found = walk((*draft, c.id))
            if found is not None:
                return found
        return None

    move = walk(())
    if move is None:
        raise IllegalAction("This menu has no complete move.")
    return move


#: Joins the moves of a *chain*: one choice that makes several moves of the same seat one
#: after the other ("fund&stop"), offered where a common sequence would otherwise take one
#: press per move. The parts are applied in order, each as if chosen alone; the chain is
#: logged as one move. A title accepts only the chains its menus offer.
CHAIN = "&"
#: A part made several times in a row is written once with its count: "do:cotton~3".
REPEAT = "~"


def chain_id(*moves: str) -> str:
    return CHAIN.join(moves)


def chain_parts(move: str) -> list[str]:
    """The single moves a chain id stands for, in order ("a&b~2" -> [a, b, b]); a plain move is
    a chain of one. IllegalAction for an id no chain is spelled like."""
    out: list[str] = []
    for part in move.split(CHAIN):
        single, mark, times = part.partition(REPEAT)
        if not single or (mark and not (times.isdigit() and 2 <= int(times) <= 9)):
            raise IllegalAction(f"{move!r} is not a move.")
        out += [single] * (int(times) if mark else 1)
    return out


def next_draft(draft: tuple[str, ...], choice: Choice) -> tuple[str, ...]:
    """The draft after taking step `choice`."""
    return draft[:-1] if choice.id == BACK else (*draft, choice.id)
