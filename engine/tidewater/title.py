"""The Tidewater Lines title: the engine contract (engine.core.Title) over the rule modules."""

from __future__ import annotations

from typing import ClassVar

from engine.core import Event, IllegalAction, OptionSpec, Prompt, Result, Title
from engine.rng import Rng
from engine.tidewater import moves, prompts, rules_text, scoring, text_board, upgrade, viewer
from engine.tidewater.bot import player
from engine.tidewater.data import VARIANT_OPTIONS, raw_data, rules_for
from engine.tidewater.names import credits
from engine.tidewater.setup import new_game
from engine.tidewater.state import State
from engine.tidewater.view import TidewaterView


def _options() -> list[OptionSpec]:
    v = raw_data()["variants"]
    fee, short = v["V1_terminal_fee"]["fee"], v["V2_short_game"]
    texts = {  # numbers from the data, never literals (spec section 0.2)
        "terminal_fee": f"V1: a ship loading another line's containers pays that line "
        f"{credits(fee)}",
        "short_game": f"V2: {short['steps_per_round']} steps per round, halfway at step "
        f"{short['halfway_step']}",
        "open_operations": "V3: anyone may load, place points and operate any ship",
    }
    return [
        OptionSpec(
            name=name,
            description=texts[name],
            default="on" if v[key]["enabled"] else "off",
            choices=["off", "on"],
        )
        for name, key in VARIANT_OPTIONS.items()
    ]


class Tidewater(Title[State]):
    slug: ClassVar[str] = "tidewater"
    name: ClassVar[str] = "Tidewater Lines"
    min_seats: ClassVar[int] = rules_for(()).min_players
    max_seats: ClassVar[int] = rules_for(()).max_players
    rules_version: ClassVar[str] = "2"  # 2: menu navigation is a draft, not a move
    shown_logs: ClassVar[tuple[str, ...]] = ("recent",)
    state_type: ClassVar[type] = State
    options: ClassVar[list[OptionSpec]] = _options()
    blurb: ClassVar[str] = (
        "Invest in four container lines, race along a circular Time Track, build sea routes, "
        "ship containers to market and pay yourself wages and dividends. "
        f"{rules_for(()).min_players}-{rules_for(()).max_players} players, "
        f"{rules_for(()).rounds} rounds."
    )

    def setup(self, seed: int, seats: int, options: dict[str, str]) -> State:
        variants = []
        for spec in self.options:
            if options.get(spec.name, spec.default) == "on":
                variants.append(VARIANT_OPTIONS[spec.name])
        return new_game(seed, seats, variants)

    def prompts(self, state: State) -> list[Prompt]:
        return prompts.prompts(state)

    def deciding(self, state: State) -> list[int]:
        return prompts.deciding(state)

    def choices(self, state: State, seat: int, draft: tuple[str, ...] = ()) -> Prompt | None:
        return prompts.choices(state, seat, tuple(draft))

    def apply(self, state: State, seat: int, choice_id: str) -> list[Event]:
        return moves.apply(state, seat, choice_id)

    def upgrade_log(
        self, rules_version: str, state: State, moves: list[tuple[int, str]]
    ) -> list[tuple[int, str]] | None:
        return upgrade.upgrade_log(rules_version, state, moves)

    def view(self, state: State, seat: int | None) -> TidewaterView:
        return viewer.build_view(state, seat)

    def result(self, state: State) -> Result | None:
        return scoring.result(state)

    def rules_pages(self) -> list[str]:
        return list(rules_text.RULES_PAGES)

    def status_line(self, state: State) -> str:
        return viewer.status_line(state)

    def seat_label(self, state: State, seat: int) -> str:
        return f"Seat {seat + 1}"

    def board_text(self, view: TidewaterView) -> str:
        return text_board.board_text(view)

    def alt_text(self, view: TidewaterView, part: str = "board") -> str:
        if part == "hand":  # (nothing is hidden: no hand image is drawn)
            return super().alt_text(view, part)
        area = int(part.removeprefix("area:")) if part.startswith("area:") else None
        return text_board.board_alt(view, area)

    def private_text(self, state: State, seat: int) -> str | None:
        return None  # no hidden information except the bag order

    def bot_choice(self, state: State, seat: int, rng: Rng) -> str:
        return player.bot_choice(state, seat, rng)

    def default_move(self, state: State, seat: int) -> str:
        """R122 (section 18, policy `bot_defaults` in data): an active player who may stop,
        stops; one who may not takes Funding; in a Start window, `done`; a CEO's dividend
        prompt, the highest affordable dividend."""
        if self.prompt_for(state, seat) is None:
            raise IllegalAction("It is not this seat's decision.")
        return player.timeout_choice(state, seat)


TITLE = Tidewater()
