"""Games recorded under rules version 1 (menu steps logged as moves) upgrade to version 2: the
rewritten record replays to exactly the state the old one reached. The fixtures were recorded
with the version-1 engines (random and automatic players, menus and "back" included)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import registry
from engine.core import BACK, IllegalAction, same_position

FIXTURES = sorted((Path(__file__).parents[1] / "fixtures" / "rules_v1").glob("*.json"))


def _load(path: Path) -> dict:
    registry.load_builtin()
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_version_1_records_upgrade_and_replay_to_the_same_state(path: Path) -> None:
    game = _load(path)
    title = registry.get(game["title"])
    assert title is not None and game["rules_version"] == "1" != title.rules_version
    moves = [(seat, cid) for seat, cid in game["moves"]]
    scratch = title.setup(game["seed"], game["seats"], game["options"])
    upgraded = title.upgrade_log("1", scratch, moves)
    assert upgraded is not None and len(upgraded) < len(moves)
    assert all(not cid.startswith(">") and cid != BACK for _, cid in upgraded)
    state = title.setup(game["seed"], game["seats"], game["options"])
    for seat, cid in upgraded:
        title.apply(state, seat, cid)
    old = title.decode(game["state"])  # fields version 2 dropped are ignored
    assert same_position(title, state, old)  # (its banner log kept since then aside)
    assert same_position(title, scratch, old)


@pytest.mark.parametrize("slug", ["tidewater", "benares"])
def test_an_unknown_rules_version_is_not_upgraded(slug: str) -> None:
    registry.load_builtin()
    title = registry.get(slug)
    assert title is not None
    assert title.upgrade_log("0", title.setup(1, 2, {}), []) is None


def test_version_1_steps_are_refused_by_version_2() -> None:
    game = _load(FIXTURES[0])
    title = registry.get(game["title"])
    assert title is not None
    state = title.setup(game["seed"], game["seats"], game["options"])
    with pytest.raises(IllegalAction):
        for seat, cid in game["moves"]:
            title.apply(state, seat, cid)
