"""The title's default decision (`Title.default_move`, host timeout policy "default"): R184 as
amended by R189/R205, delegated to `prompts.default_choice`."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.mombasa import TITLE, planning, prompts
from tests.engine.mombasa.mb_flow_helpers import planning_state


def test_R184_default_starting_tile_is_the_first_dealt() -> None:
    st = TITLE.setup(3, 3, {})
    for seat in range(3):
        assert TITLE.default_move(st, seat) == "start:0" == prompts.default_choice(st, seat)
    TITLE.apply(st, 0, TITLE.default_move(st, 0))
    with pytest.raises(IllegalAction):
        TITLE.default_move(st, 0)  # already chosen


def test_R189_R205_default_planning_is_the_automatic_players_plan() -> None:
    st = planning_state()
    move = TITLE.default_move(st, 0)
    assert move == planning.auto_plan(st, 0) == prompts.default_choice(st, 0)
    TITLE.apply(st, 0, move)
