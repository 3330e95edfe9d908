"""The Bazaar title: the engine contract (engine.core.Title) over the modules beside it. Each
method hands over to the module of its role (docs/adding-a-title.md)."""

from __future__ import annotations

from engine.core import Event, OptionSpec, Prompt, Result, Title
from engine.rng import Rng
from tests.titles.bazaar import moves, prompts, rules_text, scoring, setup, viewer
from tests.titles.bazaar.bot import player
from tests.titles.bazaar.data import ROUNDS_CHOICES
from tests.titles.bazaar.names import seat_name
from tests.titles.bazaar.state import BazaarState, current
from tests.titles.bazaar.view import BazaarView


class Bazaar(Title[BazaarState]):
    slug = "bazaar"
    name = "Bazaar"
    min_seats = 2
    max_seats = 4
    rules_version = "1"
    hidden_hands = True
    state_type = BazaarState
    blurb = "Test title: bid for turn order, sell goods at the market stalls."
    options = [
        OptionSpec("rounds", "How many rounds the game lasts", "3", list(ROUNDS_CHOICES)),
    ]

    # ---- rules ------------------------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, str]) -> BazaarState:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Bazaar needs 2-4 seats, not {seats}")
        return setup.new_game(seed, seats, options)

    def current(self, state: BazaarState) -> int | None:
        return current(state)

    def prompts(self, state: BazaarState) -> list[Prompt]:
        return prompts.prompts(state)

    def choices(self, state: BazaarState, seat: int, draft: tuple[str, ...] = ()) -> Prompt | None:
        return prompts.choices(state, seat, tuple(draft))

    def apply(self, state: BazaarState, seat: int, choice_id: str) -> list[Event]:
        return moves.apply(state, seat, choice_id)

    def result(self, state: BazaarState) -> Result | None:
        return scoring.result(state)

    # ---- views ------------------------------------------------------------------------------
    def view(self, state: BazaarState, seat: int | None) -> BazaarView:
        return viewer.build(state, seat)

    def redeal(self, state: BazaarState, seat: int | None, rng: Rng) -> BazaarState:
        return viewer.redeal(state, seat, rng)

    def status_line(self, state: BazaarState) -> str:
        return viewer.status_line(state)

    def private_text(self, state: BazaarState, seat: int) -> str | None:
        return viewer.private_text(state, seat)

    def seat_label(self, state: BazaarState, seat: int) -> str:
        return seat_name(seat)

    def secret_decision(self, state: BazaarState, seat: int) -> str:
        return "bid"

    def rules_pages(self) -> list[str]:
        return rules_text.rules_pages()

    # ---- automatic player ---------------------------------------------------------------------
    def default_move(self, state: BazaarState, seat: int) -> str:
        return prompts.default_move(state, seat)

    def bot_choice(self, state: BazaarState, seat: int, rng: Rng) -> str:
        return player.choose(state, seat, rng)


TITLE = Bazaar()
