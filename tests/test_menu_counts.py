"""bench/menu_counts.py counts what a person presses: one press per menu on the way to a move,
"Decide privately" first for a private decision, "More choices…" for an entry on a later page."""

from __future__ import annotations

from bench import menu_counts
from engine.core import Choice
from tests.titles.bazaar import TITLE as BAZAAR


def test_more_choices_presses_only_past_what_one_message_shows() -> None:
    choices = [Choice(f"c{n}", f"Choice {n}") for n in range(130)]
    assert menu_counts.more_presses(choices[:5], 4) == 0
    assert menu_counts.more_presses(choices, 0) == 0
    assert menu_counts.more_presses(choices, 74) == 0  # three selects of 25 and "More…"
    assert menu_counts.more_presses(choices, 75) == 3  # (the page it continues from)


def test_a_private_decision_costs_the_decide_privately_press() -> None:
    game = menu_counts.play(BAZAAR, 1, 3, depth=8)
    assert game.unreachable == 0 and game.menus
    extra = [p - m for p, m in zip(game.presses, game.menus, strict=True)]
    # every Bazaar decision is private (sealed bids; turns shown from the hand): one press more
    assert set(extra) == {1}
    assert max(game.menus) > 1  # (a sale is two menus)
    lines = menu_counts.report(BAZAAR, 2, 3, 8)
    assert lines[1].startswith("  presses per move: mean ")


def test_a_chain_the_menu_offers_is_one_move_of_the_presses_of_its_path() -> None:
    """Tidewater offers "Funding, then stop" (engine.core.CHAIN): where the automatic player
    funds and then stops, a person takes the chain: one move, one press. The game played is
    the same (the same moves of the automatic player), every move is reached."""
    from engine.rng import Rng
    from engine.tidewater import TITLE as TIDEWATER

    game = menu_counts.play(TIDEWATER, 1, 3, depth=8)
    state, rng, moves, pairs = TIDEWATER.setup(1, 3, {}), Rng.from_seed(1), [], 0
    while prompts := TIDEWATER.prompts(state):
        seat = prompts[0].seat
        move = TIDEWATER.bot_choice(state, seat, rng)
        pairs += bool(moves) and moves[-1] == (seat, "fund") and move in ("stop", "fund")
        moves.append((seat, move))
        TIDEWATER.apply(state, seat, move)
    assert game.unreachable == 0 and game.parts == len(moves)
    assert pairs > 10 and len(game.presses) < len(moves)  # chains counted as one move
    assert len(game.presses) >= len(moves) - pairs  # a chain covers two moves, never more
    assert sum(game.presses) == sum(game.menus)  # no private decision, no "More choices…"
