"""The heuristic automatic player of Mombasa (R189, R194).

It decides from its own seat's knowledge only (R194): an action starts from `_seen(st, seat)`,
a copy of the state in which everything the seat cannot see (other hands, the deck order, the
book supplies, other seats' unrevealed plans and tile faces, the starting tiles dealt to others)
is replaced by a canonical arrangement that depends only on what the seat sees. (The starting
tile, the plan and the discard pile read only the seat's own cards, tiles and tracks and public
values, so they read the state itself: tests/engine/mombasa/test_mb_bot_fast.py checks they
choose as on `_seen`.) Moves are then tried on copies of that state and the resulting positions
are scored by `evaluate`, a cheap estimate of the seat's final score: cash + shares x projected share value (part credit for the
way to the next share icon) + diamond / bookkeeping track values + the potential of books placed
ahead of the ink jar, unlocked slots, track bonuses and owned cards; minus a part of what the
opponents' shares gain.

* starting tile: the face that locks the fewest units into the discard piles;
* planning: greedy, card by card, by the marginal worth of the plan (goods of one kind together,
  expansion when a company is worth expanding, bookkeepers and diamond merchants when they pay;
  share cards are never planned); a held tile shows the face the plan uses most;
* action: complete candidate moves per action, each applied to a copy and scored (goods: every
  selection x purchase pre-scored, the units split over the tracks by a small knapsack over
  per-track values, the best two tried; expand: per company a greedy chain of posts, every prefix
  a candidate; bookkeeper: book picks for the first face-up bookkeeper, the farthest ink
  targets; bonus markers: every free space with its best arguments pre-scored, the best four
  tried, but a tile space, which leaves the score as it was; diamond merchant: as offered); the best move if it gains anything, else pass. A move
  that would draw from a hidden book supply (an empty display row refilled mid-move) is never
  chosen: its book picks cannot be known from the seat's view;
* discard pile: the one whose cards are worth most.

Deterministic: no randomness is needed at all (the rng is accepted for the interface).

The parts: `evaluation`, `candidates` (candidate moves of the action phase),
`plan` (planning); this module holds the seat's knowledge and the other decisions.
"""

from __future__ import annotations

import msgspec

from engine.core import IllegalAction
from engine.mombasa import prompts, rounds
from engine.mombasa.bot.candidates import (
    action_move,
    bonus_moves,
    bookkeeper_moves,
    expand_moves,
    goods_moves,
)
from engine.mombasa.bot.evaluation import GROWTH, OPP_WEIGHT, Ctx, card_worth, evaluate
from engine.mombasa.bot.plan import plan_move
from engine.mombasa.data import data
from engine.mombasa.hidden import rearrange_hidden_cards
from engine.mombasa.state import Plan, Player, StartDeal, State
from engine.rng import Rng

__all__ = [
    "Ctx",
    "GROWTH",
    "OPP_WEIGHT",
    "action_move",
    "bonus_moves",
    "bookkeeper_moves",
    "card_worth",
    "choose",
    "evaluate",
    "expand_moves",
    "goods_moves",
    "pile_move",
    "plan_move",
    "start_move",
]  # the names of the parts, re-exported


# ---- R194: the state as this seat knows it --------------------------------------------------------
_copy_player = Player.__copy__  # type: ignore[attr-defined]  # msgspec defines it; its stubs do not


def _seen(st: State, seat: int) -> State:
    """A copy in which all the seat cannot see is canonical (a function of what it sees): the
    cards hidden from it (deck + other hands) are redistributed in sorted order within each card
    letter, the book supplies sorted, others' plans emptied, the rng reset.

    Only what this changes is new: the rest (the seat's own player, the others' other lists,
    the board) is shared with `st`. The decision only reads it: its trials copy what they
    change (`clone(st, seat)`); tests/engine/mombasa/test_mb_bot_fast.py checks a decision
    leaves `st` as it was."""
    d = data()
    others = [s for s in range(st.seats) if s != seat]
    new = msgspec.structs.replace(
        st,
        players=[_copy_player(p) for p in st.players],
        deck=list(st.deck),
        book_supply={k: sorted(v) for k, v in st.book_supply.items()},
        rng=Rng.from_seed(0),
    )
    for s in others:
        p = new.players[s]
        p.hand = list(p.hand)
        if p.plan.confirmed:
            p.plan = Plan(confirmed=True)
    rearrange_hidden_cards(new, others, sorted)
    if new.phase == "start_tiles":
        mine = {t.tile for t in new.players[seat].start_deal}
        pool = sorted(t.tile for t in d.start_tiles if t.tile not in mine)
        for s in others:
            p = new.players[s]
            p.start_deal = [StartDeal(pool.pop(0), "a") for _ in range(2)]
            if p.start_choice >= 0:
                p.start_choice = 0
    return new


# ---- the other decisions ----------------------------------------------------------------------------
def start_move(st: State, seat: int) -> str:
    d = data()
    best = 0
    best_v = None
    for i, deal in enumerate(st.players[seat].start_deal):
        tile = next(t for t in d.start_tiles if t.tile == deal.tile)
        face = tile.faces[deal.face]
        locked = sum(card_worth(c) for c in face.lock)
        v = -locked
        if best_v is None or v > best_v + 1e-9:
            best, best_v = i, v
    return f"start:{best}"


def pile_move(st: State, seat: int) -> str:
    piles = st.players[seat].piles
    best = max(
        rounds.pile_choices(st, seat),
        key=lambda n: (sum(card_worth(c) for c in piles[n - 1]), -n),
    )
    return f"pile:{best}"


def choose(st: State, seat: int, rng: Rng) -> str:
    """The automatic player's complete move for `seat` (which must be deciding now)."""
    del rng  # the heuristic is deterministic
    if not prompts.is_deciding(st, seat):
        raise IllegalAction("It is not this seat's decision.")
    if st.phase == "start_tiles":
        return start_move(st, seat)
    if st.phase == "planning":
        return plan_move(st, seat)
    if st.phase == "preparation":
        return pile_move(st, seat)
    return action_move(_seen(st, seat), seat)
