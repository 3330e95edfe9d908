"""A draft remembers the menu its steps lead to: at the game version it was worked out at,
the next press finds it without asking the rules again; at any other version (the game moved
on) it is worked out anew, and a draft whose start is gone starts over."""

from __future__ import annotations

from typing import Any

from bot.service.drafts import Drafts
from engine.core import next_draft
from tests.titles.bazaar import TITLE


class Counting:
    """The test title, counting its menu calls."""

    def __init__(self) -> None:
        self.calls = 0

    def choices(self, state: Any, seat: int, draft: tuple[str, ...] = ()) -> Any:
        self.calls += 1
        return TITLE.choices(state, seat, draft)


def _draft_kept_at_version_5():
    """A seat's bid amount picked (a one-step draft), kept with its menu at version 5."""
    state = TITLE.setup(7, 2, {o.name: o.default for o in TITLE.options})
    top = TITLE.choices(state, 0, ())
    pick = next(c for c in top.choices if c.id.startswith("pick:"))
    steps = next_draft((), pick)
    menu = TITLE.choices(state, 0, steps)
    drafts = Drafts()
    drafts.set(1, 0, top, steps, menu, version=5)
    return state, top, steps, menu, drafts


def test_a_drafts_menu_at_its_version_asks_the_rules_nothing():
    state, top, steps, menu, drafts = _draft_kept_at_version_5()
    rules = Counting()
    here = drafts.position(rules, state, 1, 0, [top], version=5)
    assert here is not None and here.prompt == menu and here.steps == steps
    assert rules.calls == 0


def test_at_another_version_the_menu_is_worked_out_anew():
    state, top, _, menu, drafts = _draft_kept_at_version_5()
    rules = Counting()
    here = drafts.position(rules, state, 1, 0, [top], version=6)
    assert here is not None and here.prompt == menu and not here.reset
    assert rules.calls == 1
    # The game moved on and the seat's top-level menu is another one: the draft starts over.
    other = TITLE.choices(state, 1, ())
    assert other is not None
    other = type(other)(seat=0, text=other.text + " (later)", choices=other.choices)
    here = drafts.position(rules, state, 1, 0, [other], version=7)
    assert here is not None and here.reset and here.steps == ()
