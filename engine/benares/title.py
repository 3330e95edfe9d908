"""The Benares & Calcutta title: the engine contract (engine.core.Title) over the rule modules."""

from __future__ import annotations

from engine.benares import menus, moves, scoring, text_board, upgrade
from engine.benares.bot import player
from engine.benares.clone import clone
from engine.benares.data import data
from engine.benares.rules_text import PAGES
from engine.benares.setup import new_game
from engine.benares.state import State
from engine.benares.text import card_text, plural, seat_name
from engine.benares.view import BenaresView
from engine.benares.viewer import build, hands_open
from engine.core import Event, IllegalAction, OptionSpec, Prompt, Result, Title
from engine.rng import Rng


def _variant_options() -> list[OptionSpec]:
    v = data().raw["variants"]
    desc = {
        "intertwined_blocks": "House rule: interleave the two actions of a play and pool two Moves",
        "open_hands": "All hands are public",
    }
    return [OptionSpec(k, desc.get(k, k), "on" if v[k] else "off", ["off", "on"]) for k in v]


#: Choice ids that decline an optional decision (section 17.10 `optional_choice: decline`):
#: an action, a Move or Load of an intertwined play, a sale (all goods, or one good's count),
#: an Investment step.
DECLINE = ("decline", "mdecline", "ldone", "sell:none", "n:0", "pass")


class Benares(Title[State]):
    slug = "benares"
    name = "Benares & Calcutta"
    min_seats = 2
    max_seats = 4
    rules_version = "2"  # 2: a card is a step of the play move
    shown_logs = ("recent",)
    hidden_hands = True
    state_type = State
    options = _variant_options()
    blurb = "Ship indigo, silk, cotton and saltpetre down the Ganges in two rounds of card play."

    def setup(self, seed: int, seats: int, options: dict[str, str]) -> State:
        opts = {o.name: o.default for o in self.options}
        for k, v in (options or {}).items():
            spec = next((o for o in self.options if o.name == k), None)
            if spec is None or v not in spec.choices:
                raise IllegalAction(f"Unknown option {k}={v}.")
            opts[k] = v
        return new_game(seed, seats, opts)

    def prompts(self, state: State) -> list[Prompt]:
        if not state.stack:
            return []
        top = state.stack[-1]
        return [
            Prompt(
                top.seat,
                moves.prompt_text(state, top),
                moves.options(state, top),
                secret=top.kind in moves.SECRET,
            )
        ]

    def deciding(self, state: State) -> list[int]:
        return [state.stack[-1].seat] if state.stack else []

    def choices(self, state: State, seat: int, draft: tuple[str, ...] = ()) -> Prompt | None:
        """A turn's card and a sale's per-good counts are steps (see menus.py)."""
        prompt = self.prompt_for(state, seat)
        if prompt is None or not draft:
            return prompt
        return menus.submenu(state, state.stack[-1], tuple(draft))

    def apply(self, state: State, seat: int, choice_id: str) -> list[Event]:
        return moves.apply(state, seat, choice_id)

    def upgrade_log(
        self, rules_version: str, state: State, moves: list[tuple[int, str]]
    ) -> list[tuple[int, str]] | None:
        return upgrade.upgrade_log(rules_version, state, moves)

    def redeal(self, state: State, seat: int | None, rng: Rng) -> State | None:
        """Other seats' hands and the deck order drawn anew (all open with `open_hands`)."""
        new = self.copy(state)
        others = [] if hands_open(new) else [s for s in range(new.seats) if s != seat]
        pool = list(new.deck) + [x for s in others for x in new.companies[s].hand]
        rng.shuffle(pool)
        for s in others:
            size = len(new.companies[s].hand)
            new.companies[s].hand, pool = pool[:size], pool[size:]
        new.deck = pool
        return new

    def copy(self, state: State) -> State:
        """The serialisation round trip of the default `copy`, built field by field instead
        (`clone.clone`; tests/engine/benares/test_bc_clone.py checks they are equal)."""
        return clone(state)

    def view(self, state: State, seat: int | None) -> BenaresView:
        return build(state, seat, self.status_line(state))

    def result(self, state: State) -> Result | None:
        return scoring.result(state)

    def rules_pages(self) -> list[str]:
        return list(PAGES)

    def board_text(self, view: BenaresView) -> str:
        return text_board.board_text(view)

    def hand_text(self, view: BenaresView) -> str | None:
        return text_board.hand_text(view)

    def alt_text(self, view: BenaresView, part: str = "board") -> str:
        if part == "hand":
            return text_board.hand_alt(view)
        area = int(part.removeprefix("area:")) if part.startswith("area:") else None
        return text_board.board_alt(view, area)

    def private_text(self, state: State, seat: int) -> str | None:
        """None before the first deal and once the game is over (no hand to show)."""
        hand = state.companies[seat].hand
        if state.phase in ("boats", "over"):
            return None
        cards = "; ".join(card_text(x) for x in hand)
        if state.phase == "administration":
            if not hand:
                return "You have no unplayed cards this round."
            return f"Your unplayed cards (discarded at the end of the round): {cards}."
        if not hand:
            return "You have played all your cards this round."
        return f"Your hand ({plural(len(hand), 'card')}): {cards}."

    def seat_label(self, state: State, seat: int) -> str:
        return seat_name(seat)

    def status_line(self, state: State) -> str:
        if state.phase == "over":
            res = self.result(state)
            if res:
                win = ", ".join(seat_name(s) for s in res.ranking if res.places[s] == 1)
                return f"Game over. Winner: {win}."
            return "Game over."
        top = state.stack[-1] if state.stack else None
        who = seat_name(top.seat) if top else "nobody"
        if state.phase == "boats":
            return f"Setup: {who} places their boat."
        if state.phase == "action":
            turn = state.turns_taken // state.seats + 1
            spaces = data().game["company_spaces"]
            return f"Round {state.round}, Action phase, turn {turn}/{spaces}: {who} to play."
        return f"Round {state.round}, Administration ({state.step}): {who} to decide."

    def bot_choice(self, state: State, seat: int, rng: Rng) -> str:
        if not state.stack or state.stack[-1].seat != seat:
            raise IllegalAction("It is not this seat's decision.")
        return player.choose(state, seat, rng)

    def default_move(self, state: State, seat: int) -> str:
        """Section 17.10 `default_decisions` (host policy, not a game rule): the boat starts at
        `boat_start`; a turn skips, playing the first card in hand on the lowest-numbered open
        space; an optional choice is declined (an action or repetition, Fleet II, a sale sells
        nothing, an Investment passes, a play's two Moves are not pooled, so the card action
        goes first); a mandatory one takes the first legal option in data order (the order the
        options are listed)."""
        prompt = self.prompt_for(state, seat)
        if prompt is None:
            raise IllegalAction("It is not this seat's decision.")
        top, policy = state.stack[-1], data().raw["default_decisions"]
        if top.kind == "boat":
            return f"boat:{policy['boat_start']}"
        if top.kind == "turn":
            card = state.companies[seat].hand[0]
            return menus.play_id(card, "skip", menus.open_spaces(state, seat)[0])
        ids = [c.id for c in prompt.choices if not c.step]
        declined = next((i for i in DECLINE if i in ids), None)
        if declined is not None:
            return declined
        return "first:card" if "first:card" in ids else ids[0]


TITLE = Benares()
