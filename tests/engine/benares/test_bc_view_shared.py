"""The viewer shares frozen parts between views (cards, board spaces, connections, rewards),
built once: nothing else may be shared, with the state or with another view, so a consumer
changing its view's lists or dicts changes nothing else."""

from __future__ import annotations

import msgspec
import pytest

from engine.benares.view import CardView, ConnectionView, RewardView, SpaceView
from engine.rng import Rng
from tests.engine.benares.bc_helpers import T
from tests.engine.clones import _containers

SHARED = (CardView, SpaceView, ConnectionView, RewardView)


def test_shared_parts_are_frozen() -> None:
    for cls in SHARED:
        assert cls.__struct_config__.frozen, cls.__name__


@pytest.mark.parametrize("options", [{}, {"open_hands": "on"}])
def test_views_share_nothing_mutable(options: dict[str, str]) -> None:
    st = T.setup(5, 3, options)
    rng = Rng.from_seed(5)
    before = T.view(st, 0)
    for _ in range(40):
        seat = T.deciding(st)[0]
        T.apply(st, seat, T.bot_choice(st, seat, rng))
        views = [T.view(st, None), T.view(st, seat)]
        state = _containers(st, (), {})
        for view in views:
            mine = _containers(view, SHARED, {})
            assert not mine.keys() & state.keys()
            assert not mine.keys() & _containers(before, SHARED, {}).keys()
            assert view == msgspec.json.decode(msgspec.json.encode(view), type=type(view))
        before = views[1]
