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
