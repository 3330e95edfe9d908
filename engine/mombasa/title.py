"""The Mombasa title: the engine contract (engine.core.Title) over the rule modules (see
NOTES.md for the module map)."""

from __future__ import annotations

from typing import Any

from engine.core import BACK, Event, IllegalAction, OptionSpec, Prompt, Result, Title
from engine.mombasa import (
    highlight,
    moves,
    names,
    prompts,
    recent,
    rounds,
    rules_text,
    scoring,
    setup,
    text,
    text_board,
)
from engine.mombasa.data import data
from engine.mombasa.hidden import rearrange_hidden_cards
from engine.mombasa.state import Plan, StartDeal, State, clone
from engine.rng import Rng


class Mombasa(Title[State]):
    slug = "mombasa"
    name = "Mombasa"
    min_seats = 2
    max_seats = 4
    rules_version = "1"
    hidden_hands = True
    state_type = State
    shown_logs = ("recent",)
    blurb = (
        "Invest in four chartered companies across Africa: plan your cards in secret, then trade, "
        "expand, keep books and deal in diamonds over 7 rounds."
    )
    options = [
        OptionSpec(
            "tracks",
            "Track deal: random, fixed (A1,B1,C1,D1) or sides for Mombasa, Cape Town, "
            "Saint-Louis, Cairo",
            "random",
            ["random", "fixed"],
            example="A1,B2,C2,D1",
        ),
    ]

    # ---- rules ----------------------------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, str]) -> State:
        opts = {o.name: o.default for o in self.options}
        for k, v in (options or {}).items():
            if k not in opts:
                raise IllegalAction(f"Mombasa has no option {k!r}.")
            opts[k] = v
        return setup.new_game(seed, seats, opts)

    def check_option(self, name: str, value: str) -> str:
        """R199: an explicit track deal, e.g. `A1,B2,C2,D1`."""
        if name != "tracks":
            return super().check_option(name, value)
        sides = setup.parse_tracks_option(value, data())
        return ",".join(sides.values()) if sides else value.strip()

    def prompts(self, state: State) -> list[Prompt]:
        return prompts.prompts(state)

    def deciding(self, state: State) -> list[int]:
        return prompts.deciding(state)

    def choices(self, state: State, seat: int, draft: tuple[str, ...] = ()) -> Prompt | None:
        return prompts.choices(state, seat, tuple(draft))

    def apply(self, state: State, seat: int, choice_id: str) -> list[Event]:
        """Validate and apply one complete move; `last`/`last_text` (the view's highlight and
        log lines of the latest move) are replaced, and the move logged in `recent`, only when
        the move is accepted."""
        if choice_id == BACK:
            raise IllegalAction("'Back' only steps out of a menu; it is not a move.")
        old_last, old_text = state.last, state.last_text
        on_map = recent.before(state)
        before = highlight.snapshot(state)
        state.last, state.last_text = [], []
        try:
            events = moves.apply(state, seat, choice_id)
        except IllegalAction:
            state.last, state.last_text = old_last, old_text
            raise
        state.last = highlight.touched(before, state)  # all the move changed, as the public sees it
        state.last_text = recent.public_lines(events)
        recent.note(state, seat, state.last_text, on_map)
        return events

    def copy(self, state: State) -> State:
        """The serialisation round trip of the default `copy`, built field by field instead
        (`state.clone`, under half the cost; tests/engine/mombasa/test_mb_clone.py)."""
        return clone(state)

    def replay(self, state: State, seat: int, choice_id: str) -> None:
        """`apply` without the highlight (a third of a move's cost): the next `apply` sets
        `last` and `last_text` anew from its own move alone. The move is logged in `recent`
        as `apply` logs it."""
        if choice_id == BACK:
            raise IllegalAction("'Back' only steps out of a menu; it is not a move.")
        state.last, state.last_text = [], []
        on_map = recent.before(state)
        events = moves.apply(state, seat, choice_id)
        recent.note(state, seat, recent.public_lines(events), on_map)

    def view(self, state: State, seat: int | None) -> Any:
        from engine.mombasa import viewer

        return viewer.build(state, seat)

    def result(self, state: State) -> Result | None:
        return scoring.result(state) if state.phase == "over" else None

    def redeal(self, state: State, seat: int | None, rng: Rng) -> State:
        """Everything `seat` cannot see drawn anew (section 2.1): other seats' hands (card for
        card within each card letter, so hand sizes, the deck size and its letter stacking stay),
        the deck order, the book supplies, other seats' unrevealed plans and tile faces, and,
        before everyone has chosen, the starting tiles dealt to the others and their choices."""
        new = self.copy(state)
        d = data()
        others = [s for s in range(new.seats) if s != seat]

        def shuffled(cards: list[str]) -> list[str]:
            rng.shuffle(cards)
            return cards

        rearrange_hidden_cards(new, others, shuffled)
        for pile in new.book_supply.values():
            rng.shuffle(pile)
        for s in others:
            p = new.players[s]
            if new.phase == "planning" and p.plan.confirmed:
                picks = list(p.hand)
                rng.shuffle(picks)
                slots = [""] * 5
                for n in sorted(p.unlocked):
                    slots[n - 1] = picks.pop() if picks and rng.below(2) else ""
                face = rng.below(2) if rounds.tile_to_place(new, s) else -1
                p.plan = Plan(slots=slots, tile_face=face, confirmed=True)
        if new.phase == "start_tiles":
            mine = {t.tile for t in new.players[seat].start_deal} if seat is not None else set()
            pool = [t.tile for t in d.start_tiles if t.tile not in mine]
            rng.shuffle(pool)
            for s in others:
                p = new.players[s]
                p.start_deal = [StartDeal(pool.pop(), "ab"[rng.below(2)]) for _ in range(2)]
                if p.start_choice >= 0:
                    p.start_choice = rng.below(2)
        return new

    # ---- presentation ---------------------------------------------------------------------------
    def rules_pages(self) -> list[str]:
        return rules_text.rules_pages()

    def board_text(self, view: Any) -> str:
        return text_board.board_text(view)

    def hand_text(self, view: Any) -> str | None:
        return text_board.hand_text(view)

    def alt_text(self, view: Any, part: str = "board") -> str:
        if part == "hand":
            return text_board.hand_alt(view)
        area = int(part.removeprefix("area:")) if part.startswith("area:") else None
        return text_board.board_alt(view, area)

    def private_text(self, state: State, seat: int) -> str | None:
        """The seat's hand and (before the reveal) its confirmed plan; the starting tiles dealt to
        it while the choice is open."""
        p = state.players[seat]
        if state.phase == "start_tiles":
            deal = "; ".join(text.start_face_text(d.tile, d.face) for d in p.start_deal)
            return f"Your starting tiles to choose from: {deal}. Your hand: {text.cards_text(sorted(p.hand))}."
        if state.phase == "over":
            return None
        hand = sorted(p.hand)
        out = f"Your hand ({names.plural(len(hand), 'card')}): {text.cards_text(hand)}."
        if state.phase == "planning" and p.plan.confirmed:
            out += f" Your confirmed plan: {rounds.plan_text(state, seat, p.plan)}."
        elif state.phase == "planning" and rounds.tile_to_place(state, seat):
            out += f" You must place bonus tile {p.tile} this round."
        return out

    def seat_label(self, state: State, seat: int) -> str:
        return names.player(state, seat)

    def secret_decision(self, state: State, seat: int) -> str:
        """A plan (R193) or, before round 1, the starting tile chosen in secret (R64)."""
        return "plan" if state.phase == "planning" else "starting tile"

    def status_line(self, state: State) -> str:
        n = state.seats
        head = f"Round {state.round} of {data().rounds}"
        if state.phase == "start_tiles":
            done = sum(p.start_choice >= 0 for p in state.players)
            return f"Setup · Starting tiles: {done} of {n} have chosen"
        if state.phase == "planning":
            done = sum(p.plan.confirmed for p in state.players)
            return f"{head} · Planning: {done} of {n} have planned"
        if state.phase == "action":
            return f"{head} · Action phase · {names.player(state, state.turn)} to act"
        if state.phase == "preparation":
            done = sum(p.pile_choice >= 0 for p in state.players)
            return f"{head} · Preparation: {done} of {n} have chosen a pile"
        res = scoring.result(state)
        win = " and ".join(names.player(state, s) for s in res.ranking if res.places[s] == 1)
        return f"Game over · {win} {'wins' if ' and ' not in win else 'share the victory'} with £{res.scores[res.ranking[0]]}"

    # ---- automatic player (R189, R194) ------------------------------------------------------------
    def bot_choice(self, state: State, seat: int, rng: Rng) -> str:
        """The heuristic automatic player (engine/mombasa/bot/player.py): it decides from what its own
        seat may see only (R194) and returns a complete move."""
        from engine.mombasa.bot import player

        return player.choose(state, seat, rng)

    def default_move(self, state: State, seat: int) -> str:
        """The default decision for an absent seat (R184 as amended by R189/R205): the first
        starting tile dealt; the automatic player's plan; the largest pile; pass."""
        return prompts.default_choice(state, seat)


TITLE = Mombasa()
